import type { TanksContext, TanksState } from './rules';

/**
 * What the search bot (engine/game/bots/search.ts) is told about TANKS through the GameDef's
 * optional hooks.
 *
 * Standing (`standPhases`): a tank that does not move is Stationary and re-rolls its missed
 * attack dice (TK-4.5, TK-6.5), and an enemy that must move to see it gives it a Defence die a
 * move (TK-6.6): a plan whose worth shows over several turns, so the search weighs standing in
 * every Movement phase as a plan of its own, this turn and in its look ahead. On Your First
 * Game the T-64 standing all game wins 24% of the decided games against the aggressive M1, the
 * style's own moves 14% (scripts/bench/tanksSearchDuel.ts, 200 games).
 */
export const TANKS_STAND_PHASES: readonly string[] = ['movement'];

/**
 * How far the search looks ahead in a TANKS game (`searchLook`): in a duel (two models in play)
 * the standing two turns on misjudges the plans (on Your First Game the T-64's own moves are worth
 * 0.36 of a game two turns on and standing 0.35, but 0.22 and 0.32 by the game's end: the moves
 * trade an even first exchange for a place the M1 then outflanks), so its rollouts go on
 * `DUEL_HORIZON` turns (with the preset's budget of side turns: fewer of them). With more models,
 * the preset's: their side turns cost more and their games run longer.
 */
export function tanksSearchLook(
  ctx: TanksContext,
): (state: TanksState) => { readonly horizon: number } | undefined {
  return (state) => {
    let n = 0;
    for (const id of ctx.order) if (state.models[id]?.status === 'active') n++;
    return n <= 2 ? { horizon: DUEL_HORIZON } : undefined;
  };
}

/** Game turns a duel's rollouts look ahead (Your First Game's games lasted about three). */
const DUEL_HORIZON = 5;
