// A balance-lab worker thread: plays the seeds it is sent with engine/lab/worker.ts and posts a
// record per game. cli/labThreads.ts bundles this file with the engine into one module and starts
// it as a thread for `sandtable simulate`, the queue worker and `npm run bench:lab`.
import { parentPort } from 'node:worker_threads';
import { labWorkerHandler } from '../engine/lab/worker';

const port = parentPort;
if (!port)
  throw new Error('cli/labWorkerThread.ts runs only as a worker thread (see cli/labThreads.ts)');
// Messages sent while the module loaded wait in the port until this listener starts it.
port.on(
  'message',
  labWorkerHandler(
    (m) => port.postMessage(m),
    () => performance.now(),
  ),
);
