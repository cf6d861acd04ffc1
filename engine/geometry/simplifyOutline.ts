/**
 * Outlines with the points that add nothing taken out: points on (or within a hair of) the
 * straight line between their neighbours. A road traced with 5,000 points along the same five
 * legs, or a creek with 10,000, then costs the layout checks what its five legs cost, and gives
 * the same answers.
 */

type Pt = readonly [number, number];

/**
 * How far (inches) a point may lie from the simplified line and still be dropped: a millionth of
 * an inch. Far above rounding noise on any table coordinate, far below anything a rule measures:
 * moving an outline this much changes an area by at most its length times this, a few
 * thousandths of a square inch for a 1,000" outline, against the 0.05 sq in the overlap and
 * bridge checks allow.
 */
export const OUTLINE_TOLERANCE = 1e-6;

/** Distance from p to the segment a–b, squared. */
function distanceToSegment2(p: Pt, a: Pt, b: Pt): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  let t = len2 === 0 ? 0 : ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2;
  t = t < 0 ? 0 : t > 1 ? 1 : t;
  const ex = a[0] + dx * t - p[0];
  const ey = a[1] + dy * t - p[1];
  return ex * ex + ey * ey;
}

/**
 * Which of `points[first..last]` to keep (Douglas–Peucker): every dropped point lies within
 * `tolerance` of the segment between the kept points around it. Distance to the segment, not to
 * its line, so a point where the outline turns back (a spike, a road doubling back) is kept
 * however flat the turn. An explicit stack: a 10,000-point outline does not recurse 10,000 deep.
 */
function markKept(
  points: readonly Pt[],
  first: number,
  last: number,
  tolerance: number,
  keep: Uint8Array,
): void {
  const tol2 = tolerance * tolerance;
  const stack: number[] = [first, last];
  keep[first] = 1;
  keep[last] = 1;
  while (stack.length > 0) {
    const hi = stack.pop()!;
    const lo = stack.pop()!;
    let worst = -1;
    let at = -1;
    for (let i = lo + 1; i < hi; i++) {
      const d = distanceToSegment2(points[i]!, points[lo]!, points[hi]!);
      if (d > worst) {
        worst = d;
        at = i;
      }
    }
    if (at >= 0 && worst > tol2) {
      keep[at] = 1;
      stack.push(lo, at, at, hi);
    }
  }
}

/** An open polyline (road, creek, wall) without the points that add nothing; ends are kept. */
export function simplifyPolyline<P extends Pt>(
  points: readonly P[],
  tolerance = OUTLINE_TOLERANCE,
): P[] {
  if (points.length <= 2) return [...points];
  const keep = new Uint8Array(points.length);
  markKept(points, 0, points.length - 1, tolerance, keep);
  return points.filter((_, i) => keep[i] === 1);
}

/**
 * A closed outline (the closing edge implied) without the points that add nothing. The ring is
 * cut at its first point and at the point farthest from it, both kept, and each half simplified;
 * the first point is then dropped too if it lies on the line between its kept neighbours.
 */
export function simplifyRing<P extends Pt>(
  points: readonly P[],
  tolerance = OUTLINE_TOLERANCE,
): P[] {
  const n = points.length;
  if (n <= 3) return [...points];
  const p0 = points[0]!;
  let far = 0;
  let farD = -1;
  for (let i = 1; i < n; i++) {
    const d = (points[i]![0] - p0[0]) ** 2 + (points[i]![1] - p0[1]) ** 2;
    if (d > farD) {
      farD = d;
      far = i;
    }
  }
  if (farD === 0) return [...points];
  // The ring as a path 0..n, where n stands for point 0 again.
  const path: Pt[] = [...points, p0];
  const keep = new Uint8Array(n + 1);
  markKept(path, 0, far, tolerance, keep);
  markKept(path, far, n, tolerance, keep);
  const kept: P[] = [];
  for (let i = 0; i < n; i++) if (keep[i]) kept.push(points[i]!);
  if (kept.length > 3) {
    const prev = kept[kept.length - 1]!;
    const next = kept[1]!;
    if (distanceToSegment2(p0, prev, next) <= tolerance * tolerance) kept.shift();
  }
  return kept.length >= 3 ? kept : [...points];
}
