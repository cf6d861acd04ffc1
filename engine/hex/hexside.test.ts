import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axial, hexDistance, type Axial } from './coords';
import {
  canonicalHexside,
  directionTo,
  hexNeighbour,
  hexside,
  hexsideBetween,
  hexsideKey,
  oppositeDirection,
  oppositeHexside,
  sameHexside,
} from './hexside';
import { axialToPoint } from './pixel';

const arbAxial: fc.Arbitrary<Axial> = fc
  .tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }))
  .map(([q, r]) => axial(q, r));
const arbSide = fc.integer({ min: 0, max: 5 });
const orientations = ['flat', 'pointy'] as const;

describe('hexsides', () => {
  it('are numbered as the map file numbers them: flat 0 = N, pointy 0 = NE, 1 = E', () => {
    const compass = (o: 'flat' | 'pointy', d: number) => {
      const [x, y] = axialToPoint(o, 1, hexNeighbour(o, axial(0, 0), hexside(axial(0, 0), d).side));
      return Math.round((Math.atan2(y, x) * 180) / Math.PI);
    };
    // Degrees clockwise from east on the table (y grows south).
    expect([0, 1, 2, 3, 4, 5].map((d) => compass('flat', d))).toEqual([
      -90, -30, 30, 90, 150, -150,
    ]);
    expect([0, 1, 2, 3, 4, 5].map((d) => compass('pointy', d))).toEqual([
      -60, 0, 60, 120, 180, -120,
    ]);
  });

  it('worked numbers: side 1 of flat (2, 3) is side 4 of (3, 2), and both name it (2, 3, 1)', () => {
    const s = hexside(axial(2, 3), 1);
    expect(oppositeHexside('flat', s)).toEqual(hexside(axial(3, 2), 4));
    expect(canonicalHexside('flat', hexside(axial(3, 2), 4))).toEqual(s);
    expect(hexsideKey('flat', hexside(axial(3, 2), 4))).toBe('2,3,1');
    expect(hexsideKey('pointy', hexside(axial(3, 3), 4))).toBe('2,3,1');
  });

  it('the opposite of the opposite is the side itself; both names share one key (property)', () => {
    for (const o of orientations)
      fc.assert(
        fc.property(arbAxial, arbSide, (h, d) => {
          const s = hexside(h, d);
          const back = oppositeHexside(o, s);
          expect(hexDistance(back.hex, h)).toBe(1);
          expect(back.side).toBe(oppositeDirection(s.side));
          expect(oppositeHexside(o, back)).toEqual(s);
          expect(hexsideKey(o, back)).toBe(hexsideKey(o, s));
          expect(sameHexside(o, s, back)).toBe(true);
          expect(canonicalHexside(o, s).side).toBeLessThan(3);
          expect(hexsideBetween(o, h, back.hex)).toEqual(s);
          expect(directionTo(o, h, back.hex)).toBe(s.side);
        }),
        { seed: 31, numRuns: 300 },
      );
  });

  it('different sides have different keys; hexes that do not touch have no side between them', () => {
    const keys = new Set<string>();
    for (const d of [0, 1, 2, 3, 4, 5]) keys.add(hexsideKey('pointy', hexside(axial(0, 0), d)));
    expect(keys.size).toBe(6);
    expect(hexsideBetween('flat', axial(0, 0), axial(2, -1))).toBeUndefined();
    expect(hexsideBetween('flat', axial(0, 0), axial(0, 0))).toBeUndefined();
  });
});
