import type { Feature } from '../../../format';
import { boxOf } from '../../../geometry/polygon';
import type { TanksContext } from './context';
import { enemyOf, sideName } from './context';
import { polygonDistance, polygonsOverlap } from './geometry';
import { inPlay, footprint, outline } from './models';
import type { PlacedPiece, TanksState, TerrainPlacement } from './state';
import type { TerrainPiece } from './terrain';
import { pieceOutlineAt, placedFeature, poolTerrainPiece, type PoolPiece } from './terrainPool';

/**
 * The terrain placing step (TK-2.2, TK-2.3), before the roles and the Defender's edge (TK-2.4).
 * Both players roll a die, ties rolled again; the higher roller puts down the first Forest, the
 * other the second, then they alternate through the Buildings. No piece may come within one
 * Measuring Arrow of another piece or of any table edge. A placed piece is terrain like any the
 * map draws: sight, cover and movement read it through `terrainNow`.
 */

/** A refusal with its rule (the shape of movement.ts `Refusal`). */
interface Problem {
  readonly reason: string;
  readonly ruleId: string;
}

/** The placing step a new game starts with: nobody has rolled, no piece is down. */
export function newTerrainPlacement(ctx: TanksContext): TerrainPlacement | undefined {
  if (!ctx.terrainPool.length) return undefined;
  return {
    rolls: [],
    first: null,
    pieces: ctx.terrainPool.map((p) => ({ id: p.id, side: null, at: null, rotation: 0 })),
  };
}

/** The placing order once the roll-off is won: the winner places the 1st, 3rd, 5th ... piece. */
export function withPlacers(
  ctx: TanksContext,
  t: TerrainPlacement,
  first: string,
): TerrainPlacement {
  const second = enemyOf(ctx, first);
  return { ...t, first, pieces: t.pieces.map((p, i) => ({ ...p, side: i % 2 ? second : first })) };
}

/** Whether the players still have to roll off for the terrain (TK-2.2). */
export const terrainRollPending = (state: TanksState): boolean =>
  state.terrainPlacement !== undefined && state.terrainPlacement.first === null;

/** The piece to place now and who places it, once the roll-off is settled. */
export function terrainToPlace(state: TanksState): PlacedPiece | undefined {
  const t = state.terrainPlacement;
  if (!t || t.first === null) return undefined;
  return t.pieces.find((p) => p.at === null && !p.setAside);
}

/** Whether the terrain step is still going on (a roll or a piece to come). */
export const terrainPending = (state: TanksState): boolean =>
  terrainRollPending(state) || terrainToPlace(state) !== undefined;

/** A piece of the pool by id. */
export const poolPiece = (ctx: TanksContext, id: string): PoolPiece | undefined =>
  ctx.terrainPool.find((p) => p.id === id);

/** "Forest Copse" or "Building 2": how messages name a piece. */
export function pieceLabel(ctx: TanksContext, id: string): string {
  const p = poolPiece(ctx, id);
  if (!p) return id;
  return p.name.toLowerCase().includes(p.typeName.toLowerCase())
    ? p.name
    : `${p.typeName} ${p.name}`;
}

const cache = new WeakMap<readonly PlacedPiece[], TerrainPiece[]>();

/** The pool's pieces on the table now, as terrain the rules read. */
export function placedTerrain(ctx: TanksContext, state: TanksState): readonly TerrainPiece[] {
  const t = state.terrainPlacement;
  if (!t) return [];
  const hit = cache.get(t.pieces);
  if (hit) return hit;
  const out: TerrainPiece[] = [];
  for (const p of t.pieces) {
    const pool = poolPiece(ctx, p.id);
    if (pool && p.at) out.push(poolTerrainPiece(pool, p.at, p.rotation));
  }
  cache.set(t.pieces, out);
  return out;
}

const featureCache = new WeakMap<TerrainPlacement, Feature[]>();

/**
 * The map's features as this game has them: the pool's pieces where the players put them, and
 * left out while they wait to be placed (or were set aside).
 */
export function featuresNow(ctx: TanksContext, state: TanksState): readonly Feature[] {
  if (ctx.scenario.map.kind !== 'table') return [];
  const t = state.terrainPlacement;
  if (!t) return ctx.scenario.map.features;
  // The same list for the same placing, so a board redraws its terrain only when a piece moves.
  const hit = featureCache.get(t);
  if (hit) return hit;
  const placed = new Map(t.pieces.map((p) => [p.id, p]));
  const out = ctx.scenario.map.features.flatMap((f) => {
    const pool = poolPiece(ctx, f.id);
    if (!pool) return [f];
    const p = placed.get(f.id);
    return p?.at ? [placedFeature(pool, p.at, p.rotation)] : [];
  });
  featureCache.set(t, out);
  return out;
}

/** Which table edge is nearest a polygon, and how far its nearest point lies from it. */
function nearestEdge(
  ctx: TanksContext,
  pts: readonly { x: number; y: number }[],
): { edge: string; gap: number } {
  let best = { edge: 'north', gap: Infinity };
  for (const q of pts) {
    for (const [edge, gap] of [
      ['north', q.y],
      ['south', ctx.table.height - q.y],
      ['west', q.x],
      ['east', ctx.table.width - q.x],
    ] as const)
      if (gap < best.gap) best = { edge, gap };
  }
  return best;
}

/** Why `side` may not put `piece` with its centre at `at`, turned `rotation`, if it may not. */
export function terrainPlaceProblem(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  piece: string,
  at: readonly [number, number],
  rotation: number,
): Problem | undefined {
  if (terrainRollPending(state))
    return {
      reason: 'roll off first: the higher roller places the first Forest',
      ruleId: 'TK-2.2',
    };
  const next = terrainToPlace(state);
  if (!next) return { reason: 'every terrain piece is already placed', ruleId: 'TK-2.2' };
  if (next.side !== side)
    return {
      reason: `${sideName(ctx, next.side!)} places the next terrain piece (${pieceLabel(ctx, next.id)}), not ${sideName(ctx, side)}`,
      ruleId: 'TK-2.2',
    };
  if (next.id !== piece)
    return {
      reason: `the piece to place now is ${pieceLabel(ctx, next.id)}, not ${pieceLabel(ctx, piece)}`,
      ruleId: 'TK-2.2',
    };
  const pool = poolPiece(ctx, piece)!;
  const [x, y] = at;
  if (!Number.isFinite(x) || !Number.isFinite(y) || !Number.isFinite(rotation))
    return {
      reason: `(${x}, ${y}) turned ${rotation}° is no place on the table`,
      ruleId: 'TK-2.3',
    };
  if (x < 0 || y < 0 || x > ctx.table.width || y > ctx.table.height)
    return {
      reason: `(${x.toFixed(1)}, ${y.toFixed(1)}) is off the ${ctx.table.width}" × ${ctx.table.height}" table`,
      ruleId: 'TK-2.3',
    };
  const ma = ctx.rules.arrow.total;
  const poly = pieceOutlineAt(pool, at, rotation);
  const edge = nearestEdge(ctx, poly);
  if (edge.gap < ma - 1e-9)
    return {
      reason: `${pieceLabel(ctx, piece)} would lie ${Math.max(0, edge.gap).toFixed(1)}" from the ${edge.edge} edge; terrain stays at least one Measuring Arrow (${ma}") from every table edge`,
      ruleId: 'TK-2.3',
    };
  const box = boxOf(poly);
  for (const other of [...ctx.terrain.pieces, ...placedTerrain(ctx, state)]) {
    // Boxes an arrow apart hold outlines at least as far apart: no need to measure.
    const dx = Math.max(0, other.box.minX - box.maxX, box.minX - other.box.maxX);
    const dy = Math.max(0, other.box.minY - box.maxY, box.minY - other.box.maxY);
    if (Math.hypot(dx, dy) >= ma) continue;
    const gap = polygonsOverlap(poly, other.polygon) ? 0 : polygonDistance(poly, other.polygon);
    if (gap < ma - 1e-9)
      return {
        reason: `${pieceLabel(ctx, piece)} would lie ${gap.toFixed(1)}" from ${other.name}; terrain pieces stay at least one Measuring Arrow (${ma}") apart`,
        ruleId: 'TK-2.3',
      };
  }
  for (const m of Object.values(state.models)) {
    if (!inPlay(m)) continue;
    const print = outline(footprint(ctx, m));
    const b = boxOf(print);
    if (b.minX > box.maxX || b.maxX < box.minX || b.minY > box.maxY || b.maxY < box.minY) continue;
    if (polygonsOverlap(poly, print))
      return {
        reason: `${pieceLabel(ctx, piece)} would cover ${ctx.models.get(m.id)?.name ?? m.id}, which the scenario has already put on the table`,
        ruleId: 'TK-2.2',
      };
  }
  return undefined;
}

/**
 * Where the bot puts the piece to place now, and where a pass leaves it: cover for its own side,
 * as close to the edge it deploys from as TK-2.3 allows, in line with the objectives the scenario
 * places (else the middle of that edge), turned as it stands or a quarter for a building when
 * that fits better. Undefined when no spot on the table keeps one Measuring Arrow clear.
 */
export function defaultTerrainSpot(
  ctx: TanksContext,
  state: TanksState,
): { at: [number, number]; rotation: number } | undefined {
  const next = terrainToPlace(state);
  if (!next?.side) return undefined;
  const pool = poolPiece(ctx, next.id)!;
  const zone = ctx.zones.get(next.side)?.find((z) => z.shape === 'edgeStrip');
  const edge = zone?.shape === 'edgeStrip' ? zone.edge : undefined;
  const { width: w, height: h } = ctx.table;
  const marks = ctx.objectives.flatMap((o) =>
    o.area?.shape === 'point' ? [o.area.at] : o.area?.shape === 'circle' ? [o.area.center] : [],
  );
  const mean = (k: 0 | 1, fallback: number) =>
    marks.length ? marks.reduce((s, m) => s + m[k], 0) / marks.length : fallback;
  const score = (x: number, y: number): number => {
    switch (edge) {
      case 'north':
        return y + 0.3 * Math.abs(x - mean(0, w / 2));
      case 'south':
        return h - y + 0.3 * Math.abs(x - mean(0, w / 2));
      case 'west':
        return x + 0.3 * Math.abs(y - mean(1, h / 2));
      case 'east':
        return w - x + 0.3 * Math.abs(y - mean(1, h / 2));
      case undefined:
        return Math.hypot(x - mean(0, w / 2), y - mean(1, h / 2));
    }
  };
  const turns = pool.type === 'building' ? [next.rotation, next.rotation + 90] : [next.rotation];
  // Every half-inch spot where the turned piece's box keeps an arrow from the edges (its
  // outline's extremes are its box's), best first; the first that TK-2.3 allows wins.
  const ma = ctx.rules.arrow.total;
  const spots: { x: number; y: number; rotation: number; s: number }[] = [];
  for (const rotation of turns) {
    const b = boxOf(pieceOutlineAt(pool, [0, 0], rotation));
    for (let y = 0.5; y < h; y += 0.5) {
      if (y + b.minY < ma - 1e-9 || y + b.maxY > h - ma + 1e-9) continue;
      for (let x = 0.5; x < w; x += 0.5) {
        if (x + b.minX < ma - 1e-9 || x + b.maxX > w - ma + 1e-9) continue;
        spots.push({ x, y, rotation, s: score(x, y) });
      }
    }
  }
  // Equal scores keep the piece as it is turned now (the sort is stable).
  spots.sort((a, b) => a.s - b.s);
  for (const { x, y, rotation } of spots)
    if (!terrainPlaceProblem(ctx, state, next.side, next.id, [x, y], rotation))
      return { at: [x, y], rotation };
  return undefined;
}
