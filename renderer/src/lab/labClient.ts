import type { LabWorkerPort } from '../../../engine/lab/runner';
import type { FromLabWorker } from '../../../engine/lab/worker';

/**
 * Workers a finished run left idle, kept warm for the next one. The browser optimises the engine's
 * code over a worker's first few dozen games (a village game costs two to three times as much at
 * first), so a designer who moves a wall and presses Run again gets the warm workers back. Each
 * next run sends its own scenario first, so nothing of the last run carries over but compiled code.
 * A worker still busy when its run ends (Cancel) is stopped at once, never kept.
 */
const idle: { worker: Worker; timer: ReturnType<typeof setTimeout> }[] = [];

/** How long an idle worker is kept (it holds the last run's route fields in memory). */
const KEEP_IDLE_MS = 5 * 60_000;

function takeWorker(): Worker {
  const kept = idle.pop();
  if (kept) {
    clearTimeout(kept.timer);
    return kept.worker;
  }
  return new Worker(new URL('./labWorker.ts', import.meta.url), { type: 'module' });
}

function keepIdle(worker: Worker): void {
  const entry = {
    worker,
    timer: setTimeout(() => {
      const at = idle.indexOf(entry);
      if (at >= 0) idle.splice(at, 1);
      worker.terminate();
    }, KEEP_IDLE_MS),
  };
  idle.push(entry);
}

/** A balance-lab worker on a Web Worker of its own (labWorker.ts), warm from a last run if any. */
export function webLabWorker(): LabWorkerPort {
  const worker = takeWorker();
  // Games and logs asked for and not yet answered: a worker is kept only when it owes nothing.
  let owed = 0;
  let failed = false;
  let ended = false;
  return {
    post: (m) => {
      if (m.type === 'play') owed += m.seeds.length;
      else if (m.type === 'log') owed += 1;
      worker.postMessage(m);
    },
    listen(onMessage, onFailure) {
      worker.onmessage = (e: MessageEvent<FromLabWorker>) => {
        if (e.data.type === 'error') failed = true;
        else owed--;
        onMessage(e.data);
      };
      worker.onerror = (e) => {
        e.preventDefault();
        failed = true;
        onFailure(e.message || 'the worker stopped with an error');
      };
    },
    terminate: () => {
      if (ended) return;
      ended = true;
      worker.onmessage = null;
      worker.onerror = null;
      if (owed === 0 && !failed && idle.length < labWorkers()) keepIdle(worker);
      else worker.terminate();
    },
  };
}

/** Workers a run uses: one per core the browser reports (at least one, at most eight). */
export function labWorkers(): number {
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(8, cores));
}
