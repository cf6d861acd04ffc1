import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { composeCatalog, unitType } from './catalog';
import { TANKPLANK_CATALOGS } from './bundledCatalogs';
import { planShot, shotOdds, type ShotPlan } from './fire';
import type { FixtureUnit } from './fixtures';
import { fixtureGame } from './testing';

function plan(
  units: FixtureUnit[],
  req: Parameters<typeof planShot>[2],
  features: Feature[] = [],
  options?: Record<string, boolean | number | string>,
) {
  const { ctx, state } = fixtureGame({
    units,
    features,
    phase: 'firing',
    ...(options ? { options } : {}),
  });
  const p = planShot(ctx, state, req);
  if ('refused' in p) throw new Error(`refused: ${p.reason}`);
  return { plan: p as ShotPlan, odds: shotOdds(ctx, p), ctx, state };
}
const rifle = (
  side: 'a' | 'b',
  id: string,
  x: number,
  y: number,
  facing = side === 'a' ? 0 : 180,
): FixtureUnit => ({
  side,
  formation: `${side}.sq`,
  id,
  type: 'tp.rifleman',
  role: 'rifleman',
  at: [x, y],
  facing,
});
const vehicle = (
  side: 'a' | 'b',
  id: string,
  type: string,
  x: number,
  y: number,
  facing: number,
): FixtureUnit => ({
  side,
  formation: `${side}.${id}`,
  id,
  type,
  at: [x, y],
  facing,
});

// Hand-computed from the seed's tables (the digest's section E).
describe('odds of aimed small-arms fire (TP-7)', () => {
  test('T1: rifle at 4.0" in the open needs 3+ (band Close, TP-A4): 4/6', () => {
    const { plan: p, odds } = plan([rifle('a', 's', 5, 5), rifle('b', 't', 9, 5)], {
      unit: 's',
      weapon: 'tp.rifle',
      target: 't',
    });
    expect(p.band).toBe('close');
    expect(p.toHit).toMatchObject({ base: 3, needed: 3, modifiers: [] });
    expect(odds.pKill).toBeCloseTo(4 / 6, 12);
  });

  test('T2: rifle at 4.01" at a man behind a small wall needs a natural 5 (4+ with −1): 2/6', () => {
    const wall: Feature = {
      id: 'w',
      kind: 'wall',
      points: [
        [8.8, 3],
        [8.8, 7],
      ],
      height: 0.5,
      strength: 'small',
    };
    const { plan: p, odds } = plan(
      [rifle('a', 's', 5, 5), rifle('b', 't', 9.01, 5)],
      { unit: 's', weapon: 'tp.rifle', target: 't' },
      [wall],
    );
    expect(p.band).toBe('medium');
    expect(p.toHit!.modifiers).toEqual([
      { label: 'target in light cover', value: -1, ruleId: 'TP-7.3' },
    ]);
    expect(p.toHit!.needed).toBe(5);
    expect(odds.pHit).toBeCloseTo(2 / 6, 12);
  });

  test('T3: rifle at 10" at a man in a house (heavy cover) cannot hit: needs a natural 7', () => {
    const house: Feature = {
      id: 'h',
      kind: 'building',
      x: 15,
      y: 12,
      width: 3,
      depth: 3,
      buildingKind: 'underConstruction',
      floors: 2,
    };
    const { plan: p, odds } = plan(
      [rifle('a', 's', 5, 12), rifle('b', 't', 15, 12)],
      { unit: 's', weapon: 'tp.rifle', target: 't' },
      [house],
    );
    expect(p.band).toBe('long');
    expect(p.toHit!.needed).toBe(7);
    expect(odds.pHit).toBe(0);
  });

  test('TP-A52 option: a natural 6 always hits', () => {
    const house: Feature = {
      id: 'h',
      kind: 'building',
      x: 15,
      y: 12,
      width: 3,
      depth: 3,
      buildingKind: 'underConstruction',
      floors: 2,
    };
    const { odds } = plan(
      [rifle('a', 's', 5, 12), rifle('b', 't', 15, 12)],
      { unit: 's', weapon: 'tp.rifle', target: 't' },
      [house],
      { 'TP-A52': true },
    );
    expect(odds.pHit).toBeCloseTo(1 / 6, 12);
  });
});

describe('odds of cannon fire (TP-9)', () => {
  const shooter = vehicle('a', 'gun', 'tp.mediumTank', 5, 18, 0);
  test('T4: medium tank AP at 3" on a medium tank\'s front hits on 2+, penetrates on 3+ (5+2+d6 ≥ 10)', () => {
    const { plan: p, odds } = plan([shooter, vehicle('b', 'tgt', 'tp.mediumTank', 8, 18, 180)], {
      unit: 'gun',
      weapon: 'tp.tankGun',
      target: 'tgt',
      ammo: 'AP',
    });
    expect(p.band).toBe('C1');
    expect(p.toHit!.needed).toBe(2);
    expect(p.penetration).toMatchObject({
      face: 'front',
      armour: 10,
      impact: 5,
      rangeModifier: 2,
      needed: 3,
    });
    expect(odds.pKill).toBeCloseTo((5 / 6) * (4 / 6), 12);
  });

  test('T5: at 12" (C3) against the side (8) hits 4+, penetrates 3+', () => {
    const { plan: p } = plan([shooter, vehicle('b', 'tgt', 'tp.mediumTank', 17, 18, 90)], {
      unit: 'gun',
      weapon: 'tp.tankGun',
      target: 'tgt',
    });
    expect(p.band).toBe('C3');
    expect(p.toHit!.needed).toBe(4);
    expect(p.penetration).toMatchObject({ face: 'side', armour: 8, rangeModifier: 0, needed: 3 });
  });

  test('T6: at 30" (C4) against the front hits 5+, penetrates only on a 6', () => {
    const { plan: p } = plan([shooter, vehicle('b', 'tgt', 'tp.mediumTank', 35, 18, 180)], {
      unit: 'gun',
      weapon: 'tp.tankGun',
      target: 'tgt',
    });
    expect(p.band).toBe('C4');
    expect(p.toHit!.needed).toBe(5);
    expect(p.penetration!.needed).toBe(6);
  });

  test('T7: armoured-car gun (3) at 20" cannot penetrate a medium tank\'s front (3+0+6 < 10)', () => {
    const { plan: p, odds } = plan(
      [
        vehicle('a', 'ac', 'tp.armouredCar', 5, 18, 0),
        vehicle('b', 'tgt', 'tp.mediumTank', 25, 18, 180),
      ],
      { unit: 'ac', weapon: 'tp.acGun', target: 'tgt' },
    );
    expect(p.penetration!.needed).toBe(7);
    expect(odds.pKill).toBe(0);
  });

  test('T8: heavy tank gun (6, BASIC) at 30" cannot penetrate a heavy tank\'s front (6−1+6 = 11 < 12)', () => {
    const { plan: p, odds } = plan(
      [
        vehicle('a', 'hv', 'tp.heavyTank', 5, 18, 0),
        vehicle('b', 'tgt', 'tp.heavyTank', 35, 18, 180),
      ],
      { unit: 'hv', weapon: 'tp.heavyTankGun', target: 'tgt' },
    );
    expect(p.penetration).toMatchObject({ armour: 12, impact: 6, rangeModifier: -1, needed: 7 });
    expect(odds.pKill).toBe(0);
  });

  test("T9: bazooka against a medium tank's rear (6) penetrates on 2+ with no range modifier", () => {
    const team: FixtureUnit[] = [
      {
        side: 'a',
        formation: 'a.bz',
        id: 'bz1',
        type: 'tp.bazookaCrew',
        role: 'bazookaCrew',
        at: [5, 18],
        facing: 0,
      },
      {
        side: 'a',
        formation: 'a.bz',
        id: 'bz2',
        type: 'tp.bazookaCrew',
        role: 'bazookaCrew',
        at: [5, 18.5],
        facing: 0,
      },
    ];
    const { plan: p, odds } = plan([...team, vehicle('b', 'tgt', 'tp.mediumTank', 9, 18, 0)], {
      unit: 'bz1',
      weapon: 'tp.bazooka',
      target: 'tgt',
    });
    expect(p.toHit).toMatchObject({ base: 4, needed: 4, ruleId: 'TP-9.7' });
    expect(p.penetration).toMatchObject({
      face: 'rear',
      armour: 6,
      impact: 4,
      rangeModifier: 0,
      needed: 2,
    });
    expect(odds.pKill).toBeCloseTo((3 / 6) * (5 / 6), 12);
  });

  test('T15-like: a bazooka refuses targets closer than 2" (TP-9.7)', () => {
    const { ctx, state } = fixtureGame({
      units: [
        {
          side: 'a',
          formation: 'a.bz',
          id: 'bz1',
          type: 'tp.bazookaCrew',
          role: 'bazookaCrew',
          at: [5, 18],
          facing: 0,
        },
        vehicle('b', 'tgt', 'tp.mediumTank', 6.5, 18, 0),
      ],
      phase: 'firing',
    });
    expect(
      planShot(ctx, state, { unit: 'bz1', weapon: 'tp.bazooka', target: 'tgt' }),
    ).toMatchObject({ refused: true, ruleId: 'TP-9.7' });
  });
});

describe('MG cones and saves (TP-8)', () => {
  const hmg: FixtureUnit[] = [
    {
      side: 'a',
      formation: 'a.hmg',
      id: 'h1',
      type: 'tp.hmgCrew',
      role: 'hmgCrew',
      at: [5, 10],
      facing: 0,
      extra: { 'x-setUp': true },
    },
    {
      side: 'a',
      formation: 'a.hmg',
      id: 'h2',
      type: 'tp.hmgCrew',
      role: 'hmgCrew',
      at: [5, 10.5],
      facing: 0,
    },
  ];
  test("T10: an HMG cone over a half-track's rear (4) penetrates on 2+ (impact 2, TP-G5)", () => {
    const { plan: p } = plan([...hmg, vehicle('b', 'ht', 'tp.halfTrack', 15, 10, 0)], {
      unit: 'h1',
      weapon: 'tp.hmg',
      target: 'ht',
    });
    expect(p.mode).toBe('cone');
    expect(p.template!.vehicles).toEqual([
      expect.objectContaining({ target: 'ht', face: 'rear', armour: 4, impact: 2, needed: 2 }),
    ]);
  });

  test('T11: a man in heavy cover caught in a cone survives on 3+', () => {
    const house: Feature = {
      id: 'h',
      kind: 'building',
      x: 15,
      y: 10,
      width: 3,
      depth: 3,
      buildingKind: 'underConstruction',
      floors: 2,
    };
    const { plan: p, odds } = plan(
      [...hmg, rifle('b', 't', 15, 10)],
      { unit: 'h1', weapon: 'tp.hmg', target: 't' },
      [house],
    );
    expect(p.template!.saves).toEqual([
      expect.objectContaining({ unit: 't', cover: 'heavy', needed: 3 }),
    ]);
    expect(odds.perUnit).toHaveLength(1);
    expect(odds.perUnit[0]!.p).toBeCloseTo(2 / 6, 12);
  });

  test('an LMG beyond its cone fires single shots at 5+ (TP-7.5)', () => {
    const lmg: FixtureUnit = {
      side: 'a',
      formation: 'a.sq',
      id: 'l',
      type: 'tp.lmgGunner',
      role: 'lmgGunner',
      at: [5, 5],
      facing: 0,
    };
    const { plan: p } = plan([lmg, rifle('b', 't', 20, 5)], {
      unit: 'l',
      weapon: 'tp.lmg',
      target: 't',
    });
    expect(p).toMatchObject({
      mode: 'aimed',
      band: 'single',
      toHit: { needed: 5, ruleId: 'TP-7.5' },
    });
  });
});

describe('catalog layers', () => {
  test('T19: light-tank armour in the BASIC catalog is F8 S6 R4; speeds differ per layer (TP-A15)', () => {
    const basic = composeCatalog(TANKPLANK_CATALOGS, 'BASIC');
    expect(unitType(basic, 'tp.lightTank').armour).toEqual({ front: 8, side: 6, rear: 4 });
    expect(unitType(basic, 'tp.lightTank').speeds).toEqual({ road: 7, offRoad: 7 });
    expect(unitType(composeCatalog(TANKPLANK_CATALOGS, 'TW'), 'tp.lightTank').speeds).toEqual({
      road: 6,
      offRoad: 6,
    });
    expect(unitType(composeCatalog(TANKPLANK_CATALOGS, 'ADV'), 'tp.lightTank').speeds).toEqual({
      road: 8,
      offRoad: 6,
    });
  });

  test('placeholder values fill gaps without overriding sourced values', () => {
    const basic = composeCatalog(TANKPLANK_CATALOGS, 'BASIC');
    const truck = unitType(basic, 'tp.truck');
    expect(truck.capacity).toBe(10);
    expect(truck.armour).toEqual({ front: 3, side: 2, rear: 2 });
    // Its capacity and size are stand-ins: marked so, as the set-up screens show it (one composer).
    expect(truck.placeholder).toBe(true);
    expect(unitType(basic, 'tp.rifleman').placeholder).toBeUndefined();
  });
});

describe('other figure scales (TP-21)', () => {
  test('at scale ×2 a rifle\'s close band reaches 8" and a man moves 6"', async () => {
    const { fixtureScenario } = await import('./fixtures');
    const { createContext } = await import('./context');
    const { newGame } = await import('./setup');
    const doc = fixtureScenario({
      title: 'scale',
      units: [rifle('a', 's', 5, 5), rifle('b', 't', 13, 5)],
    });
    const scaled = {
      ...doc,
      map: { ...doc.map, scale: { figureScale: '35-45mm', factor: 2 } },
    } as typeof doc;
    const ctx = createContext(scaled);
    expect(unitType(ctx.catalog, 'tp.rifleman').speeds).toEqual({ road: 6, offRoad: 6 });
    expect(ctx.options.num('TP-A3')).toBe(80);
    const p = planShot(
      ctx,
      { ...newGame(ctx, { seed: 1 }), phase: 'firing' },
      { unit: 's', weapon: 'tp.rifle', target: 't' },
    );
    expect(p).toMatchObject({ band: 'close', toHit: { needed: 3 } });
  });
});

describe('cross-training (TP-16.3, TP-16.4)', () => {
  test('an HMG gunner alone cannot fire; a rifleman beside him makes up the crew', () => {
    const gunner: FixtureUnit = {
      side: 'a',
      formation: 'a.hmg',
      id: 'h1',
      type: 'tp.hmgCrew',
      role: 'hmgCrew',
      at: [5, 10],
      facing: 0,
      extra: { 'x-setUp': true },
    };
    const target = rifle('b', 't', 15, 10);
    const alone = fixtureGame({ units: [gunner, target], phase: 'firing' });
    expect(
      planShot(alone.ctx, alone.state, { unit: 'h1', weapon: 'tp.hmg', target: 't' }),
    ).toMatchObject({ refused: true, ruleId: 'TP-G10' });
    const helped = fixtureGame({
      units: [gunner, target, rifle('a', 'r', 5, 11)],
      phase: 'firing',
    });
    expect(
      planShot(helped.ctx, helped.state, { unit: 'h1', weapon: 'tp.hmg', target: 't' }),
    ).toMatchObject({ mode: 'cone' });
  });
});
