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

function unionOf(polys: readonly Polygon[]): MultiPolygon {
  const rings = polys.filter((p) => p.length >= 3).map((p) => [ring(p)]);
  if (rings.length === 0) return [];
  if (rings.length === 1) return rings as MultiPolygon;
  const [first, ...rest] = rings;
  return polyclip.union(first!, ...rest) as MultiPolygon;
}

function disc(cx: number, cy: number, r: number): Polygon {
  return Array.from({ length: CIRCLE_SEGMENTS }, (_, i) => {
    const a = (i / CIRCLE_SEGMENTS) * Math.PI * 2;
    return tablePoint(cx + Math.cos(a) * r, cy + Math.sin(a) * r);
  });
}

/**
 * The ground a feature occupies in plan view, for overlap checks: a creek or gully is its floor,
 * a tree its trunk, a wall a strip of its thickness.
 */
export function occupiedArea(f: Feature): MultiPolygon {
  const fp = footprintOf(f, 0.25);
  switch (fp.type) {
    case 'area':
      return unionOf(fp.polygons);
    case 'trench':
      return unionOf(fp.floor);
    case 'circle':
      return unionOf([disc(fp.centre.x, fp.centre.y, fp.trunkRadius)]);
    case 'line': {
      const thickness = 'thickness' in f && f.thickness ? f.thickness : DEFAULT_BARRIER_THICKNESS;
      return unionOf(polylineStrips(fp.points, thickness / 2));
    }
  }
}

/** Area of a multipolygon in square inches (outer rings minus holes). */
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
  return multiPolygonArea(polyclip.intersection(a, b) as MultiPolygon);
}
