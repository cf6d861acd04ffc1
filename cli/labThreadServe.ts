import { parentPort } from 'node:worker_threads';
import { labWorkerHandler, type FromLabWorker, type ToLabWorker } from '../engine/lab/worker';
import { offerRouteFields, routeFieldsOf } from '../engine/movement/routeField';
import type { RulesetLookup } from '../engine/rulesets/lookup';
import {
  readRouteFields,
  routeFieldFile,
  routeFieldStore,
  writeRouteFields,
} from './labRouteFields';

/**
 * Serves the balance lab from a worker thread: plays the seeds it is sent with
 * engine/lab/worker.ts, with the games of `rulesets`, and posts a record per game. A thread
 * entry (cli/labWorkerThread.ts for the bundled rulesets) calls it once.
 *
 * The route fields its games build are kept on disk beside the thread's bundle
 * (cli/labRouteFields.ts): a run's scenario is offered the fields kept for its map before its
 * game is made, and the fields the game holds after its SAVE_AFTER-th games are written back when
 * it built new ones.
 */
export function serveLabThread(rulesets: RulesetLookup): void {
  const port = parentPort;
  if (!port)
    throw new Error('a lab thread entry runs only as a worker thread (see cli/labThreads.ts)');
  const store = routeFieldStore(import.meta.url);
  // The run being played: its map object (the key of its terrain's fields), file, the fields it
  // had when last read or written, and its games so far.
  let run: { map: object; file: string; had: number; games: number } | undefined;
  const handle = labWorkerHandler(
    rulesets,
    (m: FromLabWorker) => {
      port.postMessage(m);
      if (m.type !== 'game' || !run) return;
      run.games++;
      if (!SAVE_AFTER.has(run.games)) return;
      const now = routeFieldsOf(run.map);
      if (now && now.length > run.had) {
        writeRouteFields(run.file, now);
        run.had = now.length;
      }
    },
    () => performance.now(),
  );
  // Messages sent while the module loaded wait in the port until this listener starts it.
  port.on('message', (m: ToLabWorker) => {
    if (m.type === 'start') {
      run = undefined;
      if (store && typeof m.scenario === 'object' && m.scenario !== null) {
        try {
          const file = routeFieldFile(store, m.scenario);
          const kept = readRouteFields(file);
          if (kept) offerRouteFields(m.scenario.map, kept);
          run = { map: m.scenario.map, file, had: kept?.length ?? 0, games: 0 };
        } catch {
          // A scenario that cannot be keyed (the handler says what is wrong with it).
        }
      }
    }
    handle(m);
  });
}

/** After which of a run's games (on this thread) the fields are written when there are new ones. */
const SAVE_AFTER: ReadonlySet<number> = new Set([10, 40, 100, 300]);
