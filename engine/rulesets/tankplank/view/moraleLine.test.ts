import { describe, expect, test } from 'vitest';
import type { TankplankEvent, TankplankState } from '../rules';
import type { TankplankKit } from './kit';
import { describeEvent } from './log';

const kit = { formationNames: new Map([['b.sq', '2nd Squad']]) } as unknown as TankplankKit;
const state = {} as TankplankState;

function moraleLine(roll: number, score: number): string {
  const e = {
    type: 'MoraleTested',
    formation: 'b.sq',
    triggers: [{ trigger: 'quarterLostThisTurn', ruleId: 'TP-15.1' }],
    roll,
    modifiers: [{ label: 'officer with the unit', value: 2, ruleId: 'TP-15.3' }],
    score,
    result: 'fallBack',
    ruleId: 'TP-A18',
  } as unknown as TankplankEvent;
  return describeEvent(kit, e, state)[0]!.text;
}

describe('morale lines read as sums', () => {
  test('added modifiers: rolled 4, +2 officer = 6', () => {
    expect(moraleLine(4, 6)).toContain(
      'rolled 4, +2 officer with the unit (TP-15.3) = 6: falls back',
    );
  });

  test('under the reading that subtracts printed modifiers, the line shows them subtracted', () => {
    expect(moraleLine(4, 2)).toContain('rolled 4, −2 officer with the unit (TP-15.3) = 2');
  });
});
