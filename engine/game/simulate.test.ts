import { expect, test } from 'vitest';
import { seedRng, type RngState } from '../random/dice';
import type { GameAction, GameDef } from './gameDef';
import { accepted } from './reducer';
import { STALL_TURNS, simulate } from './simulate';

/**
 * A throwaway two-side game that never ends: sides a and b take turns, each side turn one action.
 * How each side plays is the test's: `step(side, turn)` says where its piece moves (x) and
 * whether it shoots. The pieces stand on a line, a at x, b at 100.
 */
interface Toy {
  readonly turn: number;
  readonly next: 'a' | 'b';
  readonly x: Record<string, number>;
  readonly rng: RngState;
}
type Step = (side: string, turn: number, x: number) => { x: number; shoot?: boolean };

function toyGame(step: Step): GameDef<Toy, GameAction, { type: string }> {
  return {
    rulesetId: 'toy',
    sides: [
      { id: 'a', name: 'A', colour: '#000', deployment: '' },
      { id: 'b', name: 'B', colour: '#fff', deployment: '' },
    ],
    newGame: ({ seed }) => ({ turn: 1, next: 'a', x: { a: 0, b: 100 }, rng: seedRng(seed) }),
    reduce: (s, action) => {
      const side = s.next;
      const x = Number(action['x']);
      const events = action['shoot'] ? [{ type: 'ShotResolved' }] : [{ type: 'PhaseEnded' }];
      return accepted(
        {
          ...s,
          x: { ...s.x, [side]: x },
          next: side === 'a' ? 'b' : 'a',
          turn: side === 'b' ? s.turn + 1 : s.turn,
        },
        events,
      );
    },
    status: (s) => ({ turn: s.turn, phase: 'move', waitingFor: [s.next], over: false }),
    result: () => undefined,
    hash: (s) => JSON.stringify(s),
    eventVisible: () => true,
    actionSide: (s) => s.next,
    endPhaseAction: (s) => ({ type: 'end', x: s.x[s.next]! }),
    bot: (s, side) => {
      const r = step(side, s.turn, s.x[side]!);
      const action = { type: 'end', x: r.x, shoot: r.shoot === true };
      const next = toyGame(step).reduce(s, action);
      if (!next.ok) throw new Error(next.reason);
      return { actions: [action], state: next.state, events: next.events };
    },
    pieces: (s) => [
      { id: 'a1', side: 'a', type: 't', at: [s.x['a']!, 0], alive: true },
      { id: 'b1', side: 'b', type: 't', at: [s.x['b']!, 0], alive: true },
    ],
    dice: { get: (s) => s.rng, set: (s, rng) => ({ ...s, rng }) },
  };
}

test('a game where nobody shoots or closes ends as stalled, naming the side, long before the cap', () => {
  // Side a sits still; side b walks away from it: neither is progress.
  const game = toyGame((side, _turn, x) => ({ x: side === 'a' ? x : x + 1 }));
  const r = simulate(game, { seed: 1 });
  expect(r.stoppedBy).toBe('stalled');
  expect(r.stalledSide).toBe('a');
  expect(r.reason).toMatch(new RegExp(`for ${STALL_TURNS} turns`));
  expect(r.sideTurns).toBeLessThanOrEqual(2 * (STALL_TURNS + 1));
});

test('the side that stalled is the one that went longest without progress', () => {
  // Side a closes in on b for three turns, then stops; b never does anything.
  const game = toyGame((side, turn, x) => ({ x: side === 'a' && turn <= 3 ? x + 5 : x }));
  const r = simulate(game, { seed: 1 });
  expect(r.stoppedBy).toBe('stalled');
  expect(r.stalledSide).toBe('b');
  expect(r.reason).toMatch(/to turn 13/);
});

test('shots and moves toward the enemy are progress: such a game runs to the cap', () => {
  const shooting = toyGame((side, _turn, x) => ({ x, shoot: side === 'b' }));
  const shot = simulate(shooting, { seed: 1, maxSideTurns: 100 });
  expect(shot.stoppedBy).toBe('cap');
  expect(shot.sideTurns).toBe(100);
  expect(shot.reason).toMatch(/stopped after 100 side turns/);
  // Side a creeps toward b a hundredth of an inch a turn.
  const creeping = toyGame((side, _turn, x) => ({ x: side === 'a' ? x + 0.01 : x }));
  expect(simulate(creeping, { seed: 1, maxSideTurns: 100 }).stoppedBy).toBe('cap');
  // With the detector off (stallTurns 0), the quiet game too runs to the cap.
  const quiet = toyGame((_side, _turn, x) => ({ x }));
  expect(simulate(quiet, { seed: 1, maxSideTurns: 60, stallTurns: 0 }).stoppedBy).toBe('cap');
});

test('a game past its time budget ends as stalled with the side that was to act', () => {
  let clock = 0;
  // Every side turn takes a second on this clock; the budget is five.
  const game = toyGame((side, _turn, x) => {
    clock += 1000;
    return { x, shoot: side === 'a' };
  });
  const r = simulate(game, { seed: 1, timeBudget: { ms: 5000, now: () => clock } });
  expect(r.stoppedBy).toBe('stalled');
  expect(r.sideTurns).toBe(6);
  expect(r.stalledSide).toBe('a');
  expect(r.reason).toMatch(/time budget of 5 s ran out/);
});
