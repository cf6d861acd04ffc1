import type { Share, ShareDifference } from './types';

/** z for a two-sided 95% interval. */
const Z95 = 1.959963984540054;

/**
 * The Wilson score interval of `count` successes in `of` trials: unlike the plain ±z·√(p(1−p)/n)
 * it stays inside [0, 1] and keeps its coverage near 0 and 1 and for small samples.
 */
export function wilson(count: number, of: number, z = Z95): Share {
  if (of === 0) return { count, of, share: 0, low: 0, high: 1 };
  const p = count / of;
  const z2 = z * z;
  const denom = 1 + z2 / of;
  const centre = (p + z2 / (2 * of)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / of + z2 / (4 * of * of))) / denom;
  // At 0 and at n the bound is exactly the end; rounding must not move it past.
  return {
    count,
    of,
    share: p,
    low: count === 0 ? 0 : Math.max(0, centre - half),
    high: count === of ? 1 : Math.min(1, centre + half),
  };
}

/**
 * The difference of two independent shares, `a` − `b`, with its 95% interval by Newcombe's
 * hybrid score method (his method 10, from the two Wilson intervals): it stays within [−1, 1]
 * and keeps its coverage for small samples and shares near 0 or 1, unlike the plain Wald one.
 */
export function shareDifference(a: Share, b: Share): ShareDifference {
  const d = a.share - b.share;
  if (a.of === 0 || b.of === 0) return { difference: d, low: -1, high: 1 };
  const low = d - Math.sqrt((a.share - a.low) ** 2 + (b.high - b.share) ** 2);
  const high = d + Math.sqrt((a.high - a.share) ** 2 + (b.share - b.low) ** 2);
  return { difference: d, low: Math.max(-1, low), high: Math.min(1, high) };
}
