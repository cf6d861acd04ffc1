import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServerPath, startRedis, type RedisProcess } from '../server/processes';
import { until } from '../server/rawClient';
import { startSandtable, stopCommands } from './testing';

/**
 * `sandtable simulate --queue` with two `sandtable worker` processes on Debian's redis-server
 * (started here on a free loopback port): one worker is killed in the middle of a batch, the
 * other plays it again, every seed is counted once and the games are those of a local run.
 */

const scenarioPath = join(
  import.meta.dirname,
  '..',
  'scenarios',
  'tankplank-village.scenario.json',
);

let redis: RedisProcess | undefined;
afterAll(async () => {
  stopCommands();
  await redis?.stop();
});

describe.skipIf(!redisServerPath())('sandtable simulate --queue', () => {
  it('plays on two workers, retries the killed one’s batch, counts every seed once', async () => {
    redis = await startRedis();
    const a = startSandtable(
      'worker',
      '--queue',
      redis.url,
      '--threads',
      '1',
      '--stall-after',
      '2',
    );
    const b = startSandtable(
      'worker',
      '--queue',
      redis.url,
      '--threads',
      '1',
      '--stall-after',
      '2',
    );
    const games = 3;
    const run = startSandtable(
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
    const local = startSandtable(
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
    const r = startSandtable('worker', '--queue', 'redis://127.0.0.1:1', '--threads', '1');
    expect(await r.exited).toBe(1);
    expect(r.err).toContain('cannot reach the Redis server at redis://127.0.0.1:1');
  }, 30_000);
});
