import { describe, expect, test } from 'vitest';
import { checkForces, composeRulesetCatalog } from '../../forces';
import { bundledScenario } from '../../../scripts/testing/bundled';
import type { ScenarioDoc } from '../../format';
import { replayLog, simulate } from '../../game/simulate';
import { fixtureScenario } from './fixtures';
import { makeTankGame } from './game';
import { tank } from './index';
import type { TankState } from './rules/state';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../registry';

const hills = (): ScenarioDoc => bundledScenario('tank-contour-hills');

const made = (doc: ScenarioDoc) => {
  const m = makeTankGame(doc);
  if (typeof m === 'string') throw new Error(m);
  return m;
};

describe('TANK! as a game', () => {
  test('Contour hills plays bot against bot to its end, and its log replays to the same state', () => {
    const { game } = made(hills());
    const r = simulate(game, { seed: 7, record: true });
    expect(r.stoppedBy).toBe('over');
    expect(r.result?.winner).toMatch(/alpha|bravo|draw/);
    const again = replayLog(game, game.newGame({ seed: 7 }), r.actions);
    expect(again.refused).toEqual([]);
    expect(again.hash).toBe(r.hash);
    // The game got somewhere: shots were fired and units moved.
    const s = r.state;
    expect(Object.values(s.units).some((u) => !u.alive)).toBe(true);
  });

  test.each([[[]], [['optional']], [['costello']]])(
    'with layers %j a small meeting plays bot against bot to its end',
    (layers) => {
      const doc = fixtureScenario({
        layers,
        turnLimit: 8,
        terrain: [
          [7, 5, 'woods'],
          [8, 5, 'woods'],
          [7, 6, 'urban'],
        ],
        levels: [
          [8, 7, 1],
          [9, 7, 2],
          [9, 6, 1],
        ],
        alpha: [
          { id: 'a1', type: 'tank.pzIV', at: [1, 4], facing: 2, platoon: 'ap' },
          { id: 'a2', type: 'tank.pzIV', at: [1, 6], facing: 2, platoon: 'ap' },
          { id: 'a3', type: 'tank.infantrySquad', at: [2, 8] },
        ],
        bravo: [
          { id: 'b1', type: 'tank.t34', at: [14, 4], facing: 5, platoon: 'bp' },
          { id: 'b2', type: 'tank.t34', at: [14, 6], facing: 5, platoon: 'bp' },
          { id: 'b3', type: 'tank.atGun', at: [12, 8], facing: 5 },
        ],
      });
      const { game } = made(doc);
      const r = simulate(game, { seed: 3, record: true });
      expect(r.stoppedBy).toBe('over');
      expect(replayLog(game, game.newGame({ seed: 3 }), r.actions).hash).toBe(r.hash);
    },
  );

  test('plots are secret: the other side sees neither a plot nor that it was taken back', () => {
    const { game } = made(hills());
    let s: TankState = game.newGame({ seed: 1 });
    const r = game.reduce(s, { type: 'plot', unit: 'alpha.pz1', mission: 'MV', path: [[2, 9]] });
    if (!r.ok) throw new Error(r.reason);
    s = r.state;
    const e = r.events[0]!;
    expect(game.eventVisible(e, 'alpha', s)).toBe(true);
    expect(game.eventVisible(e, 'bravo', s)).toBe(false);
    expect(game.eventVisible(e, null, s)).toBe(true);
  });

  test('a plot breaking a rule is refused when it is made, with the rule id', () => {
    const { game } = made(hills());
    const s = game.newGame({ seed: 1 });
    const dummy = game.reduce(s, { type: 'plot', unit: 'alpha.dummy1', mission: 'OF' });
    expect(dummy).toMatchObject({ ok: false, ruleId: 'TC-7.1' });
    const far = game.reduce(s, { type: 'plot', unit: 'alpha.pz1', mission: 'MV', path: [[5, 9]] });
    expect(far).toMatchObject({ ok: false, ruleId: 'OT-G7' });
    const bad = game.reduce(s, { type: 'plot', unit: 'alpha.pz1', mission: 'XX' } as never);
    expect(bad.ok).toBe(false);
  });

  test('the module plays only what it can: a table map is refused', () => {
    const doc = {
      ...hills(),
      map: { kind: 'table', width: 36, height: 36 },
    } as unknown as ScenarioDoc;
    expect(tank.game!(doc)).toMatchObject({ ok: false, reason: expect.stringMatching(/hex map/) });
  });
});

describe('TANK! forces (TC-8)', () => {
  const problems = (doc: ScenarioDoc) =>
    checkForces(
      doc.ruleset,
      doc.forces,
      composeRulesetCatalog(doc.ruleset, BUNDLED_CATALOGS, doc.catalog),
      BUNDLED_RULESETS,
    );
  test('Contour hills has equal budgets and every unit a points value, dummies included', () => {
    expect(problems(hills()).filter((p) => p.severity === 'error')).toEqual([]);
  });
  test('unequal budgets are an error with Costello (TC-8.3)', () => {
    const doc = hills();
    doc.forces.sides[1]!.pointsLimit = 60;
    expect(problems(doc)).toContainEqual(
      expect.objectContaining({ ruleId: 'TC-8.3', severity: 'error' }),
    );
  });
  test('a unit type without points is flagged (TC-8.1)', () => {
    const doc = fixtureScenario({
      layers: ['costello'],
      units: [
        {
          id: 'x.t',
          name: 'Pointless',
          class: 'tank',
          armour: { front: 1, side: 1, rear: 1 },
          speeds: { ma: 1 },
          stats: { apAttack: 1, heAttack: 1, rangeHexes: 1 },
        },
      ],
      alpha: [{ id: 'a', type: 'x.t', at: [1, 1] }],
      bravo: [{ id: 'b', type: 'tank.t34', at: [5, 5] }],
    });
    expect(problems(doc)).toContainEqual(expect.objectContaining({ ruleId: 'TC-8.1' }));
  });
});
