import type {
  FirstPlayerAdvantage,
  GameRecord,
  LengthPercentiles,
  QualityReport,
  Share,
  ShareDifference,
} from './types';
import { shareDifference, wilson } from './wilson';

export { shareDifference };

/**
 * Game-quality measures of a set of lab games, as game-design research reads them beyond the win
 * share: whether games get decided, how long they run, whether the lead changes hands and the
 * side behind can still win, whether moving first matters, and (restricted play, played by
 * qualityRestricted.ts) how much each unit type is worth to its side. A pure function of the
 * records, for the lab report and the balance advisor alike.
 */

/** What a measure means and what a good range is, in one line each: for the CLI, app and docs. */
export interface QualityMeasureText {
  /** Its name in a report. */
  readonly label: string;
  /** What it means, in one line. */
  readonly means: string;
  /** What a good range is, in one line. */
  readonly good: string;
}

/** The measures, in the order reports list them. */
export type QualityMeasure =
  | 'decisiveness'
  | 'draws'
  | 'drawsAtLimit'
  | 'length'
  | 'leadChanges'
  | 'comebacks'
  | 'firstPlayer'
  | 'restricted';

export const QUALITY_MEASURES: Readonly<Record<QualityMeasure, QualityMeasureText>> = {
  decisiveness: {
    label: 'decisiveness',
    means: 'share of games a side won (not drawn, not unfinished)',
    good: 'above 80%; under 50% the layout or the turn limit leaves most games unsettled',
  },
  draws: {
    label: 'drawishness',
    means: 'share of games that ended drawn, however they ended',
    good: 'under 20%, unless the scenario is meant to be held to a draw',
  },
  drawsAtLimit: {
    label: 'draws at the turn limit',
    means: 'share of games still undecided when the turn limit ended them',
    good: 'under 10%; more says the turn limit is short for the layout (or the bots slow)',
  },
  length: {
    label: 'game length',
    means: 'turns played: the 10th, 50th and 90th percentile over the games',
    good: 'the median in the last third of the turn limit, and the 10th percentile not a rout in a turn or two',
  },
  leadChanges: {
    label: 'lead changes per game',
    means:
      'times the side ahead by material and objectives at the end of a turn changed, on average',
    good: 'about 1 to 3; near 0 the first side ahead runs away with the game, far more is noise',
  },
  comebacks: {
    label: 'comebacks',
    means: 'share of decided games whose winner was behind at the end of some turn after the first',
    good: '15% to 40%: the side behind can still win, but being ahead counts',
  },
  firstPlayer: {
    label: 'first-player advantage',
    means: 'share of decided games won by the side that moved first, where the rules draw it',
    good: 'its interval contains 50%; outside 45% to 55% moving first decides too much',
  },
  restricted: {
    label: 'restricted play',
    means:
      "drop in the side's win share when it plays the same seeds without the unit type's units",
    good: 'above 0 for every type (each matters); no one type near the whole win share (no must-have)',
  },
};

/** The p-th percentile (0..100) of sorted numbers, by the nearest rank. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

/** Game lengths as percentiles and mean. */
export function lengthPercentiles(turns: readonly number[]): LengthPercentiles {
  const sorted = [...turns].sort((a, b) => a - b);
  return {
    p10: percentile(sorted, 10),
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    mean: sorted.length ? sorted.reduce((a, b) => a + b, 0) / sorted.length : 0,
  };
}

/** Times the leader changed: a level turn keeps the last side ahead. */
export function leadChangesOf(leaders: readonly (string | null)[]): number {
  let last: string | null = null;
  let changes = 0;
  for (const l of leaders) {
    if (l === null) continue;
    if (last !== null && l !== last) changes++;
    last = l;
  }
  return changes;
}

/**
 * Whether the winner came back: behind (another side ahead) at the end of some turn after the
 * first and before the game ended (the last entry is the final state's, left out).
 */
export function cameBack(leaders: readonly (string | null)[], winner: string): boolean {
  for (let t = 1; t < leaders.length - 1; t++) {
    const l = leaders[t];
    if (l !== null && l !== undefined && l !== winner) return true;
  }
  return false;
}

const decidedGame = (g: GameRecord) => g.winner !== null && g.winner !== 'draw';

/** First-player advantage, or why it does not apply to these games. */
export function firstPlayerOf(
  games: readonly GameRecord[],
  sides: readonly { readonly id: string; readonly name: string }[],
): FirstPlayerAdvantage {
  const withFirst = games.filter((g) => g.firstPlayer !== undefined);
  if (withFirst.length === 0)
    return {
      applies: false,
      why: 'the rules do not draw who moves first for each game (the scenario fixes it, or the sides act at once)',
    };
  const movedFirst: Record<string, number> = {};
  for (const g of withFirst) movedFirst[g.firstPlayer!] = (movedFirst[g.firstPlayer!] ?? 0) + 1;
  const only = Object.keys(movedFirst);
  if (only.length === 1) {
    const name = sides.find((s) => s.id === only[0])?.name ?? only[0]!;
    return {
      applies: false,
      why: `${name} moved first in every game, so moving first cannot be told from being ${name}`,
    };
  }
  const decided = withFirst.filter(decidedGame);
  const won = decided.filter((g) => g.winner === g.firstPlayer).length;
  return { applies: true, wins: wilson(won, decided.length), movedFirst };
}

/**
 * The quality measures of a set of games (any order): decisiveness, draws, draws at the turn
 * limit, length percentiles, lead changes and comebacks (from the games that recorded their
 * leaders) and first-player advantage. Restricted play is added by `withRestricted`.
 */
export function qualityOf(
  records: readonly GameRecord[],
  sides: readonly { readonly id: string; readonly name: string }[],
): QualityReport {
  const n = records.length;
  const decided = records.filter(decidedGame);
  const tracked = records.filter((g) => g.leaders !== undefined && g.leaders.length > 0);
  const changes = tracked.map((g) => leadChangesOf(g.leaders!));
  const trackedDecided = tracked.filter(decidedGame);
  return {
    decisiveness: wilson(decided.length, n),
    draws: wilson(records.filter((g) => g.winner === 'draw').length, n),
    drawsAtLimit: wilson(records.filter((g) => g.atTurnLimit === true).length, n),
    length: lengthPercentiles(records.map((g) => g.turns)),
    ...(tracked.length > 0
      ? {
          leadChanges: {
            games: tracked.length,
            mean: changes.reduce((a, b) => a + b, 0) / tracked.length,
            anyChange: wilson(changes.filter((c) => c > 0).length, tracked.length),
          },
          comebacks: wilson(
            trackedDecided.filter((g) => cameBack(g.leaders!, g.winner!)).length,
            trackedDecided.length,
          ),
        }
      : {}),
    firstPlayer: firstPlayerOf(records, sides),
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const shareText = (s: Share) => `${pct(s.share)} [${pct(s.low)}, ${pct(s.high)}]`;
const signed = (x: number) => `${x >= 0 ? '+' : '−'}${(100 * Math.abs(x)).toFixed(1)}`;

/** A share difference in points: "+12.5 points [+4.0, +20.9]". */
export function differenceText(d: ShareDifference): string {
  return `${signed(d.difference)} points [${signed(d.low)}, ${signed(d.high)}]`;
}

/** One line of a measure: its value and, indented below, what it means and what is good. */
export interface QualityLine {
  readonly measure: QualityMeasure;
  /** The value in words ("75.7% [70.5%, 80.2%]", "not applicable: …"). */
  readonly value: string;
}

/** The measures' values as text, in report order (restricted play apart: `restrictedLines`). */
export function qualityLines(q: QualityReport): QualityLine[] {
  const L = q.length;
  const lines: QualityLine[] = [
    { measure: 'decisiveness', value: shareText(q.decisiveness) },
    { measure: 'draws', value: shareText(q.draws) },
    { measure: 'drawsAtLimit', value: shareText(q.drawsAtLimit) },
    {
      measure: 'length',
      value: `p10 ${L.p10}, p50 ${L.p50}, p90 ${L.p90} turns (mean ${L.mean.toFixed(1)})`,
    },
  ];
  if (q.leadChanges)
    lines.push({
      measure: 'leadChanges',
      value: `${q.leadChanges.mean.toFixed(2)} (a change in ${shareText(q.leadChanges.anyChange)} of games)`,
    });
  if (q.comebacks)
    lines.push({
      measure: 'comebacks',
      value: `${shareText(q.comebacks)} of ${q.comebacks.of} decided games`,
    });
  lines.push({
    measure: 'firstPlayer',
    value: q.firstPlayer.applies
      ? `${shareText(q.firstPlayer.wins)} of ${q.firstPlayer.wins.of} decided games`
      : `not applicable: ${q.firstPlayer.why}`,
  });
  return lines;
}

/** Restricted play as text lines: a line a unit type, side by side, biggest drop first. */
export function restrictedLines(
  q: QualityReport,
  sides: readonly { readonly id: string; readonly name: string }[],
): string[] {
  const rows = q.restricted ?? [];
  if (rows.length === 0) return [];
  const out: string[] = [];
  for (const s of sides) {
    const mine = rows
      .filter((r) => r.side === s.id)
      .sort((a, b) => (b.drop?.difference ?? -2) - (a.drop?.difference ?? -2));
    for (const r of mine) {
      const what = `${s.name} without ${r.name} (${r.units})`;
      out.push(
        r.unplayable !== undefined
          ? `  ${what}: cannot be played: ${r.unplayable}`
          : `  ${what}: wins ${shareText(r.without!)}, drop ${differenceText(r.drop!)}`,
      );
    }
  }
  return out;
}
