/**
 * Textures of the printed map style: vector tiles filled as patterns on a real canvas and drawn
 * mark by mark on the recorders (SVG, PDF).
 */
import type { Point } from '../../../engine/format/types';
import { type Box } from '../geometry/geometry';
import { TILE, paintTile, type MapStyle, type TextureId } from './mapStyle';
import type { Ctx2D } from './ctx2d';
import { paintBox } from './scene';
import { path } from './paintPrimitives';

// ---- textures ----------------------------------------------------------------------------------

type RealCanvas = CanvasRenderingContext2D;

export const isRealCanvas = (ctx: Ctx2D): ctx is RealCanvas =>
  typeof (ctx as Partial<RealCanvas>).createPattern === 'function' &&
  typeof (ctx as Partial<RealCanvas>).getTransform === 'function';

/** Tiles rendered once per texture, style and resolution (pixels per inch, a power of two). */
const tiles = new Map<string, HTMLCanvasElement | OffscreenCanvas>();

const patterns = new WeakMap<object, Map<string, CanvasPattern>>();

function tileCanvas(
  id: TextureId,
  style: MapStyle,
  res: number,
): HTMLCanvasElement | OffscreenCanvas {
  const key = `${id}:${style}:${res}`;
  let c = tiles.get(key);
  if (!c) {
    const px = Math.max(1, Math.round(TILE[id] * res));
    c =
      typeof OffscreenCanvas !== 'undefined'
        ? new OffscreenCanvas(px, px)
        : Object.assign(document.createElement('canvas'), { width: px, height: px });
    const t = c.getContext('2d') as CanvasRenderingContext2D | null;
    if (t) {
      t.scale(px / TILE[id], px / TILE[id]);
      paintTile(t, id, style);
    }
    tiles.set(key, c);
  }
  return c;
}

/**
 * Fills the current path with a texture. A real canvas fills it with a pattern made from the
 * texture's tile at the resolution it is drawn at; a recorder (SVG, PDF) clips to the path and
 * draws the same tile's marks over `bounds`, so the print looks like the screen.
 */
export function fillTexture(ctx: Ctx2D, id: TextureId, style: MapStyle, bounds: Box): void {
  if (isRealCanvas(ctx)) {
    const m = ctx.getTransform();
    const scale = Math.hypot(m.a, m.b) || 1;
    const res = Math.min(512, Math.max(8, 2 ** Math.round(Math.log2(scale))));
    const key = `${id}:${style}:${res}`;
    let byKey = patterns.get(ctx);
    if (!byKey) patterns.set(ctx, (byKey = new Map()));
    let p = byKey.get(key);
    if (!p) {
      const c = tileCanvas(id, style, res);
      p = ctx.createPattern(c, 'repeat') ?? undefined;
      if (!p) return;
      const k = TILE[id] / c.width;
      p.setTransform(new DOMMatrix([k, 0, 0, k, 0, 0]));
      byKey.set(key, p);
    }
    const before = ctx.fillStyle;
    ctx.fillStyle = p;
    ctx.fill();
    ctx.fillStyle = before;
    return;
  }
  const T = TILE[id];
  const paintRegion = paintBox();
  if (paintRegion) {
    bounds = {
      minX: Math.max(bounds.minX, paintRegion.minX),
      minY: Math.max(bounds.minY, paintRegion.minY),
      maxX: Math.min(bounds.maxX, paintRegion.maxX),
      maxY: Math.min(bounds.maxY, paintRegion.maxY),
    };
    if (bounds.maxX <= bounds.minX || bounds.maxY <= bounds.minY) return;
  }
  const x0 = Math.floor(bounds.minX / T) * T;
  const y0 = Math.floor(bounds.minY / T) * T;
  const count = Math.ceil((bounds.maxX - x0) / T) * Math.ceil((bounds.maxY - y0) / T);
  if (count > 20_000) return;
  ctx.save();
  ctx.clip();
  for (let y = y0; y < bounds.maxY; y += T) {
    for (let x = x0; x < bounds.maxX; x += T) {
      ctx.save();
      ctx.translate(x, y);
      paintTile(ctx, id, style);
      ctx.restore();
    }
  }
  ctx.restore();
}

export function boundsOf(pts: readonly Point[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of pts) {
    minX = Math.min(minX, x);
    minY = Math.min(minY, y);
    maxX = Math.max(maxX, x);
    maxY = Math.max(maxY, y);
  }
  return { minX, minY, maxX, maxY };
}

export function texturePolygon(
  ctx: Ctx2D,
  pts: readonly Point[],
  id: TextureId,
  style: MapStyle,
): void {
  path(ctx, pts, true);
  fillTexture(ctx, id, style, boundsOf(pts));
}
