import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { replay } from '../../../game/replay';
import type { TankplankEvent } from './actions';
import type { TestAction } from './testing';
import { planShot, shotOdds } from './fire';
import type { FixtureUnit } from './fixtures';
import { testReducer } from './testing';
import { fixtureGame } from './testing';

const man = (side: 'a' | 'b', id: string, at: [number, number]): FixtureUnit => ({
  side,
  formation: `${side}.sq`,
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at,
  facing: side === 'a' ? 0 : 180,
});
const jeep: FixtureUnit = {
  side: 'b',
  formation: 'b.j',
  id: 'jeep',
  type: 'tp.jeep',
  at: [10, 12],
  facing: 180,
};
const tw = (
  units: FixtureUnit[],
  extra: { features?: Feature[]; options?: Record<string, boolean> } = {},
) => fixtureGame({ layers: ['BASIC', 'TW'], units, phase: 'firing', ...extra });
const rg = (target: {
  target?: string;
  at?: [number, number];
}): Extract<TestAction, { type: 'fire' }> => ({
  type: 'fire',
  unit: 'g',
  weapon: 'tp.rifleGrenade',
  ...target,
});
const events = (r: { events: readonly { event: TankplankEvent }[] }) =>
  r.events.map((e) => e.event);

describe('rifle grenades (TP-19.3, TP-A49)', () => {
  test('TW riflemen carry them; BASIC riflemen do not', () => {
    const basic = fixtureGame({ units: [man('a', 'g', [5, 12]), jeep], phase: 'firing' });
    expect(planShot(basic.ctx, basic.state, rg({ target: 'jeep' }))).toMatchObject({
      refused: true,
    });
    const { ctx, state } = tw([man('a', 'g', [5, 12]), jeep]);
    expect(planShot(ctx, state, rg({ target: 'jeep' }))).toMatchObject({ mode: 'rifleGrenade' });
  });

  test('aimed at a vehicle: the rifle roll on the TW bands, then impact 2 and a 2" burst', () => {
    const { ctx, state } = tw([man('a', 'g', [5, 12]), jeep, man('b', 'by', [10.6, 12.3])]);
    const p = planShot(ctx, state, rg({ target: 'jeep' }));
    if ('refused' in p) throw new Error(p.reason);
    expect(p).toMatchObject({
      mode: 'rifleGrenade',
      band: 'medium',
      toHit: { base: 4, needed: 4, ruleId: 'TP-A49' },
      penetration: { impact: 2, armour: 3, rangeModifier: 0, needed: 1 },
    });
    const odds = shotOdds(ctx, p);
    expect(odds.pKill).toBeCloseTo(3 / 6, 9);
    expect(odds.perUnit.map((x) => x.unit)).toEqual(['by']);
    expect(odds.perUnit[0]!.p).toBeCloseTo((3 / 6) * (4 / 6), 9);
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [4, 1, 2] },
      rg({ target: 'jeep' }),
    ]);
    expect(r.refused).toEqual([]);
    const ev = events(r);
    expect(ev).toContainEqual(
      expect.objectContaining({
        type: 'ShotResolved',
        weapon: 'tp.rifleGrenade',
        roll: 4,
        hit: true,
      }),
    );
    expect(ev).toContainEqual(
      expect.objectContaining({
        type: 'PenetrationResolved',
        target: 'jeep',
        total: 3,
        penetrated: true,
      }),
    );
    expect(ev).toContainEqual(
      expect.objectContaining({ type: 'SaveRolled', unit: 'by', roll: 2, saved: false }),
    );
  });

  test('a miss does nothing', () => {
    const { ctx, state } = tw([man('a', 'g', [5, 12]), jeep, man('b', 'by', [10.6, 12.3])]);
    const r = replay(testReducer(ctx), state, [
      { type: 'forceDice', rolls: [3] },
      rg({ target: 'jeep' }),
    ]);
    const ev = events(r);
    expect(ev.map((e) => e.type)).toEqual(['ShotResolved']);
  });

  test('aimed at a doorway it bursts at the door', () => {
    const house: Feature = {
      id: 'h',
      kind: 'building',
      x: 12,
      y: 12,
      width: 4,
      depth: 4,
      buildingKind: 'underConstruction',
      floors: 1,
      openings: [{ type: 'door', wall: 'west', offset: 1.5, width: 1 }],
    };
    const { ctx, state } = tw([man('a', 'g', [5, 12]), man('b', 'in', [10.6, 12])], {
      features: [house],
    });
    const p = planShot(ctx, state, rg({ at: [10.1, 12] }));
    if ('refused' in p) throw new Error(p.reason);
    expect(p.mode).toBe('rifleGrenade');
    expect([p.at.x, p.at.y]).toEqual([10, 12]);
    expect(p.template!.saves.map((s) => s.unit)).toEqual(['in']);
    expect(p.toHit).toMatchObject({ base: 4, modifiers: [] });
  });

  test('as area fire it lands by the 2" matrix; the odds count every face', () => {
    const { ctx, state } = tw([man('a', 'g', [5, 12]), man('b', 'x', [11, 18])]);
    const p = planShot(ctx, state, rg({ target: 'x' }));
    if ('refused' in p) throw new Error(p.reason);
    expect(p).toMatchObject({ mode: 'rifleGrenadeArea', band: 'long' });
    const perUnit = shotOdds(ctx, p).perUnit;
    expect(perUnit.map((x) => x.unit)).toEqual(['x']);
    expect(perUnit[0]!.p).toBeCloseTo((1 / 6) * (4 / 6), 9);
    const reduce = testReducer(ctx);
    const hit = replay(reduce, state, [{ type: 'forceDice', rolls: [6, 1] }, rg({ target: 'x' })]);
    expect(events(hit)).toContainEqual(
      expect.objectContaining({
        type: 'RifleGrenadeLanded',
        roll: 6,
        landed: [11, 18],
        ruleId: 'TP-A49',
      }),
    );
    expect(events(hit)).toContainEqual(
      expect.objectContaining({ type: 'CasualtyMarked', unit: 'x' }),
    );
    const dud = replay(reduce, state, [{ type: 'forceDice', rolls: [1] }, rg({ target: 'x' })]);
    expect(events(dud)).toEqual([
      expect.objectContaining({ type: 'RifleGrenadeLanded', roll: 1, landed: null }),
    ]);
  });

  test('with TP-A49 off a vehicle is area fire too; beyond 9" it is refused', () => {
    const off = tw([man('a', 'g', [5, 12]), jeep], { options: { 'TP-A49': false } });
    expect(planShot(off.ctx, off.state, rg({ target: 'jeep' }))).toMatchObject({
      mode: 'rifleGrenadeArea',
    });
    const far = tw([man('a', 'g', [5, 12]), { ...jeep, at: [14.5, 12] }]);
    expect(planShot(far.ctx, far.state, rg({ target: 'jeep' }))).toMatchObject({
      refused: true,
      ruleId: 'TP-19.3',
    });
  });
});
