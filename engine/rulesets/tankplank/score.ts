import type { TankplankContext, TankplankState } from './rules';
import { oddTurnLead } from './rules';

/**
 * Each side's standing in a Tankplank game (GameDef.score, engine/game/score.ts): its material,
 * the worth of its troops still alive (the unit's points, else its type's, else one: the bundled
 * catalogs price none, so a man and a vehicle count alike) as a share of what it started with,
 * blended half and half with how far its hold of its objective has got (turns held of the turns
 * it needs, TP-3.3, TP-A47), as a side wins by holding its objective or by being the one with
 * troops left (TP-G12). Weapon pieces and boats are things, not troops, and count for nothing.
 * Without objectives the standing is the material alone. Reads the state only.
 */
export function tankplankScore(
  ctx: TankplankContext,
): (state: TankplankState) => Record<string, number> {
  const worthOf = new Map<string, number>();
  const start = new Map(ctx.sides.map((s) => [s, 0]));
  for (const [id, i] of ctx.units) {
    const kw = i.type.keywords ?? [];
    if (kw.includes('weaponPiece') || kw.includes('boat')) continue;
    const points = i.unit.points ?? i.type.points;
    const w = points !== undefined && points > 0 ? points : 1;
    worthOf.set(id, w);
    start.set(i.side, (start.get(i.side) ?? 0) + w);
  }
  const holdTurns = ctx.options.num('TP-A47');
  const needed = new Map(ctx.objectives.map((o) => [o.id, o.holdTurns ?? holdTurns]));
  return (state) => {
    const material = new Map(ctx.sides.map((s) => [s, 0]));
    for (const u of state.units.list())
      if (u.alive) material.set(u.side, (material.get(u.side) ?? 0) + (worthOf.get(u.id) ?? 0));
    const withObjectives = Object.keys(state.objectives).length > 0;
    const out: Record<string, number> = {};
    for (const s of ctx.sides) {
      const m = (material.get(s) ?? 0) / Math.max(1e-9, start.get(s) ?? 0);
      if (!withObjectives) {
        out[s] = m;
        continue;
      }
      const o = Object.hasOwn(state.objectives, s) ? state.objectives[s] : undefined;
      const need = o ? (needed.get(o.objective) ?? holdTurns) : 0;
      const ground = o && need > 0 ? Math.min(1, o.heldTurns / need) : 0;
      out[s] = (m + ground) / 2;
    }
    return out;
  };
}

/**
 * The side that moves first on the game's first turn: drawn for each game from its seed
 * (TP-4.3, `oddTurnLead`), so the balance lab can weigh the advantage of going first.
 */
export function tankplankFirstPlayer(ctx: TankplankContext, state: TankplankState): string {
  return ctx.sides[oddTurnLead(ctx, state)]!;
}
