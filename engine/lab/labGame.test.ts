import { describe, expect, test } from 'vitest';
import type { GameDef } from '../game/gameDef';
import { accepted } from '../game/reducer';
import { playLabGame } from './labGame';

/**
 * A two-side game of three turns: side a acts, then b; when b ends a turn the hill changes
 * hands (a in odd turns, nobody in even ones) and the turn counter moves on.
 */
interface S {
  readonly turn: number;
  readonly next: 'a' | 'b';
  readonly hill: string | null;
  readonly over: boolean;
}
type A = { readonly type: 'endPhase'; readonly side: string };

const hillGame: GameDef<S, A, never> = {
  rulesetId: 'test',
  sides: [
    { id: 'a', name: 'A', colour: '', deployment: '' },
    { id: 'b', name: 'B', colour: '', deployment: '' },
  ],
  newGame: () => ({ turn: 1, next: 'a', hill: null, over: false }),
  reduce: (s) => {
    if (s.next === 'a') return accepted({ ...s, next: 'b' }, []);
    const hill = s.turn % 2 === 1 ? 'a' : null;
    return s.turn === 3
      ? accepted({ ...s, hill, over: true }, [])
      : accepted({ ...s, hill, next: 'a', turn: s.turn + 1 }, []);
  },
  status: (s) => ({
    turn: s.turn,
    phase: 'play',
    waitingFor: s.over ? [] : [s.next],
    over: s.over,
  }),
  result: (s) => (s.over ? { winner: 'draw', text: 'three turns' } : undefined),
  hash: (s) => JSON.stringify(s),
  eventVisible: () => true,
  actionSide: (_s, a) => a.side,
  endPhaseAction: (_s, side) => ({ type: 'endPhase', side }),
  // No actions: the driver ends the side's phase for it.
  bot: (s) => ({ actions: [], state: s, events: [] }),
  objectives: (s) => [{ id: 'hill', name: 'Hill', holder: s.hill }],
  dice: { get: () => ({ s0: 0, s1: 0, s2: 0, s3: 0 }) as never, set: (s) => s },
};

describe('a lab game', () => {
  test('records who held each objective at the end of every turn', () => {
    const r = playLabGame(hillGame as never, 1, { games: 1, firstSeed: 1, styles: {} });
    expect(r.turns).toBe(3);
    expect(r.control).toEqual({ hill: ['a', null, 'a'] });
  });

  test("a draw on the game's turn limit is marked as one; without a limit it is a plain draw", () => {
    const limited = { ...hillGame, status: (s: S) => ({ ...hillGame.status(s), turnLimit: 3 }) };
    const settings = { games: 1, firstSeed: 1, styles: {} };
    expect(playLabGame(limited as never, 1, settings).atTurnLimit).toBe(true);
    expect(playLabGame(hillGame as never, 1, settings).atTurnLimit).toBeUndefined();
    // A limit the game did not reach (it ended in turn 3 of 5) is not what ended it.
    const later = { ...hillGame, status: (s: S) => ({ ...hillGame.status(s), turnLimit: 5 }) };
    expect(playLabGame(later as never, 1, settings).atTurnLimit).toBeUndefined();
  });

  test('records what each objective lacked only when the turn limit ended the game', () => {
    const lacking = {
      ...hillGame,
      objectives: (s: S) => [
        { id: 'hill', name: 'Hill', holder: s.hill, lacking: `turn ${s.turn}` },
        { id: 'ford', name: 'Ford', holder: null },
      ],
    };
    const limited = { ...lacking, status: (s: S) => ({ ...hillGame.status(s), turnLimit: 3 }) };
    const settings = { games: 1, firstSeed: 1, styles: {} };
    // What the last state says; an objective that says nothing is left out.
    expect(playLabGame(limited as never, 1, settings).lacking).toEqual({ hill: 'turn 3' });
    expect(playLabGame(lacking as never, 1, settings).lacking).toBeUndefined();
  });

  test("records each side's plan when the bot draws one (a side without one is left out)", () => {
    const settings = { games: 1, firstSeed: 1, styles: {} };
    const planned = {
      ...hillGame,
      botPlan: (s: S, side: string) => (side === 'a' ? `by the hill, turn ${s.turn}` : undefined),
    };
    // The plan of the game as it ended (it is the same in every state of a real game).
    expect(playLabGame(planned as never, 1, settings).plans).toEqual({ a: 'by the hill, turn 3' });
    expect(playLabGame(hillGame as never, 1, settings).plans).toBeUndefined();
  });

  test('records where each killer stood, or where it was last seen when it is gone too', () => {
    // Turn 1: b's piece shoots one of a's and is credited where it stands; turn 2: a's piece
    // makes a kill and is gone in the same side turn, so it is credited where it was last seen.
    const at = (s: S, id: string): readonly [number, number] | null =>
      id === 'a1' ? (s.turn >= 3 ? null : [1, 1]) : [5 + s.turn, 2];
    const shooting = {
      ...hillGame,
      reduce: (s: S, a: A) => {
        const r = hillGame.reduce(s, a);
        if (!r.ok || s.next !== 'b') return r;
        const events = s.turn === 1 ? [{ by: 'b1', unit: 'a2' }] : [{ by: 'a1', unit: 'b9' }];
        return accepted(r.state, events as never[]);
      },
      pieces: (s: S) =>
        ['a1', 'b1'].map((id) => ({
          id,
          side: id[0]!,
          type: `t.${id}`,
          at: at(s, id),
          alive: at(s, id) !== null,
        })),
      kills: () => ({
        killsIn: (events: readonly { by: string; unit: string }[]) =>
          events.map((e) => ({ killer: e.by, victim: e.unit })),
      }),
    };
    const r = playLabGame(shooting as never, 1, { games: 1, firstSeed: 1, styles: {} });
    expect(r.kills).toEqual([
      { side: 'b', type: 't.b1', at: [7, 2], sideTurn: 2 },
      { side: 'a', type: 't.a1', at: [1, 1], sideTurn: 4 },
    ]);
    // Without a kill counter there is no list.
    expect(
      playLabGame(hillGame as never, 1, { games: 1, firstSeed: 1, styles: {} }).kills,
    ).toBeUndefined();
  });

  test('a game without objectives leaves the record without control', () => {
    const { objectives: _unused, ...plain } = hillGame;
    const r = playLabGame(plain as never, 1, { games: 1, firstSeed: 1, styles: {} });
    expect(r.control).toBeUndefined();
  });
});
