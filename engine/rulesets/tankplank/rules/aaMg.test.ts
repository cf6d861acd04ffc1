import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import type { TestAction } from './testing';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { fixtureGame } from './testing';

const units: FixtureUnit[] = [
  { side: 'a', formation: 'a.t', id: 'tank', type: 'tp.mediumTank', at: [5, 12], facing: 0 },
  {
    side: 'b',
    formation: 'b.sq',
    id: 'm',
    type: 'tp.rifleman',
    role: 'rifleman',
    at: [20, 12],
    facing: 180,
  },
];
const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

describe('the commander takes the AA MG in the Movement phase (TP-5.11, T18)', () => {
  test('then a tank that asks for 4" of its 6" is refused; 3" is allowed; the cannon stays silent', () => {
    const { ctx, state } = fixtureGame({ units });
    const reduce = testReducer(ctx);
    const r = replay(reduce, state, [
      { type: 'manAaMg', unit: 'tank' },
      { type: 'move', unit: 'tank', path: [[9, 12]] },
      { type: 'move', unit: 'tank', path: [[8, 12]] },
      ...endPhase,
      { type: 'fire', unit: 'tank', weapon: 'tp.tankGun', target: 'm', ammo: 'HE' },
      { type: 'fire', unit: 'tank', weapon: 'tp.aaMg', target: 'm' },
    ]);
    expect(r.events[0]!.event).toMatchObject({
      type: 'AaMgManned',
      unit: 'tank',
      weapon: 'tp.aaMg',
      maxMove: 0.5,
      ruleId: 'TP-5.11',
    });
    expect(r.refused.map((x) => x.action)).toEqual([1, 5]);
    expect(r.refused[0]!.reason).toContain('at most half a move (3"');
    expect(r.refused[1]!.reason).toContain('main gun and coax are silent');
    const manned = replay(reduce, state, [{ type: 'manAaMg', unit: 'tank' }]).state;
    expect(reduce(manned, { type: 'move', unit: 'tank', path: [[9, 12]] })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.11',
    });
    expect(r.state.units.get('tank')!.at).toEqual([8, 12]);
    expect(r.state.fired['tank']).toEqual(['tank:tp.aaMg']);
  });

  test('a tank that has already gone more than half a move cannot put the commander on the AA MG', () => {
    const { ctx, state } = fixtureGame({ units });
    const r = replay(testReducer(ctx), state, [
      { type: 'move', unit: 'tank', path: [[9, 12]] },
      { type: 'manAaMg', unit: 'tank' },
    ]);
    expect(r.refused.map((x) => x.action)).toEqual([1]);
    expect(r.refused[0]!.reason).toContain('already used 0.67 of its move');
    expect(testReducer(ctx)(r.state, { type: 'manAaMg', unit: 'tank' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.11',
    });
  });

  test('with TP-A21 (AA MG only when stopped) the tank may not move at all', () => {
    const { ctx, state } = fixtureGame({ units, options: { 'TP-A21': true } });
    const r = replay(testReducer(ctx), state, [
      { type: 'manAaMg', unit: 'tank' },
      { type: 'move', unit: 'tank', path: [[6, 12]] },
    ]);
    expect(r.events[0]!.event).toMatchObject({ type: 'AaMgManned', maxMove: 0, ruleId: 'TP-A21' });
    expect(r.refused.map((x) => x.action)).toEqual([1]);
    expect(
      testReducer(ctx)(r.state, { type: 'move', unit: 'tank', path: [[6, 12]] }),
    ).toMatchObject({
      ok: false,
      ruleId: 'TP-A21',
    });
  });

  test('from the declaration on, the commander is a target for small arms (heavy cover)', () => {
    const { ctx, state } = fixtureGame({
      units: [units[0]!, { ...units[1]!, at: [12, 12] }],
    });
    const reduce = testReducer(ctx);
    const shoot: TestAction = { type: 'fire', unit: 'm', weapon: 'tp.rifle', target: 'tank' };
    const plain = replay(reduce, state, [...endPhase, shoot]);
    expect(plain.refused.map((x) => x.action)).toEqual([2]);
    const manned = replay(reduce, state, [
      { type: 'manAaMg', unit: 'tank' },
      ...endPhase,
      { type: 'forceDice', rolls: [6] },
      shoot,
    ]);
    expect(manned.refused).toEqual([]);
    expect(manned.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({
        type: 'ShotResolved',
        target: 'tank',
        ruleId: 'TP-8.8',
        hit: true,
      }),
    );
    expect(manned.state.units.get('tank')!.commanderHitTurn).toBe(1);
  });

  test('only in the Movement phase, and only a vehicle with an AA MG', () => {
    const { ctx, state } = fixtureGame({ units, phase: 'firing' });
    const reduce = testReducer(ctx);
    expect(reduce(state, { type: 'manAaMg', unit: 'tank' })).toMatchObject({
      ok: false,
      ruleId: 'TP-5.11',
    });
    expect(reduce({ ...state, phase: 'movement' }, { type: 'manAaMg', unit: 'm' })).toMatchObject({
      ok: false,
      ruleId: 'TP-8.8',
    });
  });
});
