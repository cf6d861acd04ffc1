import { availableParallelism } from 'node:os';
import { setFlagsFromString } from 'node:v8';
import { Worker } from 'node:worker_threads';
import type { LabWorkerPort } from '../engine/lab/runner';
import type { FromLabWorker } from '../engine/lab/worker';

/**
 * V8 flags for the lab's threads. A bot game runs thousands of small rules functions whose
 * objects take several shapes; with V8's default inlining, optimised code deopts on a new shape
 * and is compiled again, and that compiling on background threads cost about as much CPU as the
 * games themselves (a village game: 574 ms of CPU, 288 on the main thread; compile jobs of
 * 100-200 ms each for `pathCost`, eight times in ten games). Inlining only small functions
 * keeps the main thread as fast and halves the rest: 471 ms a game (`node
 * --max-inlined-bytecode-size=60`, 16 games). Flags are per process, so they are set once,
 * before the first thread starts; they change what V8 optimises, never what the code does.
 */
export const LAB_V8_FLAGS = ['--max-inlined-bytecode-size=60'] as const;

let tuned = false;
function tuneV8ForLab(): void {
  if (tuned) return;
  tuned = true;
  for (const flag of LAB_V8_FLAGS) setFlagsFromString(flag);
}

/** A balance-lab worker on a Node worker thread (cli/labWorker.mjs). */
export function nodeLabWorker(): LabWorkerPort {
  tuneV8ForLab();
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
