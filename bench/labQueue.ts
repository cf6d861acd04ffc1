/**
 * The balance lab through the Redis queue: starts Debian's redis-server on a free loopback port
 * and `sandtable worker` processes, plays a scenario with `sandtable simulate --queue`, then the
 * same games on this machine with `--workers` threads, and prints games a minute for both
 * (wall clock, from the report's own timing, so process start-up is left out) and whether both
 * gave the same game hashes. The workers are running before the queued run starts; the local
 * run's time includes starting its threads (each loads the engine), which counts on short runs.
 * Prints numbers; it is not a test.
 *
 * Run: npm run bench:lab-queue [-- --games N] [--scenario file] [--workers W] [--threads T]
 *      [--batch B]
 * W worker processes of T threads each (default 2 of 1: both cores of this machine); the local
 * run uses W × T threads.
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { startRedis } from '../server/processes';
import { benchOptions } from './options';

const options = benchOptions();
const file = options.text('scenario') ?? 'scenarios/tankplank-village.scenario.json';
const games = options.whole('games', 40);
const workers = options.whole('workers', 2);
const threads = options.whole('threads', 1);
const batch = options.whole('batch', 2);
const bin = join(import.meta.dirname, '..', 'bin', 'sandtable.mjs');

interface Report {
  played: number;
  seconds: number;
  hashes: { seed: number; hash: string }[];
  decided: { share: number };
  length: { mean: number };
}

function sandtable(...a: string[]): Promise<Report> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...a], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out) as Report)
        : reject(new Error(`sandtable ${a[0]} exited ${code}`)),
    );
  });
}

const redis = await startRedis();
const procs = Array.from({ length: workers }, () =>
  spawn(process.execPath, [bin, 'worker', '--queue', redis.url, '--threads', String(threads)], {
    stdio: ['ignore', 'ignore', 'ignore'],
  }),
);
try {
  const load = loadavg()[0]!.toFixed(1);
  const queued = await sandtable(
    'simulate',
    file,
    '--games',
    String(games),
    '--queue',
    redis.url,
    '--batch',
    String(batch),
    '--json',
  );
  const local = await sandtable(
    'simulate',
    file,
    '--games',
    String(games),
    '--workers',
    String(workers * threads),
    '--json',
  );
  const rate = (r: Report) => ((r.played / r.seconds) * 60).toFixed(1);
  console.log(`${file}: ${games} games, load average ${load} at the start`);
  console.log(
    `  queue (${workers} worker process${workers === 1 ? '' : 'es'} × ${threads} thread${threads === 1 ? '' : 's'}, batch ${batch}): ${rate(queued)} games/min (${queued.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  local (${workers * threads} thread${workers * threads === 1 ? '' : 's'} of this process, started for the run): ${rate(local)} games/min (${local.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  same game hashes: ${JSON.stringify(queued.hashes) === JSON.stringify(local.hashes) ? 'yes' : 'NO'}; decided ${(100 * queued.decided.share).toFixed(1)}%, mean length ${queued.length.mean.toFixed(1)} turns`,
  );
} finally {
  for (const p of procs) p.kill('SIGTERM');
  await Promise.all(procs.map((p) => new Promise((r) => p.once('exit', r))));
  await redis.stop();
}
