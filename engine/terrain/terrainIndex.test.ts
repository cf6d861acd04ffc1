import { describe, expect, test } from 'vitest';
import { tablePoint } from '../geometry/units';
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
    expect(ctx.terrain.crossings(tablePoint(5, 10), tablePoint(20, 10))).toBe(first);
    // The same ends the other way round are another segment, with spans measured from b.
    const back = ctx.terrain.crossings(b, a);
    expect(back).not.toBe(first);
    expect(back.find((c) => c.entry.id === 'wall')!.spans[0]!.t0).toBeCloseTo(2 / 3, 9);
  });
});
