import { describe, expect, test } from 'vitest';
import { replay } from '../../../game/replay';
import type { TankplankEvent } from './actions';
import type { FixtureUnit } from './fixtures';
import { fixtureGame, testReducer, type TestAction } from './testing';

// Seed 000 L443: a unit tests morale when "An infantry unit without tank support comes under
// attack by armored vehicles" (TP-15.1d); L447: "Soldiers have survived being in a vehicle that has
// been destroyed" (TP-15.1e). A tank's crew who bail out of their wreck are not an infantry unit:
// they test for surviving the tank, not as infantry under armour attack.

const tank = (side: 'a' | 'b', id: string, x: number, facing: number): FixtureUnit => ({
  side,
  formation: `${side}.${id}`,
  id,
  type: 'tp.mediumTank',
  at: [x, 12],
  facing,
});
const rifleman = (side: 'a' | 'b', id: string, at: [number, number]): FixtureUnit => ({
  side,
  formation: `${side}.sq`,
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: 180,
});
const endPhase: TestAction[] = [
  { type: 'endPhase', side: 'a' },
  { type: 'endPhase', side: 'b' },
];

function moraleOf(events: readonly { event: TankplankEvent }[], formation: string) {
  const e = events
    .map((x) => x.event)
    .find((x) => x.type === 'MoraleTested' && x.formation === formation);
  return e as
    | (TankplankEvent & { triggers: { trigger: string }[]; modifiers: { label: string }[] })
    | undefined;
}

describe('a bailed-out tank crew is no infantry unit under armour attack (TP-15.1d, TP-15.1e)', () => {
  test('L443, L447: the tank is knocked out by a tank, its crew bail out and test for surviving it only', () => {
    const { ctx, state } = fixtureGame({
      units: [tank('a', 'gun', 5, 90), tank('b', 'tank', 10, 270)],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      // Hit (3+ at 5"), penetrate (d6 + 5 + 1 ≥ 10), five crew saves of 6, then the morale die.
      { type: 'forceDice', rolls: [6, 6, 6, 6, 6, 6, 6, 1, 1, 1] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', target: 'tank', ammo: 'AP' },
      ...endPhase,
    ]);
    expect(r.refused).toEqual([]);
    const events = r.events.map((e) => e.event);
    expect(events.filter((e) => e.type === 'CrewBailedOut')).toHaveLength(5);
    const test = moraleOf(r.events, 'b.tank');
    expect(test?.triggers.map((t) => t.trigger)).toContain('survivedVehicleDestruction');
    expect(test?.triggers.map((t) => t.trigger)).not.toContain(
      'infantryAttackedByArmourWithoutTanks',
    );
    expect(test?.modifiers.map((m) => m.label)).not.toContain(
      'attacked by two or more armoured vehicles',
    );
  });

  test('L443: a rifle squad fired on by a tank with no tank of its own near does test', () => {
    const { ctx, state } = fixtureGame({
      units: [tank('a', 'gun', 5, 90), rifleman('b', 't', [12, 12]), rifleman('b', 't2', [12, 13])],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      // The HE round hits (3+ at 6"), its sector opens over both men; both save (5+); morale die.
      { type: 'forceDice', rolls: [6, 6, 6, 1, 1] },
      { type: 'fire', unit: 'gun', weapon: 'tp.tankGun', at: [11, 12.5], ammo: 'HE' },
      ...endPhase,
    ]);
    expect(r.refused).toEqual([]);
    expect(moraleOf(r.events, 'b.sq')?.triggers.map((t) => t.trigger)).toContain(
      'infantryAttackedByArmourWithoutTanks',
    );
  });
});
