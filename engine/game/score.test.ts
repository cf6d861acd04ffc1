import { describe, expect, it } from 'vitest';
import type { BoardPiece, GameResult, ObjectiveHolding } from './gameDef';
import { leader, standing, valueFor } from './score';

type S = {
  readonly pieces: readonly BoardPiece[];
  readonly objectives: readonly ObjectiveHolding[];
  readonly result?: GameResult;
};
const piece = (id: string, side: string, alive = true): BoardPiece => ({
  id,
  side,
  type: 't',
  at: [0, 0],
  alive,
});
const game = {
  sides: [
    { id: 'a', name: 'A', colour: '', deployment: '' },
    { id: 'b', name: 'B', colour: '', deployment: '' },
  ],
  pieces: (s: S) => s.pieces,
  objectives: (s: S) => s.objectives,
  status: (s: S) => ({ turn: 1, phase: 'p', waitingFor: [], over: s.result !== undefined }),
  result: (s: S) => s.result,
};

describe('standing', () => {
  it('estimates shares of the pieces alive and the objectives held', () => {
    const s: S = {
      pieces: [piece('a1', 'a'), piece('a2', 'a'), piece('b1', 'b'), piece('b2', 'b', false)],
      objectives: [{ id: 'o', name: 'o', holder: 'b' }],
    };
    const scores = standing(game, s);
    expect(scores.a).toBeCloseTo((2 / 3 + 0) / 2);
    expect(scores.b).toBeCloseTo((1 / 3 + 1) / 2);
    expect(leader(scores)).toBe('b');
  });

  it('uses the ruleset`s own score when it has one', () => {
    const own = { ...game, score: () => ({ a: 0.9, b: 0.1 }) };
    expect(standing(own, { pieces: [], objectives: [] })).toEqual({ a: 0.9, b: 0.1 });
  });

  it('says nobody leads when the sides are level', () => {
    expect(leader({ a: 0.5, b: 0.5 })).toBeNull();
  });
});

describe('valueFor', () => {
  it('is 1, 0 or 1/2 once the game is over', () => {
    const over = (winner: string): S => ({
      pieces: [],
      objectives: [],
      result: { winner, text: '' },
    });
    expect(valueFor(game, over('a'), 'a')).toBe(1);
    expect(valueFor(game, over('a'), 'b')).toBe(0);
    expect(valueFor(game, over('draw'), 'b')).toBe(0.5);
  });

  it('is 1/2 plus half the lead while the game goes on', () => {
    const s: S = { pieces: [piece('a1', 'a'), piece('b1', 'b', false)], objectives: [] };
    expect(valueFor(game, s, 'a')).toBeCloseTo(1);
    expect(valueFor(game, s, 'b')).toBeCloseTo(0);
  });
});
