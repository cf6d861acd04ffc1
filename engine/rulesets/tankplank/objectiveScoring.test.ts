import { describe, expect, it } from 'vitest';
import type { Objective, ScenarioDoc } from '../../format';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { checkLayout } from '../../layout/layoutChecks';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../registry';

const village = (): ScenarioDoc => bundledScenario('tankplank-village');
const scoring = (doc: ScenarioDoc) =>
  checkLayout(doc, BUNDLED_CATALOGS, { rulesets: BUNDLED_RULESETS }).filter(
    (p) => p.check === 'objective-scoring',
  );

describe('Problems: Tankplank objectives that will never be scored are named (#38 walk)', () => {
  it('the village, each side with its own hold-the-zone objective, has none', () => {
    expect(scoring(village())).toEqual([]);
  });
  it('an objective with no owner, or of a kind Tankplank does not score, says what to change', () => {
    const doc = village();
    const [a, b] = doc.objectives as [Objective, Objective];
    const bridge: Objective = { ...a, id: 'bridge', name: 'The bridge', owner: undefined };
    delete (bridge as { owner?: string }).owner;
    const vp: Objective = { ...b, kind: 'vpPerTurn' };
    const p = scoring({ ...doc, objectives: [a, vp, bridge] });
    expect(p.map((x) => [x.severity, x.subjects[0]?.id, x.pointer])).toEqual([
      ['warning', 'objective-b', '/objectives/1'],
      ['warning', 'bridge', '/objectives/2'],
    ]);
    expect(p[0]!.message).toBe(
      `objective "Side B's objective: the south-west paddock" will never be scored: Tankplank scores only each side's own hold-the-zone objective. In the Objectives tab, change its Kind from "VP per turn held" to "hold the zone"`,
    );
    expect(p[1]!.message).toMatch(
      /^objective "The bridge" will never be scored: .* pick the side that holds it as its Owner$/,
    );
  });
  it("a side's second hold-the-zone objective names the one that counts", () => {
    const doc = village();
    const [a, b] = doc.objectives as [Objective, Objective];
    const extra: Objective = { ...a, id: 'church', name: 'The church' };
    const p = scoring({ ...doc, objectives: [a, b, extra] });
    expect(p.map((x) => x.subjects[0]?.id)).toEqual(['objective-a']);
    expect(p[0]!.message).toContain('for Side A (west) that is "The church"');
  });
});
