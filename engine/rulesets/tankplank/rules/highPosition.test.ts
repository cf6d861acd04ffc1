import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import { planShot, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { tankplankReducer } from './reducer';
import type { TankplankState } from './state';
import { fixtureGame, withLevels } from './testing';

// Seed 000 L299: "Firing from a high position at target in a lower position – add 1". TP-G13 reads
// "high" as the firer's base at least 0.5" above the target's, or the firer on a roof, an upper
// floor or in a tree. L152 and L154: going up to the second floor and climbing a tree take a move.

const crew = (id: string, at: [number, number]): FixtureUnit => ({
  side: 'a',
  formation: 'a.bz',
  id,
  type: 'tp.bazookaCrew',
  role: 'bazookaCrew',
  at,
  facing: 0,
});
const team = [crew('bz1', [5, 12]), crew('bz2', [5, 12.8])];
const tank: FixtureUnit = {
  side: 'b',
  formation: 'b.tank',
  id: 'tank',
  type: 'tp.mediumTank',
  at: [10, 12],
  facing: 0,
};
const house = (kind: 'underConstruction' | 'closed', x = 5, y = 12): Feature => ({
  id: `house-${x}-${y}`,
  kind: 'building',
  x,
  y,
  width: 3,
  depth: 3,
  buildingKind: kind,
  floors: 2,
});
const higher = {
  label: 'firer higher than target',
  value: 1,
  ruleId: 'TP-9.3',
};

function bazookaAtTank(state: TankplankState, ctx: ReturnType<typeof fixtureGame>['ctx']) {
  const p = planShot(ctx, state, { unit: 'bz1', weapon: 'tp.bazooka', target: 'tank' });
  if ('refused' in p) throw new Error(`refused: ${p.reason}`);
  return p as ShotPlan;
}

describe('a firer in a high position adds 1 to hit a target below him (TP-9.3, TP-G13)', () => {
  test('L299: a bazooka on the upper floor of an open house hits a tank on the ground on 3+, not 4+', () => {
    const { ctx, state } = fixtureGame({
      units: [...team, tank],
      features: [house('underConstruction')],
      phase: 'firing',
    });
    expect(bazookaAtTank(state, ctx).toHit).toMatchObject({ modifiers: [], needed: 4 });
    const up = bazookaAtTank(withLevels(state, { bz1: 'upper', bz2: 'upper' }), ctx);
    expect(up.toHit).toMatchObject({ modifiers: [higher], needed: 3 });
  });

  test('L299: on the roof of a closed house, the loader helping from the ground', () => {
    const { ctx, state } = fixtureGame({
      units: [crew('bz1', [5, 12]), crew('bz2', [5, 14]), tank],
      features: [house('closed')],
      phase: 'firing',
    });
    const roof = bazookaAtTank(withLevels(state, { bz1: 'roof' }), ctx);
    expect(roof.toHit).toMatchObject({ modifiers: [higher], needed: 3 });
  });

  test('L154: a man climbs a tree with a full move and fires the bazooka from it at +1', () => {
    const oak: Feature = { id: 'oak', kind: 'tree', x: 5, y: 12, canopyRadius: 1.5 };
    const { ctx, state } = fixtureGame({ units: [...team, tank], features: [oak] });
    const reduce = tankplankReducer(ctx);
    const r = replay(reduce, state, [
      { type: 'climb', unit: 'bz1', to: 'tree' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
    ]);
    expect(r.refused).toEqual([]);
    expect(r.events[0]!.event).toMatchObject({
      type: 'UnitMoved',
      unit: 'bz1',
      level: 'tree',
      cost: 1,
      ruleIds: ['TP-5.3'],
    });
    expect(r.state.phase).toBe('firing');
    expect(bazookaAtTank(r.state, ctx).toHit).toMatchObject({ modifiers: [higher], needed: 3 });
  });

  test('a man up a tree climbs down before he walks on; only a tree under him can be climbed', () => {
    const oak: Feature = { id: 'oak', kind: 'tree', x: 5, y: 12, canopyRadius: 1.5 };
    const { ctx, state } = fixtureGame({ units: [...team, tank], features: [oak] });
    const reduce = tankplankReducer(ctx);
    const up = withLevels(state, { bz1: 'tree' });
    expect(reduce(up, { type: 'move', unit: 'bz1', path: [[6, 12]] })).toMatchObject({
      ok: false,
      reason: 'bz1 is up a tree; climb down first',
    });
    expect(reduce(up, { type: 'climb', unit: 'bz1', to: 'ground' })).toMatchObject({
      ok: true,
      events: [{ type: 'UnitMoved', level: 'ground', cost: 1 }],
    });
    // bz2 stands 0.8" from the trunk, under the branches; the tank is nowhere near a tree.
    expect(reduce(state, { type: 'climb', unit: 'bz2', to: 'tree' })).toMatchObject({ ok: true });
    const away = replay(reduce, state, [
      { type: 'move', unit: 'bz2', path: [[5, 15]] },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
      { type: 'endPhase', side: 'a' },
      { type: 'endPhase', side: 'b' },
      { type: 'climb', unit: 'bz2', to: 'tree' },
    ]);
    expect(away.refused.map((x) => x.reason)).toEqual([
      'bz2 is not under a tree: stand under its branches to climb it',
    ]);
  });

  test('no +1 at a target as high as the firer: upper floor against upper floor', () => {
    const target: FixtureUnit = {
      side: 'b',
      formation: 'b.sq',
      id: 't',
      type: 'tp.rifleman',
      role: 'rifleman',
      at: [10, 12],
      facing: 180,
    };
    const { ctx, state } = fixtureGame({
      units: [...team, target],
      features: [house('underConstruction'), house('underConstruction', 10, 12)],
      phase: 'firing',
    });
    const both = withLevels(state, { bz1: 'upper', bz2: 'upper', t: 'upper' });
    const p = planShot(ctx, both, { unit: 'bz1', weapon: 'tp.bazooka', target: 't' });
    if ('refused' in p) throw new Error(`refused: ${p.reason}`);
    expect(p.toHit!.modifiers).not.toContainEqual(expect.objectContaining({ value: 1 }));
    const below = planShot(ctx, withLevels(state, { bz1: 'upper', bz2: 'upper' }), {
      unit: 'bz1',
      weapon: 'tp.bazooka',
      target: 't',
    });
    if ('refused' in below) throw new Error(`refused: ${below.reason}`);
    expect(below.toHit!.modifiers).toContainEqual(higher);
  });
});
