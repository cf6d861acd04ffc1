import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OUTLINE_TOLERANCE, simplifyPolyline, simplifyRing } from './simplifyOutline';

type P = [number, number];

describe('simplifyOutline', () => {
  it('takes out points on straight runs and keeps the corners', () => {
    const line: P[] = [
      [0, 0],
      [1, 0],
      [2, 0],
      [2, 1],
      [2, 2 + 1e-9],
      [2, 3],
    ];
    expect(simplifyPolyline(line)).toEqual([
      [0, 0],
      [2, 0],
      [2, 3],
    ]);
  });

  it('keeps a turn back along the same line (a spike, a road doubling back)', () => {
    const line: P[] = [
      [0, 0],
      [3, 0],
      [1, 0],
    ];
    expect(simplifyPolyline(line)).toEqual(line);
    expect(
      simplifyPolyline([
        [0, 0],
        [1, 1e-5],
        [2, 0],
      ] as P[]),
    ).toHaveLength(3);
  });

  it('simplifies a ring across its closing edge', () => {
    const square: P[] = [
      [1, 0],
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ];
    // [1, 0] lies on the closing edge from [0, 0] to [2, 0].
    expect(simplifyRing(square)).toEqual([
      [2, 0],
      [2, 2],
      [0, 2],
      [0, 0],
    ]);
  });

  it('a line redrawn with points on its legs comes back to at most its corners, ends kept', () => {
    const pt = fc.tuple(
      fc.double({ min: 0, max: 50, noNaN: true }),
      fc.double({ min: 0, max: 50, noNaN: true }),
    );
    fc.assert(
      fc.property(
        fc.array(pt, { minLength: 2, maxLength: 6 }),
        fc.integer({ min: 1, max: 30 }),
        fc.double({ min: 0, max: OUTLINE_TOLERANCE / 2, noNaN: true }),
        (corners, times, wobble) => {
          const dense: P[] = [];
          corners.forEach((a, i) => {
            dense.push(a);
            const b = corners[i + 1];
            if (!b) return;
            for (let k = 1; k < times; k++) {
              const t = k / times;
              dense.push([
                a[0] + (b[0] - a[0]) * t,
                a[1] + (b[1] - a[1]) * t + (k % 2 ? wobble : -wobble),
              ]);
            }
          });
          const kept = simplifyPolyline(dense);
          expect(kept.length).toBeLessThanOrEqual(corners.length);
          expect(kept[0]).toEqual(dense[0]);
          expect(kept[kept.length - 1]).toEqual(dense[dense.length - 1]);
        },
      ),
      { seed: 5, numRuns: 200 },
    );
  });
});
