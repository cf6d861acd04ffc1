import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import { planShot, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { fixtureGame, testReducer } from './testing';

// Seed 000 L364: "Anything in the open is hit. If it is behind a solid object that is between the
// point and itself, it is treated as if behind hard cover. A roll of 3, 4, 5 or 6 saves it."
// (TP-11.3). A small wall is a solid object even though it gives only light cover to aimed fire.

const tank: FixtureUnit = {
  side: 'a',
  formation: 'a.tank',
  id: 'gun',
  type: 'tp.mediumTank',
  at: [5, 11],
  facing: 90,
};
const man = (id: string, at: [number, number]): FixtureUnit => ({
  side: 'b',
  formation: 'b.sq',
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: 270,
});
// The HE round bursts at (20, 11) and its 2" sector opens east, away from the tank.
const heAt = {
  unit: 'gun',
  weapon: 'tp.tankGun',
  at: [20, 11] as [number, number],
  ammo: 'HE' as const,
};
// 0.2" in front of the man: the line from the burst clears its top, so it only hides his legs.
const smallWall: Feature = {
  id: 'wall',
  kind: 'wall',
  points: [
    [21.3, 10],
    [21.3, 12],
  ],
  height: 0.5,
  strength: 'small',
};
const bushes: Feature = {
  id: 'bush',
  kind: 'bushes',
  points: [
    [21.2, 10.5],
    [21.4, 10.5],
    [21.4, 11.5],
    [21.2, 11.5],
  ],
};

function heSaves(features: Feature[]) {
  const { ctx, state } = fixtureGame({
    units: [tank, man('t', [21.5, 11])],
    features,
    phase: 'firing',
  });
  const p = planShot(ctx, state, heAt);
  if ('refused' in p) throw new Error(`refused: ${p.reason}`);
  return (p as ShotPlan).template!.saves;
}

describe('HE: a man behind a solid object saves as in hard cover (TP-11.3)', () => {
  test('L364: behind a small wall between him and the burst he saves on 3+, not 5+', () => {
    expect(heSaves([smallWall])).toEqual([
      expect.objectContaining({ unit: 't', needed: 3, ruleId: 'TP-11.3' }),
    ]);
  });

  test('L364: in the open, or behind bushes that are no solid object, he saves on 5+', () => {
    expect(heSaves([])).toEqual([expect.objectContaining({ unit: 't', needed: 5 })]);
    expect(heSaves([bushes])).toEqual([expect.objectContaining({ unit: 't', needed: 5 })]);
  });

  test('through the reducer: a hit, then a save roll of 3 behind the small wall keeps him alive', () => {
    const { ctx, state } = fixtureGame({
      units: [tank, man('t', [21.5, 11])],
      features: [smallWall],
      phase: 'firing',
    });
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [6, 3] },
      { type: 'fire', ...heAt },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.events.map((e) => e.event)).toContainEqual(
      expect.objectContaining({ type: 'SaveRolled', unit: 't', needed: 3, roll: 3, saved: true }),
    );
  });
});
