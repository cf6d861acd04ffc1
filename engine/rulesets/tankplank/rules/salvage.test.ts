import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import type { TestAction } from './testing';
import { planShot } from './fire';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { positionOf } from './situation';
import type { TankplankState, UnitState } from './state';
import { fixtureGame } from './testing';

const fig = (
  side: 'a' | 'b',
  formation: string,
  id: string,
  at: [number, number],
  type = 'tp.rifleman',
  role = 'rifleman',
  setUp = false,
): FixtureUnit => ({
  side,
  formation,
  id,
  type,
  role,
  at,
  facing: side === 'a' ? 0 : 180,
  ...(setUp ? { extra: { 'x-setUp': true } } : {}),
});

const phaseEnd: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

function game(units: FixtureUnit[], phase: 'movement' | 'firing' = 'movement') {
  const { ctx, state } = fixtureGame({ units, phase });
  const reduce = testReducer(ctx);
  const run = (s: TankplankState, actions: TestAction[]) => {
    const r = replay(reduce, s, actions);
    expect(r.refused).toEqual([]);
    return r;
  };
  return { ctx, state, reduce, run };
}

const patch = (s: TankplankState, id: string, p: Partial<UnitState>): TankplankState => ({
  ...s,
  units: s.units.with(id, { ...s.units.get(id)!, ...p }),
});

const hmgTeam = (at: [number, number]) => [
  fig('a', 'a.hmg', 'h1', at, 'tp.hmgCrew', 'hmgCrew', true),
  fig('a', 'a.hmg', 'h2', [at[0], at[1] + 0.6], 'tp.hmgCrew', 'hmgCrew', true),
];
const PIECE = 'piece.a.hmg.tp.hmg';

describe('replacing heavy-weapons crewmen (TP-16.4)', () => {
  test('any infantryman beside the gun makes up a lost HMG crewman', () => {
    const units = [...hmgTeam([10, 10]), fig('b', 'b.sq', 'e1', [20, 10.3])];
    const alone = game(units, 'firing');
    const oneLeft = patch(alone.state, 'h2', { alive: false, at: null });
    const shot = { unit: 'h1', weapon: 'tp.hmg', target: 'e1' };
    expect(planShot(alone.ctx, oneLeft, shot)).toMatchObject({ refused: true, ruleId: 'TP-G10' });
    const helped = game([...units, fig('a', 'a.sq', 'r1', [10.5, 11])], 'firing');
    const withRifleman = patch(helped.state, 'h2', { alive: false, at: null });
    expect('refused' in planShot(helped.ctx, withRifleman, shot)).toBe(false);
  });
});

describe('abandoned heavy weapons (TP-16.8, TP-16.7)', () => {
  /** The HMG team is wiped out in turn 1's Firing phase; its gun stays where h1 fell. */
  const abandoned = (extra: FixtureUnit[]) => {
    const g = game(
      [
        ...hmgTeam([10, 10]),
        fig('a', 'a.rear', 'rear', [1, 22]),
        fig('b', 'b.sq', 'e1', [24, 10]),
        ...extra,
      ],
      'firing',
    );
    let s = patch(g.state, 'h1', { doomed: true });
    s = patch(s, 'h2', { doomed: true });
    const r = g.run(s, phaseEnd);
    return { ...g, r, after: r.state };
  };

  test('the last man of the team gone, the weapon stays on the table as a piece with its rounds', () => {
    const { r, after } = abandoned([]);
    expect(r.events.map((e) => e.event)).toContainEqual({
      type: 'WeaponAbandoned',
      piece: PIECE,
      weapon: 'tp.hmg',
      formation: 'a.hmg',
      at: [10, 10],
      ruleId: 'TP-16.8',
    });
    expect(after.units.get(PIECE)).toMatchObject({ side: 'a', at: [10, 10], ammo: { AP: 6 } });
    expect(after.teamWeapons[`${PIECE}:tp.hmg`]).toMatchObject({ setUp: false, ammo: 6 });
  });

  test('a piece only moves in a man’s hands, and is not a target', () => {
    const { reduce, run, after } = abandoned([]);
    expect(reduce(after, { type: 'move', unit: PIECE, path: [[11, 10]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-16.8',
    });
    const firing = run(after, phaseEnd).state;
    expect(
      reduce(firing, { type: 'fire', unit: 'e1', weapon: 'tp.rifle', target: PIECE }),
    ).toMatchObject({ ok: false, ruleId: 'TP-16.8' });
  });

  test('its own side sets it up again and fires it with riflemen at hand', () => {
    const { reduce, run, after } = abandoned([
      fig('a', 'a.sq', 'r1', [10.5, 11]),
      fig('a', 'a.sq', 'r2', [10.5, 9]),
    ]);
    const setUp = run(after, [{ type: 'setUp', unit: PIECE }, ...phaseEnd]).state;
    const fire: TestAction = { type: 'fire', unit: PIECE, weapon: 'tp.hmg', target: 'e1' };
    expect(reduce(setUp, fire)).toMatchObject({ ok: false, ruleId: 'TP-A28' });
    const turn3 = run(setUp, [...phaseEnd, ...phaseEnd]).state;
    const r = run(turn3, [{ type: 'forceDice', rolls: [6, 6, 6, 6] }, fire]);
    expect(r.events[0]!.event).toMatchObject({ type: 'TemplatePlaced', unit: PIECE });
    expect(r.state.units.get(PIECE)!.ammo['AP']).toBe(5);
  });

  test('the enemy may carry it away but never fire it', () => {
    const { reduce, run, after } = abandoned([fig('b', 'b.sq2', 'e2', [10.8, 10])]);
    const r = run(after, [{ type: 'pickUpWeapon', unit: 'e2', piece: PIECE }]);
    expect(r.events[0]!.event).toEqual({
      type: 'WeaponPickedUp',
      unit: 'e2',
      piece: PIECE,
      weapon: 'tp.hmg',
      captured: true,
      ruleId: 'TP-16.7',
    });
    expect(r.state.units.get('e2')!.moved).toBe(0.5);
    const carried = run(r.state, [{ type: 'move', unit: 'e2', path: [[11.8, 10]] }]).state;
    expect(positionOf(carried, PIECE)).toMatchObject({ x: 11.8, y: 10 });
    const dropped = run(carried, [{ type: 'dropWeapon', unit: 'e2' }]);
    expect(dropped.state.units.get(PIECE)).toMatchObject({ at: [11.8, 10], embarkedIn: null });
    const firing = run(dropped.state, phaseEnd).state;
    expect(
      reduce(firing, { type: 'fireCaptured', unit: 'e2', gun: PIECE, target: 'h1' }),
    ).toMatchObject({ ok: false, ruleId: 'TP-16.7' });
  });

  test('a carrier who falls drops the piece where he stood', () => {
    const { run, after } = abandoned([fig('b', 'b.sq2', 'e2', [10.8, 10])]);
    const carried = run(after, [
      { type: 'pickUpWeapon', unit: 'e2', piece: PIECE },
      { type: 'move', unit: 'e2', path: [[11.5, 10]] },
      ...phaseEnd,
    ]).state;
    const r = run(patch(carried, 'e2', { doomed: true }), phaseEnd);
    expect(r.events.map((e) => e.event)).toContainEqual({
      type: 'WeaponDropped',
      unit: 'e2',
      piece: PIECE,
      at: [11.5, 10],
      ruleId: 'TP-16.8',
    });
    expect(r.state.units.get(PIECE)).toMatchObject({
      at: [11.5, 10],
      embarkedIn: null,
      alive: true,
    });
  });

  test('an AT gun is never picked up', () => {
    const { state, reduce } = game([
      { side: 'a', formation: 'a.at', id: 'gun', type: 'tp.atGun', at: [10, 10], facing: 0 },
      fig('a', 'a.sq', 'r1', [10.5, 10]),
      fig('b', 'b.sq', 'e1', [30, 10]),
    ]);
    expect(reduce(state, { type: 'pickUpWeapon', unit: 'r1', piece: 'gun' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.5',
    });
  });
});

describe('captured AT guns (TP-16.7)', () => {
  const gun: FixtureUnit = {
    side: 'a',
    formation: 'a.at',
    id: 'gun',
    type: 'tp.atGun',
    at: [10, 10],
    facing: 0,
    extra: { 'x-setUp': true },
  };
  const truck: FixtureUnit = {
    side: 'a',
    formation: 'a.trucks',
    id: 'truck',
    type: 'tp.truck',
    at: [18, 10],
    facing: 90,
  };
  const captors = (type = 'tp.atCrew', role = 'atCrew') => [
    fig('b', 'b.at', 'c1', [9.5, 10.8], type, role),
    fig('b', 'b.at', 'c2', [9.5, 9.2], type, role),
  ];
  const shoot = (unit: string): TestAction => ({
    type: 'fireCaptured',
    unit,
    gun: 'gun',
    target: 'truck',
  });

  test('enemy AT crewmen fire an abandoned gun, but only every other turn', () => {
    const { state, reduce, run } = game([gun, truck, ...captors()], 'firing');
    const r = run(state, [{ type: 'forceDice', rolls: [1] }, shoot('c1')]);
    expect(r.events[0]!.event).toEqual({
      type: 'CapturedGunFired',
      unit: 'c1',
      gun: 'gun',
      ruleId: 'TP-16.7',
    });
    expect(r.events[1]!.event).toMatchObject({ type: 'ShotResolved', unit: 'gun', hit: false });
    expect(r.state.units.get('gun')).toMatchObject({
      side: 'a',
      capturedFireTurn: 1,
      ammo: { AP: 5 },
    });
    expect(reduce(r.state, shoot('c1'))).toMatchObject({ ok: false, ruleId: 'TP-G6' });
    const turn2 = run(r.state, [...phaseEnd, ...phaseEnd]).state;
    expect(turn2.turn).toBe(2);
    expect(reduce(turn2, shoot('c2'))).toMatchObject({ ok: false, ruleId: 'TP-16.7' });
    const turn3 = run(turn2, [...phaseEnd, ...phaseEnd]).state;
    expect(turn3).toMatchObject({ turn: 3, phase: 'firing' });
    expect(
      run(turn3, [{ type: 'forceDice', rolls: [1] }, shoot('c2')]).state.units.get('gun'),
    ).toMatchObject({
      capturedFireTurn: 3,
    });
  });

  test('riflemen may not fire a captured AT gun', () => {
    const { state, reduce } = game([gun, truck, ...captors('tp.rifleman', 'rifleman')], 'firing');
    expect(reduce(state, shoot('c1'))).toMatchObject({ ok: false, ruleId: 'TP-16.7' });
  });

  test('a gun still manned by its own side is not abandoned', () => {
    const { state, reduce } = game(
      [gun, truck, ...captors(), fig('a', 'a.at', 'own', [10.5, 11], 'tp.atCrew', 'atCrew')],
      'firing',
    );
    expect(reduce(state, shoot('c1'))).toMatchObject({ ok: false, ruleId: 'TP-16.7' });
  });

  test('one trained man is not enough to work the gun', () => {
    const { state, reduce } = game([gun, truck, captors()[0]!], 'firing');
    expect(reduce(state, shoot('c1'))).toMatchObject({ ok: false, ruleId: 'TP-16.7' });
  });
});

describe('an officer orders a vehicle crewman into a heavy-weapons crew (TP-16.5)', () => {
  const setup = () => {
    const g = game([
      fig('a', 'a.mortar', 'm1', [8, 5], 'tp.mortarCrew', 'mortarCrew', true),
      fig('a', 'a.cmd', 'o1', [5.6, 5], 'tp.officer', 'officer'),
      fig('a', 'a.sq', 'r1', [5.6, 8], 'tp.rifleman', 'rifleman'),
      fig('b', 'b.sq', 'e1', [30, 5]),
    ]);
    const crewman: UnitState = {
      ...g.state.units.get('o1')!,
      id: 'tank.crew1',
      formation: 'a.tank',
      type: 'tp.driver',
      role: 'vehicleCrew',
      at: [6.5, 5],
      spawned: true,
    };
    return { ...g, state: { ...g.state, units: g.state.units.with(crewman.id, crewman) } };
  };
  const order: TestAction = {
    type: 'joinCrew',
    officer: 'o1',
    unit: 'tank.crew1',
    crew: 'm1',
  };

  test('the crewman joins the team, answers to his player and counts as crew', () => {
    const { ctx, state, reduce, run } = setup();
    expect(reduce(state, { type: 'move', unit: 'tank.crew1', path: [[7.5, 5]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-16.2',
    });
    const mortarShot = { unit: 'm1', weapon: 'tp.mortar60', at: [25, 5] as [number, number] };
    const before = run(state, phaseEnd).state;
    expect(planShot(ctx, before, mortarShot)).toMatchObject({ refused: true, ruleId: 'TP-G10' });
    const r = run(state, [order]);
    expect(r.events[0]!.event).toEqual({
      type: 'CrewJoined',
      officer: 'o1',
      unit: 'tank.crew1',
      crew: 'm1',
      weapon: 'tp.mortar60',
      ruleId: 'TP-16.5',
    });
    expect(r.state.units.get('tank.crew1')).toMatchObject({
      formation: 'a.mortar',
      joinedCrew: 'tp.mortar60',
    });
    expect(r.state.units.get('tank.crew1')!.spawned).toBeUndefined();
    expect(reduce(r.state, { type: 'move', unit: 'tank.crew1', path: [[7.5, 5]] }).ok).toBe(true);
    const after = run(r.state, phaseEnd).state;
    const plan = planShot(ctx, after, mortarShot);
    expect('refused' in plan ? plan.ruleId : undefined).not.toBe('TP-G10');
  });

  test('refused: the officer is not beside him, the man is no vehicle crewman, or no officer gives it', () => {
    const { state, reduce } = setup();
    const far = patch(state, 'o1', { at: [3, 5] });
    expect(reduce(far, order)).toMatchObject({ ok: false, ruleId: 'TP-16.5' });
    expect(reduce(state, { ...order, unit: 'r1' })).toMatchObject({ ok: false, ruleId: 'TP-16.5' });
    expect(reduce(state, { ...order, officer: 'r1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-16.5',
    });
  });
});

describe('heavy weapons in vehicles (TP-16.9)', () => {
  const units = (setUp: boolean) => [
    fig('a', 'a.hmg', 'h1', [10, 10], 'tp.hmgCrew', 'hmgCrew', setUp),
    {
      side: 'a' as const,
      formation: 'a.trucks',
      id: 'truck',
      type: 'tp.truck',
      at: [10.8, 10] as [number, number],
      facing: 0,
    },
    {
      side: 'a' as const,
      formation: 'a.cmd',
      id: 'jeep',
      type: 'tp.jeep',
      at: [10, 14] as [number, number],
      facing: 0,
    },
    fig('b', 'b.sq', 'e1', [20, 14]),
  ];

  test('an assembled HMG does not go aboard; broken down it does, and fires only once off', () => {
    const up = game(units(true));
    expect(up.reduce(up.state, { type: 'mount', unit: 'h1', vehicle: 'truck' })).toMatchObject({
      ok: false,
      ruleId: 'TP-16.9',
    });
    const down = game(units(false));
    const aboard = down.run(down.state, [
      { type: 'mount', unit: 'h1', vehicle: 'truck' },
      ...phaseEnd,
    ]).state;
    expect(
      down.reduce(aboard, { type: 'fire', unit: 'h1', weapon: 'tp.hmg', target: 'e1' }),
    ).toMatchObject({ ok: false });
    expect(
      planShot(down.ctx, aboard, { unit: 'h1', weapon: 'tp.hmg', target: 'e1' }),
    ).toMatchObject({ refused: true, ruleId: 'TP-8.9' });
  });

  test('a vehicle-mounted MG fires from the vehicle', () => {
    const { ctx, state } = game(units(false), 'firing');
    expect(
      'refused' in planShot(ctx, state, { unit: 'jeep', weapon: 'tp.hmg', target: 'e1' }),
    ).toBe(false);
  });
});
