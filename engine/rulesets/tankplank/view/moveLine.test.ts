import { describe, expect, test } from 'vitest';
import type { TankplankEvent, TankplankState } from '../rules';
import type { TankplankKit } from './kit';
import { describeEvent } from './log';

const kit = {
  formationNames: new Map(),
  sideName: new Map([['b', 'Side B (east)']]),
  shortLabel: () => 'Half-track 1',
} as unknown as TankplankKit;

function moveLine(inches: number, forced?: string): string {
  const e = {
    type: 'UnitMoved',
    unit: 'b.ht1',
    from: [28.38, 17.62],
    to: [28.38 - inches, 17.62],
    inches,
    cost: inches / 6,
    rate: 6,
    ruleIds: ['TP-5.1'],
    ...(forced ? { forced } : {}),
  } as unknown as TankplankEvent;
  return describeEvent(kit, e, {} as TankplankState)[0]!.text;
}

describe('a move line gives a length a person can read', () => {
  test('tenths for an ordinary move', () => {
    expect(moveLine(4.26)).toMatch(/moves 4\.3" to \(24\.1, 17\.6\)/);
  });

  test('the last sliver of a move in hundredths, never 0.0"', () => {
    const line = moveLine(0.017);
    expect(line).toContain('moves 0.02"');
    expect(line).not.toContain('0.0"');
  });

  test('a forced move of no length says the unit stays', () => {
    const line = moveLine(0, 'toCover');
    expect(line).toMatch(/stays at \(28\.4, 17\.6\)/);
    expect(line).toContain('forced');
  });
});
