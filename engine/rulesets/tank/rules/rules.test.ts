import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { fixtureScenario, type FixtureOptions } from '../fixtures';
import { createTankContext, type TankContext } from './context';
import { chance, extendedThreshold, killBand, softOdds } from './crt';
import { sight } from './los';
import type { Crt, CrtRow } from './tables';

const ctxOf = (o: Partial<FixtureOptions>): TankContext => {
  const c = createTankContext(
    fixtureScenario({ alpha: [], bravo: [], layers: ['optional', 'costello'], ...o }),
  );
  if (typeof c === 'string') throw new Error(c);
  return c;
};

/** A column of hexes (col 2, rows 0..n) with the given levels and terrain by row. */
const column = (levels: number[], terrain: Record<number, string> = {}) => ({
  levels: levels.map((l, row) => [2, row, l] as const),
  terrain: Object.entries(terrain).map(([row, t]) => [2, Number(row), t] as const),
});

const losDown = (
  levels: number[],
  terrain: Record<number, string> = {},
  to = levels.length - 1,
) => {
  const ctx = ctxOf(column(levels, terrain));
  return sight(ctx.rules, ctx.map, { col: 2, row: 0 }, { col: 2, row: to }, () => false);
};

describe('Costello line of sight (TC-2, digest TC-E T1-T7)', () => {
  test('T1: firer L3, target L0, woods L1 at d = 2, R = 10: ED 1, 10 ≥ 3 × 2, sight', () => {
    const s = losDown([3, 3, 1, 0, 0, 0, 0, 0, 0, 0, 0], { 2: 'woods' });
    expect(s.visible).toBe(true);
    expect(s.checks).toEqual([
      expect.objectContaining({
        hex: { col: 2, row: 2 },
        level: 1,
        ed: 1,
        R: 10,
        d: 2,
        case: 'edt',
        blocks: false,
        ruleId: 'TC-2.7',
      }),
    ]);
  });
  test('T2: the same with the woods at d = 4: 10 < 12, blocked', () => {
    const s = losDown([3, 3, 3, 3, 1, 0, 0, 0, 0, 0, 0], { 4: 'woods' });
    expect(s.visible).toBe(false);
    expect(s.blockedBy).toMatchObject({
      hex: { col: 2, row: 4 },
      ed: 1,
      R: 10,
      d: 4,
      row: 'ED 1: R ≥ 3 × d',
    });
  });
  test('T3: woods next to the lower unit block whatever the table says (TC-2.8)', () => {
    const s = losDown([4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0], { 9: 'woods' });
    expect(s.visible).toBe(false);
    expect(s.blockedBy).toMatchObject({ case: 'adjacentLower', ed: 4, ruleId: 'TC-2.8' });
  });
  test('T4: both L2, woods at L1 between: one level lower than both, sight', () => {
    const s = losDown([2, 2, 2, 2, 2, 1, 2, 2, 2], { 5: 'woods' });
    expect(s.visible).toBe(true);
    expect(s.checks[0]).toMatchObject({
      case: 'sameLevel',
      level: 1,
      blocks: false,
      ruleId: 'TC-2.5',
    });
  });
  test('T5: both L2, urban at L2 between: blocked', () => {
    const s = losDown([2, 2, 2, 2, 2, 2, 2, 2, 2], { 4: 'urban' });
    expect(s.visible).toBe(false);
    expect(s.blockedBy).toMatchObject({ why: ['urban'], case: 'sameLevel', ruleId: 'TC-2.5' });
  });
  test('T6: both L2 across a valley at L1: the twin-contour hex is the last L1 hex, lower than both, sight', () => {
    const s = losDown([2, 2, 2, 1, 1, 1, 1, 2, 2, 2]);
    expect(s.visible).toBe(true);
    expect(s.checks).toEqual([
      expect.objectContaining({ hex: { col: 2, row: 6 }, why: ['twinContour'], blocks: false }),
    ]);
  });
  test('T7: both L1 across a hill at L2: the hex before the second crossing blocks', () => {
    const s = losDown([1, 1, 1, 2, 2, 2, 2, 1, 1, 1]);
    expect(s.visible).toBe(false);
    expect(s.blockedBy).toMatchObject({ hex: { col: 2, row: 6 }, level: 2, why: ['twinContour'] });
  });
  test('TC-A14: R ≥ 1.5 d compares exact rationals (9 ≥ 1.5 × 6 sees, 9 < 1.5 × 7 does not)', () => {
    const levels = [3, 0, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(losDown(levels, { 6: 'woods' }).visible).toBe(true);
    expect(losDown(levels, { 7: 'woods' }).visible).toBe(false);
    expect(losDown(levels, { 7: 'woods' }).blockedBy?.row).toBe('ED 3: R ≥ 1.5 × d');
  });
  test('TC-1.2: a ridge never blocks, and a vehicle behind it is hull-down from a firer not higher', () => {
    const ctx = ctxOf({ ridges: [[2, 5, 0]] });
    const s = sight(ctx.rules, ctx.map, { col: 2, row: 0 }, { col: 2, row: 5 }, () => false);
    expect(s.visible).toBe(true);
    expect(s.hullDown).toBe(true);
    const back = sight(ctx.rules, ctx.map, { col: 2, row: 9 }, { col: 2, row: 5 }, () => false);
    expect(back.hullDown).toBe(false);
  });
  test('TC-2.2, TC-2.4: a hex with a friendly unit blocks; a unit in the blocking hex is seen', () => {
    const ctx = ctxOf({});
    const blocked = sight(
      ctx.rules,
      ctx.map,
      { col: 2, row: 0 },
      { col: 2, row: 6 },
      (h) => h.row === 3,
    );
    expect(blocked.blockedBy).toMatchObject({ why: ['unit'], hex: { col: 2, row: 3 } });
    const ctx2 = ctxOf(column([0, 0, 0, 0], { 2: 'woods' }));
    expect(
      sight(ctx2.rules, ctx2.map, { col: 2, row: 0 }, { col: 2, row: 2 }, () => false).visible,
    ).toBe(true);
  });
  test('without the Costello layer, the placeholder base line of sight: blocking terrain or a hex higher than both', () => {
    const ctx = ctxOf({ layers: ['optional'], ...column([0, 0, 2, 0, 0]) });
    const s = sight(ctx.rules, ctx.map, { col: 2, row: 0 }, { col: 2, row: 4 }, () => false);
    expect(s.visible).toBe(false);
    expect(s.blockedBy).toMatchObject({ case: 'base', why: ['higher'], ruleId: 'TC-G1' });
  });
});

describe('CRT readings (OT-32.8, OT-32.9; digest OT-E T1-T4, T6, T7)', () => {
  const crt: Crt = { columns: [-5, -4, -3, -2, -1, 0, 1], rows: [] };
  const row: CrtRow = {
    rangeMax: 5,
    cells: new Map([
      [-5, null],
      [-4, null],
      [-3, null],
      [-2, null],
      [-1, 1],
      [0, 3],
      [1, 6],
    ]),
  };
  const dfp = (diff: number) => extendedThreshold(row, crt, diff, 'extrapolate');
  test('T1: a "1-3" cell with −2 pins on a 5', () => {
    expect(dfp(0)).toBe(3);
    expect(5 - 2 <= dfp(0)!).toBe(true);
  });
  test('T2: a "1" cell with −2 does not pin on a 4', () => expect(4 - 2 <= dfp(-1)!).toBe(false));
  test('T3: the "." left of the "1" becomes "1-2": pins on a 2', () => {
    expect(dfp(-2)).toBe(0);
    expect(chance(dfp(-2), -2)).toBeCloseTo(2 / 6);
  });
  test('T4 (OT-A1): the third "." left has no effect even on a 1', () => {
    expect(dfp(-4)).toBe(-2);
    expect(chance(dfp(-4), -2)).toBe(0);
    expect(extendedThreshold(row, crt, -4, 'firstTwoOnly')).toBeNull();
  });
  test('OT-A2: a cell pushed past the die succeeds on every roll', () =>
    expect(chance(6, -2)).toBe(1));
  test('T6: HE on infantry, "1-8": 1-2 eliminate, 3-8 pin (OT-A4)', () => {
    expect(killBand(8, 0.25, 'floorAtLeastOne')).toBe(2);
    expect(killBand(5, 0.25, 'floorAtLeastOne')).toBe(1);
    expect(killBand(1, 0.25, 'floorAtLeastOne')).toBe(1);
  });
  test('T7: HE on an AT gun, "1-8": 1-4 eliminate, 5-8 pin; 1-5 at 50% gives 1-2', () => {
    expect(killBand(8, 0.5, 'floorAtLeastOne')).toBe(4);
    expect(killBand(5, 0.5, 'floorAtLeastOne')).toBe(2);
    expect(softOdds(8, 0, 0.5, 'floorAtLeastOne')).toEqual({
      eliminated: 4 / 6,
      pinned: 2 / 6,
      none: 0,
    });
  });
});

describe('bad input is refused at game start', () => {
  test('a hex level outside the contour range names the hex', () => {
    const c = createTankContext(
      fixtureScenario({
        alpha: [],
        bravo: [],
        layers: ['costello'],
        maxLevel: 6,
        levels: [[3, 4, 5]],
      }),
    );
    expect(c).toMatch(/hex 3,4 has level 5, outside the contour range 0..4/);
  });
  test('a unit type lacking a stat the CRT needs names the catalog field', () => {
    const c = createTankContext(
      fixtureScenario({
        alpha: [{ id: 'a1', type: 'test.tank', at: [1, 1] }],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [5, 5] }],
        units: [
          {
            id: 'test.tank',
            name: 'Test tank',
            class: 'tank',
            armour: { front: 5, side: 4 },
            speeds: { ma: 8 },
            stats: { apAttack: 5, heAttack: 2, rangeHexes: 10 },
          },
        ],
      }),
    );
    expect(c).toMatch(/unit a1 \(Test tank\) lacks armour\.rear in catalog unit test\.tank/);
  });
  test('T12 (TC-4.2): a heavy mortar in period 5 is refused', () => {
    const c = createTankContext(
      fixtureScenario({
        layers: ['costello'],
        options: { period: 5 },
        alpha: [
          { id: 'sq', type: 'tank.infantrySquad', at: [1, 1] },
          { id: 'hm', type: 'tank.heavyMortar', at: [1, 1] },
        ],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [5, 5] }],
      }),
    );
    expect(c).toMatch(/periods 6-12 only.*period 5 \(TC-4.2\)/);
  });
  test('dummies need the Costello layer', () => {
    const c = createTankContext(
      fixtureScenario({
        alpha: [{ id: 'd', type: 'tank.dummy.vehicle', at: [1, 1] }],
        bravo: [{ id: 'b1', type: 'tank.t34', at: [5, 5] }],
      }),
    );
    expect(c).toMatch(/switch on the costello layer/);
  });
  test('the bundled contour-hills scenario is accepted', () => {
    const c = createTankContext(bundledScenario('tank-contour-hills'));
    expect(typeof c).toBe('object');
  });
});
