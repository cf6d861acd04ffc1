import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../format';
import { validateDefinition } from '../format';
import { newScenario } from '../document/newScenario';
import { applyMissionPreset, missionPresets } from './missionPresets';
import { composeRulesetCatalog } from './rulesetCatalog';
import { checkLayout } from '../layout/layoutChecks';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../rulesets/registry';

function tanksTable(): ScenarioDoc {
  const doc = newScenario({ ruleset: 'tanks', map: { kind: 'table', width: 36, height: 36 } });
  doc.forces.sides = [
    { id: 'us', name: 'Americans', formations: [] },
    { id: 'su', name: 'Soviets', formations: [] },
  ];
  return doc;
}

const apply = (doc: ScenarioDoc, id: string, attacker = 'us'): ScenarioDoc => {
  const cat = composeRulesetCatalog(doc.ruleset, BUNDLED_CATALOGS);
  return { ...doc, ...applyMissionPreset(doc, id, cat, BUNDLED_RULESETS, { attacker }) };
};

const valid = (doc: ScenarioDoc) => {
  for (const o of doc.objectives)
    expect(validateDefinition('objectives.schema.json', 'objective', o)).toEqual([]);
  expect(validateDefinition('objectives.schema.json', 'victory', doc.victory)).toEqual([]);
  expect(validateDefinition('objectives.schema.json', 'deployment', doc.deployment)).toEqual([]);
};

describe('mission presets', () => {
  it('lists the four TANKS missions and the Tankplank village', () => {
    const tanks = composeRulesetCatalog({ id: 'tanks' }, BUNDLED_CATALOGS);
    expect(missionPresets(tanks, BUNDLED_RULESETS).map((m) => m.name)).toEqual([
      'Tank Ace',
      'King of the Hill',
      'Free-for-All',
      'Free-for-All (tokens placed in the game)',
      'No Retreat',
      'No Retreat (tokens placed in the game)',
    ]);
    const tp = composeRulesetCatalog({ id: 'tankplank', layers: ['BASIC'] }, BUNDLED_CATALOGS);
    expect(missionPresets(tp, BUNDLED_RULESETS).map((m) => m.id)).toEqual(['tankplank.village']);
  });

  it('King of the Hill: one token at the centre, 3 VP, no VP on turn 1, edges and strips', () => {
    const doc = apply(tanksTable(), 'tanks.kingOfTheHill');
    valid(doc);
    expect(doc.objectives).toHaveLength(1);
    expect(doc.objectives[0]).toMatchObject({
      area: { shape: 'point', at: [18, 18] },
      vpPerTurn: 1,
      skipFirstTurn: true,
      holders: { classes: ['tank'], excludeEnemy: true },
    });
    expect(doc.victory.conditions[0]).toMatchObject({ kind: 'mostVictoryPoints', points: 3 });
    expect(doc.deployment.entryEdges?.map((e) => [e.side, e.edge])).toEqual([
      ['su', 'south'],
      ['us', 'north'],
    ]);
    expect(doc.deployment.zones?.[0]?.area).toEqual({
      shape: 'edgeStrip',
      edge: 'south',
      depth: 6,
    });
    expect(doc.ruleset.options).toMatchObject({ mission: 'tanks.kingOfTheHill' });
    expect(doc.deployment.attacker).toBe('us');
    expect(
      checkLayout(doc, [...BUNDLED_CATALOGS], { rulesets: BUNDLED_RULESETS }).filter(
        (p) => p.check === 'objective-placement',
      ),
    ).toEqual([]);
  });

  it('Free-for-All: each side scores the token it placed near the enemy edge', () => {
    const doc = apply(tanksTable(), 'tanks.freeForAll');
    valid(doc);
    expect(doc.objectives.map((o) => [o.owner, o.area])).toEqual([
      ['us', { shape: 'point', at: [18, 33] }],
      ['su', { shape: 'point', at: [18, 3] }],
    ]);
  });

  it('Free-for-All and No Retreat with tokens placed in the game: no positions, the checks agree', () => {
    const doc = apply(tanksTable(), 'tanks.freeForAll.inGame');
    valid(doc);
    expect(doc.ruleset.options).toMatchObject({ mission: 'tanks.freeForAll' });
    expect(doc.objectives.map((o) => [o.owner, o.area])).toEqual([
      ['us', undefined],
      ['su', undefined],
    ]);
    expect(
      checkLayout(doc, [...BUNDLED_CATALOGS], { rulesets: BUNDLED_RULESETS }).filter(
        (p) => p.check === 'objective-placement',
      ),
    ).toEqual([]);
    expect(apply(tanksTable(), 'tanks.noRetreat.inGame').objectives).toHaveLength(2);
    expect(() => apply(tanksTable(), 'tanks.kingOfTheHill.inGame')).toThrow(/not in the catalog/);
  });

  it('No Retreat: two Attacker tokens at the Defender edge, turn limit 8, Defender wins at time', () => {
    const doc = apply(tanksTable(), 'tanks.noRetreat');
    valid(doc);
    expect(doc.objectives.every((o) => o.owner === 'us' && !o.skipFirstTurn)).toBe(true);
    expect(doc.victory.turnLimit).toBe(8);
    expect(doc.victory.conditions.at(-1)).toMatchObject({ kind: 'turnLimitReached', side: 'su' });
  });

  it('Tank Ace: no objectives, last side with tanks wins', () => {
    const doc = apply(tanksTable(), 'tanks.tankAce');
    valid(doc);
    expect(doc.objectives).toEqual([]);
    expect(doc.victory.conditions.map((c) => c.kind)).toEqual(['destroyAll', 'destroyAll']);
  });

  it('Tankplank village: hidden objectives within 6" of the far edge, a half-turn apart, held 3 turns with a radioman', () => {
    const doc = newScenario({
      ruleset: 'tankplank',
      map: { kind: 'table', width: 36, height: 24 },
    });
    doc.ruleset.layers = ['BASIC'];
    const out = apply(doc, 'tankplank.village', 'blue');
    valid(out);
    expect(out.objectives[0]).toMatchObject({
      owner: 'blue',
      hidden: true,
      holdTurns: 3,
      area: { shape: 'rect', x: 30, y: 0, width: 6, height: 10 },
      holders: { requiredRoles: [{ role: 'radioman', min: 1 }] },
    });
    // The other side's zone a half-turn away: the other strip, the other end of it.
    expect(out.objectives[1]!.area).toEqual({ shape: 'rect', x: 0, y: 14, width: 6, height: 10 });
    expect(checkLayout(out, [...BUNDLED_CATALOGS], { rulesets: BUNDLED_RULESETS })).toEqual([]);
  });
});
