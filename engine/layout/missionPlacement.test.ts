import { describe, expect, it } from 'vitest';
import { newScenario } from '../document/newScenario';
import type { HexRef, ScenarioDoc } from '../format';
import { checkLayout } from './layoutChecks';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../rulesets/registry';

const catalogs = [...BUNDLED_CATALOGS];
const placement = (doc: ScenarioDoc) =>
  checkLayout(doc, catalogs, { rulesets: BUNDLED_RULESETS })
    .filter((p) => p.check === 'objective-placement')
    .map((p) => p.message);

/** A TANKS mission on a 15 × 11 flat-topped hex map of 1.25" hexes; Red defends the south edge. */
function hexMission(mission: string, objectives: Record<string, HexRef[]>): ScenarioDoc {
  const doc = newScenario({
    ruleset: 'tanks',
    map: {
      kind: 'hex',
      columns: 15,
      rows: 11,
      orientation: 'flat',
      defaultTerrain: 'clear',
      levels: { min: 0, max: 2 },
    },
  });
  doc.ruleset.options = { mission };
  doc.deployment.entryEdges = [
    { id: 'edge-blue', side: 'blue', edge: 'north' },
    { id: 'edge-red', side: 'red', edge: 'south' },
  ];
  doc.objectives = Object.entries(objectives).map(([id, hexes]) => ({
    id,
    name: id,
    kind: 'vpPerTurn',
    owner: 'blue',
    area: { shape: 'hexes', hexes },
  }));
  return doc;
}

describe('mission objective placement on hex maps (TK-9)', () => {
  it('King of the Hill: the objective on the centre hex passes; four hexes west of it fails', () => {
    expect(placement(hexMission('tanks.kingOfTheHill', { Hill: [{ col: 7, row: 5 }] }))).toEqual(
      [],
    );
    // A larger hill that takes in the centre hex is at the centre too.
    expect(
      placement(
        hexMission('tanks.kingOfTheHill', {
          Hill: [
            { col: 6, row: 5 },
            { col: 7, row: 5 },
          ],
        }),
      ),
    ).toEqual([]);
    expect(placement(hexMission('tanks.kingOfTheHill', { Hill: [{ col: 3, row: 5 }] }))).toEqual([
      'King of the Hill: objective Hill is 4 hexes from the centre hex (0806); the mission puts it at the centre',
    ]);
  });

  it("No Retreat: hexes within one arrow of the Defender's edge pass; the far one is named", () => {
    const near = { A: [{ col: 5, row: 9 }], B: [{ col: 10, row: 8 }] };
    expect(placement(hexMission('tanks.noRetreat', near))).toEqual([]);
    const far = {
      A: [{ col: 5, row: 9 }],
      B: [
        { col: 10, row: 8 },
        { col: 10, row: 2 },
      ],
    };
    expect(placement(hexMission('tanks.noRetreat', far))).toEqual([
      expect.stringMatching(
        /^No Retreat: objective B \(hex 1103\) is 11\.3" from Red's south edge; it must lie within 6"/,
      ),
    ]);
  });

  it('an objective drawn as hexes on a table map is an error, not silently ignored', () => {
    const doc = newScenario({ ruleset: 'tanks', map: { kind: 'table', width: 36, height: 36 } });
    doc.objectives = [
      {
        id: 'o',
        name: 'Hill',
        kind: 'vpPerTurn',
        area: { shape: 'hexes', hexes: [{ col: 1, row: 1 }] },
      },
    ];
    doc.deployment.zones = [
      { id: 'z', side: 'blue', area: { shape: 'hexes', hexes: [{ col: 0, row: 0 }] } },
    ];
    expect(
      checkLayout(doc, catalogs, { rulesets: BUNDLED_RULESETS })
        .filter((p) => p.check === 'outside-table')
        .map((p) => p.message),
    ).toEqual([
      'deployment zone z of side blue is a set of hexes, but this is a table map without a hex grid: draw it in inches',
      'objective Hill is a set of hexes, but this is a table map without a hex grid: draw it in inches',
    ]);
  });
});
