import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outlineGap, type MultiPolygon } from './footprintPolygons';

/** Every vertex of each against every edge of the other: the plain reading of the gap. */
function bruteGap(a: MultiPolygon, b: MultiPolygon): number {
  let best = Infinity;
  for (const [from, to] of [
    [a, b],
    [b, a],
  ] as const)
    for (const poly of from)
      for (const [px, py] of poly[0]!)
        for (const other of to) {
          const r = other[0]!;
          for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
            const [ax, ay] = r[j]!;
            const [bx, by] = r[i]!;
            const dx = bx - ax;
            const dy = by - ay;
            const len2 = dx * dx + dy * dy;
            const t =
              len2 === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / len2));
            best = Math.min(best, Math.hypot(ax + dx * t - px, ay + dy * t - py));
          }
        }
  return best;
}

describe('outlineGap', () => {
  it('finds the plain gap between outlines, or says it is at least the limit', () => {
    const star = fc
      .tuple(
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.double({ min: 0, max: 40, noNaN: true }),
        fc.array(fc.double({ min: 0.5, max: 3, noNaN: true }), { minLength: 3, maxLength: 40 }),
      )
      .map(([cx, cy, radii]): MultiPolygon => [
        [
          radii.map((r, i): [number, number] => {
            const t = (i / radii.length) * Math.PI * 2;
            return [cx + Math.cos(t) * r, cy + Math.sin(t) * r];
          }),
        ],
      ]);
    fc.assert(
      fc.property(star, star, fc.double({ min: 0.5, max: 20, noNaN: true }), (a, b, limit) => {
        const gap = outlineGap(a, b);
        const plain = bruteGap(a, b);
        if (gap === 0) return; // they share ground
        expect(gap).toBeCloseTo(plain, 12);
        const capped = outlineGap(a, b, limit);
        if (plain < limit) expect(capped).toBeCloseTo(plain, 12);
        else expect(capped).toBeGreaterThanOrEqual(limit);
      }),
      { seed: 11, numRuns: 200 },
    );
  });
});
