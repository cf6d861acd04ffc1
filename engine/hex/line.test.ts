import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  axial,
  axialKey,
  hexDistance,
  hexRange,
  sameHex,
  subAxial,
  type Axial,
  type HexOrientation,
} from './coords';
import { hexsideKey } from './hexside';
import { hexLine, traceHexLine, type HexLineTie } from './line';
import { axialToOffset, offsetToAxial } from './offset';

const arbAxial = (span: number): fc.Arbitrary<Axial> =>
  fc
    .tuple(fc.integer({ min: -span, max: span }), fc.integer({ min: -span, max: span }))
    .map(([q, r]) => axial(q, r));
const arbTie = fc.constantFrom<HexLineTie>('left', 'right');
const arbOrientation = fc.constantFrom<HexOrientation>('flat', 'pointy');
const keys = (hs: readonly Axial[]) => hs.map(axialKey);
const text = (hs: readonly Axial[]) => keys(hs).join(' ');
/** Lines in the six directions that run along hexsides, where the tie rule matters. */
const arbAlongHexsides = fc
  .tuple(arbAxial(20), fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 6 }))
  .map(([a, k, n]) => {
    const d = [
      [2, -1],
      [1, 1],
      [-1, 2],
      [-2, 1],
      [-1, -1],
      [1, -2],
    ][k]!;
    return [a, axial(a.q + n * d[0]!, a.r + n * d[1]!)] as const;
  });
const arbLine = fc.oneof(fc.tuple(arbAxial(20), arbAxial(20)), arbAlongHexsides);

/**
 * The hexes whose inside the segment between two centres passes through, found without walking:
 * for each hex near the line, the range of the line's parameter inside it, compared exactly.
 */
function oracle(from: Axial, to: Axial): Set<string> {
  const diffs = (h: Axial) => [h.q - h.r, 2 * h.r + h.q, -h.q - h.r - h.q];
  const dd = diffs(subAxial(to, from));
  const out = new Set<string>();
  for (const h of hexRange(from, hexDistance(from, to) + 1)) {
    const hd = diffs(subAxial(h, from));
    // Open interval (lo, hi) of t, as fractions with positive denominators.
    let lo = { n: -1, d: 1 };
    let hi = { n: 2, d: 1 };
    let empty = false;
    for (let k = 0; k < 3; k++) {
      const D = dd[k]!;
      if (D === 0) {
        if (Math.abs(hd[k]!) >= 1) empty = true;
        continue;
      }
      const a = D > 0 ? { n: hd[k]! - 1, d: D } : { n: -(hd[k]! + 1), d: -D };
      const b = D > 0 ? { n: hd[k]! + 1, d: D } : { n: -(hd[k]! - 1), d: -D };
      if (a.n * lo.d > lo.n * a.d) lo = a;
      if (b.n * hi.d < hi.n * b.d) hi = b;
    }
    const meets = !empty && lo.n * hi.d < hi.n * lo.d && lo.n < lo.d && hi.n > 0;
    if (meets) out.add(axialKey(h));
  }
  return out;
}

describe('traceHexLine: worked examples', () => {
  it('a line between neighbours of neighbours in a straight row crosses the middle of each hexside', () => {
    const l = traceHexLine('pointy', axial(0, 0), axial(3, 0), 'left');
    expect(text(l.hexes)).toBe('0,0 1,0 2,0 3,0');
    expect(l.crossings.map((c) => [c.hexside.side, c.through])).toEqual([
      [1, 'side'],
      [1, 'side'],
      [1, 'side'],
    ]);
    expect(l.ambiguous).toEqual([]);
  });

  it('a line to a hex two steps away between directions runs along a hexside: the rule picks', () => {
    // Pointy tops: (2, -1) lies east-north-east, straight through the corner shared by the east
    // (1, 0) and north-east (1, -1) neighbours, then along the hexside between them.
    const left = traceHexLine('pointy', axial(0, 0), axial(2, -1), 'left');
    const right = traceHexLine('pointy', axial(0, 0), axial(2, -1), 'right');
    const both = traceHexLine('pointy', axial(0, 0), axial(2, -1), 'both');
    expect(text(left.hexes)).toBe('0,0 1,-1 2,-1');
    expect(text(right.hexes)).toBe('0,0 1,0 2,-1');
    expect(text(both.hexes)).toBe('0,0 1,-1 1,0 2,-1');
    expect(both.ambiguous).toEqual([
      { left: axial(1, -1), right: axial(1, 0), hexside: { hex: axial(1, -1), side: 2 } },
    ]);
    expect(left.crossings).toEqual([
      {
        from: axial(0, 0),
        to: axial(1, -1),
        hexside: { hex: axial(0, 0), side: 0 },
        through: 'corner',
        touches: axial(1, 0),
      },
      {
        from: axial(1, -1),
        to: axial(2, -1),
        hexside: { hex: axial(1, -1), side: 1 },
        through: 'corner',
        touches: axial(1, 0),
      },
    ]);
    expect(both.crossings.map((c) => `${axialKey(c.from)}>${axialKey(c.to)}`)).toEqual([
      '0,0>1,-1',
      '0,0>1,0',
      '1,-1>2,-1',
      '1,0>2,-1',
    ]);
  });

  it('along a row of a flat-topped odd-q map the line runs along hexsides, with the hexes north of it on its left', () => {
    const map = { orientation: 'flat', offset: 'odd' } as const;
    const a = offsetToAxial(map, { col: 0, row: 2 });
    const b = offsetToAxial(map, { col: 4, row: 2 });
    const l = traceHexLine('flat', a, b, 'both');
    expect(l.hexes.map((h) => axialToOffset(map, h))).toEqual([
      { col: 0, row: 2 },
      { col: 1, row: 1 },
      { col: 1, row: 2 },
      { col: 2, row: 2 },
      { col: 3, row: 1 },
      { col: 3, row: 2 },
      { col: 4, row: 2 },
    ]);
    expect(l.ambiguous.map((p) => axialToOffset(map, p.left))).toEqual([
      { col: 1, row: 1 },
      { col: 3, row: 1 },
    ]);
    // Each stretch is the south side of the hex on the left: side 3 of (1, 1) and of (3, 1).
    expect(l.ambiguous.map((p) => hexsideKey('flat', p.hexside))).toEqual(
      [
        { col: 1, row: 2 },
        { col: 3, row: 2 },
      ].map((h) => hexsideKey('flat', { hex: offsetToAxial(map, h), side: 0 })),
    );
  });

  it('a line through a corner passes from one hex into the next and touches the third there', () => {
    // Cube offset (4, -5, 1): every component is 1 mod 3, so the line meets two corners.
    const l = traceHexLine('flat', axial(0, 0), axial(4, -5), 'left');
    expect(text(l.hexes)).toBe('0,0 1,-1 2,-2 2,-3 3,-4 4,-5');
    expect(l.ambiguous).toEqual([]);
    const corners = l.crossings.filter((c) => c.through === 'corner');
    expect(corners.map((c) => [axialKey(c.from), axialKey(c.to), axialKey(c.touches!)])).toEqual([
      ['1,-1', '2,-2', '1,-2'],
      ['2,-3', '3,-4', '3,-3'],
    ]);
    expect(traceHexLine('flat', axial(0, 0), axial(4, -5), 'both').hexes).toEqual(l.hexes);
  });

  it('a line can clip a hex that the straight path of distance + 1 hexes leaves out', () => {
    // From (0, 0) to (-9, -7), 16 steps: between (-4, -3) and (-5, -3) the line cuts a corner of
    // (-4, -4), so it passes through 18 hexes; the straight path goes round it with 17.
    const traced = traceHexLine('pointy', axial(0, 0), axial(-9, -7), 'left');
    const path = hexLine(axial(0, 0), axial(-9, -7), 'left');
    expect(hexDistance(axial(0, 0), axial(-9, -7))).toBe(16);
    expect(traced.hexes).toHaveLength(18);
    expect(text(traced.hexes.slice(7, 10))).toBe('-4,-3 -4,-4 -5,-3');
    expect(path.hexes).toHaveLength(17);
    expect(keys(path.hexes)).not.toContain('-4,-4');
    expect(new Set(keys(traced.hexes))).toEqual(oracle(axial(0, 0), axial(-9, -7)));
  });

  it('a line from a hex to itself is that hex', () => {
    expect(traceHexLine('flat', axial(3, 3), axial(3, 3), 'both')).toEqual({
      hexes: [axial(3, 3)],
      crossings: [],
      ambiguous: [],
    });
  });
});

describe('traceHexLine: properties', () => {
  it('left and right: each hex is a neighbour of the one before, one crossing between each, at least distance + 1 hexes', () => {
    fc.assert(
      fc.property(arbOrientation, arbLine, arbTie, (o, [a, b], tie) => {
        const l = traceHexLine(o, a, b, tie);
        expect(l.hexes[0]).toEqual(a);
        expect(l.hexes[l.hexes.length - 1]).toEqual(b);
        expect(l.hexes.length).toBeGreaterThanOrEqual(hexDistance(a, b) + 1);
        expect(new Set(keys(l.hexes)).size).toBe(l.hexes.length);
        expect(l.crossings).toHaveLength(l.hexes.length - 1);
        const wrong = l.crossings.filter(
          (c, i) =>
            !sameHex(c.from, l.hexes[i]!) ||
            !sameHex(c.to, l.hexes[i + 1]!) ||
            hexDistance(c.from, c.to) !== 1 ||
            (c.touches !== undefined &&
              (c.through !== 'corner' ||
                hexDistance(c.touches, c.from) !== 1 ||
                hexDistance(c.touches, c.to) !== 1)),
        );
        expect(wrong).toEqual([]);
      }),
      { seed: 51, numRuns: 300 },
    );
  });

  it('passes through exactly the hexes whose inside the line meets; along a hexside the rule adds one side (property)', () => {
    fc.assert(
      fc.property(arbLine, ([a, b]) => {
        const truth = oracle(a, b);
        for (const tie of ['left', 'right'] as const) {
          const l = traceHexLine('flat', a, b, tie);
          const chosen = new Set(l.ambiguous.map((p) => axialKey(p[tie])));
          expect(new Set(keys(l.hexes).filter((k) => !chosen.has(k)))).toEqual(truth);
        }
      }),
      { seed: 52, numRuns: 300 },
    );
  });

  it('both: the left path with each ambiguous pair\u2019s right hex after its left one (property)', () => {
    fc.assert(
      fc.property(arbOrientation, arbLine, (o, [a, b]) => {
        const both = traceHexLine(o, a, b, 'both');
        const left = traceHexLine(o, a, b, 'left');
        const right = traceHexLine(o, a, b, 'right');
        expect(both.ambiguous).toEqual(left.ambiguous);
        expect(both.ambiguous).toEqual(right.ambiguous);
        expect(both.hexes).toHaveLength(left.hexes.length + both.ambiguous.length);
        const rights = new Set(both.ambiguous.map((p) => axialKey(p.right)));
        expect(both.hexes.filter((h) => !rights.has(axialKey(h)))).toEqual(left.hexes);
        for (const p of both.ambiguous) {
          expect(hexDistance(p.left, p.right)).toBe(1);
          const i = keys(both.hexes).indexOf(axialKey(p.left));
          expect(both.hexes[i + 1]).toEqual(p.right);
        }
        for (let i = 1; i < both.hexes.length; i++)
          expect(hexDistance(both.hexes[i - 1]!, both.hexes[i]!)).toBe(1);
      }),
      { seed: 53, numRuns: 300 },
    );
  });

  it('reversed, the line passes the same hexes backwards with left and right swapped (property)', () => {
    fc.assert(
      fc.property(arbOrientation, arbLine, (o, [a, b]) => {
        expect([...traceHexLine(o, b, a, 'right').hexes].reverse()).toEqual(
          traceHexLine(o, a, b, 'left').hexes,
        );
        expect([...hexLine(b, a, 'right').hexes].reverse()).toEqual(hexLine(a, b, 'left').hexes);
      }),
      { seed: 54, numRuns: 300 },
    );
  });

  it('gives the same hexes on flat and pointy maps; only the hexside numbers differ (property)', () => {
    fc.assert(
      fc.property(arbLine, arbTie, ([a, b], tie) => {
        expect(traceHexLine('flat', a, b, tie).hexes).toEqual(
          traceHexLine('pointy', a, b, tie).hexes,
        );
      }),
      { seed: 55, numRuns: 200 },
    );
  });
});

describe('hexLine: the straight path', () => {
  it('left and right: distance + 1 hexes, each a neighbour of the one before (property)', () => {
    fc.assert(
      fc.property(arbLine, arbTie, ([a, b], tie) => {
        const p = hexLine(a, b, tie);
        expect(p.hexes).toHaveLength(hexDistance(a, b) + 1);
        expect(p.hexes[0]).toEqual(a);
        expect(p.hexes[p.hexes.length - 1]).toEqual(b);
        for (let i = 1; i < p.hexes.length; i++)
          expect(hexDistance(p.hexes[i - 1]!, p.hexes[i]!)).toBe(1);
      }),
      { seed: 56, numRuns: 400 },
    );
  });

  it('both: the ties are reported, and every hex is one the line really meets (property)', () => {
    fc.assert(
      fc.property(arbLine, ([a, b]) => {
        const p = hexLine(a, b, 'both');
        expect(p.hexes).toHaveLength(hexDistance(a, b) + 1 + p.ambiguous.length);
        for (const t of p.ambiguous) expect(hexDistance(t.left, t.right)).toBe(1);
        for (let i = 1; i < p.hexes.length; i++)
          expect(hexDistance(p.hexes[i - 1]!, p.hexes[i]!)).toBe(1);
        const traced = new Set(keys(traceHexLine('pointy', a, b, 'both').hexes));
        for (const h of p.hexes) expect(traced.has(axialKey(h))).toBe(true);
      }),
      { seed: 57, numRuns: 300 },
    );
  });

  it('worked numbers: a tie at the middle of a long line is split left and right', () => {
    // (0, 0) to (-25, -23): 48 steps; the 24th point is the middle of the hexside between
    // (-12, -12) and (-13, -11).
    const p = hexLine(axial(0, 0), axial(-25, -23), 'both');
    expect(p.ambiguous).toEqual([{ left: axial(-13, -11), right: axial(-12, -12) }]);
    expect(text(hexLine(axial(0, 0), axial(2, -1), 'left').hexes)).toBe('0,0 1,-1 2,-1');
    expect(text(hexLine(axial(0, 0), axial(2, -1), 'right').hexes)).toBe('0,0 1,0 2,-1');
  });
});
