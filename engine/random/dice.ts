import { xoroshiro128plus, xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import { uniformInt } from 'pure-rand/distribution/uniformInt';

/**
 * The state of the seeded generator (xoroshiro128+), kept inside the game state as plain numbers
 * so a saved game and its replay roll the same dice. `forced` rolls, when present, are used first:
 * only test set-ups put them there (acceptance vectors with fixed dice).
 */
export interface RngState {
  readonly seed: number;
  readonly state: readonly number[];
  readonly forced?: readonly number[];
}

/** A fresh generator state from a seed. */
export function seedRng(seed: number): RngState {
  return { seed, state: [...xoroshiro128plus(seed | 0).getState()] };
}

/** One die roll as it is logged: sides, natural result and what it was for. */
export interface DieRoll {
  readonly sides: number;
  readonly natural: number;
  readonly forced?: boolean;
}

/**
 * Rolls dice against a generator state without touching it: `roll` returns the next result and
 * `state` gives the state after every roll so far. One `Dice` per reducer step.
 */
export class Dice {
  private forced: number[];
  private readonly rng;
  private used = false;
  readonly rolls: DieRoll[] = [];

  constructor(private readonly start: RngState) {
    this.forced = [...(start.forced ?? [])];
    this.rng = xoroshiro128plusFromState(start.state);
  }

  /**
   * Rolls one die with `sides` faces (a d6 unless told). A forced roll is the face number
   * (1 to `sides`); one that does not fit the die is a broken test set-up and throws.
   */
  roll(sides = 6): number {
    const f = this.forced.shift();
    let natural: number;
    if (f !== undefined) {
      if (!Number.isInteger(f) || f < 1 || f > sides)
        throw new Error(
          `forced roll ${f} does not fit a ${sides}-sided die: a forced roll is a face number from 1 to ${sides}`,
        );
      natural = f;
      this.rolls.push({ sides, natural, forced: true });
    } else {
      this.used = true;
      natural = uniformInt(this.rng, 1, sides);
      this.rolls.push({ sides, natural });
    }
    return natural;
  }

  /**
   * A whole number from 0 to `n` - 1 straight from the generator, for shuffling: it is not a die
   * roll, so it is not logged in `rolls` and never takes a forced roll (tests that need a card
   * order put the deck in that order).
   */
  index(n: number): number {
    if (!Number.isInteger(n) || n < 1) throw new Error(`cannot pick one of ${n} things`);
    this.used = true;
    return uniformInt(this.rng, 0, n - 1);
  }

  /** The generator state after the rolls made so far. */
  state(): RngState {
    const base = this.used
      ? { seed: this.start.seed, state: [...this.rng.getState()] }
      : { seed: this.start.seed, state: this.start.state };
    return this.forced.length > 0 ? { ...base, forced: this.forced } : base;
  }
}
