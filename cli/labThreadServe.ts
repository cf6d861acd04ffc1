import { parentPort } from 'node:worker_threads';
import { labWorkerHandler } from '../engine/lab/worker';
import type { RulesetLookup } from '../engine/rulesets/lookup';

/**
 * Serves the balance lab from a worker thread: plays the seeds it is sent with
 * engine/lab/worker.ts, with the games of `rulesets`, and posts a record per game. A thread
 * entry (cli/labWorkerThread.ts for the bundled rulesets) calls it once.
 */
export function serveLabThread(rulesets: RulesetLookup): void {
  const port = parentPort;
  if (!port)
    throw new Error('a lab thread entry runs only as a worker thread (see cli/labThreads.ts)');
  // Messages sent while the module loaded wait in the port until this listener starts it.
  port.on(
    'message',
    labWorkerHandler(
      rulesets,
      (m) => port.postMessage(m),
      () => performance.now(),
    ),
  );
}
