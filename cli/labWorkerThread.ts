// A balance-lab worker thread for the bundled rulesets: plays the seeds it is sent with
// engine/lab/worker.ts and posts a record per game. cli/labThreads.ts bundles this file with the
// engine into one module and starts it as a thread for `sandtable simulate`, the queue worker and
// `npm run bench:lab`.
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';
import { serveLabThread } from './labThreadServe';

serveLabThread(BUNDLED_RULESETS);
