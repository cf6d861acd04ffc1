import { validateFile } from '../format/schemaRegistry';
import { planKey, planPairText, wilson } from './stats';
import type { LabReport } from './types';

/**
 * The balance lab's results file, kept next to a scenario as `<name>.lab.json`
 * (schemas/lab.schema.json): the runs saved so far, oldest first, so a run after an edit can be
 * compared with the one before ("side A's win share went from 62% to 51%").
 */

export interface SavedLabRun {
  /** ISO 8601 time of the save. */
  readonly savedAt: string;
  readonly note?: string;
  readonly report: LabReport;
}

export interface LabFile {
  readonly format: 'sandtable.lab';
  readonly formatVersion: 1;
  readonly scenario?: { readonly title: string; readonly file?: string };
  readonly runs: readonly SavedLabRun[];
}

/** Runs a file keeps; saving more drops the oldest. */
export const MAX_SAVED_RUNS = 100;

export { labFileName } from './labFileName';

/** Reads a lab file: its runs, or what is wrong with it (where, and what to do). */
export function parseLabFile(
  text: string,
  file: string,
): { ok: true; lab: LabFile } | { ok: false; problems: string[] } {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    return {
      ok: false,
      problems: [
        `${file} is not JSON (${(err as Error).message}); move it away to start a new one`,
      ],
    };
  }
  const errors = validateFile('lab.schema.json', value);
  if (errors.length > 0)
    return {
      ok: false,
      problems: errors
        .slice(0, 5)
        .map(
          (e) =>
            `${file} ${e.instancePath || '/'}: ${e.message ?? 'is not valid'} (schemas/lab.schema.json)`,
        ),
    };
  return { ok: true, lab: value as LabFile };
}

/** The file with one more run at its end (the oldest dropped past MAX_SAVED_RUNS). */
export function withRun(
  previous: LabFile | undefined,
  run: SavedLabRun,
  scenario: { readonly title: string; readonly file?: string },
): LabFile {
  // Every game's hash is in `games` too; the file keeps one copy.
  const { hashes: _hashes, ...report } = run.report;
  const runs = [...(previous?.runs ?? []), { ...run, report: report as LabReport }];
  return {
    format: 'sandtable.lab',
    formatVersion: 1,
    scenario,
    runs: runs.slice(Math.max(0, runs.length - MAX_SAVED_RUNS)),
  };
}

export function labFileText(lab: LabFile): string {
  return `${JSON.stringify(lab, null, 2)}\n`;
}

/** How a side's win share moved from one run to the next. */
export interface ShareChange {
  readonly side: string;
  readonly name: string;
  readonly before: number;
  readonly after: number;
  /** Whether the two 95% intervals do not overlap: a change beyond what chance explains. */
  readonly clear: boolean;
}

/** Each side's win share then and now (sides found in both runs), and the draws. */
export function compareRuns(before: LabReport, after: LabReport): ShareChange[] {
  const out: ShareChange[] = [];
  for (const s of after.sides) {
    const b = before.sides.find((x) => x.id === s.id);
    if (!b) continue;
    out.push({
      side: s.id,
      name: s.name,
      before: b.wins.share,
      after: s.wins.share,
      clear: b.wins.high < s.wins.low || s.wins.high < b.wins.low,
    });
  }
  out.push({
    side: 'draw',
    name: 'Draws',
    before: before.draws.share,
    after: after.draws.share,
    clear: before.draws.high < after.draws.low || after.draws.high < before.draws.low,
  });
  return out;
}

/** How a side's win share moved in the games of one pair of plans (`LabReport.byPlan`). */
export interface PlanShareChange extends ShareChange {
  /** The pair in words: "Side A by Bridge 2, south, Side B by Bridge 1, north". */
  readonly plans: string;
}

/**
 * Each side's win share then and now in the games of each pair of plans found in both runs: a
 * wall moved on one route shows in the games that took it before it shows over all of them.
 */
export function comparePlans(before: LabReport, after: LabReport): PlanShareChange[] {
  const out: PlanShareChange[] = [];
  for (const pair of after.byPlan ?? []) {
    const k = planKey(after.sides, pair.plans);
    const then = (before.byPlan ?? []).find((p) => planKey(before.sides, p.plans) === k);
    if (!then) continue;
    const plans = planPairText(after.sides, pair.plans);
    for (const s of after.sides) {
      const b = then.wins[s.id];
      const a = pair.wins[s.id];
      if (!a || !b) continue;
      out.push({
        side: s.id,
        name: s.name,
        before: b.share,
        after: a.share,
        clear: b.high < a.low || a.high < b.low,
        plans,
      });
    }
  }
  return out;
}

/**
 * The changes by plans worth a designer's eye: the clear ones (intervals apart), in words; when
 * pairs were compared and none moved beyond chance, one line that says so; nothing when the runs
 * have no pairs of plans in common.
 */
export function planChangeLines(
  before: LabReport,
  after: LabReport,
): { readonly text: string; readonly clear: boolean }[] {
  const all = comparePlans(before, after);
  if (all.length === 0) return [];
  const clear = all.filter((c) => c.clear);
  if (clear.length === 0)
    return [
      {
        text: "By plans: no side's win share moved beyond chance in any pair of plans",
        clear: false,
      },
    ];
  return clear.map((c) => ({ text: `With ${c.plans}: ${changeText(c)}`, clear: true }));
}

/**
 * Each side's share of the decided games then and now, in words ("Of the decided games, Side A's
 * share went from 62% to 51%"), noting a change within chance; only when a run has draws (or
 * unfinished games), where it says more than the win shares, and both runs have decided games.
 */
export function decidedChangeLines(
  before: LabReport,
  after: LabReport,
): { readonly text: string; readonly clear: boolean }[] {
  const drawn = (r: LabReport) => r.decided.count < r.played;
  if (before.decided.count === 0 || after.decided.count === 0) return [];
  if (!drawn(before) && !drawn(after)) return [];
  const lines: { text: string; clear: boolean }[] = [];
  for (const s of after.sides) {
    const a = s.decidedWins;
    const b = before.sides.find((x) => x.id === s.id)?.decidedWins;
    if (!a || !b) continue;
    const clear = b.high < a.low || a.high < b.low;
    lines.push({
      text: movedText(`Of the decided games, ${s.name}'s share`, b.share, a.share, clear),
      clear,
    });
  }
  return lines;
}

/**
 * How what kept games from being won at the turn limit moved between two runs, each as a share of
 * all the games its run played (so a run with fewer games left undecided shows less of every
 * shortfall): the ones that moved beyond chance (95% intervals apart), in words ("Side A's
 * objective: the north-east paddock: enemy troops in it at the turn limit went from 45% to 30% of
 * games"); when both runs have shortfalls and none moved beyond chance, one line that says so;
 * nothing when neither run has any.
 */
export function shortfallChangeLines(
  before: LabReport,
  after: LabReport,
): { readonly text: string; readonly clear: boolean }[] {
  const counts = (r: LabReport) => {
    const m = new Map<string, { name: string; lacking: string; count: number }>();
    for (const o of r.atLimit ?? [])
      for (const f of o.shortfalls)
        m.set(`${o.id}\u0000${f.lacking}`, {
          name: o.name,
          lacking: f.lacking,
          count: f.games.count,
        });
    return m;
  };
  const then = counts(before);
  const now = counts(after);
  if (then.size === 0 && now.size === 0) return [];
  const lines: { text: string; clear: boolean }[] = [];
  for (const key of new Set([...now.keys(), ...then.keys()])) {
    const what = now.get(key) ?? then.get(key)!;
    const b = wilson(then.get(key)?.count ?? 0, before.played);
    const a = wilson(now.get(key)?.count ?? 0, after.played);
    if (!(b.high < a.low || a.high < b.low)) continue;
    lines.push({
      text: `${what.name}: ${what.lacking} at the turn limit went from ${pct(b.share)} to ${pct(a.share)} of games`,
      clear: true,
    });
  }
  return lines.length > 0
    ? lines
    : [
        {
          text: 'At the turn limit: nothing that kept games from being won moved beyond chance',
          clear: false,
        },
      ];
}

const pct = (x: number) => `${Math.round(100 * x)}%`;
const WITHIN_CHANCE = ' (within chance: the 95% intervals overlap)';

/** A change in words: "Side A's win share went from 62% to 51%". */
export function changeText(c: ShareChange): string {
  const what = c.side === 'draw' ? 'The draw share' : `${c.name}'s win share`;
  return movedText(what, c.before, c.after, c.clear);
}

/** A share then and now in words, "stayed at" when the rounded shares are the same. */
function movedText(what: string, before: number, after: number, clear: boolean): string {
  if (Math.round(100 * before) === Math.round(100 * after))
    return `${what} stayed at ${pct(after)}`;
  return `${what} went from ${pct(before)} to ${pct(after)}${clear ? '' : WITHIN_CHANCE}`;
}
