import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axial, type Axial } from './coords';
import {
  axialAt,
  axialCentre,
  hexAt,
  hexCentre,
  hexCorners,
  hexGrid,
  hexLabel,
  hexsideAt,
  hexsideSegment,
  inBounds,
  offsetNeighbour,
  oppositeOffsetHexside,
} from './grid';
import { hexsideCompass, hexsideDegrees, hexsideToward } from './hexside';
import { OFFSET_LAYOUTS } from './offset';
import { axialToPoint, pointToAxial } from './pixel';

const grids = OFFSET_LAYOUTS.map((l) =>
  hexGrid({ ...l, columns: 9, rows: 7, hexSize: { inches: 1.25 } }),
);
const hex = fc.record({ col: fc.integer({ min: 0, max: 8 }), row: fc.integer({ min: 0, max: 6 }) });
const close = (a: readonly number[], b: readonly number[]) => {
  expect(a[0]).toBeCloseTo(b[0]!, 9);
  expect(a[1]).toBeCloseTo(b[1]!, 9);
};

describe('hexes on the table', () => {
  it('worked numbers: 1.25" across the flats, shifted columns and rows by layout', () => {
    const s = 1.25 / Math.sqrt(3);
    const h = Math.sqrt(3) * s; // 1.25
    const [flatOdd, flatEven, pointyOdd, pointyEven] = grids as [
      (typeof grids)[0],
      (typeof grids)[0],
      (typeof grids)[0],
      (typeof grids)[0],
    ];
    close(hexCentre(flatOdd, 0, 0), [s, h / 2]);
    close(hexCentre(flatOdd, 1, 0), [2.5 * s, h]);
    close(hexCentre(flatEven, 0, 0), [s, h]);
    close(hexCentre(flatEven, 1, 0), [2.5 * s, h / 2]);
    close(hexCentre(pointyOdd, 0, 1), [h, 2.5 * s]);
    close(hexCentre(pointyEven, 0, 0), [h, s]);
    close(hexCentre(pointyEven, 0, 1), [h / 2, 2.5 * s]);
    expect(flatOdd.width).toBeCloseTo(1.5 * s * 8 + 2 * s);
    expect(flatOdd.height).toBeCloseTo(h * 7.5);
    expect(hexLabel(0, 0)).toBe('0101');
    expect(hexLabel(11, 4)).toBe('1205');
  });

  it('the hex at a hex centre is that hex (property)', () => {
    for (const g of grids)
      fc.assert(
        fc.property(hex, ({ col, row }) => {
          expect(hexAt(g, hexCentre(g, col, row))).toEqual({ col, row });
        }),
        { seed: 41 },
      );
  });

  it('a point within the inner circle of a hex is in it; points off the map are in no hex', () => {
    for (const g of grids) {
      fc.assert(
        fc.property(
          hex,
          fc.double({ min: 0, max: 2 * Math.PI, noNaN: true }),
          fc.double({ min: 0, max: 0.99, noNaN: true }),
          ({ col, row }, a, k) => {
            const [x, y] = hexCentre(g, col, row);
            const r = ((k * Math.sqrt(3)) / 2) * g.size;
            expect(hexAt(g, [x + r * Math.cos(a), y + r * Math.sin(a)])).toEqual({ col, row });
          },
        ),
        { seed: 42 },
      );
      expect(hexAt(g, [-0.01, -0.01])).toBeNull();
      expect(hexAt(g, [g.width + 0.01, g.height / 2])).toBeNull();
    }
  });

  it('axial positions round trip through the table for both orientations and any size (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('flat' as const, 'pointy' as const),
        fc.double({ min: 0.1, max: 80, noNaN: true }),
        fc.integer({ min: -200, max: 200 }),
        fc.integer({ min: -200, max: 200 }),
        (o, size, q, r) => {
          const h: Axial = axial(q, r);
          expect(pointToAxial(o, size, axialToPoint(o, size, h))).toEqual(h);
        },
      ),
      { seed: 43, numRuns: 500 },
    );
    for (const g of grids) expect(axialAt(g, axialCentre(g, axial(-3, 2)))).toEqual(axial(-3, 2));
  });

  it('neighbours are one hex apart and share the same hexside segment (property)', () => {
    for (const g of grids)
      fc.assert(
        fc.property(hex, fc.integer({ min: 0, max: 5 }), ({ col, row }, side) => {
          const n = offsetNeighbour(g, col, row, side);
          const a = hexCentre(g, col, row);
          const b = hexCentre(g, n.col, n.row);
          expect(Math.hypot(a[0] - b[0], a[1] - b[1])).toBeCloseTo(1.25);
          expect(offsetNeighbour(g, n.col, n.row, (side + 3) % 6)).toEqual({ col, row });
          const o = oppositeOffsetHexside(g, { col, row, side });
          expect(oppositeOffsetHexside(g, o)).toEqual({ col, row, side });
          if (inBounds(g, n.col, n.row)) {
            const [p, q] = hexsideSegment(g, col, row, side);
            const [r, s] = hexsideSegment(g, o.col, o.row, o.side);
            close(p, s);
            close(q, r);
            // The side's middle is halfway between the two centres.
            close([(p[0] + q[0]) / 2, (p[1] + q[1]) / 2], [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]);
          }
        }),
        { seed: 44 },
      );
  });

  it('corners lie one size from the centre; side 0 is the top of a flat hex and the top-right of a pointy one', () => {
    const [flat, , pointy] = grids as [(typeof grids)[0], unknown, (typeof grids)[0]];
    for (const p of hexCorners(flat, 2, 2)) {
      const c = hexCentre(flat, 2, 2);
      expect(Math.hypot(p[0] - c[0], p[1] - c[1])).toBeCloseTo(flat.size);
    }
    const c = hexCentre(flat, 3, 3);
    expect(hexsideAt(flat, [c[0], c[1] - 0.5])).toEqual({ col: 3, row: 3, side: 0 });
    const d = hexCentre(pointy, 3, 3);
    expect(hexsideAt(pointy, [d[0] + 0.25, d[1] - 0.45])).toEqual({ col: 3, row: 3, side: 0 });
    expect(hexsideAt(pointy, [d[0] + 0.5, d[1]])).toEqual({ col: 3, row: 3, side: 1 });
  });

  it('a facing in degrees points at the middle of its hexside, and back (both orientations)', () => {
    for (const g of [grids[0]!, grids[2]!]) {
      const c = hexCentre(g, 4, 3);
      for (let side = 0; side < 6; side++) {
        const [a, b] = hexsideSegment(g, 4, 3, side);
        const mid = [(a[0] + b[0]) / 2 - c[0], (a[1] + b[1]) / 2 - c[1]];
        const deg = (Math.atan2(mid[1]!, mid[0]!) * 180) / Math.PI;
        expect((hexsideDegrees(g.orientation, side) - deg + 360) % 360).toBeCloseTo(0, 6);
        expect(hexsideToward(g.orientation, deg)).toBe(side);
        expect(hexsideToward(g.orientation, deg + 29)).toBe(side);
        expect(hexsideToward(g.orientation, deg - 29)).toBe(side);
      }
    }
    // Exactly between two sides: the lower number, also across the 5 -> 0 wrap.
    expect(hexsideToward('flat', 300)).toBe(0);
    expect(hexsideToward('flat', 240)).toBe(0);
    expect(hexsideToward('pointy', 0)).toBe(1);
    expect(hexsideToward('pointy', 270)).toBe(0);
    expect(hexsideToward('pointy', 210)).toBe(4);
    expect([0, 1, 2, 3, 4, 5].map((d) => hexsideCompass('pointy', d)).join(' ')).toBe(
      'NE E SE SW W NW',
    );
    expect(hexsideCompass('flat', 9)).toBe('S');
  });
});
