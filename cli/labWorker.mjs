// A balance-lab worker thread: plays the seeds it is sent with engine/lab/worker.ts and posts a
// record per game. Started by cli/labThreads.ts for `sandtable lab` and `npm run bench:lab`.
import { parentPort } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

const { labWorkerHandler } = await tsImport('../engine/lab/worker.ts', import.meta.url);
const handle = labWorkerHandler((m) => parentPort.postMessage(m));
// Messages sent while the module loaded wait in the port until this listener starts it.
parentPort.on('message', handle);
