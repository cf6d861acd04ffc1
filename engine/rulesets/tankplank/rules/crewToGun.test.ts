import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import type { TestAction } from './testing';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { fixtureGame } from './testing';

const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

/** Side B's armoured car at (8, 6) is knocked out by side A's tank; side B has an AT gun nearby. */
function game(gunCrewAt: [number, number][], gunAt: [number, number] = [11, 3]) {
  const units: FixtureUnit[] = [
    { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
    { side: 'a', formation: 'a.t2', id: 'tank2', type: 'tp.mediumTank', at: [11, 14], facing: 0 },
    { side: 'b', formation: 'b.t', id: 'ac', type: 'tp.armouredCar', at: [8, 6], facing: 180 },
    // Four cars, so losing one (25%) leaves the troop holding on a morale roll of 1.
    ...[2, 3, 4].map((k): FixtureUnit => ({
      side: 'b',
      formation: 'b.t',
      id: `ac${k}`,
      type: 'tp.armouredCar',
      at: [28 + k, 20],
      facing: 180,
    })),
    { side: 'b', formation: 'b.at', id: 'atg', type: 'tp.atGun', at: gunAt, facing: 90 },
    ...gunCrewAt.map((at, k): FixtureUnit => ({
      side: 'b',
      formation: 'b.at',
      id: `atc${k}`,
      type: 'tp.atCrew',
      role: 'atCrew',
      at,
      facing: 180,
    })),
  ];
  const { ctx, state } = fixtureGame({ units, phase: 'firing' });
  const reduce = testReducer(ctx);
  // Hit, penetrate, three crew saves (5, 6, 1), then morale rolls: every unit holds.
  return {
    reduce,
    ...replay(reduce, state, [
      { type: 'forceDice', rolls: [6, 6, 5, 6, 1, 1, 1, 1, 1] },
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', target: 'ac', ammo: 'AP' },
      ...endPhase,
    ]),
  };
}

describe('a bailed-out tank or armoured-car crew goes to an AT gun short of crew (TP-16.6)', () => {
  test('with the gun in sight and no crew at it, the survivors head for the gun', () => {
    const r = game([]);
    const moves = r.events
      .map((e) => e.event)
      .filter((e) => e.type === 'UnitMoved' && e.unit.startsWith('ac.crew'));
    expect(moves.length).toBe(2);
    for (const m of moves) expect(m).toMatchObject({ forced: 'crewToGun', ruleIds: ['TP-16.6'] });
    for (const id of ['ac.crew1', 'ac.crew2']) {
      const at = r.state.units.get(id)!.at!;
      expect(Math.hypot(at[0] - 11, at[1] - 3)).toBeLessThan(2);
    }
  });

  test('once at the gun they stay and serve it: the gun has the crew to fire', () => {
    const first = game([]);
    const later = first.state.units;
    const reduce = first.reduce;
    // Two more turns: nobody leaves the gun.
    let s = first.state;
    for (const a of [...endPhase, ...endPhase, ...endPhase]) {
      const r = reduce(s, a);
      if (!r.ok) throw new Error(r.reason);
      s = r.state;
    }
    for (const id of ['ac.crew1', 'ac.crew2'])
      expect(s.units.get(id)!.at).toEqual(later.get(id)!.at);
    // The gun was dug in and set up before its own crew fell (set-up plays no part here).
    s = {
      ...s,
      teamWeapons: {
        ...s.teamWeapons,
        'atg:tp.atGunGun': { setUp: true, setUpTurn: -10, ammo: 6 },
      },
    };
    const fire = reduce(s, { type: 'fire', unit: 'atg', weapon: 'tp.atGunGun', target: 'tank2' });
    expect(fire.ok ? 'fired' : fire.reason).toBe('fired');
  });

  test('a gun with its full crew at it draws nobody: they go back to their edge as usual', () => {
    const r = game([
      [11.5, 3],
      [11, 3.5],
      [10.5, 3],
    ]);
    const moves = r.events
      .map((e) => e.event)
      .filter((e) => e.type === 'UnitMoved' && e.unit.startsWith('ac.crew'));
    expect(moves.length).toBe(2);
    for (const m of moves) expect(m).toMatchObject({ forced: 'crewToRear', ruleIds: ['TP-16.2'] });
  });
});
