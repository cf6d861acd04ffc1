/// <reference lib="webworker" />
import { SightMapper } from '../../../engine/sight/sightMap';
import type { FromSightWorker, ToSightWorker } from './sightClient';

/**
 * The sight-map worker: one SightMapper that keeps the last map, so a request that differs from
 * the last only by a moved building or wall checks again only the cells it can reach. The page
 * sends one request at a time (sightClient keeps only the newest waiting one).
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const mapper = new SightMapper(() => performance.now());
scope.onmessage = (e: MessageEvent<ToSightWorker>) => {
  const { id, request } = e.data;
  let reply: FromSightWorker;
  try {
    reply = { id, map: mapper.run(request) };
  } catch (err) {
    reply = { id, error: err instanceof Error ? err.message : String(err) };
  }
  const buffers = 'map' in reply ? [reply.map.seen.buffer] : [];
  if ('map' in reply && reply.map.enemySeen) buffers.push(reply.map.enemySeen.buffer);
  scope.postMessage(reply, buffers as Transferable[]);
};
