/**
 * The balance advisor's checks (issue 40), as numbers: on the village with half of side B's tanks
 * removed (the lab's own imbalance, bench/lab.ts) it must propose a variant whose interval
 * contains 50% and whose decisiveness stays within 10 points of the original's; on the mirrored
 * village it must say already fair and propose nothing; on one bundled scenario of every other
 * ruleset it must run to an answer. Prints each answer, the games it cost and the time, on
 * worker threads as `sandtable balance` plays them. Prints numbers; it is not a test (the three
 * take many minutes).
 *
 * Run: npm run bench:balance [-- --budget N (5000)] [--others-budget N (600)] [--workers W]
 *      [--seed S] [--tolerance T (0.03)] [--only village|mirrored|others]
 * A variant is fair when its 95% interval contains 50% and is no wider than ± T (about 1,065
 * decided games at ± 3 points, 382 at ± 5), as `sandtable balance` judges it.
 *
 * Scale (issue 40 item 4): `--queue-scale <scenario> --budget N [--queue-workers 2]` starts
 * Debian's redis-server on a free loopback port and that many `sandtable worker --queue`
 * processes (one thread each), plays one advisor question through the queue, and prints games a
 * minute and the time to the answer, then the answer.
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadDocument, type ScenarioDoc } from '../engine/format/index';
import { adviseBalance, advisorLines, type AdvisorReport } from '../engine/lab/advisor';
import { runLab } from '../engine/lab/runner';
import { withoutShareOfClass } from '../engine/lab/variants';
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { labPlayer } from '../engine/lab/advisorPlayer';
import { runLabOnQueue } from '../cli/labQueue';
import { startRedis } from '../server/processes';
import { threadPool } from '../cli/balance';
import { defaultLabWorkers, tuneV8ForLab } from '../cli/labThreads';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';
import { benchOptions } from './options';

// The lab threads' V8 flags, as `sandtable balance` runs with them, before any code is hot.
tuneV8ForLab();

const options = benchOptions();
const budget = options.whole('budget', 5000);
const tolerance = options.number('tolerance', 0.03);
const othersBudget = options.whole('others-budget', 600);
const workers = options.whole('workers', defaultLabWorkers());
const seed = options.whole('seed', 1, 0);
const only = options.text('only');

const load = (file: string): ScenarioDoc => {
  const r = loadDocument(readFileSync(file, 'utf8'), { file, expect: ['sandtable.scenario'] });
  if (!r.ok) throw new Error(`${file} does not load`);
  return r.doc as ScenarioDoc;
};

async function advise(title: string, doc: ScenarioDoc, games: number): Promise<AdvisorReport> {
  const pool = threadPool();
  const player = labPlayer(
    (b, onGame) =>
      runLab(b.scenario, b.settings, {
        spawn: pool.spawn,
        workers,
        onProgress: (_p, r) => onGame(r),
      }),
    false,
  );
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  let shown = 0;
  try {
    const r = await adviseBalance(doc, player.play, {
      rulesets: BUNDLED_RULESETS,
      budgetGames: games,
      tolerance,
      firstSeed: seed,
      onProgress: (p) => {
        if (performance.now() - shown < 10_000) return;
        shown = performance.now();
        process.stderr.write(
          `  ${title}: ${p.games}/${p.budget} games, ${p.fair} fair, ${p.out} out, ${p.open} open\n`,
        );
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    const cpu = process.cpuUsage(cpu0);
    console.log(`\n== ${title}`);
    for (const line of advisorLines(r)) console.log(line);
    console.log(
      `${r.games} games in ${seconds.toFixed(1)} s: ${Math.round((r.games / seconds) * 60)} games/min wall clock on ${workers} thread${workers === 1 ? '' : 's'} (main thread ${((cpu.user + cpu.system) / 1e6).toFixed(1)} CPU s); load average ${loadavg()[0]!.toFixed(1)}`,
    );
    return r;
  } finally {
    pool.close();
  }
}

const queueScale = options.text('queue-scale');
if (queueScale) {
  const count = options.whole('queue-workers', 2);
  const redis = await startRedis();
  const bin = join(import.meta.dirname, '..', 'bin', 'sandtable.mjs');
  const procs = Array.from({ length: count }, () =>
    spawn(process.execPath, [bin, 'worker', '--queue', redis.url, '--threads', '1'], {
      stdio: ['ignore', 'ignore', 'inherit'],
    }),
  );
  try {
    const player = labPlayer(
      (b, onGame) =>
        runLabOnQueue(b.scenario, b.settings, {
          url: redis.url,
          batch: 4,
          onProgress: (_p, r) => onGame(r),
        }),
      true,
    );
    const t0 = performance.now();
    let shown = 0;
    const r = await adviseBalance(load(queueScale), player.play, {
      rulesets: BUNDLED_RULESETS,
      budgetGames: budget,
      tolerance,
      firstSeed: seed,
      onProgress: (p) => {
        if (performance.now() - shown < 15_000) return;
        shown = performance.now();
        const rate = (p.games / ((performance.now() - t0) / 1000)) * 60;
        process.stderr.write(
          `  ${p.games}/${p.budget} games, ${Math.round(rate)} a minute, ${p.fair} fair, ${p.out} out, ${p.open} open\n`,
        );
      },
    });
    const seconds = (performance.now() - t0) / 1000;
    console.log(
      `queue: ${count} sandtable worker process${count === 1 ? '' : 'es'} (1 thread each) on ${redis.url}, ${queueScale}, budget ${budget}`,
    );
    console.log(
      `${r.games} games, ${r.tried.length + 1} scenarios played (original and variants), answer in ${seconds.toFixed(1)} s: ${Math.round((r.games / seconds) * 60)} games/min; load average ${loadavg()[0]!.toFixed(1)}`,
    );
    for (const line of advisorLines(r)) console.log(line);
  } finally {
    for (const p of procs) p.kill('SIGTERM');
    await Promise.all(procs.map((p) => new Promise((res) => p.once('exit', res))));
    await redis.stop();
  }
  process.exit(0);
}

const pass = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
console.log(
  `balance advisor checks: target 50% ± ${(100 * tolerance).toFixed(1)} points, budget ${budget} games (others ${othersBudget}), seed ${seed}, ${workers} worker threads; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
if (!only || only === 'village') {
  const village = load('scenarios/tankplank-village.scenario.json');
  const weakened = withoutShareOfClass(village, 'b', 'tank', 0.5, BUNDLED_RULESETS);
  const r = await advise(
    `village, side B without ${weakened.removed.length} of its ${weakened.had} tanks (${weakened.removed.join(', ')})`,
    weakened.scenario,
    budget,
  );
  const ok = r.suggestions.find(
    (s) =>
      s.verdict === 'fair' &&
      s.share.low <= 0.5 &&
      0.5 <= s.share.high &&
      Math.abs(s.decisivenessChange) <= 10,
  );
  console.log(
    `check: a fair variant whose interval contains 50% and decisiveness within 10 points: ${pass(ok !== undefined)}${ok ? ` (${ok.change})` : ''}`,
  );
}
if (!only || only === 'mirrored') {
  const r = await advise(
    'mirrored village',
    load('scenarios/tankplank-village-mirrored.scenario.json'),
    budget,
  );
  console.log(
    `check: already fair, nothing proposed: ${pass(r.answer === 'already fair' && r.suggestions.length === 0)}`,
  );
}
if (!only || only === 'others') {
  for (const file of [
    'scenarios/tanks-last-battle-of-alpha-66.scenario.json',
    'scenarios/tank-contour-hills.scenario.json',
    'scenarios/ww1-wire.scenario.json',
  ]) {
    const doc = load(file);
    const r = await advise(`${doc.ruleset.id}: ${file}`, doc, othersBudget);
    console.log(`check: ran to an answer (${r.answer}): ${pass(!r.stopped && r.games > 0)}`);
  }
}
