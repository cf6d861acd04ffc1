/**
 * Moves nobody chooses, made at the start of a turn: units carrying out a morale result
 * (TP-15.4, TP-G11), and crews out of their wrecks heading for the rear, cover or a gun short of
 * men (TP-16.2, TP-16.6).
 */
import { type TankplankState, withFormation, withUnit } from './state';
import { pathCost } from '../../../movement/movementCost';
import { bearing, distance, lerpPoint, project } from '../../../geometry/vector';
import { routeField, routeFrom } from '../../../movement/routeField';
import { type TablePoint, tablePoint } from '../../../geometry/units';
import { constant } from './catalog';
import type { TankplankContext } from './context';
import { gunCrew } from './gunCrews';
import { hullIds, info, onTable, positionOf, seesBetween } from './situation';
import { isBoat } from './boats';
import { furthestLegal, moverFor } from './movement';
import { type Events, round } from './reduction';
import { shapeContains } from './zones';

/** Units carrying out a morale result move first, in place of their normal move (TP-15.4, TP-G11). */
export function forcedMoves(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
): TankplankState {
  let next = state;
  for (const [fid, f] of state.formations.entries()) {
    const order = f.morale;
    if (!order || order.movesLeft <= 0) continue;
    for (const u of next.units.list()) {
      if (u.formation !== fid || !onTable(u) || u.boat || isBoat(ctx, next, u.id)) continue;
      const from = tablePoint(u.at[0], u.at[1]);
      const goal =
        order.result === 'toCover' ? nearestCover(ctx, from) : homeEdgePoint(ctx, u.side, from);
      if (!goal) {
        next = withUnit(next, u.id, { moved: 1 });
        continue;
      }
      const { mover } = moverFor(ctx, next, u.id);
      const to = furthestLegal(ctx, mover, from, goal);
      const cost = pathCost(ctx.terrain, mover, [from, to]);
      next = withUnit(next, u.id, { at: [to.x, to.y], moved: 1, movedInches: cost.inches });
      events.push({
        type: 'UnitMoved',
        unit: u.id,
        from: [u.at[0], u.at[1]],
        to: [round(to.x), round(to.y)],
        inches: round(cost.inches),
        cost: round(Math.min(1, cost.cost)),
        rate: cost.rate,
        ruleIds: ['TP-15.4'],
        forced: order.result,
      });
    }
    next = withFormation(next, fid, { morale: { ...order, movesLeft: order.movesLeft - 1 } });
  }
  return next;
}

function homeEdgePoint(
  ctx: TankplankContext,
  side: string,
  from: TablePoint,
): TablePoint | undefined {
  const e = ctx.entryEdges.get(side);
  if (!e) return undefined;
  switch (e.edge) {
    case 'west':
      return tablePoint(0, from.y);
    case 'east':
      return tablePoint(ctx.map.width, from.y);
    case 'north':
      return tablePoint(from.x, 0);
    case 'south':
      return tablePoint(from.x, ctx.map.height);
  }
}

/**
 * Crews that bailed out of a wreck act on their own (TP-16.2): on their own bank they head for
 * the middle of their entry edge to regroup; across the creek they make for the nearest cover.
 */
export function crewBehaviour(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
): TankplankState {
  let next = state;
  for (const u of state.units.list()) {
    if (!u.spawned || !onTable(u) || u.moved >= 1) continue;
    const from = tablePoint(u.at[0], u.at[1]);
    const label = ctx.entryEdges.get(u.side)?.label;
    const bank = ctx.terrain
      .featuresAt(from)
      .map((e) => (e.feature.kind === 'ground' ? e.feature.bank : undefined))
      .find((b) => b !== undefined);
    const ownBank = bank === undefined || label === undefined || bank === label;
    let goal: TablePoint | undefined;
    let why: string;
    let ruleId = 'TP-16.2';
    const gun = gunNeedingCrew(ctx, next, u.id);
    if (gun) {
      // A tank or armoured-car crewman goes to an AT gun he sees short of crew (TP-16.6).
      if (gun.serving) continue;
      goal = gun.post;
      why = 'crewToGun';
      ruleId = 'TP-16.6';
    } else if (ownBank) {
      goal = regroupPoint(ctx, u.side, from);
      why = 'crewToRear';
    } else {
      const inCover = ctx.terrain
        .featuresAt(from, 0.3)
        .some((e) => e.rules.coverClass !== 'none' && e.feature.kind !== 'ground');
      goal = inCover ? undefined : nearestCover(ctx, from);
      why = 'crewToCover';
    }
    if (!goal || distance(from, goal) < 0.3) continue;
    const { mover } = moverFor(ctx, next, u.id);
    let path = [from, furthestLegal(ctx, mover, from, goal)];
    // A house or a high wall across the straight way: round it, by the way over the map.
    if (why === 'crewToRear' && distance(from, path[1]!) < 0.5 * Math.min(distance(from, goal), 1))
      path = roundabout(ctx, mover, from, goal) ?? path;
    const to = path[path.length - 1]!;
    if (distance(from, to) < 0.05) continue;
    const cost = pathCost(ctx.terrain, mover, path, next.gaps ?? []);
    next = withUnit(next, u.id, { at: [to.x, to.y], moved: 1, movedInches: cost.inches });
    events.push({
      type: 'UnitMoved',
      unit: u.id,
      from: [u.at[0], u.at[1]],
      to: [round(to.x), round(to.y)],
      inches: round(cost.inches),
      cost: round(Math.min(1, cost.cost)),
      rate: cost.rate,
      ruleIds: [ruleId],
      forced: why,
    });
  }
  return next;
}

/**
 * The friendly AT gun a bailed-out tank or armoured-car crewman goes to (TP-16.6): one he can see
 * that has fewer men at it than its full crew (or none). `serving` when he is already at it;
 * `post` is where he takes his place, beside the gun on his side of it.
 */
function gunNeedingCrew(
  ctx: TankplankContext,
  state: TankplankState,
  manId: string,
): { gun: string; serving: boolean; post: TablePoint } | undefined {
  const man = state.units.get(manId)!;
  const from = positionOf(state, manId);
  const vehicle = state.units.get(manId.split('.crew')[0]!);
  if (!from || !vehicle || vehicle.id === manId) return undefined;
  const kw = ctx.catalog.units.get(vehicle.type)?.keywords ?? [];
  if (!kw.includes('armoured') || kw.includes('personnelCarrier')) return undefined;
  const reach = constant(ctx.catalog, 'crewProximity');
  let best: { gun: string; serving: boolean; post: TablePoint; d: number } | undefined;
  // Guns are among the hulls (the record's vehicles and guns, in its order): the men on the
  // table, however many bailed out, are not looked at here.
  for (const id of hullIds(ctx, state)) {
    const g = state.units.get(id)!;
    if (!onTable(g) || g.side !== man.side || !g.alive) continue;
    const gi = info(ctx, state, g.id);
    if (gi.kind !== 'gun' || gi.type.keywords?.includes('artillery')) continue;
    const at = tablePoint(g.at[0], g.at[1]);
    const d = distance(from, at);
    // No farther gun can be the nearest one: skipped before its men are counted.
    if (best && best.d <= d) continue;
    const full = (gi.type.crew ?? []).reduce((n, c) => n + c.count, 0);
    const serving = d <= reach + 1e-9;
    // Who can serve it now; the man himself counts only once he is there.
    if (!serving && gunCrew(ctx, state, g.id, at) >= full) continue;
    if (
      !serving &&
      !seesBetween(ctx, state, { unit: manId, point: from }, { unit: g.id, point: at })
    )
      continue;
    const post = d > 0 ? project(at, bearing(at, from), reach * 0.8) : at;
    best = { gun: g.id, serving, post, d };
  }
  return best && { gun: best.gun, serving: best.serving, post: best.post };
}

/**
 * The part of the way over the map (the route field's, round houses and walls) from `from` to
 * `goal` a man covers in one move: whole legs while they fit, then as far along the next as he
 * gets. Undefined when the field has no way.
 */
function roundabout(
  ctx: TankplankContext,
  mover: ReturnType<typeof moverFor>['mover'],
  from: TablePoint,
  goal: TablePoint,
): TablePoint[] | undefined {
  const way = routeFrom(ctx.terrain, routeField(ctx.terrain, mover, goal), from, 0);
  if (way.length === 0) return undefined;
  const path = [from];
  const fits = (p: TablePoint) => {
    const c = pathCost(ctx.terrain, mover, [...path, p]);
    return c.legal && c.cost <= 1 + 1e-9;
  };
  for (const p of [...way, goal]) {
    if (distance(path[path.length - 1]!, p) < 1e-6) continue;
    if (fits(p)) {
      path.push(p);
      continue;
    }
    const last = path[path.length - 1]!;
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 8; k++) {
      const mid = (lo + hi) / 2;
      if (fits(lerpPoint(last, p, mid))) lo = mid;
      else hi = mid;
    }
    if (lo > 0) path.push(lerpPoint(last, p, lo));
    break;
  }
  return path.length > 1 ? path : undefined;
}

/** Per context and side: the regroup points never change during a game. */
const REGROUP = new WeakMap<TankplankContext, Map<string, readonly TablePoint[]>>();

/**
 * Where crews on their own bank regroup (TP-16.2): the point of their entry edge, half an inch in,
 * nearest its middle that lies outside every objective area with a man's width to spare, on
 * either side of the middle; a crew makes for the nearer of the two (`from`, where it stands), so
 * it does not cross an objective to get to the other. Without `from`, the one nearest the
 * middle. They go to the rear to regroup, not into a fight: on a map whose objectives touch the
 * entry edges (the village) the middle itself lies in the enemy's objective. The reading is
 * RULE_READINGS' TP-16.2 entry in interpretations.ts.
 */
export function regroupPoint(
  ctx: TankplankContext,
  side: string,
  from?: TablePoint,
): TablePoint | undefined {
  let bySide = REGROUP.get(ctx);
  if (!bySide) REGROUP.set(ctx, (bySide = new Map()));
  let points = bySide.get(side);
  if (!points) bySide.set(side, (points = findRegroupPoints(ctx, side)));
  if (!from || points.length < 2) return points[0];
  return distance(from, points[1]!) < distance(from, points[0]!) ? points[1] : points[0];
}

/** The nearest clear point to the edge's middle first, then the nearest on the other side. */
function findRegroupPoints(ctx: TankplankContext, side: string): TablePoint[] {
  const e = ctx.entryEdges.get(side);
  if (!e) return [];
  const across = e.edge === 'west' || e.edge === 'east';
  const along = across ? ctx.map.height : ctx.map.width;
  const lo = Math.max(INSET, e.from ?? 0);
  const hi = Math.min(along - INSET, e.to ?? along);
  const mid = ((e.from ?? 0) + (e.to ?? along)) / 2;
  const at = (a: number): TablePoint => {
    switch (e.edge) {
      case 'west':
        return tablePoint(INSET, a);
      case 'east':
        return tablePoint(ctx.map.width - INSET, a);
      case 'north':
        return tablePoint(a, INSET);
      case 'south':
        return tablePoint(a, ctx.map.height - INSET);
    }
  };
  const areas = ctx.objectives.flatMap((o) => (o.area ? [o.area] : []));
  const clear = (a: number) =>
    [a - SPARE, a, a + SPARE].every((b) =>
      areas.every((area) => !shapeContains(area, at(b), ctx.map)),
    );
  // Out from the middle a tenth of an inch at a time on each side.
  const nearest = (sign: number): { a: number; d: number } | undefined => {
    for (let d = 0; d <= along; d += 0.1) {
      const a = mid + sign * d;
      if (a < lo - 1e-9 || a > hi + 1e-9) return undefined;
      if (clear(a)) return { a, d };
    }
    return undefined;
  };
  const found = [nearest(-1), nearest(1)].filter((x) => x !== undefined);
  // The lower side first on a tie.
  found.sort((x, y) => x.d - y.d);
  // Objectives along the whole edge: the middle, as the rule says.
  if (found.length === 0) return [at(mid)];
  if (found[0]!.d === 0) return [at(found[0]!.a)];
  return found.map((x) => at(x.a));
}

/** How far in from the table edge crews regroup, and the room kept from an objective's edge. */
const INSET = 0.5;
const SPARE = 0.5;

function nearestCover(ctx: TankplankContext, from: TablePoint): TablePoint | undefined {
  let best: TablePoint | undefined;
  let bestD = Infinity;
  const box = { minX: from.x - 10, minY: from.y - 10, maxX: from.x + 10, maxY: from.y + 10 };
  for (const e of ctx.terrain.candidates(box)) {
    if (
      e.rules.coverClass === 'none' ||
      e.feature.kind === 'ground' ||
      e.feature.kind === 'creek' ||
      e.feature.kind === 'gully'
    )
      continue;
    const c = tablePoint((e.box.minX + e.box.maxX) / 2, (e.box.minY + e.box.maxY) / 2);
    const d = distance(from, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}
