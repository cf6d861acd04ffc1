/**
 * What TMX and JSON maps share once read: the hex grid (hexagonal maps only), layer data
 * decoded, layers and objects assembled into hexes, pixels to hexes, tile labels and properties.
 */
import { gunzipSync, unzlibSync } from 'fflate';
import { decompress as unzstd } from 'fzstd';
import { fromTiledStagger, type OffsetLayout } from '../../hex/offset';
import { ImportError } from '../xml';
import { decodeBase64 } from './base64';
import {
  FLIP_BITS,
  MAX_TILED_HEXES,
  Reader,
  type TiledMap,
  type TiledObject,
  type TiledTile,
  type TiledValue,
  type TilesetDef,
  type Where,
  baseName,
} from './tiledModel';

// ---- shared ------------------------------------------------------------------------------------

export interface Grid {
  layout: OffsetLayout;
  width: number;
  height: number;
  infinite: boolean;
  tilewidth: number;
  tileheight: number;
  hexsidelength: number;
}

export function checkHexagonal(
  r: Reader,
  where: Where,
  attrs: {
    orientation?: unknown;
    staggeraxis?: unknown;
    staggerindex?: unknown;
  },
): OffsetLayout {
  if (attrs.orientation !== 'hexagonal') {
    r.fail(
      where,
      attrs.orientation === 'orthogonal' ||
        attrs.orientation === 'isometric' ||
        attrs.orientation === 'staggered'
        ? `this is an ${String(attrs.orientation)} map; Sandtable imports Tiled's hexagonal maps only. In Tiled, make the map with Map > New Map… and Orientation "Hexagonal" (or trace an image of the map on a table with an underlay).`
        : `the map orientation is ${JSON.stringify(attrs.orientation)}; Sandtable imports Tiled's hexagonal maps ("hexagonal")`,
    );
  }
  const axis = attrs.staggeraxis ?? 'y';
  const index = attrs.staggerindex ?? 'odd';
  if (axis !== 'x' && axis !== 'y')
    r.fail(
      where,
      `staggeraxis is ${JSON.stringify(axis)}; Tiled writes "x" (flat tops) or "y" (pointy tops)`,
    );
  if (index !== 'odd' && index !== 'even')
    r.fail(where, `staggerindex is ${JSON.stringify(index)}; Tiled writes "odd" or "even"`);
  return fromTiledStagger({ staggeraxis: axis, staggerindex: index });
}

/** Decodes layer data to global tile ids (flip and rotation bits kept; masked later). */
export function decodeData(
  r: Reader,
  where: Where,
  data: string,
  encoding: string | undefined,
  compression: string | undefined,
  count: number,
): Uint32Array {
  if (encoding === 'csv') {
    const out = new Uint32Array(count);
    let i = 0;
    for (const part of data.split(',')) {
      const t = part.trim();
      if (t === '' && i === count) continue;
      if (!/^\d+$/.test(t))
        r.fail(where, `CSV value ${i + 1} is ${JSON.stringify(t.slice(0, 20))}, not a tile id`);
      if (i >= count) r.fail(where, `the CSV data holds more than the ${count} tiles of the layer`);
      out[i++] = Number(t);
    }
    if (i !== count) r.fail(where, `the CSV data holds ${i} tiles; the layer has ${count}`);
    return out;
  }
  if (encoding !== 'base64')
    r.fail(
      where,
      `layer data encoding ${JSON.stringify(encoding)} is not one Tiled writes (csv or base64)`,
    );
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(data);
  } catch (e) {
    r.fail(where, `the base64 layer data cannot be decoded: ${(e as Error).message}`);
  }
  const expected = count * 4;
  let raw: Uint8Array = bytes;
  try {
    // Decompressed into a buffer of exactly the layer's size, so a bomb cannot grow memory.
    if (compression === 'zlib') raw = unzlibSync(bytes, { out: new Uint8Array(expected) });
    else if (compression === 'gzip') raw = gunzipSync(bytes, { out: new Uint8Array(expected) });
    else if (compression === 'zstd') raw = unzstd(bytes, new Uint8Array(expected));
    else if (compression !== undefined && compression !== '')
      r.fail(
        where,
        `compression ${JSON.stringify(compression)} is not one Tiled writes (zlib, gzip, zstd)`,
      );
  } catch (e) {
    if (e instanceof ImportError) throw e;
    r.fail(where, `the ${compression} layer data cannot be decompressed: ${(e as Error).message}`);
  }
  if (raw.length !== expected)
    r.fail(
      where,
      `the layer data holds ${Math.floor(raw.length / 4)} tiles; the layer has ${count}`,
    );
  const out = new Uint32Array(count);
  for (let i = 0; i < count; i++) {
    const o = i * 4;
    out[i] = (raw[o]! | (raw[o + 1]! << 8) | (raw[o + 2]! << 16) | (raw[o + 3]! << 24)) >>> 0;
  }
  return out;
}

export interface RawLayer {
  name: string;
  where: Where;
  /** Fixed maps: one block at (0,0); infinite maps: the chunks. */
  blocks: {
    x: number;
    y: number;
    width: number;
    height: number;
    gids: Uint32Array;
    where: Where;
  }[];
}

export interface RawObject {
  layer: string;
  name: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  gid: number;
  point: boolean;
  properties: Record<string, TiledValue>;
  where: Where;
}

/** Puts layers, tilesets and objects together into the importable map. */
export function assemble(
  r: Reader,
  format: TiledMap['format'],
  grid: Grid,
  tilesets: TilesetDef[],
  rawLayers: RawLayer[],
  rawObjects: RawObject[],
  where: Where,
): TiledMap {
  // Bounds: the whole map, or for infinite maps the chunks that hold a tile.
  let minX = 0;
  let minY = 0;
  let maxX = grid.width;
  let maxY = grid.height;
  if (grid.infinite) {
    minX = minY = Infinity;
    maxX = maxY = -Infinity;
    for (const l of rawLayers) {
      for (const b of l.blocks) {
        for (let i = 0; i < b.gids.length; i++) {
          if (!(b.gids[i]! & ~FLIP_BITS)) continue;
          const x = b.x + (i % b.width);
          const y = b.y + Math.floor(i / b.width);
          minX = Math.min(minX, x);
          minY = Math.min(minY, y);
          maxX = Math.max(maxX, x + 1);
          maxY = Math.max(maxY, y + 1);
        }
      }
    }
    if (minX === Infinity)
      r.fail(where, 'the infinite map has no tile in any chunk; there is nothing to import');
  }
  const columns = maxX - minX;
  const rows = maxY - minY;
  if (columns * rows > MAX_TILED_HEXES || columns > 500 || rows > 500)
    r.fail(
      where,
      `the map is ${columns} × ${rows} hexes; Sandtable hex maps are at most 500 × 500`,
    );
  // Renumbering from (minX, minY) swaps which columns (rows) are shifted when the shift is odd.
  const shift = grid.layout.orientation === 'flat' ? minX : minY;
  const layout: OffsetLayout =
    shift % 2 === 0
      ? grid.layout
      : { ...grid.layout, offset: grid.layout.offset === 'odd' ? 'even' : 'odd' };

  const sorted = [...tilesets].sort((a, b) => b.firstgid - a.firstgid);
  const tiles: TiledTile[] = [];
  const keyOf = new Map<number, number>();
  const tileKey = (gid: number, at: Where): number => {
    const known = keyOf.get(gid);
    if (known !== undefined) return known;
    const ts = sorted.find((t) => t.firstgid <= gid);
    if (!ts) r.fail(at, `tile id ${gid} belongs to no tileset of the map`);
    const local = gid - ts.firstgid;
    if (ts.tilecount > 0 && local >= ts.tilecount)
      r.fail(
        at,
        `tile id ${gid} is past the end of tileset "${ts.name}" (${ts.tilecount} tiles from ${ts.firstgid})`,
      );
    const info = ts.tiles.get(local);
    const k = tiles.length;
    tiles.push({
      tileset: ts.name,
      tile: local,
      label: info?.label || `${ts.name} #${local}`,
      properties: info?.properties ?? {},
      count: 0,
    });
    keyOf.set(gid, k);
    return k;
  };
  const layers = rawLayers.map((l) => {
    const cells = new Int32Array(columns * rows).fill(-1);
    let flipped = 0;
    for (const b of l.blocks) {
      for (let i = 0; i < b.gids.length; i++) {
        const raw = b.gids[i]!;
        const gid = raw & ~FLIP_BITS;
        if (!gid) continue;
        if (raw & FLIP_BITS) flipped++;
        const x = b.x + (i % b.width) - minX;
        const y = b.y + Math.floor(i / b.width) - minY;
        if (x < 0 || y < 0 || x >= columns || y >= rows) continue;
        const k = tileKey(gid >>> 0, b.where);
        cells[y * columns + x] = k;
        tiles[k]!.count++;
      }
    }
    if (flipped)
      r.note(
        l.where,
        `${flipped} tile(s) are flipped or turned; a hex's terrain does not turn, so only the tile is kept`,
      );
    return { name: l.name, cells };
  });

  const objects: TiledObject[] = [];
  for (const o of rawObjects) {
    // Tile objects hang from their bottom-left corner; others from their top-left; points are points.
    const cx = o.point ? o.x : o.x + o.width / 2;
    const cy = o.point ? o.y : o.gid ? o.y - o.height / 2 : o.y + o.height / 2;
    const hex = pixelToHex(grid, cx, cy);
    const col = hex.col - minX;
    const row = hex.row - minY;
    if (col < 0 || row < 0 || col >= columns || row >= rows) {
      r.note(o.where, `object "${o.name}" lies outside the map's hexes and is not imported`);
      continue;
    }
    objects.push({
      layer: o.layer,
      name: o.name,
      type: o.type,
      col,
      row,
      properties: o.properties,
      where: o.where,
    });
  }
  return {
    file: r.file,
    format,
    layout,
    columns,
    rows,
    origin: { x: minX, y: minY },
    infinite: grid.infinite,
    layers,
    tiles,
    objects,
    notes: r.notes,
  };
}

/**
 * The Tiled (x, y) of the hex whose centre is nearest a pixel position, in Tiled's hexagonal
 * geometry (tile size plus the length of the hex's straight side along the stagger axis).
 */
export function pixelToHex(g: Grid, px: number, py: number): { col: number; row: number } {
  const staggered = (n: number) => ((n & 1) === 1) === (g.layout.offset === 'odd');
  const centre = (col: number, row: number): [number, number] => {
    if (g.layout.orientation === 'flat') {
      const colW = (g.tilewidth + g.hexsidelength) / 2;
      return [
        col * colW + g.tilewidth / 2,
        row * g.tileheight + g.tileheight / 2 + (staggered(col) ? g.tileheight / 2 : 0),
      ];
    }
    const rowH = (g.tileheight + g.hexsidelength) / 2;
    return [
      col * g.tilewidth + g.tilewidth / 2 + (staggered(row) ? g.tilewidth / 2 : 0),
      row * rowH + g.tileheight / 2,
    ];
  };
  const colStep =
    g.layout.orientation === 'flat' ? (g.tilewidth + g.hexsidelength) / 2 : g.tilewidth;
  const rowStep =
    g.layout.orientation === 'flat' ? g.tileheight : (g.tileheight + g.hexsidelength) / 2;
  const c0 = Math.floor(px / Math.max(1, colStep));
  const r0 = Math.floor(py / Math.max(1, rowStep));
  let best = { col: c0, row: r0 };
  let bestD = Infinity;
  for (let dc = -2; dc <= 2; dc++) {
    for (let dr = -2; dr <= 2; dr++) {
      const [x, y] = centre(c0 + dc, r0 + dr);
      const d = (x - px) ** 2 + (y - py) ** 2;
      if (d < bestD) {
        bestD = d;
        best = { col: c0 + dc, row: r0 + dr };
      }
    }
  }
  return best;
}

export function tileLabel(
  type: string | undefined,
  props: Record<string, TiledValue>,
  image: string | undefined,
): string {
  if (type) return type;
  const named = props['name'] ?? props['terrain'];
  if (typeof named === 'string' && named) return named;
  if (image) return baseName(image).replace(/\.[a-z0-9]+$/i, '');
  return '';
}

export function propValue(type: string | undefined, value: string): TiledValue {
  if (type === 'int' || type === 'float') return Number(value);
  if (type === 'bool') return value === 'true';
  return value;
}
