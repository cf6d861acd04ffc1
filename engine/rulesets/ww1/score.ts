import type { ScenarioDoc } from '../../format';
import type { Ww1Rules } from './rules/data';
import { medalsOf, setUpWw1, type Ww1Board, type Ww1State } from './rules/turn';

/**
 * Each side's standing in a WWI game (GameDef.score, engine/game/score.ts) as its chance to win,
 * from how far it has gone in the medal race (WW-G7: a medal for each enemy unit eliminated and
 * for each objective it holds; the first to the scenario's count wins):
 *
 *   progress = medals + PARTIAL_MEDAL × Σ over enemy units (share of its figures lost)²
 *   need     = max(NEED_FLOOR, medals to win − progress)
 *
 * and a side's standing is the logistic of `RACE_LEAD` times its progress over the best other
 * side's plus `RACE_NEED` times the log of the other's need over its own, so two sides'
 * standings sum to 1 and `valueFor` reads the search's horizon as the chance to win. The share
 * lost counts squared because a unit near its end is a medal soon and one scratched is not: a
 * unit down to one figure of four is worth most of a medal, four units down one figure each
 * almost nothing. The need counts because it is a race: a medal's lead near the end (4 to 3)
 * decides more than at the start (1 to 0; about 0.84 against 0.70).
 *
 * The progress was fitted (logistic regression) on 20,576 positions of 1,350 games of the three
 * styles against each other on Through the wire (log-loss 0.563 on games held out, against 0.588
 * for medals alone; the figures left of the side's own units, the cards in hand and the distance
 * to the objective added little or nothing). The need's two weights were fitted on 29,532
 * positions of 1,650 games (the nine style pairs and the exact-odds bot against balanced each
 * way, seeds 1000-1149; the exact bot's 300 counted twice): on 19,673 positions of seeds
 * 5000-5099 log-loss 0.603 against 0.611 for the progress lead alone (`npm run bench:ww1-score`:
 * 0.601 against 0.606), and the search won 64.7% of 300 games against balanced instead of 63.0%
 * (docs/benchmarks.md). Reads the state only: the game is the same with or without it.
 */
const PARTIAL_MEDAL = 1;
/** The logistic's weight of the progress lead (a medal ahead). */
const RACE_LEAD = 0.427;
/** The logistic's weight of the log of the other side's need over the side's own. */
const RACE_NEED = 1.815;
/** The least need counted (a side past the count by partial medals is not infinitely ahead). */
const NEED_FLOOR = 0.5;

export function ww1Score(ctx: {
  readonly scenario: ScenarioDoc;
  readonly rules: Ww1Rules;
  readonly board: Ww1Board;
}): (state: Ww1State) => Record<string, number> {
  let start: Map<string, number> | undefined;
  // The figures each unit sets up with: the scenario's, read once when first asked.
  const startOf = (): Map<string, number> => {
    if (start) return start;
    start = new Map();
    const made = setUpWw1(ctx.scenario, ctx.rules, 0);
    if (made.ok) for (const u of Object.values(made.state.units)) start.set(u.id, u.figures);
    return start;
  };
  return (state) => {
    const medals = medalsOf(ctx.board, state);
    const progress = new Map(state.sides.map((s) => [s, medals[s] ?? 0]));
    for (const u of Object.values(state.units)) {
      const lost = 1 - u.figures / Math.max(1, startOf().get(u.id) ?? u.figures);
      if (lost <= 0) continue;
      for (const s of state.sides)
        if (s !== u.side) progress.set(s, progress.get(s)! + PARTIAL_MEDAL * lost * lost);
    }
    const out: Record<string, number> = {};
    const need = (p: number) => Math.log(Math.max(NEED_FLOOR, ctx.board.medalsToWin - p));
    for (const s of state.sides) {
      let other = -Infinity;
      for (const o of state.sides) if (o !== s) other = Math.max(other, progress.get(o)!);
      const own = progress.get(s)!;
      const lead = Number.isFinite(other)
        ? RACE_LEAD * (own - other) + RACE_NEED * (need(other) - need(own))
        : 0;
      out[s] = 1 / (1 + Math.exp(-lead));
    }
    return out;
  };
}
