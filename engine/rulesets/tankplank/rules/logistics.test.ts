import { describe, expect, test } from 'vitest';
import type { Unit } from '../../../format';
import type { TankplankEvent } from './actions';
import type { TestAction } from './testing';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { obstructions } from './situation';
import type { TankplankState, WreckState } from './state';
import { fixtureGame } from './testing';

const veh = (
  side: 'a' | 'b',
  id: string,
  type: string,
  at: [number, number],
  facing = side === 'a' ? 0 : 180,
  extra?: Partial<Unit>,
): FixtureUnit => ({
  side,
  formation: `${side}.${id}`,
  id,
  type,
  at,
  facing,
  ...(extra ? { extra } : {}),
});

const wreck = (id: string, type: string, at: [number, number], extra: Partial<WreckState> = {}) =>
  ({
    id: `wreck.${id}`,
    unit: id,
    type,
    side: 'a',
    at,
    facing: 0,
    ammo: {},
    ...extra,
  }) as WreckState;

const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

/** Applies actions one by one; a refused action fails the test with its reason. */
function run(
  reduce: ReturnType<typeof testReducer>,
  state: TankplankState,
  actions: readonly TestAction[],
): { state: TankplankState; events: TankplankEvent[] } {
  let s = state;
  const events: TankplankEvent[] = [];
  for (const a of actions) {
    const r = reduce(s, a);
    if (!r.ok) throw new Error(`${a.type} refused: ${r.reason} (${r.ruleId ?? ''})`);
    s = r.state;
    events.push(...r.events);
  }
  return { state: s, events };
}

/**
 * Side A: a half-track `ht` beside the wreck of a medium tank holding 3 AP + 5 HE, a medium tank
 * `mt` short of ammunition (0 AP, 3 HE) and an armoured car `ac`. Side B: an enemy tank far east.
 */
function supplyGame(options?: Record<string, string>) {
  const { ctx, state } = fixtureGame({
    units: [
      veh('a', 'ht', 'tp.halfTrack', [10, 14]),
      veh('a', 'mt', 'tp.mediumTank', [13, 14], 0, { ammo: { AP: 0, HE: 3 } }),
      veh('a', 'ac', 'tp.armouredCar', [10, 17]),
      veh('a', 'full', 'tp.mediumTank', [7, 14]),
      veh('b', 'e', 'tp.mediumTank', [30, 14]),
    ],
    ...(options ? { options } : {}),
  });
  const s0: TankplankState = {
    ...state,
    wrecks: [wreck('x', 'tp.mediumTank', [10, 12], { ammo: { AP: 3, HE: 5 } })],
  };
  return { ctx, reduce: testReducer(ctx), s0 };
}

describe('recovering and carrying ammunition (TP-17.3a-c, TP-A27)', () => {
  test('a vehicle that cannot use the rounds carries half of them, rounded down', () => {
    const { reduce, s0 } = supplyGame();
    const r = run(reduce, s0, [{ type: 'recoverAmmo', unit: 'ht', wreck: 'wreck.x' }]);
    expect(r.events).toContainEqual(
      expect.objectContaining({
        type: 'AmmoRecovered',
        rounds: { AP: 1, HE: 2 },
        loaded: {},
        carried: { AP: 1, HE: 2 },
      }),
    );
    expect(r.state.units.get('ht')!.carriedAmmo).toEqual([
      { from: 'tp.mediumTank', kind: 'AP', rounds: 1 },
      { from: 'tp.mediumTank', kind: 'HE', rounds: 2 },
    ]);
    expect(r.state.units.get('ht')!.ammo).toEqual(s0.units.get('ht')!.ammo);
    expect(r.state.wrecks[0]!.ammo).toEqual({ AP: 0, HE: 0 });
    // The rest of the turn it neither moves...
    expect(reduce(r.state, { type: 'move', unit: 'ht', path: [[11, 14]] }).ok).toBe(false);
  });

  test('a tank that can use the rounds loads what fits its stowage and carries the rest', () => {
    const { reduce, s0 } = supplyGame();
    const start = {
      ...s0,
      units: s0.units.with('mt', { ...s0.units.get('mt')!, at: [10, 13] as const }),
    };
    const r = run(reduce, start, [{ type: 'recoverAmmo', unit: 'mt', wreck: 'wreck.x' }]);
    // 0 AP + 3 HE aboard, stowage 4 + 4: takes 1 AP and 1 HE, carries the other HE.
    expect(r.state.units.get('mt')!.ammo).toMatchObject({ AP: 1, HE: 4 });
    expect(r.state.units.get('mt')!.carriedAmmo).toEqual([
      { from: 'tp.mediumTank', kind: 'HE', rounds: 1 },
    ]);
  });

  test('the recovering vehicle fires no heavy weapon that turn, though its MGs may fire', () => {
    const { reduce, s0 } = supplyGame();
    const r = run(reduce, s0, [
      { type: 'move', unit: 'full', path: [[7, 10.5]] },
      ...endPhase,
      ...endPhase,
      { type: 'recoverAmmo', unit: 'full', wreck: 'wreck.x' },
      ...endPhase,
    ]);
    expect(r.state.phase).toBe('firing');
    const gun = reduce(r.state, { type: 'fire', unit: 'full', weapon: 'tp.tankGun', target: 'e' });
    expect(gun).toMatchObject({ ok: false, ruleId: 'TP-17.3' });
    expect(!gun.ok && gun.reason).toMatch(/taking ammunition aboard/);
    const hull = reduce(r.state, { type: 'fire', unit: 'full', weapon: 'tp.hullMg', target: 'e' });
    expect(!hull.ok && hull.ruleId === 'TP-17.3').toBe(false);
  });

  test('only a vehicle that has not moved this turn, and never from an enemy wreck', () => {
    const { reduce, s0 } = supplyGame();
    const moved = run(reduce, s0, [{ type: 'move', unit: 'ht', path: [[10, 14.5]] }]).state;
    expect(reduce(moved, { type: 'recoverAmmo', unit: 'ht', wreck: 'wreck.x' })).toMatchObject({
      ok: false,
      ruleId: 'TP-17.3',
    });
    const enemy = { ...s0, wrecks: [{ ...s0.wrecks[0]!, side: 'b' }] };
    expect(reduce(enemy, { type: 'recoverAmmo', unit: 'ht', wreck: 'wreck.x' })).toMatchObject({
      ok: false,
      ruleId: 'TP-17.4',
    });
  });
});

describe('handing ammunition over (TP-17.3c-e, TP-17.5, TP-5.13, TP-A27)', () => {
  const carrying = () => {
    const { reduce, s0, ctx } = supplyGame();
    const r = run(reduce, s0, [
      { type: 'recoverAmmo', unit: 'ht', wreck: 'wreck.x' },
      ...endPhase,
      ...endPhase,
    ]);
    expect(r.state).toMatchObject({ turn: 2, phase: 'movement' });
    return { reduce, ctx, state: r.state };
  };

  test('hands over what the receiver can use, capped at its stowage, for ½ move', () => {
    const { reduce, state } = carrying();
    const r = run(reduce, state, [{ type: 'handAmmo', unit: 'ht', to: 'mt' }]);
    // 1 AP + 2 HE carried; the tank holds 0 AP + 3 HE of 4 + 4: takes 1 AP and 1 HE.
    expect(r.events).toEqual([
      {
        type: 'AmmoHandedOver',
        unit: 'ht',
        to: 'mt',
        rounds: { AP: 1, HE: 1 },
        left: { HE: 1 },
        ruleId: 'TP-17.3',
      },
    ]);
    expect(r.state.units.get('mt')!.ammo).toMatchObject({ AP: 1, HE: 4 });
    expect(r.state.units.get('mt')!.reloadedTurn).toBe(2);
    expect(r.state.units.get('ht')!.moved).toBe(0.5);
    expect(r.state.units.get('ht')!.carriedAmmo).toEqual([
      { from: 'tp.mediumTank', kind: 'HE', rounds: 1 },
    ]);
    // Now full: a second hand-over finds no room.
    expect(reduce(r.state, { type: 'handAmmo', unit: 'ht', to: 'mt' })).toMatchObject({
      ok: false,
      ruleId: 'TP-A27',
    });
  });

  test('an incompatible receiver is refused (TP-17.5)', () => {
    const { reduce, state } = carrying();
    const r = reduce(state, { type: 'handAmmo', unit: 'ht', to: 'ac' });
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-17.5' });
    expect(!r.ok && r.reason).toMatch(/cannot use/);
  });

  test('the receiver must be within reach; it may first move up to ½ move to meet the carrier', () => {
    const { reduce, state } = carrying();
    const far = {
      ...state,
      units: state.units.with('mt', { ...state.units.get('mt')!, at: [16, 14] as const }),
    };
    expect(reduce(far, { type: 'handAmmo', unit: 'ht', to: 'mt' })).toMatchObject({
      ok: false,
      ruleId: 'TP-17.3',
    });
    const met = run(reduce, far, [
      { type: 'move', unit: 'mt', path: [[13, 14]] },
      { type: 'handAmmo', unit: 'ht', to: 'mt' },
    ]);
    expect(met.state.units.get('mt')!.ammo).toMatchObject({ AP: 1, HE: 4 });
    // Having moved more than ½ move, a vehicle is not reloaded that turn.
    const tooFar = run(reduce, state, [
      {
        type: 'move',
        unit: 'mt',
        path: [
          [15, 14],
          [13, 15.9],
        ],
      },
    ]).state;
    expect(reduce(tooFar, { type: 'handAmmo', unit: 'ht', to: 'mt' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.13',
    });
  });

  test('the reloaded vehicle moves at most ½ move in all that turn (TP-5.13)', () => {
    const { reduce, state } = carrying();
    const s = run(reduce, state, [{ type: 'handAmmo', unit: 'ht', to: 'mt' }]).state;
    expect(reduce(s, { type: 'move', unit: 'mt', path: [[17, 14]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.13',
    });
    const part = run(reduce, s, [{ type: 'move', unit: 'mt', path: [[15, 14]] }]).state;
    expect(reduce(part, { type: 'move', unit: 'mt', path: [[16.5, 14]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.13',
    });
    expect(reduce(part, { type: 'move', unit: 'mt', path: [[16, 14]] }).ok).toBe(true);
  });

  test('in the turn it is reloaded only its AA MG may fire (TP-17.3d/e)', () => {
    const { reduce, state } = carrying();
    const s = run(reduce, state, [{ type: 'handAmmo', unit: 'ht', to: 'mt' }, ...endPhase]).state;
    expect(s.phase).toBe('firing');
    for (const weapon of ['tp.tankGun', 'tp.coax', 'tp.hullMg']) {
      const r = reduce(s, { type: 'fire', unit: 'mt', weapon, target: 'e' });
      expect(r).toMatchObject({ ok: false, ruleId: 'TP-17.3' });
      expect(!r.ok && r.reason).toMatch(/only its AA MG/);
    }
    const aa = reduce(s, { type: 'fire', unit: 'mt', weapon: 'tp.aaMg', target: 'e' });
    expect(!aa.ok && aa.ruleId === 'TP-17.3').toBe(false);
    // The next turn it fires as usual.
    const later = run(reduce, s, [...endPhase, ...endPhase]).state;
    expect(reduce(later, { type: 'fire', unit: 'mt', weapon: 'tp.tankGun', target: 'e' }).ok).toBe(
      true,
    );
  });
});

describe('a carrier that is hit loses its cargo (TP-17.3f, TP-A26)', () => {
  /** `full` (a medium tank with full stowage) recovers, so carries everything it took. */
  const carrierUnderFire = (options?: Record<string, string>) => {
    const { reduce, s0 } = supplyGame(options);
    const start = {
      ...s0,
      units: s0.units.with('full', { ...s0.units.get('full')!, at: [10, 10] as const }),
    };
    const r = run(reduce, start, [
      { type: 'recoverAmmo', unit: 'full', wreck: 'wreck.x' },
      ...endPhase,
    ]);
    expect(r.state.units.get('full')!.carriedAmmo?.length).toBe(2);
    return { reduce, state: r.state };
  };

  test('a hit that does not penetrate still loses the cargo (default reading)', () => {
    const { reduce, state } = carrierUnderFire();
    const r = run(reduce, state, [
      { type: 'forceDice', rolls: [6, 1] },
      { type: 'fire', unit: 'e', weapon: 'tp.tankGun', target: 'full' },
    ]);
    expect(r.events).toContainEqual(
      expect.objectContaining({ type: 'PenetrationResolved', penetrated: false }),
    );
    expect(r.events).toContainEqual({
      type: 'CarriedAmmoLost',
      unit: 'full',
      rounds: { AP: 1, HE: 2 },
      ruleId: 'TP-A26',
    });
    expect(r.state.units.get('full')!.carriedAmmo).toBeUndefined();
    expect(r.state.units.get('full')!.ammo).toEqual(state.units.get('full')!.ammo);
  });

  test('a miss leaves the cargo aboard', () => {
    const { reduce, state } = carrierUnderFire();
    const r = run(reduce, state, [
      { type: 'forceDice', rolls: [1] },
      { type: 'fire', unit: 'e', weapon: 'tp.tankGun', target: 'full' },
    ]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'ShotResolved', hit: false }));
    expect(r.events.some((e) => e.type === 'CarriedAmmoLost')).toBe(false);
    expect(r.state.units.get('full')!.carriedAmmo?.length).toBe(2);
  });

  test('with TP-A26 = penetration a hit that bounces off keeps the cargo', () => {
    const { reduce, state } = carrierUnderFire({ 'TP-A26': 'penetration' });
    const r = run(reduce, state, [
      { type: 'forceDice', rolls: [6, 1] },
      { type: 'fire', unit: 'e', weapon: 'tp.tankGun', target: 'full' },
    ]);
    expect(r.events).toContainEqual(expect.objectContaining({ type: 'ShotResolved', hit: true }));
    expect(r.events.some((e) => e.type === 'CarriedAmmoLost')).toBe(false);
  });
});

describe('pushing wrecks (TP-5.10, TP-14.4)', () => {
  /** A jeep wreck across the road east of a half-track; a medium tank behind it, a jeep beside. */
  const pushGame = () => {
    const { ctx, state } = fixtureGame({
      units: [
        veh('a', 'tank', 'tp.mediumTank', [8, 10.1], 90),
        veh('a', 'ht', 'tp.halfTrack', [4.2, 12]),
        veh('a', 'jeep', 'tp.jeep', [8, 16]),
        veh('a', 'ac', 'tp.armouredCar', [6, 20]),
        veh('b', 'e', 'tp.mediumTank', [32, 4]),
      ],
    });
    const s0: TankplankState = {
      ...state,
      wrecks: [
        wreck('j', 'tp.jeep', [8, 12]),
        wreck('car', 'tp.armouredCar', [8, 20], { side: 'b' }),
      ],
    };
    return { ctx, reduce: testReducer(ctx), s0 };
  };

  test('a heavier vehicle pushes a wreck 1" and follows it; the path behind is then clear', () => {
    const { ctx, reduce, s0 } = pushGame();
    const blocked = reduce(s0, { type: 'move', unit: 'ht', path: [[10, 12]] });
    expect(blocked).toMatchObject({ ok: false, ruleId: 'TP-14.4' });
    expect(!blocked.ok && blocked.reason).toMatch(/ht is heavier and can push it aside/);
    const r = run(reduce, s0, [{ type: 'pushWreck', unit: 'tank', wreck: 'wreck.j', to: [8, 13] }]);
    expect(r.events[0]).toEqual({
      type: 'WreckPushed',
      unit: 'tank',
      wreck: 'wreck.j',
      from: [8, 12],
      to: [8, 13],
      ruleId: 'TP-5.10',
    });
    expect(r.state.wrecks[0]!.at).toEqual([8, 13]);
    expect(r.state.units.get('tank')).toMatchObject({ at: [8, 11.1], moved: 1 });
    const sight = obstructions(ctx, r.state).find((o) => o.id === 'wreck.j')!;
    expect(Math.min(...sight.polygon.map((p) => p.y))).toBeGreaterThan(12);
    expect(reduce(r.state, { type: 'move', unit: 'ht', path: [[10.2, 12]] })).toMatchObject({
      ok: true,
    });
    // 1" a turn: nobody pushes it again this turn.
    const again = reduce(r.state, { type: 'pushWreck', unit: 'ht', wreck: 'wreck.j', to: [8, 14] });
    expect(again).toMatchObject({ ok: false, ruleId: 'TP-5.10' });
  });

  test('a vehicle no heavier than the wreck is refused, and told who could push it', () => {
    const { reduce, s0 } = pushGame();
    const s = {
      ...s0,
      units: s0.units.with('jeep', {
        ...s0.units.get('jeep')!,
        at: [8, 13.5] as const,
        facing: 270,
      }),
    };
    const r = reduce(s, { type: 'pushWreck', unit: 'jeep', wreck: 'wreck.j', to: [8, 11] });
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-5.10' });
    expect(!r.ok && r.reason).toMatch(/not heavier/);
    // An armoured car may not push another armoured car.
    const ac = reduce(s0, { type: 'pushWreck', unit: 'ac', wreck: 'wreck.car', to: [9, 20] });
    expect(ac).toMatchObject({ ok: false, ruleId: 'TP-5.10' });
    expect(!ac.ok && ac.reason).toMatch(/tank could push it/);
    // The blocked jeep's refusal names the heavier vehicles of its side.
    const move = reduce(
      { ...s0, units: s0.units.with('jeep', { ...s0.units.get('jeep')!, at: [4, 12] as const }) },
      { type: 'move', unit: 'jeep', path: [[10, 12]] },
    );
    expect(!move.ok && move.reason).toMatch(/heavier than a jeep can push it aside: .*tank/);
  });

  test('more than 1", towards the pusher, or from out of contact is refused', () => {
    const { reduce, s0 } = pushGame();
    for (const to of [
      [8, 13.5],
      [8, 11],
    ] as const)
      expect(
        reduce(s0, { type: 'pushWreck', unit: 'tank', wreck: 'wreck.j', to: [to[0], to[1]] }),
      ).toMatchObject({ ok: false, ruleId: 'TP-5.10' });
    const away = {
      ...s0,
      units: s0.units.with('tank', { ...s0.units.get('tank')!, at: [8, 6] as const }),
    };
    expect(
      reduce(away, { type: 'pushWreck', unit: 'tank', wreck: 'wreck.j', to: [8, 13] }),
    ).toMatchObject({ ok: false, ruleId: 'TP-5.10' });
    // A vehicle that has already moved this turn has no move left to push with.
    const moved = run(reduce, s0, [{ type: 'move', unit: 'tank', path: [[8, 10]] }]).state;
    expect(
      reduce(moved, { type: 'pushWreck', unit: 'tank', wreck: 'wreck.j', to: [8, 13] }),
    ).toMatchObject({ ok: false, ruleId: 'TP-5.10' });
  });
});
