import { createHash, randomUUID } from 'node:crypto';
import { Queue, QueueEvents, UnrecoverableError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { ScenarioDoc } from '../engine/format';
import type { LabRun, LabWorkerPort } from '../engine/lab/runner';
import { labReport } from '../engine/lab/stats';
import type { GameRecord, LabProgress, LabReport, LabSettings } from '../engine/lab/types';
import type { FromLabWorker } from '../engine/lab/worker';
import { nodeLabWorker } from './labThreads';

/**
 * The balance lab beyond one machine, through BullMQ on Redis: `sandtable simulate --queue`
 * puts a run's seeds on the queue in batches (one job each) and gathers the games;
 * `sandtable worker --queue` plays batches on its threads for as long as it runs, on any number
 * of machines. A game is a pure function of its scenario, settings and seed, so the games are
 * the same as on one machine. A job whose worker dies is put back by BullMQ's stalled-job check
 * and played again elsewhere; the gatherer keeps one record per seed, so a batch played twice is
 * never counted twice.
 */

/** The queue every lab run and worker share on a Redis server. */
export const LAB_QUEUE = 'sandtable-lab';

/** One job: a batch of seeds of one run, with everything a worker needs to play them. */
export interface LabJobData {
  readonly run: string;
  readonly scenario: ScenarioDoc;
  readonly settings: LabSettings;
  readonly seeds: readonly number[];
}

export interface LabJobResult {
  readonly records: readonly GameRecord[];
}

/** What a malformed --queue gives: the reason, for the usage error. */
export function queueUrlProblem(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return `--queue "${url}" is not a URL; give the Redis server as redis://host:port`;
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:')
    return `--queue "${url}" is not a redis:// or rediss:// URL`;
  return undefined;
}

// Workers need no retry limit on their blocking connection (BullMQ refuses one otherwise).
const connection = (url: string) => ({ url, maxRetriesPerRequest: null });

/** Redis's own words when it cannot be reached, with what to do. */
function unreachable(url: string, err: unknown): Error {
  const why = err instanceof Error ? err.message : String(err);
  return new Error(`cannot reach the Redis server at ${url} (${why}); is redis-server running?`);
}

/**
 * Whether the Redis server answers, tried once: BullMQ's own connections retry for ever, which a
 * worker or a run started with a wrong --queue should not do in silence. Undefined when it does.
 */
export async function redisProblem(url: string): Promise<string | undefined> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 5000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (err) {
    return unreachable(url, err).message;
  } finally {
    client.disconnect();
  }
}

export interface QueueRunOptions {
  readonly url: string;
  /** Seeds per job (default 10): small spreads a run evenly over many workers. */
  readonly batch?: number;
  readonly onProgress?: (progress: LabProgress, record: GameRecord) => void;
  /** Called once the jobs are on the queue. */
  readonly onQueued?: (jobs: number, run: string) => void;
}

/**
 * Plays a lab through the queue: the same report as `runLab` for the same scenario, settings
 * and seeds. `cancel` takes this run's waiting jobs off the queue and reports the games
 * gathered so far.
 */
export function runLabOnQueue(
  scenario: ScenarioDoc,
  asked: LabSettings,
  options: QueueRunOptions,
): LabRun {
  const settings: LabSettings = {
    ...asked,
    styles: { ...(scenario.playtest?.bots ?? {}), ...asked.styles },
  };
  const total = Math.max(0, Math.floor(settings.games));
  const batch = Math.max(1, Math.floor(options.batch ?? 10));
  const run = randomUUID().slice(0, 8);
  const jobIds: string[] = [];
  const jobs: { name: string; data: LabJobData; opts: object }[] = [];
  for (let first = 0; first < total; first += batch) {
    const seeds = Array.from(
      { length: Math.min(batch, total - first) },
      (_, i) => settings.firstSeed + first + i,
    );
    // The job id names the run and its first seed: adding it again is a no-op in BullMQ.
    const jobId = `${run}-${seeds[0]}`;
    jobIds.push(jobId);
    jobs.push({
      name: 'play',
      data: { run, scenario, settings, seeds },
      opts: {
        jobId,
        attempts: 3,
        backoff: { type: 'fixed', delay: 500 },
        removeOnComplete: { age: 3600 },
        removeOnFail: { age: 24 * 3600 },
      },
    });
  }
  const records = new Map<number, GameRecord>();
  const pending = new Set(jobIds);
  const queue = new Queue(LAB_QUEUE, { connection: connection(options.url) });
  const events = new QueueEvents(LAB_QUEUE, { connection: connection(options.url) });
  let finished = false;
  let settle: { resolve: (r: LabReport) => void; reject: (e: Error) => void } | undefined;
  const done = new Promise<LabReport>((resolve, reject) => {
    settle = { resolve, reject };
  });
  const report = () =>
    labReport(
      { title: scenario.meta.title, rulesetId: scenario.ruleset.id, map: scenario.map },
      scenario.forces.sides.map((s) => ({ id: s.id, name: s.name, colour: '', deployment: '' })),
      settings,
      [...records.values()],
      Object.fromEntries(scenario.objectives.map((o) => [o.id, o.name ?? o.id])),
    );
  let poll: ReturnType<typeof setInterval> | undefined;
  const close = async () => {
    if (poll) clearInterval(poll);
    await Promise.allSettled([events.close(), queue.close()]);
  };
  const end = (outcome: { report: LabReport } | { error: Error }) => {
    if (finished) return;
    finished = true;
    void close().then(() =>
      'report' in outcome ? settle!.resolve(outcome.report) : settle!.reject(outcome.error),
    );
  };
  const take = (jobId: string, value: unknown) => {
    if (finished || !pending.has(jobId)) return;
    const result = (typeof value === 'string' ? JSON.parse(value) : value) as LabJobResult;
    pending.delete(jobId);
    for (const record of result.records) {
      // One record per seed, whichever attempt or worker delivered it.
      if (records.has(record.seed)) continue;
      records.set(record.seed, record);
      options.onProgress?.({ done: records.size, total }, record);
    }
    if (pending.size === 0) end({ report: report() });
  };
  const lost = async (jobId: string) => {
    if (finished || !pending.has(jobId)) return;
    const job = await queue.getJob(jobId);
    const state = job ? await job.getState() : 'unknown';
    if (state === 'completed' && job) take(jobId, job.returnvalue);
    else if (state === 'failed' && job)
      end({
        error: new Error(
          `seeds ${job.data.seeds.join(', ')} failed ${job.attemptsMade} times: ${job.failedReason}`,
        ),
      });
  };
  events.on('completed', ({ jobId, returnvalue }) => take(jobId, returnvalue));
  events.on('failed', ({ jobId }) => void lost(jobId));
  const start = async () => {
    try {
      await Promise.all([queue.waitUntilReady(), events.waitUntilReady()]);
      await queue.addBulk(jobs as Parameters<Queue['addBulk']>[0]);
    } catch (err) {
      end({ error: unreachable(options.url, err) });
      return;
    }
    options.onQueued?.(jobs.length, run);
    // Events are the fast path; a look at the jobs still missing now and then catches any the
    // event stream did not deliver (a coordinator that lost its connection for a while).
    let looked = 0;
    poll = setInterval(() => {
      const ids = [...pending];
      for (let k = 0; k < Math.min(20, ids.length); k++)
        void lost(ids[(looked + k) % ids.length]!).catch(() => undefined);
      looked += 20;
    }, 3000);
  };
  if (total === 0) end({ report: report() });
  else void start();
  const cancel = () => {
    if (finished) return;
    const waiting = [...pending];
    void Promise.allSettled(waiting.map((id) => queue.remove(id))).then(() =>
      end({ report: report() }),
    );
  };
  return { done, cancel };
}

export interface QueueWorkerOptions {
  readonly url: string;
  /** Jobs played at once, each on its own thread. */
  readonly threads: number;
  /** Seconds after which a batch whose worker stopped answering goes back to the queue. */
  readonly stallSeconds: number;
  /**
   * Seconds a job may take on its thread; past them it is failed (not tried again), its lock
   * released and its thread ended and replaced, so no job can hold a thread for ever.
   */
  readonly jobSeconds: number;
  readonly log: (line: string) => void;
}

/** The most seeds one job may carry: `simulate --queue --batch` stays far below. */
export const MAX_JOB_SEEDS = 10_000;

/** A lab thread with the run it was last given, so a run's scenario is sent once. */
interface Slot {
  port: LabWorkerPort;
  /** What the thread was started with: the run, its scenario and settings, as a digest. */
  started?: string;
  busy: boolean;
  onMessage?: (m: FromLabWorker) => void;
  onFailure?: (why: string) => void;
}

function newSlot(): Slot {
  const slot: Slot = { port: nodeLabWorker(), busy: false };
  slot.port.listen(
    (m) => slot.onMessage?.(m),
    (why) => slot.onFailure?.(why),
  );
  return slot;
}

/**
 * What is wrong with a job's data before any thread sees it (a job need not come from
 * `simulate --queue`: anyone who can write to the Redis server can add one), or undefined.
 * The scenario and settings are checked on the thread, as the command line checks them.
 */
export function jobDataProblem(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return 'the job is not an object with run, scenario, settings and seeds';
  const d = data as Record<string, unknown>;
  if (typeof d['run'] !== 'string' || d['run'].length === 0 || d['run'].length > 200)
    return "the job's run is not a name of 1 to 200 characters";
  const seeds = d['seeds'];
  if (!Array.isArray(seeds) || seeds.length === 0 || seeds.length > MAX_JOB_SEEDS)
    return `the job's seeds are not a list of 1 to ${MAX_JOB_SEEDS} seeds`;
  const bad = seeds.findIndex((x) => !Number.isSafeInteger(x));
  if (bad >= 0)
    return `the job's seeds[${bad}] is ${JSON.stringify(seeds[bad])}, not a whole number`;
  if (new Set(seeds).size !== seeds.length) return 'the job names a seed twice';
  if (typeof d['scenario'] !== 'object' || d['scenario'] === null) return 'the job has no scenario';
  return undefined;
}

export interface QueueWorker {
  /** Resolves once it is connected and waiting for jobs. */
  readonly ready: Promise<void>;
  /** Lets the jobs under way finish (or, with `force`, drops them back to the queue) and stops. */
  close(force?: boolean): Promise<void>;
  /** Games played that did not finish (stalled, stuck, cut off) and jobs failed, so far. */
  troubles(): { readonly unfinished: number; readonly failed: number };
}

/** Plays lab jobs from the queue on `threads` worker threads until closed. */
export function startQueueWorker(options: QueueWorkerOptions): QueueWorker {
  const slots: Slot[] = Array.from({ length: options.threads }, newSlot);
  let unfinished = 0;
  let failed = 0;
  const play = (job: Job<LabJobData, LabJobResult>): Promise<LabJobResult> => {
    const where = `job ${job.id ?? '?'} of queue ${LAB_QUEUE}`;
    const problem = jobDataProblem(job.data);
    // Refused for good: trying a malformed job again gives the same answer.
    if (problem) return Promise.reject(new UnrecoverableError(`${where}: ${problem}`));
    const index = slots.findIndex((s) => !s.busy);
    const slot = slots[index]!;
    slot.busy = true;
    const { run, scenario, settings, seeds } = job.data;
    const digest = createHash('sha256')
      .update(JSON.stringify([run, scenario, settings]))
      .digest('hex');
    options.log(`playing seeds ${seeds[0]}-${seeds[seeds.length - 1]} of run ${run}`);
    return new Promise<LabJobResult>((resolve, reject) => {
      const got: GameRecord[] = [];
      const free = () => {
        clearTimeout(timer);
        slot.busy = false;
        slot.onMessage = undefined;
        slot.onFailure = undefined;
      };
      // A thread that is ended (timed out) or died is replaced by a fresh one in its place.
      const replace = () => {
        slot.port.terminate();
        slots[index] = newSlot();
      };
      const timer = setTimeout(() => {
        free();
        replace();
        reject(
          new UnrecoverableError(
            `${where}: seeds ${seeds[0]}-${seeds[seeds.length - 1]} of run ${run} took longer than ${options.jobSeconds} s (the worker's --job-seconds); the thread playing them was stopped`,
          ),
        );
      }, options.jobSeconds * 1000);
      slot.onMessage = (m) => {
        if (m.type === 'error') {
          free();
          // A fresh thread for the next job: nothing of this one's can reach it.
          replace();
          // The scenario or settings were refused (located), or a game failed: the same again.
          reject(new UnrecoverableError(m.message));
          return;
        }
        if (m.type !== 'game') return;
        got.push(m.record);
        if (m.record.winner === null) {
          unfinished++;
          options.log(
            `seed ${m.record.seed} of run ${run} did not finish (${m.record.stoppedBy}${m.record.stalledSide ? `, ${m.record.stalledSide}` : ''}): ${m.record.reason ?? m.record.text}`,
          );
        }
        if (got.length === seeds.length) {
          free();
          resolve({ records: got });
        }
      };
      slot.onFailure = (why) => {
        free();
        // A thread that died is replaced; the job fails and BullMQ tries it again.
        replace();
        reject(new Error(`lab thread stopped: ${why}`));
      };
      if (slot.started !== digest) {
        // Admitted on the thread as the command line admits a file: a job is not trusted.
        slot.port.post({ type: 'start', scenario, settings, admit: where });
        slot.started = digest;
      }
      slot.port.post({ type: 'play', seeds });
    });
  };
  const worker = new Worker<LabJobData, LabJobResult>(LAB_QUEUE, play, {
    connection: connection(options.url),
    concurrency: options.threads,
    lockDuration: options.stallSeconds * 1000,
    stalledInterval: options.stallSeconds * 1000,
    // A batch may stall more than once (two workers killed in a row) before it counts as failed.
    maxStalledCount: 5,
  });
  worker.on('error', (err) => options.log(`queue error: ${err.message}`));
  worker.on('completed', (job) =>
    options.log(`played seeds ${job.data.seeds[0]}-${job.data.seeds[job.data.seeds.length - 1]}`),
  );
  worker.on('failed', (job, err) => {
    failed++;
    const seeds = Array.isArray(job?.data?.seeds) ? job.data.seeds.slice(0, 20).join(', ') : '?';
    options.log(`job ${job?.id ?? '?'} (seeds ${seeds}) failed: ${err.message}`);
  });
  const ready = worker.waitUntilReady().then(
    () => undefined,
    (err: unknown) => {
      throw unreachable(options.url, err);
    },
  );
  return {
    ready,
    troubles: () => ({ unfinished, failed }),
    close: async (force) => {
      await worker.close(force);
      for (const s of slots) s.port.terminate();
    },
  };
}
