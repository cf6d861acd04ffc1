import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  binomial,
  binomialP,
  binomialRow,
  BoundedCache,
  choose,
  clearOddsCaches,
  multinomial,
  multinomialCoefficient,
  pAtLeast,
  poolDistribution,
  successesAtLeast,
  trinomialP,
} from './odds';
import { poolFaces, type PoolSpec } from './pool';

const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0);
/** Chances that sum to 1: k weights, normalised. */
const arbChances = (k: number) =>
  fc
    .array(fc.integer({ min: 0, max: 12 }), { minLength: k, maxLength: k })
    .filter((w) => sum(w) > 0)
    .map((w) => w.map((x) => x / sum(w)));

/** Every sequence of n dice of `faces` faces, by brute force (for small n). */
function* sequences(n: number, faces: number): Generator<number[]> {
  if (n === 0) {
    yield [];
    return;
  }
  for (const rest of sequences(n - 1, faces)) for (let f = 0; f < faces; f++) yield [...rest, f];
}

describe('binomial coefficients', () => {
  it('gives the known rows and values', () => {
    expect(binomialRow(0)).toEqual([1]);
    expect(binomialRow(4)).toEqual([1, 4, 6, 4, 1]);
    expect(choose(10, 3)).toBe(120);
    expect(choose(52, 5)).toBe(2598960);
    expect(choose(5, 6)).toBe(0);
    expect(choose(5, -1)).toBe(0);
  });

  it('refuses a row that is not a whole number of dice', () => {
    expect(() => binomialRow(-1)).toThrow(/whole number/);
    expect(() => binomialRow(2.5)).toThrow(/whole number/);
  });

  it('rows sum to 2^n and multinomial coefficients to k^n', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 40 }), (n) => {
        expect(sum(binomialRow(n))).toBe(2 ** n);
      }),
    );
    let total = 0;
    for (let a = 0; a <= 6; a++)
      for (let b = 0; a + b <= 6; b++) total += multinomialCoefficient(6, [a, b]);
    expect(total).toBe(3 ** 6);
    expect(multinomialCoefficient(4, [3, 2])).toBe(0);
  });
});

describe('binomial law', () => {
  it('gives the known chances of hits on 5+ with three dice', () => {
    const d = successesAtLeast(3, 5);
    expect(d[0]).toBeCloseTo(8 / 27, 15);
    expect(d[1]).toBeCloseTo(12 / 27, 15);
    expect(d[2]).toBeCloseTo(6 / 27, 15);
    expect(d[3]).toBeCloseTo(1 / 27, 15);
  });

  it('sums to 1 and has mean n·p', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 30 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (n, p) => {
          const d = binomial(n, p);
          expect(d).toHaveLength(n + 1);
          expect(sum(d)).toBeCloseTo(1, 10);
          expect(sum(d.map((q, k) => q * k))).toBeCloseTo(n * p, 9);
        },
      ),
    );
  });

  it('is the plain formula, digit for digit', () => {
    const d = binomial(7, 0.3);
    for (let k = 0; k <= 7; k++) expect(d[k]).toBe(choose(7, k) * 0.3 ** k * 0.7 ** (7 - k));
    expect(binomialP(7, 2, 0.3)).toBe(d[2]);
  });

  it('refuses a chance outside 0 … 1', () => {
    expect(() => binomial(3, 1.5)).toThrow(/between 0 and 1/);
    expect(() => binomial(3, Number.NaN)).toThrow(/between 0 and 1/);
  });
});

describe('d6 thresholds', () => {
  it('counts the faces that reach the number', () => {
    expect(pAtLeast(1)).toBe(1);
    expect(pAtLeast(4)).toBe(0.5);
    expect(pAtLeast(6)).toBe(1 / 6);
    expect(pAtLeast(7)).toBe(0);
    expect(pAtLeast(-3)).toBe(1);
    expect(pAtLeast(11, 20)).toBe(0.5);
  });
});

describe('multinomial law', () => {
  it('matches a brute-force walk over every face sequence', () => {
    // A battle die: two infantry faces, a tank, a grenade, a flag, a star.
    const faces = ['inf', 'inf', 'tank', 'grenade', 'flag', 'star'];
    const groups = [['inf', 'grenade'], ['flag']];
    for (const n of [0, 1, 2, 3, 4]) {
      const brute = new Map<string, number>();
      for (const seq of sequences(n, faces.length)) {
        const counts = [0, 0, 0];
        for (const f of seq) {
          const g = groups.findIndex((gr) => gr.includes(faces[f]!));
          counts[g === -1 ? 2 : g]! += 1;
        }
        brute.set(counts.join(','), (brute.get(counts.join(',')) ?? 0) + 6 ** -n);
      }
      const got = poolDistribution({ count: n, faces }, groups);
      expect(got).toHaveLength(brute.size);
      for (const o of got) expect(o.p).toBeCloseTo(brute.get(o.counts.join(','))!, 14);
    }
  });

  it('sums to 1, every outcome adds up to n, and each kind has mean n·p', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 1, max: 4 }).chain(arbChances),
        (n, chances) => {
          const out = multinomial(n, chances);
          expect(sum(out.map((o) => o.p))).toBeCloseTo(1, 10);
          for (const o of out) {
            expect(sum(o.counts)).toBe(n);
            expect(o.p).toBeGreaterThan(0);
          }
          chances.forEach((p, i) =>
            expect(sum(out.map((o) => o.counts[i]! * o.p))).toBeCloseTo(n * p, 9),
          );
        },
      ),
    );
  });

  it('lists outcomes by the first kind, then the second, lowest first', () => {
    const out = multinomial(2, [0.5, 0.25, 0.25]).map((o) => o.counts.join(''));
    expect(out).toEqual(['002', '011', '020', '101', '110', '200']);
  });

  it('gives three kinds by the same formula as trinomialP', () => {
    const [hit, crit] = [3 / 6, 1 / 6];
    const fail = 1 - hit - crit;
    for (const o of multinomial(5, [hit, crit, fail]))
      expect(o.p).toBe(trinomialP(5, o.counts[0]!, o.counts[1]!, hit, crit, fail));
  });

  it('keeps a last chance that rounding put a hair below 0', () => {
    const fail = 1 - 5 / 6 - 1 / 6;
    expect(fail).toBeLessThan(0);
    expect(() => multinomial(3, [5 / 6, 1 / 6, fail])).not.toThrow();
    expect(() => multinomial(3, [0.5, 0.6, -0.1])).toThrow(/between 0 and 1/);
  });

  it('refuses a pool that is not a whole number of dice, and a face in two groups', () => {
    expect(() => multinomial(-1, [1])).toThrow(/whole number/);
    expect(() => poolDistribution({ count: 2, sides: 6 }, [['6'], ['5', '6']])).toThrow(
      /face "6" is in two groups/,
    );
  });

  it('numbered pools count faces by their numbers', () => {
    const spec: PoolSpec = { count: 4, sides: 6 };
    const byGroups = poolDistribution(spec, [['5', '6']]);
    const byThreshold = successesAtLeast(4, 5);
    for (const o of byGroups) expect(o.p).toBeCloseTo(byThreshold[o.counts[0]!]!, 15);
    expect(poolFaces(spec)).toHaveLength(6);
  });
});

describe('the caches', () => {
  it('answer the same distribution again, and again after being cleared', () => {
    const a = multinomial(6, [0.5, 0.5]);
    expect(multinomial(6, [0.5, 0.5])).toBe(a);
    clearOddsCaches();
    const b = multinomial(6, [0.5, 0.5]);
    expect(b).not.toBe(a);
    expect(b).toEqual(a);
  });

  it('keep at most their bound, forgetting the oldest first', () => {
    const cache = new BoundedCache<number, string>(3);
    for (let i = 0; i < 5; i++) cache.remember(i, () => `v${i}`);
    expect(cache.size).toBe(3);
    expect(cache.get(0)).toBeUndefined();
    expect(cache.get(1)).toBeUndefined();
    expect(cache.get(4)).toBe('v4');
    let made = 0;
    cache.remember(4, () => `again${++made}`);
    expect(made).toBe(0);
    expect(() => new BoundedCache(0)).toThrow(/at least one/);
  });
});
