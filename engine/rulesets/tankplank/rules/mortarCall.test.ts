import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import type { TestAction } from './testing';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { fixtureGame, mortarTeam } from './testing';

// Seed 000 L398: "On the next turn, the mortar can fire at their target. The mortar can keep
// firing at that target so long as the observer and radioman remain in sight of it." (TP-12.4)

const man = (
  side: 'a' | 'b',
  formation: string,
  id: string,
  at: [number, number],
  type: string,
  role: string,
): FixtureUnit => ({ side, formation, id, type, role, at, facing: side === 'a' ? 0 : 180 });

const units: FixtureUnit[] = [
  ...mortarTeam([3, 12]),
  man('a', 'a.hq', 'officer', [6.5, 8], 'tp.officer', 'officer'),
  man('a', 'a.hq', 'radio1', [7, 7.5], 'tp.radioman', 'radioman'),
  // The radioman by the mortar who relays the orders (TP-A29); the house hides the target from him.
  man('a', 'a.hq2', 'radio2', [3.5, 13], 'tp.radioman', 'radioman'),
  man('b', 'b.sq', 't', [18, 6], 'tp.rifleman', 'rifleman'),
];
// A house hides the target from the mortar crew, and from the officer once he steps behind it.
const house: Feature = {
  id: 'house',
  kind: 'building',
  x: 10,
  y: 10,
  width: 3,
  depth: 3,
  buildingKind: 'closed',
  floors: 2,
};
const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];
const call: TestAction = { type: 'callFire', unit: 'officer', mortar: 'm1', at: [18, 6] };
const mortarFires: TestAction = {
  type: 'fire',
  unit: 'm1',
  weapon: 'tp.mortar60',
  at: [18, 6],
};
/** Turn 1: the call, and whatever else happens in that Firing phase; turn 2 up to its Firing. */
function turnAfterCall(firing: TestAction[], moves: TestAction[] = []) {
  const { ctx, state } = fixtureGame({ units, features: [house], phase: 'firing' });
  return replay(testReducer(ctx), state, [
    call,
    ...firing,
    ...endPhase,
    ...moves,
    ...endPhase,
    { type: 'forceDice', rolls: [6, 2] },
    mortarFires,
  ]);
}

describe('a mortar fires on a call while its observer and radioman see the target (TP-12.4)', () => {
  test('observer and radioman still in sight on the next turn: the mortar fires', () => {
    const r = turnAfterCall([]);
    expect(r.refused).toEqual([]);
    expect(r.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: 'MortarRound', roll: 6, landed: [18, 6] }),
    );
  });

  test('the observer was shot in the Firing phase of his call: the mortar may not fire', () => {
    const r = turnAfterCall([
      { type: 'forceDice', rolls: [6] },
      { type: 'fire', unit: 't', weapon: 'tp.rifle', target: 'officer' },
    ]);
    expect(r.state.units.get('officer')!.alive).toBe(false);
    expect(r.refused.map((x) => x.action)).toEqual([8]);
    expect(r.refused[0]!.reason).toMatch(/observer officer .*no longer/);
  });

  test('the radioman with the observer was shot: the mortar may not fire', () => {
    const r = turnAfterCall([
      { type: 'forceDice', rolls: [6] },
      { type: 'fire', unit: 't', weapon: 'tp.rifle', target: 'radio1' },
    ]);
    expect(r.state.units.get('radio1')!.alive).toBe(false);
    expect(r.refused.map((x) => x.action)).toEqual([8]);
    expect(r.refused[0]!.reason).toMatch(/radioman .*no longer/);
  });

  test('the observer stepped behind the house and no longer sees the target: no fire', () => {
    const r = turnAfterCall([], [{ type: 'move', unit: 'officer', path: [[6.5, 10]] }]);
    expect(r.refused.map((x) => x.action)).toEqual([7]);
    expect(r.refused[0]!.reason).toMatch(/observer officer .*no longer sees/);
  });
});
