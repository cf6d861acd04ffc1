import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { LabWorkerPort } from '../engine/lab/runner';
import type { FromLabWorker } from '../engine/lab/worker';

/** A balance-lab worker on a Node worker thread (cli/labWorker.mjs). */
export function nodeLabWorker(): LabWorkerPort {
  const worker = new Worker(new URL('./labWorker.mjs', import.meta.url));
  let stopping = false;
  return {
    post: (m) => worker.postMessage(m),
    listen(onMessage, onFailure) {
      worker.on('message', (m: FromLabWorker) => onMessage(m));
      worker.on('error', (err) => onFailure(err.message));
      worker.on('exit', (code) => {
        if (!stopping) onFailure(`the thread exited with code ${code}`);
      });
    },
    terminate() {
      stopping = true;
      void worker.terminate();
    },
  };
}

/** Worker threads to use when not told: one per core. */
export function defaultLabWorkers(): number {
  return Math.max(1, availableParallelism());
}
