import { seedRng, type Dice, type RngState } from '../../../random/dice';
import { mixSeed, textHash } from '../../../random/mix';
import type { Ww1State } from './state';

/**
 * The dice a roll of `s` is drawn from. In a game: the running dice (`s.rng`), as always. In a
 * search's rollout, whose state carries a `rollKey` (game.ts `keyedDice`; never in a game): dice
 * drawn from the key and what the roll is for (the turn, the side, the battle's unit, target and
 * whether it is the bonus combat), so two rollouts of different candidate turns fight the same
 * battle with the same dice whatever was rolled before it, and their paired scores differ by the
 * choice more than by luck. The hashes are the search's own (engine/random/mix.ts).
 */
export function rollsFor(s: Ww1State, what: string): RngState {
  if (s.rollKey === undefined) return s.rng;
  return seedRng(mixSeed(s.rollKey, s.turn, textHash(`${s.active}/${what}`)));
}

/** The running dice after a roll drawn by `rollsFor`: unchanged where the rolls were keyed. */
export function rollsAfter(s: Ww1State, dice: Dice): RngState {
  return s.rollKey === undefined ? dice.state() : s.rng;
}
