/// <reference lib="webworker" />
import { SightMapper, sightGridSize } from '../../../engine/sight/sightMap';
import type { FromSightWorker, ToSightWorker } from './sightClient';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/**
 * The sight-map worker: one SightMapper that keeps the last map, so a request that differs from
 * the last only by a moved building or wall checks again only the cells it can reach. The page
 * sends one request at a time (sightClient keeps only the newest waiting one). A new map (not an
 * update) of a large board is preceded by a quick preview, so the shading shows at once.
 */
const scope = self as unknown as DedicatedWorkerGlobalScope;
const mapper = new SightMapper(BUNDLED_RULESETS, () => performance.now());
/** Maps of more cells than this first get a quick preview (a 1/4" table has 13,824). */
const PREVIEW_FROM = 2000;

function post(reply: FromSightWorker): void {
  const buffers: ArrayBufferLike[] = [];
  if ('map' in reply) {
    buffers.push(reply.map.seen.buffer);
    if (reply.map.enemySeen) buffers.push(reply.map.enemySeen.buffer);
  }
  scope.postMessage(reply, buffers as Transferable[]);
}

scope.onmessage = (e: MessageEvent<ToSightWorker>) => {
  const { id, request } = e.data;
  try {
    // A new viewer or board: a rough look at every fourth cell of every fourth row comes first.
    const { columns, rows } = sightGridSize(request.scenario.map, request.cell);
    const band = request.rows ? request.rows[1] - request.rows[0] : rows;
    if (!mapper.updates(request) && columns * band > PREVIEW_FROM) {
      post({ id, map: mapper.preview(request) });
    }
    post({ id, map: mapper.run(request) });
  } catch (err) {
    post({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
