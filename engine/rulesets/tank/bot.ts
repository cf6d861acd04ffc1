import type { HexRef } from '../../format';
import type { BotStyle, SideTurn } from '../../game/gameDef';
import {
  axialToPoint,
  hexDistance,
  hexNeighbours,
  hexsideKey,
  hexsideToward,
  type HexDirection,
} from '../../hex';
import type { TankContext } from './rules/context';
import { shotOdds, sightFor } from './rules/fire';
import { allowance, enterable, unitsAt } from './rules/plot';
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
  const frontier = [start];
  while (frontier.length) {
    frontier.sort((a, b) => out.get(key(a))!.cost - out.get(key(b))!.cost);
    const at = frontier.shift()!;
    const here = out.get(key(at))!;
    for (const n of hexNeighbours(ctx.map.toAxial(at))) {
      const hex = ctx.map.hex(n);
      if (!hex) continue;
      const h = ctx.map.toRef(n);
      if (!enterable(ctx, unit, h)) continue;
      if (unitsAt(ctx, state, h).some((o) => ctx.units.get(o)!.side !== info.side)) continue;
      const cost = here.cost + hex.mp;
      if (cost > mp) continue;
      const was = out.get(key(h));
      if (was && was.cost <= cost) continue;
      out.set(key(h), { hex: h, cost, path: [...here.path, h] });
      frontier.push(h);
    }
  }
  out.delete(key(start));
  return out;
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

/**
 * The bot's plots for a side: each unit shoots at the target its exact odds favour most (close
 * assault when infantry stands next to an enemy, pinning fire at a tank its gun cannot hurt,
 * mortar calls on the hex of the best visible target), or moves toward the objective by the hex
 * that best mixes cover, hull-down ridges and few enemy sight lines. It sees what a player sees:
 * enemy counters, not which of them are dummies.
 */
export function tankBotTurn(
  ctx: TankContext,
  start: TankState,
  side: string,
  style: BotStyle = 'balanced',
): SideTurn<TankState, TankAction, TankEvent> {
  if (start.phase !== 'plot' || start.done.includes(side) || !ctx.sides.includes(side))
    return { actions: [], state: start, events: [] };
  const reduce = tankReducer(ctx);
  const wt = WEIGHTS[style];
  let state = start;
  const actions: TankAction[] = [];
  const events: TankEvent[] = [];
  const tryAct = (a: TankAction): boolean => {
    const r = reduce(state, a);
    if (!r.ok) return false;
    state = r.state;
    actions.push(a);
    events.push(...r.events);
    return true;
  };
  const enemies = ctx.order.filter((id) => {
    const i = ctx.units.get(id)!;
    const u = state.units[id]!;
    return i.side !== side && i.cls !== 'team' && u.alive && u.at !== null;
  });
  const goal = ctx.hold?.hexes[0];
  const mine = ctx.order.filter(
    (id) => ctx.units.get(id)!.side === side && state.units[id]!.alive && state.units[id]!.at,
  );
  for (const id of mine) {
    const info = ctx.units.get(id)!;
    const u = state.units[id]!;
    const at = u.at!;
    if (!info.dummy) {
      if (info.mortar) {
        let best: { hex: HexRef; v: number } | undefined;
        for (const e of enemies) {
          const eh = state.units[e]!.at!;
          const r = hexDistance(ctx.map.toAxial(at), ctx.map.toAxial(eh));
          if (r < info.rangeMin || r > info.range) continue;
          const v = unitsAt(ctx, state, eh).length - r / 100;
          if (!best || v > best.v) best = { hex: eh, v };
        }
        if (
          best &&
          tryAct({ type: 'plot', unit: id, mission: 'IF', at: [best.hex.col, best.hex.row] })
        )
          continue;
        tryAct({ type: 'plot', unit: id, mission: 'OF' });
        continue;
      }
      if (ctx.rules.layers.optional && info.cls === 'infantry' && !u.pinned) {
        const adj = enemies.find(
          (e) => hexDistance(ctx.map.toAxial(at), ctx.map.toAxial(state.units[e]!.at!)) === 1,
        );
        if (adj && tryAct({ type: 'plot', unit: id, mission: 'DF-CA', target: adj })) continue;
      }
      let best: { target: string; mission: 'DF' | 'DF-P'; v: number } | undefined;
      for (const e of enemies) {
        const ei = ctx.units.get(e)!;
        const o = shotOdds(ctx, state, [id], e, 'DF');
        if (!o.legal) continue;
        const worth = ei.soft ? 1 : 2;
        const v = (o.odds.destroyed + o.odds.eliminated + 0.3 * o.odds.pinned) * worth;
        if (!best || v > best.v) best = { target: e, mission: 'DF', v };
        if (ctx.rules.layers.optional && !ei.soft && info.he > 0 && !state.units[e]!.pinned) {
          const p = shotOdds(ctx, state, [id], e, 'DF-P');
          const pv = p.legal ? p.odds.pinned * 0.3 * worth : 0;
          if (pv > best.v) best = { target: e, mission: 'DF-P', v: pv };
        }
      }
      if (
        best &&
        best.v >= wt.fireAt &&
        tryAct({ type: 'plot', unit: id, mission: best.mission, target: best.target })
      )
        continue;
    }
    if (info.cls === 'team' || u.pinned || info.ma === 0) {
      tryAct({ type: 'plot', unit: id, mission: 'OF' });
      continue;
    }
    // Move: the reachable hex with the best mix of the objective, cover and few enemy sight lines.
    const nearestEnemy = enemies
      .map((e) => state.units[e]!.at!)
      .sort(
        (p, q) =>
          hexDistance(ctx.map.toAxial(p), ctx.map.toAxial(at)) -
          hexDistance(ctx.map.toAxial(q), ctx.map.toAxial(at)),
      )[0];
    const reach = reachable(ctx, state, id, allowance(ctx, id, 'MV'));
    const cheap = (h: HexRef) => {
      const hex = ctx.map.hex(ctx.map.toAxial(h))!;
      const g = goal ? hexDistance(ctx.map.toAxial(h), ctx.map.toAxial(goal)) : 0;
      const cover =
        (hex.woods || hex.urban ? 1 : 0) +
        (info.cls === 'vehicle' && ridgeSpot(ctx, h, nearestEnemy) ? 0.8 : 0) +
        hex.level * 0.2;
      return -g * wt.goal + cover * wt.cover;
    };
    const here = cheap(at);
    const candidates = [...reach.values()]
      .map((r) => ({ ...r, v: cheap(r.hex) }))
      .sort((a, b) => b.v - a.v)
      .slice(0, 6);
    const exposure = (h: HexRef) =>
      enemies.filter((e) => {
        const r = hexDistance(ctx.map.toAxial(h), ctx.map.toAxial(state.units[e]!.at!));
        return (
          r <= ctx.units.get(e)!.range &&
          sightFor(ctx, state, ctx.units.get(e)!.side, state.units[e]!.at!, h).visible
        );
      }).length;
    let pick: { path: HexRef[]; v: number } | undefined;
    const stay = here - exposure(at) * wt.exposure;
    for (const c of candidates) {
      const v = c.v - exposure(c.hex) * wt.exposure;
      if (v > stay + 0.25 && (!pick || v > pick.v)) pick = { path: c.path, v };
    }
    if (
      pick &&
      tryAct({
        type: 'plot',
        unit: id,
        mission: 'MV',
        path: pick.path.map((h) => [h.col, h.row] as const),
      })
    )
      continue;
    tryAct({ type: 'plot', unit: id, mission: 'OF' });
  }
  tryAct({ type: 'endPlot', side });
  return { actions, state, events };
}
