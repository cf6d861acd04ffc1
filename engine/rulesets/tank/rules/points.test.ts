import { describe, expect, test } from 'vitest';
import type { UnitType } from '../../../format';
import { fixtureScenario } from '../fixtures';
import { checkTankForces } from '../forces';
import { formulaPoints } from './points';
import { tankCatalog } from './tables';

const doc = (units: UnitType[]) =>
  fixtureScenario({
    layers: ['costello'],
    units,
    alpha: [{ id: 'a', type: units[0]!.id, at: [1, 1] }],
    bravo: [{ id: 'b', type: 'tank.t34', at: [5, 5] }],
  });

describe('the placeholder points formula (TC-8.2, TC-G6)', () => {
  const cat = tankCatalog(doc([{ id: 'x', name: 'x', class: 'tank' } as UnitType]));
  test('AP, mean defence and movement times the catalog coefficients, near the catalog values', () => {
    // Panzer IV: 0.6 × 11 + 0.3 × (11 + 7 + 5) / 3 + 0.2 × 12 = 11.3 → 11 (the catalog says 12).
    expect(formulaPoints(cat.units.get('tank.pzIV')!, cat.constants)).toBe(11);
    expect(formulaPoints(cat.units.get('tank.pzIII')!, cat.constants)).toBe(9);
  });
  test('no value without the stats or the coefficients', () => {
    expect(formulaPoints(cat.units.get('tank.dummy.vehicle')!, cat.constants)).toBeUndefined();
    expect(formulaPoints(cat.units.get('tank.pzIV')!, {})).toBeUndefined();
  });
  test('the force check for a type without points suggests the formula value', () => {
    const t: UnitType = {
      id: 'x.t',
      name: 'Pointless',
      class: 'tank',
      armour: { front: 9, side: 6, rear: 3 },
      speeds: { ma: 10 },
      stats: { apAttack: 10, heAttack: 4, rangeHexes: 20 },
    };
    const d = doc([t]);
    const problems = checkTankForces(d.ruleset, d.forces, tankCatalog(d));
    // 0.6 × 10 + 0.3 × 6 + 0.2 × 10 = 9.8 → 10.
    expect(problems).toContainEqual(
      expect.objectContaining({
        ruleId: 'TC-8.1',
        message: expect.stringContaining('the placeholder formula of TC-G6 gives 10'),
      }),
    );
  });
});
