import type { QualityMeasure } from './quality';
import type { LabReport, QualityReport, Share, ShareDifference } from './types';
import { shareDifference } from './wilson';

/**
 * Two runs' game-quality measures side by side (a saved lab run against a new one, or the
 * balance advisor's original against a suggestion): for each of decisiveness, game length, lead
 * changes, comebacks and first-player advantage, the value then and now, the difference with its
 * 95% interval, and whether it is meaningful (the interval leaves out no change). Shares are
 * compared by Newcombe's interval for a difference of two shares, the mean length by Welch's
 * interval from the two runs' lengths. A designer reads whether a change that evened the win
 * share also made the games shorter, less decided or runaway.
 */

/** A run's games as the comparison reads them. */
export interface ComparedRun {
  /** Absent in a report saved before the measures were kept. */
  readonly quality?: QualityReport;
  /** Games by the turn they ended in (`byTurn[t]` games ended in turn t), for the length. */
  readonly byTurn?: readonly number[];
}

/** One measure then and now. */
export interface QualityChange {
  readonly measure: QualityMeasure;
  /** "Decisiveness went from 83.0% to 78.5%: −4.5 points [−9.1, +0.1], within chance". */
  readonly text: string;
  /** The measure's name ("Decisiveness"), and its value then and now, for a table. */
  readonly label: string;
  readonly then: string;
  readonly now: string;
  /** The difference with its interval ("−4.5 points [−9.1, +0.1]"), or why there is none. */
  readonly change: string;
  /** The difference in its units (points of percentage for shares, turns, lead changes a game). */
  readonly difference?: number;
  /** The 95% interval of the difference, when one can be given. */
  readonly low?: number;
  readonly high?: number;
  /** Meaningful: the 95% interval of the difference leaves out 0. */
  readonly clear: boolean;
}

const Z95 = 1.959963984540054;
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
/** "+1.5", "−0.3"; a value that rounds to nothing reads "+0.0", never "−0.0". */
const signed = (x: number, digits = 1) =>
  `${x >= 0 || Number(x.toFixed(digits)) === 0 ? '+' : '−'}${Math.abs(x).toFixed(digits)}`;
const verdict = (clear: boolean) =>
  clear ? 'meaningful (its 95% interval leaves out no change)' : 'within chance';

/** A share measure then and now, with the difference's interval in points. */
function shareChange(measure: QualityMeasure, label: string, a: Share, b: Share): QualityChange {
  const d: ShareDifference = shareDifference(b, a);
  const known = a.of > 0 && b.of > 0;
  const clear = known && (d.low > 0 || d.high < 0);
  const change = known
    ? `${signed(100 * d.difference)} points [${signed(100 * d.low)}, ${signed(100 * d.high)}]`
    : `${a.of === 0 ? 'the first run' : 'the second run'} has no games to tell it`;
  return {
    measure,
    label,
    then: a.of > 0 ? pct(a.share) : '–',
    now: b.of > 0 ? pct(b.share) : '–',
    change,
    text: known
      ? `${label} went from ${pct(a.share)} to ${pct(b.share)}: ${change}, ${verdict(clear)}`
      : `${label}: ${change}`,
    ...(known ? { difference: 100 * d.difference, low: 100 * d.low, high: 100 * d.high } : {}),
    clear,
  };
}

/** A measure that cannot be compared, and why. */
const notCompared = (measure: QualityMeasure, label: string, why: string): QualityChange => ({
  measure,
  label,
  then: '–',
  now: '–',
  change: why,
  text: `${label}: ${why}`,
  clear: false,
});

/** Mean and variance of game lengths from a by-turn count. */
function lengthMoments(byTurn: readonly number[]): { n: number; mean: number; variance: number } {
  let n = 0;
  let sum = 0;
  for (const [t, k] of byTurn.entries()) {
    n += k;
    sum += t * k;
  }
  const mean = n > 0 ? sum / n : 0;
  let ss = 0;
  for (const [t, k] of byTurn.entries()) ss += k * (t - mean) ** 2;
  return { n, mean, variance: n > 1 ? ss / (n - 1) : 0 };
}

function lengthChange(
  a: QualityReport,
  b: QualityReport,
  byA?: readonly number[],
  byB?: readonly number[],
): QualityChange {
  const label = 'Game length (10th-50th-90th percentile)';
  const then = `${a.length.p10}-${a.length.p50}-${a.length.p90} turns`;
  const now = `${b.length.p10}-${b.length.p50}-${b.length.p90} turns`;
  const head = `${label} went from ${then} to ${now}`;
  const x = byA ? lengthMoments(byA) : undefined;
  const y = byB ? lengthMoments(byB) : undefined;
  const base = { measure: 'length' as const, label, then, now };
  if (!x || !y || x.n < 2 || y.n < 2) {
    const change = `mean ${signed(b.length.mean - a.length.mean)} turns (too few games to tell)`;
    return { ...base, change, text: `${head}; ${change}`, clear: false };
  }
  const se = Math.sqrt(x.variance / x.n + y.variance / y.n);
  const difference = y.mean - x.mean;
  const low = difference - Z95 * se;
  const high = difference + Z95 * se;
  const clear = low > 0 || high < 0;
  const change = `mean ${signed(difference)} turns [${signed(low)}, ${signed(high)}]`;
  return {
    ...base,
    change,
    text: `${head}: ${change}, ${verdict(clear)}`,
    difference,
    low,
    high,
    clear,
  };
}

/**
 * Each quality measure then (`before`) and now (`after`), in report order; one line saying why
 * when a run has no measures (saved before they were kept).
 */
export function qualityChanges(before: ComparedRun, after: ComparedRun): QualityChange[] {
  const a = before.quality;
  const b = after.quality;
  if (!a || !b)
    return [
      notCompared(
        'decisiveness',
        'Game quality',
        `${!a ? 'the earlier run' : 'this run'} has no quality measures (saved before they were kept); run it again to compare them`,
      ),
    ];
  const out: QualityChange[] = [
    shareChange('decisiveness', 'Decisiveness', a.decisiveness, b.decisiveness),
    lengthChange(a, b, before.byTurn, after.byTurn),
  ];
  if (a.leadChanges && b.leadChanges) {
    const any = shareChange(
      'leadChanges',
      'games with a lead change',
      a.leadChanges.anyChange,
      b.leadChanges.anyChange,
    );
    out.push({
      ...any,
      label: 'Lead changes per game',
      then: a.leadChanges.mean.toFixed(2),
      now: b.leadChanges.mean.toFixed(2),
      change: `games with one: ${any.change}`,
      text: `Lead changes per game went from ${a.leadChanges.mean.toFixed(2)} to ${b.leadChanges.mean.toFixed(2)}; ${any.text}`,
    });
  } else
    out.push(
      notCompared(
        'leadChanges',
        'Lead changes per game',
        'not compared: a run has no per-turn leaders (its ruleset does not score turns, or it was saved before they were kept)',
      ),
    );
  if (a.comebacks && b.comebacks)
    out.push(shareChange('comebacks', 'Comebacks (of decided games)', a.comebacks, b.comebacks));
  else
    out.push(
      notCompared(
        'comebacks',
        'Comebacks (of decided games)',
        'not compared: a run has no per-turn leaders',
      ),
    );
  const first = 'First-player advantage';
  if (a.firstPlayer.applies && b.firstPlayer.applies)
    out.push(shareChange('firstPlayer', first, a.firstPlayer.wins, b.firstPlayer.wins));
  else
    out.push(
      notCompared(
        'firstPlayer',
        first,
        `not applicable: ${!a.firstPlayer.applies ? a.firstPlayer.why : !b.firstPlayer.applies ? b.firstPlayer.why : ''}`,
      ),
    );
  return out;
}

/**
 * A saved lab run against a new one, as lines `{ text, clear }` the way the lab's other
 * comparisons give them (`compareRuns`, `decidedChangeLines` in labFile.ts).
 */
export function qualityChangeLines(
  before: LabReport,
  after: LabReport,
): { readonly text: string; readonly clear: boolean }[] {
  return qualityChanges(comparedReport(before), comparedReport(after)).map(({ text, clear }) => ({
    text,
    clear,
  }));
}

/** A lab report as the comparison reads it. */
export const comparedReport = (r: LabReport): ComparedRun => ({
  ...(r.quality ? { quality: r.quality } : {}),
  byTurn: r.length.byTurn,
});
