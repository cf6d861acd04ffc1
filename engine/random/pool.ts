import { dict } from '../game/dict';
import type { Dice } from './dice';

/**
 * Dice pools: N dice rolled together and read by counting faces. A die is numbered (a d6: faces
 * 1 to 6) or custom, with faces named by catalog data (the WWI card game's battle dice show unit
 * symbols, a grenade, a flag, a star). Either way face n is what a natural roll of n shows, so the
 * seeded generator, the roll log and forced rolls (face numbers, for tests) work the same for both.
 */

/** What to roll: `count` dice of `sides` numbered faces, or of the named `faces` in order. */
export type PoolSpec =
  | { readonly count: number; readonly sides: number }
  | { readonly count: number; readonly faces: readonly string[] };

/** A rolled pool. */
export interface PoolRoll {
  /** Face number of each die, 1-based, in the order rolled. */
  readonly naturals: readonly number[];
  /** The face each die shows: its name for custom dice, its number as text for numbered dice. */
  readonly shown: readonly string[];
  /**
   * How many dice show each face, with every face of the die listed (0 when none shows it), in the
   * die's face order. Faces that share a name (two "infantry" faces) are counted together.
   */
  readonly counts: Readonly<Record<string, number>>;
}

/** The face names of a pool's dice: "1".."sides" for numbered dice. */
export function poolFaces(spec: PoolSpec): readonly string[] {
  if ('faces' in spec) return spec.faces;
  return Array.from({ length: spec.sides }, (_, i) => String(i + 1));
}

/** Rolls a pool with the step's dice (each die is one logged roll). */
export function rollPool(dice: Dice, spec: PoolSpec): PoolRoll {
  const faces = poolFaces(spec);
  if (faces.length === 0) throw new Error('a die needs at least one face');
  if (!Number.isInteger(spec.count) || spec.count < 0)
    throw new Error(`cannot roll ${spec.count} dice: a pool is a whole number of dice, 0 or more`);
  const naturals: number[] = [];
  const shown: string[] = [];
  // Faces are names from a catalog: a record without a prototype (game/dict.ts).
  const counts = dict<number>();
  for (const f of faces) counts[f] = 0;
  for (let i = 0; i < spec.count; i++) {
    const n = dice.roll(faces.length);
    const face = faces[n - 1]!;
    naturals.push(n);
    shown.push(face);
    counts[face]! += 1;
  }
  return { naturals, shown, counts };
}

/** How many dice of a numbered pool rolled `target` or more ("hits on 5+"). */
export function countAtLeast(roll: PoolRoll, target: number): number {
  return roll.naturals.filter((n) => n >= target).length;
}

/** How many dice show any of `faces` (a custom die's symbols that score against a target). */
export function countShowing(roll: PoolRoll, faces: readonly string[]): number {
  return roll.shown.filter((f) => faces.includes(f)).length;
}
