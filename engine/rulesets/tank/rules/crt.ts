import type { Crt, CrtRow, TankOptions, TankRules } from './tables';

/**
 * The combat results table as thresholds: a cell "1-3" is T = 3 (success when the adjusted roll
 * is at most T), "." is null. Low rolls are good for the firer.
 */

/** The CRT row for a range in hexes, or undefined beyond the longest row. */
export function crtRow(crt: Crt, range: number): CrtRow | undefined {
  return crt.rows.find((r) => range <= r.rangeMax);
}

/** Where a differential reads the row: clamped to the printed columns. */
export function crtColumn(crt: Crt, differential: number): number {
  const lo = crt.columns[0]!;
  const hi = crt.columns[crt.columns.length - 1]!;
  return Math.min(hi, Math.max(lo, differential));
}

/**
 * The threshold of a cell with "." read as OT-32.8 extends it (OT-A1): the k-th "." to the left
 * of the row's lowest printed cell counts as (that cell − k), so a "." next to a "1" is 0 and
 * pinning fire's −2 turns it into "1-2". With `firstTwoOnly`, only the first two "." count.
 * Differentials below the printed columns keep counting leftwards. A "." right of a printed cell
 * (none in a monotone table) stays no effect.
 */
export function extendedThreshold(
  row: CrtRow,
  crt: Crt,
  differential: number,
  dots: TankOptions['dfpDotCells'],
): number | null {
  const lowestPrinted = crt.columns.find((c) => row.cells.get(c) != null);
  if (lowestPrinted === undefined) return null;
  const hi = crt.columns[crt.columns.length - 1]!;
  const d = Math.min(hi, differential);
  if (d >= lowestPrinted) {
    const v = row.cells.get(crtColumn(crt, d));
    return v ?? null;
  }
  const k = lowestPrinted - d;
  if (dots === 'firstTwoOnly' && k > 2) return null;
  return row.cells.get(lowestPrinted)! - k;
}

/** The printed threshold for plain fire: "." (and anything left of the table) is no effect. */
export function plainThreshold(row: CrtRow, crt: Crt, differential: number): number | null {
  if (differential < crt.columns[0]!) return null;
  return row.cells.get(crtColumn(crt, differential)) ?? null;
}

/** The die modifier for the movement points a target plotted (OT-G3). */
export function movementModifier(rules: TankRules, mp: number): number {
  return rules.mpMods.find((m) => mp >= m.minMP && mp <= m.maxMP)?.dieMod ?? 0;
}

/** Whether an adjusted roll succeeds against a threshold. */
export const succeeds = (roll: number, mod: number, t: number | null): boolean =>
  t !== null && roll + mod <= t;

/** The exact chance that a d6 (or dN) roll plus `mod` is at most `t`. */
export function chance(t: number | null, mod: number, sides = 6): number {
  if (t === null) return 0;
  let n = 0;
  for (let r = 1; r <= sides; r++) if (r + mod <= t) n++;
  return n / sides;
}

/**
 * The eliminating band of a success range 1..T for soft targets (OT-32.9, OT-A4): the lowest
 * `share` of it, at least 1 (floor; or rounded with the `round` reading); the rest pins.
 */
export function killBand(
  t: number,
  share: number,
  rounding: TankOptions['softSplitRounding'],
): number {
  const raw = t * share;
  return Math.max(1, rounding === 'round' ? Math.round(raw) : Math.floor(raw));
}

/** Exact chances of each result of a soft-target HE roll with the split of OT-32.9. */
export function softOdds(
  t: number | null,
  mod: number,
  share: number,
  rounding: TankOptions['softSplitRounding'],
  sides = 6,
): { eliminated: number; pinned: number; none: number } {
  if (t === null || t < 1) return { eliminated: 0, pinned: 0, none: 1 };
  const kill = killBand(t, share, rounding);
  let e = 0;
  let p = 0;
  for (let r = 1; r <= sides; r++) {
    const a = r + mod;
    if (a <= kill) e++;
    else if (a <= t) p++;
  }
  return { eliminated: e / sides, pinned: p / sides, none: (sides - e - p) / sides };
}
