import Flatbush from 'flatbush';
import type { Feature } from '../format';
import { footprintBox, footprintOf } from '../terrain/featureGeometry';
import type { Polygon } from '../geometry/polygon';
import { boxOf, polylineStrips } from '../geometry/polygon';
import { tablePoint, type TablePoint } from '../geometry/units';
import { sharedArea, type WorkMeter } from '../geometry/sharedArea';
import { simplifyPolyline, simplifyRing } from '../geometry/simplifyOutline';
import { RING_KINDS } from '../terrain/kinds';

/** A multipolygon in polyclip's ring form: polygons of rings of [x, y]. */
export type MultiPolygon = [number, number][][][];

const CIRCLE_SEGMENTS = 24;
/** Walls, fences and hedges drawn without a thickness are this thick for overlap tests. */
const DEFAULT_BARRIER_THICKNESS = 0.25;

function ring(poly: Polygon): [number, number][] {
  return poly.map((p) => [p.x, p.y]);
}

/**
 * The polygons as one multipolygon, without merging them: polyclip accepts overlapping parts in
 * its inputs, and merging every road's strips up front cost seconds on large tables.
 */
function asMultiPolygon(polys: readonly Polygon[]): MultiPolygon {
  return polys.filter((p) => p.length >= 3).map((p) => [ring(p)]);
}

function disc(cx: number, cy: number, r: number): Polygon {
  return Array.from({ length: CIRCLE_SEGMENTS }, (_, i) => {
    const a = (i / CIRCLE_SEGMENTS) * Math.PI * 2;
    return tablePoint(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  });
}

/**
 * The feature with the points of its outline or line that lie on (within a millionth of an inch
 * of) the straight run between their neighbours taken out. A straight leg drawn as 2,000 points
 * occupies the same ground as the leg drawn as two (each leg's strip reaches half a width past
 * its ends, so the short strips cover exactly the long one); the checks then cost and answer the
 * same whatever the number of points. Only the layout checks see this copy: terrain and play use
 * the file's points.
 */
export function withoutIdlePoints(f: Feature): Feature {
  if (!('points' in f)) return f;
  let simple = simplified.get(f);
  if (!simple) {
    const points = RING_KINDS.has(f.kind) ? simplifyRing(f.points) : simplifyPolyline(f.points);
    simple = points.length === f.points.length ? f : ({ ...f, points } as Feature);
    simplified.set(f, simple);
  }
  return simple;
}

/** Features are immutable records: each is simplified once, however many checks ask. */
const simplified = new WeakMap<Feature, Feature>();

/**
 * The ground a feature occupies in plan view, for overlap checks: a creek or gully is its floor,
 * a tree its trunk, a wall a strip of its thickness. Parts may overlap (a road's legs); use
 * `merged` where parts must be counted once.
 */
export function occupiedArea(f: Feature): MultiPolygon {
  const fp = footprintOf(withoutIdlePoints(f), 0.25);
  switch (fp.type) {
    case 'area':
      return asMultiPolygon(fp.polygons);
    case 'trench':
      return asMultiPolygon(fp.floor);
    case 'circle':
      return asMultiPolygon([disc(fp.centre.x, fp.centre.y, fp.trunkRadius)]);
    case 'line': {
      const thickness = 'thickness' in f && f.thickness ? f.thickness : DEFAULT_BARRIER_THICKNESS;
      return asMultiPolygon(polylineStrips(fp.points, thickness / 2));
    }
  }
}

/** A line feature as legs of one half-width: its ground is one strip per leg. */
interface Legs {
  readonly points: readonly TablePoint[];
  readonly half: number;
  /** Leg i (points i to i + 1) by the box of its strip. */
  readonly index: Flatbush;
}

function legsOf(f: Feature): Legs | null {
  let legs = legCache.get(f);
  if (legs !== undefined) return legs;
  const g = withoutIdlePoints(f);
  const half =
    g.kind === 'road' || g.kind === 'creek' || g.kind === 'gully'
      ? g.width / 2
      : g.kind === 'wall' || g.kind === 'fence' || g.kind === 'hedge'
        ? ('thickness' in g && g.thickness ? g.thickness : DEFAULT_BARRIER_THICKNESS) / 2
        : undefined;
  if (half === undefined || !('points' in g) || g.points.length < 2) legs = null;
  else {
    const points = g.points.map(([x, y]) => tablePoint(x, y));
    const index = new Flatbush(points.length - 1);
    // A strip reaches half a width past its leg's ends and to either side: within 1.5 half
    // widths of the leg's box (half a width times the square root of 2 at its corners).
    const pad = half * 1.5;
    for (let i = 1; i < points.length; i++) {
      const a = points[i - 1]!;
      const b = points[i]!;
      index.add(
        Math.min(a.x, b.x) - pad,
        Math.min(a.y, b.y) - pad,
        Math.max(a.x, b.x) + pad,
        Math.max(a.y, b.y) + pad,
      );
    }
    index.finish();
    legs = { points, half, index };
  }
  legCache.set(f, legs);
  return legs;
}

const legCache = new WeakMap<Feature, Legs | null>();

/**
 * The part of `occupiedArea(f)` that can meet `box`, for a line feature (road, creek, gully,
 * wall, fence, hedge): the strips of just the legs near the box, made when asked and not kept. A
 * road traced with 10,000 points is then an index of its legs, not 10,000 strips held for the
 * whole check (60 such roads held 500 MB). Undefined for other kinds: use `occupiedArea`.
 * Measuring against `box` gives the same area as measuring against the whole line.
 */
export function occupiedAreaNear(
  f: Feature,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): MultiPolygon | undefined {
  const legs = legsOf(f);
  if (!legs) return undefined;
  const near = legs.index.search(box.minX, box.minY, box.maxX, box.maxY).sort((p, q) => p - q);
  const out: MultiPolygon = [];
  for (const i of near) {
    for (const strip of polylineStrips([legs.points[i]!, legs.points[i + 1]!], legs.half))
      out.push([ring(strip)]);
  }
  return out;
}

/** The box of a feature's ground (a line's strips), without making its strips. */
export function occupiedBox(f: Feature): {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
} {
  const legs = legsOf(f);
  if (!legs) return footprintBox(footprintOf(f, 0.25));
  const b = legs.index;
  return { minX: b.minX, minY: b.minY, maxX: b.maxX, maxY: b.maxY };
}

/** Area of a clean (merged) multipolygon in square inches (outer rings minus holes). */
export function multiPolygonArea(mp: MultiPolygon): number {
  let total = 0;
  for (const poly of mp) {
    poly.forEach((r, i) => {
      let sum = 0;
      for (let a = 0, b = r.length - 1; a < r.length; b = a++) {
        sum += (r[b]![0] + r[a]![0]) * (r[b]![1] - r[a]![1]);
      }
      total += (i === 0 ? 1 : -1) * Math.abs(sum / 2);
    });
  }
  return total;
}

/**
 * Area shared by two multipolygons, in square inches. Each side may have overlapping parts (a
 * road's legs): they count once. A float sweep (geometry/sharedArea) over just the parts near
 * each other, so the cost follows what overlaps, not the size of either feature.
 */
export function overlapArea(a: MultiPolygon, b: MultiPolygon, meter?: WorkMeter): number {
  return sharedArea(a, b, meter);
}

/** The parts of a multipolygon whose box comes within `margin` of `box`. */
export function partsNear(
  mp: MultiPolygon,
  box: { minX: number; minY: number; maxX: number; maxY: number },
  margin = 0,
): MultiPolygon {
  return mp.filter((poly) => {
    const b = boxOf(asPolygon(poly[0] ?? []));
    return (
      b.minX <= box.maxX + margin &&
      box.minX - margin <= b.maxX &&
      b.minY <= box.maxY + margin &&
      box.minY - margin <= b.maxY
    );
  });
}

const asPolygon = (r: [number, number][]): Polygon => r.map(([x, y]) => tablePoint(x, y));

/** Distance from (px, py) to the segment a–b. */
function toSegment(px: number, py: number, a: TablePoint, b: TablePoint): number {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - a.x) * dx + (py - a.y) * dy) / len2));
  return Math.hypot(a.x + dx * t - px, a.y + dy * t - py);
}

/**
 * Shortest distance between the outlines of two multipolygons (0 where they share ground). Only
 * distances under `limit` are looked for: past it the answer is some distance at least `limit`
 * (Infinity when nothing is that close). The nearest pair of points of two outlines that do not
 * meet has a vertex of one of them, so each vertex asks a spatial index of the other's edges for
 * those within reach: two forests traced with 10,000 points each cost their neighbourhoods, not
 * 10,000 x 10,000 distances.
 */
export function outlineGap(a: MultiPolygon, b: MultiPolygon, limit = Infinity): number {
  if (overlapArea(a, b) > 0) return 0;
  const pa = a.map((p) => asPolygon(p[0] ?? []));
  const pb = b.map((p) => asPolygon(p[0] ?? []));
  let best = Infinity;
  for (const [from, to] of [
    [pa, pb],
    [pb, pa],
  ] as const) {
    const edges: [TablePoint, TablePoint][] = [];
    for (const poly of to)
      for (let i = 0, j = poly.length - 1; i < poly.length; j = i++)
        edges.push([poly[j]!, poly[i]!]);
    if (edges.length === 0) continue;
    const index = new Flatbush(edges.length);
    for (const [p, q] of edges)
      index.add(Math.min(p.x, q.x), Math.min(p.y, q.y), Math.max(p.x, q.x), Math.max(p.y, q.y));
    index.finish();
    for (const poly of from)
      for (const p of poly) {
        const r = Math.min(best, limit);
        for (const k of index.search(p.x - r, p.y - r, p.x + r, p.y + r)) {
          const [e0, e1] = edges[k]!;
          best = Math.min(best, toSegment(p.x, p.y, e0, e1));
        }
      }
  }
  return best;
}
