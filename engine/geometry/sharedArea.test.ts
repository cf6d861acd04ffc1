import fc from 'fast-check';
import * as polyclip from 'polyclip-ts';
import { describe, expect, it } from 'vitest';
import { sharedArea, type RingSet } from './sharedArea';

type MP = [number, number][][][];

/** Area of polyclip's (exact) intersection of the two unions: the reference. */
function reference(a: MP, b: MP): number {
  const u = (m: MP) => (m.length > 1 ? (polyclip.union(m[0]!, ...m.slice(1)) as MP) : m);
  const inter = polyclip.intersection(u(a), u(b)) as MP;
  let total = 0;
  for (const poly of inter)
    poly.forEach((r, i) => {
      let s = 0;
      for (let p = 0, q = r.length - 1; p < r.length; q = p++)
        s += (r[q]![0] + r[p]![0]) * (r[q]![1] - r[p]![1]);
      total += (i === 0 ? 1 : -1) * Math.abs(s / 2);
    });
  return total;
}

const square = (x: number, y: number, s: number): [number, number][][] => [
  [
    [x, y],
    [x + s, y],
    [x + s, y + s],
    [x, y + s],
  ],
];

function inRing(x: number, y: number, r: [number, number][]): boolean {
  let inside = false;
  for (let i = 0, j = r.length - 1; i < r.length; j = i++) {
    const [xi, yi] = r[i]!;
    const [xj, yj] = r[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

describe('sharedArea', () => {
  it('measures simple overlaps exactly', () => {
    expect(sharedArea([square(0, 0, 2)], [square(1, 1, 2)])).toBeCloseTo(1, 12);
    expect(sharedArea([square(0, 0, 2)], [square(3, 3, 2)])).toBe(0);
    // Overlapping parts of one set count once (a road's legs).
    expect(sharedArea([square(0, 0, 2), square(0.5, 0, 2)], [square(0, 0, 4)])).toBeCloseTo(5, 12);
    // A hole is not shared.
    const ring: [number, number][][] = [square(0, 0, 4)[0]!, square(1, 1, 2)[0]!];
    expect(sharedArea([ring], [square(0, 0, 4)])).toBeCloseTo(12, 12);
  });

  it('agrees with exact polygon clipping on random unions of polygons', () => {
    const pt = fc.tuple(
      fc.double({ min: 0, max: 10, noNaN: true }),
      fc.double({ min: 0, max: 10, noNaN: true }),
    );
    // Star-shaped rings around a centre: simple (no self-crossing), often concave.
    const ring = fc
      .tuple(
        pt,
        fc.array(fc.double({ min: 0.3, max: 4, noNaN: true }), { minLength: 3, maxLength: 9 }),
      )
      .map(([[cx, cy], radii]) => [
        radii.map((r, i) => {
          const t = (i / radii.length) * Math.PI * 2;
          return [cx + Math.cos(t) * r, cy + Math.sin(t) * r] as [number, number];
        }),
      ]);
    const set = fc.array(ring, { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(set, set, (a, b) => {
        const want = reference(a, b);
        const got = sharedArea(a as RingSet, b as RingSet);
        return Math.abs(got - want) <= 1e-6 * Math.max(1, want);
      }),
      { seed: 42, numRuns: 40 },
    );
  });

  it('stays fast and close on a road of 50 spokes through one point over a house', () => {
    const strips: [number, number][][][] = [];
    for (let i = 0; i < 50; i++) {
      const t = (i / 50) * Math.PI * 2;
      const [dx, dy] = [Math.cos(t), Math.sin(t)];
      const [nx, ny] = [-dy, dx];
      strips.push([
        [
          [10 + nx, 10 + ny],
          [10 + dx * 10 + nx, 10 + dy * 10 + ny],
          [10 + dx * 10 - nx, 10 + dy * 10 - ny],
          [10 - nx, 10 - ny],
        ],
      ]);
    }
    const house = [square(7, 7, 6)];
    const start = performance.now();
    const got = sharedArea(strips, house);
    expect(performance.now() - start).toBeLessThan(1000);
    // Exact clipping gives up on this one ("unable to complete output ring"); count a fine grid.
    const n = 400;
    let hits = 0;
    for (let i = 0; i < n; i++)
      for (let j = 0; j < n; j++) {
        const [x, y] = [7 + ((i + 0.5) * 6) / n, 7 + ((j + 0.5) * 6) / n];
        if (strips.some(([r]) => inRing(x, y, r!))) hits++;
      }
    expect(Math.abs(got - (hits * 36) / (n * n))).toBeLessThan(0.05);
  });

  it('bounds the work on shapes with very many crossings (two combs), staying close', () => {
    const bars = (vertical: boolean) =>
      Array.from({ length: 150 }, (_, i) => {
        const [x0, x1, y0, y1] = vertical ? [i * 2, i * 2 + 1, 0, 300] : [0, 300, i * 2, i * 2 + 1];
        return [
          [
            [x0, y0],
            [x1, y0],
            [x1, y1],
            [x0, y1],
          ],
        ] as [number, number][][];
      });
    const start = performance.now();
    const got = sharedArea(bars(false), bars(true));
    expect(performance.now() - start).toBeLessThan(3000);
    expect(Math.abs(got - 150 * 150) / (150 * 150)).toBeLessThan(0.05);
  });

  it('counts axis-aligned sides on shapes with very many crossings (a deck on a dense road)', () => {
    // A 10" square whose inside is crossed by 120 thin diagonal strips each way: over 20,000
    // crossings, so the area is measured on scanlines. The strips add nothing to the union, so
    // the area shared with an axis-aligned 4" x 4" deck inside it is exactly 16 sq in. The
    // scanlines once took their edges from the sweep's list, which has no vertical edges: the
    // deck's sides were never met and it counted as zero area.
    const strip = (x: number, up: boolean): [number, number][][] => {
      const [y0, y1] = up ? [0.5, 9.5] : [9.5, 0.5];
      const w = 0.02;
      return [
        [
          [x, y0],
          [x + w, y0],
          [x + w + 5, y1],
          [x + 5, y1],
        ],
      ];
    };
    const road: [number, number][][][] = [square(0, 0, 10)];
    for (let i = 0; i < 120; i++) {
      road.push(strip(0.5 + (i * 4) / 120, true), strip(0.5 + (i * 4) / 120, false));
    }
    const deck = [square(3, 3, 4)];
    expect(sharedArea(road, deck)).toBeCloseTo(16, 6);
    expect(sharedArea(deck, road)).toBeCloseTo(16, 6);
    // A deck at the strips' own slope is met on the same scanlines: the answer agrees.
    const tilted: [number, number][][] = [
      [
        [3, 3],
        [7, 3],
        [8, 7],
        [4, 7],
      ],
    ];
    expect(sharedArea(road, [tilted])).toBeCloseTo(16, 6);
  });
});
