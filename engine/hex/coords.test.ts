import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  axial,
  axialKey,
  hexDistance,
  hexNeighbours,
  hexRange,
  hexRing,
  roundAxial,
  type Axial,
} from './coords';

const arbAxial = (span = 40): fc.Arbitrary<Axial> =>
  fc
    .tuple(fc.integer({ min: -span, max: span }), fc.integer({ min: -span, max: span }))
    .map(([q, r]) => axial(q, r));

describe('hex distance', () => {
  it('counts steps: worked numbers', () => {
    expect(hexDistance(axial(0, 0), axial(3, -1))).toBe(3);
    expect(hexDistance(axial(-2, 3), axial(1, -1))).toBe(4);
    expect(hexDistance(axial(0, 0), axial(2, -1))).toBe(2);
    expect(hexDistance(axial(5, 5), axial(5, 5))).toBe(0);
    expect(hexNeighbours(axial(4, -2)).map((n) => hexDistance(n, axial(4, -2)))).toEqual([
      1, 1, 1, 1, 1, 1,
    ]);
  });

  it('is a metric: identity, symmetry, triangle inequality (property)', () => {
    fc.assert(
      fc.property(arbAxial(), arbAxial(), arbAxial(), (a, b, c) => {
        expect(hexDistance(a, b) === 0).toBe(axialKey(a) === axialKey(b));
        expect(hexDistance(a, b)).toBe(hexDistance(b, a));
        expect(hexDistance(a, c)).toBeLessThanOrEqual(hexDistance(a, b) + hexDistance(b, c));
        expect(Number.isInteger(hexDistance(a, b))).toBe(true);
      }),
      { seed: 11, numRuns: 500 },
    );
  });
});

describe('range and ring', () => {
  it('worked numbers: range 1 is the hex and its six neighbours; ring 1 goes clockwise from axial (0, -1)', () => {
    expect(hexRange(axial(0, 0), 1).map(axialKey)).toEqual([
      '-1,0',
      '-1,1',
      '0,-1',
      '0,0',
      '0,1',
      '1,-1',
      '1,0',
    ]);
    expect(hexRing(axial(2, 3), 1).map(axialKey)).toEqual([
      '2,2',
      '3,2',
      '3,3',
      '2,4',
      '1,4',
      '1,3',
    ]);
    expect(hexRing(axial(2, 3), 0)).toEqual([axial(2, 3)]);
    expect(hexRing(axial(0, 0), 2).map(axialKey)).toEqual([
      '0,-2',
      '1,-2',
      '2,-2',
      '2,-1',
      '2,0',
      '1,1',
      '0,2',
      '-1,2',
      '-2,2',
      '-2,1',
      '-2,0',
      '-1,-1',
    ]);
  });

  it('ring(n) has 6n distinct hexes at distance n, each next to the one before (property)', () => {
    fc.assert(
      fc.property(arbAxial(), fc.integer({ min: 1, max: 15 }), (c, n) => {
        const ring = hexRing(c, n);
        expect(ring).toHaveLength(6 * n);
        expect(new Set(ring.map(axialKey)).size).toBe(6 * n);
        ring.forEach((h, i) => {
          expect(hexDistance(h, c)).toBe(n);
          expect(hexDistance(h, ring[(i + 1) % ring.length]!)).toBe(1);
        });
      }),
      { seed: 12, numRuns: 200 },
    );
  });

  it('range(n) has 3n(n+1)+1 distinct hexes, exactly the rings 0..n (property)', () => {
    fc.assert(
      fc.property(arbAxial(), fc.integer({ min: 0, max: 12 }), (c, n) => {
        const range = hexRange(c, n);
        expect(range).toHaveLength(3 * n * (n + 1) + 1);
        const keys = new Set(range.map(axialKey));
        expect(keys.size).toBe(range.length);
        for (const h of range) expect(hexDistance(h, c)).toBeLessThanOrEqual(n);
        const rings = Array.from({ length: n + 1 }, (_, k) => hexRing(c, k)).flat();
        expect(new Set(rings.map(axialKey))).toEqual(keys);
      }),
      { seed: 13, numRuns: 100 },
    );
  });
});

describe('rounding', () => {
  it('rounds a fractional position to the hex that holds it', () => {
    expect(roundAxial(0.2, 0.1)).toEqual(axial(0, 0));
    expect(roundAxial(0.6, 0.1)).toEqual(axial(1, 0));
    expect(roundAxial(2.9, -1.2)).toEqual(axial(3, -1));
    expect(roundAxial(-0.2, 0.1)).toEqual(axial(0, 0));
  });

  it('every point within the inner circle of a hex rounds to that hex (property)', () => {
    fc.assert(
      fc.property(
        arbAxial(),
        fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
        fc.double({ min: 0, max: 0.49, noNaN: true }),
        (h, angle, rad) => {
          // Move in a flat-topped hex of size 1 (inner radius √3/2) and convert to axial.
          const x = rad * Math.cos(angle);
          const y = rad * Math.sin(angle);
          const q = h.q + (2 / 3) * x;
          const r = h.r - x / 3 + y / Math.sqrt(3);
          expect(roundAxial(q, r)).toEqual(h);
        },
      ),
      { seed: 14, numRuns: 500 },
    );
  });
});
