import type { Point, ScenarioDoc } from '../../../../engine/format/types';
import { hexCentre, hexCorners, inBounds, type HexGrid } from '../../../../engine/hex';
import type {
  CounterView,
  HexCell,
  ObjectiveView,
  ReachView,
  SightView,
  TemplateView,
} from '../../../../engine/playtest/view';
import type { Camera } from '../../editor/Editor';
import { fanOffsets, hexAreaBoundary, labelHex } from '../../objectives/hexSetup';
import { paintHexCounter, type HexCounter } from '../../objectives/paintHexSetup';
import { strokeEntryEdge } from '../../objectives/setupOutlines';

const SELECT = '#ffd34d';

/** A planned move drawn while it is dragged: the hexes it passes and where it ends. */
/** The puffs of a smoke cloud: offsets from the hex centre and radii, in hex sizes. */
const CLOUD_PUFFS: readonly (readonly [number, number, number])[] = [
  [-0.28, 0.05, 0.24],
  [0.02, -0.12, 0.3],
  [0.3, 0.04, 0.23],
  [0.05, 0.2, 0.22],
];

export interface HexGhost {
  readonly path: readonly HexCell[];
  readonly to: HexCell;
  readonly ok: boolean;
}

/** Everything the interactive layer of a hex board draws. */
export interface HexBoardModel {
  readonly grid: HexGrid;
  /** For the entry edges, drawn as the set-up screen draws them. */
  readonly doc: ScenarioDoc;
  readonly counters: readonly CounterView<'hex'>[];
  readonly colours: Readonly<Record<string, string>>;
  readonly selected: ReadonlySet<string>;
  readonly hover: string | undefined;
  /** The hex under the pointer, outlined when a click there would do something. */
  readonly target: HexCell | undefined;
  /** Units that may act now (drawn with a bright rim). */
  readonly actors: ReadonlySet<string>;
  /** In activation: the unit whose turn it is, and the ones after it in order. */
  readonly acting: string | undefined;
  readonly queue: readonly string[];
  /** Units still waiting for an order or a plotted mission. */
  readonly pending: ReadonlySet<string>;
  readonly reach: ReachView | undefined;
  readonly ghost: readonly HexGhost[];
  readonly sight: SightView<'hex'> | undefined;
  readonly templates: readonly TemplateView[];
  readonly objectives: readonly ObjectiveView[];
  readonly flashes: ReadonlyMap<string, string>;
  /** Hexes lit for the step now (the sections a card orders in), with a caption. */
  readonly highlight?: { readonly hexes: readonly HexCell[]; readonly label: string } | undefined;
  /** Hexes veiled for a while (smoke), drawn as a cloud with a caption. */
  readonly clouds?: readonly { readonly cell: HexCell; readonly label: string }[] | undefined;
}

/** Where a counter is drawn: its hex's centre, fanned out when it shares the hex. */
export interface CounterSpot {
  readonly counter: CounterView<'hex'>;
  /** Centre in inches. */
  readonly centre: Point;
  /** Half the counter's side, in inches. */
  readonly half: number;
}

const cellKey = (h: HexCell) => `${h.col},${h.row}`;

/**
 * Where each counter on the map is drawn, in drawing order: counters that share a hex fan out as
 * on the set-up screen, a little smaller, and the selected ones come last so they lie on top.
 */
export function counterSpots(
  grid: HexGrid,
  counters: readonly CounterView<'hex'>[],
  selected: ReadonlySet<string>,
): CounterSpot[] {
  const byHex = new Map<string, CounterView<'hex'>[]>();
  for (const c of counters) {
    if (!c.at || !inBounds(grid, c.at.col, c.at.row)) continue;
    const k = cellKey(c.at);
    byHex.set(k, [...(byHex.get(k) ?? []), c]);
  }
  const out: CounterSpot[] = [];
  for (const group of byHex.values()) {
    const offsets = fanOffsets(group.length);
    const half = (grid.size * (group.length > 1 ? 0.85 : 1.12)) / 2;
    group.forEach((c, i) => {
      const [x, y] = hexCentre(grid, c.at!.col, c.at!.row);
      const [ox, oy] = offsets[i]!;
      out.push({ counter: c, centre: [x + ox * grid.size, y + oy * grid.size], half });
    });
  }
  return out.sort((a, b) => +selected.has(a.counter.id) - +selected.has(b.counter.id));
}

/** The counter under a point (inches): the topmost whose square holds it. */
export function counterSpotAt(spots: readonly CounterSpot[], p: Point): CounterSpot | undefined {
  for (let i = spots.length - 1; i >= 0; i--) {
    const s = spots[i]!;
    if (Math.abs(p[0] - s.centre[0]) <= s.half && Math.abs(p[1] - s.centre[1]) <= s.half) return s;
  }
  return undefined;
}

function withAlpha(hex: string, a: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1]!, 16);
  return `rgba(${n >> 16},${(n >> 8) & 255},${n & 255},${a})`;
}

/** The printed symbol of a counter of this kind; a destroyed vehicle is drawn as a wreck. */
export const symbolOf = (kind: CounterView['kind']): HexCounter['symbol'] =>
  kind === 'figure'
    ? 'infantry'
    : kind === 'vehicle'
      ? 'armour'
      : kind === 'gun'
        ? 'gun'
        : kind === 'wreck'
          ? 'wreck'
          : 'other';

/**
 * Paints a hex board's interactive layer in screen pixels: objectives and entry edges, the hexes
 * within reach shaded by cost, the hexes a line of sight crosses, the drag ghost, the counters
 * (side colour, type symbol, a wedge on the faced hexside), the line of sight hex centre to hex
 * centre, and the markers of activation, pending orders and the last shot's results.
 */
export function paintHex(ctx: CanvasRenderingContext2D, m: HexBoardModel, cam: Camera): void {
  const { grid } = m;
  const toS = (p: Point): Point => [p[0] * cam.zoom + cam.x, p[1] * cam.zoom + cam.y];
  const hexPx = grid.size * cam.zoom;
  const hexPath = (h: HexCell, shrink = 1) => {
    const [cx, cy] = hexCentre(grid, h.col, h.row);
    ctx.beginPath();
    hexCorners(grid, h.col, h.row).forEach(([x, y], i) => {
      const [sx, sy] = toS([cx + (x - cx) * shrink, cy + (y - cy) * shrink]);
      if (i === 0) ctx.moveTo(sx, sy);
      else ctx.lineTo(sx, sy);
    });
    ctx.closePath();
  };
  const label = (text: string, [x, y]: Point, colour = '#fff') => {
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.lineWidth = 3;
    ctx.strokeStyle = 'rgba(0,0,0,0.75)';
    ctx.strokeText(text, x, y);
    ctx.fillStyle = colour;
    ctx.fillText(text, x, y);
  };

  ctx.save();
  ctx.font = '600 11px system-ui, sans-serif';

  // Objectives: their hexes tinted in the owner's colour, outlined along the area's border.
  for (const o of m.objectives) {
    if (o.area?.shape !== 'hexes') continue;
    const colour = o.owner ? (m.colours[o.owner] ?? '#f2c94c') : '#f2c94c';
    ctx.fillStyle = withAlpha(colour, 0.22);
    for (const h of o.area.hexes) {
      if (!inBounds(grid, h.col, h.row)) continue;
      hexPath(h);
      ctx.fill();
    }
    ctx.beginPath();
    for (const [a, b] of hexAreaBoundary(grid, o.area.hexes)) {
      const [ax, ay] = toS(a);
      const [bx, by] = toS(b);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
    ctx.setLineDash([6, 4]);
    ctx.lineWidth = 3;
    ctx.strokeStyle = colour;
    ctx.stroke();
    ctx.setLineDash([]);
    const top = labelHex(o.area.hexes.filter((h) => inBounds(grid, h.col, h.row)));
    if (top) {
      const [lx, ly] = toS(hexCentre(grid, top.col, top.row));
      label(`★ ${o.name} ${o.held}/${o.needed}`, [lx, ly - hexPx * 0.55]);
    }
  }
  // Hexes lit for the step now: a light wash, the area's border and its caption.
  if (m.highlight && m.highlight.hexes.length) {
    const lit = m.highlight.hexes.filter((h) => inBounds(grid, h.col, h.row));
    ctx.fillStyle = 'rgba(255,236,150,0.16)';
    for (const h of lit) {
      hexPath(h);
      ctx.fill();
    }
    ctx.beginPath();
    for (const [a, b] of hexAreaBoundary(grid, lit)) {
      const [ax, ay] = toS(a);
      const [bx, by] = toS(b);
      ctx.moveTo(ax, ay);
      ctx.lineTo(bx, by);
    }
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = 'rgba(255,220,90,0.9)';
    ctx.stroke();
    const top = labelHex(lit);
    if (top) {
      const [lx, ly] = toS(hexCentre(grid, top.col, top.row));
      label(m.highlight.label, [lx, ly - hexPx * 0.55], '#ffe38a');
    }
  }
  // Smoke and the like: a grey cloud of puffs over the hex, its caption below the centre.
  for (const c of m.clouds ?? []) {
    if (!inBounds(grid, c.cell.col, c.cell.row)) continue;
    const [cx, cy] = toS(hexCentre(grid, c.cell.col, c.cell.row));
    ctx.fillStyle = 'rgba(96,104,112,0.55)';
    hexPath(c.cell);
    ctx.fill();
    ctx.fillStyle = 'rgba(244,245,246,0.95)';
    ctx.strokeStyle = 'rgba(70,76,84,0.9)';
    ctx.lineWidth = 1.2;
    for (const [dx, dy, r] of CLOUD_PUFFS) {
      ctx.beginPath();
      ctx.arc(cx + dx * hexPx, cy + dy * hexPx, r * hexPx, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
    label(c.label, [cx, cy + hexPx * 0.55], '#eef0f2');
  }
  for (const e of m.doc.deployment.entryEdges ?? [])
    strokeEntryEdge(ctx, m.doc, e, false, toS, grid.width, grid.height);

  // Hexes within reach, shaded by cost: the near band brighter, road hexes blue.
  const reach = m.reach;
  if (reach?.hexes) {
    const near = reach.bands[0]?.max ?? 0.5;
    for (const r of reach.hexes) {
      if (!(r.cost <= reach.budget + 1e-9)) continue;
      hexPath(r.cell, 0.9);
      ctx.fillStyle = r.viaRoad
        ? 'rgba(120,190,255,0.45)'
        : r.cost <= near + 1e-9
          ? 'rgba(255,255,255,0.5)'
          : 'rgba(255,255,255,0.25)';
      ctx.fill();
      ctx.lineWidth = 1.5;
      ctx.strokeStyle = 'rgba(255,255,255,0.85)';
      ctx.stroke();
    }
  }

  // The hexes a line of sight crosses, up to the one that blocks it.
  const sight = m.sight;
  const blockedAt = sight?.blockedBy ? Math.round(sight.blockedBy.at) : undefined;
  if (sight?.hexes) {
    sight.hexes.forEach((h, i) => {
      hexPath(h, 0.9);
      const beyond = blockedAt !== undefined && i > blockedAt;
      const blocker = blockedAt !== undefined && i === blockedAt;
      ctx.fillStyle = blocker
        ? 'rgba(220,0,0,0.35)'
        : beyond
          ? 'rgba(255,59,48,0.12)'
          : sight.visible
            ? 'rgba(25,194,74,0.22)'
            : 'rgba(255,204,0,0.2)';
      ctx.fill();
      if (blocker) {
        ctx.lineWidth = 3;
        ctx.strokeStyle = '#d00000';
        ctx.stroke();
      }
    });
  }

  // Templates of the shot (inches on the map's layout).
  for (const t of m.templates) {
    ctx.beginPath();
    if (t.shape === 'circle') {
      const [x, y] = toS(t.centre);
      ctx.arc(x, y, (t.diameter / 2) * cam.zoom, 0, Math.PI * 2);
    } else if (t.shape === 'polygon') {
      t.points.forEach((p, i) => {
        const [x, y] = toS(p);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      });
      ctx.closePath();
    } else {
      const [x, y] = toS(t.apex);
      const a = (t.axisDeg * Math.PI) / 180;
      const w = (t.angleDeg * Math.PI) / 360;
      ctx.moveTo(x, y);
      ctx.arc(x, y, t.radius * cam.zoom, a - w, a + w);
      ctx.closePath();
    }
    ctx.fillStyle = 'rgba(255,140,0,0.25)';
    ctx.fill();
    ctx.strokeStyle = '#e07000';
    ctx.lineWidth = 1.5;
    ctx.stroke();
  }

  // The hex a click would act on.
  if (m.target && inBounds(grid, m.target.col, m.target.row)) {
    hexPath(m.target);
    ctx.lineWidth = 2.5;
    ctx.strokeStyle = 'rgba(255,255,255,0.9)';
    ctx.stroke();
  }

  // Drag ghost: the path hex by hex, and the hex it ends in.
  for (const g of m.ghost) {
    ctx.beginPath();
    g.path.forEach((h, i) => {
      const [x, y] = toS(hexCentre(grid, h.col, h.row));
      if (i === 0) ctx.moveTo(x, y);
      else ctx.lineTo(x, y);
    });
    const [tx, ty] = toS(hexCentre(grid, g.to.col, g.to.row));
    ctx.lineTo(tx, ty);
    ctx.strokeStyle = g.ok ? '#ffffff' : '#ff3b30';
    ctx.lineWidth = 2.5;
    ctx.setLineDash([6, 4]);
    ctx.stroke();
    ctx.setLineDash([]);
    hexPath(g.to, 0.8);
    ctx.strokeStyle = g.ok ? '#ffffff' : '#ff3b30';
    ctx.lineWidth = 2;
    ctx.stroke();
  }

  // Counters.
  const spots = counterSpots(grid, m.counters, m.selected);
  for (const s of spots) {
    const c = s.counter;
    const [x, y] = toS(s.centre);
    const side = Math.max(14, s.half * 2 * cam.zoom);
    const selected = m.selected.has(c.id);
    if (c.id === m.acting) {
      // The unit whose turn it is: a bright ring around its hex.
      hexPath(c.at!, 0.92);
      ctx.lineWidth = 4;
      ctx.strokeStyle = SELECT;
      ctx.setLineDash([8, 5]);
      ctx.stroke();
      ctx.setLineDash([]);
    }
    const drawn: HexCounter = {
      id: c.id,
      hex: c.at!,
      facing: c.kind === 'wreck' ? undefined : c.facing,
      colour: m.colours[c.side] ?? '#777777',
      symbol: symbolOf(c.kind),
      label: c.label,
      selected,
      ghost: false,
    };
    ctx.save();
    if (c.kind !== 'wreck' && !c.alive) ctx.globalAlpha = 0.6;
    paintHexCounter(ctx, [x, y], side, drawn, grid);
    ctx.restore();
    if (!selected && (m.hover === c.id || m.actors.has(c.id))) {
      ctx.beginPath();
      ctx.roundRect(x - side / 2 - 2, y - side / 2 - 2, side + 4, side + 4, 4);
      ctx.lineWidth = m.hover === c.id ? 2 : 1;
      ctx.strokeStyle = m.hover === c.id ? '#ffffff' : 'rgba(255,255,255,0.6)';
      ctx.stroke();
    }
    // The counter's letters in its corner, when there is room.
    if (side >= 26) {
      ctx.font = `700 ${Math.round(side * 0.26)}px system-ui, sans-serif`;
      ctx.textAlign = 'left';
      ctx.textBaseline = 'top';
      ctx.fillStyle = '#fff';
      ctx.fillText(c.glyph, x - side / 2 + 3, y - side / 2 + 2);
      ctx.font = '600 11px system-ui, sans-serif';
    }
    // Tokens the ruleset keeps on the counter (figures left, an order marker), in a row under it.
    if (c.badges?.length && c.kind !== 'wreck') {
      ctx.font = '700 10px system-ui, sans-serif';
      ctx.textAlign = 'left';
      ctx.textBaseline = 'middle';
      let tx = x - side / 2;
      const ty = y + side / 2 + 7;
      for (const t of c.badges) {
        const w = ctx.measureText(t).width + 6;
        ctx.fillStyle = 'rgba(20,20,20,0.8)';
        ctx.fillRect(tx, ty - 6, w, 12);
        ctx.fillStyle = '#ffd54a';
        ctx.fillText(t, tx + 3, ty);
        tx += w + 2;
      }
      ctx.font = '600 11px system-ui, sans-serif';
    }
    const badge = (text: string, colour: string) => {
      const bx = x + side / 2;
      const by = y - side / 2;
      ctx.beginPath();
      ctx.arc(bx, by, 8, 0, Math.PI * 2);
      ctx.fillStyle = colour;
      ctx.fill();
      ctx.strokeStyle = '#111';
      ctx.lineWidth = 1;
      ctx.stroke();
      ctx.fillStyle = '#111';
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(text, bx, by + 0.5);
    };
    // Activation order: 1 acts now, then the queue.
    const q = m.queue.indexOf(c.id);
    if (c.id === m.acting) badge('1', SELECT);
    else if (q >= 0) badge(String(q + 2), '#e8eaed');
    else if (m.pending.has(c.id)) badge('?', SELECT);
    const flash = m.flashes.get(c.id);
    if (flash || c.status.includes('hit')) {
      const bad = flash !== 'saved' && flash !== 'miss';
      ctx.beginPath();
      ctx.arc(x, y, side * 0.75, 0, Math.PI * 2);
      ctx.strokeStyle = bad ? '#ff2d20' : '#ffffff';
      ctx.lineWidth = 2.5;
      ctx.stroke();
      if (flash) label(flash, [x, y - side * 0.95], bad ? '#ff6b60' : '#ffffff');
    }
    if (c.passengers.length > 0) label(`+${c.passengers.length}`, [x + side / 2, y + side / 2]);
  }

  // Line of sight, centre to centre: green when clear, red up to the blocking hex, then dashed.
  if (sight) {
    const [ax, ay] = toS(hexCentre(grid, sight.from.col, sight.from.row));
    const [bx, by] = toS(hexCentre(grid, sight.to.col, sight.to.row));
    // The line stops where it meets the blocking hex: its centre projected onto the line.
    const blocker = blockedAt !== undefined ? sight.hexes?.[blockedAt] : undefined;
    let stop = 1;
    if (blocker) {
      const [px, py] = toS(hexCentre(grid, blocker.col, blocker.row));
      const len2 = (bx - ax) ** 2 + (by - ay) ** 2 || 1;
      stop = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / len2));
    }
    const sx = ax + (bx - ax) * stop;
    const sy = ay + (by - ay) * stop;
    ctx.lineCap = 'round';
    ctx.beginPath();
    ctx.moveTo(ax, ay);
    ctx.lineTo(sx, sy);
    ctx.strokeStyle = sight.visible ? '#19c24a' : '#ff3b30';
    ctx.lineWidth = 3.5;
    ctx.stroke();
    if (!sight.visible) {
      ctx.beginPath();
      ctx.moveTo(sx, sy);
      ctx.lineTo(bx, by);
      ctx.setLineDash([5, 5]);
      ctx.strokeStyle = 'rgba(255,59,48,0.7)';
      ctx.lineWidth = 2;
      ctx.stroke();
      ctx.setLineDash([]);
    }
    ctx.lineCap = 'butt';
    const n = Math.round(sight.distance);
    const text = `${n} ${n === 1 ? 'hex' : 'hexes'}${sight.blockedBy ? ` — blocked by ${sight.blockedBy.name}` : ''}`;
    ctx.font = '700 12px system-ui, sans-serif';
    label(text, [(ax + bx) / 2, (ay + by) / 2 - 12], sight.visible ? '#9dffb6' : '#ffb3ad');
  }
  ctx.restore();
}
