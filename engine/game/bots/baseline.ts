import type { ActionRng, BotStyle, GameAction, GameDef, SideTurn } from '../gameDef';
import { actionRng, chooseAction } from '../legal';
import { SideTurnBuilder } from '../sideTurn';
import type { Player } from '../simulate';
import { searchPlayer } from './search';

/**
 * The baseline bot: plays any ruleset from its legal-play contract alone (`legalActions` or
 * `sampleAction`, engine/game/legal.ts), choosing uniformly at random among the actions it may
 * take, until its part of the phase is over. It knows no ruleset: it is the `random` opponent a
 * strength ladder measures the others against, and a fuzzer of legal play.
 */

/** Actions a side turn may take before the baseline ends its phase (the step guard). */
export const BASELINE_STEPS = 200;

/**
 * The baseline's side turn: random legal actions until the side is no longer asked to act (or
 * the game ends); when the ruleset offers nothing, or the guard's steps run out, the side's phase
 * is ended for it. No actions when the side is not asked to act.
 */
export function baselineTurn<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  side: string,
  rng: ActionRng,
  maxSteps = BASELINE_STEPS,
): SideTurn<S, A, E> {
  const turn = new SideTurnBuilder(game.reduce, start, maxSteps);
  const asked = (s: S) => {
    const status = game.status(s);
    return !status.over && status.waitingFor.includes(side);
  };
  while (asked(turn.state)) {
    if (!turn.step()) {
      turn.apply(game.endPhaseAction(turn.state, side));
      break;
    }
    const action = chooseAction(game, turn.state, side, rng);
    if (!turn.applyFirst(action, game.endPhaseAction(turn.state, side))) break;
  }
  return turn.done();
}

/**
 * The baseline as a player of `simulate` (one per game; its choices come from `seed`, so the
 * same game, seed and players give the same result).
 */
export function baselinePlayer<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  seed: number,
): Player<S, A> {
  const rng = actionRng(seed);
  return { kind: 'source', next: (state, side) => baselineTurn(game, state, side, rng).actions };
}

/**
 * A bot by name: `random` is the baseline, `search` the search bot (bots/search.ts), the others
 * the ruleset's own bot in that style.
 */
export type BotName = BotStyle | 'random' | 'search';

/**
 * Every bot name `botPlayer` plays, weakest-looking first: what `sandtable ladder` plays by
 * default and the names its `--bots` accepts. A new bot kind is added here and in `botPlayer`.
 */
export const BOT_NAMES: readonly BotName[] = [
  'random',
  'cautious',
  'balanced',
  'aggressive',
  'search',
];

/** Whether a word is one of `BOT_NAMES` (for input from a command line or a file). */
export function isBotName(name: string): name is BotName {
  return (BOT_NAMES as readonly string[]).includes(name);
}

/**
 * The player for a bot name in `simulate`. The seed is the baseline's and the search bot's (the
 * search's turns are seeded from it, the turn and the side, so a game seed replays the same
 * game); styles ignore it. `search.strength` is the search bot's (`SEARCH_STRENGTHS`).
 */
export function botPlayer<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  name: BotName,
  seed: number,
  search: { readonly strength?: number } = {},
): Player<S, A> {
  if (name === 'random') return baselinePlayer(game, seed);
  if (name === 'search') return searchPlayer(game, seed, search.strength);
  return { kind: 'bot', style: name };
}
