import type { Objective, Point } from '../../../engine/format/types';
import { allUnits, embarkedIds } from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import { setupOf, sideColour } from '../forces/setupModel';
import { paintHexSetup } from './paintHexSetup';
import { SELECT, shapeOutline, shownObjectives, strokeEntryEdge, unitSize } from './setupOutlines';

/** Radius of an infantry figure's counter and of an objective token, in inches. */
const FIGURE_RADIUS = 0.4;
const TOKEN_RADIUS = 0.7;

function withAlpha(hex: string, a: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/**
 * Paints deployment zones, entry edges, objectives and pre-placed units above the terrain, in
 * screen pixels: counters in side colour with a facing tick, vehicles as their footprint.
 */
export function paintSetup(ctx: CanvasRenderingContext2D, ed: Editor): void {
  const layout = ed.hexLayout();
  if (layout) {
    paintHexSetup(ctx, ed, layout);
    return;
  }
  const model = setupOf(ed);
  const doc = model.scenario();
  const { x: cx, y: cy, zoom } = ed.session.camera;
  const { width: w, height: h } = ed.mapSize();
  const toS = (p: Point): Point => [p[0] * zoom + cx, p[1] * zoom + cy];
  const sel = model.session.selected;
  const isSel = (kind: string, id: string) => sel?.kind === kind && sel.id === id;
  const path = (pts: Point[]) => {
    ctx.beginPath();
    pts.forEach((p, i) => {
      const [x, y] = toS(p);
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    ctx.closePath();
  };
  ctx.save();
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  const tableRight = toS([w, 0])[0];
  const viewRight = ed.session.viewport.width;
  /** Names of zones, edges and objectives, which counter names keep clear of. */
  const fixed: LabelBox[] = [];
  /**
   * A label that would run past `right` (the table's edge, or the view's) is moved left so it
   * ends there: at fit zoom the names of things near the east edge stay whole.
   */
  /** Their drawing, done after the counters so that no counter covers a zone's or objective's name. */
  const names: (() => void)[] = [];
  const label = (text: string, x: number, y: number, right = tableRight) => {
    const width = ctx.measureText(text).width;
    const at = Math.max(2, Math.min(x, Math.min(right, viewRight) - width - 4));
    fixed.push({ x0: at, y0: y - 7, x1: at + width, y1: y + 7 });
    names.push(() => {
      ctx.fillStyle = '#fff';
      ctx.strokeStyle = 'rgba(0, 0, 0, 0.65)';
      ctx.lineWidth = 3;
      ctx.lineJoin = 'round';
      ctx.strokeText(text, at, y);
      ctx.fillText(text, at, y);
    });
  };

  for (const z of doc.deployment.zones ?? []) {
    const colour = sideColour(doc, z.side);
    const outline = shapeOutline(z.area, w, h);
    if (outline.length === 0) continue;
    path(outline);
    ctx.fillStyle = withAlpha(colour, 0.18);
    ctx.fill();
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = isSel('zone', z.id) ? 3 : 1.5;
    ctx.strokeStyle = isSel('zone', z.id) ? SELECT : colour;
    ctx.stroke();
    ctx.setLineDash([]);
    const [lx, ly] = toS(outline[0]!);
    label(z.name ?? `Deployment ${z.side}`, lx + 4, ly + 9);
  }

  for (const e of doc.deployment.entryEdges ?? []) {
    const [[ax, ay], [bx, by]] = strokeEntryEdge(ctx, doc, e, isSel('edge', e.id), toS, w, h);
    const side = doc.forces.sides.find((s) => s.id === e.side);
    const text = `▶ ${e.label ?? side?.name ?? e.side} enters`;
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    // An east edge's label goes inside the table when there is no room for it beyond.
    const beyond = mx + 6 + ctx.measureText(text).width + 4 <= viewRight;
    label(
      text,
      beyond ? mx + 6 : mx - ctx.measureText(text).width - 8,
      my + 10,
      beyond ? viewRight : tableRight,
    );
  }

  const drag = model.session.preview;
  for (const shown of shownObjectives(doc, model)) {
    // An objective token being dragged is drawn where the pointer is.
    const o: Objective =
      drag?.kind === 'objective' && drag.objectiveId === shown.id
        ? { ...shown, area: { shape: 'point', at: drag.at } }
        : shown;
    if (!o.area) continue;
    const colour = o.owner ? sideColour(doc, o.owner) : '#f2c94c';
    const selected = isSel('objective', o.id);
    ctx.strokeStyle = selected ? SELECT : colour;
    ctx.lineWidth = selected ? 3 : 2;
    ctx.setLineDash(o.hidden ? [3, 3] : []);
    const text = `${o.name ?? o.id}${o.hidden ? ' (hidden)' : ''}`;
    if (o.area.shape === 'point' || o.area.shape === 'circle') {
      const c = o.area.shape === 'point' ? o.area.at : o.area.center;
      const r = (o.area.shape === 'circle' ? o.area.radius : TOKEN_RADIUS) * zoom;
      const [x, y] = toS(c);
      ctx.beginPath();
      ctx.arc(x, y, Math.max(5, r), 0, Math.PI * 2);
      ctx.fillStyle = withAlpha(colour, 0.35);
      ctx.fill();
      ctx.stroke();
      label(text, x + Math.max(5, r) + 3, y);
    } else {
      const outline = shapeOutline(o.area, w, h);
      if (outline.length === 0) continue;
      path(outline);
      ctx.fillStyle = withAlpha(colour, 0.22);
      ctx.fill();
      ctx.stroke();
      const [lx, ly] = toS(outline[0]!);
      label(text, lx + 4, ly + 10);
    }
    ctx.setLineDash([]);
  }

  const riders = embarkedIds(doc.forces);
  const preview = model.session.preview;
  const labels: CounterLabel[] = [];
  for (const p of allUnits(doc.forces)) {
    const u = p.unit;
    if (riders.has(u.id)) continue;
    let at = Array.isArray(u.position) ? (u.position as Point) : null;
    let facing = u.facing ?? 0;
    if (preview?.kind === 'unit' && preview.unitId === u.id) {
      at = preview.at;
      facing = preview.facing;
    }
    if (!at) continue;
    paintCounter(ctx, toS(at), facing, zoom, sideColour(doc, p.side.id), labels, {
      size: unitSize(model, u.type),
      selected: isSel('unit', u.id),
      label: u.name ?? model.catalog().units.get(u.type)?.name ?? u.type,
      passengers: u.passengers?.length ?? 0,
    });
  }
  if (
    preview?.kind === 'unit' &&
    !allUnits(doc.forces).some((p) => p.unit.id === preview.unitId && p.unit.position)
  ) {
    const placed = allUnits(doc.forces).find((p) => p.unit.id === preview.unitId);
    if (placed) {
      paintCounter(
        ctx,
        toS(preview.at),
        preview.facing,
        zoom,
        sideColour(doc, placed.side.id),
        labels,
        {
          size: unitSize(model, placed.unit.type),
          selected: true,
          label: placed.unit.name ?? placed.unit.type,
          passengers: 0,
        },
      );
    }
  }
  placeLabels(ctx, labels, fixed, { x0: 24, x1: viewRight });
  ctx.font = '11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'left';
  for (const draw of names) draw();
  if (preview?.kind === 'rect') {
    const [x0, y0] = toS(preview.a);
    const [x1, y1] = toS(preview.b);
    ctx.setLineDash([5, 4]);
    ctx.strokeStyle = SELECT;
    ctx.lineWidth = 1.5;
    ctx.strokeRect(Math.min(x0, x1), Math.min(y0, y1), Math.abs(x1 - x0), Math.abs(y1 - y0));
    ctx.setLineDash([]);
  }
  ctx.restore();
}

function paintCounter(
  ctx: CanvasRenderingContext2D,
  [x, y]: Point,
  facing: number,
  zoom: number,
  colour: string,
  labels: CounterLabel[],
  o: {
    size: { length: number; width: number } | null;
    selected: boolean;
    label: string;
    passengers: number;
  },
): void {
  const a = (facing * Math.PI) / 180;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(a);
  ctx.fillStyle = colour;
  ctx.strokeStyle = o.selected ? SELECT : '#111';
  ctx.lineWidth = o.selected ? 3 : 1.2;
  let reach: number;
  if (o.size) {
    // A vehicle silhouette: its footprint, with a nose wedge on the front.
    const l = Math.max(8, o.size.length * zoom);
    const wd = Math.max(5, o.size.width * zoom);
    ctx.beginPath();
    ctx.rect(-l / 2, -wd / 2, l * 0.85, wd);
    ctx.moveTo(l * 0.35, -wd / 2);
    ctx.lineTo(l / 2, 0);
    ctx.lineTo(l * 0.35, wd / 2);
    ctx.closePath();
    ctx.fill();
    ctx.stroke();
    reach = l / 2;
  } else {
    const r = Math.max(5, FIGURE_RADIUS * zoom);
    ctx.beginPath();
    ctx.arc(0, 0, r, 0, Math.PI * 2);
    ctx.fill();
    ctx.stroke();
    reach = r;
  }
  // Facing tick.
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = 2;
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(reach, 0);
  ctx.stroke();
  ctx.restore();
  if (zoom >= 10)
    labels.push({
      text: o.passengers ? `${o.label} (+${o.passengers})` : o.label,
      x,
      y,
      reach,
      selected: o.selected,
    });
}

/** A counter's name, to be put beside it where it overlaps no other name and no counter. */
export interface CounterLabel {
  readonly text: string;
  readonly x: number;
  readonly y: number;
  readonly reach: number;
  readonly selected: boolean;
}

/** A box in screen pixels. */
export interface LabelBox {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

const overlaps = (a: LabelBox, b: LabelBox) =>
  a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1;

/**
 * Where each counter's name goes: the first of four spots around it (right above, right below,
 * left above, left below) that overlaps no name already placed and no other counter; the
 * selected counter's name is placed first, and names of zones and objectives (`fixed`) and the
 * view's edges are kept clear. A name with no free spot is left out (hover or
 * select the counter to read it), so two names never print over each other.
 */
export function layoutLabels(
  labels: readonly CounterLabel[],
  width: (text: string) => number,
  o: { fixed?: readonly LabelBox[]; view?: { x0: number; x1: number }; height?: number } = {},
): { label: CounterLabel; x: number; y: number }[] {
  const height = o.height ?? 12;
  const order = [...labels].sort((a, b) => Number(b.selected) - Number(a.selected));
  const counters: LabelBox[] = labels.map((l) => ({
    x0: l.x - l.reach,
    y0: l.y - l.reach,
    x1: l.x + l.reach,
    y1: l.y + l.reach,
  }));
  const placed: LabelBox[] = [...(o.fixed ?? [])];
  const out: { label: CounterLabel; x: number; y: number }[] = [];
  for (const l of order) {
    const w = width(l.text);
    const spots: [number, number][] = [
      [l.x + l.reach + 3, l.y - l.reach],
      [l.x + l.reach + 3, l.y + l.reach],
      [l.x - l.reach - 3 - w, l.y - l.reach],
      [l.x - l.reach - 3 - w, l.y + l.reach],
    ];
    for (const [sx, sy] of spots) {
      const box = { x0: sx, y0: sy - height / 2, x1: sx + w, y1: sy + height / 2 };
      if (o.view && (box.x0 < o.view.x0 || box.x1 > o.view.x1)) continue;
      if (placed.some((b) => overlaps(b, box))) continue;
      if (counters.some((c) => overlaps(c, box))) continue;
      placed.push(box);
      out.push({ label: l, x: sx, y: sy });
      break;
    }
  }
  return out;
}

function placeLabels(
  ctx: CanvasRenderingContext2D,
  labels: readonly CounterLabel[],
  fixed: readonly LabelBox[],
  view: { x0: number; x1: number },
): void {
  ctx.fillStyle = '#fff';
  ctx.strokeStyle = 'rgba(0,0,0,0.7)';
  ctx.lineWidth = 3;
  for (const { label, x, y } of layoutLabels(labels, (t) => ctx.measureText(t).width, {
    fixed,
    view,
  })) {
    ctx.strokeText(label.text, x, y);
    ctx.fillText(label.text, x, y);
  }
}
