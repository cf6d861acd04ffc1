import { inches, tablePoint, type TablePoint } from './units';

/** An axis-aligned box in table inches. */
export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}

/** A closed polygon given by its vertices in order (the closing edge is implied). */
export type Polygon = readonly TablePoint[];

/** The box around a set of points, grown by `pad` on every side. */
export function boxOf(points: readonly TablePoint[], pad = 0): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

/** Even-odd point-in-polygon test; points on an edge may fall either way. */
export function pointInPolygon(p: TablePoint, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

/**
 * Where segment `a`–`b` crosses segment `c`–`d`: the parameter along `a`–`b` in [0, 1], or
 * undefined when they do not cross (parallel segments never count as crossing).
 */
export function segmentCrossing(
  a: TablePoint,
  b: TablePoint,
  c: TablePoint,
  d: TablePoint,
): number | undefined {
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const sx = d.x - c.x;
  const sy = d.y - c.y;
  const den = rx * sy - ry * sx;
  if (den === 0) return undefined;
  const qx = c.x - a.x;
  const qy = c.y - a.y;
  const t = (qx * sy - qy * sx) / den;
  const u = (qx * ry - qy * rx) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return undefined;
  return t;
}

/** An interval of a segment's parameter, t0 <= t1, both in [0, 1]. */
export interface Span {
  readonly t0: number;
  readonly t1: number;
}

/**
 * The parts of segment `a`–`b` that lie inside a polygon, as parameter spans in order.
 * Works for concave polygons (even-odd rule).
 */
export function segmentInsidePolygon(a: TablePoint, b: TablePoint, poly: Polygon): Span[] {
  if (spanOut.length < 2 * (poly.length + 1)) spanOut = new Float64Array(2 * (poly.length + 1));
  const out = spanOut;
  const n = segmentInsidePolygonInto(a, b, poly, out);
  const spans: Span[] = [];
  for (let k = 0; k < n; k++) spans.push({ t0: out[2 * k]!, t1: out[2 * k + 1]! });
  return spans;
}

let spanOut = new Float64Array(64);

/**
 * Whether some part of segment `a`–`b` lies inside a polygon: `segmentInsidePolygon(...).length >
 * 0` without making the spans (a mover's path is tested against every wreck this way).
 */
export function segmentEntersPolygon(a: TablePoint, b: TablePoint, poly: Polygon): boolean {
  if (spanOut.length < 2 * (poly.length + 1)) spanOut = new Float64Array(2 * (poly.length + 1));
  return segmentInsidePolygonInto(a, b, poly, spanOut) > 0;
}

/**
 * `segmentInsidePolygon` without making span objects, for callers that test many lines: the
 * spans' t0 and t1 go to `out[2k]` and `out[2k + 1]`, and their number is returned. `out` must
 * hold at least `2 * (poly.length + 1)` numbers.
 */
export function segmentInsidePolygonInto(
  a: TablePoint,
  b: TablePoint,
  poly: Polygon,
  out: Float64Array,
): number {
  // Crossing parameters into a scratch buffer (no array per call); sorted by insertion, which
  // puts numbers in the same order as Array.prototype.sort with a numeric comparator.
  const n = poly.length;
  if (out.length < 2 * (n + 1)) {
    throw new Error(
      `segmentInsidePolygonInto: out holds ${out.length} numbers, ${2 * (n + 1)} needed`,
    );
  }
  let ts = scratch;
  if (ts.length < n + 2) ts = scratch = new Float64Array(2 * (n + 2));
  ts[0] = 0;
  ts[1] = 1;
  let count = 2;
  const ax = a.x;
  const ay = a.y;
  const rx = b.x - ax;
  const ry = b.y - ay;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    // segmentCrossing(a, b, poly[j], poly[i]), inlined.
    const c = poly[j]!;
    const d = poly[i]!;
    const sx = d.x - c.x;
    const sy = d.y - c.y;
    const den = rx * sy - ry * sx;
    if (den === 0) continue;
    const qx = c.x - ax;
    const qy = c.y - ay;
    const t = (qx * sy - qy * sx) / den;
    const u = (qx * ry - qy * rx) / den;
    if (t < 0 || t > 1 || u < 0 || u > 1) continue;
    let k = count++;
    while (k > 0 && ts[k - 1]! > t) {
      ts[k] = ts[k - 1]!;
      k--;
    }
    ts[k] = t;
  }
  let spans = 0;
  for (let k = 1; k < count; k++) {
    const t0 = ts[k - 1]!;
    const t1 = ts[k]!;
    if (t1 - t0 < 1e-12) continue;
    const m = (t0 + t1) / 2;
    if (!insideXY(ax + rx * m, ay + ry * m, poly)) continue;
    // A span that starts where the last one ended continues it.
    if (spans > 0 && Math.abs(out[2 * spans - 1]! - t0) < 1e-12) out[2 * spans - 1] = t1;
    else {
      out[2 * spans] = t0;
      out[2 * spans + 1] = t1;
      spans++;
    }
  }
  return spans;
}

let scratch = new Float64Array(64);

/** `pointInPolygon` for a point given by its coordinates (the same even-odd arithmetic). */
function insideXY(x: number, y: number, poly: Polygon): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > y !== b.y > y && x < ((b.x - a.x) * (y - a.y)) / (b.y - a.y) + a.x) {
      inside = !inside;
    }
  }
  return inside;
}

/** The span of segment `a`–`b` inside a circle, if any. */
export function segmentInsideCircle(
  a: TablePoint,
  b: TablePoint,
  centre: TablePoint,
  radius: number,
): Span | undefined {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const fx = a.x - centre.x;
  const fy = a.y - centre.y;
  const qa = dx * dx + dy * dy;
  const qb = 2 * (fx * dx + fy * dy);
  const qc = fx * fx + fy * fy - radius * radius;
  if (qa === 0) return qc <= 0 ? { t0: 0, t1: 1 } : undefined;
  const disc = qb * qb - 4 * qa * qc;
  if (disc < 0) return undefined;
  const s = Math.sqrt(disc);
  const t0 = Math.max(0, (-qb - s) / (2 * qa));
  const t1 = Math.min(1, (-qb + s) / (2 * qa));
  return t0 < t1 ? { t0, t1 } : undefined;
}

/** The corners of a rotated rectangle (a building, a vehicle hull), clockwise. */
export function rectangleCorners(
  cx: number,
  cy: number,
  width: number,
  depth: number,
  rotationDeg = 0,
): TablePoint[] {
  const r = (rotationDeg * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  const hw = width / 2;
  const hd = depth / 2;
  // The corners (-hw, -hd), (hw, -hd), (hw, hd), (-hw, hd) turned and moved, written out (no pairs
  // to map over: the bot asks for hulls' outlines at every end it tries).
  return [
    tablePoint(cx + -hw * c - -hd * s, cy + -hw * s + -hd * c),
    tablePoint(cx + hw * c - -hd * s, cy + hw * s + -hd * c),
    tablePoint(cx + hw * c - hd * s, cy + hw * s + hd * c),
    tablePoint(cx + -hw * c - hd * s, cy + -hw * s + hd * c),
  ];
}

/**
 * A strip of half-width `halfWidth` around each leg of a polyline, as one quadrilateral per leg
 * (roads, creeks, gullies). Joints are covered by the caps of neighbouring quads.
 */
export function polylineStrips(points: readonly TablePoint[], halfWidth: number): Polygon[] {
  const out: Polygon[] = [];
  for (let i = 1; i < points.length; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    const len = Math.hypot(b.x - a.x, b.y - a.y);
    if (len === 0) continue;
    // Extend each leg by the half-width so that bends have no gaps.
    const ux = (b.x - a.x) / len;
    const uy = (b.y - a.y) / len;
    const nx = -uy * halfWidth;
    const ny = ux * halfWidth;
    const ax = a.x - ux * halfWidth;
    const ay = a.y - uy * halfWidth;
    const bx = b.x + ux * halfWidth;
    const by = b.y + uy * halfWidth;
    out.push([
      tablePoint(ax + nx, ay + ny),
      tablePoint(bx + nx, by + ny),
      tablePoint(bx - nx, by - ny),
      tablePoint(ax - nx, ay - ny),
    ]);
  }
  return out;
}

/** Area of a simple polygon (absolute). */
export function polygonArea(poly: Polygon): number {
  let sum = 0;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    sum += (poly[j]!.x + poly[i]!.x) * (poly[j]!.y - poly[i]!.y);
  }
  return Math.abs(sum / 2);
}

/** The point of a polygon's outline nearest to p, and how far it is. */
export function nearestOnOutline(
  p: TablePoint,
  poly: Polygon,
): { readonly point: TablePoint; readonly distance: number } {
  let best = poly[0]!;
  let bestD = Infinity;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[j]!;
    const b = poly[i]!;
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t =
      len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const d = Math.hypot(a.x + dx * t - p.x, a.y + dy * t - p.y);
    if (d < bestD) {
      bestD = d;
      best = tablePoint(a.x + dx * t, a.y + dy * t);
    }
  }
  return { point: best, distance: bestD };
}

/** Distance from a point to the outline of a polygon (0 when it lies on an edge). */
export function distanceToOutline(p: TablePoint, poly: Polygon): number {
  return inches(nearestOnOutline(p, poly).distance);
}
