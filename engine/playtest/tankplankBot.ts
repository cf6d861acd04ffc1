import type { Point } from '../format';
import type { Reducer } from '../game/reducer';
import { tablePoint, type TablePoint } from '../geometry/units';
import { distance } from '../geometry/vector';
import {
  info,
  onTable,
  planShot,
  shotOdds,
  weaponKey,
  weaponsOf,
  type TankplankAction,
  type TankplankContext,
  type TankplankEvent,
  type TankplankState,
} from '../rules/tankplank';
import type { MovePlan } from './ruleset';

/** How many of the nearest enemies a bot weapon considers, to keep a turn cheap. */
const TARGETS_PER_WEAPON = 4;

/**
 * A plain Tankplank bot: in the Movement phase every unit heads for its side's objective (the
 * enemy's far edge if it has none), entering spread along its edge and stopping short where the
 * path is blocked; crew weapons set up once enemies are in range. In the Firing phase each unit
 * fires its weapon with the best chance of putting a target out of action. Each list ends with
 * `endPhase`, so a bot side always lets the game go on.
 */
export function tankplankBotActions(
  ctx: TankplankContext,
  reducer: Reducer<TankplankState, TankplankAction, TankplankEvent>,
  state: TankplankState,
  side: string,
  planMove: (state: TankplankState, unit: string, to: Point) => MovePlan,
): TankplankAction[] {
  const out: TankplankAction[] = [];
  const end: TankplankAction = { type: 'endPhase', side };
  if (state.phase === 'ended' || state.ended.includes(side)) return [];
  const own = Object.values(state.units)
    .filter((u) => u.side === side && u.alive)
    .sort((a, b) => a.id.localeCompare(b.id));
  const enemies = Object.values(state.units).filter(
    (u) => u.side !== side && onTable(u) && !u.doomed,
  );
  if (state.phase === 'movement') {
    const goal = goalOf(ctx, side);
    let s = state;
    let k = 0;
    for (const u of own) {
      if (u.embarkedIn || u.moved > 0) continue;
      const i = info(ctx, s, u.id);
      const here = u.at ? tablePoint(u.at[0], u.at[1]) : undefined;
      // Crew weapons set up when an enemy is within reach of the weapon.
      const setUpW = weaponsOf(ctx, i).find((w) => w.weapon.stats?.['needsSetUp'] === true);
      if (setUpW && here) {
        const range = Math.max(0, ...(setUpW.weapon.ranges ?? []).map((b) => b.max));
        const near = enemies.some((e) => distance(here, tablePoint(e.at![0], e.at![1])) <= range);
        const up = s.teamWeapons[weaponKey(i, setUpW.weapon)]?.setUp ?? false;
        if (near && !up) {
          const a: TankplankAction = { type: 'setUp', unit: u.id };
          const r = reducer(s, a);
          if (r.ok) {
            out.push(a);
            s = r.state;
          }
          continue;
        }
        if (up) continue;
      }
      const spread = ((k++ * 2.3) % (ctx.map.height - 4)) + 2;
      const target: TablePoint = here
        ? goal
        : tablePoint(goal.x, spread + (goal.y - ctx.map.height / 2) * 0.2);
      const plan = planMove(s, u.id, here ? [target.x, target.y] : [target.x, spread]);
      if (!plan.ok) continue;
      const r = reducer(s, plan.action as TankplankAction);
      if (!r.ok) continue;
      out.push(plan.action as TankplankAction);
      s = r.state;
    }
    out.push(end);
    return out;
  }
  if (state.phase === 'firing') {
    for (const u of own) {
      const at = u.at ?? (u.embarkedIn ? state.units[u.embarkedIn]?.at : null);
      if (!at) continue;
      const from = tablePoint(at[0], at[1]);
      const i = info(ctx, state, u.id);
      let best: { a: TankplankAction; p: number } | undefined;
      for (const m of weaponsOf(ctx, i)) {
        const w = m.weapon;
        const max = Math.max(0, ...(w.ranges ?? []).map((b) => b.max));
        const near = enemies
          .map((e) => ({ e, d: distance(from, tablePoint(e.at![0], e.at![1])) }))
          .filter((x) => x.d <= max + 1e-9)
          .sort((a, b) => a.d - b.d)
          .slice(0, TARGETS_PER_WEAPON);
        const ammoKinds: ('AP' | 'HE' | undefined)[] =
          w.kind === 'cannon' && 'HE' in u.ammo ? ['AP', 'HE'] : [undefined];
        for (const { e } of near) {
          for (const ammo of ammoKinds) {
            const req: {
              unit: string;
              weapon: string;
              at?: Point;
              target?: string;
              ammo?: 'AP' | 'HE';
            } = {
              unit: u.id,
              weapon: w.id,
              ...(w.kind === 'mortar' ? { at: [e.at![0], e.at![1]] as Point } : { target: e.id }),
              ...(ammo ? { ammo } : {}),
            };
            const plan = planShot(ctx, state, req);
            if ('refused' in plan) continue;
            const odds = shotOdds(ctx, plan);
            const value =
              (odds.pKill + odds.perUnit.reduce((sum, x) => sum + x.p, 0) * 0.5) *
              (info(ctx, state, e.id).kind === 'figure' ? 1 : 3);
            if (!best || value > best.p) best = { a: { type: 'fire', ...req }, p: value };
          }
        }
      }
      if (best && best.p > 0.02) out.push(best.a);
    }
    out.push(end);
    return out;
  }
  return [end];
}

/** Where a side heads: the middle of its own objective, or the far edge. */
function goalOf(ctx: TankplankContext, side: string): TablePoint {
  const o = ctx.objectives.find((x) => x.owner === side && x.area);
  const a = o?.area;
  if (a?.shape === 'rect') return tablePoint(a.x + a.width / 2, a.y + a.height / 2);
  if (a?.shape === 'circle') return tablePoint(a.center[0], a.center[1]);
  if (a?.shape === 'polygon' && a.points.length) {
    const n = a.points.length;
    return tablePoint(
      a.points.reduce((s, p) => s + p[0], 0) / n,
      a.points.reduce((s, p) => s + p[1], 0) / n,
    );
  }
  const e = ctx.entryEdges.get(side)?.edge;
  return e === 'east'
    ? tablePoint(0, ctx.map.height / 2)
    : e === 'north'
      ? tablePoint(ctx.map.width / 2, ctx.map.height)
      : e === 'south'
        ? tablePoint(ctx.map.width / 2, 0)
        : tablePoint(ctx.map.width, ctx.map.height / 2);
}
