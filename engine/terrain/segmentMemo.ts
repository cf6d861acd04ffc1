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

/**
 * Numbers by a segment and a share of it (five numbers: a.x, a.y, b.x, b.y and t), all in typed
 * arrays: the move coster's answers for the first part of a line, cut at t. A lab thread keeps
 * tens of thousands of them for several games; as objects in maps they were an eighth of what
 * outlived a young-generation collection. `clear` empties it. -0 counts as 0.
 */
export class CutMemo {
  private mask = 0;
  private count = 0;
  private keys = new Float64Array(0);
  private values = new Float64Array(0);
  private used = new Uint8Array(0);
  private readonly bits = new Float64Array(1);
  private readonly words = new Int32Array(this.bits.buffer);

  get size(): number {
    return this.count;
  }

  private hash(x0: number, y0: number, x1: number, y1: number, t: number): number {
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
    bits[0] = t + 0;
    h = Math.imul(h ^ words[0]!, 0x01000193) ^ words[1]!;
    h = Math.imul(h ^ (h >>> 15), 0x2c1b3c6d);
    return (h ^ (h >>> 13)) & this.mask;
  }

  /** The number kept for the segment and cut, or undefined (a kept number may be NaN). */
  get(x0: number, y0: number, x1: number, y1: number, t: number): number | undefined {
    if (this.count === 0) return undefined;
    const keys = this.keys;
    for (let i = this.hash(x0, y0, x1, y1, t); this.used[i] === 1; i = (i + 1) & this.mask) {
      const o = 5 * i;
      if (
        keys[o] === x0 &&
        keys[o + 1] === y0 &&
        keys[o + 2] === x1 &&
        keys[o + 3] === y1 &&
        keys[o + 4] === t
      )
        return this.values[i];
    }
    return undefined;
  }

  /** Keeps a number for a segment and cut not yet in the table (callers ask `get` first). */
  set(x0: number, y0: number, x1: number, y1: number, t: number, value: number): void {
    if (2 * (this.count + 1) > this.used.length) this.grow();
    let i = this.hash(x0, y0, x1, y1, t);
    while (this.used[i] === 1) i = (i + 1) & this.mask;
    const o = 5 * i;
    this.keys[o] = x0;
    this.keys[o + 1] = y0;
    this.keys[o + 2] = x1;
    this.keys[o + 3] = y1;
    this.keys[o + 4] = t;
    this.values[i] = value;
    this.used[i] = 1;
    this.count++;
  }

  clear(): void {
    this.used.fill(0);
    this.count = 0;
  }

  private grow(): void {
    const { keys, values, used } = this;
    const size = Math.max(1024, 2 * used.length);
    this.mask = size - 1;
    this.keys = new Float64Array(5 * size);
    this.values = new Float64Array(size);
    this.used = new Uint8Array(size);
    this.count = 0;
    for (let i = 0; i < used.length; i++) {
      if (used[i] !== 1) continue;
      const o = 5 * i;
      this.set(keys[o]!, keys[o + 1]!, keys[o + 2]!, keys[o + 3]!, keys[o + 4]!, values[i]!);
    }
  }
}
