import type { Shape } from '../../../format';
import { pointInPolygon } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { TanksContext } from './context';
import { enemyOf, info, sideName } from './context';
import { footprintAt, outline } from './models';
import { placementProblem, type Refusal } from './movement';
import type { Elevation, TanksState } from './state';

/**
 * Deployment (TK-2.5 to TK-2.8): models come onto the table one at a time in the deployment order,
 * each wholly inside its side's deployment zone (the strip within one Measuring Arrow of its edge
 * that the scenario draws), on no impassable terrain and on no other model. A Spearhead model may
 * then make moves up to its Speed before the next model deploys.
 */

/** Whether a table point lies in a zone shape. */
export function inShape(
  p: TablePoint,
  s: Shape,
  table: { width: number; height: number },
): boolean {
  const e = 1e-6;
  switch (s.shape) {
    case 'rect':
      return (
        p.x >= s.x - e && p.y >= s.y - e && p.x <= s.x + s.width + e && p.y <= s.y + s.height + e
      );
    case 'circle':
      return Math.hypot(p.x - s.center[0], p.y - s.center[1]) <= s.radius + e;
    case 'polygon':
      return pointInPolygon(
        p,
        s.points.map(([x, y]) => tablePoint(x, y)),
      );
    case 'edgeStrip': {
      const along = s.edge === 'north' || s.edge === 'south' ? p.x : p.y;
      const len = s.edge === 'north' || s.edge === 'south' ? table.width : table.height;
      if (along < (s.from ?? 0) - e || along > (s.to ?? len) + e) return false;
      const depth =
        s.edge === 'north'
          ? p.y
          : s.edge === 'south'
            ? table.height - p.y
            : s.edge === 'west'
              ? p.x
              : table.width - p.x;
      return depth >= -e && depth <= s.depth + e;
    }
    case 'point':
    case 'hexes':
      return false;
  }
}

/**
 * The two edges the Defender chooses between (TK-2.4), side by side: offered when the scenario
 * leaves the choice open (models to deploy, no fixed deployment order, each side one zone along
 * opposite edges). Undefined when the scenario fixes the edges.
 */
export function edgeChoices(
  ctx: TanksContext,
): { readonly side: string; readonly edge: string }[] | undefined {
  if (ctx.scenario.deployment.order?.length) return undefined;
  if (![...ctx.models.values()].some((m) => !m.start)) return undefined;
  const out: { side: string; edge: string }[] = [];
  for (const side of ctx.sides) {
    const z = ctx.zones.get(side);
    if (z?.length !== 1 || z[0]!.shape !== 'edgeStrip') return undefined;
    out.push({ side, edge: z[0]!.edge });
  }
  const pair = new Set(out.map((o) => o.edge));
  const opposite =
    (pair.has('north') && pair.has('south')) || (pair.has('east') && pair.has('west'));
  return out.length === 2 && opposite ? out : undefined;
}

/** A side's deployment zones, after the Defender's choice of edge (TK-2.4). */
export function zonesOf(ctx: TanksContext, state: TanksState, side: string): readonly Shape[] {
  const own = state.edgeChoice === 'swapped' ? enemyOf(ctx, side) : side;
  return ctx.zones.get(own) ?? [];
}

/** Why a model cannot be deployed at a place, if it cannot. */
export function deployProblem(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  at: readonly [number, number],
  facing: number,
  elevation: Elevation | undefined,
): Refusal | undefined {
  const i = info(ctx, unit);
  if (i.card.kind === 'tank' && elevation !== undefined)
    return { reason: `${i.name} is a tank: only helicopters fly high or low`, ruleId: 'TK-4.8' };
  const zones = zonesOf(ctx, state, i.side);
  const pts = outline(footprintAt(ctx, unit, at, facing));
  if (!zones.some((z) => pts.every((p) => inShape(p, z, ctx.table))))
    return {
      reason: `${i.name} must be placed wholly inside ${sideName(ctx, i.side)}'s deployment zone, within one Measuring Arrow of its edge`,
      ruleId: i.card.kind === 'tank' ? 'TK-2.6' : 'TK-2.7',
    };
  const mover =
    i.card.kind === 'tank'
      ? 'tank'
      : (elevation ?? 'low') === 'high'
        ? 'highHelicopter'
        : 'lowHelicopter';
  return placementProblem(ctx, state, unit, { at, facing }, mover);
}

/** A facing towards the table's middle from a zone, for planners that place a model. */
export function facingInto(ctx: TanksContext, at: readonly [number, number]): number {
  const dx = ctx.table.width / 2 - at[0];
  const dy = ctx.table.height / 2 - at[1];
  // Square to the nearest edge: straight across the table.
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 0 : 180;
  return dy > 0 ? 90 : 270;
}

/**
 * Where a model goes when its player ends the phase without placing it (a silent player, or a
 * person who leaves the placing to the rules): the legal place in its side's zone nearest the
 * table's middle, facing into the table, found on a 1.5" grid. Undefined when the zone has no
 * room left for it.
 */
export function defaultDeployment(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
): { readonly at: [number, number]; readonly facing: number } | undefined {
  const zones = zonesOf(ctx, state, info(ctx, unit).side);
  const mid = { x: ctx.table.width / 2, y: ctx.table.height / 2 };
  let best: { at: [number, number]; facing: number; d: number } | undefined;
  for (let x = 0.75; x < ctx.table.width; x += 1.5)
    for (let y = 0.75; y < ctx.table.height; y += 1.5) {
      if (!zones.some((z) => inShape(tablePoint(x, y), z, ctx.table))) continue;
      const d = Math.hypot(x - mid.x, y - mid.y);
      if (best && d >= best.d) continue;
      const at: [number, number] = [x, y];
      const facing = facingInto(ctx, at);
      if (deployProblem(ctx, state, unit, at, facing, undefined)) continue;
      best = { at, facing, d };
    }
  return best && { at: best.at, facing: best.facing };
}
