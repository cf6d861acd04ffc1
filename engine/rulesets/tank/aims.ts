import type { HexRef } from '../../format';
import { hexDistance } from '../../hex';
import { reachable } from './bot';
import type { TankContext } from './rules/context';
import { allowance, checkPlot } from './rules/plot';
import type { TankAction, TankState } from './rules/state';

/**
 * The plots of a side's units that aim at the scenario's hold objective (GameDef.aimedActions,
 * for the search bot): each unit that counts on the objective (TC-G9's holder classes) and may
 * move this turn plots a move to the hex it can reach nearest the objective's hexes (the nearest
 * by path cost among those), or, standing on them, stays (OF). The side that must hold it takes
 * it; the other denies it, as a unit of its own there stops the hold. None without an objective.
 */
export function tankAimedActions(ctx: TankContext, state: TankState, side: string): TankAction[] {
  const hold = ctx.hold;
  if (!hold || state.phase !== 'plot' || state.done.includes(side)) return [];
  const zone = hold.hexes.map((h) => ctx.map.toAxial(h));
  const toZone = (h: HexRef) => {
    const a = ctx.map.toAxial(h);
    let d = Infinity;
    for (const z of zone) d = Math.min(d, hexDistance(a, z));
    return d;
  };
  const out: TankAction[] = [];
  for (const id of ctx.order) {
    const info = ctx.units.get(id)!;
    const u = state.units[id]!;
    if (info.side !== side || !u.alive || !u.at || u.carriedBy || info.dummy) continue;
    if (info.cls === 'team' || info.ma === 0 || u.pinned || !hold.classes.includes(info.cls))
      continue;
    const here = toZone(u.at);
    if (here === 0) {
      if (checkPlot(ctx, state, id, { mission: 'OF' }).ok)
        out.push({ type: 'plot', unit: id, mission: 'OF' });
      continue;
    }
    let best: { d: number; cost: number; path: HexRef[] } | undefined;
    for (const r of reachable(ctx, state, id, allowance(ctx, id, 'MV')).values()) {
      const d = toZone(r.hex);
      if (d >= here || (best && (d > best.d || (d === best.d && r.cost >= best.cost)))) continue;
      if (!checkPlot(ctx, state, id, { mission: 'MV', path: r.path }).ok) continue;
      best = { d, cost: r.cost, path: r.path };
    }
    if (best)
      out.push({
        type: 'plot',
        unit: id,
        mission: 'MV',
        path: best.path.map((h) => [h.col, h.row] as const),
      });
  }
  return out;
}
