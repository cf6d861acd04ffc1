import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServerPath, startRedis, type RedisProcess } from '../server/processes';

/**
 * `sandtable simulate --queue` with two `sandtable worker` processes on Debian's redis-server
 * (started here on a free loopback port): one worker is killed in the middle of a batch, the
 * other plays it again, every seed is counted once and the games are those of a local run.
 */

const bin = join(import.meta.dirname, '..', 'bin', 'sandtable.mjs');
const scenarioPath = join(
  import.meta.dirname,
  '..',
  'scenarios',
  'tankplank-village.scenario.json',
);

interface Proc {
  child: ChildProcess;
  out: string;
  err: string;
  exited: Promise<number | null>;
}

const started: Proc[] = [];

function sandtable(...args: string[]): Proc {
  const child = spawn(process.execPath, [bin, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const p: Proc = {
    child,
    out: '',
    err: '',
    exited: new Promise((resolve) => child.on('exit', (code) => resolve(code))),
  };
  child.stdout!.on('data', (d: Buffer) => (p.out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (p.err += d.toString()));
  started.push(p);
  return p;
}

async function until(what: string, test: () => boolean, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

let redis: RedisProcess | undefined;
afterAll(async () => {
  for (const p of started) if (p.child.exitCode === null) p.child.kill('SIGKILL');
  await redis?.stop();
});

describe.skipIf(!redisServerPath())('sandtable simulate --queue', () => {
  it('plays on two workers, retries the killed one’s batch, counts every seed once', async () => {
    redis = await startRedis();
    const a = sandtable('worker', '--queue', redis.url, '--threads', '1', '--stall-after', '2');
    const b = sandtable('worker', '--queue', redis.url, '--threads', '1', '--stall-after', '2');
    const games = 3;
    const run = sandtable(
      'simulate',
      scenarioPath,
      '--queue',
      redis.url,
      '--games',
      String(games),
      '--seed',
      '11',
      '--batch',
      '1',
      '--turn-limit',
      '2',
      '--json',
    );
    // The same games on this machine's threads, for comparison (while the workers play).
    const local = sandtable(
      'simulate',
      scenarioPath,
      '--games',
      String(games),
      '--seed',
      '11',
      '--turn-limit',
      '2',
      '--workers',
      '1',
      '--json',
    );
    // Kill worker A as soon as it has taken a batch: it never finishes it.
    await until('worker A to take a batch', () => /playing seeds (\d+)/.test(a.err));
    a.child.kill('SIGKILL');
    const killedSeed = Number(/playing seeds (\d+)/.exec(a.err)![1]);
    expect(await run.exited).toBe(0);
    const report = JSON.parse(run.out) as {
      played: number;
      complete: boolean;
      hashes: { seed: number; hash: string }[];
    };
    expect(report.complete).toBe(true);
    expect(report.played).toBe(games);
    expect(await local.exited).toBe(0);
    const reference = JSON.parse(local.out) as { hashes: { seed: number; hash: string }[] };
    expect(reference.hashes.map((h) => h.seed)).toEqual([11, 12, 13]);
    expect(report.hashes).toEqual(reference.hashes);
    // Worker B played the batch A was killed in, once A's lock ran out.
    expect(b.err).toContain(`played seeds ${killedSeed}-${killedSeed}`);
    // Ctrl-C (SIGTERM here) stops worker B cleanly.
    b.child.kill('SIGTERM');
    expect(await b.exited).toBe(0);
  }, 60_000);

  it('says so when the Redis server cannot be reached', async () => {
    const r = sandtable('worker', '--queue', 'redis://127.0.0.1:1', '--threads', '1');
    expect(await r.exited).toBe(1);
    expect(r.err).toContain('cannot reach the Redis server at redis://127.0.0.1:1');
  }, 30_000);
});
