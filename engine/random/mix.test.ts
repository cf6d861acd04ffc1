import { describe, expect, it } from 'vitest';
import { mixSeed, textHash } from './mix';

describe('mixSeed', () => {
  it('gives the values the search has always seeded from (a change would change its games)', () => {
    expect(mixSeed()).toBe(0x9e3779b9 | 0);
    expect(mixSeed(0)).toBe(493009611);
    expect(mixSeed(1, 2, 3)).toBe(-1393828492);
  });

  it('depends on every part and on their order', () => {
    expect(mixSeed(1, 2)).not.toBe(mixSeed(2, 1));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(1, 3));
    expect(mixSeed(1, 2)).not.toBe(mixSeed(1, 2, 0));
  });

  it('spreads neighbouring inputs over all bits (about half the bits flip)', () => {
    let flipped = 0;
    for (let i = 0; i < 1000; i++) {
      let x = (mixSeed(7, i) ^ mixSeed(7, i + 1)) >>> 0;
      for (; x !== 0; x >>>= 1) flipped += x & 1;
    }
    expect(flipped / 1000).toBeGreaterThan(14);
    expect(flipped / 1000).toBeLessThan(18);
  });
});

describe('textHash', () => {
  it('is 32-bit FNV-1a (its published offset basis and test vector)', () => {
    expect(textHash('') >>> 0).toBe(0x811c9dc5);
    expect(textHash('a') >>> 0).toBe(0xe40c292c);
    expect(textHash('foobar') >>> 0).toBe(0xbf9cf968);
  });

  it('tells apart strings that differ in one character', () => {
    expect(textHash('british')).not.toBe(textHash('britisH'));
  });
});
