/**
 * How a feature's shape meets a point or a segment: heights of ground and features, whether a
 * point lies in a footprint, how deep a trench is there, and the spans a segment spends inside.
 */
import type { Feature } from '../format';
import {
  pointInPolygon,
  segmentCrossing,
  segmentInsideCircle,
  segmentInsidePolygon,
  segmentInsidePolygonInto,
  type Box,
  type Polygon,
  type Span,
} from '../geometry/polygon';
import { segmentDistance } from '../geometry/vector';
import type { TablePoint } from '../geometry/units';
import { type Footprint } from './featureGeometry';
import type { FeatureRules, TerrainDefaults } from './terrainRules';

/** Liang–Barsky test: whether segment a–b passes through a box at all. */
export function segmentMeetsBox(a: TablePoint, b: TablePoint, box: Box): boolean {
  return meetsBox(a.x, a.y, b.x - a.x, b.y - a.y, box.minX, box.minY, box.maxX, box.maxY);
}

/**
 * Liang–Barsky: whether the segment from (ax, ay) by (dx, dy) passes through a box. The four
 * sides in turn (west, east, north, south) as the inequalities p·t <= q, written out: this runs
 * for every candidate of every sight line.
 */
function meetsBox(
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): boolean {
  let t0 = 0;
  let t1 = 1;
  let p = -dx;
  let q = ax - minX;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  p = dx;
  q = maxX - ax;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  p = -dy;
  q = ay - minY;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  p = dy;
  q = maxY - ay;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
    } else {
      if (r < t0) return false;
    }
  }
  return true;
}

export function groundTop(f: Feature): number {
  switch (f.kind) {
    case 'ground':
      return f.height;
    case 'bridge':
    case 'catwalk':
      return f.deckHeight ?? 0;
    case 'creek':
    case 'gully':
    case 'road':
    case 'building':
    case 'wall':
    case 'fence':
    case 'hedge':
    case 'bushes':
    case 'tree':
    case 'woods':
    case 'forest':
    case 'obstacle':
    case 'bunker':
    case 'wreck':
      return 0;
  }
}

/** A feature's own height above the ground it stands on. */
export function featureHeight(f: Feature, rules: FeatureRules, d: TerrainDefaults): number {
  switch (f.kind) {
    case 'building': {
      const roof = f.roof;
      const roofHeight =
        roof === undefined || roof.type === 'none' || roof.type === 'flat'
          ? 0
          : (roof.height ?? d.roofHeight);
      return f.floors * (f.floorHeight ?? d.floorHeight) + roofHeight;
    }
    case 'wall':
    case 'fence':
    case 'hedge':
    case 'bushes':
    case 'tree':
    case 'woods':
    case 'forest':
    case 'obstacle':
    case 'bunker':
    case 'wreck':
      return f.height ?? rules.height;
    case 'ground':
      return f.height;
    case 'bridge':
    case 'catwalk':
      return f.deckHeight ?? 0;
    case 'creek':
    case 'gully':
    case 'road':
      return 0;
  }
}

export function contains(fp: Footprint, p: TablePoint, lineTolerance: number): boolean {
  switch (fp.type) {
    case 'area':
      return fp.polygons.some((poly) => pointInPolygon(p, poly));
    case 'line':
      for (let i = 1; i < fp.points.length; i++) {
        if (segmentDistance(p, fp.points[i - 1]!, fp.points[i]!) <= lineTolerance) return true;
      }
      return false;
    case 'circle':
      return Math.hypot(p.x - fp.centre.x, p.y - fp.centre.y) <= fp.radius;
    case 'trench':
      return fp.outer.some((poly) => pointInPolygon(p, poly));
  }
}

/** How far below the surrounding ground a point in a creek or gully lies (0 outside it). */
export function trenchDepthAt(fp: Footprint, p: TablePoint): number {
  if (fp.type !== 'trench') return 0;
  // The nearest leg by squared distance, then one square root: the same number as the least
  // of the legs' segmentDistance (a square root never puts two numbers the other way round).
  const pts = fp.points;
  let least = Infinity;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    // segmentDistance(p, a, b) up to its square root, written out.
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t =
      len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const x = a.x + dx * t - p.x;
    const y = a.y + dy * t - p.y;
    const d2 = x * x + y * y;
    if (d2 < least) least = d2;
  }
  const nearest = Math.sqrt(least);
  if (nearest <= fp.floorHalfWidth) return fp.depth;
  if (nearest >= fp.outerHalfWidth) return 0;
  // On a bank: the ground rises evenly from the bed to the rim.
  return (fp.depth * (fp.outerHalfWidth - nearest)) / (fp.outerHalfWidth - fp.floorHalfWidth);
}

function mergeSpans(spans: Span[]): Span[] {
  // Most segments meet a feature's polygons once or not at all: nothing to sort (a sort makes a
  // work array however short the list).
  if (spans.length < 2) return spans;
  spans.sort((x, y) => x.t0 - y.t0);
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.t0 <= last.t1) out[out.length - 1] = { t0: last.t0, t1: Math.max(last.t1, s.t1) };
    else out.push(s);
  }
  return out;
}

/**
 * `spansOf` for a feature of the index, with its `partBoxes`: an area of several polygons (a
 * road's dozen strips) looks only at the polygons whose box, grown by 1e-9, the segment passes
 * through. A segment that misses a polygon's box lies outside it, so the spans are the same.
 */
export function spansOfParts(
  fp: Footprint,
  parts: Float64Array,
  a: TablePoint,
  b: TablePoint,
): Span[] {
  if (fp.type !== 'area' || fp.polygons.length < 2 || parts.length !== 4 * fp.polygons.length)
    return spansOf(fp, a, b);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const into: Span[] = [];
  for (let k = 0; k < fp.polygons.length; k++) {
    const o = 4 * k;
    if (!meetsBox(a.x, a.y, dx, dy, parts[o]!, parts[o + 1]!, parts[o + 2]!, parts[o + 3]!))
      continue;
    spansInPolygon(fp.polygons[k]!, a, b, into);
  }
  return mergeSpans(into);
}

/** The spans of segment `a`–`b` inside a footprint, in order (what `crossings` gives per feature). */
export function featureSpans(fp: Footprint, a: TablePoint, b: TablePoint): Span[] {
  return spansOf(fp, a, b);
}

export function spansOf(fp: Footprint, a: TablePoint, b: TablePoint): Span[] {
  switch (fp.type) {
    case 'area':
      return fp.polygons.length === 1
        ? segmentInsidePolygon(a, b, fp.polygons[0]!)
        : mergeSpans(spansInAll(fp.polygons, a, b));
    case 'trench':
      return mergeSpans(spansInAll(fp.outer, a, b));
    case 'line': {
      const out: Span[] = [];
      for (let i = 1; i < fp.points.length; i++) {
        const t = segmentCrossing(a, b, fp.points[i - 1]!, fp.points[i]!);
        if (t !== undefined) out.push({ t0: t, t1: t });
      }
      return out.length < 2 ? out : out.sort((x, y) => x.t0 - y.t0);
    }
    case 'circle': {
      const s = segmentInsideCircle(a, b, fp.centre, fp.radius);
      return s ? [s] : [];
    }
  }
}

/**
 * The spans of a segment inside each of some polygons, one list, in the polygons' order. Through
 * a scratch buffer: a road is a dozen strips, most of which a segment misses, and a list made per
 * strip was a tenth of what a village game's terrain queries allocate.
 */
function spansInAll(polys: readonly Polygon[], a: TablePoint, b: TablePoint, into: Span[] = []) {
  for (const poly of polys) spansInPolygon(poly, a, b, into);
  return into;
}

/** The spans of a segment inside one polygon, added to `into` (through the scratch buffer). */
function spansInPolygon(poly: Polygon, a: TablePoint, b: TablePoint, into: Span[]): void {
  if (spanScratch.length < 2 * (poly.length + 1))
    spanScratch = new Float64Array(2 * (poly.length + 1));
  const out = spanScratch;
  const n = segmentInsidePolygonInto(a, b, poly, out);
  for (let k = 0; k < n; k++) into.push({ t0: out[2 * k]!, t1: out[2 * k + 1]! });
}

let spanScratch = new Float64Array(64);

/** The spans of a segment inside a trench's bed and banks, unmerged: their ends are where the ground profile bends. */
export function trenchSpans(fp: Footprint, a: TablePoint, b: TablePoint): Span[] {
  if (fp.type !== 'trench') return [];
  return spansInAll(fp.outer, a, b, spansInAll(fp.floor, a, b));
}

/** The span of a segment inside a tree trunk, if any. */
export function trunkSpan(fp: Footprint, a: TablePoint, b: TablePoint): Span | undefined {
  if (fp.type !== 'circle') return undefined;
  return segmentInsideCircle(a, b, fp.centre, fp.trunkRadius);
}
