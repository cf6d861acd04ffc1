import fc from 'fast-check';
import { expect, test } from 'vitest';
import { Dice, seedRng } from './dice';

test('the same seed rolls the same dice, and the state resumes the sequence', () => {
  fc.assert(
    fc.property(fc.integer(), fc.integer({ min: 1, max: 40 }), (seed, n) => {
      const a = new Dice(seedRng(seed));
      const all = Array.from({ length: n * 2 }, () => a.roll());
      const b = new Dice(seedRng(seed));
      const first = Array.from({ length: n }, () => b.roll());
      const c = new Dice(b.state());
      const second = Array.from({ length: n }, () => c.roll());
      expect([...first, ...second]).toEqual(all);
      expect(all.every((x) => x >= 1 && x <= 6)).toBe(true);
    }),
    { seed: 3 },
  );
});

test('forced rolls come first and are spent', () => {
  const d = new Dice({ ...seedRng(1), forced: [5, 2] });
  expect([d.roll(), d.roll()]).toEqual([5, 2]);
  expect(d.state().forced).toBeUndefined();
  expect(d.rolls.slice(0, 2).every((r) => r.forced)).toBe(true);
});

test('the dice are fair enough: each face within 2% of a sixth over 60 000 rolls', () => {
  const d = new Dice(seedRng(42));
  const counts = [0, 0, 0, 0, 0, 0];
  for (let i = 0; i < 60000; i++) counts[d.roll() - 1]!++;
  for (const c of counts) expect(Math.abs(c / 60000 - 1 / 6)).toBeLessThan(0.02);
});
