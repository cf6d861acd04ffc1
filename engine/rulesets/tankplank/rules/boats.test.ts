import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import type { TestAction } from './testing';
import type { FixtureUnit } from './fixtures';
import { fixtureGame, straightCreek as creek, testReducer } from './testing';
import type { TankplankState } from './state';

const man = (
  side: 'a' | 'b',
  formation: string,
  id: string,
  at: [number, number],
  type = 'tp.rifleman',
  role = 'rifleman',
): FixtureUnit => ({ side, formation, id, type, role, at, facing: side === 'a' ? 0 : 180 });

const boat = (id: string, at: [number, number]): FixtureUnit => ({
  side: 'a',
  formation: 'a.boats',
  id,
  type: 'tp.assaultBoat',
  at,
  facing: 0,
});

const endTurn: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

function game(units: FixtureUnit[]) {
  const { ctx, state } = fixtureGame({ features: [creek], units });
  const reduce = testReducer(ctx);
  const run = (s: TankplankState, actions: TestAction[]) => {
    const r = replay(reduce, s, actions);
    expect(r.refused).toEqual([]);
    return r;
  };
  return { ctx, state, reduce, run };
}

/** Two men of squad a.sq on the west bank beside boat b1, and an enemy rifleman on the east bank. */
const crossing = () =>
  game([
    boat('b1', [16.2, 10]),
    man('a', 'a.sq', 'm1', [15.5, 10]),
    man('a', 'a.sq', 'm2', [15.5, 10.6]),
    man('b', 'b.sq', 'e1', [26, 10]),
  ]);

describe('boats (TP-5.3, TP-5.4, TP-G7)', () => {
  test('men may not ford the creek on foot', () => {
    const { state, reduce } = crossing();
    const r = reduce(state, { type: 'move', unit: 'm1', path: [[21, 10]] });
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-5.4' });
  });

  test('boarding takes a full move and puts the man at the boat, still on the table', () => {
    const { state, run } = crossing();
    const r = run(state, [{ type: 'boardBoat', unit: 'm1', boat: 'b1' }]);
    expect(r.events.map((e) => e.event)).toEqual([
      { type: 'BoatBoarded', unit: 'm1', boat: 'b1', ruleId: 'TP-5.3' },
    ]);
    expect(r.state.units.get('m1')).toMatchObject({ at: [16.2, 10], boat: 'b1', moved: 1 });
    expect(r.state.units.get('m1')!.embarkedIn).toBeNull();
    expect(r.state.units.get('b1')!.passengers).toEqual(['m1']);
  });

  test('a man who has already moved cannot board this turn', () => {
    const { state, run, reduce } = crossing();
    const moved = run(state, [{ type: 'move', unit: 'm1', path: [[15.4, 10]] }]).state;
    expect(reduce(moved, { type: 'boardBoat', unit: 'm1', boat: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.3',
    });
  });

  test('boats are not boarded as vehicles (half a move)', () => {
    const { state, reduce } = crossing();
    expect(reduce(state, { type: 'mount', unit: 'm1', vehicle: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.3',
    });
  });

  test('a man must stand beside the boat, and the boat has room for its capacity only', () => {
    const far = game([boat('b1', [16.2, 10]), man('a', 'a.sq', 'm1', [12, 10])]);
    expect(far.reduce(far.state, { type: 'boardBoat', unit: 'm1', boat: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.3',
    });
    // Seven men crowd round a boat for six (placeholder capacity, TP-G7).
    const men = Array.from({ length: 7 }, (_, k) =>
      man('a', 'a.sq', `m${k}`, [15.6, 9.6 + 0.12 * k]),
    );
    const full = game([boat('b1', [16.2, 10]), ...men]);
    const six = full.run(
      full.state,
      men.slice(0, 6).map((m) => ({ type: 'boardBoat' as const, unit: m.id, boat: 'b1' })),
    ).state;
    expect(full.reduce(six, { type: 'boardBoat', unit: 'm6', boat: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-G7',
    });
  });

  test('an AT gun never goes in a boat, and an assembled HMG must be broken down first', () => {
    const g = game([
      boat('b1', [16.2, 10]),
      { side: 'a', formation: 'a.at', id: 'gun', type: 'tp.atGun', at: [15.6, 10.4], facing: 0 },
      {
        ...man('a', 'a.hmg', 'h1', [15.5, 9.6], 'tp.hmgCrew', 'hmgCrew'),
        extra: { 'x-setUp': true },
      },
      man('b', 'b.sq', 'e1', [30, 10]),
    ]);
    expect(g.reduce(g.state, { type: 'boardBoat', unit: 'gun', boat: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.5',
    });
    expect(g.reduce(g.state, { type: 'boardBoat', unit: 'h1', boat: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-16.9',
    });
  });

  test('men in a boat cross with it, and the boat itself never moves along or onto land', () => {
    const { state, run, reduce } = crossing();
    const aboard = run(state, [{ type: 'boardBoat', unit: 'm1', boat: 'b1' }]).state;
    expect(reduce(aboard, { type: 'move', unit: 'm1', path: [[15, 10]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.3',
    });
    expect(reduce(aboard, { type: 'move', unit: 'b1', path: [[18, 14]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-G7',
    });
  });

  test('crossing and landing takes the next full move; the men step ashore on the far bank', () => {
    const { state, run, reduce } = crossing();
    const aboard = run(state, [
      { type: 'boardBoat', unit: 'm1', boat: 'b1' },
      { type: 'boardBoat', unit: 'm2', boat: 'b1' },
    ]).state;
    // Boarding used this turn's move: the crossing waits for the next turn.
    expect(reduce(aboard, { type: 'crossInBoat', unit: 'm1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.3',
    });
    const nextTurn = run(aboard, endTurn).state;
    const r = run(nextTurn, [{ type: 'crossInBoat', unit: 'm2' }]);
    const crossed = r.events.find((e) => e.event.type === 'BoatCrossed')!.event;
    expect(crossed).toMatchObject({
      boat: 'b1',
      from: [16.2, 10],
      to: [19.8, 10],
      ruleId: 'TP-5.3',
    });
    const after = r.state;
    for (const id of ['m1', 'm2']) {
      const u = after.units.get(id)!;
      // Just beyond the creek's east edge (19.5) plus a figure's base.
      expect(u.at![0]).toBeCloseTo(19.9, 5);
      expect(Math.abs(u.at![1] - 10)).toBeLessThan(1);
      expect(u.boat).toBeUndefined();
      expect(u.moved).toBe(1);
    }
    expect(after.units.get('b1')).toMatchObject({ at: [19.8, 10], passengers: [] });
    // The men landed out of the water: next turn they walk on.
    const later = run(after, endTurn).state;
    expect(reduce(later, { type: 'move', unit: 'm1', path: [[22, 10]] }).ok).toBe(true);
  });

  test('an empty boat, or a boat away from the creek, does not cross', () => {
    const { state, reduce } = crossing();
    expect(reduce(state, { type: 'crossInBoat', unit: 'b1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-G7',
    });
    const inland = game([
      boat('b1', [8, 10]),
      man('a', 'a.sq', 'm1', [7.5, 10]),
      man('b', 'b.sq', 'e1', [30, 10]),
    ]);
    const aboard = inland.run(inland.state, [
      { type: 'boardBoat', unit: 'm1', boat: 'b1' },
      ...endTurn,
    ]).state;
    expect(inland.reduce(aboard, { type: 'crossInBoat', unit: 'm1' })).toMatchObject({
      ok: false,
      ruleId: 'TP-G7',
    });
  });

  test('men waiting in a boat can be shot', () => {
    const { state, run } = crossing();
    const firing = run(state, [
      { type: 'boardBoat', unit: 'm1', boat: 'b1' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
    ]).state;
    const r = run(firing, [
      { type: 'forceDice', rolls: [6] },
      { type: 'fire', unit: 'e1', weapon: 'tp.rifle', target: 'm1' },
    ]);
    expect(r.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: 'CasualtyMarked', unit: 'm1' }),
    );
  });

  test('a swamped boat: each man aboard saves as a passenger; survivors wade back ashore (TP-14.5, TP-A55)', () => {
    const { state, run } = crossing();
    const firing = run(state, [
      { type: 'boardBoat', unit: 'm1', boat: 'b1' },
      { type: 'boardBoat', unit: 'm2', boat: 'b1' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
    ]).state;
    // The boat was hit this Firing phase (as by a bazooka); it goes down when casualties are removed.
    const hit: TankplankState = {
      ...firing,
      units: firing.units.with('b1', { ...firing.units.get('b1')!, doomed: true }),
    };
    const r = run(hit, [
      { type: 'forceDice', rolls: [6, 1, 1, 1, 1, 1] },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
    ]);
    const events = r.events.map((e) => e.event);
    expect(events).toContainEqual({ type: 'BoatSwamped', boat: 'b1', ruleId: 'TP-G7' });
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'SaveRolled',
        unit: 'm1',
        roll: 6,
        saved: true,
        ruleId: 'TP-A55',
      }),
    );
    expect(events).toContainEqual(
      expect.objectContaining({ type: 'SaveRolled', unit: 'm2', roll: 1, saved: false }),
    );
    expect(events.some((e) => e.type === 'VehicleDestroyed')).toBe(false);
    expect(r.state.units.get('b1')!.alive).toBe(false);
    expect(r.state.units.get('m2')!.alive).toBe(false);
    const m1 = r.state.units.get('m1')!;
    expect(m1.alive).toBe(true);
    expect(m1.boat).toBeUndefined();
    // Back on the west bank, just outside the creek's edge at 16.5.
    expect(m1.at![0]).toBeCloseTo(16.1, 5);
    expect(events).toContainEqual(
      expect.objectContaining({
        type: 'MoraleTested',
        formation: 'a.sq',
        triggers: expect.arrayContaining([
          expect.objectContaining({ trigger: 'survivedVehicleDestruction' }),
        ]),
      }),
    );
  });
});
