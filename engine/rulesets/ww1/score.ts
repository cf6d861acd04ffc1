import type { ScenarioDoc } from '../../format';
import type { Ww1Rules } from './rules/data';
import { medalsOf, setUpWw1, type Ww1Board, type Ww1State } from './rules/turn';

/**
 * Each side's standing in a WWI game (GameDef.score, engine/game/score.ts): its material, the
 * figures it still has as a share of those it set up with, blended half and half with its
 * medals as a share of the medals that win (WW-G7: medals for enemy units eliminated and for the
 * objectives it holds; a side wins on reaching them or when the enemy has no unit left). Reads
 * the state only: the game is the same with or without it.
 */
export function ww1Score(ctx: {
  readonly scenario: ScenarioDoc;
  readonly rules: Ww1Rules;
  readonly board: Ww1Board;
}): (state: Ww1State) => Record<string, number> {
  let start: Map<string, number> | undefined;
  // The figures each side sets up with: the scenario's, read once when first asked.
  const startOf = (): Map<string, number> => {
    if (start) return start;
    start = new Map();
    const made = setUpWw1(ctx.scenario, ctx.rules, 0);
    if (made.ok)
      for (const u of Object.values(made.state.units))
        start.set(u.side, (start.get(u.side) ?? 0) + u.figures);
    return start;
  };
  return (state) => {
    const figures = new Map<string, number>();
    for (const u of Object.values(state.units))
      figures.set(u.side, (figures.get(u.side) ?? 0) + u.figures);
    const medals = medalsOf(ctx.board, state);
    const toWin = Math.max(1, ctx.board.medalsToWin);
    const out: Record<string, number> = {};
    for (const s of state.sides) {
      const m = (figures.get(s) ?? 0) / Math.max(1e-9, startOf().get(s) ?? 0);
      out[s] = (Math.min(1, m) + Math.min(1, (medals[s] ?? 0) / toWin)) / 2;
    }
    return out;
  };
}
