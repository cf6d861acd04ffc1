import { Dice, seedRng } from '../../../random/dice';
import { mixSeed, textHash } from '../../../random/mix';
import type { TanksAction, TanksState } from './state';

/**
 * The dice a reducer step of `s` rolls with. In a game: the running dice (`s.rng`), as always. In
 * a search's rollout, whose state carries a `rollKey` (game.ts `keyedDice`; never in a game): dice
 * drawn from the key and what the rolls are for (the turn, and the shot: shooter, target and
 * weapon; for the rolls of the turn's start, the turn alone), so two rollouts of different
 * candidate side turns that come to the same shot roll it with the same dice whatever was rolled
 * before it, and their paired scores differ by the choice more than by luck.
 */
export function diceFor(s: TanksState, action: TanksAction): Dice {
  if (s.rollKey === undefined) return new Dice(s.rng);
  return new Dice(keyedRng(s.rollKey, s.turn, rollsOf(s, action)));
}

/** The dice the game's flow after a step rolls with (the command phase: repairs, Advantage). */
export function flowDice(s: TanksState, dice: Dice): Dice {
  if (s.rollKey === undefined) return dice;
  return new Dice(keyedRng(s.rollKey, s.turn, 'flow'));
}

/** What a step's rolls are for. */
function rollsOf(s: TanksState, a: TanksAction): string {
  switch (a.type) {
    case 'shoot':
      return `shoot/${a.unit}/${a.target}/${a.weapon}/${a.boost ? 1 : 0}`;
    case 'cancel':
    case 'split':
    case 'endPhase': {
      // The rolls of a shot's later steps (the defence after a split, the cards drawn) and
      // of a phase ended with one pending follow that shot.
      const p = s.pending;
      return p ? `${a.type}/${p.shooter}/${p.target}/${p.weapon}` : `${a.type}/${s.phase}`;
    }
    default:
      return `${a.type}/${s.phase}`;
  }
}

function keyedRng(key: number, turn: number, what: string) {
  return seedRng(mixSeed(key, turn, textHash(what)));
}
