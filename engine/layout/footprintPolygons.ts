import * as polyclip from 'polyclip-ts';
import type { Feature } from '../format';
import { footprintOf } from '../terrain/featureGeometry';
import type { Polygon } from '../geometry/polygon';
import { polylineStrips } from '../geometry/polygon';
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

type Ring = [number, number][];

function ringBox(r: Ring): [number, number, number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of r) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return [minX, minY, maxX, maxY];
}

function insideRing([px, py]: [number, number], r: Ring): boolean {
  let inside = false;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    const [xi, yi] = r[i]!;
    const [xj, yj] = r[j]!;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function segmentsCross(
  a: [number, number],
  b: [number, number],
  c: [number, number],
  d: [number, number],
): boolean {
  const o = (p: [number, number], q: [number, number], r: [number, number]) =>
    Math.sign((q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]));
  return o(a, b, c) !== o(a, b, d) && o(c, d, a) !== o(c, d, b);
}

function ringsTouch(r1: Ring, r2: Ring): boolean {
  const [ax0, ay0, ax1, ay1] = ringBox(r1);
  const [bx0, by0, bx1, by1] = ringBox(r2);
  if (ax1 < bx0 || bx1 < ax0 || ay1 < by0 || by1 < ay0) return false;
  for (let i = 0, j = r1.length - 1; i < r1.length; j = i++) {
    for (let k = 0, l = r2.length - 1; k < r2.length; l = k++) {
      if (segmentsCross(r1[j]!, r1[i]!, r2[l]!, r2[k]!)) return true;
    }
  }
  return (
    (r1[0] !== undefined && insideRing(r1[0], r2)) || (r2[0] !== undefined && insideRing(r2[0], r1))
  );
}

/** Whether two multipolygons share any ground, in plain floating point (a fast pre-test). */
export function areasTouch(a: MultiPolygon, b: MultiPolygon): boolean {
  for (const pa of a)
    for (const pb of b) if (pa[0] && pb[0] && ringsTouch(pa[0], pb[0])) return true;
  return false;
}
