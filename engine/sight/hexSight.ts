import type { HexMap, MobilityClass, ScenarioDoc } from '../format';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import {
  axialAt,
  axialKey,
  hexCentre,
  hexDistance,
  hexGrid,
  inBounds,
  roundAxial,
  axialToOffset,
  type Axial,
  type HexGrid,
} from '../hex';
import type { RulesetLookup } from '../rulesets/lookup';
import type { EyeHeight, PointSight } from './types';

/**
 * Eye heights on a hex map, in map levels above the hex's own level: a man sees over a hex of
 * his own level, a vehicle a little higher. Heights only matter against hex levels.
 */
const EYE_LEVELS: Record<EyeHeight, number> = { man: 0.1, vehicle: 0.2 };

/** Mobility classes whose sight a terrain type's `blocksLOSFor` can name, by eye height. */
const EYE_CLASSES: Record<EyeHeight, readonly MobilityClass[]> = {
  man: ['all', 'infantry'],
  vehicle: ['all', 'allVehicles', 'tank', 'tracked'],
};

/**
 * The hex map's own reading of sight, for hex rulesets that bring no line-of-sight engine of
 * their own: the straight line between two hex centres (hex by hex, `lineHexes`) is
 * blocked by a hex between them whose terrain type, or a flag set on it (woods, urban...), is a
 * catalog terrain type with `rules.blocksLOSFor` naming everyone or the eye's class; or by a hex
 * between them whose level stands above the line from eye to eye. A line running exactly along
 * a hexside is blocked only when it is blocked on both sides. Hexside walls, ridges and contour
 * lines are not read.
 */
export function hexSightChecker(
  scenario: ScenarioDoc,
  eye: EyeHeight,
  /** The rulesets the caller plays with: the scenario's ruleset's catalogs say what blocks. */
  rulesets: RulesetLookup,
): PointSight {
  const map = scenario.map;
  if (map.kind !== 'hex') throw new Error('hexSightChecker needs a hex map');
  const grid = hexGrid(map);
  const blocking = blockingTerrain(scenario, eye, rulesets);
  const n = map.columns * map.rows;
  const blocks = new Uint8Array(n);
  const level = new Float64Array(n);
  const defaultBlocks = blocking.has(map.defaultTerrain) ? 1 : 0;
  blocks.fill(defaultBlocks);
  for (const h of map.hexes) {
    if (!inBounds(grid, h.col, h.row)) continue;
    const i = h.col + h.row * map.columns;
    level[i] = h.level ?? 0;
    let b = blocking.has(h.terrain ?? map.defaultTerrain);
    for (const [key, value] of Object.entries(h)) if (value === true && blocking.has(key)) b = true;
    blocks[i] = b ? 1 : 0;
  }
  const eyeUp = EYE_LEVELS[eye];
  const indexOf = (a: Axial): number => {
    const o = axialToOffset(grid, a);
    return inBounds(grid, o.col, o.row) ? o.col + o.row * map.columns : -1;
  };
  const blockedOn = (path: readonly Axial[], from: Axial, to: Axial): boolean => {
    const total = hexDistance(from, to);
    const fromIdx = indexOf(from);
    const toIdx = indexOf(to);
    const h0 = (fromIdx >= 0 ? level[fromIdx]! : 0) + eyeUp;
    const h1 = (toIdx >= 0 ? level[toIdx]! : 0) + eyeUp;
    for (let k = 1; k < path.length - 1; k++) {
      const i = indexOf(path[k]!);
      if (i < 0) continue;
      if (blocks[i]) return true;
      const t = hexDistance(from, path[k]!) / total;
      if (level[i]! > h0 + (h1 - h0) * t) return true;
    }
    return false;
  };
  const memo = new Map<string, boolean>();
  return (a, b) => {
    const from = axialAt(grid, [a[0], a[1]]);
    const to = axialAt(grid, [b[0], b[1]]);
    if (from.q === to.q && from.r === to.r) return true;
    const key = `${axialKey(from)}>${axialKey(to)}`;
    const known = memo.get(key);
    if (known !== undefined) return known;
    let seen = !blockedOn(lineHexes(from, to, NUDGE), from, to);
    if (!seen) seen = !blockedOn(lineHexes(from, to, -NUDGE), from, to);
    memo.set(key, seen);
    return seen;
  };
}

/** How far a line is pushed off a hexside it runs along, to one side or the other. */
const NUDGE = 1e-6;

/**
 * The hexes on the straight line between two hex centres, one per step (the shortest path a
 * line drawing takes), the line pushed `nudge` to one side so that where it runs along a hexside
 * it takes the hexes on that side. Fast enough for a whole map of lines; the exact tracer
 * (`traceHexLine`, which also finds corners the line clips) is about a thousand times slower.
 */
function lineHexes(from: Axial, to: Axial, nudge: number): Axial[] {
  const n = hexDistance(from, to);
  const out: Axial[] = [];
  const aq = from.q + nudge;
  const ar = from.r + nudge;
  const bq = to.q + nudge;
  const br = to.r + nudge;
  for (let i = 0; i <= n; i++) {
    const t = i / n;
    out.push(roundAxial(aq + (bq - aq) * t, ar + (br - ar) * t));
  }
  return out;
}

/** Ids of terrain types (and hex flags) that block the sight of `eye` in the scenario's catalog. */
function blockingTerrain(
  scenario: ScenarioDoc,
  eye: EyeHeight,
  rulesets: RulesetLookup,
): Set<string> {
  const module = rulesets.get(scenario.ruleset.id);
  const cat = composeRulesetCatalog(scenario.ruleset, module?.catalogs ?? [], scenario.catalog);
  const out = new Set<string>();
  const classes = EYE_CLASSES[eye];
  for (const t of cat.terrainTypes.values()) {
    if (t.rules?.blocksLOSFor?.some((c) => classes.includes(c))) out.add(t.id);
  }
  return out;
}

/** The centre of every hex of the map, x and y at `2 * (col + row * columns)`. */
export function hexCellCentres(map: HexMap, grid: HexGrid = hexGrid(map)): Float64Array {
  const out = new Float64Array(map.columns * map.rows * 2);
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.columns; col++) {
      const [x, y] = hexCentre(grid, col, row);
      const i = col + row * map.columns;
      out[i * 2] = x;
      out[i * 2 + 1] = y;
    }
  }
  return out;
}
