import type { Feature, FeatureKind, Point } from '../../../engine/format/types';

/** An axis-aligned box in table inches. */
export interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** How a feature kind stores its shape; drives hit tests, handles and transforms. */
export type GeometryClass = 'polyline' | 'polygon' | 'rect' | 'circle';

export function geometryClass(kind: FeatureKind): GeometryClass {
  switch (kind) {
    case 'creek':
    case 'gully':
    case 'road':
    case 'wall':
    case 'fence':
    case 'hedge':
      return 'polyline';
    case 'ground':
    case 'bridge':
    case 'catwalk':
    case 'bushes':
    case 'woods':
    case 'forest':
    case 'obstacle':
    case 'bunker':
      return 'polygon';
    case 'building':
    case 'wreck':
      return 'rect';
    case 'tree':
      return 'circle';
  }
}

export const dist = (a: Point, b: Point): number => Math.hypot(a[0] - b[0], a[1] - b[1]);
export const add = (a: Point, b: Point): Point => [a[0] + b[0], a[1] + b[1]];
export const sub = (a: Point, b: Point): Point => [a[0] - b[0], a[1] - b[1]];
export const mul = (a: Point, k: number): Point => [a[0] * k, a[1] * k];
export const lerp = (a: Point, b: Point, t: number): Point => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
];

/** Rounds to 1/1000 inch so saved files do not carry floating-point noise. */
export const tidy = (n: number): number => Math.round(n * 1000) / 1000;
export const tidyPoint = (p: Point): Point => [tidy(p[0]), tidy(p[1])];

/** The point of segment ab closest to p, and its parameter t in [0, 1]. */
export function closestOnSegment(p: Point, a: Point, b: Point): { point: Point; t: number } {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t =
    len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return { point: [a[0] + dx * t, a[1] + dy * t], t };
}

/** The closest point on a polyline (or closed polygon) to p, with the index of its segment. */
export function closestOnPath(
  p: Point,
  points: readonly Point[],
  closed: boolean,
): { point: Point; segment: number; distance: number } | null {
  let best: { point: Point; segment: number; distance: number } | null = null;
  const n = points.length;
  const segs = closed ? n : n - 1;
  for (let i = 0; i < segs; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % n]!;
    const c = closestOnSegment(p, a, b);
    const d = dist(p, c.point);
    if (!best || d < best.distance) best = { point: c.point, segment: i, distance: d };
  }
  return best;
}

export function pointInPolygon(p: Point, poly: readonly Point[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > p[1] !== yj > p[1] && p[0] < ((xj - xi) * (p[1] - yi)) / (yj - yi) + xi)
      inside = !inside;
  }
  return inside;
}

/** Where segments ab and cd cross, if they do. */
export function segmentIntersection(a: Point, b: Point, c: Point, d: Point): Point | null {
  const r = sub(b, a);
  const s = sub(d, c);
  const den = r[0] * s[1] - r[1] * s[0];
  if (Math.abs(den) < 1e-12) return null;
  const q = sub(c, a);
  const t = (q[0] * s[1] - q[1] * s[0]) / den;
  const u = (q[0] * r[1] - q[1] * r[0]) / den;
  if (t < 0 || t > 1 || u < 0 || u > 1) return null;
  return add(a, mul(r, t));
}

export function rotatePoint(p: Point, centre: Point, degrees: number): Point {
  const a = (degrees * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const dx = p[0] - centre[0];
  const dy = p[1] - centre[1];
  return [centre[0] + dx * c - dy * s, centre[1] + dx * s + dy * c];
}

/** The four corners of a rotated rectangle feature (building, wreck), clockwise from top-left. */
export function rectCorners(f: {
  x: number;
  y: number;
  width: number;
  depth: number;
  rotation?: number;
}): Point[] {
  const hw = f.width / 2;
  const hd = f.depth / 2;
  const c: Point = [f.x, f.y];
  return (
    [
      [f.x - hw, f.y - hd],
      [f.x + hw, f.y - hd],
      [f.x + hw, f.y + hd],
      [f.x - hw, f.y + hd],
    ] as Point[]
  ).map((p) => rotatePoint(p, c, f.rotation ?? 0));
}

export function boxOfPoints(points: readonly Point[], pad = 0): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

export function unionBox(a: Box | null, b: Box): Box {
  if (!a) return { ...b };
  return {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
}

export const boxesOverlap = (a: Box, b: Box): boolean =>
  a.minX <= b.maxX && a.maxX >= b.minX && a.minY <= b.maxY && a.maxY >= b.minY;
export const boxContains = (outer: Box, inner: Box): boolean =>
  inner.minX >= outer.minX &&
  inner.maxX <= outer.maxX &&
  inner.minY >= outer.minY &&
  inner.maxY <= outer.maxY;

/** Half the drawn width of a line feature: the distance from its centre line that still hits it. */
export function halfWidth(f: Feature): number {
  switch (f.kind) {
    case 'road':
      return f.width / 2;
    case 'creek':
      return f.width / 2 + (f.bankWidth ?? 0.5);
    case 'gully':
      return f.width / 2 + (f.bankWidth ?? 0.5);
    case 'wall':
    case 'fence':
    case 'hedge':
      return (f.thickness ?? (f.kind === 'hedge' ? 0.5 : 0.25)) / 2;
    default:
      return 0;
  }
}

/** The editable vertices of a feature, or null if it has none (rectangles and trees). */
export function featurePoints(f: Feature): Point[] | null {
  return 'points' in f ? f.points : null;
}

/** Points used for snapping to other features: vertices and rectangle corners, tree centres. */
export function snapVertices(f: Feature): Point[] {
  switch (geometryClass(f.kind)) {
    case 'polyline':
    case 'polygon':
      return (f as { points: Point[] }).points;
    case 'rect':
      return rectCorners(f as { x: number; y: number; width: number; depth: number });
    case 'circle':
      return [[(f as { x: number }).x, (f as { y: number }).y]];
  }
}

/** Outline paths of a feature for edge snapping: [points, closed]. */
export function featureOutline(f: Feature): { points: Point[]; closed: boolean } | null {
  switch (geometryClass(f.kind)) {
    case 'polyline':
      return { points: (f as { points: Point[] }).points, closed: false };
    case 'polygon':
      return { points: (f as { points: Point[] }).points, closed: true };
    case 'rect':
      return {
        points: rectCorners(f as { x: number; y: number; width: number; depth: number }),
        closed: true,
      };
    case 'circle':
      return null;
  }
}

export function featureBounds(f: Feature): Box {
  switch (geometryClass(f.kind)) {
    case 'polyline':
      return boxOfPoints((f as { points: Point[] }).points, halfWidth(f));
    case 'polygon':
      return boxOfPoints((f as { points: Point[] }).points);
    case 'rect':
      return boxOfPoints(rectCorners(f as { x: number; y: number; width: number; depth: number }));
    case 'circle': {
      const t = f as { x: number; y: number; canopyRadius: number };
      return {
        minX: t.x - t.canopyRadius,
        minY: t.y - t.canopyRadius,
        maxX: t.x + t.canopyRadius,
        maxY: t.y + t.canopyRadius,
      };
    }
  }
}

/** Whether p (table inches) touches the feature, with a tolerance in inches. */
export function hitFeature(f: Feature, p: Point, tolerance: number): boolean {
  switch (geometryClass(f.kind)) {
    case 'polyline': {
      const c = closestOnPath(p, (f as { points: Point[] }).points, false);
      return c !== null && c.distance <= halfWidth(f) + tolerance;
    }
    case 'polygon': {
      const pts = (f as { points: Point[] }).points;
      if (pointInPolygon(p, pts)) return true;
      const c = closestOnPath(p, pts, true);
      return c !== null && c.distance <= tolerance;
    }
    case 'rect': {
      const corners = rectCorners(f as { x: number; y: number; width: number; depth: number });
      if (pointInPolygon(p, corners)) return true;
      const c = closestOnPath(p, corners, true);
      return c !== null && c.distance <= tolerance;
    }
    case 'circle': {
      const t = f as { x: number; y: number; canopyRadius: number };
      return dist(p, [t.x, t.y]) <= t.canopyRadius + tolerance;
    }
  }
}

/** An affine map of table points used for move, rotate and scale. */
export interface Transform {
  apply(p: Point): Point;
  /** Degrees added to rotations. */
  rotation: number;
  /** Factors applied to sizes (width along x, depth along y, radius by their mean). */
  scaleX: number;
  scaleY: number;
}

export const translation = (dx: number, dy: number): Transform => ({
  apply: (p) => [p[0] + dx, p[1] + dy],
  rotation: 0,
  scaleX: 1,
  scaleY: 1,
});
export const rotation = (centre: Point, degrees: number): Transform => ({
  apply: (p) => rotatePoint(p, centre, degrees),
  rotation: degrees,
  scaleX: 1,
  scaleY: 1,
});
export const scaling = (anchor: Point, sx: number, sy: number): Transform => ({
  apply: (p) => [anchor[0] + (p[0] - anchor[0]) * sx, anchor[1] + (p[1] - anchor[1]) * sy],
  rotation: 0,
  scaleX: sx,
  scaleY: sy,
});

/** Normalises an angle to (-180, 180] so it stays within the schema's ±360. */
export function normaliseDegrees(d: number): number {
  let a = d % 360;
  if (a > 180) a -= 360;
  if (a <= -180) a += 360;
  return tidy(a);
}

/** The feature moved, rotated or scaled by `t`; sizes stay positive. */
export function transformFeature<F extends Feature>(f: F, t: Transform): F {
  switch (geometryClass(f.kind)) {
    case 'polyline':
    case 'polygon':
      return { ...f, points: (f as { points: Point[] }).points.map((p) => tidyPoint(t.apply(p))) };
    case 'rect': {
      const r = f as unknown as {
        x: number;
        y: number;
        width: number;
        depth: number;
        rotation?: number;
      };
      const [x, y] = tidyPoint(t.apply([r.x, r.y]));
      const rot = normaliseDegrees((r.rotation ?? 0) + t.rotation);
      // A rotated rectangle scales along its own axes: pick the table axis each one is closest to.
      const swap = Math.abs(Math.sin(((r.rotation ?? 0) * Math.PI) / 180)) > Math.SQRT1_2;
      const sw = Math.abs(swap ? t.scaleY : t.scaleX);
      const sd = Math.abs(swap ? t.scaleX : t.scaleY);
      const out = {
        ...f,
        x,
        y,
        width: tidy(Math.max(0.1, r.width * sw)),
        depth: tidy(Math.max(0.1, r.depth * sd)),
      } as F;
      if (rot !== 0 || r.rotation !== undefined) (out as { rotation?: number }).rotation = rot;
      return out;
    }
    case 'circle': {
      const c = f as unknown as { x: number; y: number; canopyRadius: number };
      const [x, y] = tidyPoint(t.apply([c.x, c.y]));
      const k = (Math.abs(t.scaleX) + Math.abs(t.scaleY)) / 2;
      return { ...f, x, y, canopyRadius: tidy(Math.max(0.1, c.canopyRadius * k)) };
    }
  }
}

/** Minimum vertex count of a kind's points (polyline 2, polygon 3). */
export function minVertices(f: Feature): number {
  return geometryClass(f.kind) === 'polygon' ? 3 : 2;
}

export function withPoints<F extends Feature>(f: F, points: Point[]): F {
  return { ...f, points: points.map(tidyPoint) };
}

/** The point after constraining p to 45° steps from origin (Shift while drawing). */
export function constrainAngle(origin: Point, p: Point): Point {
  const d = sub(p, origin);
  const len = Math.hypot(d[0], d[1]);
  const step = Math.PI / 4;
  const a = Math.round(Math.atan2(d[1], d[0]) / step) * step;
  return [origin[0] + Math.cos(a) * len, origin[1] + Math.sin(a) * len];
}

/** Length of a polyline in inches. */
export function pathLength(points: readonly Point[]): number {
  let sum = 0;
  for (let i = 1; i < points.length; i++) sum += dist(points[i - 1]!, points[i]!);
  return sum;
}
