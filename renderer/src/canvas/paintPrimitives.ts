/**
 * Small drawing operations the painters share: paths, strokes, fills, offset lines, labels.
 */
import type { Point } from '../../../engine/format/types';
import { type MapStyle, type Palette } from './mapStyle';
import type { Ctx2D } from './ctx2d';

export function path(ctx: Ctx2D, pts: readonly Point[], closed: boolean): void {
  ctx.beginPath();
  pts.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
}

export function rectPath(ctx: Ctx2D, x0: number, y0: number, x1: number, y1: number): void {
  path(
    ctx,
    [
      [x0, y0],
      [x1, y0],
      [x1, y1],
      [x0, y1],
    ],
    true,
  );
}

export function strokePath(
  ctx: Ctx2D,
  pts: readonly Point[],
  width: number,
  colour: string,
  join: 'round' | 'miter',
  cap: CanvasLineCap = 'round',
): void {
  path(ctx, pts, false);
  ctx.lineWidth = width;
  ctx.strokeStyle = colour;
  ctx.lineJoin = join;
  ctx.lineCap = cap;
  ctx.stroke();
}

export function fillPolygon(
  ctx: Ctx2D,
  pts: readonly Point[],
  fill: string,
  stroke?: string,
  width = 0.05,
): void {
  path(ctx, pts, true);
  ctx.fillStyle = fill;
  ctx.fill();
  if (stroke) {
    ctx.lineWidth = width;
    ctx.strokeStyle = stroke;
    ctx.lineJoin = 'round';
    ctx.stroke();
  }
}

/** The polyline moved sideways by d (left of its direction for d > 0), joints averaged. */
export function offsetLine(pts: readonly Point[], d: number): Point[] {
  return pts.map((p, k) => {
    const a = pts[Math.max(0, k - 1)]!;
    const b = pts[Math.min(pts.length - 1, k + 1)]!;
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const len = Math.hypot(dx, dy) || 1;
    return [p[0] - (dy / len) * d, p[1] + (dx / len) * d];
  });
}

/** A small deterministic hash of an id, for stable texture placement. */
export function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

export function groundColour(
  P: Palette,
  level: number,
  colour: string | undefined,
  style: MapStyle,
) {
  if (colour && style === 'printed') return colour;
  return P.groundLevels[Math.max(0, Math.min(P.groundLevels.length - 1, level + 1))]!;
}

export function label(
  ctx: Ctx2D,
  text: string,
  at: Point,
  size: number,
  colour = '#1d1d1b',
  bg?: string,
  ring?: string,
): void {
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (bg) {
    ctx.beginPath();
    ctx.arc(at[0], at[1], size * 0.75, 0, Math.PI * 2);
    ctx.fillStyle = bg;
    ctx.fill();
    if (ring) {
      ctx.lineWidth = size * 0.1;
      ctx.strokeStyle = ring;
      ctx.stroke();
    }
  }
  ctx.fillStyle = colour;
  ctx.fillText(text, at[0], at[1]);
}
