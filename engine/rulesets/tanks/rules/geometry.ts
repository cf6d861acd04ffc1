import {
  pointInPolygon,
  rectangleCorners,
  segmentCrossing,
  segmentInsidePolygon,
  type Polygon,
  type Span,
} from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { distanceToSegment } from '../../../geometry/vector';

/**
 * Plan-view shapes of TANKS models and the tests the rules make on them: a tank is its hull
 * rectangle (gun barrels never count, TK-5.6), a helicopter its round base (TK-1). Exact tests
 * throughout: polygon and disc overlap, the gap between two footprints (Close Range, TK-A13),
 * and the region a straight move sweeps (TK-A9).
 */

export type Footprint =
  | { readonly shape: 'hull'; readonly corners: Polygon }
  | { readonly shape: 'disc'; readonly centre: TablePoint; readonly radius: number };

const EPS = 1e-9;

/** Degrees clockwise from east, y growing south (the table's convention). */
export const unitVector = (deg: number): TablePoint => {
  const r = (deg * Math.PI) / 180;
  return tablePoint(Math.cos(r), Math.sin(r));
};

/** The four hull corners: front-left, front-right, rear-right, rear-left as seen from above. */
export function hullCorners(
  x: number,
  y: number,
  facing: number,
  length: number,
  width: number,
): TablePoint[] {
  // rectangleCorners goes (-l,-w), (l,-w), (l,w), (-l,w) in the hull's frame: rear-left first.
  const [rl, fl, fr, rr] = rectangleCorners(x, y, length, width, facing);
  return [fl!, fr!, rr!, rl!];
}

/** The centre of the hull's front edge (Forward Firing tanks see from here, TK-5.2). */
export function hullFront(x: number, y: number, facing: number, length: number): TablePoint {
  const u = unitVector(facing);
  return tablePoint(x + (u.x * length) / 2, y + (u.y * length) / 2);
}

/** A polygon standing for a disc where only an outline is needed (drawing, wreck markers). */
export function discOutline(centre: TablePoint, radius: number, sides = 24): TablePoint[] {
  return Array.from({ length: sides }, (_, i) => {
    const a = (2 * Math.PI * i) / sides;
    return tablePoint(centre.x + Math.cos(a) * radius, centre.y + Math.sin(a) * radius);
  });
}

/** Distance from a point to a polygon's area: 0 inside or on it. */
export function pointPolygonDistance(p: TablePoint, poly: Polygon): number {
  if (pointInPolygon(p, poly)) return 0;
  let best = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    best = Math.min(best, distanceToSegment(p, poly[j]!, poly[i]!).distance);
  return best;
}

function segmentsCross(a: TablePoint, b: TablePoint, c: TablePoint, d: TablePoint): boolean {
  return segmentCrossing(a, b, c, d) !== undefined;
}

/** Distance between two segments (0 when they cross). */
export function segmentDistance(
  a: TablePoint,
  b: TablePoint,
  c: TablePoint,
  d: TablePoint,
): number {
  if (segmentsCross(a, b, c, d)) return 0;
  return Math.min(
    distanceToSegment(a, c, d).distance,
    distanceToSegment(b, c, d).distance,
    distanceToSegment(c, a, b).distance,
    distanceToSegment(d, a, b).distance,
  );
}

/** Distance between two polygons' areas: 0 when they overlap or touch. */
export function polygonDistance(a: Polygon, b: Polygon): number {
  if (pointInPolygon(a[0]!, b) || pointInPolygon(b[0]!, a)) return 0;
  let best = Infinity;
  for (let i = 0, j = a.length - 1; i < a.length; j = i++)
    for (let k = 0, l = b.length - 1; k < b.length; l = k++)
      best = Math.min(best, segmentDistance(a[j]!, a[i]!, b[l]!, b[k]!));
  return best;
}

/** The gap between two footprints (0 when they overlap or touch). */
export function footprintGap(a: Footprint, b: Footprint): number {
  if (a.shape === 'disc' && b.shape === 'disc')
    return Math.max(
      0,
      Math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) - a.radius - b.radius,
    );
  if (a.shape === 'disc' && b.shape === 'hull')
    return Math.max(0, pointPolygonDistance(a.centre, b.corners) - a.radius);
  if (a.shape === 'hull' && b.shape === 'disc')
    return Math.max(0, pointPolygonDistance(b.centre, a.corners) - b.radius);
  return polygonDistance((a as { corners: Polygon }).corners, (b as { corners: Polygon }).corners);
}

/** Whether two footprints share area (touching edges do not count). */
export function footprintsOverlap(a: Footprint, b: Footprint): boolean {
  if (a.shape === 'disc' && b.shape === 'disc')
    return Math.hypot(a.centre.x - b.centre.x, a.centre.y - b.centre.y) < a.radius + b.radius - EPS;
  if (a.shape === 'hull' && b.shape === 'hull') return polygonsOverlap(a.corners, b.corners);
  const disc = (a.shape === 'disc' ? a : b) as { centre: TablePoint; radius: number };
  const hull = (a.shape === 'hull' ? a : b) as { corners: Polygon };
  return discPolygonOverlap(disc.centre, disc.radius, hull.corners);
}

/** Whether a disc shares area with a polygon. */
export function discPolygonOverlap(c: TablePoint, r: number, poly: Polygon): boolean {
  if (pointInPolygon(c, poly)) return true;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    if (distanceToSegment(c, poly[j]!, poly[i]!).distance < r - EPS) return true;
  return false;
}

/**
 * Whether two polygons share area. Edges that only touch do not count: two tanks parked side by
 * side, or a hull against a building, are not overlapping.
 */
export function polygonsOverlap(a: Polygon, b: Polygon): boolean {
  // Shrink-test: a proper crossing of edges, or a point strictly inside the other.
  for (let i = 0, j = a.length - 1; i < a.length; j = i++) {
    for (let k = 0, l = b.length - 1; k < b.length; l = k++) {
      const t = segmentCrossing(a[j]!, a[i]!, b[l]!, b[k]!);
      if (t === undefined || t < EPS || t > 1 - EPS) continue;
      const u = segmentCrossing(b[l]!, b[k]!, a[j]!, a[i]!);
      if (u !== undefined && u > EPS && u < 1 - EPS) return true;
    }
  }
  return insideStrictly(centroid(a), b) || insideStrictly(centroid(b), a) || anyVertexInside(a, b);
}

function anyVertexInside(a: Polygon, b: Polygon): boolean {
  return a.some((p) => insideStrictly(p, b)) || b.some((p) => insideStrictly(p, a));
}

function insideStrictly(p: TablePoint, poly: Polygon): boolean {
  if (!pointInPolygon(p, poly)) return false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    if (distanceToSegment(p, poly[j]!, poly[i]!).distance < EPS) return false;
  return true;
}

export function centroid(poly: Polygon): TablePoint {
  let x = 0;
  let y = 0;
  for (const p of poly) {
    x += p.x;
    y += p.y;
  }
  return tablePoint(x / poly.length, y / poly.length);
}

/** The convex hull of points (Andrew's monotone chain), counter-clockwise. */
export function convexHull(points: readonly TablePoint[]): TablePoint[] {
  const pts = [...points].sort((a, b) => a.x - b.x || a.y - b.y);
  if (pts.length < 3) return pts;
  const cross = (o: TablePoint, a: TablePoint, b: TablePoint) =>
    (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);
  const lower: TablePoint[] = [];
  for (const p of pts) {
    while (lower.length >= 2 && cross(lower[lower.length - 2]!, lower[lower.length - 1]!, p) <= 0)
      lower.pop();
    lower.push(p);
  }
  const upper: TablePoint[] = [];
  for (let i = pts.length - 1; i >= 0; i--) {
    const p = pts[i]!;
    while (upper.length >= 2 && cross(upper[upper.length - 2]!, upper[upper.length - 1]!, p) <= 0)
      upper.pop();
    upper.push(p);
  }
  return [...lower.slice(0, -1), ...upper.slice(0, -1)];
}

/**
 * The region a hull covers on its way from one place to another along a straight arrow: the
 * convex hull of both hulls. Exact for a straight slide; a final turn on the arrow (TK-A9) is
 * taken as part of the same sweep.
 */
export function hullSweep(from: Polygon, to: Polygon): Polygon {
  return convexHull([...from, ...to]);
}

/** Whether a disc sliding from `a` to `b` (a capsule) shares area with a polygon. */
export function capsulePolygonOverlap(
  a: TablePoint,
  b: TablePoint,
  r: number,
  poly: Polygon,
): boolean {
  if (pointInPolygon(a, poly) || pointInPolygon(b, poly)) return true;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
    if (segmentDistance(a, b, poly[j]!, poly[i]!) < r - EPS) return true;
  return false;
}

/**
 * The spans of a segment inside a polygon (concave allowed), as parameters in [0, 1]. Most lines
 * miss most polygons: a segment that crosses no edge is wholly inside or wholly outside, which
 * one endpoint tells, before the full span walk is needed.
 */
export function insideSpans(a: TablePoint, b: TablePoint, poly: Polygon): Span[] {
  let crosses = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    if (segmentCrossing(a, b, poly[j]!, poly[i]!) !== undefined) {
      crosses = true;
      break;
    }
  }
  if (!crosses) return pointInPolygon(a, poly) ? [{ t0: 0, t1: 1 }] : [];
  return segmentInsidePolygon(a, b, poly);
}

/** Signed distance of `p` ahead of the line through `origin` across `facing` (>0 in front). */
export function ahead(p: TablePoint, origin: TablePoint, facing: number): number {
  const u = unitVector(facing);
  return (p.x - origin.x) * u.x + (p.y - origin.y) * u.y;
}

/** Signed sideways offset of `p` from the line through `origin` along `facing` (>0 to the right). */
export function across(p: TablePoint, origin: TablePoint, facing: number): number {
  const u = unitVector(facing);
  return -(p.x - origin.x) * u.y + (p.y - origin.y) * u.x;
}

/** Points spread along a polygon's outline, corners included: `perEdge` per edge. */
export function outlineSamples(poly: Polygon, perEdge: number): TablePoint[] {
  const out: TablePoint[] = [];
  for (let i = 0; i < poly.length; i++) {
    const a = poly[i]!;
    const b = poly[(i + 1) % poly.length]!;
    for (let k = 0; k < perEdge; k++) {
      const t = k / perEdge;
      out.push(tablePoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t));
    }
  }
  return out;
}
