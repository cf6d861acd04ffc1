import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { allUnits } from '../forces/forceTree';
import { BUNDLED_RULESETS, rulesetModule } from '../rulesets/registry';
import { withoutShareOfClass } from './variants';

const village = bundledScenario('tankplank-village');

describe('lab variants', () => {
  test("half of side B's tanks removed from the village: one of its two, nothing else", () => {
    const v = withoutShareOfClass(village, 'b', 'tank', 0.5, BUNDLED_RULESETS);
    expect(v.had).toBe(2);
    expect(v.removed).toEqual(['b.tank2']);
    const before = allUnits(village.forces).map((u) => u.unit.id);
    const after = allUnits(v.scenario.forces).map((u) => u.unit.id);
    expect(after).toEqual(before.filter((id) => id !== 'b.tank2'));
    // The original is untouched, and the variant still makes a game.
    expect(allUnits(village.forces).some((u) => u.unit.id === 'b.tank2')).toBe(true);
    expect(rulesetModule(village.ruleset.id)!.game!(v.scenario).ok).toBe(true);
  });

  test('a side or a class the scenario does not have is refused in words', () => {
    expect(() => withoutShareOfClass(village, 'c', 'tank', 0.5, BUNDLED_RULESETS)).toThrow(
      /no side "c".*a, b/,
    );
    expect(() => withoutShareOfClass(village, 'b', 'battleship', 0.5, BUNDLED_RULESETS)).toThrow(
      /no units of class "battleship"/,
    );
  });
});
