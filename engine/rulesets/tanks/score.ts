import type { TanksContext, TanksState } from './rules';
import { holderOf, objectivesOf, statOf } from './rules';

/**
 * Each side's standing in a TANKS game (GameDef.score, engine/game/score.ts): its material, the
 * points of its models still fighting (or still to deploy), each by the Damage it can still take,
 * as a share of the points it started with, blended half and half with its progress on the objectives as the scenario scores them:
 * its victory points as a share of those it needs when a condition wins on victory points, else
 * its share of the objectives it holds now. Without objectives or victory points the standing is
 * the material alone (the side with no tanks left loses, TK-7; a time-out counts points
 * destroyed, TK-9). Reads the state only: the game is the same with or without it.
 */
export function tanksScore(ctx: TanksContext): (state: TanksState) => Record<string, number> {
  const start = new Map(ctx.sides.map((s) => [s, 0]));
  for (const m of ctx.models.values()) start.set(m.side, (start.get(m.side) ?? 0) + worth(m));
  const vpNeeded = new Map<string, number>();
  for (const c of ctx.scenario.victory.conditions)
    if (c.kind === 'mostVictoryPoints' && c.side && c.points !== undefined && c.points > 0)
      vpNeeded.set(c.side, c.points);
  return (state) => {
    const material = new Map(ctx.sides.map((s) => [s, 0]));
    for (const m of Object.values(state.models)) {
      if (m.status !== 'active') continue;
      const i = ctx.models.get(m.id);
      if (i) material.set(i.side, (material.get(i.side) ?? 0) + worth(i) * health(ctx, state, m));
    }
    const objectives = vpNeeded.size > 0 ? [] : objectivesOf(ctx, state);
    const held = new Map<string, number>();
    for (const o of objectives) {
      const h = holderOf(ctx, state, o);
      if (h) held.set(h, (held.get(h) ?? 0) + 1);
    }
    const out: Record<string, number> = {};
    for (const s of ctx.sides) {
      const m = (material.get(s) ?? 0) / Math.max(1e-9, start.get(s) ?? 0);
      let ground: number | undefined;
      if (vpNeeded.size > 0) {
        // A side with no victory-point condition of its own is measured against the other's.
        const need = vpNeeded.get(s) ?? Math.max(...vpNeeded.values());
        ground = Math.min(1, (state.vp[s] ?? 0) / need);
      } else if (objectives.length > 0) ground = (held.get(s) ?? 0) / objectives.length;
      out[s] = ground === undefined ? m : (m + ground) / 2;
    }
    return out;
  };
}

/**
 * How much of a model's worth its Damage leaves: half for being in play, half by the Damage
 * Capacity it has left; none once it has reached it (it is destroyed in the Command phase, TK-7).
 * A tank one hit from destruction is not worth a fresh one: the search bot's look ahead of a
 * duel reads this before either tank is gone.
 */
function health(
  ctx: TanksContext,
  state: TanksState,
  m: { readonly id: string; readonly damage: number },
): number {
  const capacity = statOf(ctx, state, m.id, 'damageCapacity');
  if (!(capacity > 0)) return 1;
  if (m.damage >= capacity) return 0;
  return 0.5 + (0.5 * (capacity - m.damage)) / capacity;
}

/** A model's worth: its points with the cards it started with, one when the catalog prices none. */
const worth = (m: { readonly points: number }) => (m.points > 0 ? m.points : 1);

/**
 * The side that goes first: the Attacker, who holds the Advantage on the first turn (it wins
 * the initiative ties, TK-2.4). Undefined when the scenario names the Attacker, as then the same
 * side goes first in every game; otherwise the roll-off draws it for each game.
 */
export function tanksFirstPlayer(ctx: TanksContext, state: TanksState): string | undefined {
  const named = ctx.scenario.deployment.attacker;
  return named && ctx.sides.includes(named) ? undefined : state.attacker;
}
