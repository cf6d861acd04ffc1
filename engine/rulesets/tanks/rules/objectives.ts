import type { Objective, Shape } from '../../../format';
import { pointInPolygon } from '../../../geometry/polygon';
import { tablePoint } from '../../../geometry/units';
import type { TanksContext } from './context';
import { enemyOf, sideName } from './context';
import { inShape, zonesOf } from './deployment';
import type { Refusal } from './movement';
import { terrainNow } from './sight';
import type { TanksState } from './state';

/**
 * Objective tokens placed by the players (TK-9). A scenario playing Free-for-All or No Retreat
 * that gives an objective no position leaves it to the players: before anyone deploys (after the
 * Defender's choice of edge, TK-2.4), or before turn 1 when every model starts on the table, the
 * tokens are placed one at a time, in Free-for-All the
 * Attacker's first and then the Defender's, in No Retreat all by the Attacker, each within one
 * Measuring Arrow of the opponent's table edge (the strip the opponent deploys in). Terrain is no
 * bar (TK-A24). Objectives the scenario places stay where it puts them.
 */

/** The objective tokens to place, in placing order, with the side that places each. */
export function objectivePlacementOrder(
  ctx: TanksContext,
  attacker: string,
): { readonly id: string; readonly side: string }[] {
  const defender = enemyOf(ctx, attacker);
  const open = ctx.unplacedObjectives;
  if (!open.length) return [];
  if (ctx.mission?.placedBy === 'attacker') return open.map((o) => ({ id: o.id, side: attacker }));
  // Free-for-All: each side places its own token (its owner; else the Attacker takes the first),
  // the Attacker first.
  const sideOf = (o: Objective, i: number) =>
    o.owner && ctx.sides.includes(o.owner) ? o.owner : i === 0 ? attacker : defender;
  const all = open.map((o, i) => ({ id: o.id, side: sideOf(o, i) }));
  return [...all.filter((x) => x.side === attacker), ...all.filter((x) => x.side !== attacker)];
}

/** The token to place now and who places it, while the players place objectives. */
export function objectiveToPlace(
  state: TanksState,
): { readonly id: string; readonly side: string } | undefined {
  return state.placedObjectives?.find((p) => p.at === null);
}

/** Every objective on the table now: the scenario's own and those the players have placed. */
export function objectivesOf(ctx: TanksContext, state: TanksState): readonly Objective[] {
  const placed = state.placedObjectives;
  if (!placed) return ctx.objectives;
  const out: Objective[] = [...ctx.objectives];
  for (const p of placed) {
    const o = ctx.unplacedObjectives.find((x) => x.id === p.id);
    if (!o || !p.at) continue;
    out.push({ ...o, owner: o.owner ?? p.side, area: { shape: 'point', at: [p.at[0], p.at[1]] } });
  }
  return out;
}

/** Where `side` may put its token: the strip within one Measuring Arrow of the opponent's edge. */
export function objectiveZone(
  ctx: TanksContext,
  state: TanksState,
  side: string,
): Shape | undefined {
  const strip = zonesOf(ctx, state, enemyOf(ctx, side)).find((z) => z.shape === 'edgeStrip');
  if (!strip || strip.shape !== 'edgeStrip') return undefined;
  return { shape: 'edgeStrip', edge: strip.edge, depth: ctx.rules.arrow.total };
}

/** Why `side` may not put the token to place now at `at`, if it may not (TK-9). */
export function objectivePlaceProblem(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  objective: string,
  at: readonly [number, number],
): Refusal | undefined {
  const next = objectiveToPlace(state);
  if (!next) return { reason: 'every objective token is already placed', ruleId: 'TK-9' };
  if (next.side !== side)
    return {
      reason: `${sideName(ctx, next.side)} places the next objective token, not ${sideName(ctx, side)}`,
      ruleId: 'TK-9',
    };
  if (next.id !== objective)
    return {
      reason: `the token to place now is ${objectiveLabel(ctx, next.id)}, not ${objectiveLabel(ctx, objective)}`,
      ruleId: 'TK-9',
    };
  const [x, y] = at;
  if (!Number.isFinite(x) || !Number.isFinite(y) || x < 0 || y < 0)
    return { reason: `(${x}, ${y}) is off the table`, ruleId: 'TK-9' };
  if (x > ctx.table.width || y > ctx.table.height)
    return {
      reason: `(${x.toFixed(1)}, ${y.toFixed(1)}) is off the ${ctx.table.width}" × ${ctx.table.height}" table`,
      ruleId: 'TK-9',
    };
  const zone = objectiveZone(ctx, state, side);
  const opp = sideName(ctx, enemyOf(ctx, side));
  if (!zone) return { reason: `${opp} has no table edge to measure from`, ruleId: 'TK-9' };
  if (!inShape(tablePoint(x, y), zone, ctx.table)) {
    const edge = zone.shape === 'edgeStrip' ? zone.edge : '';
    const gap =
      edge === 'north'
        ? y
        : edge === 'south'
          ? ctx.table.height - y
          : edge === 'west'
            ? x
            : ctx.table.width - x;
    return {
      reason: `the token must lie within one Measuring Arrow (${ctx.rules.arrow.total}") of ${opp}'s ${edge} edge; this spot is ${gap.toFixed(1)}" from it`,
      ruleId: 'TK-9',
    };
  }
  return undefined;
}

/**
 * A sound spot for the token to place now, as the bot places it and as a pass leaves it: half a
 * Measuring Arrow in from the opponent's edge, as near the middle of that edge as possible, not
 * inside terrain a tank cannot enter (so the placer's tanks can stand on it), and at least one
 * Measuring Arrow from the tokens already placed (two tokens stretch a defence).
 */
export function defaultObjectiveSpot(
  ctx: TanksContext,
  state: TanksState,
): [number, number] | undefined {
  const next = objectiveToPlace(state);
  if (!next) return undefined;
  const zone = objectiveZone(ctx, state, next.side);
  if (!zone || zone.shape !== 'edgeStrip') return undefined;
  const ma = ctx.rules.arrow.total;
  const alongEdge = zone.edge === 'north' || zone.edge === 'south';
  const len = alongEdge ? ctx.table.width : ctx.table.height;
  const depth = ma / 2;
  const at = (along: number): [number, number] => {
    switch (zone.edge) {
      case 'north':
        return [along, depth];
      case 'south':
        return [along, ctx.table.height - depth];
      case 'west':
        return [depth, along];
      case 'east':
        return [ctx.table.width - depth, along];
    }
  };
  const placed = objectivesOf(ctx, state).flatMap((o) =>
    o.area?.shape === 'point' ? [o.area.at] : [],
  );
  const blocked = (p: [number, number]) =>
    terrainNow(ctx, state).some(
      (t) => t.impassableTo.has('tank') && pointInPolygon(tablePoint(p[0], p[1]), t.polygon),
    );
  let best: { p: [number, number]; score: number } | undefined;
  for (let along = 1; along < len; along += 0.5) {
    const p = at(along);
    if (blocked(p)) continue;
    const near = placed.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < ma);
    const score = Math.abs(along - len / 2) + (near ? len : 0);
    if (!best || score < best.score) best = { p, score };
  }
  return best?.p ?? at(len / 2);
}

/**
 * An objective as players name it: its name, else "objective token" and its number among the
 * scenario's objectives, never its id.
 */
export function objectiveLabel(ctx: TanksContext, id: string): string {
  const all = [...ctx.objectives, ...ctx.unplacedObjectives];
  const i = all.findIndex((o) => o.id === id);
  return all[i]?.name ?? (i >= 0 ? `objective token ${i + 1}` : 'an objective token');
}
