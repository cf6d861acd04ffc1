/**
 * Search bot benchmark: the search bot (engine/game/bots/search.ts) against each heuristic style
 * of the ruleset's own bot, on one bundled scenario of every ruleset unless told, the search bot
 * taking the first side in odd seeds and the second in even ones (so the layout's own bias
 * cancels). Prints, per scenario and style, the search bot's wins, the style's wins and the draws;
 * its share of all games and of decided games with 95% Wilson intervals; games that stopped
 * unfinished; and the time of a search side turn (mean, p95, max, in ms; wall clock and CPU, as a
 * shared machine stretches the first). Prints numbers; it is not a test.
 *
 * Run: npm run bench:search [-- --games N (40 a style)] [--strength S (2)] [--workers W (2)]
 *      [--scenario file[,file…]] [--styles cautious,balanced,aggressive] [--seed first (1)]
 *      [--turn-limit T]
 *
 * Games are shared out over W child processes (each plays every W-th game), so the numbers are
 * the same for any W; the times are per side turn on a machine as busy as W processes make it.
 */
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { loadDocument } from '../engine/format/index';
import { botPlayer } from '../engine/game/bots/baseline';
import { searchStrength } from '../engine/game/bots/search';
import type { BotStyle } from '../engine/game/gameDef';
import { simulate } from '../engine/game/simulate';
import { wilson } from '../engine/lab/stats';
import { labGameOf } from '../engine/lab/worker';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';

const DEFAULT_SCENARIOS = [
  'scenarios/tankplank-village.scenario.json',
  'scenarios/tanks-your-first-game.scenario.json',
  'scenarios/tank-contour-hills.scenario.json',
  'scenarios/ww1-wire.scenario.json',
];

interface Job {
  readonly file: string;
  readonly style: BotStyle;
  readonly seed: number;
  readonly strength: number;
  readonly turnLimit?: number;
}

interface Outcome {
  readonly job: Job;
  /** 'search', 'style', 'draw', or 'unfinished' (a game the driver stopped). */
  readonly result: 'search' | 'style' | 'draw' | 'unfinished';
  readonly turnMs: readonly number[];
  /** The CPU time of each search side turn (the child process does nothing else meanwhile). */
  readonly turnCpuMs: readonly number[];
}

const games = new Map<string, ReturnType<typeof gameOf>>();
function gameOf(file: string) {
  const loaded = loadDocument(readFileSync(file, 'utf8'), { file, expect: ['sandtable.scenario'] });
  if (!loaded.ok) throw new Error(`${file}: ${loaded.problems.map((p) => p.message).join('; ')}`);
  const made = labGameOf(loaded.doc, BUNDLED_RULESETS);
  if ('error' in made) throw new Error(`${file}: ${made.error}`);
  return { title: loaded.doc.meta.title, game: made.game };
}

/** Plays one game of the search bot against a style. */
function play(job: Job): Outcome {
  if (!games.has(job.file)) games.set(job.file, gameOf(job.file));
  const { game } = games.get(job.file)!;
  const [a, b] = game.sides.map((s) => s.id) as [string, string];
  const searchSide = job.seed % 2 ? a : b;
  const styleSide = searchSide === a ? b : a;
  const search = botPlayer(game, 'search', job.seed, { strength: job.strength });
  if (search.kind !== 'source') throw new Error('the search bot is a source player');
  const turnMs: number[] = [];
  const turnCpuMs: number[] = [];
  const r = simulate(game, {
    seed: job.seed,
    record: false,
    ...(job.turnLimit !== undefined ? { turnLimit: job.turnLimit } : {}),
    players: {
      [styleSide]: { kind: 'bot', style: job.style },
      [searchSide]: {
        kind: 'source',
        next: (state, side) => {
          const t0 = performance.now();
          const c0 = process.cpuUsage();
          const actions = search.next(state, side);
          turnMs.push(performance.now() - t0);
          const c = process.cpuUsage(c0);
          turnCpuMs.push((c.user + c.system) / 1000);
          return actions;
        },
      },
    },
  });
  const w = r.stoppedBy !== 'over' ? 'unfinished' : r.result?.winner;
  const result =
    w === 'unfinished'
      ? 'unfinished'
      : w === searchSide
        ? 'search'
        : w === styleSide
          ? 'style'
          : 'draw';
  return { job, result, turnMs, turnCpuMs };
}

// A child process plays the jobs it is sent and sends back each outcome.
if (process.env['SEARCH_BENCH_CHILD'] === '1') {
  process.on('message', (m: { jobs: Job[] }) => {
    for (const job of m.jobs) process.send!({ outcome: play(job) });
    process.send!({ done: true });
  });
} else {
  const args = process.argv.slice(2);
  const opt = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const perStyle = Number(opt('games') ?? 40);
  const strength = Number(opt('strength') ?? 2);
  const workers = Math.max(1, Number(opt('workers') ?? 2));
  const firstSeed = Number(opt('seed') ?? 1);
  const turnLimit = opt('turn-limit') !== undefined ? Number(opt('turn-limit')) : undefined;
  const files = (opt('scenario') ?? DEFAULT_SCENARIOS.join(',')).split(',').filter(Boolean);
  const styles = (opt('styles') ?? 'cautious,balanced,aggressive').split(',') as BotStyle[];
  const preset = searchStrength(strength);
  console.log(
    `search bot (strength ${strength}, ${preset.label}: ${preset.rollouts} rollouts, horizon ${preset.horizon} turns, ${preset.variants} variants) against the styles, ${perStyle} games a style, seeds ${firstSeed}-${firstSeed + perStyle - 1}, sides swapped; ${workers} processes; load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  const jobs: Job[] = [];
  for (const file of files)
    for (const style of styles)
      for (let seed = firstSeed; seed < firstSeed + perStyle; seed++)
        jobs.push({
          file,
          style,
          seed,
          strength,
          ...(turnLimit !== undefined ? { turnLimit } : {}),
        });
  /** Plays `list` over the child processes; the outcomes in any order. */
  const playAll = async (list: readonly Job[]): Promise<Outcome[]> => {
    const outcomes: Outcome[] = [];
    await Promise.all(
      Array.from({ length: workers }, (_, k) => {
        const child = fork(fileURLToPath(import.meta.url), [], {
          env: { ...process.env, SEARCH_BENCH_CHILD: '1' },
        });
        return new Promise<void>((resolve, reject) => {
          child.on('message', (m: { outcome?: Outcome; done?: boolean }) => {
            if (m.outcome) {
              outcomes.push(m.outcome);
              if (process.stderr.isTTY) process.stderr.write(`\r${outcomes.length}/${list.length}`);
            }
            if (m.done) {
              child.kill();
              resolve();
            }
          });
          child.on('exit', (code) =>
            code ? reject(new Error(`a bench process ended with code ${code}`)) : resolve(),
          );
          child.send({ jobs: list.filter((_, i) => i % workers === k) });
        });
      }),
    );
    if (process.stderr.isTTY) process.stderr.write('\r');
    return outcomes;
  };
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const share = (n: number, of: number) => {
    const s = wilson(n, of);
    return `${pct(s.share)} [${pct(s.low)}, ${pct(s.high)}]`;
  };
  const spread = (ms: readonly number[]) => {
    const sorted = [...ms].sort((x, y) => x - y);
    const mean = ms.reduce((x, y) => x + y, 0) / ms.length;
    const p95 = sorted[Math.min(sorted.length - 1, Math.floor(0.95 * sorted.length))]!;
    return `${mean.toFixed(0)} mean, ${p95.toFixed(0)} p95, ${sorted[sorted.length - 1]!.toFixed(0)} max`;
  };
  // Wall clock, and CPU time, which a machine shared with other work does not inflate.
  const timeLine = (wall: readonly number[], cpu: readonly number[]) =>
    wall.length === 0
      ? 'no search turns'
      : `search side turn ms: wall ${spread(wall)}; CPU ${spread(cpu)} (${wall.length} turns)`;
  const t0 = performance.now();
  // Scenario by scenario, each printed as soon as its games are played.
  for (const file of files) {
    const title = (games.get(file) ?? gameOf(file)).title;
    const t1 = performance.now();
    const outcomes = await playAll(jobs.filter((j) => j.file === file));
    console.log(`${title} (${file}): ${((performance.now() - t1) / 1000).toFixed(0)} s`);
    const all: number[] = [];
    const allCpu: number[] = [];
    for (const style of styles) {
      const mine = outcomes.filter((o) => o.job.file === file && o.job.style === style);
      const count = (r: Outcome['result']) => mine.filter((o) => o.result === r).length;
      const [won, lost, drawn, unfinished] = [
        count('search'),
        count('style'),
        count('draw'),
        count('unfinished'),
      ];
      const ms = mine.flatMap((o) => o.turnMs);
      const cpu = mine.flatMap((o) => o.turnCpuMs);
      all.push(...ms);
      allCpu.push(...cpu);
      console.log(
        `  vs ${style}: search ${won} won, ${lost} lost, ${drawn} drawn, ${unfinished} unfinished of ${mine.length}; of all games ${share(won, mine.length)}, of decided games ${share(won, won + lost)}; ${timeLine(ms, cpu)}`,
      );
    }
    console.log(`  all styles: ${timeLine(all, allCpu)}`);
  }
  console.log(`${((performance.now() - t0) / 1000).toFixed(0)} s in all`);
}
