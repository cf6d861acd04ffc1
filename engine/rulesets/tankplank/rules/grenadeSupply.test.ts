import { describe, expect, test } from 'vitest';
import type { TestAction } from './testing';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import type { TankplankState } from './state';
import { fixtureGame } from './testing';

const thrower = (grenades?: number): FixtureUnit => ({
  side: 'a',
  formation: 'a.sq',
  id: 'g',
  type: 'tp.rifleman',
  role: 'rifleman',
  at: [10, 10],
  facing: 0,
  ...(grenades !== undefined ? { extra: { ammo: { 'tp.grenade': grenades } } } : {}),
});
const target: FixtureUnit = {
  side: 'b',
  formation: 'b.sq',
  id: 't',
  type: 'tp.rifleman',
  role: 'rifleman',
  at: [13, 10],
  facing: 180,
};
const throwAt: TestAction = { type: 'fire', unit: 'g', weapon: 'tp.grenade', target: 't' };
const endTurn: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

/** Applies actions in order; each must be accepted. */
function run(
  reduce: ReturnType<typeof testReducer>,
  state: TankplankState,
  actions: readonly TestAction[],
): TankplankState {
  let s = state;
  for (const a of actions) {
    const r = reduce(s, a);
    if (!r.ok) throw new Error(`${a.type} refused: ${r.reason}`);
    s = r.state;
  }
  return s;
}

describe('grenades a figure carries (TP-G9)', () => {
  test('each throw uses one; with none left the throw is refused and says why', () => {
    const { ctx, state } = fixtureGame({ units: [thrower(1), target], phase: 'firing' });
    const reduce = testReducer(ctx);
    // A dud (natural 1) so the target lives on to be thrown at again next turn.
    const after = run(reduce, state, [{ type: 'forceDice', rolls: [1] }, throwAt]);
    expect(after.units.get('g')!.ammo['tp.grenade']).toBe(0);
    const nextFiring = run(reduce, after, [
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
    ]);
    expect(nextFiring.phase).toBe('firing');
    const r = reduce(nextFiring, throwAt);
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-G9', reason: 'g has no hand grenades left' });
  });

  test('a figure whose grenades the scenario does not count throws as often as the rules allow', () => {
    const { ctx, state } = fixtureGame({ units: [thrower(), target], phase: 'firing' });
    const reduce = testReducer(ctx);
    const after = run(reduce, state, [{ type: 'forceDice', rolls: [1] }, throwAt]);
    expect(after.units.get('g')!.ammo['tp.grenade']).toBeUndefined();
    const again = run(reduce, after, [...endTurn.slice(0, 2), ...endTurn.slice(2)]);
    expect(again.phase).toBe('firing');
    expect(reduce(again, throwAt).ok).toBe(true);
  });
});
