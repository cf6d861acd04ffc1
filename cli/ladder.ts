import { Worker } from 'node:worker_threads';
import { parseCommandArgs } from './args';
import { bundledThreadCode, defaultLabWorkers, LAB_YOUNG_GENERATION_MB } from './labThreads';
import type { FromLadderWorker, ToLadderWorker } from './ladderWorkerThread';
import { readLabGame } from './scenario';
import type { ScenarioDoc } from '../engine/format/index';
import { BOT_NAMES, isBotName, type BotName } from '../engine/game/bots/baseline';
import { DEFAULT_SEARCH_STRENGTH, SEARCH_STRENGTHS } from '../engine/game/bots/search';
import {
  ladderLines,
  ladderPairs,
  ladderReport,
  ladderSchedule,
  ladderSettingsProblem,
  SEARCH_BUDGET_FACTOR,
  type LadderRecord,
  type LadderReport,
  type LadderSettings,
} from '../engine/game/bots/ladder';
import { GAME_TIME_BUDGET_MS, STALL_TURNS } from '../engine/game/simulate';
import type { CliContext } from './context';

/** Games each pair plays unless told: ten seeds, each both ways round. */
export const DEFAULT_LADDER_GAMES = 20;

export const usage = `sandtable ladder <scenario> [--games <n>] [--bots <bot>,<bot>,...] [--against <bot>]
                 [--workers <k>] [--seed <s>] [--turn-limit <n>] [--search-strength <n>] [--json]
  The bot strength ladder: every pair of the bots (default: ${BOT_NAMES.join(', ')})
  plays --games games (default ${DEFAULT_LADDER_GAMES}, an even number) on the scenario: seeds s, s+1, ...
  (default 1), each seed once with the pair's first bot on the scenario's first side and once with
  the sides swapped, so both meet the layout's bias alike. "random" plays uniformly drawn legal
  actions, cautious, balanced and aggressive are the ruleset's bot in that style, "search" the
  search bot (--search-strength 1, the quickest, to ${SEARCH_STRENGTHS.length}; default ${DEFAULT_SEARCH_STRENGTH}). --against random plays only
  the pairs with that bot.
  Prints each bot's Elo (random = 0 when it plays, otherwise the bots' mean = 0; a Bradley-Terry
  fit with draws as half points, one virtual draw between every two bots and the first side's
  edge fitted as a term of its own, so a lopsided layout does not squeeze the ratings together)
  with its 95% interval (from the Fisher information), the first side's edge in Elo, and per pair
  each bot's wins of all games and of the decided ones with 95% Wilson intervals, its expected
  score on an even table (from the ratings), draws (and how many came at the turn limit), unfinished
  games and which bot stalled, the games each way round, and game lengths. Games run on
  --workers threads (default: one per core); the same seeds give the same results whatever the
  number. Progress goes to stderr; Ctrl-C stops and reports the games finished. --json prints the
  report as JSON ("complete" false when stopped).
  A game that stops making progress ends as stalled (no shot, no move toward the enemy and no
  objective changing hands for ${STALL_TURNS} turns, or past ${GAME_TIME_BUDGET_MS / 1000} s, ${SEARCH_BUDGET_FACTOR} times that with the search
  bot): it counts as unfinished, is left out of the ratings, and is charged to the bot that went
  longest without progress.
  Exit codes: 0 every game played to its end, 1 when the scenario cannot be played (any file
  validate rejects, or not two sides), a game did not finish (the report is printed first) or a
  thread failed, 2 on bad usage (an unknown bot is answered with the known ones), 130 when
  stopped by Ctrl-C (after the report of the games played).`;

/** How far a ladder run is. */
export interface LadderProgress {
  readonly done: number;
  readonly total: number;
}

export interface LadderRun {
  /** The records of every game played (all, or those finished before a cancel). */
  readonly done: Promise<LadderRecord[]>;
  /** Stops every thread at once; `done` then resolves with the games finished so far. */
  cancel(): void;
}

/**
 * The ladder thread's code (cli/ladderWorkerThread.ts with the engine) as one ES module, bundled
 * once per process as the lab's is (bin/sandtable.mjs sets the lab threads' V8 flags at start).
 */
function ladderThreadCode(): URL {
  return bundledThreadCode(new URL('./ladderWorkerThread.ts', import.meta.url));
}

/**
 * Plays a ladder's games on worker threads, one game at a time to each (a game takes from a tenth
 * of a second to seconds, so a thread never waits long for its next). Each game is a pure function
 * of its schedule entry, so the records are the same whatever the number of threads.
 */
export function runLadder(
  scenario: ScenarioDoc,
  settings: LadderSettings,
  options: {
    readonly workers: number;
    readonly onProgress?: (p: LadderProgress, record: LadderRecord) => void;
  },
): LadderRun {
  const schedule = ladderSchedule(settings);
  const records: LadderRecord[] = [];
  const workers: Worker[] = [];
  let next = 0;
  let finished = false;
  let settle: { resolve: (r: LadderRecord[]) => void; reject: (e: Error) => void } | undefined;
  const done = new Promise<LadderRecord[]>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const stop = () => {
    finished = true;
    for (const w of workers) void w.terminate();
  };
  const finish = () => {
    if (finished) return;
    stop();
    settle!.resolve(records);
  };
  const fail = (why: string) => {
    if (finished) return;
    stop();
    settle!.reject(new Error(why));
  };
  if (schedule.length === 0) {
    finished = true;
    settle!.resolve(records);
    return { done, cancel: () => undefined };
  }
  const count = Math.max(1, Math.min(Math.floor(options.workers), schedule.length));
  const code = ladderThreadCode();
  for (let i = 0; i < count; i++) {
    const worker = new Worker(code, {
      resourceLimits: { maxYoungGenerationSizeMb: LAB_YOUNG_GENERATION_MB },
    });
    workers.push(worker);
    const send = (m: ToLadderWorker) => worker.postMessage(m);
    const feed = () => {
      const g = schedule[next];
      if (g === undefined) return;
      next++;
      send({ type: 'play', games: [g] });
    };
    worker.on('message', (m: FromLadderWorker) => {
      if (finished) return;
      if (m.type === 'error') {
        fail(m.message);
        return;
      }
      records.push(m.record);
      options.onProgress?.({ done: records.length, total: schedule.length }, m.record);
      if (records.length === schedule.length) finish();
      else feed();
    });
    worker.on('error', (err) => fail(`ladder thread ${i + 1} failed: ${err.message}`));
    worker.on('exit', (code) => {
      if (!finished) fail(`ladder thread ${i + 1} exited with code ${code}`);
    });
    send({
      type: 'start',
      scenario,
      ...(settings.turnLimit !== undefined ? { turnLimit: settings.turnLimit } : {}),
      ...(settings.searchStrength !== undefined ? { searchStrength: settings.searchStrength } : {}),
    });
    feed();
  }
  return { done, cancel: finish };
}

/** The report of a ladder run's records, with the scenario's title, ruleset and sides. */
export function ladderReportOf(
  scenario: ScenarioDoc,
  sides: readonly { readonly id: string; readonly name: string }[],
  settings: LadderSettings,
  records: readonly LadderRecord[],
): LadderReport {
  return ladderReport(
    { title: scenario.meta.title, rulesetId: scenario.ruleset.id },
    sides,
    settings,
    records,
  );
}

/** The bots a --bots list names, or what is wrong with it. */
function parseBots(text: string): BotName[] | string {
  const names = text
    .split(',')
    .map((n) => n.trim())
    .filter(Boolean);
  const unknown = names.filter((n) => !isBotName(n));
  if (unknown.length > 0)
    return `--bots names ${unknown.map((n) => `"${n}"`).join(', ')}: ${unknown.length === 1 ? 'not a bot' : 'not bots'}; the bots are ${BOT_NAMES.join(', ')}`;
  return names as BotName[];
}

export async function run(args: string[], context: CliContext): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      games: { type: 'string' },
      bots: { type: 'string' },
      against: { type: 'string' },
      workers: { type: 'string' },
      seed: { type: 'string' },
      'turn-limit': { type: 'string' },
      'search-strength': { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const file = positionals[0];
  if (!file || positionals.length > 1) {
    process.stderr.write(
      `${file ? `give one scenario file, not ${positionals.length}` : 'give a scenario file'}\n\n${usage}\n`,
    );
    return 2;
  }
  const number = (flag: string, text: string | undefined, fallback: number, min: number) => {
    if (text === undefined) return fallback;
    const n = Number(text);
    if (text.trim() === '' || !Number.isSafeInteger(n) || n < min)
      return `${flag} takes a whole number${min > Number.MIN_SAFE_INTEGER ? ` from ${min}` : ''}, not "${text}"`;
    return n;
  };
  const games = number('--games', values.games, DEFAULT_LADDER_GAMES, 2);
  const workers = number('--workers', values.workers, defaultLabWorkers(), 1);
  const seed = number('--seed', values.seed, 1, Number.MIN_SAFE_INTEGER);
  const turnLimit = number('--turn-limit', values['turn-limit'], 0, 1);
  const strength = number('--search-strength', values['search-strength'], 0, 1);
  const bots = values.bots === undefined ? [...BOT_NAMES] : parseBots(values.bots);
  for (const v of [games, workers, seed, turnLimit, strength, bots])
    if (typeof v === 'string') {
      process.stderr.write(`${v}\n`);
      return 2;
    }
  const against = values.against;
  if (against !== undefined && !isBotName(against)) {
    process.stderr.write(
      `--against names "${against}": not a bot; the bots are ${BOT_NAMES.join(', ')}\n`,
    );
    return 2;
  }
  const settings: LadderSettings = {
    bots: bots as BotName[],
    gamesPerPair: games as number,
    firstSeed: seed as number,
    ...(values['turn-limit'] !== undefined ? { turnLimit: turnLimit as number } : {}),
    ...(against !== undefined ? { against } : {}),
    ...(values['search-strength'] !== undefined ? { searchStrength: strength as number } : {}),
  };
  const problem = ladderSettingsProblem(settings);
  if (problem) {
    process.stderr.write(`${problem}\n`);
    return 2;
  }
  const read = await readLabGame(file, context.rulesets);
  if (!read) return 1;
  const { scenario } = read;
  const sides = read.game.sides.map((s) => ({ id: s.id, name: s.name }));
  if (sides.length !== 2) {
    process.stderr.write(
      `${file}: the ladder plays two-sided scenarios; this one has ${sides.length} sides\n`,
    );
    return 1;
  }
  const started = performance.now();
  const tty = process.stderr.isTTY === true;
  // The first game is always shown (a run that is going), then one line every 2 s off a terminal.
  let lastShown = -Infinity;
  const ladder = runLadder(scenario, settings, {
    workers: workers as number,
    onProgress: (p) => {
      const now = performance.now();
      if (!tty && p.done !== p.total && now - lastShown < 2000) return;
      lastShown = now;
      const rate = (p.done / ((now - started) / 1000)) * 60;
      const line = `${p.done}/${p.total} games, ${Math.round(rate)} a minute`;
      process.stderr.write(tty ? `\r${line}   ` : `${line}\n`);
    },
  });
  let cancelled = false;
  const stop = () => {
    cancelled = true;
    ladder.cancel();
  };
  process.once('SIGINT', stop);
  let records: LadderRecord[];
  try {
    records = await ladder.done;
  } catch (err) {
    process.stderr.write(`${tty ? '\n' : ''}${file}: ${(err as Error).message}\n`);
    return 1;
  } finally {
    process.off('SIGINT', stop);
    if (tty) process.stderr.write('\n');
  }
  const seconds = (performance.now() - started) / 1000;
  const report = ladderReportOf(scenario, sides, settings, records);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          ...report,
          complete: report.played === report.scheduled,
          cancelled,
          seconds: Math.round(seconds * 1000) / 1000,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    const pairs = ladderPairs(settings).length;
    const last = settings.firstSeed + settings.gamesPerPair / 2 - 1;
    process.stdout.write(
      `${[
        `${report.scenario} (${report.rulesetId}): ${report.played} game${report.played === 1 ? '' : 's'}${cancelled ? ` (stopped; ${report.scheduled} scheduled)` : ''}, ${pairs} pair${pairs === 1 ? '' : 's'} × ${settings.gamesPerPair} (seeds ${settings.firstSeed}-${last}, each both ways round), ${seconds.toFixed(1)} s`,
        '',
        ...ladderLines(report),
      ].join('\n')}\n`,
    );
  }
  if (report.unfinished > 0 && !cancelled) {
    const f = report.firstUnfinished;
    process.stderr.write(
      `${file}: ${report.unfinished} of ${report.played} games did not finish${f ? ` (first: seed ${f.seed}, ${f.players[0]} v ${f.players[1]}, ${f.reason})` : ''}\n`,
    );
    return 1;
  }
  return cancelled ? 130 : 0;
}
