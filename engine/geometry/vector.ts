import { degrees, inches, tablePoint, type Degrees, type Inches, type TablePoint } from './units';

/** Straight-line distance between two table points. */
export function distance(a: TablePoint, b: TablePoint): Inches {
  // sqrt of the squares rather than Math.hypot: several times faster where V8 does not inline
  // hypot (it boxes every answer), and table distances are far from overflow or underflow.
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  return inches(Math.sqrt(dx * dx + dy * dy));
}

/** The point a fraction `t` of the way from `a` to `b`. */
export function lerpPoint(a: TablePoint, b: TablePoint, t: number): TablePoint {
  return tablePoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t);
}

/** Bearing from `a` to `b` in degrees clockwise from east (y grows southwards), in [0, 360). */
export function bearing(a: TablePoint, b: TablePoint): Degrees {
  return normaliseDegrees((Math.atan2(b.y - a.y, b.x - a.x) * 180) / Math.PI);
}

/** An angle folded into [0, 360). */
export function normaliseDegrees(d: number): Degrees {
  const r = d % 360;
  return degrees(r < 0 ? r + 360 : r);
}

/** Signed smallest difference `to - from`, in (-180, 180]. */
export function angleBetween(from: number, to: number): Degrees {
  let d = (to - from) % 360;
  if (d <= -180) d += 360;
  if (d > 180) d -= 360;
  return degrees(d);
}

/** The point reached from `p` going `length` inches on `bearingDeg`. */
export function project(p: TablePoint, bearingDeg: number, length: number): TablePoint {
  const r = (bearingDeg * Math.PI) / 180;
  return tablePoint(p.x + Math.cos(r) * length, p.y + Math.sin(r) * length);
}

/** Distance from `p` to the segment `a`–`b`, and the parameter of the nearest point on it. */
export function distanceToSegment(
  p: TablePoint,
  a: TablePoint,
  b: TablePoint,
): { distance: Inches; t: number } {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return { distance: inches(hypot(a.x + dx * t - p.x, a.y + dy * t - p.y)), t };
}

/**
 * Distance from `p` to the segment `a`–`b`: the same number as `distanceToSegment(...).distance`,
 * without making an object (terrain queries call it in their innermost loops).
 */
export function segmentDistance(p: TablePoint, a: TablePoint, b: TablePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return hypot(a.x + dx * t - p.x, a.y + dy * t - p.y);
}

/** The length of (x, y), as `distance` measures it. */
function hypot(x: number, y: number): number {
  return Math.sqrt(x * x + y * y);
}

/** Length of a polyline. */
export function pathLength(points: readonly TablePoint[]): Inches {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += distance(points[i - 1]!, points[i]!);
  return inches(sum);
}
