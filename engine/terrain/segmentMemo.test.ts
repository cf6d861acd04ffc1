import { describe, expect, test } from 'vitest';
import { LineCuts, SegmentMemo } from './segmentMemo';

/** Seeded numbers in [0, 1) (mulberry32), so a failure can be replayed. */
function numbers(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = Math.imul(s ^ (s >>> 15), 1 | s);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('SegmentMemo', () => {
  test('answers what was stored for the same four numbers, through growth, and -0 as 0', () => {
    const memo = new SegmentMemo<string>();
    const next = numbers(5);
    const keys: number[][] = [];
    for (let k = 0; k < 5000; k++) {
      const key = [next() * 36, next() * 24, next() * 36, next() * 24];
      keys.push(key);
      memo.set(key[0]!, key[1]!, key[2]!, key[3]!, `answer ${k}`);
    }
    keys.forEach((key, k) =>
      expect(memo.get(key[0]!, key[1]!, key[2]!, key[3]!)).toBe(`answer ${k}`),
    );
    // A key differing in one number only is another segment.
    const [a, b, c, d] = keys[0]!;
    expect(memo.get(a!, b!, c!, d! + 1e-9)).toBeUndefined();
    expect(memo.get(b!, a!, c!, d!)).toBeUndefined();
    memo.set(0, 5, 1, 1, 'zero');
    expect(memo.get(-0, 5, 1, 1)).toBe('zero');
    memo.clear();
    expect(memo.get(a!, b!, c!, d!)).toBeUndefined();
  });
});

describe('LineCuts', () => {
  test('keeps numbers per segment and cut, NaN included, through growth; a full row keeps no more', () => {
    const memo = new LineCuts();
    const next = numbers(9);
    const stored = new Map<string, number>();
    const ends: number[][] = [];
    for (let k = 0; k < 3000; k++) ends.push([next() * 36, next() * 24, next() * 36, next() * 24]);
    const cuts = [0, 0.125, 0.5, 0.75, 0.999, 1];
    const rows = ends.map(([x0, y0, x1, y1]) => memo.row(x0!, y0!, x1!, y1!));
    expect(new Set(rows).size).toBe(3000);
    expect(memo.lines).toBe(3000);
    ends.forEach(([x0, y0, x1, y1], k) => {
      // The same segment asked again has the same row.
      expect(memo.row(x0!, y0!, x1!, y1!)).toBe(rows[k]);
      for (const t of cuts) {
        // Barred paths are kept as NaN, and must still count as known.
        const value = next() < 0.2 ? NaN : next() * 3;
        memo.set(rows[k]!, t, value);
        stored.set(`${k},${t}`, value);
      }
    });
    ends.forEach((_, k) => {
      for (const t of cuts) expect(memo.get(rows[k]!, t)).toBe(stored.get(`${k},${t}`));
      expect(memo.get(rows[k]!, 0.3)).toBeUndefined();
    });
    expect([...stored.values()].filter((v) => Number.isNaN(v)).length).toBeGreaterThan(1000);
    // A row holds 16 cuts; the 17th is not kept, and the first 16 still are.
    const full = memo.row(1, 2, 3, 4);
    for (let k = 0; k < 17; k++) memo.set(full, k / 32, k);
    expect(memo.get(full, 15 / 32)).toBe(15);
    expect(memo.get(full, 16 / 32)).toBeUndefined();
    // -0 is 0, in the segment and in the cut.
    memo.set(memo.row(-0, 5, 6, 7), -0, 4);
    expect(memo.get(memo.row(0, 5, 6, 7), 0)).toBe(4);
  });

  test('clearing forgets every row and moves the generation on', () => {
    const memo = new LineCuts();
    const before = memo.generation;
    const row = memo.row(1, 1, 2, 2);
    memo.set(row, 0.5, 1.25);
    memo.clear();
    expect(memo.generation).toBe(before + 1);
    expect(memo.lines).toBe(0);
    const again = memo.row(1, 1, 2, 2);
    expect(memo.get(again, 0.5)).toBeUndefined();
    // Another segment may now have the old row number: its cuts are its own.
    const other = memo.row(9, 9, 8, 8);
    expect(memo.get(other, 0.5)).toBeUndefined();
  });
});
