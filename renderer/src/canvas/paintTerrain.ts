/**
 * The terrain painter: one entry, `paintScene`, draws a table or a hex map on any Ctx2D, so the
 * editor, PNG, SVG and PDF show the same map. The table and hex painters live beside it.
 */
import type { Ctx2D } from './ctx2d';
import { setPaintBox, type PaintOptions, type Scene } from './scene';
import { paintTable } from './paintTable';
import { paintHexMap } from './paintHex';

export { DEFAULT_TABLE_COLOUR, printedScene } from './scene';
export type { PaintOptions, Scene } from './scene';
export { paintFeatures } from './paintTable';
export { HEX_TERRAIN_COLOURS, paintHexSwatch } from './paintHex';

export type { MapStyle } from './mapStyle';

export type { Ctx2D } from './ctx2d';

export function paintScene(ctx: Ctx2D, scene: Scene, opts: PaintOptions = {}): void {
  setPaintBox(opts.box);
  try {
    if (scene.kind === 'table') paintTable(ctx, scene, opts);
    else paintHexMap(ctx, scene, opts);
  } finally {
    setPaintBox(undefined);
  }
}
