import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadDocument } from '../../../format';
import { rectangleCorners } from '../../../geometry/polygon';
import { tablePoint } from '../../../geometry/units';
import { lineOfSight, lineOfSightVisible, type Obstruction } from '../../../los/lineOfSight';
import { Dice, seedRng } from '../../../random/dice';
import type { Gap } from '../../../terrain/gaps';
import { createContext } from './context';
import { standingIn } from './situation';
import { TANKPLANK_SIGHT_RULES } from './terrainRules';

// The yes/no line of sight (sight maps, the benchmark) must give exactly the answer of the full
// one whatever the ends: heights, roofs, what each end stands in, vehicles, wrecks and breaches.
const loaded = loadDocument(readFileSync('scenarios/tankplank-village.scenario.json', 'utf8'), {
  expect: ['sandtable.scenario'],
});
if (!loaded.ok) throw new Error('the village does not load');
const ctx = createContext(loaded.doc);

describe('yes/no line of sight on the village', () => {
  test('agrees with the full line of sight on thousands of seeded lines', () => {
    const dice = new Dice(seedRng(77));
    const r = (max: number) => ((dice.roll(10000) - 0.5) / 10000) * max;
    const pick = <T>(xs: readonly T[]): T => xs[dice.roll(xs.length) - 1]!;
    const obstructions: Obstruction[] = Array.from({ length: 6 }, (_, k) => ({
      id: `v${k}`,
      kind: k < 4 ? 'vehicle' : 'wreck',
      polygon: rectangleCorners(r(36), r(24), 2.6, 1.4, r(360)),
      height: pick([0.8, 1.1]),
      coverClass: 'heavy',
      ruleId: k < 4 ? 'TP-7.3' : 'TP-14.4',
      strongCover: k >= 4,
    }));
    // Breaches in walls, hedges and houses: at a point of each outline.
    const gaps: Gap[] = [];
    for (const e of ctx.terrain.entries) {
      if (!['wall', 'hedge', 'fence', 'building'].includes(e.feature.kind)) continue;
      const fp = e.footprint;
      const p =
        fp.type === 'line' ? fp.points[0] : fp.type === 'area' ? fp.polygons[0]?.[0] : undefined;
      if (p) gaps.push({ feature: String(e.id), at: [Number(p.x), Number(p.y)], width: 1.5 });
    }
    let visible = 0;
    let differ = 0;
    const n = 1500;
    for (let i = 0; i < n; i++) {
      const end = (k: number) => {
        const point = tablePoint(r(36), r(24));
        const vehicle = k === 0 && i % 7 === 0 ? obstructions[i % 4]!.id : undefined;
        return {
          point,
          height: pick([0.1, 0.75, 0.75, 1, 2.4]),
          standingOn: pick([0, 0, 0, 0.9, 1.8]),
          ignore: [...standingIn(ctx, point), ...(vehicle ? [vehicle] : [])],
        };
      };
      const a = end(0);
      const b = end(1);
      // Some lines short, as most shots are.
      const to = i % 3 === 0 ? { ...b, point: tablePoint(a.point.x + r(6) - 3, b.point.y) } : b;
      const obs = i % 2 === 0 ? obstructions : [];
      const g = i % 5 === 0 ? gaps : [];
      const full = lineOfSight(ctx.terrain, a, to, TANKPLANK_SIGHT_RULES, obs, g).visible;
      if (full) visible++;
      if (lineOfSightVisible(ctx.terrain, a, to, obs, g) !== full) differ++;
    }
    expect(differ).toBe(0);
    // The lines are a real mix of seen and hidden.
    expect(visible).toBeGreaterThan(n * 0.15);
    expect(visible).toBeLessThan(n * 0.85);
  });
});

describe('yes/no line of sight through the terrain grids', () => {
  // The grids leave out what a yes/no line never stops at and skip ground it passes high above:
  // the answers must be those of a plain scan of every feature, and of the full line of sight.
  const scan = createContext(loaded.doc, { indexMode: 'scan' });

  test('agrees with a plain scan and the full answer on seeded lines of every length', () => {
    const dice = new Dice(seedRng(2027));
    const r = (max: number) => ((dice.roll(100000) - 0.5) / 100000) * max;
    const pick = <T>(xs: readonly T[]): T => xs[dice.roll(xs.length) - 1]!;
    let visible = 0;
    const n = 12000;
    for (let i = 0; i < n; i++) {
      // Man's and vehicle's eyes on the ground (sight maps, the benchmark), low eyes and roofs.
      const end = () => ({
        point: tablePoint(r(38) - 1, r(26) - 1),
        height: pick([0.75, 0.75, 1, 0.1, 0.3]),
        standingOn: pick([0, 0, 0, 0, 0.9]),
      });
      const a = end();
      const far = end();
      // Whole lines across the table, and a half, a quarter and a tenth of them.
      const k = [1, 0.5, 0.25, 0.1][i % 4]!;
      const b = {
        ...far,
        point: tablePoint(
          a.point.x + (far.point.x - a.point.x) * k,
          a.point.y + (far.point.y - a.point.y) * k,
        ),
      };
      const fast = lineOfSightVisible(ctx.terrain, a, b);
      expect(fast).toBe(lineOfSightVisible(scan.terrain, a, b));
      expect(fast).toBe(lineOfSight(ctx.terrain, a, b, TANKPLANK_SIGHT_RULES).visible);
      if (fast) visible++;
    }
    expect(visible).toBeGreaterThan(n * 0.15);
    expect(visible).toBeLessThan(n * 0.85);
  });
});
