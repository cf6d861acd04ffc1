import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { axial, axialKey, type Axial } from './coords';
import { hexNeighbour, HEX_DIRECTIONS } from './hexside';
import {
  axialToOffset,
  fromTiledStagger,
  OFFSET_LAYOUTS,
  offsetToAxial,
  toTiledStagger,
  type OffsetLayout,
} from './offset';

const arbAxial: fc.Arbitrary<Axial> = fc
  .tuple(fc.integer({ min: -300, max: 300 }), fc.integer({ min: -300, max: 300 }))
  .map(([q, r]) => axial(q, r));
const arbOffset = fc.record({
  col: fc.integer({ min: -300, max: 300 }),
  row: fc.integer({ min: -300, max: 300 }),
});
const name = (l: OffsetLayout) => `${l.orientation}/${l.offset}`;

describe('offset <-> axial', () => {
  it.each(OFFSET_LAYOUTS.map((l) => [name(l), l] as const))(
    '%s: offset -> axial -> offset and axial -> offset -> axial round trip (property)',
    (_, layout) => {
      fc.assert(
        fc.property(arbOffset, (h) => {
          expect(axialToOffset(layout, offsetToAxial(layout, h))).toEqual(h);
        }),
        { seed: 21, numRuns: 400 },
      );
      fc.assert(
        fc.property(arbAxial, (a) => {
          expect(offsetToAxial(layout, axialToOffset(layout, a))).toEqual(a);
        }),
        { seed: 22, numRuns: 400 },
      );
    },
  );

  it('col 0, row 0 is axial (0, 0) in every layout', () => {
    for (const l of OFFSET_LAYOUTS)
      expect(offsetToAxial(l, { col: 0, row: 0 })).toEqual(axial(0, 0));
  });

  it('worked numbers for the four layouts', () => {
    const [flatOdd, flatEven, pointyOdd, pointyEven] = OFFSET_LAYOUTS as [
      OffsetLayout,
      OffsetLayout,
      OffsetLayout,
      OffsetLayout,
    ];
    expect(offsetToAxial(flatOdd, { col: 3, row: 2 })).toEqual(axial(3, 1));
    expect(offsetToAxial(flatEven, { col: 3, row: 2 })).toEqual(axial(3, 0));
    expect(offsetToAxial(pointyOdd, { col: 3, row: 5 })).toEqual(axial(1, 5));
    expect(offsetToAxial(pointyEven, { col: 3, row: 5 })).toEqual(axial(0, 5));
    expect(offsetToAxial(flatOdd, { col: -1, row: 0 })).toEqual(axial(-1, 1));
  });

  it('neighbours in the file\u2019s own numbering: an odd-q map shifts odd columns down', () => {
    const l = OFFSET_LAYOUTS[0]!;
    // Hex (1, 1) sits half a hex lower than columns 0 and 2: its NE neighbour is (2, 1), its
    // SE one (2, 2).
    const around = HEX_DIRECTIONS.map((d) =>
      axialToOffset(l, hexNeighbour(l.orientation, offsetToAxial(l, { col: 1, row: 1 }), d)),
    );
    expect(around).toEqual([
      { col: 1, row: 0 },
      { col: 2, row: 1 },
      { col: 2, row: 2 },
      { col: 1, row: 2 },
      { col: 0, row: 2 },
      { col: 0, row: 1 },
    ]);
    // In an even-r map row 0 is the shifted one, half a hex east of row 1: hex (0, 1) has
    // (-1, 0) to its NW and (0, 0) to its NE.
    const er = OFFSET_LAYOUTS[3]!;
    const a = offsetToAxial(er, { col: 0, row: 1 });
    expect(axialToOffset(er, hexNeighbour('pointy', a, 5))).toEqual({ col: -1, row: 0 });
    expect(axialToOffset(er, hexNeighbour('pointy', a, 0))).toEqual({ col: 0, row: 0 });
  });

  it('different offsets are different axial hexes: the layouts are not interchangeable', () => {
    const seen = new Set(OFFSET_LAYOUTS.map((l) => axialKey(offsetToAxial(l, { col: 3, row: 3 }))));
    expect(seen.size).toBeGreaterThan(1);
  });
});

describe("Tiled's names", () => {
  it('staggeraxis x is flat tops, y pointy; staggerindex is the offset', () => {
    expect(fromTiledStagger({ staggeraxis: 'x', staggerindex: 'odd' })).toEqual({
      orientation: 'flat',
      offset: 'odd',
    });
    expect(fromTiledStagger({ staggeraxis: 'y', staggerindex: 'even' })).toEqual({
      orientation: 'pointy',
      offset: 'even',
    });
    for (const l of OFFSET_LAYOUTS) expect(fromTiledStagger(toTiledStagger(l))).toEqual(l);
  });
});
