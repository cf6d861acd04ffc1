import type { LabWorkerPort } from '../../../engine/lab/runner';
import type { FromLabWorker } from '../../../engine/lab/worker';

/** A balance-lab worker on a Web Worker of its own (labWorker.ts). */
export function webLabWorker(): LabWorkerPort {
  const worker = new Worker(new URL('./labWorker.ts', import.meta.url), { type: 'module' });
  return {
    post: (m) => worker.postMessage(m),
    listen(onMessage, onFailure) {
      worker.onmessage = (e: MessageEvent<FromLabWorker>) => onMessage(e.data);
      worker.onerror = (e) => {
        e.preventDefault();
        onFailure(e.message || 'the worker stopped with an error');
      };
    },
    terminate: () => worker.terminate(),
  };
}

/** Workers a run uses: one per core the browser reports (at least one, at most eight). */
export function labWorkers(): number {
  const cores = typeof navigator === 'undefined' ? 1 : navigator.hardwareConcurrency || 2;
  return Math.max(1, Math.min(8, cores));
}
