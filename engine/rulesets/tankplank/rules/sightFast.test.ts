import { describe, expect, test } from 'vitest';
import type { Feature } from '../../../format';
import { bundledScenario } from '../../../../scripts/testing/bundled';
import { rectangleCorners } from '../../../geometry/polygon';
import { tablePoint } from '../../../geometry/units';
import {
  lineOfSight,
  lineOfSightVisible,
  type Obstruction,
  type SightEnd,
} from '../../../los/lineOfSight';
import { Dice, seedRng } from '../../../random/dice';
import type { Gap } from '../../../terrain/gaps';
import type { TerrainIndex } from '../../../terrain/terrainIndex';
import { createContext } from './context';
import { fixtureScenario } from './fixtures';
import { standingIn } from './situation';
import { TANKPLANK_SIGHT_RULES } from './terrainRules';

// The yes/no line of sight (sight maps, the benchmark) must give exactly the answer of the full
// one whatever the ends: heights, roofs, what each end stands in, vehicles, wrecks and breaches.
const village = bundledScenario('tankplank-village');
const ctx = createContext(village);

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

/**
 * The line from `a` a share `k` of the way to `far`: checks that the yes/no answer through the
 * grids is the plain scan's and the full line of sight's, and gives it.
 */
function sameAnswers(
  terrain: TerrainIndex,
  scanned: TerrainIndex,
  a: SightEnd,
  far: SightEnd,
  k: number,
): boolean {
  const b = {
    ...far,
    point: tablePoint(
      a.point.x + (far.point.x - a.point.x) * k,
      a.point.y + (far.point.y - a.point.y) * k,
    ),
  };
  const fast = lineOfSightVisible(terrain, a, b);
  expect(fast).toBe(lineOfSightVisible(scanned, a, b));
  expect(fast).toBe(lineOfSight(terrain, a, b, TANKPLANK_SIGHT_RULES).visible);
  return fast;
}

describe('yes/no line of sight through the terrain grids', () => {
  // The grids leave out what a yes/no line never stops at and skip ground it passes high above:
  // the answers must be those of a plain scan of every feature, and of the full line of sight.
  const scan = createContext(village, { indexMode: 'scan' });

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
      if (sameAnswers(ctx.terrain, scan.terrain, a, far, [1, 0.5, 0.25, 0.1][i % 4]!)) visible++;
    }
    expect(visible).toBeGreaterThan(n * 0.15);
    expect(visible).toBeLessThan(n * 0.85);
  });
});

describe('yes/no line of sight on a table of every kind of feature', () => {
  // Rotated houses, a concave wood, a gully with a deck over it, a knoll cut by a flat road,
  // an obstacle, a bunker, walls and trees: the paths the village does not take.
  const features = [
    {
      id: 'knoll',
      kind: 'ground',
      height: 1,
      points: [
        [4, 4],
        [14, 3],
        [16, 10],
        [6, 12],
      ],
    },
    {
      id: 'cut',
      kind: 'road',
      width: 1.5,
      elevationMode: 'flat',
      points: [
        [0, 7],
        [20, 8],
        [30, 2],
      ],
    },
    {
      id: 'gully',
      kind: 'gully',
      width: 1,
      depth: 0.6,
      bankWidth: 0.5,
      points: [
        [18, 0],
        [20, 12],
        [17, 24],
      ],
    },
    {
      id: 'deck',
      kind: 'bridge',
      deckHeight: 0.2,
      points: [
        [17, 5],
        [22, 5],
        [22, 6.5],
        [17, 6.5],
      ],
    },
    {
      id: 'wood',
      kind: 'woods',
      height: 3,
      points: [
        [24, 12],
        [32, 12],
        [32, 20],
        [28, 16],
        [24, 20],
      ],
    },
    {
      id: 'h1',
      kind: 'building',
      x: 8,
      y: 17,
      width: 3,
      depth: 2,
      rotation: 30,
      buildingKind: 'closed',
      floors: 1,
    },
    {
      id: 'h2',
      kind: 'building',
      x: 12,
      y: 20,
      width: 2,
      depth: 2,
      rotation: 45,
      buildingKind: 'open',
      floors: 2,
    },
    {
      id: 'tank-trap',
      kind: 'obstacle',
      obstacleKind: 'tankObstacle',
      height: 0.8,
      points: [
        [26, 4],
        [28, 4],
        [27, 7],
      ],
    },
    {
      id: 'pillbox',
      kind: 'bunker',
      height: 0.9,
      points: [
        [31, 6],
        [34, 6],
        [34, 9],
        [31, 9],
      ],
    },
    {
      id: 'wall',
      kind: 'wall',
      height: 0.6,
      points: [
        [2, 20],
        [6, 22],
        [3, 23.5],
      ],
    },
    { id: 'oak', kind: 'tree', x: 22, y: 18, canopyRadius: 1.5, height: 3 },
    { id: 'elm', kind: 'tree', x: 10, y: 2, canopyRadius: 1.2, height: 2.5 },
  ] as unknown as Feature[];
  const scenario = fixtureScenario({ title: 'every kind', units: [], features });
  const grid = createContext(scenario);
  const scan = createContext(scenario, { indexMode: 'scan' });

  test('agrees with a plain scan and the full answer on seeded lines', () => {
    // Every feature but the trees' crowns can stop such a line or shape the ground under it.
    expect(grid.terrain.sight.entries.map((e) => e.id).sort()).toEqual(
      features.map((f) => f.id).sort(),
    );
    const dice = new Dice(seedRng(2028));
    const r = (max: number) => ((dice.roll(100000) - 0.5) / 100000) * max;
    const pick = <T>(xs: readonly T[]): T => xs[dice.roll(xs.length) - 1]!;
    let visible = 0;
    const n = 6000;
    for (let i = 0; i < n; i++) {
      const end = () => {
        const point = tablePoint(r(36), r(24));
        return {
          point,
          height: pick([0.75, 1, 0.1, 0.3]),
          standingOn: pick([0, 0, 0, 0.9]),
          ignore: standingIn(grid, point),
        };
      };
      const a = end();
      const far = end();
      if (sameAnswers(grid.terrain, scan.terrain, a, far, [1, 0.5, 0.25, 0.1][i % 4]!)) visible++;
    }
    expect(visible).toBeGreaterThan(n * 0.15);
    expect(visible).toBeLessThan(n * 0.85);
  });
});
