import { parseCommandArgs } from './args';

/** How long a job may play on a thread when --job-seconds does not say. */
const DEFAULT_JOB_SECONDS = 300;
import { defaultLabWorkers } from './labThreads';
import { LAB_QUEUE, queueUrlProblem, redisProblem, startQueueWorker } from './labQueue';

export const usage = `sandtable worker --queue <redis://host:port> [--threads <k>] [--stall-after <s>] [--job-seconds <s>]
  A balance-lab worker: plays the games that "sandtable simulate --queue" puts on the Redis
  server's queue (BullMQ, queue "${LAB_QUEUE}"), --threads at a time (default: one per core),
  until stopped with Ctrl-C (the batches under way are finished first). Start one on every
  machine that should help. When a worker stops answering, its batches go back to the queue after
  about --stall-after seconds (default 30) and another worker plays them.
  A job is not trusted: its scenario is loaded and checked as "sandtable validate" checks a file
  and its settings as "simulate" checks its options; a job they refuse fails at once with every
  problem located (its failed reason on the queue, which "simulate --queue" prints). A job still
  under way after --job-seconds (default ${DEFAULT_JOB_SECONDS}) fails, its lock is released and the thread
  playing it is ended and replaced. Every failed job is logged.
  Exits 0 when stopped after every game it played ended, 1 when a game it played did not finish
  (stalled, stuck or cut off) or a job failed, or the Redis server cannot be reached, 2 on bad
  usage.`;

export async function run(args: string[]): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      queue: { type: 'string' },
      threads: { type: 'string' },
      'stall-after': { type: 'string' },
      'job-seconds': { type: 'string' },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const url = values.queue;
  const threads = Number(values.threads ?? defaultLabWorkers());
  const stall = Number(values['stall-after'] ?? 30);
  const jobSeconds = Number(values['job-seconds'] ?? DEFAULT_JOB_SECONDS);
  const problem =
    url === undefined
      ? 'sandtable worker needs --queue redis://host:port'
      : (queueUrlProblem(url) ??
        (positionals.length > 0 ? `unexpected argument "${positionals[0]}"` : undefined) ??
        (!Number.isInteger(threads) || threads < 1
          ? `--threads must be a whole number from 1, not "${values.threads}"`
          : undefined) ??
        (!(stall >= 1)
          ? `--stall-after must be at least 1 second, not "${values['stall-after']}"`
          : undefined) ??
        (!(jobSeconds >= 1)
          ? `--job-seconds must be at least 1 second, not "${values['job-seconds']}"`
          : undefined));
  if (problem) {
    process.stderr.write(`${problem}\n\n${usage}\n`);
    return 2;
  }
  const log = (line: string) => process.stderr.write(`${line}\n`);
  const down = await redisProblem(url!);
  if (down) {
    log(down);
    return 1;
  }
  const worker = startQueueWorker({
    url: url!,
    threads,
    stallSeconds: stall,
    jobSeconds,
    log,
  });
  try {
    await worker.ready;
  } catch (err) {
    log((err as Error).message);
    await worker.close(true);
    return 1;
  }
  log(
    `waiting for games on ${url} (queue ${LAB_QUEUE}, ${threads} thread${threads === 1 ? '' : 's'})`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => {
      log('stopping: finishing the batches under way');
      resolve();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await worker.close();
  const { unfinished, failed } = worker.troubles();
  if (unfinished + failed > 0) {
    log(
      `stopped after ${unfinished} game${unfinished === 1 ? '' : 's'} that did not finish and ${failed} failed job${failed === 1 ? '' : 's'} (each logged above)`,
    );
    return 1;
  }
  return 0;
}
