import { seedRng, type Dice, type RngState } from '../../../random/dice';
import type { Ww1State } from './state';

/**
 * The dice a roll of `s` is drawn from. In a game: the running dice (`s.rng`), as always. In a
 * search's rollout, whose state carries a `rollKey` (game.ts `keyedDice`; never in a game): dice
 * drawn from the key and what the roll is for (the turn, the side, the battle's unit, target and
 * whether it is the bonus combat), so two rollouts of different candidate turns fight the same
 * battle with the same dice whatever was rolled before it, and their paired scores differ by the
 * choice more than by luck.
 */
export function rollsFor(s: Ww1State, what: string): RngState {
  if (s.rollKey === undefined) return s.rng;
  let h = Math.imul(s.rollKey ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(s.turn + 1, 0xc2b2ae35);
  const text = `${s.active}/${what}`;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h ^= h >>> 15;
  return seedRng(Math.imul(h, 0x2c1b3c6d) ^ (h >>> 12));
}

/** The running dice after a roll drawn by `rollsFor`: unchanged where the rolls were keyed. */
export function rollsAfter(s: Ww1State, dice: Dice): RngState {
  return s.rollKey === undefined ? dice.state() : s.rng;
}
