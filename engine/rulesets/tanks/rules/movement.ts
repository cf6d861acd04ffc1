import { boxOf, pointInPolygon, type Box } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { angleBetween } from '../../../geometry/vector';
import type { TanksContext } from './context';
import { info } from './context';
import {
  capsulePolygonOverlap,
  discPolygonOverlap,
  footprintsOverlap,
  hullSweep,
  polygonsOverlap,
  type Footprint,
} from './geometry';
import {
  footprint,
  footprintAt,
  footprintBox,
  hasKeyword,
  inPlay,
  isHelicopter,
  outline,
  speedOf,
} from './models';
import { terrainNow } from './sight';
import type { Elevation, ModelState, TanksState } from './state';
import type { Mover, TerrainPiece } from './terrain';

/**
 * Moving models (TK-4). A tank move lays the Measuring Arrow against the hull and slides the tank
 * up to the Tail's length along it, ending square to the arrow (TK-4.3, TK-A9); a helicopter
 * slides up to the whole arrow and may end at any facing (TK-4.4). The region swept on the way may
 * not cross terrain the model cannot enter, nor (for tanks) other tanks and wrecks (TK-4.10,
 * TK-A16); no model may end on a helicopter base, nor a helicopter on a tank (TK-4.9). A move is
 * given as a heading, a distance and a final facing; the planner shortens one that would run into
 * impassable terrain or a tank to just short of the first thing it meets (TK-4.10).
 */

export interface Refusal {
  readonly reason: string;
  readonly ruleId: string;
}

/** A place and facing a model would end at. */
export interface Placement {
  readonly at: readonly [number, number];
  readonly facing: number;
}

const EPS = 1e-6;

export const endOfMove = (
  from: readonly [number, number],
  heading: number,
  distance: number,
): [number, number] => {
  const r = (heading * Math.PI) / 180;
  return [from[0] + Math.cos(r) * distance, from[1] + Math.sin(r) * distance];
};

/** The longest a single move may be: the Tail for tanks, the whole arrow for helicopters. */
export function moveLength(ctx: TanksContext, unit: string): number {
  return isHelicopter(ctx, unit) ? ctx.rules.arrow.total : ctx.rules.arrow.tail;
}

/** Facings a tank may end a move at (TK-A9): along the arrow, back along it, or across it. */
export function squareFacings(heading: number): number[] {
  return [0, 90, 180, 270].map((k) => (((heading + k) % 360) + 360) % 360);
}

/** The footprint lies wholly on the table. */
export function onTable(ctx: TanksContext, f: Footprint): boolean {
  const pts = f.shape === 'hull' ? f.corners : [];
  if (f.shape === 'disc')
    return (
      f.centre.x - f.radius >= -EPS &&
      f.centre.y - f.radius >= -EPS &&
      f.centre.x + f.radius <= ctx.table.width + EPS &&
      f.centre.y + f.radius <= ctx.table.height + EPS
    );
  return pts.every(
    (p) =>
      p.x >= -EPS && p.y >= -EPS && p.x <= ctx.table.width + EPS && p.y <= ctx.table.height + EPS,
  );
}

function overlapsPiece(f: Footprint, p: TerrainPiece): boolean {
  if (apart(boxOfFootprint(f), p.box)) return false;
  return f.shape === 'hull'
    ? polygonsOverlap(f.corners, p.polygon)
    : discPolygonOverlap(f.centre, f.radius, p.polygon);
}

/** The box around a footprint. */
function boxOfFootprint(f: Footprint): Box {
  return f.shape === 'hull'
    ? boxOf(f.corners)
    : {
        minX: f.centre.x - f.radius,
        minY: f.centre.y - f.radius,
        maxX: f.centre.x + f.radius,
        maxY: f.centre.y + f.radius,
      };
}

/**
 * Two boxes with a gap between them: nothing inside one can share area with, or touch, anything
 * inside the other, so the exact tests can be skipped.
 */
const apart = (a: Box, b: Box): boolean =>
  a.maxX < b.minX || b.maxX < a.minX || a.maxY < b.minY || b.maxY < a.minY;

/** Where a model may stand: on the table, off impassable terrain, on no other model. */
export function placementProblem(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  place: Placement,
  mover: Mover,
): Refusal | undefined {
  const f = footprintAt(ctx, unit, place.at, place.facing);
  const name = info(ctx, unit).name;
  if (!onTable(ctx, f))
    return { reason: `${name} would stand partly off the table`, ruleId: 'TK-2.1' };
  for (const p of terrainNow(ctx, state)) {
    if (!p.impassableTo.has(mover) || !overlapsPiece(f, p)) continue;
    return {
      reason: `${name} cannot end on ${p.name} (${p.typeName}): it is impassable to ${moverWords(mover)}`,
      ruleId: p.id.startsWith('wreck:') ? 'TK-7' : 'TK-4.10',
    };
  }
  const heli = isHelicopter(ctx, unit);
  for (const o of Object.values(state.models)) {
    if (o.id === unit || !inPlay(o)) continue;
    const of = footprint(ctx, o);
    if (!footprintsOverlap(f, of)) continue;
    const other = info(ctx, o.id);
    if (other.card.kind === 'helicopter')
      return {
        reason: `${name} may pass through ${other.name}'s base but not end on it`,
        ruleId: 'TK-4.9',
      };
    return heli
      ? { reason: `${name}'s base may not end touching ${other.name}`, ruleId: 'TK-4.9' }
      : { reason: `${name} cannot end on ${other.name}`, ruleId: 'TK-A16' };
  }
  return undefined;
}

export function moverWords(m: Mover): string {
  return m === 'tank'
    ? 'tanks'
    : m === 'lowHelicopter'
      ? 'low-flying helicopters'
      : 'high-flying helicopters';
}

/** What a move runs into first, and how far along the arrow it meets it. */
export interface Obstruction extends Refusal {
  /** Inches along the arrow the model slides before it would touch it. */
  readonly at: number;
  /** The obstacle's name: a terrain piece ("House", "Building 2"), a wreck or a model. */
  readonly name: string;
}

/**
 * The first thing a move runs into (TK-4.10, TK-A16). The model is set square to the arrow where
 * it stands (TK-A9) and slides along it to the end: an obstacle counts when the region that slide
 * sweeps shares area with it, and it is met where the slide first touches it. An obstacle the
 * model already overlaps once set to its new facing blocks only if it still overlaps at the end,
 * so a model can always move away from what it stands against. The nearest obstacle is the one
 * named.
 */
export function firstObstruction(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  from: readonly [number, number],
  heading: number,
  distance: number,
  facing: number,
  mover: Mover,
): Obstruction | undefined {
  const name = info(ctx, unit).name;
  const at = (t: number) => footprintAt(ctx, unit, endOfMove(from, heading, t), facing);
  const start = at(0);
  const end = at(distance);
  // Every place along the slide lies inside the box around its two ends.
  const a = boxOfFootprint(start);
  const b = boxOfFootprint(end);
  const slide: Box = {
    minX: Math.min(a.minX, b.minX),
    minY: Math.min(a.minY, b.minY),
    maxX: Math.max(a.maxX, b.maxX),
    maxY: Math.max(a.maxY, b.maxY),
  };
  const sweeps = (b: Footprint, poly: readonly TablePoint[]): boolean => {
    if (start.shape === 'disc' && b.shape === 'disc')
      return capsulePolygonOverlap(start.centre, b.centre, start.radius, poly);
    if (start.shape === 'hull' && b.shape === 'hull')
      return polygonsOverlap(hullSweep(start.corners, b.corners), poly);
    return false;
  };
  /** Where along the slide the polygon is first touched, or undefined when it is not. */
  const metAt = (poly: readonly TablePoint[]): number | undefined => {
    if (footOverlaps(start, poly)) return footOverlaps(end, poly) ? 0 : undefined;
    if (!sweeps(end, poly)) return undefined;
    let lo = 0;
    let hi = distance;
    for (let i = 0; i < 30; i++) {
      const mid = (lo + hi) / 2;
      if (sweeps(at(mid), poly)) hi = mid;
      else lo = mid;
    }
    return lo;
  };
  let best: Obstruction | undefined;
  const consider = (t: number | undefined, o: Omit<Obstruction, 'at'>) => {
    if (t !== undefined && (!best || t < best.at - EPS)) best = { ...o, at: t };
  };
  for (const p of terrainNow(ctx, state)) {
    if (!p.impassableTo.has(mover) || apart(slide, p.box)) continue;
    const t = metAt(p.polygon);
    if (t === undefined) continue;
    consider(t, {
      name: p.name,
      reason:
        t < 0.05
          ? `${name} stands against ${p.name} (${p.typeName}) and cannot move that way: it is impassable to ${moverWords(mover)}`
          : `${name}'s move meets ${p.name} (${p.typeName}) after ${t.toFixed(1)}" along the arrow: it is impassable to ${moverWords(mover)}`,
      ruleId: p.id.startsWith('wreck:') ? 'TK-7' : 'TK-4.10',
    });
  }
  if (mover === 'tank' && !ctx.rules.options.bool('TK-A16')) {
    for (const o of Object.values(state.models)) {
      if (o.id === unit || !inPlay(o) || isHelicopter(ctx, o.id)) continue;
      const of = footprint(ctx, o);
      if (of.shape !== 'hull' || apart(slide, footprintBox(ctx, o))) continue;
      const t = metAt(of.corners);
      const other = info(ctx, o.id).name;
      consider(t, {
        name: other,
        reason: `${name}'s move runs into ${other}${t !== undefined && t >= 0.05 ? ` after ${t.toFixed(1)}" along the arrow` : ''}; tanks may not move through other tanks`,
        ruleId: 'TK-A16',
      });
    }
  }
  return best;
}

function footOverlaps(f: Footprint, poly: readonly TablePoint[]): boolean {
  return f.shape === 'hull'
    ? polygonsOverlap(f.corners, poly)
    : discPolygonOverlap(f.centre, f.radius, poly);
}

/** The way from one place to another: the first thing it runs into that it may not cross. */
export function pathProblem(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  from: Placement,
  to: Placement,
  mover: Mover,
): Refusal | undefined {
  const dx = to.at[0] - from.at[0];
  const dy = to.at[1] - from.at[1];
  const distance = Math.hypot(dx, dy);
  const heading = distance > EPS ? (Math.atan2(dy, dx) * 180) / Math.PI : to.facing;
  const hit = firstObstruction(ctx, state, unit, from.at, heading, distance, to.facing, mover);
  return hit ? { reason: hit.reason, ruleId: hit.ruleId } : undefined;
}

/** Whether a move touches terrain: starts in it, ends in it or (TK-A14) passes through it. */
export function touchesTerrain(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  from: Placement,
  to: Placement,
): string | undefined {
  const a = footprintAt(ctx, unit, from.at, from.facing);
  const b = footprintAt(ctx, unit, to.at, to.facing);
  const through = ctx.rules.options.str('TK-A14') === 'enterLeaveOrCross';
  for (const p of terrainNow(ctx, state)) {
    if (overlapsPiece(a, p) || overlapsPiece(b, p)) return p.name;
    if (!through) continue;
    const sweep =
      a.shape === 'hull' && b.shape === 'hull'
        ? polygonsOverlap(hullSweep(a.corners, b.corners), p.polygon)
        : a.shape === 'disc' && b.shape === 'disc'
          ? capsulePolygonOverlap(a.centre, b.centre, a.radius, p.polygon)
          : false;
    if (sweep) return p.name;
  }
  return undefined;
}

/** The mover class a helicopter has after a move that may change its elevation. */
export function moverAfter(
  ctx: TanksContext,
  m: ModelState,
  elevation: Elevation | undefined,
): Mover {
  if (!isHelicopter(ctx, m.id)) return 'tank';
  return (elevation ?? m.elevation) === 'high' ? 'highHelicopter' : 'lowHelicopter';
}

/** Why a model may not make another move now, if it may not (its turn is checked elsewhere). */
export function anotherMoveProblem(
  ctx: TanksContext,
  state: TanksState,
  m: ModelState,
): Refusal | undefined {
  const name = info(ctx, m.id).name;
  const speed = speedOf(ctx, state, m.id);
  if (m.defensive)
    return { reason: `${name} took Defensive Measures instead of moving`, ruleId: 'TK-4.7' };
  if (m.switchedInPlace)
    return {
      reason: `${name} changed elevation standing still; that was its move`,
      ruleId: 'TK-4.8',
    };
  if (m.wheeledStop)
    return {
      reason: `${name} is Wheeled and moved into or out of terrain: one move only this turn`,
      ruleId: 'TK-4.11',
    };
  if (m.moves >= speed)
    return {
      reason: `${name} has made all ${speed} of its moves (Speed ${speed})`,
      ruleId: 'TK-4.2',
    };
  return undefined;
}

export interface MoveOutcome {
  readonly to: [number, number];
  readonly facing: number;
  readonly elevation: Elevation | null;
  readonly elevationChanged: boolean;
  readonly wheeledStop: boolean;
}

/**
 * Checks one move (heading, distance, facing, a helicopter's new elevation) of a model whose turn
 * it is, against everything but the turn order: moves left, the arrow's length, the final facing,
 * the swept path and the place it ends at.
 */
export function checkMove(
  ctx: TanksContext,
  state: TanksState,
  m: ModelState,
  heading: number,
  distance: number,
  facing: number,
  elevation: Elevation | undefined,
): MoveOutcome | Refusal {
  const name = info(ctx, m.id).name;
  const again = anotherMoveProblem(ctx, state, m);
  if (again) return again;
  const heli = isHelicopter(ctx, m.id);
  const max = moveLength(ctx, m.id);
  if (distance < 0) return { reason: 'a move cannot be a negative distance', ruleId: 'TK-4.3' };
  if (distance > max + EPS)
    return {
      reason: `${name} moves at most ${max}" in one move (${heli ? 'the whole Measuring Arrow' : 'the Tail of the Measuring Arrow'}); ${distance.toFixed(2)}" asked`,
      ruleId: heli ? 'TK-4.4' : 'TK-4.3',
    };
  if (!heli && elevation !== undefined)
    return { reason: `${name} is a tank: only helicopters fly high or low`, ruleId: 'TK-4.8' };
  const elevationChanged = heli && elevation !== undefined && elevation !== m.elevation;
  if (elevationChanged && m.elevationSwitched)
    return { reason: `${name} has already changed elevation this turn`, ruleId: 'TK-4.8' };
  if (
    !heli &&
    distance > EPS &&
    ctx.rules.options.str('TK-A9') === 'squareToArrow' &&
    !squareFacings(heading).some((f) => Math.abs(angleBetween(f, facing)) < 0.01)
  )
    return {
      reason: `${name} must end square to the arrow: facing ${squareFacings(heading)
        .map((f) => `${Math.round(f)}°`)
        .join(', ')}, not ${Math.round(facing)}°`,
      ruleId: 'TK-A9',
    };
  const to = endOfMove(m.at!, heading, distance);
  const mover = moverAfter(ctx, m, elevation);
  const from: Placement = { at: m.at!, facing: m.facing };
  const place: Placement = { at: to, facing };
  const path = firstObstruction(ctx, state, m.id, m.at!, heading, distance, facing, mover);
  if (path) return { reason: path.reason, ruleId: path.ruleId };
  const end = placementProblem(ctx, state, m.id, place, mover);
  if (end) return end;
  let wheeledStop = false;
  if (hasKeyword(ctx, state, m.id, 'Wheeled') && distance > EPS) {
    const t = touchesTerrain(ctx, state, m.id, from, place);
    if (t && m.moves > 0)
      return {
        reason: `${name} is Wheeled: a move into or out of terrain (${t}) must be its only move this turn`,
        ruleId: 'TK-4.11',
      };
    wheeledStop = !!t;
  }
  return {
    to,
    facing: ((facing % 360) + 360) % 360,
    elevation: heli ? (elevation ?? m.elevation) : null,
    elevationChanged,
    wheeledStop,
  };
}

export const isRefusal = (r: object): r is Refusal => 'reason' in r;

/**
 * How far along a heading a move can go before it would run into what it may not cross (TK-4.10):
 * just short of the first obstruction (see {@link firstObstruction}), up to `upTo`, then stepped
 * back until the place it ends at is legal too. Undefined when not even a short move that way is
 * legal.
 */
export function longestMove(
  ctx: TanksContext,
  state: TanksState,
  m: ModelState,
  heading: number,
  facing: number,
  elevation: Elevation | undefined,
  upTo: number,
): number | undefined {
  const ok = (d: number) => !isRefusal(checkMove(ctx, state, m, heading, d, facing, elevation));
  if (ok(upTo)) return upTo;
  const mover = moverAfter(ctx, m, elevation);
  const hit = firstObstruction(ctx, state, m.id, m.at!, heading, upTo, facing, mover);
  // A hundredth of an inch short of where the slide would touch it.
  const first = hit ? Math.max(0, hit.at - 0.01) : upTo;
  for (let d = first; d > 0.05; d -= 0.05) if (ok(d)) return d;
  return ok(0) ? 0 : undefined;
}

/** A few moves to probe whether any real move is legal (Predator, TK-A17). */
export function someLegalMove(ctx: TanksContext, state: TanksState, m: ModelState): boolean {
  const len = moveLength(ctx, m.id);
  for (let k = 0; k < 16; k++) {
    const heading = k * 22.5;
    for (const d of [len, len / 2, len / 4]) {
      const facing = isHelicopter(ctx, m.id) ? m.facing : heading;
      if (!isRefusal(checkMove(ctx, state, m, heading, d, facing, undefined))) return true;
    }
  }
  return false;
}

/** The footprint outline of a model at a place, for the screen. */
export function outlineAt(
  ctx: TanksContext,
  unit: string,
  at: readonly [number, number],
  facing: number,
): TablePoint[] {
  return outline(footprintAt(ctx, unit, at, facing));
}

/** Whether a table point lies inside a model's footprint. */
export function pointOnModel(
  ctx: TanksContext,
  m: ModelState,
  p: readonly [number, number],
): boolean {
  const f = footprint(ctx, m);
  const q = tablePoint(p[0], p[1]);
  return f.shape === 'hull'
    ? pointInPolygon(q, f.corners)
    : Math.hypot(q.x - f.centre.x, q.y - f.centre.y) <= f.radius;
}
