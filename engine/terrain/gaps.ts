import type { TablePoint } from '../geometry/units';

/**
 * A breach made in a wall, fence or hedge during play (a tank pushing through a thin wall, a
 * shell knocking a section down): crossings of that feature this close to `at` are open. For a
 * building it is a hole shot in its wall: a sight line that enters and leaves the house only
 * through holes passes.
 */
export interface Gap {
  readonly feature: string;
  readonly at: readonly [number, number];
  /** Width of the breach in inches. */
  readonly width: number;
}

/** Whether a crossing of a linear feature at `p` goes through one of its gaps. */
export function inGap(gaps: readonly Gap[], feature: string, p: TablePoint): boolean {
  return gaps.some(
    (g) => g.feature === feature && Math.hypot(p.x - g.at[0], p.y - g.at[1]) <= g.width / 2 + 1e-9,
  );
}
