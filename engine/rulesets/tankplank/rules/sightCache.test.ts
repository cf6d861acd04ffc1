import { describe, expect, test } from 'vitest';
import { tablePoint } from '../../../geometry/units';
import { lineOfSight } from '../../../los/lineOfSight';
import { fixtureGame } from './testing';
import { obstructions, raised, seesBetween, sightBetween } from './situation';
import { withUnit, type TankplankState } from './state';
import { TANKPLANK_SIGHT_RULES } from './terrainRules';
import type { TankplankContext } from './context';

// A man, a tank between him and a second man, and a house: the tank blocks the line until it
// moves away; the man in the house sees out of it.
const { ctx, state } = fixtureGame({
  phase: 'firing',
  features: [
    {
      id: 'house',
      kind: 'building',
      x: 20,
      y: 5,
      width: 3,
      depth: 3,
      floors: 2,
      buildingKind: 'closed',
    },
  ],
  units: [
    { side: 'a', formation: 'a.sq', id: 'a1', type: 'tp.rifleman', role: 'rifleman', at: [5, 10] },
    { side: 'b', formation: 'b.sq', id: 'b1', type: 'tp.rifleman', role: 'rifleman', at: [15, 10] },
    { side: 'b', formation: 'b.sq', id: 'b2', type: 'tp.rifleman', role: 'rifleman', at: [20, 5] },
    { side: 'a', formation: 'a.tk', id: 't1', type: 'tp.mediumTank', at: [10, 10], facing: 0 },
  ],
});

/** Sight worked out from scratch, with nothing remembered. */
function fresh(ctx: TankplankContext, s: TankplankState, from: string, to: string) {
  const end = (id: string) => {
    const u = s.units.get(id)!;
    const p = tablePoint(u.at![0], u.at![1]);
    return { point: p, height: 0.75, standingOn: raised(ctx, s, id, p), ignore: [id] };
  };
  return lineOfSight(
    ctx.terrain,
    end(from),
    end(to),
    TANKPLANK_SIGHT_RULES,
    obstructions(ctx, s),
    s.gaps ?? [],
  );
}

const at = (s: TankplankState, id: string) =>
  tablePoint(s.units.get(id)!.at![0], s.units.get(id)!.at![1]);
const sees = (s: TankplankState, from: string, to: string) =>
  sightBetween(ctx, s, { unit: from, point: at(s, from) }, { unit: to, point: at(s, to) });

describe('sight remembered across the states of a phase', () => {
  test('a state with the same vehicles reuses the answer; a moved vehicle gets a new one', () => {
    const before = sees(state, 'a1', 'b1');
    expect(before.visible).toBe(false);
    expect(before.blockedBy?.id).toBe('t1');
    // Another action (a man's ammunition changes): same vehicles, the same answer object.
    const later = withUnit(state, 'a1', { noFire: true });
    expect(obstructions(ctx, later)).toBe(obstructions(ctx, state));
    expect(sees(later, 'a1', 'b1')).toBe(before);
    // The tank drives off the line: the cached answer must not survive.
    const moved = withUnit(state, 't1', { at: [10, 16] });
    expect(obstructions(ctx, moved)).not.toBe(obstructions(ctx, state));
    const after = sees(moved, 'a1', 'b1');
    expect(after.visible).toBe(true);
    expect(after).toEqual(fresh(ctx, moved, 'a1', 'b1'));
    // And back where it was: the answer is the first one again.
    expect(sees(withUnit(moved, 't1', { at: [10, 10] }), 'a1', 'b1')).toEqual(before);
  });

  test('a man who climbs to the upper floor is a different end of the line', () => {
    const ground = sees(state, 'b2', 'a1');
    const upstairs = withUnit(state, 'b2', { level: 'upper' });
    const up = sees(upstairs, 'b2', 'a1');
    expect(up.fromHeight).toBeGreaterThan(ground.fromHeight);
    expect(up).toEqual(fresh(ctx, upstairs, 'b2', 'a1'));
  });

  test('every remembered answer equals a fresh one', () => {
    const ids = ['a1', 'b1', 'b2'];
    for (const s of [state, withUnit(state, 't1', { at: [12, 7], facing: 90 })]) {
      for (const from of ids) {
        for (const to of ids) {
          if (from === to) continue;
          sees(s, from, to);
          expect(sees(s, from, to)).toEqual(fresh(ctx, s, from, to));
        }
      }
    }
  });
});

describe('yes or no sight remembered across worlds', () => {
  const yes = (s: TankplankState, from: string, to: string) =>
    seesBetween(ctx, s, { unit: from, point: at(s, from) }, { unit: to, point: at(s, to) });

  test('the map part is kept while the tank moves; the tank is looked at in each world', () => {
    // The same ends in four worlds: the tank on the line, off it, back on it, elsewhere off it.
    const worlds = [
      state,
      withUnit(state, 't1', { at: [10, 16] }),
      withUnit(state, 't1', { at: [10, 10] }),
      withUnit(state, 't1', { at: [12, 3], facing: 90 }),
    ];
    expect(worlds.map((s) => yes(s, 'a1', 'b1'))).toEqual([false, true, false, true]);
    for (const s of worlds)
      for (const [from, to] of [
        ['a1', 'b1'],
        ['b1', 'a1'],
        ['a1', 'b2'],
        ['b2', 'b1'],
      ] as const)
        expect(yes(s, from, to)).toBe(fresh(ctx, s, from, to).visible);
  });
});

describe('terrain answers by point', () => {
  test('the remembered ground and features are the ones a fresh look finds', () => {
    const p = tablePoint(21, 6);
    const first = ctx.terrain.featuresAt(p).map((e) => e.id);
    expect(first).toEqual(['house']);
    expect(ctx.terrain.featuresAt(p)).toBe(ctx.terrain.featuresAt(p));
    expect(ctx.terrain.featuresAt(p, 0.3).map((e) => e.id)).toEqual(first);
    expect(ctx.terrain.groundAt(p)).toEqual({ height: 0, featureId: undefined });
  });
});
