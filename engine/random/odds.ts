import { poolFaces, type PoolSpec } from './pool';

/**
 * Exact odds of dice: binomial and multinomial laws and the distribution of a dice pool read by
 * counting faces, as every ruleset's odds need them (a shot's chance to hit, a pool of battle dice,
 * attack and defence pools). Numbers are worked out by counting, never sampled, and in one fixed
 * order of operations, so a ruleset that moves onto these functions prints the same digits: a
 * probability of counts is always `C(n, a) · C(n - a, b) · … · p₁^a · p₂^b · …`, left to right.
 *
 * Distributions are kept once worked out (the bots ask the same questions many times a turn) in
 * bounded caches owned here: `clearOddsCaches` forgets them (benchmarks time the counting itself).
 */

/** Pascal's triangle, rows kept as they are first needed (a row per pool size ever asked for). */
const PASCAL: number[][] = [[1]];
/** Rows beyond this are not kept: no pool of dice is this large, and a row of n costs n numbers. */
const PASCAL_ROWS = 1024;

/** The row n of Pascal's triangle: C(n, 0) … C(n, n). */
export function binomialRow(n: number): readonly number[] {
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`no binomial row ${n}: a number of dice is a whole number, 0 or more`);
  if (n > PASCAL_ROWS) {
    // Work a far row out without keeping it.
    let row = [1];
    for (let r = 1; r <= n; r++) row = nextRow(row);
    return row;
  }
  for (let r = PASCAL.length; r <= n; r++) PASCAL.push(nextRow(PASCAL[r - 1]!));
  return PASCAL[n]!;
}

function nextRow(prev: readonly number[]): number[] {
  const r = prev.length;
  const row = [1];
  for (let k = 1; k < r; k++) row.push(prev[k - 1]! + prev[k]!);
  row.push(1);
  return row;
}

/** C(n, k): the ways of picking k of n; 0 when k is outside 0 … n. */
export function choose(n: number, k: number): number {
  if (k < 0 || k > n) return 0;
  return binomialRow(n)[k]!;
}

/**
 * The ways of splitting n dice into groups of the given sizes and the rest: n! / (a! b! … rest!),
 * as C(n, a) · C(n - a, b) · … (the rest is what the sizes leave of n).
 */
export function multinomialCoefficient(n: number, sizes: readonly number[]): number {
  let ways = 1;
  let left = n;
  for (const [i, k] of sizes.entries()) {
    ways = i === 0 ? choose(left, k) : ways * choose(left, k);
    left -= k;
  }
  return left < 0 ? 0 : ways;
}

/**
 * The chance of exactly `a` dice of kind A, `b` of kind B and the rest of kind C among n, when one
 * die is A, B or C with chances pa, pb, pc (pa + pb + pc = 1).
 */
export function trinomialP(
  n: number,
  a: number,
  b: number,
  pa: number,
  pb: number,
  pc: number,
): number {
  return choose(n, a) * choose(n - a, b) * pa ** a * pb ** b * pc ** (n - a - b);
}

/** The chance of exactly k successes in n tries of chance p: C(n, k) · p^k · (1 - p)^(n - k). */
export function binomialP(n: number, k: number, p: number): number {
  return choose(n, k) * p ** k * (1 - p) ** (n - k);
}

/** The chance that one die of `sides` faces (numbered from 1) shows `needed` or more. */
export function pAtLeast(needed: number, sides = 6): number {
  let faces = 0;
  for (let face = 1; face <= sides; face++) if (face >= needed) faces++;
  return faces / sides;
}

/**
 * A cache that keeps at most `limit` answers: when full, the oldest answer goes. Every odds cache
 * of the engine is one of these, so they all have one bound and one way of forgetting.
 */
export class BoundedCache<K, V> {
  private readonly map = new Map<K, V>();
  constructor(readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1)
      throw new Error(`a cache keeps at least one answer, not ${limit}`);
  }
  get size(): number {
    return this.map.size;
  }
  get(key: K): V | undefined {
    return this.map.get(key);
  }
  /** The answer kept for `key`, or `make()`'s, kept. */
  remember(key: K, make: () => V): V {
    const got = this.map.get(key);
    if (got !== undefined) return got;
    const v = make();
    if (this.map.size >= this.limit) this.map.delete(this.map.keys().next().value as K);
    this.map.set(key, v);
    return v;
  }
  clear(): void {
    this.map.clear();
  }
}

const BINOMIAL_CACHE = new BoundedCache<string, readonly number[]>(4096);
const MULTINOMIAL_CACHE = new BoundedCache<string, readonly MultinomialOutcome[]>(4096);

/** Forgets every distribution this module worked out. */
export function clearOddsCaches(): void {
  BINOMIAL_CACHE.clear();
  MULTINOMIAL_CACHE.clear();
}

/** P(exactly k successes), k = 0 … n, for n tries of chance p (a frozen, shared array). */
export function binomial(n: number, p: number): readonly number[] {
  checkChances([p]);
  return BINOMIAL_CACHE.remember(`${n}|${p}`, () => {
    binomialRow(n);
    return Object.freeze(Array.from({ length: n + 1 }, (_, k) => binomialP(n, k, p)));
  });
}

/** One outcome of a multinomial law: how many dice fell in each kind, and its chance. */
export interface MultinomialOutcome {
  readonly counts: readonly number[];
  readonly p: number;
}

/**
 * Every way n dice can fall into kinds of the given chances (which sum to 1), with its chance:
 * outcomes ordered by the first kind's count, then the second's, and so on (lowest first), the
 * last kind taking what is left; outcomes of chance 0 are left out. Shared and frozen: do not edit.
 * A last chance worked out as 1 minus the others may be a rounding error below 0 (-3e-17): it is
 * taken as given, so the numbers stay those of the plain formula.
 */
export function multinomial(n: number, chances: readonly number[]): readonly MultinomialOutcome[] {
  if (chances.length === 0) throw new Error('a multinomial law needs at least one kind');
  checkChances(chances);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`cannot roll ${n} dice: a pool is a whole number of dice, 0 or more`);
  return MULTINOMIAL_CACHE.remember(`${n}|${chances.join(',')}`, () => {
    const out: MultinomialOutcome[] = [];
    const counts: number[] = Array<number>(chances.length).fill(0);
    const walk = (kind: number, left: number): void => {
      if (kind === chances.length - 1) {
        counts[kind] = left;
        const p = multinomialP(n, counts, chances);
        if (p !== 0) out.push(Object.freeze({ counts: Object.freeze([...counts]), p }));
        return;
      }
      for (let k = 0; k <= left; k++) {
        counts[kind] = k;
        walk(kind + 1, left - k);
      }
    };
    walk(0, n);
    return Object.freeze(out);
  });
}

/**
 * The chance of exactly these counts (they sum to n) for kinds of the given chances:
 * C(n, c₁) · C(n - c₁, c₂) · … · p₁^c₁ · p₂^c₂ · …, in that order (for three kinds, `trinomialP`).
 */
export function multinomialP(
  n: number,
  counts: readonly number[],
  chances: readonly number[],
): number {
  let p = multinomialCoefficient(n, counts.slice(0, -1));
  for (const [i, c] of counts.entries()) p *= chances[i]! ** c;
  return p;
}

/** Chances may miss 0 or 1 by rounding (1 - 5/6 - 1/6 is -3e-17), not by more. */
const ROUNDING = 1e-9;

function checkChances(chances: readonly number[]): void {
  for (const p of chances)
    if (!(p >= -ROUNDING && p <= 1 + ROUNDING))
      throw new Error(`a chance is between 0 and 1, not ${p}`);
}

/**
 * The distribution of a dice pool read by counting faces: `groups` name the faces that count
 * for each reading ("hit": infantry faces and grenade; "flag": the flag), each face in at most
 * one group; faces in none are the rest. Each outcome's `counts` are the dice per group in order,
 * then the rest. A numbered die's faces are "1" … "sides".
 */
export function poolDistribution(
  spec: PoolSpec,
  groups: readonly (readonly string[])[],
): readonly MultinomialOutcome[] {
  const faces = poolFaces(spec);
  if (faces.length === 0) throw new Error('a die needs at least one face');
  const seen = new Set<string>();
  const chances = groups.map((g, i) => {
    for (const f of g) {
      if (seen.has(f))
        throw new Error(
          `face "${f}" is in two groups (group ${i + 1} and an earlier one): a die counts once`,
        );
      seen.add(f);
    }
    return faces.filter((f) => g.includes(f)).length / faces.length;
  });
  const rest = faces.filter((f) => !seen.has(f)).length / faces.length;
  return multinomial(spec.count, [...chances, rest]);
}

/** P(exactly k dice show `target` or more), k = 0 … count, for `count` dice of `sides` faces. */
export function successesAtLeast(count: number, target: number, sides = 6): readonly number[] {
  return binomial(count, pAtLeast(target, sides));
}
