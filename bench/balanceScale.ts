/**
 * The balance advisor at scale (issue 40 item 4): one question of V variants × G games played
 * through the BullMQ queue by W `sandtable worker` processes. Starts Debian's redis-server on a
 * free loopback port and the workers (one thread each), builds the variants as the advisor does
 * (advisorLevers.ts: every single change along every lever, the likeliest first, then pairs of
 * them when there are fewer single changes than asked), plays the original and every variant on
 * the same G seeds (V + 1 lab runs, `--concurrent` of them on the queue at a time), and prints
 * games a minute and the time to the answer, then the answer: each variant's verdict at the
 * tolerance (balance advisor's rule: fair when the 95% interval contains the target and is no
 * wider than ± tolerance), the fair ones closest to the target first with their quality measures
 * against the original's. Unlike `sandtable balance` it does not stop a variant early: it is the
 * whole question, the cost the advisor's sequential stops save. Prints numbers; not a test.
 *
 * Run: npm run bench:balance-scale [-- --variants 50] [--games 2000] [--workers 2]
 *      [--scenario file (TANKS: Your First Game)] [--concurrent 4] [--batch 10] [--seed 1]
 *      [--target 0.5] [--tolerance 0.03]
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { runLabOnQueue } from '../cli/labQueue';
import { loadDocument, type ScenarioDoc } from '../engine/format/index';
import {
  halfWidth,
  measure,
  shareText,
  verdictOf,
  type VariantResult,
} from '../engine/lab/advisor';
import { combineVariants, leverVariants, LEVERS, type Variant } from '../engine/lab/advisorLevers';
import { qualityChanges } from '../engine/lab/qualityCompare';
import type { GameRecord } from '../engine/lab/types';
import { startRedis } from '../server/processes';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';
import { benchOptions } from './options';

const options = benchOptions();
const file = options.text('scenario') ?? 'scenarios/tanks-your-first-game.scenario.json';
const wantVariants = options.whole('variants', 50);
const games = options.whole('games', 2000);
const workerCount = options.whole('workers', 2);
const concurrent = options.whole('concurrent', 4);
const batch = options.whole('batch', 10);
const seed = options.whole('seed', 1, 0);
const target = options.number('target', 0.5);
const tolerance = options.number('tolerance', 0.03);

const loaded = loadDocument(readFileSync(file, 'utf8'), {
  file,
  expect: ['sandtable.scenario'],
});
if (!loaded.ok) {
  console.error(`${file} does not load: ${loaded.problems.map((p) => p.message).join('; ')}`);
  process.exit(1);
}
const scenario = loaded.doc as ScenarioDoc;

// The variants: single changes, likeliest first, then pairs of them, as many as asked.
const made = leverVariants(scenario, { levers: LEVERS, rulesets: BUNDLED_RULESETS });
const singles = [...made.variants].sort((a, b) => b.prior - a.prior || a.id.localeCompare(b.id));
const variants: Variant[] = singles.slice(0, wantVariants);
for (let i = 0; i < singles.length && variants.length < wantVariants; i++)
  for (let j = i + 1; j < singles.length && variants.length < wantVariants; j++) {
    const both = combineVariants(scenario, singles[i]!, singles[j]!, BUNDLED_RULESETS);
    if (both) variants.push(both);
  }
if (variants.length < wantVariants)
  console.log(
    `${file} gives ${variants.length} variants (single changes and pairs), not ${wantVariants}: playing those`,
  );
const plays: { id: string; changes: Variant['changes']; scenario: ScenarioDoc }[] = [
  { id: 'original', changes: [], scenario },
  ...variants,
];
const total = plays.length * games;
const sides = scenario.forces.sides.map((s) => ({ id: s.id, name: s.name }));
const styles = scenario.playtest?.bots ?? {};

const redis = await startRedis();
const bin = join(import.meta.dirname, '..', 'bin', 'sandtable.mjs');
const procs: ChildProcess[] = Array.from({ length: workerCount }, (_, w) => {
  const child = spawn(process.execPath, [bin, 'worker', '--queue', redis.url, '--threads', '1'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // A worker says every batch it plays; only what is not that (a failure) is passed on.
  let partial = '';
  child.stderr!.on('data', (d: Buffer) => {
    const lines = (partial + d.toString()).split('\n');
    partial = lines.pop()!;
    for (const line of lines)
      if (line && !/^(playing|played) seeds |^stopping: finishing/.test(line))
        process.stderr.write(`  worker ${w + 1}: ${line}\n`);
  });
  return child;
});
let stopping = false;
const stopAll = async () => {
  if (stopping) return;
  stopping = true;
  for (const p of procs) p.kill('SIGTERM');
  await Promise.all(
    procs.map((p) => (p.exitCode !== null ? undefined : new Promise((r) => p.once('exit', r)))),
  );
  await redis.stop();
};
process.once('SIGINT', () => {
  console.error('stopped: the workers and redis-server are being shut down');
  void stopAll().then(() => process.exit(130));
});

console.log(
  `balance at scale: ${scenario.meta.title} (${file}), the original and ${variants.length} variants × ${games} games = ${total} games, seeds ${seed}-${seed + games - 1}; ${workerCount} sandtable worker process${workerCount === 1 ? '' : 'es'} of 1 thread on ${redis.url}, ${concurrent} runs on the queue at a time, ${batch} seeds a job; target ${(100 * target).toFixed(1)}% ± ${(100 * tolerance).toFixed(1)}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);

const records: GameRecord[][] = plays.map(() => []);
const t0 = performance.now();
let done = 0;
let shown = t0;
let firstFairAt: number | undefined;
const results: (VariantResult | undefined)[] = plays.map(() => undefined);
try {
  let next = 0;
  const lane = async () => {
    while (next < plays.length) {
      const k = next++;
      const p = plays[k]!;
      const run = runLabOnQueue(
        p.scenario,
        { games, firstSeed: seed, styles },
        {
          url: redis.url,
          batch,
          onProgress: (_pr, r) => {
            records[k]!.push(r);
            done++;
            const now = performance.now();
            if (now - shown < 15_000) return;
            shown = now;
            const rate = (done / ((now - t0) / 1000)) * 60;
            process.stderr.write(
              `  ${done}/${total} games, ${Math.round(rate)} a minute, about ${Math.round((total - done) / rate)} min to go\n`,
            );
          },
        },
      );
      await run.done;
      const r = measure(
        p.id,
        p.changes,
        records[k]!,
        sides,
        verdictOf(
          measure(p.id, p.changes, records[k]!, sides, 'open').share,
          target,
          tolerance,
          100,
        ),
      );
      results[k] = r;
      if (r.verdict === 'fair' && k > 0 && firstFairAt === undefined)
        firstFairAt = (performance.now() - t0) / 1000;
    }
  };
  await Promise.all(Array.from({ length: concurrent }, lane));
} finally {
  await stopAll();
}
const seconds = (performance.now() - t0) / 1000;
const all = results.map((r) => r!);
const original = all[0]!;
const tried = all.slice(1);
const fair = tried
  .filter((r) => r.verdict === 'fair')
  .sort((a, b) => Math.abs(a.share.share - target) - Math.abs(b.share.share - target));
console.log(
  `${done} games over ${plays.length} scenarios in ${seconds.toFixed(1)} s: ${Math.round((done / seconds) * 60)} games/min; time to the answer ${(seconds / 60).toFixed(1)} min${firstFairAt !== undefined ? ` (first fair variant known after ${(firstFairAt / 60).toFixed(1)} min)` : ''}; load average ${loadavg()[0]!.toFixed(1)}`,
);
console.log(
  `original: ${sides[0]!.name}'s share of the decided games ${shareText(original.share)}, ±${(100 * halfWidth(original.share)).toFixed(1)} pts: ${original.verdict}`,
);
console.log(
  `variants: ${fair.length} fair, ${tried.filter((r) => r.verdict === 'out').length} ruled out, ${tried.filter((r) => r.verdict === 'open').length} open (interval touches the band but is not ±${(100 * tolerance).toFixed(1)} pts around the target)`,
);
for (const r of fair.slice(0, 5)) {
  console.log(
    `  ${r.change}: ${shareText(r.share)}, decided ${(100 * r.decided.share).toFixed(1)}%`,
  );
  for (const c of qualityChanges(original, r)) console.log(`     ${c.text}`);
}
process.exit(0);
