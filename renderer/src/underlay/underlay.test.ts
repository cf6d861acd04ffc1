import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Underlay } from '../../../engine/format/types';
import { calibrateUnderlay, pictureToTable, tableToPicture, underlayCorners } from './underlay';

const base: Underlay = {
  pixelWidth: 1000,
  pixelHeight: 500,
  x: 3,
  y: 2,
  inchesPerPixel: 0.02,
  rotation: 15,
  embedded: 'data:image/png;base64,AAAA',
};

describe('underlay geometry', () => {
  it('maps picture pixels to the table and back', () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (px, py, rotation) => {
          const u = { ...base, rotation };
          const [bx, by] = tableToPicture(u, pictureToTable(u, px, py));
          expect(bx).toBeCloseTo(px, 6);
          expect(by).toBeCloseTo(py, 6);
        },
      ),
    );
  });

  it('turns about the top-left corner', () => {
    const c = underlayCorners({ ...base, rotation: 90 });
    expect(c[0]).toEqual([3, 2]);
    expect(c[1]![0]).toBeCloseTo(3);
    expect(c[1]![1]).toBeCloseTo(2 + 20);
  });

  it('scales by two points a known distance apart and keeps the first where it is', () => {
    const a = pictureToTable(base, 100, 100);
    const b = pictureToTable(base, 600, 100);
    // The marks are 500 px apart: 10" now; they are really 25" apart.
    const u = calibrateUnderlay(base, a, b, 25);
    expect(u.inchesPerPixel).toBeCloseTo(0.05, 9);
    const a2 = pictureToTable(u, 100, 100);
    const b2 = pictureToTable(u, 600, 100);
    expect(a2[0]).toBeCloseTo(a[0], 3);
    expect(a2[1]).toBeCloseTo(a[1], 3);
    expect(Math.hypot(b2[0] - a2[0], b2[1] - a2[1])).toBeCloseTo(25, 3);
  });

  it('ignores a zero distance', () => {
    expect(calibrateUnderlay(base, [1, 1], [1, 1], 10)).toBe(base);
    expect(calibrateUnderlay(base, [1, 1], [2, 1], 0)).toBe(base);
  });
});
