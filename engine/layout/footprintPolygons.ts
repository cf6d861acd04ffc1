import * as polyclip from 'polyclip-ts';
import type { Feature } from '../format';
import { footprintOf } from '../terrain/featureGeometry';
import type { Polygon } from '../geometry/polygon';
import {
  boxOf,
  distanceToOutline,
  pointInPolygon,
  polylineStrips,
  segmentCrossing,
} from '../geometry/polygon';
import { tablePoint } from '../geometry/units';

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

/** Merges overlapping parts into a clean multipolygon (each part counted once). */
export function merged(mp: MultiPolygon): MultiPolygon {
  if (mp.length <= 1) return mp;
  const [first, ...rest] = mp;
  try {
    return polyclip.union(first!, ...rest) as MultiPolygon;
  } catch {
    return mp;
  }
}

function disc(cx: number, cy: number, r: number): Polygon {
  return Array.from({ length: CIRCLE_SEGMENTS }, (_, i) => {
    const a = (i / CIRCLE_SEGMENTS) * Math.PI * 2;
    return tablePoint(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  });
}

/**
 * The ground a feature occupies in plan view, for overlap checks: a creek or gully is its floor,
 * a tree its trunk, a wall a strip of its thickness. Parts may overlap (a road's legs); use
 * `merged` where parts must be counted once.
 */
export function occupiedArea(f: Feature): MultiPolygon {
  const fp = footprintOf(f, 0.25);
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

/** Area shared by two multipolygons, in square inches. */
export function overlapArea(a: MultiPolygon, b: MultiPolygon): number {
  if (a.length === 0 || b.length === 0) return 0;
  try {
    return multiPolygonArea(polyclip.intersection(a, b) as MultiPolygon);
  } catch {
    // polyclip can fail on near-degenerate rings; merged inputs usually go through. A check that
    // still cannot be computed reports no overlap rather than stopping every other check.
    try {
      return multiPolygonArea(polyclip.intersection(merged(a), merged(b)) as MultiPolygon);
    } catch {
      return 0;
    }
  }
}

const asPolygon = (r: [number, number][]): Polygon => r.map(([x, y]) => tablePoint(x, y));

function ringsTouch(a: Polygon, b: Polygon): boolean {
  const ba = boxOf(a);
  const bb = boxOf(b);
  if (ba.maxX < bb.minX || bb.maxX < ba.minX || ba.maxY < bb.minY || bb.maxY < ba.minY)
    return false;
  for (let i = 0, j = a.length - 1; i < a.length; j = i++) {
    for (let k = 0, l = b.length - 1; k < b.length; l = k++) {
      if (segmentCrossing(a[j]!, a[i]!, b[l]!, b[k]!) !== undefined) return true;
    }
  }
  return (
    (a[0] !== undefined && pointInPolygon(a[0], b)) ||
    (b[0] !== undefined && pointInPolygon(b[0], a))
  );
}

/** Whether two multipolygons share any ground, in plain floating point (a fast pre-test). */
export function areasTouch(a: MultiPolygon, b: MultiPolygon): boolean {
  const pa = a.map((p) => asPolygon(p[0] ?? []));
  const pb = b.map((p) => asPolygon(p[0] ?? []));
  return pa.some((x) => pb.some((y) => ringsTouch(x, y)));
}

/** Shortest distance between the outlines of two multipolygons (0 where they share ground). */
export function outlineGap(a: MultiPolygon, b: MultiPolygon): number {
  if (overlapArea(a, b) > 0) return 0;
  const pa = a.map((p) => asPolygon(p[0] ?? []));
  const pb = b.map((p) => asPolygon(p[0] ?? []));
  let best = Infinity;
  for (const [from, to] of [
    [pa, pb],
    [pb, pa],
  ] as const) {
    for (const poly of from)
      for (const p of poly)
        for (const other of to) best = Math.min(best, distanceToOutline(p, other));
  }
  return best;
}
