import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { createContext } from '../rulesets/tankplank/rules/context';
import { tablePoint } from '../geometry/units';
import type { Crossing } from './terrainIndex';
import { spansOf } from './featureShape';
import { fixtureGame } from '../rulesets/tankplank/rules/testing';

describe('terrain index point queries', () => {
  const { ctx } = fixtureGame({
    units: [],
    features: [
      {
        id: 'wall',
        kind: 'wall',
        points: [
          [12.8, 12.8],
          [12.8, 15],
        ],
      },
    ],
  });

  test('a wall counts within the line tolerance, beyond its own bounding box', () => {
    const near = ctx.terrain.featuresAt(tablePoint(12.55, 13.5), 0.3).map((e) => e.id);
    expect(near).toEqual(['wall']);
    expect(ctx.terrain.featuresAt(tablePoint(12.45, 13.5), 0.3)).toEqual([]);
    // Beyond the end of the wall, outside the tolerance around its last point.
    expect(ctx.terrain.featuresAt(tablePoint(12.8, 15.4), 0.3)).toEqual([]);
  });
});

describe('terrain index crossings memo', () => {
  const features = [
    {
      id: 'wall',
      kind: 'wall',
      points: [
        [10, 5],
        [10, 20],
      ],
    },
    {
      id: 'bush',
      kind: 'bushes',
      points: [
        [14, 8],
        [18, 8],
        [18, 12],
        [14, 12],
      ],
    },
  ] as const;
  const { ctx } = fixtureGame({ units: [], features: features as never });

  test('a segment asked again gets the answer it got the first time', () => {
    const a = tablePoint(5, 10);
    const b = tablePoint(20, 10);
    const first = ctx.terrain.crossings(a, b);
    expect(first.map((c) => c.entry.id)).toEqual(['wall', 'bush']);
    expect(first[0]!.spans[0]!.t0).toBeCloseTo(1 / 3, 9);
    expect(first[1]!.spans[0]).toEqual({ t0: 0.6, t1: expect.closeTo(13 / 15, 9) });
    // Remembered as numbers: an answer equal to the first, in objects of its own.
    const again = ctx.terrain.crossings(tablePoint(5, 10), tablePoint(20, 10));
    expect(again).not.toBe(first);
    expect(again.map((c) => [c.entry, c.spans])).toEqual(first.map((c) => [c.entry, c.spans]));
    expect(again[0]!.entry).toBe(first[0]!.entry);
    // The same ends the other way round are another segment, with spans measured from b.
    const back = ctx.terrain.crossings(b, a);
    expect(back).not.toBe(first);
    expect(back.find((c) => c.entry.id === 'wall')!.spans[0]!.t0).toBeCloseTo(2 / 3, 9);
  });
});

describe('terrain index crossings memo on many segments', () => {
  const doc = bundledScenario('tankplank-village');

  test('every answer, asked again or not, is the one a fresh index gives', () => {
    const memo = createContext(doc).terrain;
    // Asked each segment once: its answers are worked out afresh.
    const fresh = createContext(doc).terrain;
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const ends: ReturnType<typeof tablePoint>[] = [];
    for (let k = 0; k < 80; k++) ends.push(tablePoint(next() * 36, next() * 24));
    // -0 is the same end as 0, as it is for a Map.
    ends.push(tablePoint(-0, 5), tablePoint(0, 5));
    const first = new Map<string, readonly Crossing[]>();
    // Enough segments that the store of remembered answers outgrows its first arrays.
    for (let k = 0; k < 12000; k++) {
      const a = ends[Math.floor(next() * ends.length)]!;
      const b = ends[Math.floor(next() * ends.length)]!;
      const got = memo.crossings(a, b);
      const key = `${a.x + 0},${a.y},${b.x + 0},${b.y}`;
      const seen = first.get(key);
      if (seen) {
        expect(got).not.toBe(seen);
        expect(got.map((c) => [c.entry.id, c.spans])).toEqual(
          seen.map((c) => [c.entry.id, c.spans]),
        );
      } else {
        first.set(key, got);
        const again = fresh.crossings(a, b);
        expect(again).not.toBe(got);
        expect(got.map((c) => [c.entry.id, c.spans])).toEqual(
          again.map((c) => [c.entry.id, c.spans]),
        );
      }
    }
    // Many segments came round again.
    expect(first.size).toBeLessThan(6000);
  });
});

describe('crossings look at a road strip only where the segment meets its box', () => {
  test('each feature gets the spans spansOf finds over all its polygons', () => {
    const doc = bundledScenario('tankplank-village');
    const terrain = createContext(doc).terrain;
    let seed = 5;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let several = 0;
    for (let k = 0; k < 2000; k++) {
      const a = tablePoint(next() * 38 - 1, next() * 26 - 1);
      // Long lines, and short ones such as a move's legs.
      const b =
        k % 2 === 0 ? tablePoint(next() * 38 - 1, next() * 26 - 1) : tablePoint(a.x + next(), a.y);
      const got = new Map(terrain.crossings(a, b).map((c) => [c.entry.id, c.spans]));
      for (const e of terrain.entries) {
        const spans = spansOf(e.footprint, a, b);
        if (e.footprint.type === 'area' && e.footprint.polygons.length > 1 && spans.length > 0)
          several++;
        expect(got.get(e.id) ?? []).toEqual(spans);
      }
    }
    // The village's roads are strips of several polygons, and lines cross them.
    expect(several).toBeGreaterThan(100);
  });
});

describe('terrain index grids', () => {
  const doc = bundledScenario('tankplank-village');
  const grid = createContext(doc).terrain;
  const scan = createContext(doc, { indexMode: 'scan' }).terrain;
  // Seeded points over the table and a little beyond its edges.
  let seed = 7;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const point = () => tablePoint(next() * 38 - 1, next() * 26 - 1);

  test('the features a line may meet are the ones a scan of every feature finds', () => {
    let found = 0;
    for (let k = 0; k < 3000; k++) {
      // Long lines, short ones, and lines along a row or a column of cells.
      const a = point();
      const b =
        k % 3 === 0
          ? point()
          : k % 3 === 1
            ? tablePoint(a.x + next() * 4, a.y)
            : tablePoint(a.x, a.y + 2 * next());
      const ids = (t: typeof grid) =>
        t
          .lineCandidates(a, b)
          .map((e) => e.id)
          .sort();
      const fromGrid = ids(grid);
      expect(fromGrid).toEqual(ids(scan));
      found += fromGrid.length;
    }
    expect(found).toBeGreaterThan(10000);
  });

  test('the ground under a point is the one a scan of every feature finds', () => {
    let raised = 0;
    for (let k = 0; k < 20000; k++) {
      const p = point();
      const g = grid.groundAt(p);
      expect(g).toEqual(scan.groundAt(p));
      if (g.height !== 0) raised++;
    }
    expect(raised).toBeGreaterThan(1000);
  });
});
