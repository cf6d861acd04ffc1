import type { Feature, GameMap, HexRef, Point, ScenarioDoc, Shape } from '../format';
import { allUnits } from '../forces/forceTree';
import { pointInPolygon } from '../geometry/polygon';
import { tablePoint } from '../geometry/units';
import { hexAt, hexCentre, hexGrid, type HexGrid } from '../hex';
import type { RulesetLookup } from '../rulesets/lookup';
import { footprintBox, footprintOf } from '../terrain/featureGeometry';
import { hexCellCentres, hexSightChecker } from './hexSight';
import type { EyeHeight, PointSight } from './types';

export type { EyeHeight, PointSight } from './types';

/** Cell size of a table's sight map, in inches. */
export const SIGHT_CELL = 0.25;

/**
 * The cells a sight map answers for: a table cut into square cells (`cell` inches a side), or the
 * hexes of a hex map (cell `col + row * columns`). `centres` holds x and y of each cell's centre
 * in inches at `2 * index`; sight is checked from a viewer to those centres.
 */
export interface SightGrid {
  readonly kind: 'table' | 'hex';
  readonly columns: number;
  readonly rows: number;
  /** Side of a square cell in inches (tables); a hex map's cells are its hexes. */
  readonly cell: number;
  /** The board's extent in inches. */
  readonly width: number;
  readonly height: number;
  readonly centres: Float64Array;
}

/** The sight-map cells of a map: `cell`-inch squares on a table, hexes on a hex map. */
export function sightGridOf(map: GameMap, cell = SIGHT_CELL): SightGrid {
  if (map.kind === 'hex') {
    const grid = hexGrid(map);
    return {
      kind: 'hex',
      columns: map.columns,
      rows: map.rows,
      cell: grid.size,
      width: grid.width,
      height: grid.height,
      centres: hexCellCentres(map, grid),
    };
  }
  if (!(cell > 0)) throw new Error(`a sight map's cell must be larger than 0 inches, not ${cell}`);
  const columns = Math.max(1, Math.ceil(map.width / cell - 1e-9));
  const rows = Math.max(1, Math.ceil(map.height / cell - 1e-9));
  const centres = new Float64Array(columns * rows * 2);
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < columns; c++) {
      const i = (c + r * columns) * 2;
      centres[i] = Math.min(map.width, (c + 0.5) * cell);
      centres[i + 1] = Math.min(map.height, (r + 0.5) * cell);
    }
  }
  return { kind: 'table', columns, rows, cell, width: map.width, height: map.height, centres };
}

/**
 * The line of sight a sight map is built on: the ruleset module's `sightChecker` where it has
 * one; on a hex map without one, the hex map's own reading (`hexSightChecker`). Throws, naming
 * the ruleset, when it has neither.
 */
export function pointSightOf(
  scenario: ScenarioDoc,
  eye: EyeHeight,
  /** The rulesets the caller plays with (the registry's `BUNDLED_RULESETS` at an entry point). */
  rulesets: RulesetLookup,
): PointSight {
  const module = rulesets.get(scenario.ruleset.id);
  if (module?.sightChecker) return module.sightChecker(scenario, { eye });
  if (scenario.map.kind === 'hex') return hexSightChecker(scenario, eye, rulesets);
  throw new Error(
    `${module?.label ?? scenario.ruleset.id} does not give a line of sight between two points yet (its module has no sightChecker), so its tables have no sight map`,
  );
}

/** What a sight map is asked: who looks, from what height, and (optionally) the enemy's eyes. */
export interface SightRequest {
  readonly scenario: ScenarioDoc;
  readonly eye: EyeHeight;
  /** Table cell size in inches (ignored on hex maps). */
  readonly cell?: number;
  /** The points the viewer looks from: one point, a unit, or a zone's sample points. */
  readonly viewers: readonly Point[];
  /** The enemy's points: the ground none of them sees is dead ground to the enemy. */
  readonly enemy?: readonly Point[];
  /**
   * Only the rows `[from, to)` of cells (a band, so that workers can share a map); the cells
   * outside are left unseen and unchecked. All rows by default.
   */
  readonly rows?: readonly [number, number];
}

/** A sight map: for each cell whether any viewer sees it, and whether any enemy does. */
export interface SightMap {
  readonly grid: Omit<SightGrid, 'centres'>;
  /** 1 where a viewer sees the cell. */
  readonly seen: Uint8Array;
  /** 1 where one of the enemy's points sees the cell (absent without an enemy). */
  readonly enemySeen?: Uint8Array;
  /** Line-of-sight checks this map took. */
  readonly checks: number;
  /** Cells whose sight was worked out again (all of them unless the update was incremental). */
  readonly cellsChecked: number;
  /** Whether only the cells a change could reach were checked again. */
  readonly incremental: boolean;
  /**
   * A quick preview: only every `preview`-th cell of every `preview`-th row was checked and the
   * cells around it take its answer; the whole map follows.
   */
  readonly preview?: number;
  /** Milliseconds it took, by the clock the mapper was given (absent without one). */
  readonly ms?: number;
}

/** Axis-aligned box in inches. */
interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

/** How far past a feature's plan box a change is taken to reach (wall thickness, rounding). */
const CHANGE_PAD = 0.25;

/** Whether the segment a→b meets the box (slab test). */
function segmentMeetsBox(ax: number, ay: number, bx: number, by: number, b: Box): boolean {
  let t0 = 0;
  let t1 = 1;
  const dx = bx - ax;
  const dy = by - ay;
  if (dx === 0) {
    if (ax < b.minX || ax > b.maxX) return false;
  } else {
    let ta = (b.minX - ax) / dx;
    let tb = (b.maxX - ax) / dx;
    if (ta > tb) [ta, tb] = [tb, ta];
    t0 = Math.max(t0, ta);
    t1 = Math.min(t1, tb);
    if (t0 > t1) return false;
  }
  if (dy === 0) return ay >= b.minY && ay <= b.maxY;
  let ta = (b.minY - ay) / dy;
  let tb = (b.maxY - ay) / dy;
  if (ta > tb) [ta, tb] = [tb, ta];
  return Math.max(t0, ta) <= Math.min(t1, tb);
}

const meetsAny = (ax: number, ay: number, bx: number, by: number, boxes: readonly Box[]) =>
  boxes.some((b) => segmentMeetsBox(ax, ay, bx, by, b));

function featureBox(f: Feature): Box {
  const b = footprintBox(footprintOf(f, 0.25));
  return {
    minX: b.minX - CHANGE_PAD,
    minY: b.minY - CHANGE_PAD,
    maxX: b.maxX + CHANGE_PAD,
    maxY: b.maxY + CHANGE_PAD,
  };
}

/**
 * One set of eyes and, for each cell, the index of the first of them found to see it (its
 * witness), or -1 when none does. Witnesses make updates cheap: a cell keeps its witness while
 * the line between them crosses nothing that changed.
 */
class EyeSet {
  readonly witness: Int32Array;
  constructor(
    readonly points: readonly Point[],
    cells: number,
  ) {
    this.witness = new Int32Array(cells).fill(-1);
  }

  /** Works out cell `i` from scratch, trying the witness of the cell before it first. */
  full(i: number, cx: number, cy: number, sees: PointSight, hint: number, count: Counter): void {
    const n = this.points.length;
    const start = hint >= 0 ? hint : 0;
    const to: [number, number] = [cx, cy];
    for (let k = 0; k < n; k++) {
      const v = (start + k) % n;
      count.checks++;
      if (sees(this.points[v]!, to)) {
        this.witness[i] = v;
        return;
      }
    }
    this.witness[i] = -1;
  }

  /** Works out cell `i` again after the terrain in `boxes` changed. True when it was checked. */
  update(i: number, cx: number, cy: number, sees: PointSight, boxes: Box[], count: Counter) {
    const w = this.witness[i]!;
    if (w >= 0) {
      const [vx, vy] = this.points[w]!;
      if (!meetsAny(vx, vy, cx, cy, boxes)) return false;
      this.full(i, cx, cy, sees, w, count);
      return true;
    }
    // Nobody saw it: only eyes whose line to it crosses a change can see it now.
    const to: [number, number] = [cx, cy];
    let checked = false;
    for (let v = 0; v < this.points.length; v++) {
      const [vx, vy] = this.points[v]!;
      if (!meetsAny(vx, vy, cx, cy, boxes)) continue;
      checked = true;
      count.checks++;
      if (sees(this.points[v]!, to)) {
        this.witness[i] = v;
        return true;
      }
    }
    return checked;
  }

  seen(): Uint8Array {
    const out = new Uint8Array(this.witness.length);
    for (let i = 0; i < out.length; i++) out[i] = this.witness[i]! >= 0 ? 1 : 0;
    return out;
  }
}

interface Counter {
  checks: number;
}

/** Everything of a request that, changed, makes the whole map be worked out again. */
function wholeKey(req: SightRequest, cell: number): string {
  const s = req.scenario;
  const map = s.map;
  const board =
    map.kind === 'table'
      ? `table ${map.width}x${map.height} ${map.baseColour ?? ''}`
      : JSON.stringify(map);
  return JSON.stringify([
    s.ruleset,
    s.catalog ?? null,
    board,
    cell,
    req.eye,
    req.viewers,
    req.enemy ?? null,
    req.rows ?? null,
  ]);
}

/**
 * Builds sight maps and keeps what it needs to update them: the last request's features and each
 * cell's witness. A new request that differs from the last only in some of a table's features
 * checks again only the cells whose line to a viewer crosses one of those features (where it
 * was or is now); anything else is worked out in full. One mapper per screen (or worker).
 */
export class SightMapper {
  private last: {
    key: string;
    grid: SightGrid;
    features: Map<string, { json: string; feature: Feature }>;
    viewers: EyeSet;
    enemy?: EyeSet;
  } | null = null;

  /**
   * `clock` (milliseconds, e.g. `performance.now`) times each map: the engine takes time as
   * input. `sightOf` builds the line of sight (by default the scenario's ruleset's, looked up
   * in `rulesets`).
   */
  constructor(
    rulesets: RulesetLookup,
    private readonly clock?: () => number,
    private readonly sightOf: (scenario: ScenarioDoc, eye: EyeHeight) => PointSight = (s, e) =>
      pointSightOf(s, e, rulesets),
  ) {}

  /** Whether `run(req)` would update the last map (rather than work out a new one). */
  updates(req: SightRequest): boolean {
    return this.last !== null && this.last.key === wholeKey(req, req.cell ?? SIGHT_CELL);
  }

  /**
   * A quick look before a new map: only the cells of every `stride`-th row and column (about
   * 1/stride² of the work), each block of cells around one taking its answer. It leaves the
   * mapper's last map as it was.
   */
  preview(req: SightRequest, stride = 4): SightMap {
    const t0 = this.clock?.();
    const grid = sightGridOf(req.scenario.map, req.cell ?? SIGHT_CELL);
    const n = grid.columns * grid.rows;
    const viewers = new EyeSet(req.viewers, n);
    const enemy = req.enemy ? new EyeSet(req.enemy, n) : undefined;
    const count: Counter = { checks: 0 };
    const sees =
      req.viewers.length || req.enemy?.length ? this.sightOf(req.scenario, req.eye) : null;
    const [lo, hi] = bandOf(grid, req.rows);
    const r0 = lo / grid.columns;
    const r1 = hi / grid.columns;
    const half = Math.floor(stride / 2);
    const sampled = (from: number, to: number): number[] => {
      const out: number[] = [];
      for (let k = from + Math.min(half, to - from - 1); k < to; k += stride) out.push(k);
      return out;
    };
    const rowsS = sampled(r0, r1);
    const colsS = sampled(0, grid.columns);
    for (const r of rowsS) {
      for (const c of colsS) {
        const i = c + r * grid.columns;
        if (!sees) continue;
        const x = grid.centres[i * 2]!;
        const y = grid.centres[i * 2 + 1]!;
        if (viewers.points.length) viewers.full(i, x, y, sees, 0, count);
        if (enemy?.points.length) enemy.full(i, x, y, sees, 0, count);
      }
    }
    const nearest = (list: number[], k: number) =>
      list[Math.max(0, Math.min(list.length - 1, Math.round((k - list[0]!) / stride)))]!;
    // Each cell of the band takes the answer of the nearest checked cell.
    const spread = (set: EyeSet) => {
      const out = new Uint8Array(n);
      for (let r = r0; r < r1; r++) {
        const rr = nearest(rowsS, r);
        for (let c = 0; c < grid.columns; c++) {
          out[c + r * grid.columns] =
            set.witness[nearest(colsS, c) + rr * grid.columns]! >= 0 ? 1 : 0;
        }
      }
      return out;
    };
    const cells = rowsS.length * colsS.length;
    const { centres: _centres, ...shape } = grid;
    return {
      grid: shape,
      seen: spread(viewers),
      ...(enemy ? { enemySeen: spread(enemy) } : {}),
      checks: count.checks,
      cellsChecked: cells,
      incremental: false,
      preview: stride,
      ...(this.clock && t0 !== undefined ? { ms: this.clock() - t0 } : {}),
    };
  }

  run(req: SightRequest): SightMap {
    const t0 = this.clock?.();
    const cell = req.cell ?? SIGHT_CELL;
    const key = wholeKey(req, cell);
    const features = new Map<string, { json: string; feature: Feature }>();
    if (req.scenario.map.kind === 'table') {
      for (const f of req.scenario.map.features)
        features.set(f.id, { json: JSON.stringify(f), feature: f });
    }
    const count: Counter = { checks: 0 };
    let boxes: Box[] | null = null;
    if (this.last && this.last.key === key) {
      boxes = [];
      for (const [id, now] of features) {
        const was = this.last.features.get(id);
        if (was?.json === now.json) continue;
        boxes.push(featureBox(now.feature));
        if (was) boxes.push(featureBox(was.feature));
      }
      for (const [id, was] of this.last.features) {
        if (!features.has(id)) boxes.push(featureBox(was.feature));
      }
    }
    // The line of sight (and the ruleset's terrain index under it) is built only when a cell is
    // to be checked: an update in which nothing changed checks nothing.
    const anyone = req.viewers.length > 0 || (req.enemy?.length ?? 0) > 0;
    const sees =
      anyone && (!boxes || boxes.length > 0) ? this.sightOf(req.scenario, req.eye) : null;
    let cellsChecked = 0;
    let grid: SightGrid;
    let viewers: EyeSet;
    let enemy: EyeSet | undefined;
    if (boxes && this.last) {
      ({ grid, viewers, enemy } = this.last);
      if (boxes.length > 0 && sees) {
        const c = grid.centres;
        const [lo, hi] = bandOf(grid, req.rows);
        for (let i = lo; i < hi; i++) {
          const x = c[i * 2]!;
          const y = c[i * 2 + 1]!;
          const a = viewers.update(i, x, y, sees, boxes, count);
          const b = enemy ? enemy.update(i, x, y, sees, boxes, count) : false;
          if (a || b) cellsChecked++;
        }
      }
    } else {
      grid = sightGridOf(req.scenario.map, cell);
      const n = grid.columns * grid.rows;
      viewers = new EyeSet(req.viewers, n);
      enemy = req.enemy ? new EyeSet(req.enemy, n) : undefined;
      if (sees) {
        const c = grid.centres;
        const [lo, hi] = bandOf(grid, req.rows);
        for (let i = lo; i < hi; i++) {
          const x = c[i * 2]!;
          const y = c[i * 2 + 1]!;
          // The cell to the left (or above, at a row's start) was likely seen by the same eye.
          const prev = i % grid.columns === 0 ? i - grid.columns : i - 1;
          if (viewers.points.length) {
            viewers.full(i, x, y, sees, prev >= 0 ? viewers.witness[prev]! : 0, count);
          }
          if (enemy?.points.length) {
            enemy.full(i, x, y, sees, prev >= 0 ? enemy.witness[prev]! : 0, count);
          }
        }
      }
      const [lo, hi] = bandOf(grid, req.rows);
      cellsChecked = hi - lo;
    }
    this.last = { key, grid, features, viewers, ...(enemy ? { enemy } : {}) };
    const { centres: _centres, ...shape } = grid;
    return {
      grid: shape,
      seen: viewers.seen(),
      ...(enemy ? { enemySeen: enemy.seen() } : {}),
      checks: count.checks,
      cellsChecked,
      incremental: boxes !== null,
      ...(this.clock && t0 !== undefined ? { ms: this.clock() - t0 } : {}),
    };
  }
}

/** The cell indices `[first, end)` of a band of rows (all of them without one). */
function bandOf(grid: SightGrid, rows?: readonly [number, number]): [number, number] {
  if (!rows) return [0, grid.columns * grid.rows];
  const from = Math.max(0, Math.min(grid.rows, Math.floor(rows[0])));
  const to = Math.max(from, Math.min(grid.rows, Math.floor(rows[1])));
  return [from * grid.columns, to * grid.columns];
}

/** How many columns and rows of cells a map's sight map has. */
export function sightGridSize(map: GameMap, cell = SIGHT_CELL): { columns: number; rows: number } {
  if (map.kind === 'hex') return { columns: map.columns, rows: map.rows };
  return {
    columns: Math.max(1, Math.ceil(map.width / cell - 1e-9)),
    rows: Math.max(1, Math.ceil(map.height / cell - 1e-9)),
  };
}

/** Splits `rows` rows into `parts` bands of nearly equal height, none empty. */
export function rowBands(rows: number, parts: number): [number, number][] {
  const n = Math.max(1, Math.min(rows, Math.floor(parts)));
  return Array.from({ length: n }, (_, k): [number, number] => [
    Math.round((k * rows) / n),
    Math.round(((k + 1) * rows) / n),
  ]);
}

/**
 * One map from the bands that workers worked out: each band's rows from its own map; checks and
 * cells added up, the time the slowest band took (they ran side by side).
 */
export function mergeSightBands(
  parts: readonly { readonly rows: readonly [number, number]; readonly map: SightMap }[],
): SightMap {
  const first = parts[0];
  if (!first) throw new Error('mergeSightBands needs at least one band');
  const { columns } = first.map.grid;
  const seen = new Uint8Array(first.map.seen.length);
  const enemySeen = first.map.enemySeen ? new Uint8Array(seen.length) : undefined;
  let checks = 0;
  let cellsChecked = 0;
  let incremental = true;
  let ms: number | undefined;
  let preview: number | undefined;
  for (const { rows, map } of parts) {
    if (map.preview !== undefined) preview = Math.max(preview ?? 0, map.preview);
    const lo = rows[0] * columns;
    const hi = rows[1] * columns;
    seen.set(map.seen.subarray(lo, hi), lo);
    if (enemySeen && map.enemySeen) enemySeen.set(map.enemySeen.subarray(lo, hi), lo);
    checks += map.checks;
    cellsChecked += map.cellsChecked;
    incremental &&= map.incremental;
    if (map.ms !== undefined) ms = Math.max(ms ?? 0, map.ms);
  }
  return {
    grid: first.map.grid,
    seen,
    ...(enemySeen ? { enemySeen } : {}),
    checks,
    cellsChecked,
    incremental,
    ...(preview !== undefined ? { preview } : {}),
    ...(ms !== undefined ? { ms } : {}),
  };
}

// ---- viewers --------------------------------------------------------------------------------

/** Where a unit stands, in inches (a hex unit at its hex's centre), or null when not placed. */
export function unitPoint(map: GameMap, position: Point | HexRef | undefined): Point | null {
  if (!position) return null;
  if (Array.isArray(position)) return [position[0], position[1]];
  if (map.kind !== 'hex') return null;
  return hexCentre(hexGrid(map), position.col, position.row);
}

/** The units of a side (or every side) that stand on the map, with their points. */
export function unitPoints(
  scenario: ScenarioDoc,
  side?: string,
): { id: string; side: string; point: Point }[] {
  const out: { id: string; side: string; point: Point }[] = [];
  for (const { unit, side: s } of allUnits(scenario.forces)) {
    if (side !== undefined && s.id !== side) continue;
    const p = unitPoint(scenario.map, unit.position);
    if (p) out.push({ id: unit.id, side: s.id, point: p });
  }
  return out;
}

function shapeHas(shape: Shape, p: Point, map: GameMap, grid: HexGrid | null): boolean {
  const [x, y] = p;
  switch (shape.shape) {
    case 'point':
      return Math.hypot(x - shape.at[0], y - shape.at[1]) < 0.5;
    case 'circle':
      return Math.hypot(x - shape.center[0], y - shape.center[1]) <= shape.radius;
    case 'rect':
      return (
        x >= shape.x && y >= shape.y && x <= shape.x + shape.width && y <= shape.y + shape.height
      );
    case 'polygon':
      return pointInPolygon(
        tablePoint(x, y),
        shape.points.map(([a, b]) => tablePoint(a, b)),
      );
    case 'hexes': {
      const h = grid ? hexAt(grid, p) : null;
      return !!h && shape.hexes.some((z) => z.col === h.col && z.row === h.row);
    }
    case 'edgeStrip': {
      const w = map.kind === 'table' ? map.width : (grid?.width ?? 0);
      const h = map.kind === 'table' ? map.height : (grid?.height ?? 0);
      const along = shape.edge === 'north' || shape.edge === 'south' ? x : y;
      const length = shape.edge === 'north' || shape.edge === 'south' ? w : h;
      if (along < (shape.from ?? 0) || along > (shape.to ?? length)) return false;
      const depth = { north: y, south: h - y, west: x, east: w - x }[shape.edge];
      return depth >= 0 && depth <= shape.depth;
    }
  }
}

/**
 * Points that stand for an area as a viewer: on a hex map the centre of each of its hexes; on a
 * table a lattice over it, as fine as keeps to at most `max` points (the area's centre when it
 * is too small for the lattice). A whole deployment zone sees what any of its points sees.
 */
export function areaViewers(shape: Shape, map: GameMap, max = 24): Point[] {
  const grid = map.kind === 'hex' ? hexGrid(map) : null;
  const width = grid ? grid.width : map.kind === 'table' ? map.width : 0;
  const height = grid ? grid.height : map.kind === 'table' ? map.height : 0;
  if (grid && shape.shape === 'hexes') {
    return shape.hexes.slice(0, max * 4).map((h) => hexCentre(grid, h.col, h.row));
  }
  if (shape.shape === 'point') return [[shape.at[0], shape.at[1]]];
  // The area's box, clipped to the board.
  let minX = 0;
  let minY = 0;
  let maxX = width;
  let maxY = height;
  if (shape.shape === 'rect') {
    [minX, minY, maxX, maxY] = [shape.x, shape.y, shape.x + shape.width, shape.y + shape.height];
  } else if (shape.shape === 'circle') {
    const { center: c, radius: r } = shape;
    [minX, minY, maxX, maxY] = [c[0] - r, c[1] - r, c[0] + r, c[1] + r];
  } else if (shape.shape === 'polygon') {
    minX = Math.min(...shape.points.map((p) => p[0]));
    maxX = Math.max(...shape.points.map((p) => p[0]));
    minY = Math.min(...shape.points.map((p) => p[1]));
    maxY = Math.max(...shape.points.map((p) => p[1]));
  } else if (shape.shape === 'edgeStrip') {
    const d = shape.depth;
    const ns = shape.edge === 'north' || shape.edge === 'south';
    const from = shape.from ?? 0;
    const to = shape.to ?? (ns ? width : height);
    if (shape.edge === 'north') [minX, minY, maxX, maxY] = [from, 0, to, d];
    if (shape.edge === 'south') [minX, minY, maxX, maxY] = [from, height - d, to, height];
    if (shape.edge === 'west') [minX, minY, maxX, maxY] = [0, from, d, to];
    if (shape.edge === 'east') [minX, minY, maxX, maxY] = [width - d, from, width, to];
  }
  minX = Math.max(0, minX);
  minY = Math.max(0, minY);
  maxX = Math.min(width, maxX);
  maxY = Math.min(height, maxY);
  if (!(maxX > minX && maxY > minY)) return [];
  const inside = (step: number): Point[] => {
    const out: Point[] = [];
    for (let y = minY + step / 2; y < maxY; y += step) {
      for (let x = minX + step / 2; x < maxX; x += step) {
        if (shapeHas(shape, [x, y], map, grid)) out.push([x, y]);
      }
    }
    return out;
  };
  let step = Math.max(0.5, Math.sqrt(((maxX - minX) * (maxY - minY)) / max));
  let pts = inside(step);
  while (pts.length > max) {
    step *= 1.25;
    pts = inside(step);
  }
  if (pts.length === 0) {
    const c: Point = [(minX + maxX) / 2, (minY + maxY) / 2];
    return shapeHas(shape, c, map, grid) ? [c] : [];
  }
  return pts;
}
