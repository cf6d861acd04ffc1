import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Feature, Point } from '../../../engine/format/types';
import {
  closestOnPath,
  featureBounds,
  hitFeature,
  normaliseDegrees,
  pointInPolygon,
  rectCorners,
  rotation,
  scaling,
  segmentIntersection,
  transformFeature,
  translation,
} from './geometry';

const coord = fc.double({ min: -100, max: 100, noNaN: true });
const point = fc.tuple(coord, coord) as fc.Arbitrary<Point>;

describe('table geometry', () => {
  it('a point inside a square is inside; outside is outside', () => {
    const sq: Point[] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    expect(pointInPolygon([2, 2], sq)).toBe(true);
    expect(pointInPolygon([5, 2], sq)).toBe(false);
  });

  it('finds segment crossings and the closest point on a path', () => {
    expect(segmentIntersection([0, 0], [4, 4], [0, 4], [4, 0])).toEqual([2, 2]);
    expect(segmentIntersection([0, 0], [1, 0], [0, 1], [1, 1])).toBeNull();
    const c = closestOnPath(
      [2, 3],
      [
        [0, 0],
        [4, 0],
      ],
      false,
    )!;
    expect(c).toMatchObject({ point: [2, 0], segment: 0, distance: 3 });
  });

  it('translating a feature and back restores it (property)', () => {
    fc.assert(
      fc.property(point, point, fc.double({ min: -20, max: 20, noNaN: true }), (a, b, d) => {
        const road: Feature = {
          id: 'r',
          kind: 'road',
          points: [a, b].map(([x, y]) => [Math.round(x), Math.round(y)] as Point),
          width: 2,
        };
        const back = transformFeature(
          transformFeature(road, translation(d, -d)),
          translation(-d, d),
        );
        (back as { points: Point[] }).points.forEach((p, i) => {
          expect(p[0]).toBeCloseTo((road as { points: Point[] }).points[i]![0], 2);
          expect(p[1]).toBeCloseTo((road as { points: Point[] }).points[i]![1], 2);
        });
      }),
    );
  });

  it('rotating a building turns its footprint and keeps its size', () => {
    const b: Feature = {
      id: 'b',
      kind: 'building',
      x: 10,
      y: 10,
      width: 4,
      depth: 2,
      buildingKind: 'closed',
      floors: 1,
    };
    const r = transformFeature(b, rotation([10, 10], 90)) as Extract<Feature, { kind: 'building' }>;
    expect(r).toMatchObject({ x: 10, y: 10, width: 4, depth: 2, rotation: 90 });
    const box = featureBounds(r);
    expect(box.maxX - box.minX).toBeCloseTo(2);
    expect(box.maxY - box.minY).toBeCloseTo(4);
    expect(rectCorners(r)).toHaveLength(4);
  });

  it('scaling a tree scales its canopy; hits respect the canopy', () => {
    const t: Feature = { id: 't', kind: 'tree', x: 2, y: 2, canopyRadius: 1 };
    const s = transformFeature(t, scaling([0, 0], 2, 2)) as Extract<Feature, { kind: 'tree' }>;
    expect(s).toMatchObject({ x: 4, y: 4, canopyRadius: 2 });
    expect(hitFeature(s, [5.9, 4], 0)).toBe(true);
    expect(hitFeature(s, [6.2, 4], 0.1)).toBe(false);
  });

  it('keeps angles within the schema range (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -5000, max: 5000, noNaN: true }), (d) => {
        const n = normaliseDegrees(d);
        expect(n).toBeGreaterThan(-180.001);
        expect(n).toBeLessThanOrEqual(180);
      }),
    );
  });
});
