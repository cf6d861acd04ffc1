import { Dice, seedRng } from '../random/dice';
import type { ActionRng, GameAction, GameDef } from './gameDef';
import type { Reducer } from './reducer';

/**
 * The legal-play contract of the ruleset kit. A ruleset offers one of two ways to say what a side
 * may do now:
 * - `legalActions(state, side)`: every choice, listed (a hex game's moves to each hex, the cards in
 *   a hand, a phase's end), each accepted by `reduce`;
 * - `sampleAction(state, side, rng)`: one choice drawn at random, accepted by `reduce`, where the
 *   choices cannot be listed (a move to any point of a table in inches).
 * The baseline bot (bots/baseline.ts), legal-play fuzzing and generic search build on these and
 * never on a ruleset's own types. The helpers below are what rulesets use to offer them.
 */

export type { ActionRng };

/** A fresh source of choices from a seed (the game's own generator, apart from its dice). */
export function actionRng(seed: number): ActionRng {
  const dice = new Dice(seedRng(seed));
  return { index: (n) => dice.index(n) };
}

/** One of `items`, drawn with `rng` (undefined for none). */
export function pick<T>(rng: ActionRng, items: readonly T[]): T | undefined {
  return items.length ? items[rng.index(items.length)] : undefined;
}

/** A number from `min` to `max` drawn with `rng`, in steps of 1/1024 (actions stay short JSON). */
export function pickNumber(rng: ActionRng, min: number, max: number): number {
  if (!(max > min)) return min;
  return min + rng.index(1024 * (max - min) + 1) / 1024;
}

/** The candidates the rules accept, in their order: how a ruleset lists its legal actions. */
export function acceptedActions<S, A, E>(
  rules: Reducer<S, A, E>,
  state: S,
  candidates: Iterable<A>,
): A[] {
  const out: A[] = [];
  for (const a of candidates) if (rules(state, a).ok) out.push(a);
  return out;
}

/**
 * A drawn action the rules accept: `draw` is asked up to `tries` times (it may answer undefined
 * for a draw that found nothing), then each of `fallbacks` in order. Undefined when none is
 * accepted. How a ruleset samples actions it cannot list.
 */
export function sampleAccepted<S, A, E>(
  rules: Reducer<S, A, E>,
  state: S,
  draw: () => A | undefined,
  tries: number,
  fallbacks: readonly (A | undefined)[] = [],
): A | undefined {
  for (let i = 0; i < tries; i++) {
    const a = draw();
    if (a !== undefined && rules(state, a).ok) return a;
  }
  for (const a of fallbacks) if (a !== undefined && rules(state, a).ok) return a;
  return undefined;
}

/** Whether the game can say what a side may do (it has `legalActions` or `sampleAction`). */
export function canChoose(game: Pick<GameDef, 'legalActions' | 'sampleAction'>): boolean {
  return game.legalActions !== undefined || game.sampleAction !== undefined;
}

/**
 * One action the side may take now, chosen at random: `sampleAction`'s draw where the ruleset
 * offers one (it cannot list its actions, or draws more cheaply than it lists them), else one of
 * `legalActions`, each as likely. Undefined when the side has nothing to do or the ruleset offers
 * neither.
 */
export function chooseAction<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  rng: ActionRng,
): A | undefined {
  if (game.sampleAction) return game.sampleAction(state, side, rng);
  return game.legalActions ? pick(rng, game.legalActions(state, side)) : undefined;
}
