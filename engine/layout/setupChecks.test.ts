import { describe, expect, it } from 'vitest';
import type { Feature, ScenarioDoc } from '../format';
import { newScenario } from '../document/newScenario';
import { applyMissionPreset } from '../forces/missionPresets';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import { checkLayout, type LayoutCheckId } from './layoutChecks';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../rulesets/registry';

const catalogs = [...BUNDLED_CATALOGS];
const of = (doc: ScenarioDoc, check: LayoutCheckId) =>
  checkLayout(doc, catalogs, { rulesets: BUNDLED_RULESETS }).filter((p) => p.check === check);

const rect = (id: string, kind: 'forest' | 'building', x: number, y: number, s = 4): Feature =>
  kind === 'building'
    ? {
        id,
        kind,
        x: x + s / 2,
        y: y + s / 2,
        width: s,
        depth: s,
        buildingKind: 'closed',
        floors: 1,
      }
    : {
        id,
        kind,
        points: [
          [x, y],
          [x + s, y],
          [x + s, y + s],
          [x, y + s],
        ],
      };

/** A TANKS table laid out by the rules: 2 forests, 4 buildings, one Measuring Arrow apart. */
function tanksTable(mission?: string): ScenarioDoc {
  const doc = newScenario({ ruleset: 'tanks', map: { kind: 'table', width: 36, height: 36 } });
  doc.forces.sides = [
    { id: 'us', name: 'Americans', formations: [] },
    { id: 'su', name: 'Soviets', formations: [] },
  ];
  if (doc.map.kind !== 'table') throw new Error('table');
  doc.map.features = [
    rect('forest-1', 'forest', 6, 6),
    rect('forest-2', 'forest', 26, 26),
    rect('b1', 'building', 26, 6),
    rect('b2', 'building', 6, 26),
    rect('b3', 'building', 16, 6),
    rect('b4', 'building', 16, 26),
  ];
  if (!mission) return doc;
  const cat = composeRulesetCatalog(doc.ruleset, catalogs);
  return { ...doc, ...applyMissionPreset(doc, mission, cat, BUNDLED_RULESETS, { attacker: 'us' }) };
}

describe('TANKS terrain set-up (TK-2.2, TK-2.3) from catalog values', () => {
  it('passes with 2 forests and 4 buildings one Measuring Arrow apart', () => {
    const doc = tanksTable();
    expect(checkLayout(doc, catalogs, { rulesets: BUNDLED_RULESETS })).toEqual([]);
  });

  it('terrain-spacing: a piece closer than one arrow (6", a catalog value) to an edge', () => {
    const doc = tanksTable();
    if (doc.map.kind !== 'table') throw new Error('table');
    doc.map.features[0] = rect('forest-1', 'forest', 3, 6);
    const found = of(doc, 'terrain-spacing');
    expect(found.map((p) => p.message)).toEqual([
      expect.stringMatching(
        /forest forest-1 is 3.0" from the table edge; .* 6" \(measuringArrow.totalLength\)/,
      ),
    ]);
    expect(found[0]!.subjects).toEqual([{ kind: 'feature', id: 'forest-1' }]);
  });

  it('terrain-count: a missing building', () => {
    const doc = tanksTable();
    if (doc.map.kind !== 'table') throw new Error('table');
    doc.map.features.pop();
    expect(of(doc, 'terrain-count').map((p) => p.message)).toEqual([
      "the ruleset's set-up asks for 4 building piece(s); the table has 3",
    ]);
  });
});

describe('mission objective placement (TK-9)', () => {
  it('King of the Hill: the token at the centre passes, moved off it fails', () => {
    const doc = tanksTable('tanks.kingOfTheHill');
    expect(of(doc, 'objective-placement')).toEqual([]);
    doc.objectives[0]!.area = { shape: 'point', at: [10, 18] };
    const found = of(doc, 'objective-placement');
    expect(found.map((p) => p.message)).toEqual([
      expect.stringMatching(/objective Hill is 8.0" from the table centre/),
    ]);
    expect(found[0]!.subjects).toEqual([{ kind: 'objective', id: 'objective-centre' }]);
  });

  it("No Retreat: tokens must lie within one arrow of the Defender's edge", () => {
    const doc = tanksTable('tanks.noRetreat');
    expect(of(doc, 'objective-placement')).toEqual([]);
    doc.objectives[1]!.area = { shape: 'point', at: [24, 20] };
    expect(of(doc, 'objective-placement').map((p) => p.message)).toEqual([
      expect.stringMatching(
        /objective Objective 2 is 16.0" from Soviets's south edge; .* within 6"/,
      ),
    ]);
  });

  it('Free-for-All: a token count that differs from the mission', () => {
    const doc = tanksTable('tanks.freeForAll');
    expect(of(doc, 'objective-placement')).toEqual([]);
    doc.objectives.pop();
    expect(of(doc, 'objective-placement').map((p) => p.message)).toEqual([
      'Free-for-All uses 2 objective token(s); the scenario has 1',
    ]);
  });
});

describe('reachability from the entry edge', () => {
  function village(extra: Feature[] = []): ScenarioDoc {
    const doc = newScenario({
      ruleset: 'tankplank',
      map: { kind: 'table', width: 36, height: 24 },
    });
    doc.ruleset.layers = ['BASIC'];
    if (doc.map.kind !== 'table') throw new Error('table');
    doc.map.features = [
      {
        id: 'creek',
        kind: 'creek',
        points: [
          [18, 0],
          [18, 24],
        ],
        width: 3,
        bedDepth: 1,
      },
      ...extra,
    ];
    doc.deployment.entryEdges = [{ id: 'e', side: 'blue', edge: 'west' }];
    doc.forces.sides[0]!.formations = [
      {
        id: 'sq',
        units: [
          { id: 'man', type: 'tp.rifleman', position: [30, 12] },
          { id: 'jeep', type: 'tp.jeep', position: [5, 5] },
        ],
      },
    ];
    return doc;
  }
  const bridge: Feature = {
    id: 'bridge',
    kind: 'bridge',
    points: [
      [15, 11],
      [21, 11],
      [21, 13],
      [15, 13],
    ],
    spans: 'creek',
  };

  it('a rifleman beyond a creek with no crossing is unreachable; a bridge fixes it', () => {
    const found = of(village(), 'unreachable');
    expect(found.map((p) => p.subjects[0]!.id)).toEqual(['man']);
    expect(found[0]!.message).toMatch(/cannot get from its west entry edge/);
    expect(of(village([bridge]), 'unreachable')).toEqual([]);
  });

  it('a unit standing inside a closed building is reported with the building', () => {
    const house: Feature = {
      id: 'house',
      kind: 'building',
      x: 5,
      y: 5,
      width: 3,
      depth: 3,
      buildingKind: 'closed',
      floors: 1,
    };
    const found = of(village([bridge, house]), 'unreachable');
    expect(found.map((p) => p.subjects)).toEqual([
      [
        { kind: 'unit', id: 'jeep' },
        { kind: 'feature', id: 'house' },
      ],
    ]);
  });

  it('a wall impassable to wheeled vehicles fences a jeep in; a gap lets it out', () => {
    const wall = (gap: boolean): Feature => ({
      id: 'wall',
      kind: 'wall',
      points: gap
        ? [
            [10, 0],
            [10, 10],
          ]
        : [
            [10, 0],
            [10, 24],
          ],
    });
    const doc = (gap: boolean) => {
      const d = village([bridge, wall(gap)]);
      d.forces.sides[0]!.formations[0]!.units = [
        { id: 'jeep', type: 'tp.jeep', position: [14, 5] },
      ];
      return d;
    };
    expect(of(doc(false), 'unreachable').map((p) => p.subjects[0]!.id)).toEqual(['jeep']);
    expect(of(doc(true), 'unreachable')).toEqual([]);
  });
});
