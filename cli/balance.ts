import { open } from 'node:fs/promises';
import { basename } from 'node:path';
import { parseCommandArgs } from './args';
import { defaultLabWorkers, nodeLabWorker } from './labThreads';
import { queueUrlProblem, redisProblem, runLabOnQueue } from './labQueue';
import { readLabGame } from './scenario';
import { serializeDocument } from '../engine/format/saver';
import {
  adviseBalance,
  advisorLines,
  type AdvisorProgress,
  type AdvisorReport,
} from '../engine/lab/advisor';
import { LEVERS, type Lever } from '../engine/lab/advisorLevers';
import { labPlayer } from '../engine/lab/advisorPlayer';
import { runLab, type LabWorkerPort, type SpawnLabWorker } from '../engine/lab/runner';
import type { FromLabWorker } from '../engine/lab/worker';
import type { CliContext } from './context';

export const usage = `sandtable balance <scenario> [--target 0.5] [--tolerance 0.03] [--levers <list>]
                 [--budget-games <n>] [--workers <k>] [--queue <redis://host:port>] [--seed <s>]
                 [--json] [--save <file>]
  The balance advisor: what to change to make the scenario fair. It plays the scenario bot
  against bot and measures the first side's share of the decided games (draws left out) with
  its 95% Wilson interval. A share is fair when its interval contains --target (default 0.5)
  and is no wider than ± --tolerance (default 0.03: about 1,070 decided games); when the
  original is, it says so and proposes nothing. When the original's interval contains the
  target but the budget ends before it is that narrow, it says how precise it got and how many
  games would tell ("raise --budget-games to about N"), and proposes nothing. Otherwise it
  plays variants along the --levers (default all: ${LEVERS.join(',')}):
  one unit of a type more or less on a side, the turn limit ±2 or ±4, a deployment zone 2 deeper or shallower or moved, an objective moved 2, the
  other set-up order or entry edge, a named terrain piece moved 2; every variant is checked as
  "sandtable validate" would and skipped when it fails. Each variant plays rounds of 24 games on
  the same seeds as the original and is dropped as soon as its interval lies outside
  target ± tolerance; the games go to the variants likeliest to be fair (bigger rounds once an
  interval contains the target); two changes are tried together when one is not enough, and
  the closest variant is built on (a lever pulled once more, up to three changes). It
  stops at three fair variants or --budget-games games (default 4000), and lists the best few
  (fair ones; else the leads whose intervals contain the target, each with its precision and the
  games it still needs): the change in words, the share with its interval, the
  decided share (decisiveness, and its change against the original), draws, length and games.
  The same --seed (default 1) gives the same answer whatever the --workers (threads, default
  one per core) or --queue ("sandtable worker --queue" processes on the Redis server).
  --save <file> writes the first suggestion as a scenario file (never over an existing file).
  --json prints the report as JSON (the suggestions without their scenarios).
  Progress goes to stderr; Ctrl-C stops and reports the best so far.
  Exit codes: 0 an answer (already fair, or suggestions), 3 no answer to the tolerance in the
  budget (the original undecided, or the closest leads listed), 1 the scenario cannot be
  played, a game or the queue failed, or the file to save exists, 2 bad usage, 130 stopped by Ctrl-C (after the report so far).`;

/**
 * Worker threads kept for the whole search: each batch of games is a lab run of its own, and
 * starting a thread (loading and compiling the engine) costs as much as a few games. A port
 * handed out is given back when its run ends owing nothing; one stopped mid-batch is ended.
 */
export function threadPool(): { spawn: SpawnLabWorker; close: () => void } {
  const idle: {
    port: LabWorkerPort;
    route: { to: (m: FromLabWorker) => void; fail: (w: string) => void };
  }[] = [];
  const all = new Set<LabWorkerPort>();
  const spawn: SpawnLabWorker = () => {
    const kept = idle.pop();
    const entry =
      kept ??
      (() => {
        const port = nodeLabWorker();
        all.add(port);
        const route = {
          to: (_m: FromLabWorker) => undefined as void,
          fail: (_w: string) => undefined as void,
        };
        port.listen(
          (m) => route.to(m),
          (w) => route.fail(w),
        );
        return { port, route };
      })();
    let owed = 0;
    let failed = false;
    return {
      post: (m) => {
        if (m.type === 'play') owed += m.seeds.length;
        entry.port.post(m);
      },
      listen(onMessage, onFailure) {
        entry.route.to = (m) => {
          if (m.type === 'game') owed--;
          if (m.type === 'error') failed = true;
          onMessage(m);
        };
        entry.route.fail = (w) => {
          failed = true;
          onFailure(w);
        };
      },
      terminate() {
        entry.route.to = () => undefined;
        entry.route.fail = () => undefined;
        if (owed === 0 && !failed) idle.push(entry);
        else {
          all.delete(entry.port);
          entry.port.terminate();
        }
      },
    };
  };
  return {
    spawn,
    close: () => {
      for (const p of all) p.terminate();
      all.clear();
      idle.length = 0;
    },
  };
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function parseLevers(text: string): Lever[] | string {
  const names = text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = names.filter((n) => !(LEVERS as readonly string[]).includes(n));
  if (bad.length > 0 || names.length === 0)
    return `--levers ${bad.length > 0 ? `names "${bad.join(', ')}"` : 'is empty'}; use some of ${LEVERS.join(',')}`;
  return names as Lever[];
}

/** The report for --json: everything but the suggested scenarios themselves. */
function jsonReport(r: AdvisorReport, extra: Record<string, unknown>): string {
  return `${JSON.stringify(
    {
      ...r,
      suggestions: r.suggestions.map(({ scenario: _s, ...rest }) => rest),
      ...extra,
    },
    null,
    2,
  )}\n`;
}

export async function run(args: string[], context: CliContext): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      target: { type: 'string' },
      tolerance: { type: 'string' },
      levers: { type: 'string' },
      'budget-games': { type: 'string' },
      workers: { type: 'string' },
      queue: { type: 'string' },
      seed: { type: 'string' },
      json: { type: 'boolean', default: false },
      save: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(`${usage}\n`);
    return 0;
  }
  const file = positionals[0];
  const target = Number(values.target ?? 0.5);
  const tolerance = Number(values.tolerance ?? 0.03);
  const budget = Number(values['budget-games'] ?? 4000);
  const workers = Number(values.workers ?? defaultLabWorkers());
  const seed = Number(values.seed ?? 1);
  const levers = values.levers === undefined ? [...LEVERS] : parseLevers(values.levers);
  const problem = !file
    ? 'name the scenario to balance'
    : positionals.length > 1
      ? `one scenario at a time, not ${positionals.length}`
      : !(target > 0 && target < 1)
        ? `--target must be a share between 0 and 1 (0.5: even), not "${values.target}"`
        : !(tolerance > 0 && tolerance < 0.5)
          ? `--tolerance must be a share above 0 and below 0.5 (0.03: 3 points), not "${values.tolerance}"`
          : !(Number.isInteger(budget) && budget >= 24)
            ? `--budget-games must be a whole number from 24, not "${values['budget-games']}"`
            : !(Number.isInteger(workers) && workers >= 1)
              ? `--workers must be a whole number from 1, not "${values.workers}"`
              : !Number.isSafeInteger(seed)
                ? `--seed must be a whole number, not "${values.seed}"`
                : typeof levers === 'string'
                  ? levers
                  : values.queue !== undefined
                    ? queueUrlProblem(values.queue)
                    : undefined;
  if (problem || typeof levers === 'string') {
    process.stderr.write(`${problem}\n\n${usage}\n`);
    return 2;
  }
  const read = await readLabGame(file!, context.rulesets);
  if (!read) return 1;
  const { scenario } = read;
  if (values.save !== undefined) {
    // Refused before any game: an answer that cannot be written is an answer lost.
    try {
      await (await open(values.save, 'wx')).close();
      const { unlink } = await import('node:fs/promises');
      await unlink(values.save);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      process.stderr.write(
        code === 'EEXIST'
          ? `${values.save} exists; --save never writes over a file: name a new one\n`
          : `cannot write ${values.save}: ${(err as Error).message}\n`,
      );
      return 1;
    }
  }
  const queue = values.queue;
  if (queue !== undefined) {
    const down = await redisProblem(queue);
    if (down) {
      process.stderr.write(`${down}\n`);
      return 1;
    }
  }
  const pool = queue === undefined ? threadPool() : undefined;
  const player = labPlayer(
    (b, onGame) =>
      queue !== undefined
        ? runLabOnQueue(b.scenario, b.settings, {
            url: queue,
            batch: 4,
            onProgress: (_p, r) => onGame(r),
          })
        : runLab(b.scenario, b.settings, {
            spawn: pool!.spawn,
            workers,
            onProgress: (_p, r) => onGame(r),
          }),
    queue !== undefined,
  );
  const started = performance.now();
  const tty = process.stderr.isTTY === true;
  let lastShown = 0;
  const onProgress = (p: AdvisorProgress) => {
    const now = performance.now();
    if (!tty && now - lastShown < 3000) return;
    lastShown = now;
    const rate = (p.games / Math.max(1e-9, (now - started) / 1000)) * 60;
    const best = p.best
      ? `; closest ${pct(p.best.share.share)} [${pct(p.best.share.low)}, ${pct(p.best.share.high)}]: ${p.best.change}`
      : '';
    const line = `${p.games}/${p.budget} games, ${Math.round(rate)} a minute; ${p.fair} fair, ${p.out} out, ${p.open} open${best}`;
    process.stderr.write(
      tty ? `\r${line.slice(0, (process.stderr.columns ?? 120) - 1).padEnd(40)}` : `${line}\n`,
    );
  };
  let stopped = false;
  const stop = () => {
    stopped = true;
    player.cancel();
  };
  process.once('SIGINT', stop);
  let report: AdvisorReport;
  try {
    report = await adviseBalance(scenario, player.play, {
      rulesets: context.rulesets,
      target,
      tolerance,
      levers,
      budgetGames: budget,
      firstSeed: seed,
      stopped: () => stopped,
      onProgress,
    });
  } catch (err) {
    process.stderr.write(`${tty ? '\n' : ''}${file}: ${(err as Error).message}\n`);
    return 1;
  } finally {
    process.off('SIGINT', stop);
    pool?.close();
    if (tty) process.stderr.write('\n');
  }
  const seconds = (performance.now() - started) / 1000;
  let savedTo: string | undefined;
  const best = report.suggestions[0];
  if (values.save !== undefined && best && report.answer === 'suggestions') {
    const doc = {
      ...best.scenario,
      meta: {
        ...best.scenario.meta,
        title: `${scenario.meta.title} (balanced)`,
        description: `${scenario.meta.description ? `${scenario.meta.description}\n\n` : ''}Balanced from ${basename(file!)} by sandtable balance: ${best.change}.`,
      },
    };
    try {
      const handle = await open(values.save, 'wx');
      await handle.writeFile(serializeDocument(doc));
      await handle.close();
      savedTo = values.save;
    } catch (err) {
      process.stderr.write(
        `the suggestion was not saved to ${values.save}: ${(err as Error).message}\n`,
      );
      return 1;
    }
  }
  if (values.json) {
    process.stdout.write(
      jsonReport(report, {
        seconds: Math.round(seconds * 1000) / 1000,
        ...(savedTo ? { savedTo } : {}),
      }),
    );
  } else {
    const lines = advisorLines(report);
    lines.push(
      `${report.games} games in ${seconds.toFixed(1)} s (${Math.round((report.games / Math.max(seconds, 1e-9)) * 60)} a minute)`,
    );
    if (savedTo) lines.push(`the first suggestion is saved as ${savedTo}`);
    else if (values.save !== undefined)
      lines.push(
        `nothing saved: ${report.answer === 'already fair' ? 'the scenario is already fair' : report.answer === 'undecided' ? 'the scenario may be fair as it is' : 'no variant was confirmed fair'}`,
      );
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  if (report.stopped) return 130;
  return report.answer === 'suggestions' || report.answer === 'already fair' ? 0 : 3;
}
