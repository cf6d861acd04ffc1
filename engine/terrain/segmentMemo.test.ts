import { describe, expect, test } from 'vitest';
import { CutMemo, SegmentMemo } from './segmentMemo';

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

describe('CutMemo', () => {
  test('keeps a number per segment and cut, NaN included, through growth and clearing', () => {
    const memo = new CutMemo();
    const next = numbers(9);
    const stored = new Map<string, number>();
    const ends: number[][] = [];
    for (let k = 0; k < 300; k++) ends.push([next() * 36, next() * 24, next() * 36, next() * 24]);
    const cuts = [0, 0.125, 0.5, 0.75, 0.999, 1];
    for (const [x0, y0, x1, y1] of ends) {
      for (const t of cuts) {
        // Barred paths are kept as NaN, and must still count as known.
        const value = next() < 0.2 ? NaN : next() * 3;
        memo.set(x0!, y0!, x1!, y1!, t, value);
        stored.set(`${x0},${y0},${x1},${y1},${t}`, value);
      }
    }
    expect(memo.size).toBe(1800);
    for (const [x0, y0, x1, y1] of ends) {
      for (const t of cuts) {
        expect(memo.get(x0!, y0!, x1!, y1!, t)).toBe(stored.get(`${x0},${y0},${x1},${y1},${t}`));
      }
      // A cut never stored is not known.
      expect(memo.get(x0!, y0!, x1!, y1!, 0.3)).toBeUndefined();
    }
    const nans = [...stored.values()].filter((v) => Number.isNaN(v)).length;
    expect(nans).toBeGreaterThan(100);
    memo.set(-0, 1, 2, 3, -0, 7);
    expect(memo.get(0, 1, 2, 3, 0)).toBe(7);
    memo.clear();
    expect(memo.size).toBe(0);
    const [x0, y0, x1, y1] = ends[0]!;
    expect(memo.get(x0!, y0!, x1!, y1!, 0.5)).toBeUndefined();
    memo.set(x0!, y0!, x1!, y1!, 0.5, 2);
    expect(memo.get(x0!, y0!, x1!, y1!, 0.5)).toBe(2);
  });
});
