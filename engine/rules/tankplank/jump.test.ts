import { describe, expect, test } from 'vitest';
import type { Feature } from '../../format';
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

const crossing = (width: number) => {
  const { ctx, state } = fixtureGame({
    units: [
      {
        side: 'a',
        formation: 'a.sq',
        id: 'm',
        type: 'tp.rifleman',
        role: 'rifleman',
        at: [8.5, 12],
        facing: 0,
      },
      { side: 'a', formation: 'a.j', id: 'jeep', type: 'tp.jeep', at: [8, 16], facing: 0 },
      {
        side: 'b',
        formation: 'b.sq',
        id: 't',
        type: 'tp.rifleman',
        role: 'rifleman',
        at: [30, 12],
        facing: 180,
      },
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

  test('a creek 1.5" wide is too wide to jump: the man is refused', () => {
    const r = crossing(1.5);
    expect(r.man).toMatchObject({ ok: false, reason: expect.stringContaining('cannot ford') });
  });
});
