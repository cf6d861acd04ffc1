import { readFile, rename, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { parseCommandArgs } from './args';
import { defaultLabWorkers, nodeLabWorker } from './labThreads';
import { readLabGame } from './scenario';
import { BOT_NAMES, isBotName, type BotName } from '../engine/game/bots/baseline';
import { GAME_TIME_BUDGET_MS, STALL_TURNS } from '../engine/game/simulate';
import { runLab, type LabRun } from '../engine/lab/runner';
import { QUALITY_MEASURES, qualityLines, restrictedLines } from '../engine/lab/quality';
import { runRestricted } from '../engine/lab/qualityRestricted';
import type {
  HeatGrid,
  LabProgress,
  LabReport,
  LabSettings,
  ObjectiveControl,
  Share,
} from '../engine/lab/types';
import { limitAdvice, planPairLines, shortfallLines } from '../engine/lab/stats';
import {
  changeText,
  decidedChangeLines,
  compareRuns,
  labFileName,
  planChangeLines,
  shortfallChangeLines,
  labFileText,
  parseLabFile,
  withRun,
  type LabFile,
} from '../engine/lab/labFile';
import { qualityChangeLines } from '../engine/lab/qualityCompare';
import { queueUrlProblem, redisProblem, runLabOnQueue } from './labQueue';
import type { CliContext } from './context';

export const usage = `sandtable simulate <scenario> [--games <n>] [--seed <s>] [--workers <k>]
                 [--bots <side>=<style>,...] [--turn-limit <n>] [--json] [--fail-above <share>]
                 [--queue <redis://host:port> [--batch <n>]] [--save] [--restricted]
  (also "sandtable lab")
  The balance lab: plays the scenario bot against bot --games times (default 200) with seeds
  s, s+1, ... (default 1) on --workers threads (default: one per core) and reports each side's
  win share with its 95% interval (Wilson), draws, decided games, the draws undecided at the turn
  limit (with a word when most games ran out of turns: try a longer --turn-limit), game length,
  losses by unit type, the results split by the plan each side's bot drew for the game (on
  Tankplank, the bridge its assault goes round by), who held each objective at the end of every
  turn, where pieces fell and where the kills were made from. The bots play the styles of the
  scenario's playtest settings unless --bots names others: a style (cautious, balanced or
  aggressive), random (the baseline that plays any legal action) or search (the strong bot, many
  times slower) per side. The same seeds always give the same games, whatever the number of workers.
  Progress goes to stderr; Ctrl-C stops the run and reports the games finished so far.
  --queue plays the games on "sandtable worker --queue" processes instead, on any number of
  machines sharing the Redis server (BullMQ), --batch seeds to a job (default 10); the games and
  their hashes are the same as on this machine.
  --save appends the run to <name>.lab.json next to the scenario (the file the app's balance lab
  keeps, schemas/lab.schema.json) and says how each side's win share moved since the run saved
  before it.
  Game-quality measures follow the win shares, each with what it means and a good range:
  decisiveness, draws and draws at the turn limit, game length (10th, 50th, 90th percentile),
  lead changes per game and comebacks (from each side's standing, material and objectives, at the
  end of every turn), and the first-player advantage where the rules draw who moves first.
  --restricted adds restricted play: for each unit type of each side, the same seeds again with
  that side's units of the type taken out of the scenario's forces (not left standing idle, which
  would still block and draw fire), and how much the side's win share drops without them, with
  its 95% interval (Newcombe). It costs one more run of --games per unit type.
  --json prints the whole report (heatmaps, objective control and every game) as JSON, with
  "complete" false when the run was stopped.
  --fail-above 0.6 exits 3 when a side wins more than 60% of games with 95% confidence (the low
  end of its interval is above it): a check for a club's CI.
  A game that stops making progress ends as stalled (no shot, no move toward the enemy and no
  objective changing hands for ${STALL_TURNS} turns, or past ${GAME_TIME_BUDGET_MS / 1000} s) and counts as unfinished.
  Exit codes: 0 every game played to its end (and --fail-above passed), 3 as above, 1 when the
  scenario cannot be played (any file validate rejects), a game did not finish (stalled, stuck or
  cut off; the report is printed first) or a game or the queue failed, 2 on bad usage, 130 when
  stopped by Ctrl-C (after the report of the games played).`;

function parseBots(text: string, sides: readonly string[]): Record<string, BotName> | string {
  const out: Record<string, BotName> = {};
  for (const pair of text.split(',').filter(Boolean)) {
    const [side, style] = pair.split('=');
    if (!side || !sides.includes(side))
      return `--bots names side "${side ?? ''}"; the scenario's sides are ${sides.join(', ')}`;
    if (style === undefined || !isBotName(style))
      return `--bots gives side ${side} the style "${style ?? ''}"; use ${BOT_NAMES.join(', ')}`;
    out[side] = style;
  }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const share = (s: Share) => `${pct(s.share).padStart(6)}  [${pct(s.low)} – ${pct(s.high)}]`;

/** A heatmap as text: one character per cell, darker where more fell. */
function heatText(g: HeatGrid): string[] {
  const shades = ' .:-=+*#%@';
  const rows: string[] = [];
  for (let r = 0; r < g.rows; r++) {
    let line = '';
    for (let c = 0; c < g.columns; c++) {
      const v = g.counts[r * g.columns + c]!;
      line += v === 0 ? ' ' : shades[Math.min(9, 1 + Math.floor((8 * v) / Math.max(1, g.max)))];
    }
    rows.push(`|${line}|`);
  }
  return rows;
}

/** Who held an objective at the end of each turn, as shares of the games still going. */
function controlText(o: ObjectiveControl, r: LabReport): string[] {
  const lines = [`who held ${o.name} at the end of each turn (share of the games still going):`];
  lines.push(
    `turn  games  ${r.sides.map((s) => s.name.slice(0, 14).padStart(14)).join(' ')}  ${'nobody'.padStart(7)}`,
  );
  for (const t of o.byTurn) {
    const held = r.sides.map((s) => t.held[s.id] ?? 0);
    const nobody = t.games - held.reduce((a, b) => a + b, 0);
    const cell = (n: number) => (t.games ? pct(n / t.games) : '-');
    lines.push(
      `${String(t.turn).padStart(4)}  ${String(t.games).padStart(5)}  ${held.map((n) => cell(n).padStart(14)).join(' ')}  ${cell(nobody).padStart(7)}`,
    );
  }
  return lines;
}

/** The quality measures as text: a line each with its value, what it means and a good range. */
function qualityText(r: LabReport): string[] {
  const q = r.quality;
  if (!q) return [];
  const out = ['game quality (what each means; a good range):'];
  for (const l of qualityLines(q)) {
    const t = QUALITY_MEASURES[l.measure];
    out.push(`  ${t.label}: ${l.value}`, `      ${t.means}; good: ${t.good}`);
  }
  const restricted = restrictedLines(q, r.sides);
  if (restricted.length > 0) {
    const t = QUALITY_MEASURES.restricted;
    out.push(`  ${t.label} (${t.means}; good: ${t.good}):`, ...restricted.map((l) => `  ${l}`));
  }
  return out;
}

function textReport(r: LabReport, seconds: number, cancelled: boolean): string {
  const lines: string[] = [];
  const s = r.settings;
  lines.push(
    `${r.scenario}: ${r.played} game${r.played === 1 ? '' : 's'}${cancelled ? ` (stopped; ${s.games} asked)` : ''}, seeds ${s.firstSeed}-${s.firstSeed + Math.max(0, r.played - 1)}, ${seconds.toFixed(1)} s (${Math.round((r.played / Math.max(seconds, 1e-9)) * 60)} games/min)`,
  );
  lines.push('');
  lines.push('side                     style       wins   95% interval');
  for (const side of r.sides)
    lines.push(
      `${`${side.name} (${side.id})`.padEnd(24)} ${side.style.padEnd(10)} ${share(side.wins)}`,
    );
  lines.push(`${'draws'.padEnd(35)} ${share(r.draws)}`);
  lines.push(`${'decided (a side won)'.padEnd(35)} ${share(r.decided)}`);
  // Who wins when somebody does: said when draws (or unfinished games) make it differ from wins.
  if (r.decided.count > 0 && r.decided.count < r.played)
    for (const side of r.sides)
      if (side.decidedWins)
        lines.push(`${`  of them won by ${side.name}`.padEnd(35)} ${share(side.decidedWins)}`);
  if (r.undecidedAtLimit && r.undecidedAtLimit.count > 0)
    lines.push(`${'undecided at the turn limit'.padEnd(35)} ${share(r.undecidedAtLimit)}`);
  const advice = limitAdvice(r, '--turn-limit');
  if (advice) lines.push(advice);
  const shortfalls = shortfallLines(r);
  if (shortfalls.length > 0) lines.push('', ...shortfalls);
  const plans = planPairLines(r);
  if (plans.length > 0)
    lines.push(
      '',
      "by the plan each side's bot drew for the game (a layout can be even overall and still favour one route):",
      ...plans,
    );
  if (r.unfinished > 0) {
    const first = r.firstUnfinished;
    lines.push(
      `unfinished: ${r.unfinished}${first ? ` (first: seed ${first.seed}, ${first.reason})` : ''}`,
    );
  }
  lines.push('', ...qualityText(r));
  lines.push('');
  const L = r.length;
  lines.push(
    `game length: mean ${L.mean.toFixed(1)} turns, median ${L.median}, ${L.min}-${L.max}; by turn: ${L.byTurn
      .map((n, t) => (n ? `${t}:${n}` : ''))
      .filter(Boolean)
      .join(' ')}`,
  );
  for (const side of r.sides) {
    const losses = Object.entries(side.lossesPerGame)
      .sort((a, b) => b[1] - a[1])
      .map(([type, n]) => `${type} ${n.toFixed(1)}`)
      .join(', ');
    lines.push(`${side.name} loses per game: ${losses || 'nothing'}`);
  }
  for (const o of r.objectives ?? []) lines.push('', ...controlText(o, r));
  for (const side of r.sides) {
    const maps: [HeatGrid | undefined, string][] = [
      [side.deaths, `where ${side.name}'s pieces fell`],
      [side.kills, `where ${side.name}'s kills were made from`],
    ];
    for (const [grid, title] of maps) {
      if (!grid || grid.max === 0) continue;
      lines.push('');
      lines.push(
        `${title} (${grid.columns}×${grid.rows} cells of ${grid.cell}, darkest ${grid.max}):`,
      );
      lines.push(...heatText(grid));
    }
  }
  return `${lines.join('\n')}\n`;
}

export async function run(args: string[], context: CliContext): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      games: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
      bots: { type: 'string' },
      'turn-limit': { type: 'string' },
      json: { type: 'boolean', default: false },
      'fail-above': { type: 'string' },
      queue: { type: 'string' },
      batch: { type: 'string' },
      save: { type: 'boolean', default: false },
      restricted: { type: 'boolean', default: false },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const file = positionals[0];
  const games = Number(values.games ?? 200);
  const seed = Number(values.seed ?? 1);
  const workers = Number(values.workers ?? defaultLabWorkers());
  const turnLimit = values['turn-limit'] === undefined ? undefined : Number(values['turn-limit']);
  const failAbove = values['fail-above'] === undefined ? undefined : Number(values['fail-above']);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  const queueProblem = values.queue === undefined ? undefined : queueUrlProblem(values.queue);
  if (queueProblem) {
    process.stderr.write(`${queueProblem}\n`);
    return 2;
  }
  const bad =
    !file ||
    positionals.length > 1 ||
    !Number.isInteger(games) ||
    games < 1 ||
    !Number.isInteger(seed) ||
    !Number.isInteger(workers) ||
    workers < 1 ||
    (turnLimit !== undefined && !(Number.isInteger(turnLimit) && turnLimit > 0)) ||
    (failAbove !== undefined && !(failAbove >= 0 && failAbove <= 1)) ||
    (batch !== undefined && !(Number.isInteger(batch) && batch > 0));
  if (bad) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  // Refuse in one line here what the workers would refuse (a scenario that cannot be set up).
  const read = await readLabGame(file, context.rulesets);
  if (!read) return 1;
  const { scenario } = read;
  const bots = parseBots(
    values.bots ?? '',
    scenario.forces.sides.map((s) => s.id),
  );
  if (typeof bots === 'string') {
    process.stderr.write(`${bots}\n`);
    return 2;
  }
  const settings: LabSettings = {
    games,
    firstSeed: seed,
    styles: bots,
    ...(turnLimit !== undefined ? { turnLimit } : {}),
    ...(values.restricted ? { restricted: true } : {}),
  };
  if (values.queue !== undefined) {
    const down = await redisProblem(values.queue);
    if (down) {
      process.stderr.write(`${down}\n`);
      return 1;
    }
  }
  // The runs saved next to the scenario: read (and checked) before any game is played.
  const labPath = join(dirname(file), labFileName(basename(file)));
  let previous: LabFile | undefined;
  if (values.save) {
    let text: string | undefined;
    try {
      text = await readFile(labPath, 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') {
        process.stderr.write(`${labPath}: ${(err as Error).message}\n`);
        return 1;
      }
    }
    if (text !== undefined) {
      const parsed = parseLabFile(text, labPath);
      if (!parsed.ok) {
        process.stderr.write(`${parsed.problems.join('\n')}\n`);
        return 1;
      }
      previous = parsed.lab;
    }
  }
  const started = performance.now();
  const tty = process.stderr.isTTY === true;
  let lastShown = 0;
  let phaseStarted = started;
  let phase = '';
  // `what` says which run (the rate counts from its start), `label` what is playing now.
  const onProgress = (p: LabProgress, what = '', label = what) => {
    const now = performance.now();
    if (what !== phase) {
      phase = what;
      phaseStarted = now;
      lastShown = 0;
    }
    if (!tty && p.done !== p.total && now - lastShown < 2000) return;
    lastShown = now;
    const rate = (p.done / Math.max(1e-3, (now - phaseStarted) / 1000)) * 60;
    const line = `${label}${p.done}/${p.total} games, ${Math.round(rate)} a minute`;
    process.stderr.write(tty ? `\r${line}   ` : `${line}\n`);
  };
  const play = (
    what: typeof scenario,
    asked: LabSettings,
    progress: (p: LabProgress) => void,
  ): LabRun =>
    values.queue !== undefined
      ? runLabOnQueue(what, asked, {
          url: values.queue,
          ...(batch !== undefined ? { batch } : {}),
          onProgress: (p) => progress(p),
          onQueued: (jobs, run) =>
            process.stderr.write(
              `${jobs} job${jobs === 1 ? '' : 's'} of run ${run} on ${values.queue}; start "sandtable worker --queue ${values.queue}" where the games should be played\n`,
            ),
        })
      : runLab(what, asked, {
          spawn: () => nodeLabWorker(context.rulesetsSource),
          workers,
          onProgress: (p) => progress(p),
        });
  let cancelled = false;
  let current: { cancel(): void } = play(scenario, settings, (p) => onProgress(p));
  const stop = () => {
    cancelled = true;
    current.cancel();
  };
  process.once('SIGINT', stop);
  let report: LabReport;
  try {
    report = await (current as LabRun).done;
    if (values.restricted && !cancelled) {
      const restricted = runRestricted(report, scenario, settings, play, context.rulesets, (p) =>
        onProgress(
          { done: p.done, total: p.total },
          'restricted',
          `restricted play, ${p.playing}: `,
        ),
      );
      current = restricted;
      report = await restricted.done;
    }
  } catch (err) {
    process.stderr.write(`${tty ? '\n' : ''}${file}: ${(err as Error).message}\n`);
    return 1;
  } finally {
    process.off('SIGINT', stop);
    if (tty) process.stderr.write('\n');
  }
  const seconds = (performance.now() - started) / 1000;
  const before = previous?.runs[previous.runs.length - 1];
  const changes = before
    ? [
        ...compareRuns(before.report, report).map(changeText),
        ...decidedChangeLines(before.report, report).map((l) => l.text),
        ...planChangeLines(before.report, report).map((l) => l.text),
        ...shortfallChangeLines(before.report, report).map((l) => l.text),
        ...qualityChangeLines(before.report, report).map((l) => l.text),
      ]
    : [];
  if (values.save) {
    const next = withRun(
      previous,
      { savedAt: new Date().toISOString(), report },
      { title: scenario.meta.title, file: basename(file) },
    );
    const tmp = `${labPath}.${process.pid}.tmp`;
    try {
      await writeFile(tmp, labFileText(next));
      await rename(tmp, labPath);
    } catch (err) {
      process.stderr.write(`the run was not saved to ${labPath}: ${(err as Error).message}\n`);
      return 1;
    }
  }
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          ...report,
          complete: report.played === games,
          cancelled,
          seconds: Math.round(seconds * 1000) / 1000,
          ...(values.save ? { savedTo: labPath } : {}),
          ...(before ? { comparedWith: { savedAt: before.savedAt, changes } } : {}),
        },
        null,
        2,
      )}\n`,
    );
  } else {
    process.stdout.write(textReport(report, seconds, cancelled));
    if (before)
      process.stdout.write(
        `\nagainst the run saved ${before.savedAt} (${before.report.played} games):\n${changes.map((c) => `  ${c}`).join('\n')}\n`,
      );
    if (values.save) process.stdout.write(`\nsaved to ${labPath}\n`);
  }
  if (report.unfinished > 0 && !cancelled) {
    const first = report.firstUnfinished;
    process.stderr.write(
      `${file}: ${report.unfinished} of ${report.played} game${report.played === 1 ? '' : 's'} did not finish${first ? ` (first: seed ${first.seed}, ${first.reason})` : ''}\n`,
    );
    return 1;
  }
  if (failAbove !== undefined) {
    const over = report.sides.filter((s) => s.wins.low > failAbove);
    if (over.length > 0) {
      process.stderr.write(
        `${over.map((s) => `${s.name} wins ${pct(s.wins.share)} of games (at least ${pct(s.wins.low)} with 95% confidence)`).join('; ')}: above ${pct(failAbove)}\n`,
      );
      return 3;
    }
  }
  return cancelled ? 130 : 0;
}
