import type { GameDef } from './gameDef';

/**
 * How a game stands for each side while it is still going: the number the balance lab's lead
 * changes and comebacks are counted from, and the search bot's evaluation at the end of its
 * look-ahead. A ruleset supplies it through `GameDef.score` (its own weights of material and
 * objectives); for one that does not, `standing` estimates it from what every game reports.
 *
 * The scale: each side's number is a share from 0 to 1 of what the rules value (its material
 * still fighting, weighted with the objectives it holds), so two sides' numbers compare and a
 * lead is their difference.
 */

/** Each side's standing, by side id. */
export type Standing = Readonly<Record<string, number>>;

/** Weight of objectives against material in the estimate (material counts 1). */
const OBJECTIVE_WEIGHT = 1;

/**
 * Each side's standing: the ruleset's own `score`, or else an estimate: the side's share of the
 * pieces still on their feet (a piece not yet on the board counts: it is still to come) and of the
 * objectives held, material and objectives weighted alike. Zero for every side when neither is
 * reported.
 */
export function standing<S>(
  game: Pick<GameDef<S>, 'sides' | 'score' | 'pieces' | 'objectives'>,
  state: S,
): Standing {
  if (game.score) return game.score(state);
  const alive = new Map(game.sides.map((s) => [s.id, 0]));
  let total = 0;
  for (const p of game.pieces?.(state) ?? []) {
    if (!p.alive || !alive.has(p.side)) continue;
    alive.set(p.side, alive.get(p.side)! + 1);
    total++;
  }
  const held = new Map(game.sides.map((s) => [s.id, 0]));
  const objectives = game.objectives?.(state) ?? [];
  for (const o of objectives)
    if (o.holder && held.has(o.holder)) held.set(o.holder, held.get(o.holder)! + 1);
  const out: Record<string, number> = {};
  const weight = (total > 0 ? 1 : 0) + (objectives.length > 0 ? OBJECTIVE_WEIGHT : 0);
  for (const s of game.sides) {
    const material = total > 0 ? alive.get(s.id)! / total : 0;
    const ground =
      objectives.length > 0 ? (OBJECTIVE_WEIGHT * held.get(s.id)!) / objectives.length : 0;
    out[s.id] = weight > 0 ? (material + ground) / weight : 0;
  }
  return out;
}

/** The side ahead by its standing, or null when the best two are level (within `tie`). */
export function leader(scores: Standing, tie = 1e-9): string | null {
  let best: string | null = null;
  let top = -Infinity;
  let second = -Infinity;
  for (const [side, v] of Object.entries(scores)) {
    if (v > top) {
      second = top;
      top = v;
      best = side;
    } else if (v > second) second = v;
  }
  return top - second > tie ? best : null;
}

/**
 * How good a state is for `side`, from 0 to 1: 1 won, 0 lost, 1/2 drawn; in a game still going,
 * 1/2 plus half its lead over the best other side (standings are shares, so a lead is at most 1).
 */
export function valueFor<S>(
  game: Pick<GameDef<S>, 'sides' | 'score' | 'pieces' | 'objectives' | 'status' | 'result'>,
  state: S,
  side: string,
): number {
  if (game.status(state).over) {
    const r = game.result(state);
    if (!r || r.winner === 'draw') return 0.5;
    return r.winner === side ? 1 : 0;
  }
  const scores = standing(game, state);
  const own = scores[side] ?? 0;
  let other = -Infinity;
  for (const [id, v] of Object.entries(scores)) if (id !== side) other = Math.max(other, v);
  if (!Number.isFinite(other)) other = 0;
  return Math.min(1, Math.max(0, 0.5 + (own - other) / 2));
}
