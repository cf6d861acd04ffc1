/**
 * The painter of a hex map: terrain colours and textures, levels and their edges, hexsides,
 * hex numbers that stay readable at any zoom.
 */
import type { Hex, Point } from '../../../engine/format/types';
import {
  hexCentre,
  hexCorners,
  hexLabel,
  hexGrid,
  hexsideSegment,
  offsetNeighbour,
  type HexGrid,
} from '../../../engine/hex';
import { PALETTES, type MapStyle, type Palette, type TextureId } from './mapStyle';
import type { Ctx2D } from './ctx2d';
import { type PaintOptions, type Scene } from './scene';
import { fillPolygon, hash, path } from './paintPrimitives';
import { boundsOf, fillTexture, isRealCanvas } from './paintTextures';

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

export function paintHexMap(
  ctx: Ctx2D,
  scene: Extract<Scene, { kind: 'hex' }>,
  opts: PaintOptions,
): void {
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
