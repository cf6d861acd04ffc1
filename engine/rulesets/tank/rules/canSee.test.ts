import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../../../format';
import hills from '../../../../scenarios/tank-contour-hills.scenario.json';
import { createTankContext } from './context';
import { canSee, sight, type SmokeAt } from './los';

/*
 * canSee is sight(...).visible without the account of every hex (b9f361a): the bots, spotting,
 * opportunity fire and morale ask it, the sight panel and the shot's text ask sight. The two must
 * never disagree, with units and smoke in the way or not, on both rule layers.
 */
describe('TANK! canSee answers as sight(...).visible', () => {
  // Its own path is the Costello layer's (the base game's asks sight itself), which Contour hills plays.
  it('on every line between sampled hexes of Contour hills, with and without units and smoke', () => {
    const ctx = createTankContext(hills as unknown as ScenarioDoc);
    if (typeof ctx === 'string') throw new Error(ctx);
    const { rules, map } = ctx;
    expect(rules.layers.costello).toBe(true);
    const hexes: { col: number; row: number }[] = [];
    for (let col = 0; col < map.columns; col += 3)
      for (let row = 0; row < map.rows; row += 2) hexes.push({ col, row });
    // Units stand on every fifth hex, smoke lies on every seventh (by column and row).
    const unitAt = (h: { col: number; row: number }) => (h.col * 31 + h.row) % 5 === 0;
    const smokeAt: SmokeAt = (h) => (h.col * 17 + h.row * 3) % 7 === 0;
    let lines = 0;
    let blocked = 0;
    for (const from of hexes)
      for (const to of hexes) {
        if (from === to) continue;
        for (const [units, smoke] of [
          [() => false, undefined],
          [unitAt, smokeAt],
        ] as const) {
          const full = sight(rules, map, from, to, units, smoke).visible;
          const where = `${from.col},${from.row} to ${to.col},${to.row}`;
          expect(canSee(rules, map, from, to, units, smoke), where).toBe(full);
          lines++;
          if (!full) blocked++;
        }
      }
    // Both answers occur often enough for the comparison to mean something.
    expect(lines).toBeGreaterThan(2000);
    expect(blocked).toBeGreaterThan(lines / 10);
    expect(blocked).toBeLessThan(lines - lines / 10);
  });
});
