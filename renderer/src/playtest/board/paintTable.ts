import type { Point, Shape } from '../../../../engine/format/types';
import type {
  CounterView,
  ObjectiveView,
  ReachView,
  SightView,
  TemplateView,
} from '../../../../engine/playtest/view';
import type { Camera } from '../../editor/Editor';

/** Everything the interactive layer of the playtest table draws, in table inches. */
export interface TableBoardModel {
  readonly table: { readonly width: number; readonly height: number };
  readonly counters: readonly CounterView[];
  readonly colours: Readonly<Record<string, string>>;
  readonly selected: ReadonlySet<string>;
  readonly hover: string | undefined;
  /** Units that may act now (drawn with a bright rim). */
  readonly actors: ReadonlySet<string>;
  readonly reach: ReachView | undefined;
  readonly ghost:
    | {
        readonly moves: readonly {
          readonly path: readonly Point[];
          readonly to: Point;
          readonly ok: boolean;
          readonly snapped: boolean;
          /** A measuring tool laid for the move (an arrow), drawn to scale under the ghost. */
          readonly shapes?: readonly TemplateView[];
        }[];
      }
    | undefined;
  readonly sight: SightView | undefined;
  readonly templates: readonly TemplateView[];
  readonly objectives: readonly ObjectiveView[];
  readonly handle: { readonly at: Point; readonly facing: number } | undefined;
  /** Units hit or killed by the last action, ringed so the result shows on the counters. */
  readonly flashes: ReadonlyMap<string, string>;
  readonly entryEdges: readonly {
    readonly side: string;
    readonly area: Shape;
    readonly label: string;
  }[];
}

const rad = (deg: number) => (deg * Math.PI) / 180;

function shapePath(
  ctx: CanvasRenderingContext2D,
  s: Shape,
  table: TableBoardModel['table'],
): boolean {
  ctx.beginPath();
  switch (s.shape) {
    case 'rect':
      ctx.rect(s.x, s.y, s.width, s.height);
      return true;
    case 'circle':
      ctx.arc(s.center[0], s.center[1], s.radius, 0, Math.PI * 2);
      return true;
    case 'polygon':
      s.points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      return true;
    case 'edgeStrip': {
      const from = s.from ?? 0;
      switch (s.edge) {
        case 'west':
          ctx.rect(0, from, s.depth, (s.to ?? table.height) - from);
          return true;
        case 'east':
          ctx.rect(table.width - s.depth, from, s.depth, (s.to ?? table.height) - from);
          return true;
        case 'north':
          ctx.rect(from, 0, (s.to ?? table.width) - from, s.depth);
          return true;
        case 'south':
          ctx.rect(from, table.height - s.depth, (s.to ?? table.width) - from, s.depth);
          return true;
      }
      return false;
    }
    case 'point':
      ctx.arc(s.at[0], s.at[1], 0.3, 0, Math.PI * 2);
      return true;
    case 'hexes':
      return false;
  }
}

function templatePath(ctx: CanvasRenderingContext2D, t: TemplateView): void {
  ctx.beginPath();
  switch (t.shape) {
    case 'circle':
      ctx.arc(t.centre[0], t.centre[1], t.diameter / 2, 0, Math.PI * 2);
      return;
    case 'polygon':
      t.points.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      return;
    case 'sector':
      ctx.moveTo(t.apex[0], t.apex[1]);
      ctx.arc(
        t.apex[0],
        t.apex[1],
        t.radius,
        rad(t.axisDeg - t.angleDeg / 2),
        rad(t.axisDeg + t.angleDeg / 2),
      );
      ctx.closePath();
      return;
  }
}

/**
 * Paints the interactive layer: objectives, entry edges, reachable area, counters with facing,
 * the drag ghost, the line of sight with its blocker, templates and the facing handle. Drawn in
 * table inches under the camera transform; line widths are divided by the zoom to stay crisp.
 */
export function paintTable(ctx: CanvasRenderingContext2D, m: TableBoardModel, cam: Camera): void {
  const px = 1 / cam.zoom;
  ctx.save();
  ctx.translate(cam.x, cam.y);
  ctx.scale(cam.zoom, cam.zoom);

  // Entry edges and objectives.
  for (const e of m.entryEdges) {
    if (!shapePath(ctx, e.area, m.table)) continue;
    ctx.fillStyle = withAlpha(m.colours[e.side] ?? '#888', 0.18);
    ctx.fill();
  }
  for (const o of m.objectives) {
    if (!o.area || !shapePath(ctx, o.area, m.table)) continue;
    const c = o.owner ? (m.colours[o.owner] ?? '#333') : '#333';
    ctx.fillStyle = withAlpha(c, 0.1);
    ctx.fill();
    ctx.setLineDash([6 * px, 4 * px]);
    ctx.strokeStyle = c;
    ctx.lineWidth = 2 * px;
    ctx.stroke();
    ctx.setLineDash([]);
  }

  // Reachable area shaded by cost.
  const reach = m.reach;
  if (reach?.grid) {
    const g = reach.grid;
    for (let r = 0; r < g.rows; r++) {
      for (let c = 0; c < g.cols; c++) {
        const cost = g.costs[r * g.cols + c]!;
        if (!(cost <= reach.budget + 1e-9)) continue;
        ctx.fillStyle = reach.viaRoad?.[r * g.cols + c]
          ? 'rgba(120,190,255,0.35)'
          : cost <= 0.5
            ? 'rgba(255,255,255,0.42)'
            : 'rgba(255,255,255,0.2)';
        ctx.fillRect(
          g.originX + c * g.cellSize,
          g.originY + r * g.cellSize,
          g.cellSize,
          g.cellSize,
        );
      }
    }
  }
  if (reach?.entry && shapePath(ctx, reach.entry.area, m.table)) {
    ctx.fillStyle = 'rgba(255,255,255,0.3)';
    ctx.fill();
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
  }

  // Templates under the counters.
  for (const t of m.templates) {
    templatePath(ctx, t);
    ctx.fillStyle = 'rgba(255,140,0,0.25)';
    ctx.fill();
    ctx.strokeStyle = '#e07000';
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
    if (t.label && t.shape === 'circle') {
      ctx.fillStyle = '#7a3b00';
      ctx.font = `bold ${11 * px}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(t.label, t.centre[0], t.centre[1]);
    }
  }

  // Blocker outline.
  const sight = m.sight;
  if (sight?.blockedBy?.outline && sight.blockedBy.outline.length > 1) {
    ctx.beginPath();
    sight.blockedBy.outline.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    if (sight.blockedBy.outline.length > 2) ctx.closePath();
    ctx.fillStyle = 'rgba(220,0,0,0.25)';
    if (sight.blockedBy.outline.length > 2) ctx.fill();
    ctx.strokeStyle = '#d00000';
    ctx.lineWidth = 3 * px;
    ctx.stroke();
  }

  // Counters.
  for (const c of m.counters) {
    if (!c.at) continue;
    paintCounter(ctx, c, m, px);
  }

  // Drag ghost: the measuring tool first, then the path and where it ends.
  for (const g of m.ghost?.moves ?? []) {
    for (const t of g.shapes ?? []) {
      templatePath(ctx, t);
      ctx.fillStyle = 'rgba(255,255,255,0.35)';
      ctx.fill();
      ctx.strokeStyle = 'rgba(30,30,30,0.8)';
      ctx.lineWidth = 1 * px;
      ctx.stroke();
    }
  }
  for (const g of m.ghost?.moves ?? []) {
    ctx.beginPath();
    g.path.forEach(([x, y], i) => (i ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
    ctx.lineTo(g.to[0], g.to[1]);
    ctx.strokeStyle = g.ok ? (g.snapped ? '#ffcc00' : '#ffffff') : '#ff3b30';
    ctx.lineWidth = 2 * px;
    ctx.setLineDash([5 * px, 3 * px]);
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(g.to[0], g.to[1], 0.3, 0, Math.PI * 2);
    ctx.fillStyle = g.ok ? 'rgba(255,255,255,0.7)' : 'rgba(255,59,48,0.6)';
    ctx.fill();
  }

  // Objective names above the counters, each where it covers the fewest of them (the village's
  // objective name was hidden under the unit counters standing in it).
  paintObjectiveLabels(ctx, m, px);

  // Lines that decide cover (to hull corners, to a stem): thin, green when clear, red dashed not.
  for (const r of sight?.rays ?? []) {
    ctx.beginPath();
    ctx.moveTo(sight!.from[0], sight!.from[1]);
    ctx.lineTo(r.to[0], r.to[1]);
    ctx.setLineDash(r.clear ? [] : [3 * px, 3 * px]);
    ctx.strokeStyle = r.clear ? 'rgba(25,194,74,0.75)' : 'rgba(255,59,48,0.75)';
    ctx.lineWidth = 1.2 * px;
    ctx.stroke();
    ctx.setLineDash([]);
    ctx.beginPath();
    ctx.arc(r.to[0], r.to[1], 0.12, 0, Math.PI * 2);
    ctx.fillStyle = r.clear ? '#19c24a' : '#ff3b30';
    ctx.fill();
  }

  // Line of sight: green when clear, red up to the blocker then faint beyond.
  if (sight) {
    const [ax, ay] = sight.from;
    const [bx, by] = sight.to;
    const len = Math.hypot(bx - ax, by - ay) || 1;
    const stop = sight.blockedBy ? Math.min(1, sight.blockedBy.at / len) : 1;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(ax + (bx - ax) * stop, ay + (by - ay) * stop);
    ctx.strokeStyle = sight.visible ? '#19c24a' : '#ff3b30';
    ctx.lineWidth = 3 * px;
    ctx.stroke();
    if (!sight.visible) {
      ctx.beginPath();
      ctx.moveTo(ax + (bx - ax) * stop, ay + (by - ay) * stop);
      ctx.lineTo(bx, by);
      ctx.setLineDash([4 * px, 4 * px]);
      ctx.strokeStyle = 'rgba(255,59,48,0.6)';
      ctx.lineWidth = 2 * px;
      ctx.stroke();
      ctx.setLineDash([]);
      const sx = ax + (bx - ax) * stop;
      const sy = ay + (by - ay) * stop;
      ctx.beginPath();
      ctx.moveTo(sx - 0.35, sy - 0.35);
      ctx.lineTo(sx + 0.35, sy + 0.35);
      ctx.moveTo(sx + 0.35, sy - 0.35);
      ctx.lineTo(sx - 0.35, sy + 0.35);
      ctx.strokeStyle = '#ff3b30';
      ctx.lineWidth = 3 * px;
      ctx.stroke();
    }
    ctx.fillStyle = '#111';
    ctx.font = `bold ${12 * px}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'bottom';
    const label = `${sight.distance.toFixed(1)}"${sight.blockedBy ? ` — blocked by ${sight.blockedBy.name}` : ''}`;
    const mx = (ax + bx) / 2;
    const my = (ay + by) / 2;
    const w = ctx.measureText(label).width;
    ctx.fillStyle = 'rgba(255,255,255,0.85)';
    ctx.fillRect(mx - w / 2 - 3 * px, my - 16 * px, w + 6 * px, 15 * px);
    ctx.fillStyle = sight.visible ? '#0b5d22' : '#a00000';
    ctx.fillText(label, mx, my - 3 * px);
    ctx.lineCap = 'butt';
  }

  // Facing handle.
  if (m.handle) {
    const [hx, hy] = m.handle.at;
    ctx.beginPath();
    ctx.arc(hx, hy, 0.28, 0, Math.PI * 2);
    ctx.fillStyle = '#ffcc00';
    ctx.fill();
    ctx.strokeStyle = '#333';
    ctx.lineWidth = 1.5 * px;
    ctx.stroke();
  }
  ctx.restore();
}

function paintCounter(
  ctx: CanvasRenderingContext2D,
  c: CounterView,
  m: TableBoardModel,
  px: number,
): void {
  const [x, y] = c.at!;
  const colour = c.kind === 'wreck' ? '#444' : (m.colours[c.side] ?? '#777');
  const selected = m.selected.has(c.id);
  const hover = m.hover === c.id;
  ctx.save();
  ctx.translate(x, y);
  ctx.rotate(rad(c.facing));
  ctx.beginPath();
  if (c.kind === 'figure') ctx.arc(0, 0, c.size.width / 2, 0, Math.PI * 2);
  else ctx.rect(-c.size.length / 2, -c.size.width / 2, c.size.length, c.size.width);
  ctx.fillStyle = c.kind === 'wreck' ? 'rgba(40,40,40,0.8)' : colour;
  ctx.globalAlpha = c.status.includes('hit') ? 0.55 : 1;
  ctx.fill();
  ctx.globalAlpha = 1;
  ctx.lineWidth = (selected ? 3 : m.actors.has(c.id) ? 1.5 : 1) * px;
  ctx.strokeStyle = selected ? '#ffcc00' : hover ? '#ffffff' : '#111';
  ctx.stroke();
  // Facing tick (and turret line for turreted vehicles).
  if (c.kind !== 'wreck') {
    const r = c.kind === 'figure' ? c.size.width / 2 : c.size.length / 2;
    ctx.beginPath();
    ctx.moveTo(r * 0.3, 0);
    ctx.lineTo(r + 0.15, 0);
    ctx.strokeStyle = '#fff';
    ctx.lineWidth = 2 * px;
    ctx.stroke();
    if (c.turret !== undefined) {
      ctx.save();
      ctx.rotate(rad(c.turret));
      ctx.beginPath();
      ctx.moveTo(0, 0);
      ctx.lineTo(c.size.length * 0.75, 0);
      ctx.strokeStyle = '#222';
      ctx.lineWidth = 2.5 * px;
      ctx.stroke();
      ctx.restore();
    }
  }
  ctx.restore();
  // Glyph upright, when the counter is big enough on screen to hold it.
  const sizeIn = Math.min(c.size.width, c.size.length);
  if (sizeIn / px >= 10) {
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${Math.min(sizeIn * 0.6, 13 * px)}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(c.glyph, x, y);
  }
  const flash = m.flashes.get(c.id);
  if (flash || c.status.includes('hit')) {
    ctx.beginPath();
    ctx.arc(x, y, Math.max(c.size.length, c.size.width) / 2 + 0.25, 0, Math.PI * 2);
    ctx.strokeStyle = flash === 'saved' || flash === 'miss' ? '#ffffff' : '#ff2d20';
    ctx.lineWidth = 2.5 * px;
    ctx.stroke();
    if (flash) {
      ctx.fillStyle = flash === 'saved' || flash === 'miss' ? '#ffffff' : '#ff2d20';
      ctx.font = `bold ${11 * px}px sans-serif`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'bottom';
      ctx.fillText(flash, x + 0.5, y - 0.4);
    }
  }
  const morale = c.status.find((x) => x === 'toCover' || x === 'fallBack' || x === 'rout');
  if (morale) {
    ctx.fillStyle = '#ffcc00';
    ctx.font = `bold ${10 * px}px sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillText(
      morale === 'toCover' ? 'to cover' : morale === 'fallBack' ? 'fall back' : 'rout',
      x,
      y + Math.max(c.size.length, c.size.width) / 2 + 0.1,
    );
  }
  // Tokens beside the counter: one small tag each, in a row under it.
  if (c.badges?.length && c.kind !== 'wreck') {
    ctx.font = `bold ${9 * px}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    let bx = x - Math.max(c.size.length, c.size.width) / 2;
    const by = y + Math.max(c.size.length, c.size.width) / 2 + 0.35;
    for (const b of c.badges) {
      const w = ctx.measureText(b).width + 6 * px;
      ctx.fillStyle = 'rgba(20,20,20,0.8)';
      ctx.fillRect(bx, by - 6 * px, w, 12 * px);
      ctx.fillStyle = '#ffd54a';
      ctx.fillText(b, bx + 3 * px, by);
      bx += w + 2 * px;
    }
  }
  if (c.passengers.length > 0) {
    ctx.fillStyle = '#fff';
    ctx.font = `bold ${10 * px}px sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'top';
    ctx.fillText(`+${c.passengers.length}`, x + 0.4, y + 0.3);
  }
}

/** A box in table inches: x0, y0 its top left corner. */
export interface Box {
  readonly x0: number;
  readonly y0: number;
  readonly x1: number;
  readonly y1: number;
}

const overlap = (a: Box, b: Box) =>
  Math.max(0, Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0)) *
  Math.max(0, Math.min(a.y1, b.y1) - Math.max(a.y0, b.y0));

/**
 * Where an objective's name goes (its top left corner, table inches): the first of the spots
 * inside the area's corners and just outside its top and bottom edges that covers no counter,
 * else the one that covers the least of them; every spot kept on the table. The name is drawn
 * above the counters as well, so it is never hidden under them.
 */
export function objectiveLabelSpot(
  area: Box,
  size: { readonly w: number; readonly h: number },
  counters: readonly Box[],
  table: { readonly width: number; readonly height: number },
  pad = 0.2,
): [number, number] {
  const { w, h } = size;
  const spots: [number, number][] = [
    [area.x0 + pad, area.y0 + pad],
    [area.x0 + pad, area.y1 - h - pad],
    [area.x1 - w - pad, area.y0 + pad],
    [area.x1 - w - pad, area.y1 - h - pad],
    [area.x0, area.y0 - h - pad],
    [area.x0, area.y1 + pad],
  ];
  let best: [number, number] | undefined;
  let least = Infinity;
  for (const [sx, sy] of spots) {
    const x = Math.max(pad, Math.min(sx, table.width - w - pad));
    const y = Math.max(pad, Math.min(sy, table.height - h - pad));
    const box = { x0: x, y0: y, x1: x + w, y1: y + h };
    let covered = 0;
    for (const c of counters) covered += overlap(box, c);
    if (covered < least - 1e-9) {
      least = covered;
      best = [x, y];
      if (covered === 0) break;
    }
  }
  return best!;
}

function areaBox(s: Shape): Box | undefined {
  switch (s.shape) {
    case 'rect':
      return { x0: s.x, y0: s.y, x1: s.x + s.width, y1: s.y + s.height };
    case 'circle':
      return {
        x0: s.center[0] - s.radius,
        y0: s.center[1] - s.radius,
        x1: s.center[0] + s.radius,
        y1: s.center[1] + s.radius,
      };
    case 'polygon': {
      const xs = s.points.map((p) => p[0]);
      const ys = s.points.map((p) => p[1]);
      return { x0: Math.min(...xs), y0: Math.min(...ys), x1: Math.max(...xs), y1: Math.max(...ys) };
    }
    case 'point':
      return { x0: s.at[0], y0: s.at[1], x1: s.at[0], y1: s.at[1] };
    case 'edgeStrip':
    case 'hexes':
      return undefined;
  }
}

function paintObjectiveLabels(ctx: CanvasRenderingContext2D, m: TableBoardModel, px: number): void {
  const counters: Box[] = [];
  for (const c of m.counters) {
    if (!c.at) continue;
    const r = Math.max(c.size.length, c.size.width) / 2;
    counters.push({ x0: c.at[0] - r, y0: c.at[1] - r, x1: c.at[0] + r, y1: c.at[1] + r });
  }
  ctx.font = `bold ${11 * px}px sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'top';
  for (const o of m.objectives) {
    const area = o.area && areaBox(o.area);
    if (!area) continue;
    const c = o.owner ? (m.colours[o.owner] ?? '#333') : '#333';
    // An objective the rules do not score shows no hold count ("Objective 2 0/3" read as one).
    const label = o.needed > 0 ? `${o.name} ${o.held}/${o.needed}` : o.name;
    const w = ctx.measureText(label).width;
    const [x, y] = objectiveLabelSpot(area, { w: w + 4 * px, h: 14 * px }, counters, m.table);
    ctx.fillStyle = 'rgba(255,255,255,0.8)';
    ctx.fillRect(x, y, w + 4 * px, 14 * px);
    ctx.fillStyle = c;
    ctx.fillText(label, x + 2 * px, y + 1 * px);
  }
}

/**
 * A colour with transparency. Short colours ('#333', an objective open to every side) are read
 * too: returned as they were, they painted such an objective's area solid dark over the bridge
 * it stood on (new-user walk).
 */
export function withAlpha(hex: string, a: number): string {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(hex);
  const digits = short
    ? short[1]!.repeat(2) + short[2]!.repeat(2) + short[3]!.repeat(2)
    : /^#([0-9a-f]{6})$/i.exec(hex)?.[1];
  if (!digits) return hex;
  const n = parseInt(digits, 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${a})`;
}
