import type { Feature, Point } from '../../../engine/format/types';
import type { Editor, LengthUnit } from '../editor/Editor';
import { dist, geometryClass, halfWidth, rectCorners } from '../geometry/geometry';
import { hexsideSegment } from '../../../engine/hex';
import { HANDLE_RADIUS_PX, selectionHandles } from '../tools/handles';
import { paintFeatures } from './paintTerrain';

export const RULER_PX = 20;
const ACCENT = '#2f80ed';

/** Inches in one display unit. */
const UNIT_INCHES: Record<LengthUnit, number> = { in: 1, cm: 1 / 2.54, mm: 1 / 25.4 };

/** A length in inches as text in the chosen unit: 12.3″, 31.2 cm, 312 mm. */
export function formatLength(inches: number, unit: LengthUnit): string {
  const v = inches / UNIT_INCHES[unit];
  if (unit === 'in') return `${v.toFixed(v < 10 ? 2 : 1)}″`;
  if (unit === 'cm') return `${v.toFixed(1)} cm`;
  return `${v.toFixed(0)} mm`;
}

/** A tick spacing in display units giving at least `minPx` between ticks. */
function niceStep(pxPerUnit: number, minPx: number, unit: LengthUnit): number {
  const steps =
    unit === 'in'
      ? [0.25, 0.5, 1, 2, 6, 12, 24, 48, 120]
      : [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000];
  return steps.find((s) => s * pxPerUnit >= minPx) ?? steps[steps.length - 1]!;
}

/**
 * Paints everything above the cached terrain, in screen pixels: grid, live previews, selection,
 * handles, marquee, measuring tape, snap marks and rulers. Cheap enough to redraw every frame.
 */
export function paintOverlay(ctx: CanvasRenderingContext2D, ed: Editor): void {
  const s = ed.session;
  const { x: cx, y: cy, zoom } = s.camera;
  const { width: vw, height: vh } = s.viewport;
  const map = ed.mapSize();
  const toS = (p: Point): Point => [p[0] * zoom + cx, p[1] * zoom + cy];

  // Grid, over the table only.
  if (s.grid.visible && !ed.isHex()) {
    let step = s.grid.size;
    while (step * zoom < 8) step *= 2;
    const major = step * 6;
    const x0 = Math.max(0, Math.floor(-cx / zoom / step) * step);
    const x1 = Math.min(map.width, (vw - cx) / zoom);
    const y0 = Math.max(0, Math.floor(-cy / zoom / step) * step);
    const y1 = Math.min(map.height, (vh - cy) / zoom);
    for (const pass of [false, true]) {
      ctx.beginPath();
      for (let x = x0; x <= x1 + 1e-9; x += step) {
        if (Math.abs(x / major - Math.round(x / major)) < 1e-6 !== pass) continue;
        const sx = Math.round(x * zoom + cx) + 0.5;
        ctx.moveTo(sx, Math.max(0, cy));
        ctx.lineTo(sx, Math.min(vh, map.height * zoom + cy));
      }
      for (let y = y0; y <= y1 + 1e-9; y += step) {
        if (Math.abs(y / major - Math.round(y / major)) < 1e-6 !== pass) continue;
        const sy = Math.round(y * zoom + cy) + 0.5;
        ctx.moveTo(Math.max(0, cx), sy);
        ctx.lineTo(Math.min(vw, map.width * zoom + cx), sy);
      }
      ctx.lineWidth = 1;
      ctx.strokeStyle = pass ? 'rgba(255,255,255,0.32)' : 'rgba(255,255,255,0.14)';
      ctx.stroke();
    }
  }
  // Table edge.
  ctx.lineWidth = 2;
  ctx.strokeStyle = '#14161a';
  ctx.strokeRect(cx - 1, cy - 1, map.width * zoom + 2, map.height * zoom + 2);

  // Live versions of what is being drawn or dragged, with the terrain painter.
  const live: Feature[] = [...s.overrides.values()];
  if (s.preview) live.push(s.preview);
  if (live.length) {
    ctx.save();
    ctx.translate(cx, cy);
    ctx.scale(zoom, zoom);
    ctx.globalAlpha = s.preview && !s.overrides.size ? 0.8 : 1;
    paintFeatures(ctx, live);
    ctx.restore();
    if (s.preview && 'points' in s.preview) {
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = ACCENT;
      ctx.lineWidth = 1.5;
      for (const p of s.preview.points) {
        const [x, y] = toS(p);
        ctx.beginPath();
        ctx.arc(x, y, 3.5, 0, Math.PI * 2);
        ctx.fill();
        ctx.stroke();
      }
    }
  }

  // Selection outlines.
  for (const f of ed.selectedFeatures()) outline(ctx, f, toS, zoom);

  // Handles.
  for (const h of selectionHandles(ed)) {
    const [x, y] = toS(h.point);
    ctx.lineWidth = 1.5;
    ctx.strokeStyle = ACCENT;
    ctx.fillStyle = '#fff';
    ctx.beginPath();
    switch (h.type) {
      case 'vertex':
        ctx.arc(x, y, HANDLE_RADIUS_PX - 1, 0, Math.PI * 2);
        break;
      case 'midpoint':
        ctx.globalAlpha = 0.7;
        ctx.arc(x, y, 3.5, 0, Math.PI * 2);
        break;
      case 'corner':
        ctx.rect(x - 4.5, y - 4.5, 9, 9);
        break;
      case 'rotate': {
        const box = ed.selectionBounds()!;
        const [, top] = toS([0, box.minY]);
        ctx.moveTo(x, y + HANDLE_RADIUS_PX);
        ctx.lineTo(x, top);
        ctx.stroke();
        ctx.beginPath();
        ctx.arc(x, y, HANDLE_RADIUS_PX, 0, Math.PI * 2);
        break;
      }
    }
    ctx.fill();
    ctx.stroke();
    ctx.globalAlpha = 1;
  }
  const selBox = ed.selectionBounds();
  if (selBox && s.selection.length > 1) {
    const [x0, y0] = toS([selBox.minX, selBox.minY]);
    const [x1, y1] = toS([selBox.maxX, selBox.maxY]);
    ctx.setLineDash([4, 3]);
    ctx.lineWidth = 1;
    ctx.strokeStyle = ACCENT;
    ctx.strokeRect(x0, y0, x1 - x0, y1 - y0);
    ctx.setLineDash([]);
  }

  if (s.marquee) {
    const [x0, y0] = toS([s.marquee.minX, s.marquee.minY]);
    const [x1, y1] = toS([s.marquee.maxX, s.marquee.maxY]);
    ctx.fillStyle = 'rgba(47,128,237,0.12)';
    ctx.fillRect(x0, y0, x1 - x0, y1 - y0);
    ctx.lineWidth = 1;
    ctx.strokeStyle = ACCENT;
    ctx.strokeRect(x0 + 0.5, y0 + 0.5, x1 - x0, y1 - y0);
  }

  // Hex tools: hovered hexside and the contour being drawn.
  const layout = ed.hexLayout();
  if (layout) {
    const seg = (c: number, r: number, side: number, colour: string, width: number) => {
      const [a, b] = hexsideSegment(layout, c, r, side);
      ctx.beginPath();
      ctx.moveTo(...toS(a));
      ctx.lineTo(...toS(b));
      ctx.lineWidth = width;
      ctx.strokeStyle = colour;
      ctx.lineCap = 'round';
      ctx.stroke();
    };
    for (const h of s.contourDraft) seg(h.col, h.row, h.side, '#c0691e', 4);
    if (s.selectedHex) {
      for (let side = 0; side < 6; side++)
        seg(s.selectedHex.col, s.selectedHex.row, side, ACCENT, 3);
    }
    if (s.hoverHexside)
      seg(s.hoverHexside.col, s.hoverHexside.row, s.hoverHexside.side, 'rgba(255,140,0,0.8)', 5);
  }

  // Measuring tape.
  if (s.tape) {
    const a = toS(s.tape.a);
    const b = toS(s.tape.b);
    ctx.lineCap = 'round';
    ctx.lineWidth = 4;
    ctx.strokeStyle = 'rgba(0,0,0,0.6)';
    ctx.beginPath();
    ctx.moveTo(...a);
    ctx.lineTo(...b);
    ctx.stroke();
    ctx.setLineDash([8, 8]);
    ctx.lineWidth = 2;
    ctx.strokeStyle = '#ffd43b';
    ctx.stroke();
    ctx.setLineDash([]);
    for (const p of [a, b]) {
      ctx.beginPath();
      ctx.arc(p[0], p[1], 4, 0, Math.PI * 2);
      ctx.fillStyle = '#ffd43b';
      ctx.fill();
    }
    const text = formatLength(dist(s.tape.a, s.tape.b), s.units);
    ctx.font = '600 13px system-ui, sans-serif';
    const w = ctx.measureText(text).width + 12;
    const mx = (a[0] + b[0]) / 2;
    const my = (a[1] + b[1]) / 2 - 16;
    ctx.fillStyle = 'rgba(20,20,20,0.85)';
    ctx.fillRect(mx - w / 2, my - 11, w, 22);
    ctx.fillStyle = '#ffd43b';
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(text, mx, my);
  }

  if (s.snapIndicator) {
    const [x, y] = toS(s.snapIndicator.point);
    ctx.strokeStyle = '#e8368f';
    ctx.lineWidth = 1.5;
    ctx.beginPath();
    if (s.snapIndicator.kind === 'vertex') ctx.rect(x - 5, y - 5, 10, 10);
    else if (s.snapIndicator.kind === 'edge') {
      ctx.moveTo(x, y - 6);
      ctx.lineTo(x + 6, y);
      ctx.lineTo(x, y + 6);
      ctx.lineTo(x - 6, y);
      ctx.closePath();
    } else {
      ctx.moveTo(x - 5, y);
      ctx.lineTo(x + 5, y);
      ctx.moveTo(x, y - 5);
      ctx.lineTo(x, y + 5);
    }
    ctx.stroke();
  }

  paintRulers(ctx, ed);
}

function outline(
  ctx: CanvasRenderingContext2D,
  f: Feature,
  toS: (p: Point) => Point,
  zoom: number,
): void {
  ctx.strokeStyle = ACCENT;
  ctx.lineWidth = 1.5;
  ctx.lineJoin = 'round';
  ctx.beginPath();
  switch (geometryClass(f.kind)) {
    case 'polyline': {
      const pts = (f as { points: Point[] }).points.map(toS);
      pts.forEach((p, i) => (i ? ctx.lineTo(...p) : ctx.moveTo(...p)));
      ctx.save();
      ctx.globalAlpha = 0.12;
      ctx.lineWidth = Math.max(3, halfWidth(f) * 2 * zoom + 4);
      ctx.lineCap = 'round';
      ctx.stroke();
      ctx.restore();
      ctx.stroke();
      return;
    }
    case 'polygon':
    case 'rect': {
      const pts = (
        geometryClass(f.kind) === 'rect'
          ? rectCorners(f as Parameters<typeof rectCorners>[0])
          : (f as { points: Point[] }).points
      ).map(toS);
      pts.forEach((p, i) => (i ? ctx.lineTo(...p) : ctx.moveTo(...p)));
      ctx.closePath();
      ctx.stroke();
      return;
    }
    case 'circle': {
      const t = f as { x: number; y: number; canopyRadius: number };
      const [x, y] = toS([t.x, t.y]);
      ctx.arc(x, y, t.canopyRadius * zoom, 0, Math.PI * 2);
      ctx.stroke();
      return;
    }
  }
}

function paintRulers(ctx: CanvasRenderingContext2D, ed: Editor): void {
  const s = ed.session;
  const { x: cx, y: cy, zoom } = s.camera;
  const { width: vw, height: vh } = s.viewport;
  const unitIn = UNIT_INCHES[s.units];
  const pxPerUnit = zoom * unitIn;
  const major = niceStep(pxPerUnit, 48, s.units);
  const minor = niceStep(pxPerUnit, 8, s.units);
  ctx.fillStyle = '#24272c';
  ctx.fillRect(0, 0, vw, RULER_PX);
  ctx.fillRect(0, 0, RULER_PX, vh);
  ctx.strokeStyle = '#8b929c';
  ctx.fillStyle = '#c4cad2';
  ctx.lineWidth = 1;
  ctx.font = '10px system-ui, sans-serif';
  ctx.textBaseline = 'top';
  ctx.textAlign = 'left';
  const map = ed.mapSize();
  // Highlight the table's extent on both rulers.
  ctx.fillStyle = '#30353c';
  ctx.fillRect(
    Math.max(RULER_PX, cx),
    0,
    Math.max(0, Math.min(vw, map.width * zoom + cx) - Math.max(RULER_PX, cx)),
    RULER_PX,
  );
  ctx.fillRect(
    0,
    Math.max(RULER_PX, cy),
    RULER_PX,
    Math.max(0, Math.min(vh, map.height * zoom + cy) - Math.max(RULER_PX, cy)),
  );
  ctx.fillStyle = '#c4cad2';
  ctx.beginPath();
  const u0 = Math.floor(-cx / pxPerUnit / minor) * minor;
  for (let u = u0; u * pxPerUnit + cx < vw; u += minor) {
    const x = Math.round(u * pxPerUnit + cx) + 0.5;
    if (x < RULER_PX) continue;
    const isMajor = Math.abs(u / major - Math.round(u / major)) < 1e-6;
    ctx.moveTo(x, RULER_PX);
    ctx.lineTo(x, isMajor ? 4 : RULER_PX - 5);
    if (isMajor) ctx.fillText(`${+u.toFixed(2)}`, x + 3, 2);
  }
  const v0 = Math.floor(-cy / pxPerUnit / minor) * minor;
  for (let u = v0; u * pxPerUnit + cy < vh; u += minor) {
    const y = Math.round(u * pxPerUnit + cy) + 0.5;
    if (y < RULER_PX) continue;
    const isMajor = Math.abs(u / major - Math.round(u / major)) < 1e-6;
    ctx.moveTo(RULER_PX, y);
    ctx.lineTo(isMajor ? 4 : RULER_PX - 5, y);
    if (isMajor) {
      ctx.save();
      ctx.translate(2, y + 3);
      ctx.rotate(Math.PI / 2);
      ctx.fillText(`${+u.toFixed(2)}`, 0, -RULER_PX + 4);
      ctx.restore();
    }
  }
  ctx.stroke();
  ctx.fillStyle = '#24272c';
  ctx.fillRect(0, 0, RULER_PX, RULER_PX);
  ctx.fillStyle = '#8b929c';
  ctx.textAlign = 'center';
  ctx.fillText(s.units === 'in' ? 'in' : s.units, RULER_PX / 2, 5);
}
