import type { HexRef, Point } from '../../../engine/format/types';
import { allUnits, embarkedIds } from '../../../engine/forces';
import type { Editor } from '../editor/Editor';
import { hexCentre, hexCorners, hexsideDegrees, inBounds, type HexGrid } from '../../../engine/hex';
import { setupOf, sideColour } from '../forces/setupModel';
import { shownObjectives, strokeEntryEdge } from './setupOutlines';
import { fanOffsets, hexAreaBoundary, hexRefAt, isHexRef, labelHex } from './hexSetup';

const SELECT = '#ffd34d';

function withAlpha(hex: string, a: number): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255}, ${a})`;
}

/** A unit to draw: where (hex), which way (hexside), how. */
export interface HexCounter {
  id: string;
  hex: HexRef;
  facing: number | undefined;
  colour: string;
  /** 'wreck': a destroyed vehicle left on its hex, drawn burnt out and struck through. */
  symbol: 'infantry' | 'armour' | 'gun' | 'other' | 'wreck';
  label: string;
  selected: boolean;
  ghost: boolean;
}

function symbolOf(cls: string | undefined): HexCounter['symbol'] {
  if (cls === 'infantry' || cls === 'team') return 'infantry';
  if (cls === 'tank' || cls === 'vehicle') return 'armour';
  if (cls === 'gun') return 'gun';
  return 'other';
}

/**
 * The set-up layer on a hex map, in screen pixels: deployment zones and objectives of shape
 * 'hexes' tinted and outlined along their border hexsides, entry edges as a bar in side colour,
 * and units as square counters in side colour at their hex's centre (several in one hex fan
 * out), each with a NATO-style type symbol and a facing tick toward its hexside.
 */
export function paintHexSetup(ctx: CanvasRenderingContext2D, ed: Editor, layout: HexGrid): void {
  const model = setupOf(ed);
  const doc = model.scenario();
  const { x: cx, y: cy, zoom } = ed.session.camera;
  const { width: w, height: h } = ed.mapSize();
  const toS = (p: Point): Point => [p[0] * zoom + cx, p[1] * zoom + cy];
  const sel = model.session.selected;
  const isSel = (kind: string, id: string) => sel?.kind === kind && sel.id === id;
  const hexPx = layout.size * zoom;

  const label = (text: string, [x, y]: Point, align: CanvasTextAlign = 'left') => {
    ctx.textAlign = align;
    ctx.fillStyle = '#fff';
    ctx.strokeStyle = 'rgba(0,0,0,0.75)';
    ctx.lineWidth = 3;
    ctx.strokeText(text, x, y);
    ctx.fillText(text, x, y);
    ctx.textAlign = 'left';
  };

  /** Tints a set of hexes and strokes their outer border; returns where the label goes. */
  const area = (
    hexes: readonly HexRef[],
    colour: string,
    selected: boolean,
    dash: number[],
    alpha: number,
  ): Point | null => {
    ctx.fillStyle = withAlpha(colour, alpha);
    for (const hx of hexes) {
      if (!inBounds(layout, hx.col, hx.row)) continue;
      ctx.beginPath();
      hexCorners(layout, hx.col, hx.row).forEach((p, i) => {
        const [x, y] = toS(p);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.closePath();
      ctx.fill();
    }
    ctx.beginPath();
    for (const [a, b] of hexAreaBoundary(layout, hexes)) {
      const [ax, ay] = toS(a);
      const [bx, by] = toS(b);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
    ctx.setLineDash(dash);
    ctx.lineCap = 'round';
    // A dark under-stroke keeps the border visible over any hex colour.
    ctx.lineWidth = (selected ? 4 : 3) + 2;
    ctx.strokeStyle = 'rgba(0,0,0,0.55)';
    ctx.stroke();
    ctx.lineWidth = selected ? 4 : 3;
    ctx.strokeStyle = selected ? SELECT : colour;
    ctx.stroke();
    ctx.setLineDash([]);
    const top = labelHex(hexes.filter((x) => inBounds(layout, x.col, x.row)));
    if (!top) return null;
    const [lx, ly] = toS(hexCentre(layout, top.col, top.row));
    return [lx, ly - hexPx * 0.55];
  };

  ctx.save();
  ctx.font = '600 11px system-ui, sans-serif';
  ctx.textBaseline = 'middle';

  for (const z of doc.deployment.zones ?? []) {
    if (z.area.shape !== 'hexes') continue;
    const at = area(z.area.hexes, sideColour(doc, z.side), isSel('zone', z.id), [6, 4], 0.2);
    if (at) label(z.name ?? `Deployment ${z.side}`, at, 'center');
  }

  for (const e of doc.deployment.entryEdges ?? []) {
    const [[ax, ay], [bx, by]] = strokeEntryEdge(ctx, doc, e, isSel('edge', e.id), toS, w, h);
    const side = doc.forces.sides.find((s) => s.id === e.side);
    // Labels sit just off the map, so they never cover a hex.
    const out: Record<typeof e.edge, Point> = {
      north: [0, -10],
      south: [0, 12],
      west: [-8, 0],
      east: [8, 0],
    };
    const [ox, oy] = out[e.edge];
    const text = `▶ ${e.label ?? side?.name ?? e.side} enters`;
    const mx = (ax + bx) / 2 + ox;
    const my = (ay + by) / 2 + oy;
    if (e.edge === 'west' || e.edge === 'east') {
      ctx.save();
      ctx.translate(mx, my);
      ctx.rotate(e.edge === 'west' ? -Math.PI / 2 : Math.PI / 2);
      label(text, [0, 0], 'center');
      ctx.restore();
    } else label(text, [mx, my], 'center');
  }

  for (const o of shownObjectives(doc, model)) {
    if (o.area?.shape !== 'hexes') continue;
    const colour = o.owner ? sideColour(doc, o.owner) : '#f2c94c';
    const at = area(o.area.hexes, colour, isSel('objective', o.id), o.hidden ? [3, 4] : [], 0.28);
    if (at) label(`★ ${o.name ?? o.id}${o.hidden ? ' (hidden)' : ''}`, at, 'center');
  }

  // Units, grouped by hex so several in one hex fan out.
  const riders = embarkedIds(doc.forces);
  const preview = model.session.preview;
  const byHex = new Map<string, HexCounter[]>();
  const cat = model.catalog();
  for (const p of allUnits(doc.forces)) {
    const u = p.unit;
    if (riders.has(u.id)) continue;
    let hex: HexRef | null = isHexRef(u.position) ? u.position : null;
    let facing = u.facing;
    let ghost = false;
    if (preview?.kind === 'unit' && preview.unitId === u.id) {
      hex = hexRefAt(layout, preview.at);
      facing = preview.facing;
      ghost = true;
    }
    if (!hex || !inBounds(layout, hex.col, hex.row)) continue;
    const type = cat.units.get(u.type);
    const c: HexCounter = {
      id: u.id,
      hex,
      facing,
      colour: sideColour(doc, p.side.id),
      symbol: symbolOf(type?.class),
      label: u.name ?? type?.name ?? u.type,
      selected: isSel('unit', u.id) || ghost,
      ghost,
    };
    const k = `${hex.col},${hex.row}`;
    byHex.set(k, [...(byHex.get(k) ?? []), c]);
  }
  const showNames = hexPx >= 34;
  for (const group of byHex.values()) {
    const offsets = fanOffsets(group.length);
    // Counters shrink a little when they share a hex; the selected one is drawn last, on top.
    const side = hexPx * (group.length > 1 ? 0.85 : 1.12);
    const order = group.map((c, i) => ({ c, i })).sort((a, b) => +a.c.selected - +b.c.selected);
    for (const { c, i } of order) {
      const [hx, hy] = toS(hexCentre(layout, c.hex.col, c.hex.row));
      const [ox, oy] = offsets[i]!;
      paintHexCounter(ctx, [hx + ox * hexPx, hy + oy * hexPx], Math.max(14, side), c, layout);
    }
    // Names under the hex when hexes are big enough to read them; always for the selection.
    const picked = group.find((c) => c.selected);
    const text = picked
      ? picked.label
      : group.length === 1
        ? group[0]!.label
        : `${group.length} units`;
    if (showNames || picked) {
      const [hx, hy] = toS(hexCentre(layout, group[0]!.hex.col, group[0]!.hex.row));
      label(text, [hx, hy + hexPx * 0.86], 'center');
    }
  }
  ctx.restore();
}

/**
 * What sets a wreck apart from a live counter of a grey side: the side's colour only as a band
 * along the top (whose it was), a burnt-out body, the armour oval in grey and a red-orange
 * cross over it all, and no facing.
 */
function paintWreckMarks(
  ctx: CanvasRenderingContext2D,
  [x, y]: Point,
  sidePx: number,
  sideColour: string,
): void {
  const half = sidePx / 2;
  const r = Math.max(2, sidePx * 0.12);
  ctx.save();
  ctx.beginPath();
  ctx.roundRect(x - half, y - half, sidePx, sidePx, r);
  ctx.clip();
  ctx.fillStyle = '#1f1f1f';
  ctx.fillRect(x - half, y - half, sidePx, sidePx);
  ctx.fillStyle = sideColour;
  ctx.fillRect(x - half, y - half, sidePx, sidePx * 0.2);
  ctx.restore();
  const fw = sidePx * 0.62;
  const fh = sidePx * 0.42;
  ctx.strokeStyle = '#8a8a8a';
  ctx.lineWidth = Math.max(1.2, sidePx / 18);
  ctx.beginPath();
  ctx.ellipse(x, y + sidePx * 0.06, fw * 0.36, fh * 0.26, 0, 0, Math.PI * 2);
  ctx.stroke();
  const k = half * 0.62;
  ctx.strokeStyle = '#ff6a2b';
  ctx.lineWidth = Math.max(2, sidePx / 9);
  ctx.lineCap = 'round';
  ctx.beginPath();
  ctx.moveTo(x - k, y - k + sidePx * 0.08);
  ctx.lineTo(x + k, y + k);
  ctx.moveTo(x + k, y - k + sidePx * 0.08);
  ctx.lineTo(x - k, y + k);
  ctx.stroke();
}

/** A counter as printed: side colour, a NATO-style type symbol, a facing wedge on its rim. */
export function paintHexCounter(
  ctx: CanvasRenderingContext2D,
  [x, y]: Point,
  sidePx: number,
  c: HexCounter,
  layout: HexGrid,
): void {
  const half = sidePx / 2;
  ctx.save();
  ctx.globalAlpha = c.ghost ? 0.8 : 1;
  // Counter body: a rounded square in side colour with a light rim, as a printed counter.
  ctx.beginPath();
  ctx.roundRect(x - half, y - half, sidePx, sidePx, Math.max(2, sidePx * 0.12));
  ctx.fillStyle = c.colour;
  ctx.shadowColor = 'rgba(0,0,0,0.55)';
  ctx.shadowBlur = 3;
  ctx.shadowOffsetY = 1;
  ctx.fill();
  ctx.shadowColor = 'transparent';
  ctx.lineWidth = c.selected ? 3 : 1.5;
  ctx.strokeStyle = c.selected ? SELECT : 'rgba(255,255,255,0.85)';
  ctx.stroke();

  if (c.symbol === 'wreck') {
    paintWreckMarks(ctx, [x, y], sidePx, c.colour);
    ctx.restore();
    return;
  }
  // Type symbol in a small frame: X for infantry, an oval track for armour, a dot for guns.
  const fw = sidePx * 0.62;
  const fh = sidePx * 0.42;
  ctx.strokeStyle = '#fff';
  ctx.lineWidth = Math.max(1.3, sidePx / 16);
  ctx.strokeRect(x - fw / 2, y - fh / 2, fw, fh);
  ctx.beginPath();
  if (c.symbol === 'infantry') {
    ctx.moveTo(x - fw / 2, y - fh / 2);
    ctx.lineTo(x + fw / 2, y + fh / 2);
    ctx.moveTo(x + fw / 2, y - fh / 2);
    ctx.lineTo(x - fw / 2, y + fh / 2);
    ctx.stroke();
  } else if (c.symbol === 'armour') {
    ctx.ellipse(x, y, fw * 0.36, fh * 0.26, 0, 0, Math.PI * 2);
    ctx.stroke();
  } else {
    ctx.arc(x, y, Math.max(1.5, fh * 0.18), 0, Math.PI * 2);
    ctx.fillStyle = '#fff';
    ctx.fill();
  }

  // Facing: a wedge on the counter's rim toward the faced hexside.
  if (c.facing !== undefined) {
    const a = (hexsideDegrees(layout.orientation, c.facing) * Math.PI) / 180;
    const dx = Math.cos(a);
    const dy = Math.sin(a);
    // Distance from the centre to the square's rim along the facing direction.
    const rim = half / Math.max(Math.abs(dx), Math.abs(dy));
    const tip = rim + Math.max(6, sidePx * 0.36);
    const wing = Math.max(4, sidePx * 0.22);
    ctx.beginPath();
    ctx.moveTo(x + dx * tip, y + dy * tip);
    ctx.lineTo(x + dx * rim - dy * wing, y + dy * rim + dx * wing);
    ctx.lineTo(x + dx * rim + dy * wing, y + dy * rim - dx * wing);
    ctx.closePath();
    ctx.fillStyle = c.selected ? SELECT : '#fff';
    ctx.strokeStyle = 'rgba(0,0,0,0.85)';
    ctx.lineWidth = 1.2;
    ctx.fill();
    ctx.stroke();
  }
  ctx.restore();
}
