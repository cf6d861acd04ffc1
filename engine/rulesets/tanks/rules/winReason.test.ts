import { describe, expect, test } from 'vitest';
import { winReason } from './victory';

describe('winReason', () => {
  test("a mission's '<side> wins when …' is not said twice after '<side> wins: '", () => {
    const r = winReason(
      'Bravo (Soviet) wins when the enemy has no tanks left (TK-A4: checked in Command step 2).',
      'Bravo (Soviet)',
    );
    expect(`Bravo (Soviet) wins: ${r}`).toBe(
      'Bravo (Soviet) wins: the enemy has no tanks left (TK-A4: checked in Command step 2).',
    );
    expect(winReason('Bravo (Soviet) wins on reaching 3 VP.', 'Bravo (Soviet)')).toBe(
      'reaching 3 VP.',
    );
  });
  test('a text that does not start with the side winning is kept whole', () => {
    expect(winReason('The Soviets win when the M1 Abrams is destroyed.', 'Bravo (Soviet)')).toBe(
      'The Soviets win when the M1 Abrams is destroyed.',
    );
  });
});
