import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import type { TankplankEvent } from './actions';
import type { TestAction } from './testing';
import { planShot, shotOdds, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import type { TankplankState } from './state';
import { fixtureGame, mortarTeam, withLevels } from './testing';

const man = (side: 'a' | 'b', id: string, at: [number, number]): FixtureUnit => ({
  side,
  formation: `${side}.sq`,
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: side === 'a' ? 0 : 180,
});
const mortar = mortarTeam([3, 12]);
const tree = (id: string, x: number, y: number, r = 1.5): Feature => ({
  id,
  kind: 'tree',
  x,
  y,
  canopyRadius: r,
});
const fireAt = (at: [number, number]): TestAction => ({
  type: 'fire',
  unit: 'm1',
  weapon: 'tp.mortar60',
  at,
});
const events = (r: { events: readonly { event: TankplankEvent }[] }) =>
  r.events.map((e) => e.event);
const saveUnits = (r: { events: readonly { event: TankplankEvent }[] }) =>
  events(r)
    .filter((e) => e.type === 'SaveRolled')
    .map((e) => (e as { unit: string }).unit)
    .sort();
const plan = (ctx: Parameters<typeof planShot>[0], state: TankplankState, a: TestAction) => {
  const p = planShot(ctx, state, a as Parameters<typeof planShot>[2]);
  if ('refused' in p) throw new Error(p.reason);
  return p;
};
const chance = (ctx: Parameters<typeof shotOdds>[0], p: ShotPlan, unit: string) =>
  shotOdds(ctx, p).perUnit.find((x) => x.unit === unit)?.p ?? 0;

describe('mortar restrictions (TP-12.3)', () => {
  test('men under a tree canopy cannot be hit; men beside it in the open can', () => {
    const { ctx, state } = fixtureGame({
      units: [...mortar, man('b', 'under', [19.5, 6.5]), man('b', 'open', [18.8, 7.8])],
      features: [tree('oak', 20, 6)],
      phase: 'firing',
    });
    const p = plan(ctx, state, fireAt([19, 7]));
    expect(chance(ctx, p, 'under')).toBe(0);
    expect(chance(ctx, p, 'open')).toBeGreaterThan(0);
    const centre = p.matrix!.find((m) => m.roll === 6) as { sheltered?: { unit: string }[] };
    expect(centre.sheltered?.map((s) => s.unit)).toEqual(['under']);
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [6, 1] },
      fireAt([19, 7]),
    ]);
    expect(r.refused).toEqual([]);
    expect(saveUnits(r)).toEqual(['open']);
  });

  test('men within 4" behind a canopy, seen from the mortar, cannot be hit; further back they can', () => {
    const units = [...mortar, man('b', 'behind', [23, 12]), man('b', 'clear', [27, 12])];
    const shot = (features: Feature[]) => {
      const { ctx, state } = fixtureGame({ units, features, phase: 'firing' });
      return {
        ctx,
        state,
        r: replay(testReducer(ctx), state, [
          { type: 'forceDice', rolls: [6, 1] },
          fireAt([23, 12]),
        ]),
      };
    };
    const wooded = shot([tree('oak', 20, 12.5)]);
    expect(wooded.r.refused).toEqual([]);
    expect(saveUnits(wooded.r)).toEqual([]);
    // Without the tree the same round catches him.
    expect(saveUnits(shot([]).r)).toEqual(['behind']);
    // 5.5" from the leaves is beyond the 4": the man further back can be hit.
    const p = plan(wooded.ctx, wooded.state, fireAt([27, 12]));
    expect(chance(wooded.ctx, p, 'clear')).toBeCloseTo((1 / 6) * (4 / 6), 9);
    expect(chance(wooded.ctx, plan(wooded.ctx, wooded.state, fireAt([23, 12])), 'behind')).toBe(0);
  });

  test('trees between the mortar and its target must be at least 4" from the tube', () => {
    const { ctx, state } = fixtureGame({
      units: [...mortar, man('b', 't', [23, 12])],
      features: [tree('elm', 5.5, 12.5)],
      phase: 'firing',
    });
    const r = testReducer(ctx)(state, fireAt([23, 12]));
    expect(r).toMatchObject({ ok: false, ruleId: 'TP-12.3' });
    expect(r.ok ? '' : r.reason).toContain('at least 4"');
  });

  test('on a closed-house roof only the slope the round lands on is hit', () => {
    const { ctx, state } = fixtureGame({
      units: [...mortar, man('b', 'west', [19.6, 12]), man('b', 'east', [20.4, 12])],
      features: [
        {
          id: 'house',
          kind: 'building',
          x: 20,
          y: 12,
          width: 4,
          depth: 4,
          buildingKind: 'closed',
          floors: 1,
          roof: { type: 'pitched', ridge: 'depth' },
        },
      ],
      phase: 'firing',
    });
    const s = withLevels(state, { west: 'roof', east: 'roof' });
    const r = replay(testReducer(ctx), s, [
      { type: 'forceDice', rolls: [6, 1, 1] },
      fireAt([19.5, 12]),
    ]);
    expect(r.refused).toEqual([]);
    expect(saveUnits(r)).toEqual(['west']);
    expect(chance(ctx, plan(ctx, s, fireAt([19.5, 12])), 'east')).toBe(0);
  });

  test('in an open house only the men not under a roof can be hit', () => {
    const { ctx, state } = fixtureGame({
      units: [...mortar, man('b', 'ground', [19.6, 12]), man('b', 'upper', [20.3, 12])],
      features: [
        {
          id: 'site',
          kind: 'building',
          x: 20,
          y: 12,
          width: 4,
          depth: 4,
          buildingKind: 'underConstruction',
          floors: 2,
        },
      ],
      phase: 'firing',
    });
    const s = withLevels(state, { upper: 'upper' });
    const r = replay(testReducer(ctx), s, [
      { type: 'forceDice', rolls: [6, 1, 1] },
      fireAt([20, 12]),
    ]);
    expect(r.refused).toEqual([]);
    expect(saveUnits(r)).toEqual(['upper']);
  });
});
