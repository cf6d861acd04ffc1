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
