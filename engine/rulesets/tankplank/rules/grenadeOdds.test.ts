import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { planShot, shotOdds, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { fixtureGame } from './testing';

// Seed 000 L402-423: a grenade lands by the throw table (1 dud, 2-3 two inches short, 4 one inch
// past, 5-6 on target), bursts in a 2" circle treated like a mortar round (men save), and thrown at
// a vehicle it has impact 2. The odds must follow all of that, not stop at "on target".

const thrower: FixtureUnit = {
  side: 'a',
  formation: 'a.sq',
  id: 'g',
  type: 'tp.rifleman',
  role: 'rifleman',
  at: [10, 10],
  facing: 0,
};
const bushes: Feature = {
  id: 'bush',
  kind: 'bushes',
  points: [
    [12.5, 9],
    [14.5, 9],
    [14.5, 11],
    [12.5, 11],
  ],
};
const manInBushes: FixtureUnit = {
  side: 'b',
  formation: 'b.sq',
  id: 't',
  type: 'tp.rifleman',
  role: 'rifleman',
  at: [13, 10],
  facing: 180,
};
const mediumTank: FixtureUnit = {
  side: 'b',
  formation: 'b.tank',
  id: 'tank',
  type: 'tp.mediumTank',
  at: [13, 10],
  facing: 180,
};

function grenadeAt(units: FixtureUnit[], target: string, features: Feature[] = []) {
  const game = fixtureGame({ units, features, phase: 'firing' });
  const plan = planShot(game.ctx, game.state, { unit: 'g', weapon: 'tp.grenade', target });
  if ('refused' in plan) throw new Error(`refused: ${plan.reason}`);
  return { ...game, plan: plan as ShotPlan, odds: shotOdds(game.ctx, plan) };
}

/** The share of the 36 (throw, second die) pairs in which the reducer puts the target out. */
function reducerKillShare(units: FixtureUnit[], target: string, features: Feature[] = []): number {
  const { ctx, state } = fixtureGame({ units, features, phase: 'firing' });
  const reduce = testReducer(ctx);
  let kills = 0;
  for (let a = 1; a <= 6; a++) {
    for (let b = 1; b <= 6; b++) {
      const forced = reduce(state, { type: 'forceDice', rolls: [a, b] });
      if (!forced.ok) throw new Error(forced.reason);
      const thrown = reduce(forced.state, {
        type: 'fire',
        unit: 'g',
        weapon: 'tp.grenade',
        target,
      });
      if (!thrown.ok) throw new Error(thrown.reason);
      const t = thrown.state.units.get(target)!;
      if (t.doomed || !t.alive) kills++;
    }
  }
  return kills / 36;
}

describe('hand-grenade odds follow the throw table, the burst and the saves (TP-13)', () => {
  test('L421: against a medium tank the odds are 0, since impact 2 + d6 never beats front armour 10', () => {
    const { odds } = grenadeAt([thrower, mediumTank], 'tank');
    expect(odds.pKill).toBe(0);
    expect(reducerKillShare([thrower, mediumTank], 'tank')).toBe(0);
  });

  test('L404-419, L239: a man in bushes 3" away is out on 25% (on target or 1" past, then fails a 4+ save)', () => {
    // On target (5, 6) or 1" past (4): the 2" burst covers him; light cover saves on 4+ (TP-14.2).
    // Two inches short (2, 3) leaves him outside the burst; 1 is a dud.
    const { odds } = grenadeAt([thrower, manInBushes], 't', [bushes]);
    expect(odds.pKill).toBeCloseTo(3 / 6 / 2, 12);
    expect(odds.perUnit).toEqual([{ unit: 't', p: expect.closeTo(0.25, 12) }]);
    expect(reducerKillShare([thrower, manInBushes], 't', [bushes])).toBeCloseTo(0.25, 12);
  });

  test('the odds list every man the burst can catch, as a mortar round does (L419)', () => {
    const mate: FixtureUnit = { ...manInBushes, id: 't2', at: [12.2, 10] };
    const { odds } = grenadeAt([thrower, manInBushes, mate], 't', [bushes]);
    // The mate stands in the open 0.8" short of the target: the burst on target (5, 6) covers him;
    // 2" short (11, 10) is 1.2" away and 1" past (14, 10) is 1.8", both outside the 2" circle.
    // In the open he saves on 5+ (L427).
    expect(odds.perUnit.find((u) => u.unit === 't2')?.p).toBeCloseTo((2 / 6) * (4 / 6), 12);
    expect(odds.pKill).toBeCloseTo(0.25, 12);
  });
});
