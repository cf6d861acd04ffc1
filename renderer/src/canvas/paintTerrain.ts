import type { Feature, Hex, HexMap, Hexside, Point } from '../../../engine/format/types';
import type { Contour } from '../../../engine/document';
import { boxesOverlap, featureBounds, rectCorners, type Box } from '../geometry/geometry';
import {
  hexCentre,
  hexCorners,
  hexLabel,
  hexGrid,
  hexsideSegment,
  offsetNeighbour,
  type HexGrid,
} from '../../../engine/hex';
import { paintOrder } from './paintOrder';

/**
 * The subset of CanvasRenderingContext2D the terrain painter uses. The Konva layer, PNG and PDF
 * export pass a real canvas context; SVG export passes a recorder with the same methods, so every
 * output shows exactly what the editor shows.
 */
export type Ctx2D = Pick<
  CanvasRenderingContext2D,
  | 'beginPath'
  | 'moveTo'
  | 'lineTo'
  | 'arc'
  | 'closePath'
  | 'fill'
  | 'stroke'
  | 'save'
  | 'restore'
  | 'translate'
  | 'rotate'
  | 'clip'
  | 'setLineDash'
  | 'fillText'
  | 'fillRect'
  | 'fillStyle'
  | 'strokeStyle'
  | 'lineWidth'
  | 'lineJoin'
  | 'lineCap'
  | 'globalAlpha'
  | 'font'
  | 'textAlign'
  | 'textBaseline'
>;

/** Everything the painter draws, read from the document (plus live overrides). */
export type Scene =
  | {
      kind: 'table';
      width: number;
      height: number;
      baseColour?: string;
      features: readonly Feature[];
    }
  | {
      kind: 'hex';
      map: Pick<
        HexMap,
        'orientation' | 'offset' | 'columns' | 'rows' | 'hexSize' | 'defaultTerrain'
      >;
      hex: (col: number, row: number) => Hex;
      hexsides: readonly Hexside[];
      contours: readonly Contour[];
      terrainColours?: Record<string, string>;
    };

export interface PaintOptions {
  /** Only what meets this box (table inches) is drawn. */
  box?: Box;
  /** Feature ids not to draw (they are being edited on the interactive layer). */
  hide?: ReadonlySet<string>;
  /** Skip the table background (for drawing single features on the interactive layer). */
  noBackground?: boolean;
}

export const DEFAULT_TABLE_COLOUR = '#7d9a5b';

export function paintScene(ctx: Ctx2D, scene: Scene, opts: PaintOptions = {}): void {
  if (scene.kind === 'table') paintTable(ctx, scene, opts);
  else paintHexMap(ctx, scene, opts);
}

function paintTable(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'table' }>,
  opts: PaintOptions,
): void {
  if (!opts.noBackground) {
    ctx.fillStyle = scene.baseColour ?? DEFAULT_TABLE_COLOUR;
    ctx.fillRect(0, 0, scene.width, scene.height);
  }
  const visible = scene.features.filter(
    (f) =>
      !f.hidden && !opts.hide?.has(f.id) && (!opts.box || boxesOverlap(opts.box, featureBounds(f))),
  );
  paintFeatures(ctx, visible);
}

/** Paints features in map order; roads get all casings first so crossings join cleanly. */
export function paintFeatures(ctx: Ctx2D, features: readonly Feature[]): void {
  const ordered = paintOrder(features);
  let i = 0;
  while (i < ordered.length) {
    const f = ordered[i]!;
    if (f.kind === 'road') {
      let j = i;
      while (j < ordered.length && ordered[j]!.kind === 'road') j++;
      const roads = ordered.slice(i, j) as Extract<Feature, { kind: 'road' }>[];
      for (const r of roads) strokePath(ctx, r.points, r.width + 0.2, '#6a5d4a', 'round');
      for (const r of roads)
        strokePath(ctx, r.points, r.width, r.role === 'highway' ? '#bdb6a4' : '#cdb88d', 'round');
      for (const r of roads) paintRoadMarks(ctx, r);
      i = j;
      continue;
    }
    paintFeature(ctx, f);
    i++;
  }
}

function path(ctx: Ctx2D, pts: readonly Point[], closed: boolean): void {
  ctx.beginPath();
  pts.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
}

function strokePath(
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

function fillPolygon(
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

/** A small deterministic hash of an id, for stable texture placement. */
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

const GROUND_COLOURS = ['#5f7a47', '#9aa865', '#b9b173', '#cbb982', '#d8c79a', '#e3d5b0'];

function groundColour(level: number, colour?: string): string {
  if (colour) return colour;
  return GROUND_COLOURS[Math.max(0, Math.min(GROUND_COLOURS.length - 1, level + 1))]!;
}

function label(
  ctx: Ctx2D,
  text: string,
  at: Point,
  size: number,
  colour = '#1d1d1b',
  bg?: string,
): void {
  ctx.font = `600 ${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  if (bg) {
    ctx.beginPath();
    ctx.arc(at[0], at[1], size * 0.75, 0, Math.PI * 2);
    ctx.fillStyle = bg;
    ctx.fill();
  }
  ctx.fillStyle = colour;
  ctx.fillText(text, at[0], at[1]);
}

function paintRoadMarks(ctx: Ctx2D, r: Extract<Feature, { kind: 'road' }>): void {
  if (r.role === 'highway') {
    ctx.setLineDash([0.5, 0.5]);
    strokePath(ctx, r.points, 0.06, '#f1ead2', 'round', 'butt');
    ctx.setLineDash([]);
  }
  if (r.number) {
    const k = Math.floor(r.points.length / 2);
    const a = r.points[k - 1] ?? r.points[0]!;
    const b = r.points[k]!;
    label(
      ctx,
      r.number,
      [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2],
      Math.min(0.6, r.width * 0.35),
      '#fff',
      '#6a5d4a',
    );
  }
}

function paintFeature(ctx: Ctx2D, f: Feature): void {
  switch (f.kind) {
    case 'ground': {
      fillPolygon(ctx, f.points, groundColour(f.level, f.colour));
      // Slope shading: a soft dark band just inside the edge, then a crisp contour line.
      ctx.save();
      path(ctx, f.points, true);
      ctx.clip();
      ctx.globalAlpha = 0.18;
      ctx.lineWidth = 0.8;
      ctx.strokeStyle = '#3d3420';
      ctx.lineJoin = 'round';
      ctx.stroke();
      ctx.restore();
      path(ctx, f.points, true);
      ctx.lineWidth = 0.05;
      ctx.strokeStyle = '#5b4f31';
      ctx.stroke();
      return;
    }
    case 'creek': {
      const bank = f.bankWidth ?? 0.5;
      strokePath(ctx, f.points, f.width + bank * 2, '#8c7b55', 'round');
      slopeHachures(ctx, f.points, f.width / 2, bank, '#5e5236');
      strokePath(ctx, f.points, f.width + bank * 0.3, '#6f6446', 'round');
      strokePath(ctx, f.points, f.width, '#4f82b3', 'round');
      ctx.globalAlpha = 0.5;
      strokePath(ctx, f.points, f.width * 0.35, '#86b4de', 'round');
      ctx.globalAlpha = 1;
      return;
    }
    case 'gully': {
      const bank = f.bankWidth ?? 0.5;
      strokePath(ctx, f.points, f.width + bank * 2, '#9d8a5d', 'round');
      slopeHachures(ctx, f.points, f.width / 2, bank, '#5e5236');
      strokePath(ctx, f.points, f.width, '#7b6a46', 'round');
      ctx.setLineDash([0.3, 0.3]);
      strokePath(ctx, f.points, 0.05, '#54472d', 'round', 'butt');
      ctx.setLineDash([]);
      return;
    }
    case 'road':
      strokePath(ctx, f.points, f.width + 0.2, '#6a5d4a', 'round');
      strokePath(ctx, f.points, f.width, '#cdb88d', 'round');
      paintRoadMarks(ctx, f);
      return;
    case 'bridge':
    case 'catwalk': {
      const wood = f.kind === 'bridge' ? '#8b6b46' : '#a8875a';
      fillPolygon(ctx, f.points, wood, '#3e2c1a', f.kind === 'bridge' ? 0.12 : 0.06);
      if (f.points.length === 4) {
        // Planks across the deck, perpendicular to its length.
        const [a, b, c, d] = f.points as [Point, Point, Point, Point];
        const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
        const n = Math.max(2, Math.floor(len / 0.35));
        ctx.lineWidth = 0.03;
        ctx.strokeStyle = '#5a4129';
        ctx.beginPath();
        for (let k = 1; k < n; k++) {
          const t = k / n;
          ctx.moveTo(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
          ctx.lineTo(d[0] + (c[0] - d[0]) * t, d[1] + (c[1] - d[1]) * t);
        }
        ctx.stroke();
      }
      if (f.number) {
        const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
        const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
        label(ctx, f.number, [cx, cy], 0.5, '#fff', '#3e2c1a');
      }
      return;
    }
    case 'bushes': {
      fillPolygon(ctx, f.points, '#86ab55');
      ctx.setLineDash([0.15, 0.12]);
      path(ctx, f.points, true);
      ctx.lineWidth = 0.12;
      ctx.strokeStyle = '#55803a';
      ctx.lineCap = 'round';
      ctx.stroke();
      ctx.setLineDash([]);
      texture(ctx, f, 0.7, 0.28, '#6f9746');
      return;
    }
    case 'woods':
    case 'forest': {
      const dark = f.kind === 'forest';
      fillPolygon(ctx, f.points, dark ? '#345a29' : '#4a7636', dark ? '#1f3a18' : '#2f5223', 0.08);
      texture(ctx, f, dark ? 0.9 : 1.1, dark ? 0.5 : 0.45, dark ? '#27481f' : '#3b6530');
      return;
    }
    case 'obstacle':
      paintObstacle(ctx, f);
      return;
    case 'bunker': {
      fillPolygon(ctx, f.points, '#9a9a90', '#3d3d38', 0.15);
      const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
      const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
      ctx.fillStyle = '#2b2b27';
      ctx.fillRect(cx - 0.4, cy - 0.06, 0.8, 0.12);
      return;
    }
    case 'wall': {
      const t = Math.max(0.15, f.thickness ?? 0.25);
      strokePath(ctx, f.points, t + 0.06, '#45433f', 'miter', 'butt');
      strokePath(
        ctx,
        f.points,
        t,
        f.thicknessClass === 'thick' || t >= 0.4 ? '#a29d92' : '#b3aea3',
        'miter',
        'butt',
      );
      return;
    }
    case 'fence': {
      strokePath(ctx, f.points, Math.max(0.05, f.thickness ?? 0.08), '#6e5134', 'miter', 'butt');
      ctx.fillStyle = '#4d3722';
      for (const [x, y] of postPositions(f.points, 0.75))
        ctx.fillRect(x - 0.07, y - 0.07, 0.14, 0.14);
      return;
    }
    case 'hedge': {
      const t = Math.max(0.3, f.thickness ?? 0.5);
      strokePath(ctx, f.points, t + 0.08, '#2b4a1d', 'round');
      strokePath(ctx, f.points, t, '#3f6b2a', 'round');
      ctx.setLineDash([0.1, 0.25]);
      strokePath(ctx, f.points, t * 0.4, '#5b8a3e', 'round');
      ctx.setLineDash([]);
      return;
    }
    case 'building':
      paintBuilding(ctx, f);
      return;
    case 'wreck': {
      const c = rectCorners(f);
      fillPolygon(ctx, c, '#3f3e38', '#1b1b19', 0.06);
      ctx.beginPath();
      ctx.moveTo(...c[0]!);
      ctx.lineTo(...c[2]!);
      ctx.moveTo(...c[1]!);
      ctx.lineTo(...c[3]!);
      ctx.lineWidth = 0.06;
      ctx.strokeStyle = '#a04a2a';
      ctx.stroke();
      return;
    }
    case 'tree': {
      const r = f.canopyRadius;
      ctx.beginPath();
      ctx.arc(f.x + r * 0.08, f.y + r * 0.1, r, 0, Math.PI * 2);
      ctx.fillStyle = 'rgba(20, 30, 10, 0.35)';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(f.x, f.y, r, 0, Math.PI * 2);
      ctx.fillStyle = '#3c6f2b';
      ctx.fill();
      ctx.lineWidth = Math.min(0.08, r * 0.08);
      ctx.strokeStyle = '#24461a';
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(f.x - r * 0.25, f.y - r * 0.25, r * 0.55, 0, Math.PI * 2);
      ctx.fillStyle = '#4f8a38';
      ctx.fill();
      ctx.beginPath();
      ctx.arc(f.x, f.y, Math.max(0.08, f.trunkRadius ?? r * 0.12), 0, Math.PI * 2);
      ctx.fillStyle = '#5a3d22';
      ctx.fill();
      return;
    }
  }
}

/**
 * Slope hachures on both banks of a creek or gully: ticks from the top of the bank down towards
 * the bed, alternating long and short, as printed maps draw a slope.
 */
function slopeHachures(
  ctx: Ctx2D,
  pts: readonly Point[],
  half: number,
  bank: number,
  colour: string,
): void {
  if (bank <= 0) return;
  ctx.beginPath();
  let k = 0;
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    if (len === 0) continue;
    const ux = (b[0] - a[0]) / len;
    const uy = (b[1] - a[1]) / len;
    for (let t = 0.15; t < len; t += 0.25, k++) {
      const x = a[0] + ux * t;
      const y = a[1] + uy * t;
      const tick = bank * (k % 2 === 0 ? 0.85 : 0.5);
      for (const side of [1, -1]) {
        const nx = -uy * side;
        const ny = ux * side;
        const top = half + bank;
        ctx.moveTo(x + nx * top, y + ny * top);
        ctx.lineTo(x + nx * (top - tick), y + ny * (top - tick));
      }
    }
  }
  ctx.lineWidth = 0.035;
  ctx.strokeStyle = colour;
  ctx.lineCap = 'butt';
  ctx.stroke();
}

function postPositions(pts: readonly Point[], spacing: number): Point[] {
  const out: Point[] = [];
  for (let i = 0; i + 1 < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[i + 1]!;
    const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
    const n = Math.max(1, Math.round(len / spacing));
    for (let k = 0; k < n; k++)
      out.push([a[0] + ((b[0] - a[0]) * k) / n, a[1] + ((b[1] - a[1]) * k) / n]);
  }
  out.push(pts[pts.length - 1]!);
  return out;
}

/** Canopy blobs scattered on a jittered grid inside an area, clipped to it. */
function texture(
  ctx: Ctx2D,
  f: Feature & { points: Point[] },
  spacing: number,
  radius: number,
  colour: string,
): void {
  const b = featureBounds(f);
  const cells = ((b.maxX - b.minX) / spacing) * ((b.maxY - b.minY) / spacing);
  if (cells > 4000) return;
  let seed = hash(f.id);
  const rnd = () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
  ctx.save();
  path(ctx, f.points, true);
  ctx.clip();
  ctx.fillStyle = colour;
  ctx.beginPath();
  for (let y = b.minY; y <= b.maxY + spacing; y += spacing) {
    for (let x = b.minX; x <= b.maxX + spacing; x += spacing) {
      const cx = x + (rnd() - 0.5) * spacing * 0.8;
      const cy = y + (rnd() - 0.5) * spacing * 0.8;
      const r = radius * (0.7 + rnd() * 0.5);
      ctx.moveTo(cx + r, cy);
      ctx.arc(cx, cy, r, 0, Math.PI * 2);
    }
  }
  ctx.fill();
  ctx.restore();
}

function paintObstacle(ctx: Ctx2D, f: Extract<Feature, { kind: 'obstacle' }>): void {
  const colours: Record<typeof f.obstacleKind, [string, string]> = {
    rubble: ['#a49d8e', '#5e594f'],
    crater: ['#6e5b42', '#3d3022'],
    wire: ['rgba(0,0,0,0)', '#4a4a48'],
    tankObstacle: ['#b0aca2', '#3a3a36'],
    fallenTree: ['#7b5a35', '#3f2c18'],
    largeObject: ['#8d8a80', '#3d3b36'],
    other: ['#9d9688', '#4c4840'],
  };
  const [fill, stroke] = colours[f.obstacleKind];
  fillPolygon(ctx, f.points, fill, stroke, 0.06);
  const b = featureBounds(f);
  ctx.save();
  path(ctx, f.points, true);
  ctx.clip();
  ctx.strokeStyle = stroke;
  ctx.fillStyle = stroke;
  ctx.lineWidth = 0.04;
  ctx.beginPath();
  if (f.obstacleKind === 'wire') {
    for (let x = b.minX - (b.maxY - b.minY); x < b.maxX; x += 0.3) {
      ctx.moveTo(x, b.minY);
      ctx.lineTo(x + (b.maxY - b.minY), b.maxY);
      ctx.moveTo(x + (b.maxY - b.minY), b.minY);
      ctx.lineTo(x, b.maxY);
    }
    ctx.stroke();
  } else if (f.obstacleKind === 'tankObstacle') {
    for (let y = b.minY + 0.3; y < b.maxY; y += 0.6) {
      for (let x = b.minX + 0.3; x < b.maxX; x += 0.6) {
        ctx.moveTo(x - 0.15, y - 0.15);
        ctx.lineTo(x + 0.15, y + 0.15);
        ctx.moveTo(x + 0.15, y - 0.15);
        ctx.lineTo(x - 0.15, y + 0.15);
      }
    }
    ctx.lineWidth = 0.07;
    ctx.stroke();
  } else if (f.obstacleKind === 'rubble' || f.obstacleKind === 'crater') {
    let seed = hash(f.id);
    for (let k = 0; k < Math.min(400, ((b.maxX - b.minX) * (b.maxY - b.minY)) / 0.08); k++) {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const x = b.minX + (seed / 4294967296) * (b.maxX - b.minX);
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      const y = b.minY + (seed / 4294967296) * (b.maxY - b.minY);
      ctx.moveTo(x + 0.06, y);
      ctx.arc(x, y, 0.06, 0, Math.PI * 2);
    }
    ctx.fill();
  }
  ctx.restore();
}

function paintBuilding(ctx: Ctx2D, f: Extract<Feature, { kind: 'building' }>): void {
  const c = rectCorners(f);
  const roof = f.roof?.type ?? 'pitched';
  const shadow = c.map(([x, y]): Point => [x + 0.12, y + 0.15]);
  fillPolygon(ctx, shadow, 'rgba(20, 20, 10, 0.35)');
  if (f.buildingKind === 'closed') {
    const colour = roof === 'flat' ? '#8e8a82' : '#a5573b';
    fillPolygon(ctx, c, colour, '#3a2820', 0.08);
    if (roof === 'pitched') {
      // Ridge along the chosen axis, with the two roof planes shaded apart.
      const alongWidth = (f.roof?.ridge ?? (f.width >= f.depth ? 'width' : 'depth')) === 'width';
      const mid = (p: Point, q: Point): Point => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
      const [a, b, cc, d] = c as [Point, Point, Point, Point];
      const r1 = alongWidth ? mid(a, d) : mid(a, b);
      const r2 = alongWidth ? mid(b, cc) : mid(d, cc);
      fillPolygon(ctx, alongWidth ? [a, b, r2, r1] : [a, r1, r2, d], '#b8694a');
      ctx.beginPath();
      ctx.moveTo(...r1);
      ctx.lineTo(...r2);
      ctx.lineWidth = 0.07;
      ctx.strokeStyle = '#5b3324';
      ctx.stroke();
      path(ctx, c, true);
      ctx.lineWidth = 0.08;
      ctx.strokeStyle = '#3a2820';
      ctx.stroke();
    }
  } else {
    const under = f.buildingKind === 'underConstruction';
    fillPolygon(ctx, c, under ? '#ddd2bd' : '#cfc2a6');
    // An open building shows its floor and thick walls; one under construction, dashed walls.
    if (under) ctx.setLineDash([0.35, 0.2]);
    path(ctx, c, true);
    ctx.lineWidth = 0.18;
    ctx.strokeStyle = '#6a5a48';
    ctx.lineJoin = 'miter';
    ctx.stroke();
    ctx.setLineDash([]);
    if (under) {
      ctx.beginPath();
      ctx.moveTo(...c[0]!);
      ctx.lineTo(...c[2]!);
      ctx.lineWidth = 0.04;
      ctx.strokeStyle = '#8b7a62';
      ctx.stroke();
    }
    ctx.save();
    ctx.translate(f.x, f.y);
    ctx.rotate(((f.rotation ?? 0) * Math.PI) / 180);
    ctx.fillStyle = '#cfc2a6';
    for (const o of f.openings ?? []) {
      const horiz = o.wall === 'north' || o.wall === 'south';
      const x = horiz ? -f.width / 2 + o.offset : o.wall === 'west' ? -f.width / 2 : f.width / 2;
      const y = horiz ? (o.wall === 'north' ? -f.depth / 2 : f.depth / 2) : -f.depth / 2 + o.offset;
      ctx.fillStyle = o.type === 'door' ? '#cfc2a6' : '#9fc3d8';
      if (horiz) ctx.fillRect(x, y - 0.1, o.width, 0.2);
      else ctx.fillRect(x - 0.1, y, 0.2, o.width);
    }
    ctx.restore();
  }
  if (f.floors > 1) {
    // Storeys as a small tag in the footprint's corner.
    const inset = { ...f, width: Math.max(0, f.width - 0.7), depth: Math.max(0, f.depth - 0.7) };
    const size = Math.min(0.34, Math.min(f.width, f.depth) * 0.3);
    label(ctx, String(f.floors), rectCorners(inset)[0]!, size, '#fff', 'rgba(40,30,20,0.65)');
  }
  if (f.damaged) {
    ctx.beginPath();
    ctx.arc(c[1]![0] - 0.4, c[1]![1] + 0.4, 0.25, 0, Math.PI * 2);
    ctx.fillStyle = '#2b2420';
    ctx.fill();
  }
}

// ---- hex maps ----------------------------------------------------------------------------------

export const HEX_TERRAIN_COLOURS: Record<string, string> = {
  clear: '#c5cf94',
  open: '#c5cf94',
  grass: '#b9cc88',
  woods: '#5b8a44',
  forest: '#46723a',
  orchard: '#8fb25f',
  urban: '#b5aa98',
  village: '#b5aa98',
  town: '#a99d8a',
  rubble: '#9b9385',
  marsh: '#8fb2a3',
  swamp: '#7fa394',
  water: '#79a7cf',
  river: '#6f9fcb',
  rough: '#b8a777',
  road: '#d7c69c',
  trench: '#8c7558',
  crater: '#8d7a5c',
  shellholes: '#9c8a67',
  noMansLand: '#a49576',
  fields: '#d2cf8e',
};

function terrainColour(scene: Extract<Scene, { kind: 'hex' }>, terrain: string): string {
  return (
    scene.terrainColours?.[terrain] ??
    HEX_TERRAIN_COLOURS[terrain] ??
    `hsl(${hash(terrain) % 360}, 30%, 62%)`
  );
}

function paintHexMap(ctx: Ctx2D, scene: Extract<Scene, { kind: 'hex' }>, opts: PaintOptions): void {
  const layout = hexGrid(scene.map);
  if (!opts.noBackground) {
    ctx.fillStyle = '#e9e4d4';
    ctx.fillRect(0, 0, layout.width, layout.height);
  }
  const { box } = opts;
  const visible = (col: number, row: number) => {
    if (!box) return true;
    const [x, y] = hexCentre(layout, col, row);
    const s = layout.size;
    return x + s >= box.minX && x - s <= box.maxX && y + s >= box.minY && y - s <= box.maxY;
  };
  const hexes: Hex[] = [];
  for (let col = 0; col < layout.columns; col++) {
    for (let row = 0; row < layout.rows; row++)
      if (visible(col, row)) hexes.push(scene.hex(col, row));
  }
  for (const h of hexes) paintHex(ctx, scene, layout, h);
  paintLevelEdges(ctx, scene, layout, hexes);
  ctx.lineWidth = 0.02;
  ctx.strokeStyle = 'rgba(40, 40, 30, 0.55)';
  for (const h of hexes) {
    path(ctx, hexCorners(layout, h.col, h.row), true);
    ctx.stroke();
  }
  const fontSize = layout.size * 0.26;
  for (const h of hexes) {
    const [x, y] = hexCentre(layout, h.col, h.row);
    ctx.font = `${fontSize}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.fillStyle = 'rgba(30, 30, 25, 0.75)';
    ctx.fillText(hexLabel(h.col, h.row), x, y - layout.size * 0.8);
    if (h.label) {
      ctx.font = `600 ${fontSize * 1.2}px system-ui, sans-serif`;
      ctx.textBaseline = 'middle';
      ctx.fillStyle = '#1d1d1b';
      ctx.fillText(h.label, x, y + layout.size * 0.5);
    }
    if (h.level) {
      ctx.font = `600 ${fontSize}px system-ui, sans-serif`;
      ctx.textBaseline = 'bottom';
      ctx.fillStyle = '#5b3a17';
      ctx.fillText(`L${h.level}`, x + layout.size * 0.5, y + layout.size * 0.8);
    }
  }
  for (const c of scene.contours) {
    ctx.lineWidth = 0.06;
    ctx.strokeStyle = '#8a5522';
    ctx.lineCap = 'round';
    ctx.beginPath();
    for (const s of c.hexsides) {
      const [a, b] = hexsideSegment(layout, s.col, s.row, s.side);
      ctx.moveTo(...a);
      ctx.lineTo(...b);
    }
    ctx.stroke();
  }
  for (const s of scene.hexsides) {
    const [a, b] = hexsideSegment(layout, s.col, s.row, s.side);
    if (s.ridge) {
      ctx.beginPath();
      ctx.moveTo(...a);
      ctx.lineTo(...b);
      ctx.lineWidth = 0.14;
      ctx.strokeStyle = '#6b4320';
      ctx.lineCap = 'round';
      ctx.stroke();
    }
    if (s.wall || s.stream) {
      ctx.beginPath();
      ctx.moveTo(...a);
      ctx.lineTo(...b);
      ctx.lineWidth = 0.08;
      ctx.strokeStyle = s.stream ? '#3f7fbf' : '#555';
      ctx.stroke();
    }
  }
}

function paintHex(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'hex' }>,
  layout: HexGrid,
  h: Hex,
): void {
  const corners = hexCorners(layout, h.col, h.row);
  fillPolygon(ctx, corners, terrainColour(scene, h.terrain ?? scene.map.defaultTerrain));
  if (h.level) {
    // Higher ground is washed browner, lower ground greyer.
    path(ctx, corners, true);
    ctx.fillStyle =
      h.level > 0
        ? `rgba(150, 95, 30, ${Math.min(0.5, 0.13 * h.level)})`
        : `rgba(40, 60, 80, ${Math.min(0.5, -0.13 * h.level)})`;
    ctx.fill();
  }
  const [x, y] = hexCentre(layout, h.col, h.row);
  const s = layout.size;
  if (h.woods) {
    ctx.fillStyle = '#3d6a2e';
    ctx.beginPath();
    for (const [dx, dy] of [
      [-0.3, 0],
      [0.3, 0],
      [0, -0.3],
      [0, 0.3],
    ] as const) {
      ctx.moveTo(x + dx * s + s * 0.17, y + dy * s);
      ctx.arc(x + dx * s, y + dy * s, s * 0.17, 0, Math.PI * 2);
    }
    ctx.fill();
  }
  if (h.urban || h.building) {
    ctx.fillStyle = '#6d5a4a';
    ctx.fillRect(x - s * 0.35, y - s * 0.2, s * 0.28, s * 0.24);
    ctx.fillRect(x + s * 0.05, y - s * 0.05, s * 0.3, s * 0.26);
    if (h.urban) ctx.fillRect(x - s * 0.2, y + s * 0.15, s * 0.22, s * 0.2);
  }
  if (h.rubble) {
    ctx.fillStyle = '#4d4740';
    ctx.beginPath();
    for (let k = 0; k < 9; k++) {
      const a = k * 2.4;
      const r = s * 0.15 * (1 + (k % 3));
      ctx.moveTo(x + Math.cos(a) * r + s * 0.05, y + Math.sin(a) * r);
      ctx.arc(x + Math.cos(a) * r, y + Math.sin(a) * r, s * 0.05, 0, Math.PI * 2);
    }
    ctx.fill();
  }
  if (h.marsh) {
    ctx.strokeStyle = '#2f6f8f';
    ctx.lineWidth = s * 0.05;
    ctx.beginPath();
    for (const dy of [-0.25, 0.05, 0.35]) {
      ctx.moveTo(x - s * 0.3, y + dy * s);
      ctx.lineTo(x + s * 0.3, y + dy * s);
    }
    ctx.stroke();
  }
  if (h.wire) {
    ctx.strokeStyle = '#333';
    ctx.lineWidth = s * 0.035;
    ctx.beginPath();
    for (let k = -2; k <= 2; k++) {
      const cx = x + k * s * 0.18;
      ctx.moveTo(cx - s * 0.08, y + s * 0.3);
      ctx.lineTo(cx + s * 0.08, y + s * 0.46);
      ctx.moveTo(cx + s * 0.08, y + s * 0.3);
      ctx.lineTo(cx - s * 0.08, y + s * 0.46);
    }
    ctx.moveTo(x - s * 0.45, y + s * 0.38);
    ctx.lineTo(x + s * 0.45, y + s * 0.38);
    ctx.stroke();
  }
}

/** Thin contour lines wherever neighbouring hexes differ in level, derived from the levels. */
function paintLevelEdges(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'hex' }>,
  layout: HexGrid,
  hexes: readonly Hex[],
): void {
  ctx.beginPath();
  for (const h of hexes) {
    const level = h.level ?? 0;
    for (let side = 0; side < 3; side++) {
      const n = offsetNeighbour(layout, h.col, h.row, side);
      if (n.col < 0 || n.row < 0 || n.col >= layout.columns || n.row >= layout.rows) continue;
      if ((scene.hex(n.col, n.row).level ?? 0) === level) continue;
      const [a, b] = hexsideSegment(layout, h.col, h.row, side);
      ctx.moveTo(...a);
      ctx.lineTo(...b);
    }
  }
  ctx.lineWidth = 0.035;
  ctx.strokeStyle = '#9a6a35';
  ctx.stroke();
}
