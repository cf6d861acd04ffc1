import type { ScenarioDoc } from '../../../engine/format/types';
import type { LayoutPhase } from '../../../engine/layout/layoutChecks';
import type { SetupProblem } from '../forces/scenarioProblems';

export interface ChecksRequest {
  readonly id: number;
  readonly doc: ScenarioDoc;
}

export type ChecksResponse =
  | { id: number; type: 'progress'; fraction: number; phase: LayoutPhase }
  | { id: number; type: 'done'; problems: SetupProblem[] }
  | { id: number; type: 'error'; message: string };

/** How far a run of the checks is: a fraction of the whole and the check running now. */
export interface ChecksProgress {
  readonly fraction: number;
  readonly phase: LayoutPhase;
}

/** A run of the checks in the background; `cancel` stops it at once. */
export interface ChecksRun {
  /** The problems; rejects with ChecksCancelled when the run was stopped or replaced. */
  readonly result: Promise<SetupProblem[]>;
  cancel(): void;
}

export class ChecksCancelled extends Error {
  constructor() {
    super('The checks were stopped.');
    this.name = 'ChecksCancelled';
  }
}

let worker: Worker | null = null;
let current: { id: number; reject: (e: Error) => void } | null = null;
let nextId = 1;

/** Ends the run in flight: the worker is terminated mid-check, which is the only sure stop. */
function stop(): void {
  worker?.terminate();
  worker = null;
  current?.reject(new ChecksCancelled());
  current = null;
}

/**
 * Starts the set-up checks of `doc` in their own worker, replacing any run still going (its
 * result rejects with ChecksCancelled). Undefined where there are no workers (unit tests in
 * Node), for the caller to run the checks in place.
 */
export function runChecksOffThread(
  doc: ScenarioDoc,
  onProgress: (p: ChecksProgress) => void,
): ChecksRun | undefined {
  if (typeof Worker === 'undefined') return undefined;
  // A run still going is out of date: stop it. An idle worker is kept (it has the catalogs
  // loaded already).
  if (current) stop();
  const id = nextId++;
  const w = (worker ??= new Worker(new URL('./checksWorker.ts', import.meta.url), {
    type: 'module',
  }));
  const result = new Promise<SetupProblem[]>((resolve, reject) => {
    current = { id, reject };
    w.onmessage = (e: MessageEvent<ChecksResponse>) => {
      const r = e.data;
      if (r.id !== id) return;
      if (r.type === 'progress') {
        onProgress({ fraction: r.fraction, phase: r.phase });
        return;
      }
      current = null;
      if (r.type === 'done') resolve(r.problems);
      else reject(new Error(r.message));
    };
    w.onerror = (e) => {
      current = null;
      reject(new Error(e.message || 'the checks stopped with an error'));
    };
  });
  w.postMessage({ id, doc } satisfies ChecksRequest);
  return {
    result,
    cancel: () => {
      if (current?.id === id) stop();
    },
  };
}
