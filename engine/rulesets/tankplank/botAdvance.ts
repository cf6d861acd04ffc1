/**
 * How a Tankplank bot unit goes somewhere: straight on or the best of a few detours, ways round
 * wrecks and shut bridges over the route field, ends in cover, as far as the allowance lets it.
 */
import { rectangleCorners, segmentInsidePolygon } from '../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance, lerpPoint } from '../../geometry/vector';
import { pathCost, segmentCoster, type Mover } from '../../movement/movementCost';
import { routeField, routeFrom } from '../../movement/routeField';
import { deckLine } from './botPlan';
import type { TankplankContext } from './rules/context';
import { coverAt } from './rules/fire';
import { moverFor } from './rules/movement';
import { info } from './rules/situation';
import type { TankplankState } from './rules/state';
import {
  type Apply,
  ENTRY_TRIES,
  EntrySpots,
  type Get,
  clampToTable,
  entryMiddle,
} from './botMoveKit';

// ---------------------------------------------------------------------------------------------
// Going somewhere

/**
 * Moves a unit toward `target` as far as its allowance and the terrain let it, stopping `stopAt`
 * short; off the table it enters at the edge spot nearest the target. Straight on when that
 * gets it most of the way, else the best of a few detours; a man takes an end in cover when it
 * costs him at most `coverTrade` inches of ground. With `clearOfWrecks` it comes on where no
 * wreck lies across its first move and keeps off bridges a wreck shuts. Returns whether it moved.
 */
export function advance(
  ctx: TankplankContext,
  get: Get,
  apply: Apply,
  entries: EntrySpots,
  id: string,
  target: TablePoint,
  stopAt: number,
  coverTrade = 1,
  route?: { readonly point: TablePoint; readonly stopAt: number },
  clearOfWrecks = false,
  again = false,
): boolean {
  const s = get();
  const u = s.units.get(id)!;
  const budget = 1 - u.moved;
  if (budget <= 0.05) return false;
  const { mover } = moverFor(ctx, s, id);
  const figure = info(ctx, s, id).kind === 'figure';
  const start = u.at
    ? tablePoint(u.at[0], u.at[1])
    : entryFor(ctx, entries, mover, target, clearOfWrecks ? s : undefined);
  const d = distance(start, target);
  if (u.at && d <= stopAt + 0.05) return false;
  // Far from where it is going, a unit follows the route field of its objective round creeks,
  // houses and walls: a vehicle drives the way leg by leg; a man heads for the point of the way
  // a move ahead and picks his end there (cover). Near it, or when the route's move is refused,
  // it goes straight.
  let via: TablePoint | undefined;
  if (route && distance(start, route.point) > ROUTE_BEYOND) {
    const stop = Math.max(route.stopAt, ROUTE_BEYOND - 2);
    const way = openWay(ctx, s, id, mover, start, route.point, stop, clearOfWrecks);
    // Aimed a few moves down the way, a detour of 30° costs a man little ground, as it should.
    if (figure) via = pointAlong(start, way, 3 * Math.max(mover.roadRate, mover.offRoadRate));
    else {
      const path = wayWithin(ctx, s, mover, start, way, budget);
      // A way that gets it nowhere (a leg onto a road charged at the off-road rate, a corner
      // it cannot round) is no way: it goes straight instead of inching on turn after turn.
      if (path.length > 1 && distance(start, path[path.length - 1]!) >= MIN_LEG) {
        const legs = (u.at ? path.slice(1) : path).map((p): [number, number] => [p.x, p.y]);
        if (apply({ type: 'move', unit: id, path: legs })) {
          // Cut short (a wreck or a hull across the road the route field does not know of): the
          // rest of the move goes round it, once. A vehicle kept off shut bridges stays on its
          // way: straight at the target would take it back to the wreck it is going round.
          if (!again && 1 - get().units.get(id)!.moved >= LEFT_OVER)
            advance(
              ctx,
              get,
              apply,
              entries,
              id,
              target,
              stopAt,
              coverTrade,
              clearOfWrecks ? route : undefined,
              clearOfWrecks,
              true,
            );
          return true;
        }
      }
    }
  }
  via ??= waypoint(ctx, mover, start, target);
  const aim = via === target && d > 0 ? lerpPoint(start, target, Math.max(0, d - stopAt) / d) : via;
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget;
  const wanted = Math.min(reach, distance(start, aim));
  const ends: { end: TablePoint; progress: number; cover: number; detour: number }[] = [];
  const consider = (detour: number) => {
    const end = furthest(ctx, mover, start, rotateAbout(start, aim, detour), budget);
    if (distance(start, end) < 0.2) return;
    const cover = figure ? coverValue(ctx, end) : 0;
    ends.push({ end, progress: distance(start, aim) - distance(end, aim), cover, detour });
  };
  consider(0);
  // Straight on is good enough when it covers nearly all it could, unless a man looks for cover.
  const straight = ends[0];
  if (!straight || straight.progress < wanted * 0.9 || figure) {
    for (const detour of figure ? [30, -30] : [25, -25, 50, -50]) consider(detour);
    const best = Math.max(0, ...ends.map((e) => e.progress));
    if (best < wanted * 0.5) for (const detour of [60, -60, 90, -90]) consider(detour);
  }
  // Hemmed in (a vehicle nosed into a wall, a hedge or a wreck): any direction that lowers its
  // cost to the route's point on the route field, backing out too.
  const wayOutOf = () =>
    !figure && u.at && route
      ? wayOut(ctx, mover, start, route.point, budget).some((p) =>
          apply({ type: 'move', unit: id, path: [[p.x, p.y]] }),
        )
      : false;
  if ((ends.length === 0 || Math.max(...ends.map((e) => e.progress)) < 0.5) && wayOutOf())
    return true;
  if (ends.length === 0) return false;
  const bestProgress = Math.max(...ends.map((e) => e.progress));
  const rank = (e: (typeof ends)[number]) =>
    e.progress >= bestProgress - coverTrade ? 100 * e.cover - Math.abs(e.detour) : -1000;
  ends.sort((x, y) => rank(y) - rank(x));
  for (const { end } of ends.slice(0, 3)) {
    const path: [number, number][] = u.at
      ? [[end.x, end.y]]
      : [
          [start.x, start.y],
          [end.x, end.y],
        ];
    if (apply({ type: 'move', unit: id, path })) return true;
  }
  return wayOutOf();
}

/**
 * The entry spot for a unit coming on toward `target`: of the spots nearest it along the edge
 * from which the unit can drive or walk a few inches straight in (a field fenced off at the
 * table's edge traps a vehicle that comes on inside it for the whole game), the first, unless
 * another is half a turn cheaper on the route field.
 */
export function entryFor(
  ctx: TankplankContext,
  entries: EntrySpots,
  mover: Mover,
  target: TablePoint,
  wrecksOf?: TankplankState,
): TablePoint {
  const field = routeField(ctx.terrain, mover, target);
  const cost = (p: TablePoint) => field.cost[nodeAt(field, clampToTable(ctx, p))] ?? Infinity;
  // Straight in from the edge for a few inches: the field runs through gaps a hull cannot.
  const inward = Math.min(4, Math.max(mover.roadRate, mover.offRoadRate));
  const edgeMid = entryMiddle(ctx, entries.side, 0);
  const inMid = entryMiddle(ctx, entries.side, inward);
  const getsIn = (p: TablePoint) =>
    distance(
      p,
      furthest(ctx, mover, p, tablePoint(p.x + inMid.x - edgeMid.x, p.y + inMid.y - edgeMid.y), 1),
    ) >=
      inward - 0.1 && !wreckAhead(ctx, wrecksOf, p, target);
  let first: TablePoint | undefined;
  let best: { spot: TablePoint; cost: number } | undefined;
  for (let k = 0; k < ENTRY_TRIES; k++) {
    const spot = entries.near(target);
    if (!getsIn(spot)) continue;
    const c = cost(spot);
    first ??= spot;
    if (!best || c < best.cost) best = { spot, cost: c };
    if (k >= 3) break;
  }
  if (!first || !best) return entries.near(target);
  return best.cost < cost(first) - 0.5 ? best.spot : first;
}

/**
 * Whether a wreck lies across the first WRECK_LOOK inches from an entry spot toward the target
 * (a side's own trucks shot up as they came on choke the road in from the edge).
 */
function wreckAhead(
  ctx: TankplankContext,
  s: TankplankState | undefined,
  p: TablePoint,
  target: TablePoint,
): boolean {
  if (!s || s.wrecks.length === 0) return false;
  const d = distance(p, target);
  const end = d > WRECK_LOOK ? lerpPoint(p, target, WRECK_LOOK / d) : target;
  return s.wrecks.some((w) => {
    const t = ctx.catalog.units.get(w.type);
    const hull = rectangleCorners(
      w.at[0],
      w.at[1],
      (t?.size?.length ?? 1.5) + 1.2,
      (t?.size?.width ?? 1) + 1.2,
      w.facing,
    );
    return segmentInsidePolygon(p, end, hull).length > 0;
  });
}

const WRECK_LOOK = 10;

/** A vehicle with this share of its move left after its way was cut short drives on round. */
const LEFT_OVER = 0.25;

/** A vehicle's move along its way shorter than this, in inches, is tried straight instead. */
const MIN_LEG = 1;

/** Further than this from its objective a unit follows the route field. */
export const ROUTE_BEYOND = 7;

/**
 * The way to a point over the map, for a vehicle one that no wreck blocks: when wrecks block the
 * best crossing (a bridge, say), the way over each other crossing in turn, cheapest first. With
 * `overOpenBridge` (a radio team's jeep, whose radioman the hold waits for) a bridge with a wreck
 * across its deck is shut outright, even where the way would squeeze past the wreck at its edge.
 */
function openWay(
  ctx: TankplankContext,
  s: TankplankState,
  id: string,
  mover: Mover,
  start: TablePoint,
  target: TablePoint,
  stopAt: number,
  overOpenBridge = false,
): TablePoint[] {
  const i = info(ctx, s, id);
  const margin = (i.type.size?.width ?? 1) / 2;
  const hulls = () => s.wrecks.map((w) => wreckHull(ctx, w, margin));
  let wrecks: TablePoint[][] | undefined;
  if (overOpenBridge && i.kind !== 'figure' && s.wrecks.length > 0) {
    // Bridges a wreck lies across are shut: the way goes over those still open.
    const shut = shutCrossings(ctx, (wrecks = hulls()));
    if (shut.length > 0) {
      const field = routeField(ctx.terrain, mover, target, shut);
      const open = routeFrom(ctx.terrain, field, start, stopAt);
      if (open.length > 0) return open;
    }
  }
  const way = routeFrom(ctx.terrain, routeField(ctx.terrain, mover, target), start, stopAt);
  if (i.kind === 'figure' || s.wrecks.length === 0) return way;
  wrecks ??= hulls();
  const blocked = (w: readonly TablePoint[]) => {
    let at = start;
    for (const p of w) {
      if (wrecks.some((poly) => segmentInsidePolygon(at, p, poly).length > 0)) return true;
      at = p;
    }
    return false;
  };
  if (!blocked(way)) return way;
  const crossings = ctx.terrain.entries
    .filter((e) => e.feature.kind === 'bridge' || e.feature.kind === 'catwalk')
    .map((e) => e.id as string);
  let best: { way: TablePoint[]; cost: number } | undefined;
  for (const via of crossings) {
    const field = routeField(
      ctx.terrain,
      mover,
      target,
      crossings.filter((c) => c !== via),
    );
    const other = routeFrom(ctx.terrain, field, start, stopAt);
    if (other.length === 0 || blocked(other)) continue;
    const n = nodeAt(field, start);
    const cost = n >= 0 ? field.cost[n]! : Infinity;
    if (!best || cost < best.cost) best = { way: other, cost };
  }
  return best?.way ?? way;
}

/**
 * Bridges with a wreck across their deck's middle line (`wrecks`: their hulls widened by half the
 * vehicle's width): no way over for a vehicle that cannot push it aside. Sorted ids, so the route
 * field for the same wrecks is kept and found again.
 */
function shutCrossings(ctx: TankplankContext, wrecks: readonly TablePoint[][]): string[] {
  const shut: string[] = [];
  for (const e of ctx.terrain.entries) {
    if (e.feature.kind !== 'bridge') continue;
    const { near, far } = deckLine(e.box);
    if (wrecks.some((poly) => segmentInsidePolygon(near, far, poly).length > 0)) shut.push(e.id);
  }
  return shut.sort();
}

/** A wreck's outline widened all round by `margin`. */
function wreckHull(
  ctx: TankplankContext,
  w: TankplankState['wrecks'][number],
  margin: number,
): TablePoint[] {
  const t = ctx.catalog.units.get(w.type);
  return rectangleCorners(
    w.at[0],
    w.at[1],
    (t?.size?.length ?? 1.5) + 2 * margin,
    (t?.size?.width ?? 1) + 2 * margin,
    w.facing,
  );
}

/**
 * Ends of a move in eight directions that lower the mover's cost to `target` over the route
 * field, the most first (the moves may still be refused for a hull or a wreck in the way).
 */
function wayOut(
  ctx: TankplankContext,
  mover: Mover,
  start: TablePoint,
  target: TablePoint,
  budget: number,
): TablePoint[] {
  const field = routeField(ctx.terrain, mover, target);
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget;
  const here = field.cost[nodeAt(field, start)] ?? Infinity;
  const outs: { end: TablePoint; cost: number }[] = [];
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    const aim = tablePoint(start.x + Math.cos(a) * reach, start.y + Math.sin(a) * reach);
    const end = furthest(ctx, mover, start, aim, budget);
    if (distance(start, end) < 0.5) continue;
    const cost = field.cost[nodeAt(field, end)] ?? Infinity;
    if (cost < here - 1e-6) outs.push({ end, cost });
  }
  return outs.sort((a, b) => a.cost - b.cost).map((o) => o.end);
}

function nodeAt(field: ReturnType<typeof routeField>, p: TablePoint): number {
  const c = Math.min(field.columns - 1, Math.max(0, Math.round(p.x / field.step)));
  const r = Math.min(field.rows - 1, Math.max(0, Math.round(p.y / field.step)));
  return r * field.columns + c;
}

/** The point `length` inches along a way from `start` (its end when it is shorter). */
function pointAlong(start: TablePoint, way: readonly TablePoint[], length: number) {
  let at = start;
  let left = length;
  for (const p of way) {
    const d = distance(at, p);
    if (d >= left) return lerpPoint(at, p, left / d);
    left -= d;
    at = p;
  }
  return way.length > 0 ? at : undefined;
}

/**
 * The part of a way a unit covers with what is left of its move: whole legs while they fit, then
 * as far along the next as it can get (to ~1/100 of the leg).
 */
function wayWithin(
  ctx: TankplankContext,
  s: TankplankState,
  mover: Mover,
  start: TablePoint,
  way: readonly TablePoint[],
  budget: number,
): TablePoint[] {
  const path = [start];
  const fits = (trial: readonly TablePoint[]) => {
    const end = trial[trial.length - 1]!;
    if (end.x < 0 || end.y < 0 || end.x > ctx.map.width || end.y > ctx.map.height) return false;
    const c = pathCost(ctx.terrain, mover, trial, s.gaps ?? []);
    return c.legal && c.cost <= budget;
  };
  for (const p of way) {
    if (distance(path[path.length - 1]!, p) < 1e-9) continue;
    if (fits([...path, p])) {
      path.push(p);
      continue;
    }
    const last = path[path.length - 1]!;
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 7; k++) {
      const mid = (lo + hi) / 2;
      if (fits([...path, lerpPoint(last, p, mid)])) lo = mid;
      else hi = mid;
    }
    if (lo > 0) path.push(lerpPoint(last, p, lo));
    break;
  }
  return path;
}

/** How good the cover is where a man would stand: 0 none, 1 light, 2 heavy or better. */
function coverValue(ctx: TankplankContext, p: TablePoint): number {
  const c = coverAt(ctx, p, 0.3);
  return c === 'none' ? 0 : c === 'light' ? 1 : 2;
}

/**
 * Where to head for now: the goal itself, or, when a creek the mover cannot ford lies across the
 * way, the near then the far end of the bridge or catwalk that makes the shortest detour.
 */
function waypoint(
  ctx: TankplankContext,
  mover: Mover,
  start: TablePoint,
  goal: TablePoint,
): TablePoint {
  const direct = pathCost(ctx.terrain, mover, [start, goal]);
  const blocker = direct.blockedBy
    ? ctx.terrain.entries.find((e) => e.id === direct.blockedBy!.featureId)
    : undefined;
  if (!blocker || (blocker.feature.kind !== 'creek' && blocker.feature.kind !== 'gully'))
    return goal;
  let best: { near: TablePoint; far: TablePoint; length: number } | undefined;
  for (const e of ctx.terrain.entries) {
    const f = e.feature;
    if (f.kind !== 'bridge' && f.kind !== 'catwalk') continue;
    if (f.passableBy && !f.passableBy.some((c) => mover.classes.includes(c))) continue;
    if (!f.passableBy && e.rules.impassableTo.some((c) => mover.classes.includes(c))) continue;
    const b = e.box;
    const alongX = b.maxX - b.minX >= b.maxY - b.minY;
    const cy = (b.minY + b.maxY) / 2;
    const cx = (b.minX + b.maxX) / 2;
    const ends = alongX
      ? [tablePoint(b.minX + 0.3, cy), tablePoint(b.maxX - 0.3, cy)]
      : [tablePoint(cx, b.minY + 0.3), tablePoint(cx, b.maxY - 0.3)];
    for (const [near, far] of [
      [ends[0]!, ends[1]!],
      [ends[1]!, ends[0]!],
    ] as const) {
      const length = distance(start, near) + distance(near, far) + distance(far, goal);
      if (!best || length < best.length) best = { near, far, length };
    }
  }
  if (!best) return goal;
  const onDeck = ctx.terrain
    .featuresAt(start)
    .some((e) => e.feature.kind === 'bridge' || e.feature.kind === 'catwalk');
  return onDeck || distance(start, best.near) < 0.3 ? best.far : best.near;
}

function rotateAbout(from: TablePoint, to: TablePoint, deg: number): TablePoint {
  if (deg === 0) return to;
  const r = (deg * Math.PI) / 180;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  return tablePoint(
    from.x + dx * Math.cos(r) - dy * Math.sin(r),
    from.y + dx * Math.sin(r) + dy * Math.cos(r),
  );
}

/** The furthest point toward `goal` the mover reaches within its budget (to ~1/100 of its reach). */
function furthest(
  ctx: TankplankContext,
  mover: Mover,
  from: TablePoint,
  goal: TablePoint,
  budget: number,
): TablePoint {
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget + 0.01;
  const length = distance(from, goal);
  if (length > reach) goal = lerpPoint(from, goal, reach / length);
  // One terrain query for the line, cut at each point tried.
  const costTo = segmentCoster(ctx.terrain, mover, from, goal);
  const end = goal;
  const ok = (t: number) => {
    // The point at t (as lerpPoint works it out) must be on the table.
    const x = from.x + (end.x - from.x) * t;
    const y = from.y + (end.y - from.y) * t;
    if (x < 0 || y < 0 || x > ctx.map.width || y > ctx.map.height) return false;
    // NaN where the way is barred, which is never within the budget.
    return costTo(t) <= budget;
  };
  if (ok(1)) return goal;
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 7; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lerpPoint(from, goal, lo);
}
