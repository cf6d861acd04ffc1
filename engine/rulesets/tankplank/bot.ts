import type { BotStyle, SideTurn } from '../../game/gameDef';
import { SideTurnBuilder } from '../../game/sideTurn';
import { fireAll } from './botFire';
import { moveAll } from './botMove';
import { sidePlan } from './botPlan';
import type { TankplankAction, TankplankEvent } from './rules/actions';
import type { TankplankContext } from './rules/context';
import { tankplankReducer } from './rules/reducer';
import type { TankplankState } from './rules/state';
import { overlappedModel } from './rules/standing';
import type { Point } from '../../format';

/**
 * The Tankplank bot, deterministic and played through the reducer, so it can only do what the
 * rules allow. It plays to win: it takes its objective (carries squads and a radio team there,
 * clears out the enemy, holds it) and denies the enemy's (heavy weapons and guns set up in the
 * home ground). A style per side sets how far forward it goes and what it shoots first:
 * cautious keeps a squad home and stands off; aggressive sends everything in.
 */
export function botPhase(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  style: BotStyle = 'balanced',
): SideTurn<TankplankState, TankplankAction, TankplankEvent> {
  const reduce = tankplankReducer(ctx);
  const turn = new SideTurnBuilder(reduce, state);
  const apply = (a: TankplankAction): boolean => {
    if (turn.apply(a)) return true;
    const short = a.type === 'move' ? stopShort(ctx, turn.state, a, reduce) : undefined;
    if (short) turn.record(short.action, short.state, short.events);
    return short !== undefined;
  };
  const s = () => turn.state;
  if (state.phase === 'movement' || state.phase === 'firing') {
    const plan = sidePlan(ctx, state, side, style);
    if (state.phase === 'movement') moveAll(ctx, s, plan, apply);
    else fireAll(ctx, s, plan, apply);
  }
  if (turn.state.phase !== 'ended') apply({ type: 'endPhase', side });
  return turn.done();
}

/**
 * A vehicle whose move would end on top of another (TP-5.9) stops short along the same path, as a
 * driver queues behind the vehicle in front; undefined when the move was refused for another
 * reason or no shorter move is allowed.
 */
function stopShort(
  ctx: TankplankContext,
  state: TankplankState,
  a: Extract<TankplankAction, { type: 'move' }>,
  reduce: ReturnType<typeof tankplankReducer>,
):
  | { state: TankplankState; action: TankplankAction; events: readonly TankplankEvent[] }
  | undefined {
  const u = state.units.get(a.unit);
  const last = a.path[a.path.length - 1];
  if (!u || !last) return undefined;
  const points: Point[] = u.at ? [[u.at[0], u.at[1]], ...a.path] : [...a.path];
  const endFacing = a.facing ?? facingAlong(points, u.facing);
  if (!overlappedModel(ctx, state, a.unit, last, endFacing)) return undefined;
  const lengths = points
    .slice(1)
    .map((p, k) => Math.hypot(p[0] - points[k]![0], p[1] - points[k]![1]));
  const total = lengths.reduce((x, y) => x + y, 0);
  let tries = 0;
  for (let back = STEP; back < total && tries < MAX_TRIES; back += STEP) {
    const path = cutPath(points, lengths, total - back);
    const end = path[path.length - 1]!;
    // Only ask the reducer (path costs, terrain) once the stop is clear of every hull.
    if (overlappedModel(ctx, state, a.unit, end, a.facing ?? facingAlong(path, u.facing))) continue;
    tries++;
    const tried: TankplankAction = {
      type: 'move',
      unit: a.unit,
      path: u.at ? path.slice(1) : path,
      ...(a.facing !== undefined ? { facing: a.facing } : {}),
    };
    if (tried.path.length === 0) break;
    const r = reduce(state, tried);
    if (r.ok) return { state: r.state, action: tried, events: r.events };
  }
  return undefined;
}

/** How far back each retry stops, in inches, and how many clear stops are tried at most. */
const STEP = 0.25;
const MAX_TRIES = 4;

function facingAlong(points: readonly Point[], otherwise: number): number {
  const a = points[points.length - 2];
  const b = points[points.length - 1];
  if (!a || !b || (a[0] === b[0] && a[1] === b[1])) return otherwise;
  return (Math.atan2(b[1] - a[1], b[0] - a[0]) * 180) / Math.PI;
}

/** The first `keep` inches of a polyline. */
function cutPath(points: readonly Point[], lengths: readonly number[], keep: number): Point[] {
  const out: Point[] = [points[0]!];
  let left = keep;
  for (let k = 0; k < lengths.length; k++) {
    const len = lengths[k]!;
    const from = points[k]!;
    const to = points[k + 1]!;
    if (left >= len) {
      out.push(to);
      left -= len;
      continue;
    }
    if (left > 1e-6) {
      const t = left / len;
      out.push([from[0] + (to[0] - from[0]) * t, from[1] + (to[1] - from[1]) * t]);
    }
    break;
  }
  return out;
}
