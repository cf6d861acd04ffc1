import { pointInPolygon } from '../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../geometry/units';
import {
  info,
  inPlay,
  isHelicopter,
  moverOf,
  sightBetween,
  sightProbe,
  terrainNow,
  type ModelState,
  type Mover,
  type TanksContext,
  type TanksState,
  type TerrainPiece,
} from './rules';

/**
 * Where a model could shoot from, and how far it has to go to get there: the bot's way to a fight
 * it cannot yet see. The table is cut into squares of `CELL` inches; a square is a firing spot
 * when a line from its centre reaches an enemy in play past the terrain (sight.ts `sightProbe`),
 * and each square gets the length of the shortest way from it to a firing spot, round terrain the
 * model cannot enter (8 neighbours, straight and diagonal steps). A model standing behind a
 * building from its enemy is then drawn round the building, not into it.
 */

/** The side of a square of the grid, in inches. */
const CELL = 1.5;

/** The way to the nearest firing spot from anywhere on the table, for one model. */
export interface ContactMap {
  /** Inches from a point to the nearest firing spot by the grid (0 on one); Infinity: none. */
  readonly distance: (at: readonly [number, number]) => number;
  /** Whether the model has any firing spot to go to. */
  readonly reachable: boolean;
}

interface Memo {
  readonly key: string;
  readonly terrain: readonly TerrainPiece[];
  readonly map: ContactMap;
}
const MEMO = new WeakMap<TanksContext, Map<string, Memo>>();

/**
 * The contact map of a model against every enemy in play, kept while the enemies stand where
 * they stood and the terrain is the same (during one side's turn, for all its models of a kind).
 */
export function contactMap(ctx: TanksContext, state: TanksState, unit: string): ContactMap {
  const me = state.models[unit]!;
  const side = info(ctx, unit).side;
  const enemies = ctx.order
    .filter((id) => info(ctx, id).side !== side && inPlay(state.models[id]))
    .map((id) => state.models[id]!);
  const mover = moverOf(ctx, me);
  const terrain = terrainNow(ctx, state);
  let byUnit = MEMO.get(ctx);
  if (!byUnit) MEMO.set(ctx, (byUnit = new Map()));
  const key = `${mover}|${enemies.map((e) => `${e.id}@${e.at![0]},${e.at![1]},${e.facing},${e.elevation}`).join(';')}|${terrain.length}`;
  // One map a unit and a way it moves: a helicopter's places are weighed flying low and high in
  // turn, and one map for both made it build the map anew for nearly every place it weighed.
  const slot = `${unit}|${mover}`;
  const known = byUnit.get(slot);
  if (known && known.key === key && known.terrain === terrain) return known.map;
  const map = buildMap(ctx, state, me, enemies, mover, terrain);
  byUnit.set(slot, { key, terrain, map });
  return map;
}

/**
 * The table in squares of `CELL` inches for a mover: each square's centre, and which squares it
 * may stand in (their centre outside every piece of terrain impassable to it), 1 in `open`.
 */
function gridFor(ctx: TanksContext, mover: Mover, terrain: readonly TerrainPiece[]) {
  const w = Math.max(1, Math.ceil(ctx.table.width / CELL));
  const h = Math.max(1, Math.ceil(ctx.table.height / CELL));
  const centre = (i: number, j: number): TablePoint =>
    tablePoint(
      Math.min(ctx.table.width, (i + 0.5) * CELL),
      Math.min(ctx.table.height, (j + 0.5) * CELL),
    );
  const blocked = terrain.filter((p) => p.impassableTo.has(mover));
  const open = new Uint8Array(w * h);
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      const c = centre(i, j);
      const inside = blocked.some(
        (p) =>
          c.x >= p.box.minX &&
          c.x <= p.box.maxX &&
          c.y >= p.box.minY &&
          c.y <= p.box.maxY &&
          pointInPolygon(c, p.polygon),
      );
      if (!inside) open[j * w + i] = 1;
    }
  return { w, h, centre, open };
}

function buildMap(
  ctx: TanksContext,
  state: TanksState,
  me: ModelState,
  enemies: readonly ModelState[],
  mover: Mover,
  terrain: readonly TerrainPiece[],
): ContactMap {
  const { w, h, centre, open } = gridFor(ctx, mover, terrain);
  const dist = new Float64Array(w * h).fill(Infinity);
  const probes = enemies.map((e) => sightProbe(ctx, state, me, e));
  let any = false;
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++)
      if (open[j * w + i] && probes.some((see) => see(centre(i, j)))) {
        dist[j * w + i] = 0;
        any = true;
      }
  if (any) relax(dist, open, w, h);
  const nearestCell = (at: readonly [number, number]) => {
    const i = Math.min(w - 1, Math.max(0, Math.floor(at[0] / CELL)));
    const j = Math.min(h - 1, Math.max(0, Math.floor(at[1] / CELL)));
    return { i, j };
  };
  return {
    reachable: any,
    distance: (at) => {
      if (!any) return Infinity;
      const { i, j } = nearestCell(at);
      const d = dist[j * w + i]!;
      if (Number.isFinite(d)) return d + offCentre(at, centre(i, j));
      // A point whose square lies in terrain (a hull overhanging it): the best square around.
      let best = Infinity;
      for (let dj = -1; dj <= 1; dj++)
        for (let di = -1; di <= 1; di++) {
          const x = i + di;
          const y = j + dj;
          if (x < 0 || y < 0 || x >= w || y >= h) continue;
          const n = dist[y * w + x]!;
          if (Number.isFinite(n)) best = Math.min(best, n + offCentre(at, centre(x, y)));
        }
      return best;
    },
  };
}

/** How far a point is from a square's centre: breaks ties between places in the same square. */
const offCentre = (at: readonly [number, number], c: TablePoint) =>
  Math.hypot(at[0] - c.x, at[1] - c.y);

/** Shortest ways on the grid from the firing spots (distance 0) through open squares. */
function relax(dist: Float64Array, open: Uint8Array, w: number, h: number): void {
  const diag = CELL * Math.SQRT2;
  const steps: readonly [number, number, number][] = [
    [-1, 0, CELL],
    [1, 0, CELL],
    [0, -1, CELL],
    [0, 1, CELL],
    [-1, -1, diag],
    [1, -1, diag],
    [-1, 1, diag],
    [1, 1, diag],
  ];
  // Sweeps forward and back until nothing shortens: a few sweeps on a table with a few pieces.
  for (let sweep = 0; sweep < 64; sweep++) {
    let changed = false;
    const forward = sweep % 2 === 0;
    for (let k = 0; k < w * h; k++) {
      const idx = forward ? k : w * h - 1 - k;
      if (!open[idx]) continue;
      const i = idx % w;
      const j = (idx - i) / w;
      let d = dist[idx]!;
      for (const [di, dj, cost] of steps) {
        const x = i + di;
        const y = j + dj;
        if (x < 0 || y < 0 || x >= w || y >= h || !open[y * w + x]) continue;
        const n = dist[y * w + x]! + cost;
        if (n < d) d = n;
      }
      if (d < dist[idx]!) {
        dist[idx] = d;
        changed = true;
      }
    }
    if (!changed) return;
  }
}

/**
 * Models in play a side up to which the bot looks for vantage spots: each square of the table is
 * tried both ways against each enemy, a cost a duel pays easily; with more, the enemies move more
 * often and the map is built again for each (Alpha 66, two T-64s against an M1: its lab games
 * took 0.147 CPU s with two a side, 0.065 without the map).
 */
const VANTAGE_MODELS = 1;

const VANTAGE_MEMO = new WeakMap<TanksContext, Map<string, Memo>>();

/**
 * Where a tank could shoot an enemy from and no enemy could shoot it back, as the enemies stand
 * (a vantage spot: its turret sees past a building's corner to a hull corner of the enemy while
 * the enemy's turret, behind the building, sees no part of it, TK-5.2), and how far it has to go
 * to get to one (round terrain it cannot enter, as `contactMap`). Each square's centre is tried
 * with the tank faced toward the nearest enemy, by the bot's brief sight both ways (arcs are left
 * to the place's own shots). Only in a duel (`VANTAGE_MODELS` a side), and none for or against a helicopter.
 */
export function vantageMap(ctx: TanksContext, state: TanksState, unit: string): ContactMap {
  const me = state.models[unit]!;
  const side = info(ctx, unit).side;
  const enemies = ctx.order.filter((id) => info(ctx, id).side !== side && inPlay(state.models[id]));
  // Nor against a helicopter: flying high it sees everything (TK-5.4), and it changes height and
  // place every turn, so the map would be built anew each time for little.
  if (
    isHelicopter(ctx, unit) ||
    enemies.length === 0 ||
    enemies.length > VANTAGE_MODELS ||
    ctx.order.filter((id) => info(ctx, id).side === side && inPlay(state.models[id])).length >
      VANTAGE_MODELS ||
    enemies.some((e) => isHelicopter(ctx, e))
  )
    return NONE;
  const mover = moverOf(ctx, me);
  const terrain = terrainNow(ctx, state);
  let byUnit = VANTAGE_MEMO.get(ctx);
  if (!byUnit) VANTAGE_MEMO.set(ctx, (byUnit = new Map()));
  const key = `${mover}|${enemies
    .map((id) => {
      const e = state.models[id]!;
      return `${id}@${e.at![0]},${e.at![1]},${e.facing},${e.elevation}`;
    })
    .join(';')}|${terrain.length}`;
  const known = byUnit.get(unit);
  if (known && known.key === key && known.terrain === terrain) return known.map;
  const map = buildVantage(ctx, state, me, enemies, mover, terrain);
  byUnit.set(unit, { key, terrain, map });
  return map;
}

const NONE: ContactMap = { reachable: false, distance: () => Infinity };
const BRIEF = { brief: true } as const;

/** Squares between those the vantage map tries first. */
const SPARSE = 3;

function buildVantage(
  ctx: TanksContext,
  state: TanksState,
  me: ModelState,
  enemies: readonly string[],
  mover: Mover,
  terrain: readonly TerrainPiece[],
): ContactMap {
  const { w, h, centre, open } = gridFor(ctx, mover, terrain);
  const dist = new Float64Array(w * h).fill(Infinity);
  // 0 not tried, 1 a vantage square, 2 not one.
  const raw = new Uint8Array(w * h);
  let any = false;
  const tryAt = (i: number, j: number): void => {
    const k = j * w + i;
    if (raw[k] || !open[k]) return;
    raw[k] = 2;
    const c = centre(i, j);
    let facing = me.facing;
    let near = Infinity;
    for (const e of enemies) {
      const at = state.models[e]!.at!;
      const d = Math.hypot(at[0] - c.x, at[1] - c.y);
      if (d < near) {
        near = d;
        facing = (Math.atan2(at[1] - c.y, at[0] - c.x) * 180) / Math.PI;
      }
    }
    const st: TanksState = {
      ...state,
      models: { ...state.models, [me.id]: { ...me, at: [c.x, c.y], facing } },
    };
    // Sight alone, brief, both ways (arcs left out: the place itself is judged by its shots).
    let sees = false;
    for (const e of enemies) {
      if (sightBetween(ctx, st, e, me.id, BRIEF).visible) return;
      if (!sees && sightBetween(ctx, st, me.id, e, BRIEF).visible) sees = true;
    }
    if (sees) raw[k] = 1;
  };
  // Every third square each way first (a ninth of the cost: two lines of sight a square are
  // most of what a bot's turn costs here), then the squares round each vantage found, so a
  // region of them narrower than three squares may be missed.
  for (let j = 1; j < h; j += SPARSE) for (let i = 1; i < w; i += SPARSE) tryAt(i, j);
  for (let j = 1; j < h; j += SPARSE)
    for (let i = 1; i < w; i += SPARSE) {
      if (raw[j * w + i] !== 1) continue;
      for (let dj = -SPARSE; dj <= SPARSE; dj++)
        for (let di = -SPARSE; di <= SPARSE; di++) {
          const x = i + di;
          const y = j + dj;
          if (x >= 0 && y >= 0 && x < w && y < h) tryAt(x, y);
        }
    }
  // A vantage spot is kept where at least three of the four squares beside it are ones too (or
  // off the table): a hull ends a move near a square's centre, not on it, facing along or across
  // its arrow, and a lone square (a hull corner seen past a wall's end) is gone by then.
  const at = (i: number, j: number) =>
    i < 0 || j < 0 || i >= w || j >= h ? 1 : raw[j * w + i] === 1 ? 1 : 0;
  for (let j = 0; j < h; j++)
    for (let i = 0; i < w; i++) {
      if (raw[j * w + i] !== 1) continue;
      if (at(i - 1, j) + at(i + 1, j) + at(i, j - 1) + at(i, j + 1) < 3) continue;
      dist[j * w + i] = 0;
      any = true;
    }
  if (any) relax(dist, open, w, h);
  return {
    reachable: any,
    distance: (at) => {
      if (!any) return Infinity;
      const i = Math.min(w - 1, Math.max(0, Math.floor(at[0] / CELL)));
      const j = Math.min(h - 1, Math.max(0, Math.floor(at[1] / CELL)));
      const d = dist[j * w + i]!;
      return Number.isFinite(d) ? d + offCentre(at, centre(i, j)) : d;
    },
  };
}
