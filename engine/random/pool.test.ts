import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Dice, seedRng } from './dice';
import { countAtLeast, countShowing, poolFaces, rollPool, type PoolSpec } from './pool';

/** Battle dice as the WWI catalog describes them: faces are data, two of them alike. */
const BATTLE = ['infantry', 'infantry', 'tank', 'grenade', 'flag', 'star'];

const arbSpec: fc.Arbitrary<PoolSpec> = fc.oneof(
  fc.record({ count: fc.integer({ min: 0, max: 12 }), sides: fc.integer({ min: 1, max: 20 }) }),
  fc.record({
    count: fc.integer({ min: 0, max: 12 }),
    faces: fc.array(fc.constantFrom('a', 'b', 'skull', 'star', 'flag'), {
      minLength: 1,
      maxLength: 8,
    }),
  }),
);

describe('dice pools', () => {
  it('every die shows one of its faces, and the counts add up to the pool (property)', () => {
    fc.assert(
      fc.property(fc.integer(), arbSpec, (seed, spec) => {
        const faces = poolFaces(spec);
        const roll = rollPool(new Dice(seedRng(seed)), spec);
        expect(roll.naturals).toHaveLength(spec.count);
        roll.naturals.forEach((n, i) => {
          expect(n).toBeGreaterThanOrEqual(1);
          expect(n).toBeLessThanOrEqual(faces.length);
          expect(roll.shown[i]).toBe(faces[n - 1]);
        });
        expect(Object.keys(roll.counts)).toEqual([...new Set(faces)]);
        expect(Object.values(roll.counts).reduce((a, b) => a + b, 0)).toBe(spec.count);
      }),
      { seed: 61, numRuns: 300 },
    );
  });

  it('the same seed rolls the same pool, and the dice state goes on from there (property)', () => {
    fc.assert(
      fc.property(fc.integer(), arbSpec, (seed, spec) => {
        const a = new Dice(seedRng(seed));
        const b = new Dice(seedRng(seed));
        expect(rollPool(a, spec)).toEqual(rollPool(b, spec));
        expect(a.state()).toEqual(b.state());
        expect(a.rolls).toHaveLength(spec.count);
      }),
      { seed: 62, numRuns: 200 },
    );
  });

  it('TANKS: four d6 with forced 5, 2, 6, 1 hit twice on 5+', () => {
    const dice = new Dice({ ...seedRng(7), forced: [5, 2, 6, 1] });
    const roll = rollPool(dice, { count: 4, sides: 6 });
    expect(roll.naturals).toEqual([5, 2, 6, 1]);
    expect(countAtLeast(roll, 5)).toBe(2);
    expect(roll.counts).toEqual({ '1': 1, '2': 1, '3': 0, '4': 0, '5': 1, '6': 1 });
    expect(dice.rolls.every((r) => r.forced && r.sides === 6)).toBe(true);
  });

  it('battle dice: forced rolls are face numbers, and alike faces count together', () => {
    const dice = new Dice({ ...seedRng(7), forced: [1, 2, 3, 6] });
    const roll = rollPool(dice, { count: 5, faces: BATTLE });
    expect(roll.shown.slice(0, 4)).toEqual(['infantry', 'infantry', 'tank', 'star']);
    expect(roll.counts['infantry']).toBeGreaterThanOrEqual(2);
    expect(roll.counts['tank']).toBeGreaterThanOrEqual(1);
    expect(countShowing(roll, ['infantry', 'tank'])).toBeGreaterThanOrEqual(3);
    // The fifth die came from the seeded generator once the forced rolls ran out.
    expect(dice.rolls[4]!.forced).toBeUndefined();
    expect(dice.state().forced).toBeUndefined();
  });

  it('a forced roll that does not fit the die is refused with what to fix', () => {
    const dice = new Dice({ ...seedRng(1), forced: [7] });
    expect(() => rollPool(dice, { count: 1, faces: BATTLE })).toThrow(
      'forced roll 7 does not fit a 6-sided die: a forced roll is a face number from 1 to 6',
    );
    expect(() => rollPool(new Dice(seedRng(1)), { count: 1, faces: [] })).toThrow(
      'at least one face',
    );
    expect(() => rollPool(new Dice(seedRng(1)), { count: -1, sides: 6 })).toThrow('cannot roll -1');
  });

  it('custom faces come up as often as the die has them: infantry a third of the time', () => {
    const dice = new Dice(seedRng(99));
    const roll = rollPool(dice, { count: 30000, faces: BATTLE });
    expect(Math.abs(roll.counts['infantry']! / 30000 - 1 / 3)).toBeLessThan(0.015);
    expect(Math.abs(roll.counts['star']! / 30000 - 1 / 6)).toBeLessThan(0.015);
  });
});
