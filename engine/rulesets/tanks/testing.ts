import { withForcedDice, type Player } from '../../game/simulate';
import { TANKS_BUNDLED } from './catalogs';
import { fixtureScenario, type FixtureOptions } from './fixtures';
import { makeTanksGame, type TanksGame } from './game';
import type { TanksAction, TanksContext, TanksEvent, TanksState } from './rules';

/**
 * A fixture game for tests: the context, the game, and a driver that applies actions (with dice
 * fixed through the driver's `withForcedDice`, never an action) and fails loudly on a refusal.
 */
export interface TestGame {
  readonly ctx: TanksContext;
  readonly game: TanksGame;
  state: TanksState;
  readonly events: TanksEvent[];
  /** Applies actions; throws with the reducer's reason when one is refused. */
  act(...actions: TanksAction[]): TanksEvent[];
  /** Applies an action that must be refused; returns the reason. */
  refuse(action: TanksAction): string;
  /** Puts rolls in front of the seeded dice. */
  dice(...rolls: number[]): void;
}

export function testGame(o: FixtureOptions, seed = 1): TestGame {
  const made = makeTanksGame(fixtureScenario(o), TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  const t: TestGame = {
    ctx: made.ctx,
    game: made.game,
    state: made.game.newGame({ seed }),
    events: [],
    act(...actions) {
      const out: TanksEvent[] = [];
      for (const a of actions) {
        const r = made.game.reduce(t.state, a);
        if (!r.ok) throw new Error(`${JSON.stringify(a)} refused: ${r.reason} (${r.ruleId ?? ''})`);
        t.state = r.state;
        out.push(...r.events);
      }
      t.events.push(...out);
      return out;
    },
    refuse(action) {
      const r = made.game.reduce(t.state, action);
      if (r.ok) throw new Error(`${JSON.stringify(action)} was accepted`);
      return `${r.reason} (${r.ruleId ?? ''})`;
    },
    dice(...rolls) {
      t.state = withForcedDice(made.game, t.state, rolls);
    },
  };
  return t;
}

/** Actions that only set a side up, which a side that never acts still takes (see `sittingSide`). */
const SET_UP: ReadonlySet<TanksAction['type']> = new Set([
  'rollForTerrain',
  'placeTerrain',
  'chooseEdge',
  'placeObjective',
  'deploy',
]);

/**
 * A side that never acts once its models are on the table: it deploys them where the cautious bot
 * would (a TANKS game cannot go on with a model left off the table, TK-2.5) and then does nothing,
 * so the headless driver ends each of its phases for it: never moves, never shoots. The opponent a
 * bot must find and beat (issue 39: no passive bot), for tests and scripts/bench/tanksBots.ts.
 */
export function sittingSide(game: TanksGame): Player<TanksState, TanksAction> {
  return {
    kind: 'source',
    next(state, side) {
      if (state.phase !== 'deployment') return [];
      const out: TanksAction[] = [];
      for (const a of game.bot(state, side, 'cautious').actions) {
        if (a.type === 'reveal') continue;
        if (!SET_UP.has(a.type)) break;
        out.push(a);
      }
      return out;
    },
  };
}
