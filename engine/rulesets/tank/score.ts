import type { TankContext } from './rules/context';
import type { TankPlayState } from './steps';

/**
 * Each side's standing in a TANK! game (GameDef.score, engine/game/score.ts): its material, the
 * worth of its units still alive (catalog points, else one a unit; dummies count for nothing) as
 * a share of what it started with, blended half and half with the scenario's hold objective as
 * it wins (TC-G9): for the side that must hold it, the turns held of the turns needed; for the
 * other, what is left of that when the turn limit wins it the game, nothing when the limit
 * is a draw. Without a hold objective the standing is the material alone (a side with no unit
 * left on the map loses). Reads the state only: the game is the same with or without it.
 */
export function tankScore(ctx: TankContext): (state: TankPlayState) => Record<string, number> {
  const worthOf = new Map<string, number>();
  const start = new Map(ctx.sides.map((s) => [s, 0]));
  for (const [id, u] of ctx.units) {
    if (u.dummy) continue;
    const w = u.points > 0 ? u.points : 1;
    worthOf.set(id, w);
    start.set(u.side, (start.get(u.side) ?? 0) + w);
  }
  const hold = ctx.hold;
  return (state) => {
    const material = new Map(ctx.sides.map((s) => [s, 0]));
    for (const [id, w] of worthOf) {
      const u = state.units[id];
      const side = ctx.units.get(id)!.side;
      if (u?.alive) material.set(side, (material.get(side) ?? 0) + w);
    }
    const progress = hold ? Math.min(1, state.held / Math.max(1, hold.turns)) : 0;
    const out: Record<string, number> = {};
    for (const s of ctx.sides) {
      const m = (material.get(s) ?? 0) / Math.max(1e-9, start.get(s) ?? 0);
      if (!hold) {
        out[s] = m;
        continue;
      }
      const ground = s === hold.side ? progress : ctx.timeWinner === s ? 1 - progress : 0;
      out[s] = (m + ground) / 2;
    }
    return out;
  };
}
