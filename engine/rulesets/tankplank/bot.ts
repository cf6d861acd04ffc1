import type { BotStyle } from '../../game/gameDef';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance, lerpPoint } from '../../geometry/vector';
import { pathCost } from '../../movement/movementCost';
import type { TankplankAction, TankplankEvent } from './rules/actions';
import { constant } from './rules/catalog';
import { hullSize, moverOf, type TankplankContext } from './rules/context';
import { coverAt, planShot, shotOdds } from './rules/fire';
import { movementOrder } from './rules/movementOrder';
import { tankplankReducer } from './rules/reducer';
import { info, onTable, positionOf, weaponsOf } from './rules/situation';
import type { TankplankState } from './rules/state';
import { shapeContains } from './rules/zones';

/**
 * A simple, deterministic Tankplank bot: in the Movement phase every unit heads straight for its
 * side's objective as far as its allowance and the terrain allow (trying small detours when the
 * way is blocked), crews set up when enemies are near; in the Firing phase every weapon takes the
 * shot with the best expected result. It plays through the reducer, so it can only do what the
 * rules allow.
 */
export function botPhase(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  style: BotStyle = 'balanced',
): { state: TankplankState; actions: TankplankAction[]; events: TankplankEvent[] } {
  void style;
  const reduce = tankplankReducer(ctx);
  let s = state;
  const actions: TankplankAction[] = [];
  const events: TankplankEvent[] = [];
  const apply = (a: TankplankAction): boolean => {
    const r = reduce(s, a);
    if (!r.ok) return false;
    s = r.state;
    actions.push(a);
    events.push(...r.events);
    return true;
  };
  if (s.phase === 'movement') moveAll(ctx, () => s, side, apply);
  else if (s.phase === 'firing') fireAll(ctx, () => s, side, apply);
  if (s.phase !== 'ended') apply({ type: 'endPhase', side });
  return { state: s, actions, events };
}

function goalOf(ctx: TankplankContext, side: string): TablePoint {
  const obj = ctx.objectives.find((o) => o.owner === side && o.area);
  const area = obj?.area;
  if (area?.shape === 'rect') return tablePoint(area.x + area.width / 2, area.y + area.height / 2);
  if (area?.shape === 'circle') return tablePoint(area.center[0], area.center[1]);
  if (area?.shape === 'polygon' && area.points.length > 0) {
    const xs = area.points.map((p) => p[0]);
    const ys = area.points.map((p) => p[1]);
    return tablePoint(
      xs.reduce((a, b) => a + b, 0) / xs.length,
      ys.reduce((a, b) => a + b, 0) / ys.length,
    );
  }
  // No objective: the middle of the far edge.
  const edge = ctx.entryEdges.get(side)?.edge;
  const w = ctx.map.width;
  const h = ctx.map.height;
  return edge === 'west'
    ? tablePoint(w - 3, h / 2)
    : edge === 'east'
      ? tablePoint(3, h / 2)
      : edge === 'north'
        ? tablePoint(w / 2, h - 3)
        : tablePoint(w / 2, 3);
}

function entryPoint(ctx: TankplankContext, side: string, index: number, count: number): TablePoint {
  const edge = ctx.entryEdges.get(side)?.edge ?? 'west';
  const along = edge === 'west' || edge === 'east' ? ctx.map.height : ctx.map.width;
  const t = (index + 0.5) / Math.max(1, count);
  const a = 1 + t * (along - 2);
  switch (edge) {
    case 'west':
      return tablePoint(0, a);
    case 'east':
      return tablePoint(ctx.map.width, a);
    case 'north':
      return tablePoint(a, 0);
    case 'south':
      return tablePoint(a, ctx.map.height);
  }
}

function moveAll(
  ctx: TankplankContext,
  get: () => TankplankState,
  side: string,
  apply: (a: TankplankAction) => boolean,
): void {
  const goal = goalOf(ctx, side);
  // Units move in the sweep order of the turn (TP-4.3); riders follow their vehicles.
  const order = movementOrder(ctx, get(), side);
  const rank = new Map(order.map((id, k) => [id, k]));
  const mine = Object.values(get().units)
    .filter((u) => u.side === side && u.alive)
    .sort((a, b) => (rank.get(a.id) ?? order.length) - (rank.get(b.id) ?? order.length));
  const zone = ctx.objectives.find((o) => o.owner === side)?.area;
  embarkSquads(ctx, get, side, goal, apply);
  const offTable = mine.filter((u) => {
    const now = get().units[u.id]!;
    return now.at === null && now.embarkedIn === null;
  });
  mine.forEach((u) => {
    const s = get();
    const cur = s.units[u.id]!;
    if (!cur.alive) return;
    const i = info(ctx, s, u.id);
    // Passengers ride to the objective and get out there (or walk the rest late in the game).
    if (cur.embarkedIn) {
      const vp = positionOf(s, cur.embarkedIn);
      const there = !!vp && ((zone && shapeContains(zone, vp, ctx.map)) || distance(vp, goal) < 5);
      if (vp && (there || s.turn >= 7)) {
        for (const dy of [0.8, -0.8, 0.5, -0.5]) {
          const p = tablePoint(
            Math.min(ctx.map.width, Math.max(0, vp.x)),
            Math.min(ctx.map.height, Math.max(0, vp.y + dy)),
          );
          if (apply({ type: 'dismount', unit: u.id, at: [p.x, p.y] })) break;
        }
      }
      return;
    }
    // Crews with a weapon to set up do so when the enemy is near, and stay put.
    const setUpWeapon = weaponsOf(ctx, i).find((m) => m.weapon.stats?.['needsSetUp'] === true);
    if (
      setUpWeapon &&
      cur.at &&
      enemyWithin(
        ctx,
        s,
        side,
        tablePoint(cur.at[0], cur.at[1]),
        setUpWeapon.weapon.kind === 'mortar' ? 30 : 16,
      )
    ) {
      apply({ type: 'setUp', unit: u.id });
      return;
    }
    // Holders stay inside their objective.
    if (
      cur.at &&
      zone &&
      shapeContains(zone, tablePoint(cur.at[0], cur.at[1]), ctx.map) &&
      i.kind === 'figure'
    )
      return;
    const start = cur.at
      ? tablePoint(cur.at[0], cur.at[1])
      : entryPoint(ctx, side, offTable.indexOf(u), offTable.length);
    const mover = moverOf(ctx, i.type);
    const budget = 1 - cur.moved;
    if (budget <= 0.05) return;
    const aim = waypoint(ctx, mover, start, goal);
    // Men keep with their squad: one already well ahead of its middle man waits for the others.
    const lead = i.kind === 'figure' ? squadMiddle(ctx, s, u.formation, goal) : undefined;
    if (cur.at && lead !== undefined && distance(start, goal) < lead - SQUAD_SPREAD) return;
    // Straight on or a detour; a man takes an end in cover when it costs him at most an inch of
    // ground over the best end in the open.
    const ends: { end: TablePoint; progress: number; cover: number; detour: number }[] = [];
    for (const detour of [0, 30, -30, 60, -60, 90, -90]) {
      const end = furthest(ctx, mover, start, rotateAbout(start, aim, detour), budget);
      if (distance(start, end) < 0.2) continue;
      const cover = i.kind === 'figure' ? coverValue(ctx, end) : 0;
      ends.push({ end, progress: distance(start, aim) - distance(end, aim), cover, detour });
    }
    const bestProgress = Math.max(...ends.map((e) => e.progress));
    const rank = (e: (typeof ends)[number]) =>
      e.progress >= bestProgress - COVER_TRADE ? 100 * e.cover - Math.abs(e.detour) : -1000;
    ends.sort((x, y) => rank(y) - rank(x));
    for (const { end } of ends) {
      const path: [number, number][] = cur.at
        ? [[end.x, end.y]]
        : [
            [start.x, start.y],
            [end.x, end.y],
          ];
      if (apply({ type: 'move', unit: u.id, path })) return;
    }
  });
}

/** Inches of progress a man gives up to end his move in cover. */
const COVER_TRADE = 1;

/** How good the cover is where a man would stand: 0 none, 1 light, 2 heavy or better. */
function coverValue(ctx: TankplankContext, p: TablePoint): number {
  const c = coverAt(ctx, p, 0.3);
  return c === 'none' ? 0 : c === 'light' ? 1 : 2;
}

/** How far a squad member may get ahead of the squad's middle man, in inches. */
const SQUAD_SPREAD = 3;

/** The middle man's distance to the goal, for a squad with at least three men on the table. */
function squadMiddle(
  ctx: TankplankContext,
  s: TankplankState,
  formation: string,
  goal: TablePoint,
): number | undefined {
  const ds = (ctx.formations.get(formation)?.members ?? [])
    .map((id) => s.units[id]!)
    .filter((m) => m.alive && m.at)
    .map((m) => distance(tablePoint(m.at![0], m.at![1]), goal))
    .sort((a, b) => a - b);
  return ds.length >= 3 ? ds[Math.floor(ds.length / 2)] : undefined;
}

/**
 * Infantry rides: each empty transport picks up the nearest squad still on foot, far from the
 * goal. A transport off the table comes on just inside its edge and the squad enters beside it;
 * men within half a move of a transport walk up to it and get in (½ move, TP-5.3). The transport
 * then drives on with them in the normal pass, and they get out at the objective.
 */
function embarkSquads(
  ctx: TankplankContext,
  get: () => TankplankState,
  side: string,
  goal: TablePoint,
  apply: (a: TankplankAction) => boolean,
): void {
  const reach = constant(ctx.catalog, 'mountReach');
  const s0 = get();
  const transports = Object.values(s0.units).filter((u) => {
    if (u.side !== side || !u.alive || u.embarkedIn || u.moved > 0) return false;
    const i = info(ctx, s0, u.id);
    const kw = i.type.keywords ?? [];
    return (
      i.kind === 'vehicle' &&
      (i.type.capacity ?? 0) > 0 &&
      i.type.class !== 'tank' &&
      !kw.includes('boat') &&
      u.passengers.length === 0
    );
  });
  const onFoot = (fid: string) =>
    (ctx.formations.get(fid)?.members ?? [])
      .map((id) => get().units[id]!)
      .filter((u) => u.alive && !u.embarkedIn && info(ctx, get(), u.id).kind === 'figure');
  const taken = new Set<string>();
  for (const t of transports) {
    const capacity = info(ctx, get(), t.id).type.capacity ?? 0;
    // The squad to carry: every man still on foot, none yet near the goal, all fitting aboard.
    let best: { fid: string; d: number } | undefined;
    for (const f of ctx.formations.values()) {
      if (f.side !== side || f.kind !== 'squad' || taken.has(f.id)) continue;
      const men = onFoot(f.id);
      if (men.length === 0 || men.length > capacity) continue;
      if (men.length < (f.members.length + 1) / 2) continue;
      // A man still off the table is at his entry edge.
      const edge = entryPoint(ctx, side, 0, 1);
      const at = (u: (typeof men)[number]) =>
        u.at ? tablePoint(u.at[0], u.at[1]) : t.at ? tablePoint(t.at[0], t.at[1]) : edge;
      if (men.some((m) => distance(at(m), goal) < 12)) continue;
      const d = t.at
        ? Math.min(...men.map((m) => distance(at(m), tablePoint(t.at![0], t.at![1]))))
        : 0;
      if (men.some((m) => m.moved > 0) || (t.at && d > 3)) continue;
      if (!best || d < best.d) best = { fid: f.id, d };
    }
    if (!best) continue;
    taken.add(best.fid);
    let tp = t.at ? tablePoint(t.at[0], t.at[1]) : undefined;
    if (!tp) {
      // Come on just inside the edge, where the squad can reach it.
      const entry = entryPoint(ctx, side, taken.size - 1, Math.max(transports.length, 1));
      // Far enough in that the whole hull stands on the table (the rules refuse less).
      const hull = hullSize(info(ctx, get(), t.id));
      const depth = Math.max(1.2, Math.hypot(hull.length, hull.width) / 2 + 0.1);
      const inward = lerpPoint(entry, goal, depth / Math.max(depth, distance(entry, goal)));
      if (
        !apply({
          type: 'move',
          unit: t.id,
          path: [
            [entry.x, entry.y],
            [inward.x, inward.y],
          ],
        })
      )
        continue;
      tp = inward;
      // The vehicle has used a sliver of its move; it waits for its riders this turn.
    }
    const men = onFoot(best.fid);
    men.forEach((m, k) => {
      const angle = (k / Math.max(1, men.length)) * 2 * Math.PI;
      const spot = tablePoint(
        Math.min(ctx.map.width - 0.3, Math.max(0.3, tp!.x + 0.6 * reach * Math.cos(angle))),
        Math.min(ctx.map.height - 0.3, Math.max(0.3, tp!.y + 0.6 * reach * Math.sin(angle))),
      );
      const cur = get().units[m.id]!;
      if (cur.at === null) {
        const edge = entryPoint(ctx, side, 0, 1);
        const from =
          edge.x === 0 || edge.x === ctx.map.width
            ? tablePoint(edge.x, spot.y)
            : tablePoint(spot.x, edge.y);
        if (
          !apply({
            type: 'move',
            unit: m.id,
            path: [
              [from.x, from.y],
              [spot.x, spot.y],
            ],
          })
        )
          return;
      } else if (distance(tablePoint(cur.at[0], cur.at[1]), tp!) > reach) {
        if (!apply({ type: 'move', unit: m.id, path: [[spot.x, spot.y]] })) return;
      }
      apply({ type: 'mount', unit: m.id, vehicle: t.id });
    });
  }
}

/**
 * Where to head for now: the goal itself, or, when a creek the mover cannot ford lies across the
 * way, the near then the far end of the bridge or catwalk that makes the shortest detour.
 */
function waypoint(
  ctx: TankplankContext,
  mover: ReturnType<typeof moverOf>,
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

function furthest(
  ctx: TankplankContext,
  mover: ReturnType<typeof moverOf>,
  from: TablePoint,
  goal: TablePoint,
  budget: number,
): TablePoint {
  // No move reaches further than the faster rate allows: search only that far, to the
  // nearest few hundredths of an inch.
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget + 0.01;
  const length = distance(from, goal);
  if (length > reach) goal = lerpPoint(from, goal, reach / length);
  const ok = (t: number) => {
    const p = lerpPoint(from, goal, t);
    if (p.x < 0 || p.y < 0 || p.x > ctx.map.width || p.y > ctx.map.height) return false;
    const c = pathCost(ctx.terrain, mover, [from, p]);
    return c.legal && c.cost <= budget;
  };
  if (ok(1)) return goal;
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 8; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lerpPoint(from, goal, lo);
}

function enemyWithin(
  ctx: TankplankContext,
  s: TankplankState,
  side: string,
  p: TablePoint,
  range: number,
): boolean {
  void ctx;
  return Object.values(s.units).some(
    (e) => onTable(e) && e.side !== side && distance(p, tablePoint(e.at[0], e.at[1])) <= range,
  );
}

function fireAll(
  ctx: TankplankContext,
  get: () => TankplankState,
  side: string,
  apply: (a: TankplankAction) => boolean,
): void {
  const ids = Object.values(get().units)
    .filter((u) => u.side === side && u.alive && (u.at !== null || u.embarkedIn !== null))
    .map((u) => u.id);
  for (const id of ids) {
    const s0 = get();
    const i = info(ctx, s0, id);
    for (const m of weaponsOf(ctx, i)) {
      const s = get();
      const from = positionOf(s, id);
      if (!from) break;
      const maxRange = Math.max(
        ...(m.weapon.ranges ?? []).map((b) => b.max),
        m.weapon.kind === 'cannon' || m.weapon.kind === 'howitzer'
          ? constant(ctx.catalog, 'cannonMaxRange')
          : 0,
      );
      let best: { value: number; action: TankplankAction } | undefined;
      for (const e of Object.values(s.units)) {
        if (!onTable(e) || e.side === side || e.doomed) continue;
        if (distance(from, tablePoint(e.at[0], e.at[1])) > maxRange) continue;
        const eInfo = info(ctx, s, e.id);
        const ammo =
          m.weapon.kind === 'cannon' || m.weapon.kind === 'howitzer'
            ? eInfo.kind === 'vehicle' && (m.weapon.stats?.['impactAP'] ?? -1) !== -1
              ? 'AP'
              : 'HE'
            : undefined;
        const req = {
          unit: id,
          weapon: m.weapon.id,
          target: e.id,
          ...(ammo ? { ammo: ammo as 'AP' | 'HE' } : {}),
        };
        const plan = planShot(ctx, s, req);
        if ('refused' in plan) continue;
        const odds = shotOdds(ctx, plan);
        const worth = (u: string) => (info(ctx, s, u).kind === 'vehicle' ? 5 : 1);
        const value =
          odds.perUnit.length > 0
            ? odds.perUnit.reduce((sum, x) => sum + x.p * worth(x.unit), 0)
            : odds.pKill * worth(e.id);
        if (value > 0 && (!best || value > best.value))
          best = { value, action: { type: 'fire', ...req } };
      }
      if (best) apply(best.action);
      if (i.kind === 'figure') break;
    }
  }
}

/** The result of a whole bot-versus-bot game. */
export interface BotGame {
  readonly state: TankplankState;
  /** Every accepted action, in order: replaying them from the start gives the same game. */
  readonly actions: readonly TankplankAction[];
  readonly events: number;
}

/** Plays a game to its end with both sides run by the bot. */
export function playBotGame(
  ctx: TankplankContext,
  start: TankplankState,
  maxPhases = 200,
): BotGame {
  let s = start;
  const actions: TankplankAction[] = [];
  let events = 0;
  for (let k = 0; k < maxPhases && s.phase !== 'ended'; k++) {
    for (const side of ctx.sides) {
      if (s.phase === 'ended') break;
      const r = botPhase(ctx, s, side);
      s = r.state;
      actions.push(...r.actions);
      events += r.events.length;
    }
  }
  return { state: s, actions, events };
}
