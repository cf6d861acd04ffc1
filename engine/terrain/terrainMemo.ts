/**
 * The terrain index's remembered answers: crossings of segments kept as numbers in typed arrays
 * (CrossingStore), answers per point (PointMemo), and the one limit (MEMO_LIMIT) past which the
 * index forgets them all and starts again. docs/caches.md lists them.
 */
import type { Span } from '../geometry/polygon';
import type { Crossing, IndexedFeature } from './indexedFeature';

/**
 * Remembered crossings as numbers in two growing typed arrays, not as objects. A village game
 * remembers some 2,500 new segments and keeps them for several games: as objects (a list, a
 * crossing, a list of spans and each span) they were the largest share of what outlives a young
 * generation collection, and V8 copied each one twice before it was dropped. An answer is made
 * into objects again each time it is read; those die young, which costs the collector nothing.
 *
 * At `at` in `ints`: the number of crossings, then each crossing's entry (its place in the index's
 * entries) and number of spans; `ints[at + 1]` is where their spans' t0 and t1 start in `floats`.
 */
export class CrossingStore {
  private ints = new Int32Array(1 << 15);
  private floats = new Float64Array(1 << 15);
  private intsUsed = 0;
  private floatsUsed = 0;
  private readonly places = new Map<IndexedFeature, number>();

  constructor(private readonly entries: readonly IndexedFeature[]) {
    entries.forEach((e, k) => this.places.set(e, k));
  }

  write(crossings: readonly Crossing[]): number {
    let spanCount = 0;
    for (const c of crossings) spanCount += c.spans.length;
    const at = this.intsUsed;
    this.reserve(2 + 2 * crossings.length, 2 * spanCount);
    const ints = this.ints;
    const floats = this.floats;
    ints[at] = crossings.length;
    ints[at + 1] = this.floatsUsed;
    let i = at + 2;
    let f = this.floatsUsed;
    for (const c of crossings) {
      ints[i++] = this.placeOf(c.entry);
      ints[i++] = c.spans.length;
      for (const s of c.spans) {
        floats[f++] = s.t0;
        floats[f++] = s.t1;
      }
    }
    this.intsUsed = i;
    this.floatsUsed = f;
    return at;
  }

  read(at: number): Crossing[] {
    const entries = this.entries;
    const ints = this.ints;
    const floats = this.floats;
    const n = ints[at]!;
    let f = ints[at + 1]!;
    const out: Crossing[] = new Array<Crossing>(n);
    for (let k = 0, i = at + 2; k < n; k++, i += 2) {
      const count = ints[i + 1]!;
      const spans: Span[] = new Array<Span>(count);
      for (let j = 0; j < count; j++, f += 2) spans[j] = { t0: floats[f]!, t1: floats[f + 1]! };
      out[k] = { entry: entries[ints[i]!]!, spans };
    }
    return out;
  }

  clear(): void {
    this.intsUsed = 0;
    this.floatsUsed = 0;
  }

  private placeOf(entry: IndexedFeature): number {
    const place = this.places.get(entry);
    if (place === undefined) throw new Error(`CrossingStore: ${entry.id} is not in the index`);
    return place;
  }

  private reserve(ints: number, floats: number): void {
    if (this.intsUsed + ints > this.ints.length) {
      const grown = new Int32Array(2 * Math.max(this.ints.length, this.intsUsed + ints));
      grown.set(this.ints.subarray(0, this.intsUsed));
      this.ints = grown;
    }
    if (this.floatsUsed + floats > this.floats.length) {
      const grown = new Float64Array(2 * Math.max(this.floats.length, this.floatsUsed + floats));
      grown.set(this.floats.subarray(0, this.floatsUsed));
      this.floats = grown;
    }
  }
}

/** Answers by point: x, then y. */
export type PointMemo<T> = Map<number, Map<number, T>>;

/** Points remembered per index before the memo starts again (a few MB at most). */
export const MEMO_LIMIT = 50_000;
