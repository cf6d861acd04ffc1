import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { tablePoint } from '../../../geometry/units';
import { planShot, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { sightBetween } from './situation';
import { fixtureGame } from './testing';

// Seed 000 L86: "Light green should be raised ½" to 1" higher than the dark green. Roads 1, 2 and 3
// remain at the height of dark green, Roads with in the light green area can also remain at the
// level of dark green, or may be elevated or even sloped." (TP-1.4, TP-1.5). A road's
// elevationMode says which: 'flat' keeps it at dark-green height through the light green.

const lightGreen: Feature = {
  id: 'light-green',
  kind: 'ground',
  level: 1,
  height: 1,
  points: [
    [10, 0],
    [20, 0],
    [20, 24],
    [10, 24],
  ],
};
const highway = (elevationMode: 'flat' | 'raised'): Feature => ({
  id: 'road-3',
  kind: 'road',
  number: '3',
  role: 'highway',
  width: 3,
  elevationMode,
  points: [
    [0, 12],
    [36, 12],
  ],
});
const tank = (side: 'a' | 'b', id: string, at: [number, number], facing: number): FixtureUnit => ({
  side,
  formation: `${side}.${id}`,
  id,
  type: 'tp.mediumTank',
  at,
  facing,
});
const firerHigher = expect.objectContaining({ label: 'firer higher than target', value: 1 });

function apShot(features: Feature[], firerAt: [number, number]): ShotPlan {
  const { ctx, state } = fixtureGame({
    units: [tank('a', 'gun', firerAt, 90), tank('b', 'tgt', [25, 12], 270)],
    features,
    phase: 'firing',
  });
  const p = planShot(ctx, state, { unit: 'gun', weapon: 'tp.tankGun', target: 'tgt', ammo: 'AP' });
  if ('refused' in p) throw new Error(`refused: ${p.reason}`);
  return p as ShotPlan;
}

describe('a flat road keeps dark-green height through the light green (TP-1.5)', () => {
  test('L86: two tanks on the same flat highway, one of them in the light green: no "+1 firer higher"', () => {
    // 10" along the road: band C2, 3+ (TP-9.2).
    const p = apShot([lightGreen, highway('flat')], [15, 12]);
    expect(p.toHit!.modifiers).not.toContainEqual(firerHigher);
    expect(p.toHit!.needed).toBe(3);
  });

  test('L86, L299: off the road on the light green the same tank is 1" up and gets its +1', () => {
    const p = apShot([lightGreen, highway('flat')], [15, 16]);
    expect(p.toHit!.modifiers).toContainEqual(firerHigher);
  });

  test('a road the map marks as raised climbs with the light green, and the +1 stays', () => {
    const p = apShot([lightGreen, highway('raised')], [15, 12]);
    expect(p.toHit!.modifiers).toContainEqual(firerHigher);
  });

  test('two men on a flat road see each other through the light green it cuts through', () => {
    const man = (side: 'a' | 'b', id: string, x: number): FixtureUnit => ({
      side,
      formation: `${side}.sq`,
      id,
      type: 'tp.rifleman',
      role: 'rifleman',
      at: [x, 12],
      facing: side === 'a' ? 90 : 270,
    });
    const seen = (road: Feature) => {
      const { ctx, state } = fixtureGame({
        units: [man('a', 's', 5), man('b', 't', 25)],
        features: [lightGreen, road],
      });
      return sightBetween(
        ctx,
        state,
        { unit: 's', point: tablePoint(5, 12) },
        { unit: 't', point: tablePoint(25, 12) },
      ).visible;
    };
    // A man's eye is 0.75" up: a raised road puts a 1" hump between them, a flat one does not.
    expect(seen(highway('raised'))).toBe(false);
    expect(seen(highway('flat'))).toBe(true);
  });
});
