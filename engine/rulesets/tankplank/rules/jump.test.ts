import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import type { FixtureUnit } from './fixtures';
import { isReachable, reachableArea } from '../../../movement/reachableArea';
import { tablePoint } from '../../../geometry/units';
import { moverOf } from './context';
import { info } from './situation';
import { tankplankReducer } from './reducer';
import { fixtureGame } from './testing';

const creek = (width: number): Feature => ({
  id: 'brook',
  kind: 'creek',
  points: [
    [10, 0],
    [10, 24],
  ],
  width,
  bedDepth: 0.5,
  fordableBy: ['tank', 'personnelCarrier'],
});

/** A rifleman of side a facing east, or of side b facing west. */
const man = (side: 'a' | 'b', id: string, at: [number, number]): FixtureUnit => ({
  side,
  formation: `${side}.sq`,
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: side === 'a' ? 0 : 180,
});

const crossing = (width: number) => {
  const { ctx, state } = fixtureGame({
    units: [
      man('a', 'm', [8.5, 12]),
      { side: 'a', formation: 'a.j', id: 'jeep', type: 'tp.jeep', at: [8, 16], facing: 0 },
      man('b', 't', [30, 12]),
    ],
    features: [creek(width)],
  });
  const reduce = tankplankReducer(ctx);
  return {
    man: reduce(state, { type: 'move', unit: 'm', path: [[11.5, 12]] }),
    jeep: reduce(state, { type: 'move', unit: 'jeep', path: [[12, 16]] }),
  };
};

describe('a man jumps a gap of 1" or less (TP-5.8)', () => {
  test('a brook 0.8" wide is jumped by a man on foot, not by a jeep', () => {
    const r = crossing(0.8);
    expect(r.man.ok).toBe(true);
    expect(r.jeep).toMatchObject({ ok: false, reason: expect.stringContaining('cannot ford') });
  });

  test('a jump lands on the far bank: a move that stops in the brook is refused', () => {
    const { ctx, state } = fixtureGame({
      units: [man('a', 'm', [8.5, 12]), man('b', 't', [30, 12])],
      features: [creek(0.8)],
    });
    const r = tankplankReducer(ctx)(state, { type: 'move', unit: 'm', path: [[10, 12]] });
    expect(r).toMatchObject({ ok: false, reason: expect.stringContaining('cannot ford') });
  });

  test('a creek 1.5" wide is too wide to jump: the man is refused', () => {
    const r = crossing(1.5);
    expect(r.man).toMatchObject({ ok: false, reason: expect.stringContaining('cannot ford') });
  });

  test('the reachable area never shows a man wading a wide creek in small steps', () => {
    const { ctx, state } = fixtureGame({
      units: [man('a', 'm', [8.8, 12])],
      features: [creek(1.5)],
    });
    const mover = moverOf(ctx, info(ctx, state, 'm').type);
    const grid = reachableArea(ctx.terrain, mover, tablePoint(8.8, 12), 1, 0.25);
    expect(isReachable(grid, tablePoint(8.5, 12))).toBe(true);
    expect(isReachable(grid, tablePoint(11.2, 12))).toBe(false);
  });
});
