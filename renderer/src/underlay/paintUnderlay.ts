import type { Editor } from '../editor/Editor';
import {
  DEFAULT_UNDERLAY_OPACITY,
  missingPicture,
  underlayCorners,
  underlayImage,
  underlayOf,
  underlayPreview,
} from './underlay';

/**
 * Draws the underlay picture on the editor's overlay layer, over the terrain at its opacity (so
 * both show while tracing) and under the set-up marks, selection and handles. A picture kept as a
 * path that has not been found yet shows as a dashed frame that says so.
 */
export function paintUnderlay(ctx: CanvasRenderingContext2D, ed: Editor): void {
  const u = underlayPreview() ?? underlayOf(ed);
  if (!u) return;
  const { x: cx, y: cy, zoom } = ed.session.camera;
  const img = underlayImage(u);
  ctx.save();
  if (img) {
    ctx.globalAlpha = u.opacity ?? DEFAULT_UNDERLAY_OPACITY;
    ctx.translate(cx + u.x * zoom, cy + u.y * zoom);
    ctx.rotate(((u.rotation ?? 0) * Math.PI) / 180);
    ctx.scale(u.inchesPerPixel * zoom, u.inchesPerPixel * zoom);
    ctx.imageSmoothingEnabled = true;
    ctx.drawImage(img, 0, 0, u.pixelWidth, u.pixelHeight);
  } else {
    const c = underlayCorners(u).map(([x, y]) => [x * zoom + cx, y * zoom + cy] as const);
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = '#8a5a00';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    c.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.closePath();
    ctx.stroke();
    if (missingPicture(u)) {
      ctx.fillStyle = '#8a5a00';
      ctx.font = '13px system-ui, sans-serif';
      ctx.fillText(
        `Underlay ${u.path} is not loaded: Arrange ▸ Underlay picture… to find it`,
        c[0]![0] + 8,
        c[0]![1] + 20,
      );
    }
  }
  ctx.restore();
}
