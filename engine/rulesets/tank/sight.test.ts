import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { hexCentre, hexGrid } from '../../hex';
import { hexSightChecker } from '../../sight/hexSight';
import { pointSightOf } from '../../sight/sightMap';
import { createTankContext } from './rules/context';
import { sight } from './rules/los';
import { BUNDLED_RULESETS } from '../registry';

describe('TANK! sight for the sight maps', () => {
  it("answers from hex centres as the game's own line of sight does, contours included", () => {
    const doc = bundledScenario('tank-contour-hills');
    if (doc.map.kind !== 'hex') throw new Error('a hex map');
    const ctx = createTankContext(doc);
    if (typeof ctx === 'string') throw new Error(ctx);
    const grid = hexGrid(doc.map);
    const seen = pointSightOf(doc, 'man', BUNDLED_RULESETS);
    const plain = hexSightChecker(doc, 'man', BUNDLED_RULESETS);
    let x = 7;
    const next = (n: number) => ((x = (x * 1103515245 + 12345) % 2147483648), x % n);
    let visible = 0;
    let differsFromPlainReading = 0;
    for (let i = 0; i < 300; i++) {
      const a = { col: next(doc.map.columns), row: next(doc.map.rows) };
      const b = { col: next(doc.map.columns), row: next(doc.map.rows) };
      const pa = hexCentre(grid, a.col, a.row);
      const pb = hexCentre(grid, b.col, b.row);
      const expected =
        a.col === b.col && a.row === b.row
          ? true
          : sight(ctx.rules, ctx.map, a, b, () => false).visible;
      expect(seen([pa[0], pa[1]], [pb[0], pb[1]])).toBe(expected);
      if (expected) visible++;
      if (plain([pa[0], pa[1]], [pb[0], pb[1]]) !== expected) differsFromPlainReading++;
    }
    // A real mix of seen and hidden, and the contours change answers the plain reading gives.
    expect(visible).toBeGreaterThan(30);
    expect(visible).toBeLessThan(290);
    expect(differsFromPlainReading).toBeGreaterThan(0);
  });
});
