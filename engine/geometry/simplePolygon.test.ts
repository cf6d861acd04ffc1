import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outlineFault } from './simplePolygon';

describe('outlineFault', () => {
  it('passes every star-shaped outline (simple by construction)', () => {
    const star = fc
      .array(fc.double({ min: 0.1, max: 10, noNaN: true }), { minLength: 3, maxLength: 40 })
      .map((radii) =>
        radii.map((r, i) => {
          const t = (i / radii.length) * Math.PI * 2;
          return [Math.cos(t) * r, Math.sin(t) * r] as [number, number];
        }),
      );
    fc.assert(
      fc.property(star, (pts) => outlineFault(pts) === undefined),
      { seed: 7, numRuns: 300 },
    );
  });

  it('finds a crossing wherever two edges of a star are swapped into a bow tie', () => {
    const square: [number, number][] = [
      [0, 0],
      [4, 0],
      [4, 4],
      [0, 4],
    ];
    expect(outlineFault(square)).toBeUndefined();
    expect(outlineFault([square[0]!, square[2]!, square[1]!, square[3]!])).toMatchObject({
      kind: 'crossing',
      vertex: 2,
      other: 0,
    });
    // Touching counts: a vertex on another edge.
    expect(
      outlineFault([
        [0, 0],
        [4, 0],
        [4, 4],
        [2, 0],
        [0, 4],
      ]),
    ).toMatchObject({ kind: 'crossing' });
  });

  it('checks an outline of 10,000 points quickly', () => {
    const circle = Array.from({ length: 10_000 }, (_, i) => {
      const t = (i / 10_000) * Math.PI * 2;
      return [Math.cos(t) * 50, Math.sin(t) * 50] as [number, number];
    });
    const start = performance.now();
    expect(outlineFault(circle)).toBeUndefined();
    circle[5000] = [0, 60]; // pull one vertex across the far side
    expect(outlineFault(circle)).toMatchObject({ kind: 'crossing' });
    expect(performance.now() - start).toBeLessThan(2000);
  });
});
