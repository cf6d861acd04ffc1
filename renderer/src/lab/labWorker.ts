/// <reference lib="webworker" />
import { labWorkerHandler, type ToLabWorker } from '../../../engine/lab/worker';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/**
 * A balance-lab worker in the app: plays the seeds the page sends with the engine's lab worker
 * handler and posts a record per game. The page runs one per core and stops a run by terminating
 * them.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const handle = labWorkerHandler(BUNDLED_RULESETS, (m) => scope.postMessage(m));
scope.onmessage = (e: MessageEvent<ToLabWorker>) => handle(e.data);
