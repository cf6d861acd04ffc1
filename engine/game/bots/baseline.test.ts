import { describe, expect, it } from 'vitest';
import { seedRng, type RngState } from '../../random/dice';
import type { ActionSpec } from '../actionSchema';
import { defineGame } from '../defineGame';
import { actionRng } from '../legal';
import { accepted, invalid } from '../reducer';
import { simulate } from '../simulate';
import { baselinePlayer, baselineTurn, botPlayer } from './baseline';

/**
 * A race to 10: on its turn a side adds 1, 2 or 3 to its own count, as often as it likes, then
 * passes; the first to 10 wins. Only `legalActions` says what may be done.
 */
type RaceState = {
  readonly counts: Readonly<Record<string, number>>;
  readonly active: string;
  readonly winner?: string;
  readonly rng: RngState;
};
type RaceAction = { readonly type: 'add'; readonly by: number } | { readonly type: 'pass' };

const other = (side: string) => (side === 'a' ? 'b' : 'a');
const race = (options: { list?: boolean } = {}) =>
  defineGame<RaceState, RaceAction, string>({
    rulesetId: 'race',
    sides: ['a', 'b'].map((id) => ({ id, name: id.toUpperCase(), deployment: 'none' })),
    actions: new Map<string, ActionSpec>([
      ['add', { description: 'adds', fields: { by: { kind: 'number', min: 1, max: 3 } } }],
      ['pass', { description: 'passes', fields: {} }],
    ]),
    rules: (s, a) => {
      if (s.winner) return invalid('the race is over');
      if (a.type === 'pass') return accepted({ ...s, active: other(s.active) }, ['pass']);
      const n = s.counts[s.active]! + a.by;
      if (n > 10) return invalid('past 10');
      return accepted(
        { ...s, counts: { ...s.counts, [s.active]: n }, ...(n === 10 ? { winner: s.active } : {}) },
        [`+${a.by}`],
      );
    },
    newGame: (o) => ({ counts: { a: 0, b: 0 }, active: 'a', rng: seedRng(o.seed) }),
    status: (s) => ({
      turn: 0,
      phase: 'race',
      waitingFor: s.winner ? [] : [s.active],
      over: s.winner !== undefined,
    }),
    result: (s) => (s.winner ? { winner: s.winner, text: `${s.winner} wins` } : undefined),
    eventVisible: () => true,
    actionSide: (s) => s.active,
    endPhaseAction: () => ({ type: 'pass' }),
    // The heuristic bot: add 3 (or what is left), then pass.
    bot: (s, side) => {
      const by = Math.min(3, 10 - s.counts[side]!);
      const actions: RaceAction[] = [{ type: 'add', by }, { type: 'pass' }];
      let st = s;
      const events: string[] = [];
      for (const a of actions) {
        const r = game0.reduce(st, a);
        if (!r.ok) break;
        st = r.state;
        events.push(...r.events);
      }
      return { actions, state: st, events };
    },
    ...(options.list === false
      ? {}
      : {
          legalActions: (s: RaceState, side: string): RaceAction[] =>
            s.winner || s.active !== side
              ? []
              : [
                  ...[1, 2, 3]
                    .filter((by) => s.counts[side]! + by <= 10)
                    .map((by): RaceAction => ({ type: 'add', by })),
                  { type: 'pass' },
                ],
        }),
  });
const game0 = race();

describe('the baseline bot', () => {
  it('plays legal actions until its side is no longer asked to act', () => {
    const s = game0.newGame({ seed: 1 });
    const turn = baselineTurn(game0, s, 'a', actionRng(3));
    expect(turn.actions.length).toBeGreaterThan(0);
    expect(turn.actions.at(-1)).toEqual(
      turn.state.winner ? expect.objectContaining({ type: 'add' }) : { type: 'pass' },
    );
    expect(game0.status(turn.state).waitingFor).not.toContain('a');
  });

  it('does nothing for a side not asked to act', () => {
    const turn = baselineTurn(game0, game0.newGame({ seed: 1 }), 'b', actionRng(3));
    expect(turn.actions).toEqual([]);
  });

  it('ends the phase when the ruleset offers no way to choose, and when its steps run out', () => {
    const blind = race({ list: false });
    const s = blind.newGame({ seed: 1 });
    expect(baselineTurn(blind, s, 'a', actionRng(1)).actions).toEqual([{ type: 'pass' }]);
    const capped = baselineTurn(game0, s, 'a', actionRng(1), 0);
    expect(capped.actions).toEqual([{ type: 'pass' }]);
  });

  it('plays whole games through simulate, the same for the same seeds', () => {
    const play = (seed: number) =>
      simulate(game0, {
        seed,
        players: { a: baselinePlayer(game0, seed), b: baselinePlayer(game0, seed + 1) },
      });
    const winners = new Set<string>();
    for (let seed = 1; seed <= 12; seed++) {
      const r = play(seed);
      expect(r.stoppedBy).toBe('over');
      winners.add(r.result!.winner);
      expect(play(seed).actions).toEqual(r.actions);
    }
    // Random play: each side wins some.
    expect(winners).toEqual(new Set(['a', 'b']));
  });

  it('is the `random` bot by name; the styles are the ruleset`s own bot', () => {
    expect(botPlayer(game0, 'random', 1).kind).toBe('source');
    expect(botPlayer(game0, 'aggressive', 1)).toEqual({ kind: 'bot', style: 'aggressive' });
    // The heuristic bot (3 a turn, first to move) beats random play from the first seat.
    const r = simulate(game0, { seed: 4, players: { b: botPlayer(game0, 'random', 4) } });
    expect(r.result?.winner).toBe('a');
  });
});
