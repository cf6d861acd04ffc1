/// <reference lib="webworker" />
import { scenarioProblems } from '../forces/scenarioProblems';
import type { ChecksRequest, ChecksResponse } from './checksClient';

/**
 * Runs the set-up checks (layout and forces) in a worker of their own, apart from the one that
 * loads files: a slow check never keeps a file on "Opening…". It reports how far it is, and the
 * page stops it by terminating the worker.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
scope.onmessage = (e: MessageEvent<ChecksRequest>) => {
  const { id, doc } = e.data;
  const post = (r: ChecksResponse) => scope.postMessage(r);
  let last = -1;
  try {
    const problems = scenarioProblems(doc, (fraction, phase) => {
      // A few dozen messages per run at most, not one per step.
      if (fraction - last < 0.02 && fraction < 1) return;
      last = fraction;
      post({ id, type: 'progress', fraction, phase });
    });
    post({ id, type: 'done', problems });
  } catch (err) {
    post({ id, type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
};
