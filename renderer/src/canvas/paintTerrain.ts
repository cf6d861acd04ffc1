import type { Feature, GameMap, Hex, HexMap, Hexside, Point } from '../../../engine/format/types';
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
import { PALETTES, TILE, paintTile, type MapStyle, type Palette, type TextureId } from './mapStyle';
import type { Ctx2D } from './ctx2d';

export type { MapStyle } from './mapStyle';
export type { Ctx2D } from './ctx2d';

/** Everything the painter draws, read from the document (plus live overrides). */
export type Scene =
  | {
      kind: 'table';
      width: number;
      height: number;
      baseColour?: string;
      features: readonly Feature[];
      /** The map style; the printed mat when absent. */
      style?: MapStyle;
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
      style?: MapStyle;
    };

/** A scenario's map as a printed-style scene: how the lab's heatmaps and sight maps draw it. */
export function printedScene(map: GameMap): Scene {
  if (map.kind === 'table')
    return {
      kind: 'table',
      width: map.width,
      height: map.height,
      ...(map.baseColour ? { baseColour: map.baseColour } : {}),
      features: map.features,
      style: 'printed',
    };
  const hexes = new Map(map.hexes.map((h) => [`${h.col},${h.row}`, h]));
  return {
    kind: 'hex',
    map,
    hex: (col, row) => hexes.get(`${col},${row}`) ?? { col, row },
    hexsides: map.hexsides ?? [],
    contours: map.contours ?? [],
    style: 'printed',
  };
}

export interface PaintOptions {
  /** Only what meets this box (table inches) is drawn. */
  box?: Box;
  /** Feature ids not to draw (they are being edited on the interactive layer). */
  hide?: ReadonlySet<string>;
  /** Skip the table background (for drawing single features on the interactive layer). */
  noBackground?: boolean;
  /**
   * Smallest size of map text in device pixels (the screen asks for readable hex numbers at any
   * zoom; a print keeps its true size).
   */
  minTextPx?: number;
}

export const DEFAULT_TABLE_COLOUR = '#7d9a5b';

/**
 * The region being painted (a cache tile, a PDF sheet): textures are drawn only inside it, so a
 * sheet of a tiled print does not trace the marks of a whole field it shows a corner of.
 */
let paintBox: Box | undefined;

export function paintScene(ctx: Ctx2D, scene: Scene, opts: PaintOptions = {}): void {
  paintBox = opts.box;
  try {
    if (scene.kind === 'table') paintTable(ctx, scene, opts);
    else paintHexMap(ctx, scene, opts);
  } finally {
    paintBox = undefined;
  }
}

function paintTable(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'table' }>,
  opts: PaintOptions,
): void {
  const style = scene.style ?? 'printed';
  const P = PALETTES[style];
  if (!opts.noBackground) {
    ctx.fillStyle = style === 'plain' ? P.table : (scene.baseColour ?? DEFAULT_TABLE_COLOUR);
    ctx.fillRect(0, 0, scene.width, scene.height);
    const b = opts.box ?? { minX: 0, minY: 0, maxX: scene.width, maxY: scene.height };
    const area = {
      minX: Math.max(0, b.minX),
      minY: Math.max(0, b.minY),
      maxX: Math.min(scene.width, b.maxX),
      maxY: Math.min(scene.height, b.maxY),
    };
    if (area.maxX > area.minX && area.maxY > area.minY) {
      rectPath(ctx, area.minX, area.minY, area.maxX, area.maxY);
      fillTexture(ctx, 'grass', style, area);
    }
  }
  const visible = scene.features.filter(
    (f) =>
      !f.hidden && !opts.hide?.has(f.id) && (!opts.box || boxesOverlap(opts.box, featureBounds(f))),
  );
  paintFeatures(ctx, visible, style);
}

// ---- textures ----------------------------------------------------------------------------------

type RealCanvas = CanvasRenderingContext2D;
const isRealCanvas = (ctx: Ctx2D): ctx is RealCanvas =>
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
function fillTexture(ctx: Ctx2D, id: TextureId, style: MapStyle, bounds: Box): void {
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
  if (paintBox) {
    bounds = {
      minX: Math.max(bounds.minX, paintBox.minX),
      minY: Math.max(bounds.minY, paintBox.minY),
      maxX: Math.min(bounds.maxX, paintBox.maxX),
      maxY: Math.min(bounds.maxY, paintBox.maxY),
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

function boundsOf(pts: readonly Point[]): Box {
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

function texturePolygon(ctx: Ctx2D, pts: readonly Point[], id: TextureId, style: MapStyle): void {
  path(ctx, pts, true);
  fillTexture(ctx, id, style, boundsOf(pts));
}

// ---- features ----------------------------------------------------------------------------------

/** Paints features in map order; roads get all casings first so crossings join cleanly. */
export function paintFeatures(
  ctx: Ctx2D,
  features: readonly Feature[],
  style: MapStyle = 'printed',
): void {
  const P = PALETTES[style];
  const ordered = paintOrder(features);
  const roads = new Map<string, Extract<Feature, { kind: 'road' }>>();
  for (const f of features) if (f.kind === 'road') roads.set(f.id, f);
  let i = 0;
  while (i < ordered.length) {
    const f = ordered[i]!;
    if (f.kind === 'road') {
      let j = i;
      while (j < ordered.length && ordered[j]!.kind === 'road') j++;
      const band = ordered.slice(i, j) as Extract<Feature, { kind: 'road' }>[];
      for (const r of band) strokePath(ctx, r.points, r.width + 0.2, P.roadCasing, 'round');
      for (const r of band)
        strokePath(ctx, r.points, r.width, r.role === 'highway' ? P.highway : P.road, 'round');
      for (const r of band) paintRoadMarks(ctx, r, P, style);
      i = j;
      continue;
    }
    paintFeature(ctx, f, P, style, roads);
    i++;
  }
}

function path(ctx: Ctx2D, pts: readonly Point[], closed: boolean): void {
  ctx.beginPath();
  pts.forEach(([x, y], k) => (k === 0 ? ctx.moveTo(x, y) : ctx.lineTo(x, y)));
  if (closed) ctx.closePath();
}

function rectPath(ctx: Ctx2D, x0: number, y0: number, x1: number, y1: number): void {
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

/** The polyline moved sideways by d (left of its direction for d > 0), joints averaged. */
function offsetLine(pts: readonly Point[], d: number): Point[] {
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
function hash(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return h >>> 0;
}

function groundColour(P: Palette, level: number, colour: string | undefined, style: MapStyle) {
  if (colour && style === 'printed') return colour;
  return P.groundLevels[Math.max(0, Math.min(P.groundLevels.length - 1, level + 1))]!;
}

function label(
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

function paintRoadMarks(
  ctx: Ctx2D,
  r: Extract<Feature, { kind: 'road' }>,
  P: Palette,
  style: MapStyle,
): void {
  if (r.role === 'highway') {
    ctx.setLineDash([0.5, 0.5]);
    strokePath(ctx, r.points, style === 'plain' ? 0.04 : 0.06, P.roadMark, 'round', 'butt');
    ctx.setLineDash([]);
  } else if (style === 'printed') {
    // Wheel ruts on a dirt road.
    ctx.setLineDash([0.6, 0.25]);
    for (const side of [-1, 1]) {
      strokePath(
        ctx,
        offsetLine(r.points, (side * r.width) / 4),
        0.05,
        'rgba(120, 96, 60, 0.45)',
        'round',
        'butt',
      );
    }
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
      style === 'plain' ? '#000' : '#fff',
      style === 'plain' ? '#fff' : P.roadCasing,
      style === 'plain' ? '#000' : undefined,
    );
  }
}

function paintFeature(
  ctx: Ctx2D,
  f: Feature,
  P: Palette,
  style: MapStyle,
  roads: ReadonlyMap<string, Extract<Feature, { kind: 'road' }>>,
): void {
  const plain = style === 'plain';
  switch (f.kind) {
    case 'ground': {
      fillPolygon(ctx, f.points, groundColour(P, f.level, f.colour, style));
      if (!plain) texturePolygon(ctx, f.points, 'grass', style);
      // Slope shading: a soft dark band just inside the edge, then a crisp contour line.
      ctx.save();
      path(ctx, f.points, true);
      ctx.clip();
      ctx.globalAlpha = plain ? 0.5 : 0.18;
      ctx.lineWidth = plain ? 0.25 : 0.8;
      ctx.strokeStyle = plain ? '#bbbbbb' : '#3d3420';
      ctx.lineJoin = 'round';
      ctx.stroke();
      ctx.restore();
      path(ctx, f.points, true);
      ctx.lineWidth = plain ? 0.03 : 0.05;
      ctx.strokeStyle = P.contour;
      ctx.stroke();
      return;
    }
    case 'creek': {
      const bank = f.bankWidth ?? 0.5;
      strokePath(ctx, f.points, f.width + bank * 2, P.bank, 'round');
      slopeHachures(ctx, f.points, f.width / 2, bank, P.bankShade, plain);
      if (!plain) strokePath(ctx, f.points, f.width + bank * 0.3, '#6f6446', 'round');
      strokePath(ctx, f.points, f.width, P.water, 'round');
      if (plain) {
        for (const side of [-1, 1])
          strokePath(ctx, offsetLine(f.points, (side * f.width) / 2), 0.03, '#000', 'round');
      } else {
        ctx.globalAlpha = 0.45;
        strokePath(ctx, f.points, f.width * 0.35, '#86b4de', 'round');
        ctx.globalAlpha = 1;
      }
      // Ripples: short broken lines along the flow.
      ctx.setLineDash([0.18, 0.42]);
      for (const d of [-0.28, 0, 0.28]) {
        strokePath(
          ctx,
          offsetLine(f.points, d * f.width),
          plain ? 0.015 : 0.03,
          plain ? '#444' : P.waterLight,
          'round',
          'round',
        );
      }
      ctx.setLineDash([]);
      return;
    }
    case 'gully': {
      const bank = f.bankWidth ?? 0.5;
      strokePath(ctx, f.points, f.width + bank * 2, plain ? '#fff' : '#9d8a5d', 'round');
      slopeHachures(ctx, f.points, f.width / 2, bank, P.bankShade, plain);
      strokePath(ctx, f.points, f.width, P.gully, 'round');
      ctx.setLineDash([0.3, 0.3]);
      strokePath(ctx, f.points, 0.05, plain ? '#000' : '#54472d', 'round', 'butt');
      ctx.setLineDash([]);
      return;
    }
    case 'road':
      strokePath(ctx, f.points, f.width + 0.2, P.roadCasing, 'round');
      strokePath(ctx, f.points, f.width, f.role === 'highway' ? P.highway : P.road, 'round');
      paintRoadMarks(ctx, f, P, style);
      return;
    case 'bridge':
    case 'catwalk':
      paintBridge(ctx, f, P, style, roads);
      return;
    case 'bushes': {
      fillPolygon(ctx, f.points, P.bushes);
      texturePolygon(ctx, f.points, 'bushes', style);
      ctx.setLineDash([0.15, 0.12]);
      path(ctx, f.points, true);
      ctx.lineWidth = plain ? 0.04 : 0.12;
      ctx.strokeStyle = plain ? '#000' : '#55803a';
      ctx.lineCap = 'round';
      ctx.stroke();
      ctx.setLineDash([]);
      return;
    }
    case 'woods':
    case 'forest': {
      const dark = f.kind === 'forest';
      fillPolygon(ctx, f.points, dark ? P.forest : P.woods);
      texturePolygon(ctx, f.points, dark ? 'forest' : 'woods', style);
      path(ctx, f.points, true);
      ctx.lineWidth = plain ? (dark ? 0.06 : 0.04) : 0.08;
      ctx.strokeStyle = dark && !plain ? '#1f3a18' : P.woodsEdge;
      ctx.lineJoin = 'round';
      ctx.stroke();
      return;
    }
    case 'obstacle':
      paintObstacle(ctx, f, P, style);
      return;
    case 'bunker': {
      fillPolygon(ctx, f.points, plain ? '#fff' : '#9a9a90', plain ? '#000' : '#3d3d38', 0.15);
      const cx = f.points.reduce((s, p) => s + p[0], 0) / f.points.length;
      const cy = f.points.reduce((s, p) => s + p[1], 0) / f.points.length;
      ctx.fillStyle = plain ? '#000' : '#2b2b27';
      ctx.fillRect(cx - 0.4, cy - 0.06, 0.8, 0.12);
      return;
    }
    case 'wall': {
      const t = Math.max(0.15, f.thickness ?? 0.25);
      strokePath(ctx, f.points, t + 0.06, plain ? '#000' : '#45433f', 'miter', 'butt');
      strokePath(
        ctx,
        f.points,
        t,
        plain ? '#fff' : f.thicknessClass === 'thick' || t >= 0.4 ? '#a29d92' : P.wall,
        'miter',
        'butt',
      );
      // Stone courses.
      ctx.setLineDash([0.02, 0.22]);
      strokePath(ctx, f.points, t, plain ? '#000' : '#6d685e', 'miter', 'butt');
      ctx.setLineDash([]);
      return;
    }
    case 'fence': {
      strokePath(ctx, f.points, Math.max(0.05, f.thickness ?? 0.08), P.fence, 'miter', 'butt');
      ctx.fillStyle = plain ? '#000' : '#4d3722';
      for (const [x, y] of postPositions(f.points, 0.75))
        ctx.fillRect(x - 0.07, y - 0.07, 0.14, 0.14);
      return;
    }
    case 'hedge': {
      const t = Math.max(0.3, f.thickness ?? 0.5);
      strokePath(ctx, f.points, t + 0.08, P.hedgeDark, 'round');
      strokePath(ctx, f.points, t, P.hedge, 'round');
      ctx.setLineDash([0.1, 0.25]);
      strokePath(ctx, f.points, t * 0.4, plain ? '#000' : '#5b8a3e', 'round');
      ctx.setLineDash([]);
      return;
    }
    case 'building':
      paintBuilding(ctx, f, P, style);
      return;
    case 'wreck': {
      const c = rectCorners(f);
      fillPolygon(ctx, c, plain ? '#fff' : '#3f3e38', plain ? '#000' : '#1b1b19', 0.06);
      ctx.beginPath();
      ctx.moveTo(...c[0]!);
      ctx.lineTo(...c[2]!);
      ctx.moveTo(...c[1]!);
      ctx.lineTo(...c[3]!);
      ctx.lineWidth = 0.06;
      ctx.strokeStyle = plain ? '#000' : '#a04a2a';
      ctx.stroke();
      return;
    }
    case 'tree':
      paintTree(ctx, f, P, style);
      return;
  }
}

/**
 * A tree from above: its shadow, a lobed crown shaded from the top left, and the trunk at its
 * foot (visible through the crown as a map symbol).
 */
function paintTree(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'tree' }>,
  P: Palette,
  style: MapStyle,
): void {
  const r = f.canopyRadius;
  const lobes = 7;
  const turn = (hash(f.id) % 360) * (Math.PI / 180);
  const crown = (cx: number, cy: number, scale: number) => {
    ctx.beginPath();
    ctx.moveTo(cx + r * 0.62 * scale, cy);
    ctx.arc(cx, cy, r * 0.62 * scale, 0, Math.PI * 2);
    for (let k = 0; k < lobes; k++) {
      const a = turn + (k / lobes) * Math.PI * 2;
      const lx = cx + Math.cos(a) * r * 0.55 * scale;
      const ly = cy + Math.sin(a) * r * 0.55 * scale;
      ctx.moveTo(lx + r * 0.42 * scale, ly);
      ctx.arc(lx, ly, r * 0.42 * scale, 0, Math.PI * 2);
    }
  };
  if (style === 'plain') {
    ctx.beginPath();
    ctx.arc(f.x, f.y, r, 0, Math.PI * 2);
    ctx.fillStyle = '#fff';
    ctx.fill();
    ctx.lineWidth = Math.min(0.05, r * 0.05);
    ctx.strokeStyle = '#000';
    ctx.stroke();
  } else {
    crown(f.x + r * 0.12, f.y + r * 0.15, 1);
    ctx.fillStyle = P.shadow;
    ctx.fill();
    crown(f.x, f.y, 1);
    ctx.fillStyle = P.canopyDark;
    ctx.fill();
    crown(f.x - r * 0.03, f.y - r * 0.03, 0.9);
    ctx.fillStyle = P.canopy;
    ctx.fill();
    crown(f.x - r * 0.22, f.y - r * 0.24, 0.5);
    ctx.fillStyle = P.canopyLight;
    ctx.fill();
  }
  const trunk = Math.max(0.07, f.trunkRadius ?? r * 0.12);
  ctx.beginPath();
  ctx.arc(f.x, f.y, trunk, 0, Math.PI * 2);
  ctx.fillStyle = P.trunk;
  ctx.fill();
  ctx.lineWidth = trunk * 0.35;
  ctx.strokeStyle = style === 'plain' ? '#000' : '#3a2614';
  ctx.stroke();
}

/**
 * A bridge reads as part of the road it carries: the road's own surface, as wide as that road,
 * runs across the deck between parapets, with wing walls at both ends. A catwalk, or a bridge
 * that carries no road, shows its planks.
 */
function paintBridge(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'bridge' | 'catwalk' }>,
  P: Palette,
  style: MapStyle,
  roads: ReadonlyMap<string, Extract<Feature, { kind: 'road' }>>,
): void {
  const plain = style === 'plain';
  const isBridge = f.kind === 'bridge';
  if (!plain)
    fillPolygon(
      ctx,
      f.points.map(([x, y]): Point => [x + 0.1, y + 0.14]),
      P.shadow,
    );
  if (f.points.length !== 4) {
    fillPolygon(ctx, f.points, P.deck, P.deckEdge, isBridge ? 0.12 : 0.06);
    return;
  }
  const [a, b, c, d] = f.points as [Point, Point, Point, Point];
  const len = Math.hypot(b[0] - a[0], b[1] - a[1]);
  const deckW = Math.hypot(d[0] - a[0], d[1] - a[1]);
  const carried = f.carries ? roads.get(f.carries) : undefined;
  const road = isBridge && f.carries ? (carried?.width ?? Math.max(0.5, deckW - 0.5)) : 0;
  const lerp = (p: Point, q: Point, t: number): Point => [
    p[0] + (q[0] - p[0]) * t,
    p[1] + (q[1] - p[1]) * t,
  ];
  if (road > 0) {
    const surface = Math.min(road, deckW - 0.12);
    const m = (deckW - surface) / 2 / deckW;
    fillPolygon(ctx, f.points, plain ? '#fff' : '#8a8478', P.deckEdge, 0.06);
    const inner = [lerp(a, d, m), lerp(b, c, m), lerp(c, b, m), lerp(d, a, m)];
    fillPolygon(ctx, inner, plain ? '#fff' : carried?.role === 'highway' ? P.highway : P.road);
    if (carried?.role === 'highway') {
      ctx.setLineDash([0.5, 0.5]);
      strokePath(ctx, [lerp(a, d, 0.5), lerp(b, c, 0.5)], 0.06, P.roadMark, 'round', 'butt');
      ctx.setLineDash([]);
    }
    // Parapets along both sides, wing walls out at the ends.
    ctx.beginPath();
    ctx.moveTo(...lerp(a, d, m / 2));
    ctx.lineTo(...lerp(b, c, m / 2));
    ctx.moveTo(...lerp(d, a, m / 2));
    ctx.lineTo(...lerp(c, b, m / 2));
    const ux = ((b[0] - a[0]) / len) * 0.35;
    const uy = ((b[1] - a[1]) / len) * 0.35;
    const vx = ((d[0] - a[0]) / deckW) * 0.25;
    const vy = ((d[1] - a[1]) / deckW) * 0.25;
    for (const [p, s, t] of [
      [a, -1, -1],
      [b, 1, -1],
      [c, 1, 1],
      [d, -1, 1],
    ] as const) {
      ctx.moveTo(...p);
      ctx.lineTo(p[0] + s * ux + t * vx, p[1] + s * uy + t * vy);
    }
    ctx.lineWidth = Math.max(0.06, m * deckW * 0.6);
    ctx.strokeStyle = P.rail;
    ctx.lineCap = 'round';
    ctx.stroke();
  } else {
    fillPolygon(
      ctx,
      f.points,
      isBridge ? P.deck : plain ? '#fff' : '#a8875a',
      P.deckEdge,
      isBridge ? 0.12 : 0.06,
    );
    // Planks across the deck, perpendicular to its length.
    const n = Math.max(2, Math.floor(len / 0.35));
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = plain ? '#000' : '#5a4129';
    ctx.beginPath();
    for (let k = 1; k < n; k++) {
      const t = k / n;
      ctx.moveTo(...lerp(a, b, t));
      ctx.lineTo(...lerp(d, c, t));
    }
    ctx.stroke();
  }
  if (f.number) {
    const cx = (a[0] + c[0]) / 2;
    const cy = (a[1] + c[1]) / 2;
    label(
      ctx,
      f.number,
      [cx, cy],
      0.5,
      plain ? '#000' : '#fff',
      plain ? '#fff' : P.deckEdge,
      plain ? '#000' : undefined,
    );
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
  plain: boolean,
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
  ctx.lineWidth = plain ? 0.02 : 0.035;
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

function paintObstacle(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'obstacle' }>,
  P: Palette,
  style: MapStyle,
): void {
  const plain = style === 'plain';
  const colours: Record<typeof f.obstacleKind, [string, string]> = {
    rubble: [P.rubble, P.rubbleInk],
    crater: ['#6e5b42', '#3d3022'],
    wire: ['rgba(0,0,0,0)', '#4a4a48'],
    tankObstacle: ['#b0aca2', '#3a3a36'],
    fallenTree: ['#7b5a35', '#3f2c18'],
    largeObject: ['#8d8a80', '#3d3b36'],
    other: ['#9d9688', '#4c4840'],
  };
  const [fill, stroke] = plain
    ? [f.obstacleKind === 'wire' ? 'rgba(0,0,0,0)' : '#fff', '#000']
    : colours[f.obstacleKind];
  fillPolygon(ctx, f.points, fill, stroke, 0.06);
  const b = featureBounds(f);
  if (f.obstacleKind === 'rubble') {
    texturePolygon(ctx, f.points, 'rubble', style);
    return;
  }
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
  } else if (f.obstacleKind === 'crater') {
    // Rings of thrown-up earth.
    const cx = (b.minX + b.maxX) / 2;
    const cy = (b.minY + b.maxY) / 2;
    const r = Math.min(b.maxX - b.minX, b.maxY - b.minY) / 2;
    for (const k of [0.35, 0.6, 0.85]) {
      ctx.moveTo(cx + r * k, cy);
      ctx.arc(cx, cy, r * k, 0, Math.PI * 2);
    }
    ctx.lineWidth = 0.05;
    ctx.strokeStyle = plain ? '#000' : '#a08a68';
    ctx.stroke();
  }
  ctx.restore();
}

function paintBuilding(
  ctx: Ctx2D,
  f: Extract<Feature, { kind: 'building' }>,
  P: Palette,
  style: MapStyle,
): void {
  const plain = style === 'plain';
  const c = rectCorners(f);
  const roof = f.roof?.type ?? 'pitched';
  if (!plain)
    fillPolygon(
      ctx,
      c.map(([x, y]): Point => [x + 0.12, y + 0.15]),
      P.shadow,
    );
  const [a, b, cc, d] = c as [Point, Point, Point, Point];
  const mid = (p: Point, q: Point): Point => [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  if (f.buildingKind === 'closed') {
    if (roof === 'pitched') {
      // Two roof planes shaded apart, rows of tiles parallel to the ridge, the ridge on top.
      const alongWidth = (f.roof?.ridge ?? (f.width >= f.depth ? 'width' : 'depth')) === 'width';
      const r1 = alongWidth ? mid(a, d) : mid(a, b);
      const r2 = alongWidth ? mid(b, cc) : mid(d, cc);
      const planes: [Point[], string][] = alongWidth
        ? [
            [[a, b, r2, r1], P.roof],
            [[r1, r2, cc, d], P.roofShade],
          ]
        : [
            [[a, r1, r2, d], P.roof],
            [[r1, b, cc, r2], P.roofShade],
          ];
      for (const [pts, colour] of planes) fillPolygon(ctx, pts, colour);
      tileRows(ctx, c, alongWidth, f, plain);
      ctx.beginPath();
      ctx.moveTo(...r1);
      ctx.lineTo(...r2);
      ctx.lineWidth = 0.09;
      ctx.strokeStyle = P.roofLine;
      ctx.lineCap = 'butt';
      ctx.stroke();
      if (!plain) {
        ctx.lineWidth = 0.03;
        ctx.strokeStyle = 'rgba(255, 210, 180, 0.45)';
        ctx.stroke();
      }
    } else {
      // Flat roof: a parapet just inside the walls and a little gravel.
      fillPolygon(ctx, c, P.flatRoof);
      const inset = { ...f, width: Math.max(0, f.width - 0.2), depth: Math.max(0, f.depth - 0.2) };
      path(ctx, rectCorners(inset), true);
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = plain ? '#000' : '#65625b';
      ctx.stroke();
      if (!plain) {
        ctx.beginPath();
        let seed = hash(f.id);
        const n = Math.min(60, Math.round(f.width * f.depth * 6));
        for (let k = 0; k < n; k++) {
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          const u = seed / 4294967296 - 0.5;
          seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
          const v = seed / 4294967296 - 0.5;
          const [px, py] = rectPoint(f, u * (f.width - 0.3), v * (f.depth - 0.3));
          ctx.moveTo(px + 0.025, py);
          ctx.arc(px, py, 0.025, 0, Math.PI * 2);
        }
        ctx.fillStyle = '#77736b';
        ctx.fill();
      }
    }
    path(ctx, c, true);
    ctx.lineWidth = 0.08;
    ctx.strokeStyle = P.wallInk;
    ctx.lineJoin = 'miter';
    ctx.stroke();
  } else {
    const under = f.buildingKind === 'underConstruction';
    fillPolygon(ctx, c, plain ? '#fff' : under ? '#ddd2bd' : P.floor);
    // An open building shows its floor and thick walls; one under construction, dashed walls
    // and the open frame of its roof.
    if (under) ctx.setLineDash([0.35, 0.2]);
    path(ctx, c, true);
    ctx.lineWidth = 0.18;
    ctx.strokeStyle = plain ? '#000' : '#6a5a48';
    ctx.lineJoin = 'miter';
    ctx.stroke();
    ctx.setLineDash([]);
    if (under) {
      ctx.beginPath();
      ctx.moveTo(...c[0]!);
      ctx.lineTo(...c[2]!);
      ctx.moveTo(...c[1]!);
      ctx.lineTo(...c[3]!);
      const n = Math.max(2, Math.floor(f.width / 0.5));
      for (let k = 1; k < n; k++) {
        const t = k / n;
        ctx.moveTo(a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t);
        ctx.lineTo(d[0] + (cc[0] - d[0]) * t, d[1] + (cc[1] - d[1]) * t);
      }
      ctx.lineWidth = 0.03;
      ctx.strokeStyle = plain ? '#000' : '#8b7a62';
      ctx.stroke();
    }
    ctx.save();
    ctx.translate(f.x, f.y);
    ctx.rotate(((f.rotation ?? 0) * Math.PI) / 180);
    for (const o of f.openings ?? []) {
      const horiz = o.wall === 'north' || o.wall === 'south';
      const x = horiz ? -f.width / 2 + o.offset : o.wall === 'west' ? -f.width / 2 : f.width / 2;
      const y = horiz ? (o.wall === 'north' ? -f.depth / 2 : f.depth / 2) : -f.depth / 2 + o.offset;
      ctx.fillStyle = o.type === 'door' ? (plain ? '#fff' : P.floor) : plain ? '#ddd' : '#9fc3d8';
      if (horiz) ctx.fillRect(x, y - 0.1, o.width, 0.2);
      else ctx.fillRect(x - 0.1, y, 0.2, o.width);
    }
    ctx.restore();
  }
  if (f.damaged) paintDamage(ctx, f, plain);
  if (f.floors > 1) {
    // Storeys as a badge in the footprint's corner.
    const inset = { ...f, width: Math.max(0, f.width - 0.7), depth: Math.max(0, f.depth - 0.7) };
    const size = Math.max(0.24, Math.min(0.34, Math.min(f.width, f.depth) * 0.3));
    label(
      ctx,
      String(f.floors),
      rectCorners(inset)[0]!,
      size,
      plain ? '#000' : '#fff',
      plain ? '#fff' : 'rgba(40,30,20,0.8)',
      plain ? '#000' : '#f4efe1',
    );
  }
}

/** A point of a building's footprint, given in its own (rotated) axes from its centre. */
function rectPoint(f: { x: number; y: number; rotation?: number }, u: number, v: number): Point {
  const t = ((f.rotation ?? 0) * Math.PI) / 180;
  return [f.x + u * Math.cos(t) - v * Math.sin(t), f.y + u * Math.sin(t) + v * Math.cos(t)];
}

/** Rows of roof tiles parallel to the ridge, with the joints of each row staggered. */
function tileRows(
  ctx: Ctx2D,
  c: readonly Point[],
  alongWidth: boolean,
  f: { x: number; y: number; width: number; depth: number; rotation?: number },
  plain: boolean,
): void {
  const len = alongWidth ? f.width : f.depth;
  const across = alongWidth ? f.depth : f.width;
  const rows = Math.max(2, Math.round(across / 0.16));
  if (rows * (len / 0.2) > 4000) return;
  const at = (s: number, t: number): Point =>
    alongWidth ? rectPoint(f, s, t) : rectPoint(f, t, s);
  ctx.beginPath();
  for (let k = 1; k < rows; k++) {
    const t = -across / 2 + (k * across) / rows;
    if (Math.abs(t) < 1e-6) continue;
    ctx.moveTo(...at(-len / 2, t));
    ctx.lineTo(...at(len / 2, t));
  }
  const joints = Math.max(2, Math.round(len / 0.2));
  for (let k = 0; k < rows; k++) {
    const t0 = -across / 2 + (k * across) / rows;
    const t1 = t0 + across / rows;
    for (let j = 1; j < joints; j++) {
      const s = -len / 2 + ((j + (k % 2) * 0.5) * len) / joints;
      if (s >= len / 2) continue;
      ctx.moveTo(...at(s, t0));
      ctx.lineTo(...at(s, t1));
    }
  }
  ctx.lineWidth = 0.012;
  ctx.strokeStyle = plain ? '#777' : 'rgba(70, 30, 18, 0.5)';
  ctx.lineCap = 'butt';
  ctx.stroke();
  void c;
}

/** Damage: a jagged hole in the roof with fallen masonry around it. */
function paintDamage(
  ctx: Ctx2D,
  f: { id: string; x: number; y: number; width: number; depth: number; rotation?: number },
  plain: boolean,
): void {
  const [cx, cy] = rectPoint(f, f.width * 0.22, -f.depth * 0.12);
  const r = Math.max(0.2, Math.min(0.45, Math.min(f.width, f.depth) * 0.22));
  ctx.beginPath();
  for (let k = 0; k < 10; k++) {
    const a = (k / 10) * Math.PI * 2;
    const rr = r * (k % 2 ? 0.55 : 1);
    const p: Point = [cx + Math.cos(a) * rr, cy + Math.sin(a) * rr];
    if (k === 0) ctx.moveTo(...p);
    else ctx.lineTo(...p);
  }
  ctx.closePath();
  ctx.fillStyle = plain ? '#000' : '#2b2420';
  ctx.fill();
  ctx.beginPath();
  let seed = hash(f.id);
  for (let k = 0; k < 8; k++) {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    const a = (seed / 4294967296) * Math.PI * 2;
    const px = cx + Math.cos(a) * r * 1.4;
    const py = cy + Math.sin(a) * r * 1.4;
    ctx.moveTo(px + 0.04, py);
    ctx.arc(px, py, 0.04, 0, Math.PI * 2);
  }
  ctx.fillStyle = plain ? '#000' : '#6b625a';
  ctx.fill();
}

// ---- hex maps ----------------------------------------------------------------------------------

export const HEX_TERRAIN_COLOURS: Record<string, string> = {
  clear: '#c5cf94',
  open: '#c5cf94',
  grass: '#b9cc88',
  woods: '#5b8a44',
  forest: '#46723a',
  orchard: '#8fb25f',
  urban: '#c9c1b2',
  village: '#c9c1b2',
  town: '#bdb3a2',
  rubble: '#d6cfc0',
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

/** The texture each hex terrain is printed with. */
const HEX_TERRAIN_TEXTURE: Record<string, TextureId> = {
  clear: 'grass',
  open: 'grass',
  grass: 'grass',
  woods: 'woods',
  forest: 'forest',
  orchard: 'bushes',
  urban: 'urban',
  village: 'urban',
  town: 'urban',
  rubble: 'rubble',
  marsh: 'marsh',
  swamp: 'marsh',
  water: 'water',
  river: 'water',
  rough: 'rough',
  crater: 'rough',
  shellholes: 'rough',
  noMansLand: 'rough',
  fields: 'field',
};

function terrainColour(scene: Extract<Scene, { kind: 'hex' }>, terrain: string): string {
  if (scene.style === 'plain')
    return HEX_TERRAIN_TEXTURE[terrain] === 'water' ? '#eef3f8' : '#ffffff';
  return (
    scene.terrainColours?.[terrain] ??
    HEX_TERRAIN_COLOURS[terrain] ??
    `hsl(${hash(terrain) % 360}, 30%, 62%)`
  );
}

/** Text size in inches: its true size, but never below `minPx` device pixels on a screen. */
function textSize(ctx: Ctx2D, inches: number, minPx: number | undefined): number {
  if (!minPx || !isRealCanvas(ctx)) return inches;
  const m = ctx.getTransform();
  const scale = Math.hypot(m.a, m.b) || 1;
  return Math.max(inches, minPx / scale);
}

/** Text with a pale halo behind it, so it reads on any fill. */
function haloText(
  ctx: Ctx2D,
  text: string,
  x: number,
  y: number,
  size: number,
  weight: number,
  P: Palette,
  colour = P.label,
): void {
  ctx.font = `${weight} ${size}px system-ui, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  const w = size * 0.62 * text.length + size * 0.3;
  ctx.fillStyle = P.labelHalo;
  ctx.fillRect(x - w / 2, y - size * 0.62, w, size * 1.24);
  ctx.fillStyle = colour;
  ctx.fillText(text, x, y);
}

function paintHexMap(ctx: Ctx2D, scene: Extract<Scene, { kind: 'hex' }>, opts: PaintOptions): void {
  const style = scene.style ?? 'printed';
  const P = PALETTES[style];
  const layout = hexGrid(scene.map);
  if (!opts.noBackground) {
    ctx.fillStyle = P.hexPaper;
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
  for (const h of hexes) paintHex(ctx, scene, layout, h, style, P);
  paintLevelEdges(ctx, scene, layout, hexes, P);
  ctx.lineWidth = style === 'plain' ? 0.015 : 0.02;
  ctx.strokeStyle = P.hexGrid;
  for (const h of hexes) {
    path(ctx, hexCorners(layout, h.col, h.row), true);
    ctx.stroke();
  }
  for (const c of scene.contours) {
    ctx.lineWidth = 0.06;
    ctx.strokeStyle = style === 'plain' ? '#000' : '#8a5522';
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
      ctx.strokeStyle = style === 'plain' ? '#000' : '#6b4320';
      ctx.lineCap = 'round';
      ctx.stroke();
    }
    if (s.wall || s.stream) {
      ctx.beginPath();
      ctx.moveTo(...a);
      ctx.lineTo(...b);
      ctx.lineWidth = 0.08;
      ctx.strokeStyle = style === 'plain' ? '#000' : s.stream ? '#3f7fbf' : '#555';
      ctx.stroke();
    }
  }
  // Numbers and labels last, over everything, on a halo so they read at any zoom.
  const number = textSize(ctx, layout.size * 0.24, opts.minTextPx);
  for (const h of hexes) {
    const [x, y] = hexCentre(layout, h.col, h.row);
    haloText(
      ctx,
      hexLabel(h.col, h.row),
      x,
      y - layout.size * 0.58,
      Math.min(number, layout.size * 0.42),
      600,
      P,
    );
    if (h.label)
      haloText(
        ctx,
        h.label,
        x,
        y + layout.size * 0.42,
        Math.min(number * 1.15, layout.size * 0.46),
        700,
        P,
      );
    if (h.level)
      haloText(
        ctx,
        `L${h.level}`,
        x + layout.size * 0.5,
        y + (h.label ? 0 : layout.size * 0.5),
        layout.size * 0.3,
        700,
        P,
        style === 'plain' ? '#000' : '#5b3a17',
      );
  }
}

function paintHex(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'hex' }>,
  layout: HexGrid,
  h: Hex,
  style: MapStyle,
  P: Palette,
): void {
  const corners = hexCorners(layout, h.col, h.row);
  const terrain = h.terrain ?? scene.map.defaultTerrain;
  fillPolygon(ctx, corners, terrainColour(scene, terrain));
  const box = boundsOf(corners);
  const texture = HEX_TERRAIN_TEXTURE[terrain];
  if (texture && !(style === 'plain' && texture === 'grass')) {
    path(ctx, corners, true);
    fillTexture(ctx, texture, style, box);
  }
  if (h.level) {
    // Higher ground is washed browner, lower ground greyer.
    path(ctx, corners, true);
    ctx.fillStyle =
      style === 'plain'
        ? `rgba(0, 0, 0, ${Math.min(0.25, 0.06 * Math.abs(h.level))})`
        : h.level > 0
          ? `rgba(150, 95, 30, ${Math.min(0.5, 0.13 * h.level)})`
          : `rgba(40, 60, 80, ${Math.min(0.5, -0.13 * h.level)})`;
    ctx.fill();
  }
  const [x, y] = hexCentre(layout, h.col, h.row);
  const s = layout.size;
  // Flags as textures in an inner hex, so the terrain stays visible round its edge.
  const inner = corners.map(([cx, cy]): Point => [x + (cx - x) * 0.78, y + (cy - y) * 0.78]);
  const flag = (id: TextureId, fill?: string) => {
    if (fill) fillPolygon(ctx, inner, fill);
    path(ctx, inner, true);
    fillTexture(ctx, id, style, boundsOf(inner));
  };
  if (h.rubble) flag('rubble', style === 'plain' ? '#fff' : 'rgba(214, 207, 192, 0.92)');
  else if (h.urban) flag('urban', style === 'plain' ? '#fff' : 'rgba(201, 193, 178, 0.92)');
  if (h.woods) flag('woods');
  if (h.marsh) flag('marsh');
  if (h.building && !h.urban && !h.rubble) {
    const house: Point[] = [
      [x - s * 0.3, y - s * 0.2],
      [x + s * 0.3, y - s * 0.2],
      [x + s * 0.3, y + s * 0.2],
      [x - s * 0.3, y + s * 0.2],
    ];
    fillPolygon(ctx, house, P.roof, P.wallInk, 0.03);
    ctx.beginPath();
    ctx.moveTo(x - s * 0.3, y);
    ctx.lineTo(x + s * 0.3, y);
    ctx.lineWidth = 0.03;
    ctx.strokeStyle = P.roofLine;
    ctx.stroke();
  }
  if (h.wire) {
    ctx.strokeStyle = style === 'plain' ? '#000' : '#333';
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

/**
 * One hex's fill, level wash and flags drawn to fill a w x h swatch (for the legend), centred,
 * without its number.
 */
export function paintHexSwatch(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'hex' }>,
  hex: Hex,
  w: number,
  h: number,
  style: MapStyle,
): void {
  const layout = hexGrid({ ...scene.map, columns: 1, rows: 1 });
  const [cx, cy] = hexCentre(layout, 0, 0);
  const k = Math.min(w / (layout.size * 1.7), h / (layout.size * 1.7));
  ctx.save();
  ctx.translate(w / 2, h / 2);
  ctx.fillStyle = PALETTES[style].hexPaper;
  ctx.fillRect(-w / 2, -h / 2, w, h);
  ctx.translate(-cx * k, -cy * k);
  const scaled = {
    ...layout,
    size: layout.size * k,
    origin: [layout.origin[0] * k, layout.origin[1] * k] as Point,
  };
  paintHex(ctx, { ...scene, style }, scaled, { ...hex, col: 0, row: 0 }, style, PALETTES[style]);
  path(ctx, hexCorners(scaled, 0, 0), true);
  ctx.lineWidth = 0.015;
  ctx.strokeStyle = PALETTES[style].hexGrid;
  ctx.stroke();
  ctx.restore();
}

/** Thin contour lines wherever neighbouring hexes differ in level, derived from the levels. */
function paintLevelEdges(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'hex' }>,
  layout: HexGrid,
  hexes: readonly Hex[],
  P: Palette,
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
  ctx.strokeStyle = P === PALETTES.plain ? '#000' : '#9a6a35';
  ctx.stroke();
}
