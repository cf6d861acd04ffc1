import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  pointInPolygon,
  rectangleCorners,
  segmentCrossing,
  segmentInsideCircle,
  segmentInsidePolygon,
} from './polygon';
import { templateContains } from './templates';
import { angleBetween, bearing } from './vector';
import { tablePoint } from './units';

const coord = fc.double({ min: -50, max: 50, noNaN: true });
const point = fc.record({ x: coord, y: coord }).map(({ x, y }) => tablePoint(x, y));

describe('polygons and segments', () => {
  test('a square contains its centre and not a point outside', () => {
    const sq = rectangleCorners(5, 5, 2, 2, 30);
    expect(pointInPolygon(tablePoint(5, 5), sq)).toBe(true);
    expect(pointInPolygon(tablePoint(7, 7), sq)).toBe(false);
  });

  test('segment crossing is symmetric in parameter (t for a→b, 1−t for b→a)', () => {
    fc.assert(
      fc.property(point, point, point, point, (a, b, c, d) => {
        const t = segmentCrossing(a, b, c, d);
        const u = segmentCrossing(b, a, c, d);
        // Touching at an end is a tie that rounding may break either way.
        fc.pre(t === undefined || (t > 1e-6 && t < 1 - 1e-6));
        fc.pre(u === undefined || (u > 1e-6 && u < 1 - 1e-6));
        if (t === undefined) expect(u).toBeUndefined();
        else expect(u).toBeCloseTo(1 - t, 6);
      }),
      { seed: 1 },
    );
  });

  test('spans inside a rectangle sum to the inside length, measured by sampling', () => {
    fc.assert(
      fc.property(point, point, (a, b) => {
        const sq = rectangleCorners(0, 0, 20, 10, 0);
        const spans = segmentInsidePolygon(a, b, sq);
        const inside = spans.reduce((s, x) => s + (x.t1 - x.t0), 0);
        let n = 0;
        const N = 400;
        for (let i = 0; i < N; i++) {
          const t = (i + 0.5) / N;
          if (pointInPolygon(tablePoint(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t), sq)) n++;
        }
        expect(Math.abs(inside - n / N)).toBeLessThan(0.01);
      }),
      { seed: 2, numRuns: 200 },
    );
  });

  test('a segment through a circle centre crosses one diameter', () => {
    const s = segmentInsideCircle(tablePoint(-5, 0), tablePoint(5, 0), tablePoint(0, 0), 1)!;
    expect((s.t1 - s.t0) * 10).toBeCloseTo(2, 9);
  });
});

describe('templates', () => {
  test('a cone catches along its axis and not beside its apex', () => {
    const cone = {
      shape: 'cone',
      apex: tablePoint(0, 0),
      axisDeg: 0,
      length: 12,
      width: 1.5,
    } as const;
    expect(templateContains(cone, tablePoint(11, 0.6))).toBe(true);
    expect(templateContains(cone, tablePoint(1, 0.7))).toBe(false);
    expect(templateContains(cone, tablePoint(12.5, 0))).toBe(false);
  });

  test('a 90° sector opens along its axis', () => {
    const s = {
      shape: 'sector',
      apex: tablePoint(0, 0),
      axisDeg: 90,
      radius: 2,
      angleDeg: 90,
    } as const;
    expect(templateContains(s, tablePoint(0, 1.9))).toBe(true);
    expect(templateContains(s, tablePoint(1.3, 1.3))).toBe(true);
    expect(templateContains(s, tablePoint(1.5, 0.5))).toBe(false);
    expect(templateContains(s, tablePoint(0, -1))).toBe(false);
  });

  test('bearing and signed angle', () => {
    expect(bearing(tablePoint(0, 0), tablePoint(0, 1))).toBe(90);
    expect(angleBetween(350, 10)).toBe(20);
    expect(angleBetween(10, 350)).toBe(-20);
  });
});
