/**
 * Answers by segment (four numbers: a.x, a.y, b.x, b.y) in one open-addressing hash table of
 * typed arrays, for the terrain index's `crossings` and the move coster's cuts: a game asks for a
 * hundred thousand segments, and four nested maps keyed by numbers cost a twentieth of its time.
 * It grows as answers come in; `clear` empties it. -0 counts as 0, as a Map's keys do.
 */
export class SegmentMemo<T> {
  private mask = 0;
  private count = 0;
  private keys = new Float64Array(0);
  private values: (T | undefined)[] = [];
  private used = new Uint8Array(0);
  private readonly bits = new Float64Array(1);
  private readonly words = new Int32Array(this.bits.buffer);

  private hash(x0: number, y0: number, x1: number, y1: number): number {
    let h = 0x811c9dc5;
    const bits = this.bits;
    const words = this.words;
    bits[0] = x0 + 0;
    h = Math.imul(h ^ words[0]!, 0x01000193) ^ words[1]!;
    bits[0] = y0 + 0;
    h = Math.imul(h ^ words[0]!, 0x01000193) ^ words[1]!;
    bits[0] = x1 + 0;
    h = Math.imul(h ^ words[0]!, 0x01000193) ^ words[1]!;
    bits[0] = y1 + 0;
    h = Math.imul(h ^ words[0]!, 0x01000193) ^ words[1]!;
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    return (h ^ (h >>> 13)) & this.mask;
  }

  get(x0: number, y0: number, x1: number, y1: number): T | undefined {
    if (this.count === 0) return undefined;
    const keys = this.keys;
    for (let i = this.hash(x0, y0, x1, y1); this.used[i] === 1; i = (i + 1) & this.mask) {
      const o = 4 * i;
      if (keys[o] === x0 && keys[o + 1] === y0 && keys[o + 2] === x1 && keys[o + 3] === y1)
        return this.values[i];
    }
    return undefined;
  }

  /** Stores an answer for a segment not yet in the table (callers ask `get` first). */
  set(x0: number, y0: number, x1: number, y1: number, value: T): void {
    // At most half full, so probe runs stay short.
    if (2 * (this.count + 1) > this.used.length) this.grow();
    let i = this.hash(x0, y0, x1, y1);
    while (this.used[i] === 1) i = (i + 1) & this.mask;
    const o = 4 * i;
    this.keys[o] = x0;
    this.keys[o + 1] = y0;
    this.keys[o + 2] = x1;
    this.keys[o + 3] = y1;
    this.values[i] = value;
    this.used[i] = 1;
    this.count++;
  }

  clear(): void {
    this.used.fill(0);
    this.values.fill(undefined);
    this.count = 0;
  }

  private grow(): void {
    const { keys, values, used } = this;
    const size = Math.max(1024, 2 * used.length);
    this.mask = size - 1;
    this.keys = new Float64Array(4 * size);
    this.values = new Array<T | undefined>(size).fill(undefined);
    this.used = new Uint8Array(size);
    this.count = 0;
    for (let i = 0; i < used.length; i++) {
      if (used[i] !== 1) continue;
      const o = 4 * i;
      this.set(keys[o]!, keys[o + 1]!, keys[o + 2]!, keys[o + 3]!, values[i]!);
    }
  }
}

/** Cuts remembered per segment in `LineCuts`; a row that is full keeps no more. */
const CUTS_PER_LINE = 16;

/**
 * Numbers by a segment and a share t of it, for the move coster's cuts of a line: each segment
 * has a row of up to 16 (t, number) pairs in typed arrays. The row is found once per segment
 * (`row`) and then scanned for each cut, so a bot's bisection along a line reads one short row
 * instead of probing a large table for every cut; and no answer is an object for the garbage
 * collector to copy. -0 counts as 0. `clear` empties it.
 */
export class LineCuts {
  private readonly rows = new SegmentMemo<number>();
  private ts = new Float64Array(0);
  private values = new Float64Array(0);
  private counts = new Uint8Array(0);
  private used = 0;
  /** Goes up by one at each `clear`: a row found before it is no longer the segment's. */
  private cleared = 0;

  /** How many segments have a row. */
  get lines(): number {
    return this.used;
  }

  /** How many times the table was cleared (a row is good while this stays the same). */
  get generation(): number {
    return this.cleared;
  }

  /** The row of segment (x0, y0)–(x1, y1), made empty the first time it is asked for. */
  row(x0: number, y0: number, x1: number, y1: number): number {
    const known = this.rows.get(x0, y0, x1, y1);
    if (known !== undefined) return known;
    const r = this.used++;
    if (r >= this.counts.length) this.grow();
    this.counts[r] = 0;
    this.rows.set(x0, y0, x1, y1, r);
    return r;
  }

  /** The number kept for cut `t` of a row, or undefined (a kept number may be NaN). */
  get(row: number, t: number): number | undefined {
    const n = this.counts[row]!;
    const ts = this.ts;
    const o = row * CUTS_PER_LINE;
    for (let k = 0; k < n; k++) if (ts[o + k] === t) return this.values[o + k];
    return undefined;
  }

  /** Keeps a number for a cut not yet in the row (callers ask `get` first); a full row keeps none. */
  set(row: number, t: number, value: number): void {
    const n = this.counts[row]!;
    if (n >= CUTS_PER_LINE) return;
    const o = row * CUTS_PER_LINE + n;
    this.ts[o] = t + 0;
    this.values[o] = value;
    this.counts[row] = n + 1;
  }

  clear(): void {
    this.rows.clear();
    this.used = 0;
    this.cleared++;
  }

  private grow(): void {
    const size = Math.max(1024, 2 * this.counts.length);
    const ts = new Float64Array(size * CUTS_PER_LINE);
    ts.set(this.ts);
    const values = new Float64Array(size * CUTS_PER_LINE);
    values.set(this.values);
    const counts = new Uint8Array(size);
    counts.set(this.counts);
    this.ts = ts;
    this.values = values;
    this.counts = counts;
  }
}
