import type { Axial } from '../geometry/units';

export type { Axial } from '../geometry/units';

/**
 * Axial hex coordinates and the maths that needs no map: distance, range, ring, rounding.
 * Axial (q, r) with cube s = -q - r, as in Red Blob Games' hex guide and Tiled's `hex.h`:
 * q grows east (flat tops: along a column's step to the east), r grows south-ish; on both
 * orientations the mapping to the table turns the same way, so "clockwise" and "left" mean the
 * same on flat and pointy maps.
 */

/** Which way up the hexes sit: a flat side on top (columns of hexes) or a corner on top (rows). */
export type HexOrientation = 'flat' | 'pointy';

/** A hex coordinate; `-0` is folded to `0` so equal hexes compare equal in tests and keys. */
export const axial = (q: number, r: number): Axial => ({ q: q + 0, r: r + 0 }) as Axial;

/** Cube coordinates of a hex: q + r + s = 0. */
export interface Cube {
  readonly q: number;
  readonly r: number;
  readonly s: number;
}

export const toCube = (h: Axial): Cube => ({ q: h.q, r: h.r, s: -h.q - h.r + 0 });

export const sameHex = (a: Axial, b: Axial): boolean => a.q === b.q && a.r === b.r;

/** A string key for maps and sets of hexes: `"q,r"`. */
export const axialKey = (h: Axial): string => `${h.q},${h.r}`;

export const addAxial = (a: Axial, b: Axial): Axial => axial(a.q + b.q, a.r + b.r);
export const subAxial = (a: Axial, b: Axial): Axial => axial(a.q - b.q, a.r - b.r);
export const scaleAxial = (a: Axial, k: number): Axial => axial(a.q * k, a.r * k);

/** Number of hex steps between two hexes (the hex metric). */
export function hexDistance(a: Axial, b: Axial): number {
  const dq = a.q - b.q;
  const dr = a.r - b.r;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/**
 * The six unit steps in clockwise order on the table (y grows south), starting with axial
 * (0, -1): north on a flat-topped map, north-west on a pointy-topped one. Hexside numbers are
 * per orientation (see `hexsideStep` in hexside.ts); these steps need none.
 */
export const AXIAL_STEPS: readonly Axial[] = [
  axial(0, -1),
  axial(1, -1),
  axial(1, 0),
  axial(0, 1),
  axial(-1, 1),
  axial(-1, 0),
];

/** The six hexes around `h`, clockwise from the one at axial (0, -1). */
export function hexNeighbours(h: Axial): Axial[] {
  return AXIAL_STEPS.map((d) => addAxial(h, d));
}

/** Whether two hexes share a hexside. */
export const areNeighbours = (a: Axial, b: Axial): boolean => hexDistance(a, b) === 1;

/**
 * Every hex within `n` steps of `centre` (n >= 0): 3n(n+1)+1 hexes, ordered by q then r, so
 * callers that iterate get the same order every time.
 */
export function hexRange(centre: Axial, n: number): Axial[] {
  const out: Axial[] = [];
  for (let dq = -n; dq <= n; dq++) {
    const lo = Math.max(-n, -dq - n);
    const hi = Math.min(n, -dq + n);
    for (let dr = lo; dr <= hi; dr++) out.push(axial(centre.q + dq, centre.r + dr));
  }
  return out;
}

/**
 * The hexes exactly `n` steps from `centre`: 6n of them for n >= 1 (just the centre for 0),
 * clockwise on the table, starting n steps along axial (0, -1).
 */
export function hexRing(centre: Axial, n: number): Axial[] {
  if (n === 0) return [centre];
  const out: Axial[] = [];
  let h = addAxial(centre, scaleAxial(AXIAL_STEPS[0]!, n));
  for (let i = 0; i < 6; i++) {
    const step = AXIAL_STEPS[(i + 2) % 6]!;
    for (let j = 0; j < n; j++) {
      out.push(h);
      h = addAxial(h, step);
    }
  }
  return out;
}

/**
 * The hex containing a fractional axial position (cube rounding). A position exactly on a
 * hexside or corner goes to one of its hexes by a fixed order of the rounding errors (q, then r),
 * so the answer is repeatable; games that care about such positions trace lines exactly instead
 * (line.ts).
 */
export function roundAxial(fq: number, fr: number): Axial {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return axial(q, r);
}
