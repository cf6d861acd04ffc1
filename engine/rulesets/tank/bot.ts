import type { HexRef } from '../../format';
import type { BotStyle, SideTurn } from '../../game/gameDef';
import { SideTurnBuilder } from '../../game/sideTurn';
import {
  axialToPoint,
  directionTo,
  hexDistance,
  hexNeighbours,
  hexsideKey,
  hexsideToward,
  type HexDirection,
} from '../../hex';
import type { TankContext } from './rules/context';
import { seesFor, shotOdds } from './rules/fire';
import {
  allowance,
  allowedFacings,
  carryCapacity,
  checkPlot,
  enterable,
  reverseSides,
  ridersOf,
  unitsAt,
} from './rules/plot';
import { tankReducer } from './rules/reducer';
import type { TankAction, TankEvent, TankState } from './rules/state';

const key = (h: HexRef) => `${h.col},${h.row}`;

/** Hexes a unit can reach this turn with their cheapest path (movement points by terrain). */
export function reachable(
  ctx: TankContext,
  state: TankState,
  unit: string,
  mp: number,
): Map<string, { hex: HexRef; cost: number; path: HexRef[] }> {
  const info = ctx.units.get(unit)!;
  const start = state.units[unit]!.at!;
  const out = new Map<string, { hex: HexRef; cost: number; path: HexRef[] }>();
  out.set(key(start), { hex: start, cost: 0, path: [] });
  // The hexes an enemy stands in (`unitsAt` of another side), found once.
  const enemyAt = new Set<string>();
  for (const o of ctx.order) {
    const ou = state.units[o]!;
    if (ou.alive && ou.at && ctx.units.get(o)!.side !== info.side) enemyAt.add(key(ou.at));
  }
  // Whether a hex may be entered, asked once a hex (the same answer from every neighbour).
  const open = new Map<string, boolean>();
  const mayEnter = (h: HexRef, k: string) => {
    let ok = open.get(k);
    if (ok === undefined) {
      ok = !enemyAt.has(k) && enterable(ctx, unit, h, state);
      open.set(k, ok);
    }
    return ok;
  };
  // The cheapest first, ties in the order they were put on the frontier: the order a stable sort
  // of the whole frontier by cost gives each time (a hex found again cheaper moves up), kept by
  // an insertion sort, which costs little on a frontier that is sorted but for its new hexes.
  // Each frontier entry's cost is its hex's cheapest found so far: the entries of a hex found
  // again cheaper are lowered with it (a hex may be on the frontier more than once).
  type Entry = { hex: HexRef; k: string; cost: number };
  const frontier: Entry[] = [{ hex: start, k: key(start), cost: 0 }];
  const entries = new Map<string, Entry[]>([[frontier[0]!.k, [frontier[0]!]]]);
  let head = 0;
  while (head < frontier.length) {
    for (let i = head + 1; i < frontier.length; i++) {
      const f = frontier[i]!;
      let j = i - 1;
      while (j >= head && frontier[j]!.cost > f.cost) {
        frontier[j + 1] = frontier[j]!;
        j--;
      }
      frontier[j + 1] = f;
    }
    const next = frontier[head++]!;
    const at = next.hex;
    const here = out.get(next.k)!;
    for (const n of hexNeighbours(ctx.map.toAxial(at))) {
      const hex = ctx.map.hex(n);
      if (!hex) continue;
      const h = ctx.map.toRef(n);
      const k = key(h);
      if (!mayEnter(h, k)) continue;
      const cost = here.cost + hex.mp;
      if (cost > mp) continue;
      const was = out.get(k);
      if (was && was.cost <= cost) continue;
      out.set(k, { hex: h, cost, path: [...here.path, h] });
      const entry = { hex: h, k, cost };
      const same = entries.get(k);
      if (same) {
        for (const e of same) e.cost = cost;
        same.push(entry);
      } else entries.set(k, [entry]);
      frontier.push(entry);
    }
  }
  out.delete(key(start));
  return out;
}

/**
 * The `k` items of highest value, highest first, an earlier item first among equals: what a
 * stable sort by value and a cut to `k` give, without sorting every item (a unit's every
 * reachable hex, each bot turn).
 */
function bestFirst<T extends object>(
  items: Iterable<T>,
  value: (item: T) => number,
  k: number,
): (T & { v: number })[] {
  const top: (T & { v: number })[] = [];
  for (const item of items) {
    const v = value(item);
    // Not above the last kept: an equal value comes after it, a lower one lower still.
    if (top.length === k && !(v > top[k - 1]!.v)) continue;
    let i = top.length;
    while (i > 0 && top[i - 1]!.v < v) i--;
    top.splice(i, 0, { ...item, v });
    if (top.length > k) top.pop();
  }
  return top;
}

/**
 * Whether a vehicle in `h` would be hull-down toward `enemy` (TC-1.2): a ridge on the hexside
 * facing it or on one either side, which a line from there mostly enters through.
 */
function ridgeSpot(ctx: TankContext, h: HexRef, enemy: HexRef | undefined): boolean {
  const o = ctx.map.grid.orientation;
  const a = ctx.map.toAxial(h);
  const sides = [0, 1, 2, 3, 4, 5];
  let toward = sides;
  if (enemy) {
    const p = axialToPoint(o, 1, a);
    const q = axialToPoint(o, 1, ctx.map.toAxial(enemy));
    const d = hexsideToward(o, (Math.atan2(q[1] - p[1], q[0] - p[0]) * 180) / Math.PI);
    toward = [d, (d + 1) % 6, (d + 5) % 6];
  }
  return toward.some((side) =>
    ctx.map.ridges.has(hexsideKey(o, { hex: a, side: side as HexDirection })),
  );
}

const WEIGHTS: Record<BotStyle, { goal: number; cover: number; exposure: number; fireAt: number }> =
  {
    cautious: { goal: 0.6, cover: 3, exposure: 1.2, fireAt: 0.05 },
    balanced: { goal: 1, cover: 2, exposure: 0.6, fireAt: 0.08 },
    aggressive: { goal: 1.6, cover: 1, exposure: 0.2, fireAt: 0.1 },
  };

/** Whether every step of a path backs through a rear hexside of `facing` (an MVR path). */
function backsAway(
  ctx: TankContext,
  from: HexRef,
  facing: number,
  path: readonly HexRef[],
): boolean {
  const back = reverseSides(ctx);
  let at = from;
  for (const h of path) {
    const d = directionTo(ctx.map.grid.orientation, ctx.map.toAxial(at), ctx.map.toAxial(h));
    if (d === undefined || !back.includes((((d - facing) % 6) + 6) % 6)) return false;
    at = h;
  }
  return path.length > 0;
}

/** The hexside from `from` toward `to` (the facing that points at it). */
function sideToward(ctx: TankContext, from: HexRef, to: HexRef): number {
  const o = ctx.map.grid.orientation;
  const p = axialToPoint(o, 1, ctx.map.toAxial(from));
  const q = axialToPoint(o, 1, ctx.map.toAxial(to));
  return hexsideToward(o, (Math.atan2(q[1] - p[1], q[0] - p[0]) * 180) / Math.PI);
}

/**
 * The bot's plots for a side: each unit shoots at the target its exact odds favour most (close
 * assault when infantry stands next to an enemy, pinning fire at a tank its gun cannot hurt,
 * mortar calls on the hex of the best visible target, else smoke between the enemy and the most
 * exposed friend), or moves toward the objective by the hex that best mixes cover, hull-down
 * ridges and few enemy sight lines, backing up (MVR) when the hex it picks lies behind a vehicle.
 * Infantry far from the objective rides a friendly vehicle standing in its hex (MT; the vehicle
 * then waits for it) and gets off (DT) near the enemy or the objective. A unit marked for a
 * morale test gets a fallback facing toward the enemy in case its missions are cancelled. It
 * sees what a player sees: enemy counters, not which of them are dummies.
 */
export function tankBotTurn(
  ctx: TankContext,
  start: TankState,
  side: string,
  style: BotStyle = 'balanced',
): SideTurn<TankState, TankAction, TankEvent> {
  if (start.phase !== 'plot' || start.done.includes(side) || !ctx.sides.includes(side))
    return { actions: [], state: start, events: [] };
  const wt = WEIGHTS[style];
  // Each plot is applied as it is chosen: later choices read the plots made (a vehicle waits
  // for the infantry plotted to mount it).
  const turn = new SideTurnBuilder(tankReducer(ctx), start);
  const tryAct = (a: TankAction): boolean => turn.apply(a);
  const enemies = ctx.order.filter((id) => {
    const i = ctx.units.get(id)!;
    const u = turn.state.units[id]!;
    return i.side !== side && i.cls !== 'team' && u.alive && u.at !== null;
  });
  const goal = ctx.hold?.hexes[0];
  const mine = ctx.order.filter(
    (id) =>
      ctx.units.get(id)!.side === side && turn.state.units[id]!.alive && turn.state.units[id]!.at,
  );
  const near = (a: HexRef, b: HexRef) => hexDistance(ctx.map.toAxial(a), ctx.map.toAxial(b));
  const nearestEnemyTo = (h: HexRef) =>
    enemies.map((e) => turn.state.units[e]!.at!).sort((p, q) => near(p, h) - near(q, h))[0];
  // Whether an enemy sees a hex, asked once a turn per pair: plots leave the units, smoke and
  // rubble sight reads as they were (a state with other units starts afresh).
  const sightSeen = new Map<string, boolean>();
  let sightOf = turn.state.units;
  const seenBy = (e: string, h: HexRef): boolean => {
    const s = turn.state;
    if (s.units !== sightOf) {
      sightSeen.clear();
      sightOf = s.units;
    }
    const k = `${e}|${h.col},${h.row}`;
    let seen = sightSeen.get(k);
    if (seen === undefined) {
      seen = seesFor(ctx, s, ctx.units.get(e)!.side, s.units[e]!.at!, h);
      sightSeen.set(k, seen);
    }
    return seen;
  };
  // What the turn's explanation says: the shots plotted, and the shots passed up as too poor.
  let fired = 0;
  const held: { unit: string; target: string; v: number }[] = [];
  turn.note(
    goal
      ? `plan (${style}): toward ${ctx.hold?.name ?? 'the objective'} (${goal.col},${goal.row}), by the hexes that best mix nearness to it, cover and few enemy sight lines`
      : `plan (${style}): at the enemy, by the hexes that best mix cover and few enemy sight lines`,
  );
  for (const id of mine) {
    const info = ctx.units.get(id)!;
    const u = turn.state.units[id]!;
    const at = u.at!;
    if (u.carriedBy) {
      // A rider gets off near the enemy or the objective (DT), into its vehicle's hex.
      const e = nearestEnemyTo(at);
      const close = (e && near(e, at) <= info.range + 2) || (goal && near(goal, at) <= 2);
      if (close) tryAct({ type: 'plot', unit: id, mission: 'DT', at: [at.col, at.row] });
      continue;
    }
    if (!info.dummy) {
      if (info.mortar) {
        let best: { hex: HexRef; v: number } | undefined;
        for (const e of enemies) {
          const eh = turn.state.units[e]!.at!;
          const r = hexDistance(ctx.map.toAxial(at), ctx.map.toAxial(eh));
          if (r < info.rangeMin || r > info.range) continue;
          const v = unitsAt(ctx, turn.state, eh).length - r / 100;
          if (!best || v > best.v) best = { hex: eh, v };
        }
        if (
          best &&
          tryAct({ type: 'plot', unit: id, mission: 'IF', at: [best.hex.col, best.hex.row] })
        )
          continue;
        const screen = smokeHex(ctx, turn.state, side, id, enemies);
        if (
          screen &&
          tryAct({ type: 'plot', unit: id, mission: 'SF', at: [screen.col, screen.row] })
        )
          continue;
        tryAct({ type: 'plot', unit: id, mission: 'OF' });
        continue;
      }
      if (ctx.rules.layers.optional && info.cls === 'infantry' && !u.pinned) {
        const adj = enemies.find(
          (e) => hexDistance(ctx.map.toAxial(at), ctx.map.toAxial(turn.state.units[e]!.at!)) === 1,
        );
        if (adj && tryAct({ type: 'plot', unit: id, mission: 'DF-CA', target: adj })) continue;
      }
      let best: { target: string; mission: 'DF' | 'DF-P'; v: number } | undefined;
      for (const e of enemies) {
        const ei = ctx.units.get(e)!;
        const o = shotOdds(ctx, turn.state, [id], e, 'DF');
        if (!o.legal) continue;
        const worth = ei.soft ? 1 : 2;
        const v = (o.odds.destroyed + o.odds.eliminated + 0.3 * o.odds.pinned) * worth;
        if (!best || v > best.v) best = { target: e, mission: 'DF', v };
        if (ctx.rules.layers.optional && !ei.soft && info.he > 0 && !turn.state.units[e]!.pinned) {
          const p = shotOdds(ctx, turn.state, [id], e, 'DF-P');
          const pv = p.legal ? p.odds.pinned * 0.3 * worth : 0;
          if (pv > best.v) best = { target: e, mission: 'DF-P', v: pv };
        }
      }
      if (
        best &&
        best.v >= wt.fireAt &&
        tryAct({ type: 'plot', unit: id, mission: best.mission, target: best.target })
      ) {
        fired++;
        continue;
      }
      if (best && best.v > 0 && best.v < wt.fireAt)
        held.push({ unit: id, target: best.target, v: best.v });
    }
    if (info.cls === 'team' || u.pinned || info.ma === 0) {
      tryAct({ type: 'plot', unit: id, mission: 'OF' });
      continue;
    }
    // A sapper clears rubble that closes a street next to it (CLR, TC-4.9).
    if (info.sapper) {
      const block = turn.state.rubble.find((r) => r.blocksVehicles && near(r.hex, at) <= 1);
      if (
        block &&
        tryAct({ type: 'plot', unit: id, mission: 'CLR', at: [block.hex.col, block.hex.row] })
      )
        continue;
    }
    // A vehicle that infantry plotted to mount this turn waits for it (MT resolves after movement).
    const awaited = Object.values(turn.state.plots[side] ?? {}).some(
      (p) => p.mission === 'MT' && p.target === id,
    );
    if (awaited) {
      tryAct({ type: 'plot', unit: id, mission: 'OF' });
      continue;
    }
    // Infantry far from the objective rides a friendly vehicle with room in its hex.
    if (info.cls === 'infantry' && goal && near(goal, at) > 2 * Math.max(1, info.ma)) {
      const ride = mine.find(
        (v) =>
          v !== id &&
          turn.state.units[v]!.alive &&
          turn.state.units[v]!.at &&
          near(turn.state.units[v]!.at!, at) === 0 &&
          carryCapacity(ctx, v) > ridersOf(ctx, turn.state, v).length &&
          !turn.state.plots[side]?.[v]?.path?.length,
      );
      if (ride && tryAct({ type: 'plot', unit: id, mission: 'MT', target: ride })) continue;
    }
    // Move: the reachable hex with the best mix of the objective, cover and few enemy sight lines.
    const nearestEnemy = enemies
      .map((e) => turn.state.units[e]!.at!)
      .sort(
        (p, q) =>
          hexDistance(ctx.map.toAxial(p), ctx.map.toAxial(at)) -
          hexDistance(ctx.map.toAxial(q), ctx.map.toAxial(at)),
      )[0];
    const reach = reachable(ctx, turn.state, id, allowance(ctx, id, 'MV'));
    const goalAxial = goal ? ctx.map.toAxial(goal) : undefined;
    const cheap = (h: HexRef) => {
      const a = ctx.map.toAxial(h);
      const hex = ctx.map.hex(a)!;
      const g = goalAxial ? hexDistance(a, goalAxial) : 0;
      const cover =
        (hex.woods || hex.urban ? 1 : 0) +
        (info.cls === 'vehicle' && ridgeSpot(ctx, h, nearestEnemy) ? 0.8 : 0) +
        hex.level * 0.2;
      return -g * wt.goal + cover * wt.cover;
    };
    const here = cheap(at);
    // The six best hexes the rules let it plot a move to (in the base game a platoon member must
    // end near its leader, OT-G8).
    const ranked = bestFirst(reach.values(), (r) => cheap(r.hex), 40);
    const candidates: typeof ranked = [];
    for (const c of ranked) {
      if (checkPlot(ctx, turn.state, id, { mission: 'MV', path: c.path }).ok) candidates.push(c);
      if (candidates.length === 6) break;
    }
    const exposure = (h: HexRef) =>
      enemies.filter((e) => {
        const r = hexDistance(ctx.map.toAxial(h), ctx.map.toAxial(turn.state.units[e]!.at!));
        return r <= ctx.units.get(e)!.range && seenBy(e, h);
      }).length;
    let pick: { path: HexRef[]; v: number } | undefined;
    const stay = here - exposure(at) * wt.exposure;
    for (const c of candidates) {
      const v = c.v - exposure(c.hex) * wt.exposure;
      if (v > stay + 0.25 && (!pick || v > pick.v)) pick = { path: c.path, v };
    }
    if (pick) {
      const path = pick.path.map((h) => [h.col, h.row] as const);
      // Backing into a hex behind keeps the front armour toward the enemy (MVR).
      const reverse =
        info.cls === 'vehicle' && backsAway(ctx, at, u.facing, pick.path)
          ? tryAct({ type: 'plot', unit: id, mission: 'MVR', path })
          : false;
      if (reverse || tryAct({ type: 'plot', unit: id, mission: 'MV', path })) continue;
    }
    // Infantry that stays with no enemy in its reach digs in (EN, TC-4.8) instead of waiting.
    if (
      info.cls === 'infantry' &&
      (!nearestEnemy || near(nearestEnemy, at) > info.range) &&
      tryAct({ type: 'plot', unit: id, mission: 'EN' })
    )
      continue;
    tryAct({ type: 'plot', unit: id, mission: 'OF' });
  }
  // A unit marked for a morale test turns to face the enemy if its missions are cancelled (TC-6.4).
  if (ctx.rules.layers.costello)
    for (const id of mine) {
      const u = turn.state.units[id]!;
      const mainPlot = turn.state.plots[side]?.[id];
      const e = u.at ? nearestEnemyTo(u.at) : undefined;
      if (!u.marks.length || !mainPlot || mainPlot.fallback || !e || u.carriedBy) continue;
      const want = sideToward(ctx, u.at!, e);
      const allowed = allowedFacings(ctx, turn.state, id)?.facings;
      const facing = allowed && !allowed.includes(want) ? allowed[0]! : want;
      if (facing !== u.facing)
        tryAct({ type: 'plot', unit: id, mission: 'FC', facing, fallback: true });
    }
  turn.note(
    `${fired} of ${mine.length} units fire${enemies.length === 0 ? ': no enemy on the map is in sight' : ''}`,
  );
  if (held.length > 0) {
    const name = (id: string) => ctx.units.get(id)!.name;
    const named = held
      .slice(0, 3)
      .map((h) => `${name(h.unit)} (at ${name(h.target)}, ${h.v.toFixed(2)})`)
      .join(', ');
    turn.note(
      `holding fire: ${named}${held.length > 3 ? ` and ${held.length - 3} more` : ''}: their best shots are worth less than the ${wt.fireAt} the ${style} style fires at, so they move to a better place instead`,
    );
  }
  tryAct({ type: 'endPlot', side });
  return turn.done();
}

/**
 * Where a mortar with nothing to shoot lays smoke (SF): on the line from the enemy that sees the
 * most exposed friendly unit to it, a third of the way from the friend, within the mortar's reach.
 */
function smokeHex(
  ctx: TankContext,
  state: TankState,
  side: string,
  mortar: string,
  enemies: readonly string[],
): HexRef | undefined {
  const info = ctx.units.get(mortar)!;
  const from = state.units[mortar]!.at!;
  let best: { hex: HexRef; seen: number } | undefined;
  for (const id of ctx.order) {
    const f = ctx.units.get(id)!;
    const fu = state.units[id]!;
    if (f.side !== side || !fu.alive || !fu.at || f.cls === 'team' || f.dummy) continue;
    // The enemies that see it within their range: the ones the smoke should screen it from.
    const watchers = enemies.filter((e) => {
      const eu = state.units[e]!.at!;
      return (
        hexDistance(ctx.map.toAxial(eu), ctx.map.toAxial(fu.at!)) <= ctx.units.get(e)!.range &&
        seesFor(ctx, state, ctx.units.get(e)!.side, eu, fu.at!)
      );
    });
    if (watchers.length === 0) continue;
    const eu = state.units[watchers[0]!]!.at!;
    const a = ctx.map.toAxial(fu.at);
    const b = ctx.map.toAxial(eu);
    const r = hexDistance(a, b);
    if (r < 3) continue;
    // A third of the way, rounded to the nearest hex on the line.
    const t = 1 / 3;
    const q = a.q + (b.q - a.q) * t;
    const rr = a.r + (b.r - a.r) * t;
    const s = -q - rr;
    let rq = Math.round(q);
    let rs = Math.round(rr);
    const rz = Math.round(s);
    const dq = Math.abs(rq - q);
    const dr = Math.abs(rs - rr);
    const dz = Math.abs(rz - s);
    if (dq > dr && dq > dz) rq = -rs - rz;
    else if (dr > dz) rs = -rq - rz;
    const mid = { q: rq, r: rs } as ReturnType<typeof ctx.map.toAxial>;
    if (!ctx.map.hex(mid)) continue;
    const d = hexDistance(ctx.map.toAxial(from), mid);
    if (d < info.rangeMin || d > info.range) continue;
    if (!best || watchers.length > best.seen)
      best = { hex: ctx.map.toRef(mid), seen: watchers.length };
  }
  return best?.hex;
}
