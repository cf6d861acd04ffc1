import { describe, expect, test } from 'vitest';
import { planShot, shotOdds } from './fire';
import type { FixtureUnit } from './fixtures';
import type { TankplankState } from './state';
import { fixtureGame } from './testing';

/** A heavy AT gun at (5, 12) facing east, set up long ago, with the given men beside it. */
function battery(crew: { type: string; role: string }[], target: FixtureUnit) {
  const { ctx, state } = fixtureGame({
    units: [
      { side: 'a', formation: 'a.hat', id: 'g', type: 'tp.heavyAtGun', at: [5, 12], facing: 0 },
      ...crew.map((c, k): FixtureUnit => ({
        side: 'a',
        formation: 'a.men',
        id: `c${k}`,
        type: c.type,
        role: c.role,
        at: [4.5, 12.5 + 0.4 * k],
        facing: 0,
      })),
      target,
    ],
    phase: 'firing',
  });
  const s: TankplankState = {
    ...state,
    teamWeapons: {
      ...state.teamWeapons,
      'g:tp.heavyAtGunGun': { setUp: true, setUpTurn: -10, ammo: 6 },
    },
  };
  return { ctx, state: s };
}

const tank = (x: number): FixtureUnit => ({
  side: 'b',
  formation: 'b.t',
  id: 't',
  type: 'tp.mediumTank',
  at: [x, 12],
  facing: 180,
});
const atCrew = { type: 'tp.atCrew', role: 'atCrew' };
const rifleman = { type: 'tp.rifleman', role: 'rifleman' };

describe('heavy AT gun (TP-G16, TP-17.5, TP-16.3)', () => {
  test('it hits as a heavy tank gun: impact 6, +2 at 3" against a medium tank front (10)', () => {
    const { ctx, state } = battery([atCrew, atCrew], tank(8));
    const p = planShot(ctx, state, { unit: 'g', weapon: 'tp.heavyAtGunGun', target: 't' });
    if ('refused' in p) throw new Error(p.reason);
    // 6 + 2 + d6 >= 10: a 2 or better, 5 faces in 6; to hit at 3" (C1) needs 2+ (T4's bands).
    expect(p.penetration).toMatchObject({ armour: 10, impact: 6, rangeModifier: 2, needed: 2 });
    expect(shotOdds(ctx, p).pKill).toBeCloseTo((5 / 6) * (5 / 6), 12);
  });

  test('riflemen cannot serve it, unlike the regular AT gun (TP-16.3)', () => {
    const { ctx, state } = battery([rifleman, rifleman], tank(8));
    const p = planShot(ctx, state, { unit: 'g', weapon: 'tp.heavyAtGunGun', target: 't' });
    expect(p).toMatchObject({ refused: true, ruleId: 'TP-G10' });
  });
});
