import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue } from 'bullmq';
import { afterAll, describe, expect, it } from 'vitest';
import { redisServerPath, startRedis, type RedisProcess } from '../server/processes';
import { until } from '../server/rawClient';
import { startSandtable, stopCommands } from './testing';
import { LAB_QUEUE } from './labQueue';

/**
 * A queue worker does not trust its jobs: jobs written straight to Redis (not by
 * `simulate --queue`) with a scenario validate rejects, with data that is not a job, or with
 * more games than any time allows are failed with a located reason and a time limit, and the
 * honest run queued behind them is played. Debian's redis-server on a free loopback port.
 */

const village = join(import.meta.dirname, '..', 'scenarios', 'tankplank-village.scenario.json');
const airCover = join(import.meta.dirname, '..', 'scenarios', 'tanks-air-cover.scenario.json');

let redis: RedisProcess | undefined;
let queue: Queue | undefined;
afterAll(async () => {
  stopCommands();
  await queue?.close();
  await redis?.stop();
});

describe.skipIf(!redisServerPath())('a queue worker checks its jobs', () => {
  it('fails forged jobs with located reasons and a time limit; the honest run behind them is played', async () => {
    redis = await startRedis();
    queue = new Queue(LAB_QUEUE, { connection: { url: redis.url } });
    const scenario = JSON.parse(await readFile(village, 'utf8')) as {
      forces: { sides: { formations: { units: { type: string }[] }[] }[] };
    };
    const settings = { games: 1, firstSeed: 1, styles: {} };
    // Five thousand village games in one job: far past any time limit.
    await queue.add(
      'play',
      { run: 'forged', scenario, settings, seeds: Array.from({ length: 5000 }, (_, i) => i + 1) },
      { jobId: 'forged-long' },
    );
    const unknownType = structuredClone(scenario);
    unknownType.forces.sides[0]!.formations[0]!.units[0]!.type = 'tp.nope';
    await queue.add(
      'play',
      { run: 'forged', scenario: unknownType, settings, seeds: [1] },
      { jobId: 'forged-type' },
    );
    await queue.add('play', { run: 'forged', seeds: 'all' }, { jobId: 'forged-data' });
    await queue.add(
      'play',
      { run: 'forged', scenario, settings: { ...settings, styles: { a: 'reckless' } }, seeds: [1] },
      { jobId: 'forged-style' },
    );

    const worker = startSandtable(
      'worker',
      '--queue',
      redis.url,
      '--threads',
      '1',
      '--stall-after',
      '2',
      '--job-seconds',
      '4',
    );
    await until(
      'the worker to take the long job',
      () => worker.err.includes('playing seeds 1-5000'),
      30_000,
    );
    const run = startSandtable(
      'simulate',
      village,
      '--queue',
      redis.url,
      '--games',
      '2',
      '--seed',
      '11',
      '--batch',
      '1',
      '--turn-limit',
      '2',
      '--json',
    );
    expect(await run.exited, run.err).toBe(0);
    const report = JSON.parse(run.out) as { played: number; complete: boolean };
    expect(report.complete).toBe(true);
    expect(report.played).toBe(2);

    const failed = async (id: string) => {
      const job = await queue!.getJob(id);
      expect(await job!.getState()).toBe('failed');
      // Failed for good on the first attempt: trying again would give the same answer.
      expect(job!.attemptsMade).toBe(1);
      return job!.failedReason;
    };
    expect(await failed('forged-long')).toMatch(
      /job forged-long of queue sandtable-lab: seeds 1-5000 of run forged took longer than 4 s .*the thread playing them was stopped/,
    );
    expect(await failed('forged-type')).toMatch(
      /job forged-type of queue sandtable-lab at \/forces\/sides\/0\/formations\/0\/units\/0 \(unknown-type\)/,
    );
    expect(await failed('forged-data')).toContain(
      "job forged-data of queue sandtable-lab: the job's seeds are not a list",
    );
    expect(await failed('forged-style')).toContain(
      'settings.styles gives side "a" the style "reckless"',
    );
    // A game that does not finish fails the run: 29 Hinds (TANKS plays 32 models) in a Soviet
    // strip 1" deep, which the deployment cannot take.
    const air = JSON.parse(await readFile(airCover, 'utf8')) as {
      forces: { sides: { formations: { units: { id: string; type: string }[] }[] }[] };
      deployment: { zones: { area: { depth: number } }[] };
    };
    const hind = air.forces.sides[0]!.formations.flatMap((f) => f.units).find(
      (u) => u.type === 'tanks.hind',
    )!;
    for (let k = 0; k < 28; k++)
      air.forces.sides[0]!.formations[0]!.units.push({ ...hind, id: `sov.hind${k}` });
    air.deployment.zones[0]!.area.depth = 1;
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-queue-'));
    const helicopters = join(dir, 'helicopters.scenario.json');
    await writeFile(helicopters, JSON.stringify(air));
    const stalled = startSandtable('simulate', helicopters, '--queue', redis.url, '--games', '1');
    expect(await stalled.exited).toBe(1);
    expect(stalled.out).toContain('unfinished: 1');
    expect(stalled.err).toContain('1 of 1 game did not finish (first: seed 1');
    expect(worker.err).toMatch(/seed 1 of run \w+ did not finish \(stuck, sov\)/);
    // Stopped, the worker says it failed jobs and a game did not finish, and exits 1.
    worker.child.kill('SIGTERM');
    expect(await worker.exited).toBe(1);
    expect(worker.err).toContain('1 game that did not finish and 4 failed jobs');
  }, 120_000);
});
