import { gunzipSync, strFromU8, unzlibSync } from 'fflate';
import { decompress as unzstd } from 'fzstd';
import { fromTiledStagger, type OffsetLayout } from '../../hex/offset';
import {
  child,
  children,
  DEFAULT_XML_LIMITS,
  ImportError,
  whereXml,
  type ImportProblem,
  type XmlElement,
  type XmlParser,
} from '../xml';
import { decodeBase64 } from './base64';

/** A file given to the Tiled importer: the map and any external tilesets it names. */
export interface TiledInput {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A custom property value as Tiled stores it. */
export type TiledValue = string | number | boolean;

/** One tile of a tileset that the map uses. */
export interface TiledTile {
  readonly tileset: string;
  /** Local id within the tileset. */
  readonly tile: number;
  /** The tile's type/class, name property or image name: what the user recognises. */
  readonly label: string;
  readonly properties: Readonly<Record<string, TiledValue>>;
  /** How many hexes show it, over all tile layers. */
  count: number;
}

export interface TiledObject {
  readonly layer: string;
  readonly name: string;
  readonly type: string;
  /** The hex the object's centre falls in, in the imported map's numbering. */
  readonly col: number;
  readonly row: number;
  readonly properties: Readonly<Record<string, TiledValue>>;
  readonly where: string;
}

/** A Tiled hexagonal map, read and checked, ready to be mapped to terrain. */
export interface TiledMap {
  readonly file: string;
  readonly format: 'tmx' | 'json';
  readonly layout: OffsetLayout;
  readonly columns: number;
  readonly rows: number;
  /** For infinite maps: the Tiled (x, y) of the imported map's (0, 0). */
  readonly origin: { readonly x: number; readonly y: number };
  readonly infinite: boolean;
  /** Tile layers, bottom first; each cell is a tile key (see `tiles`) or -1 for no tile. */
  readonly layers: readonly { readonly name: string; readonly cells: Int32Array }[];
  /** The tiles the layers use, indexed by the numbers in `cells`. */
  readonly tiles: readonly TiledTile[];
  readonly objects: readonly TiledObject[];
  /** What the reader skipped (image layers, hidden flags…), with where. */
  readonly notes: readonly ImportProblem[];
}

/** Largest Tiled file accepted, and the largest map (hexes) built from one. */
export const MAX_TILED_BYTES = 48 * 1024 * 1024;
export const MAX_TILED_HEXES = 500 * 500;

const FLIP_BITS = 0xf0000000;

interface TilesetDef {
  readonly firstgid: number;
  readonly name: string;
  readonly tilecount: number;
  readonly tiles: Map<number, { label: string; properties: Record<string, TiledValue> }>;
}

type Where = string;

class Reader {
  readonly problems: ImportProblem[] = [];
  readonly notes: ImportProblem[] = [];
  constructor(readonly file: string) {}
  fail(where: Where, message: string): never {
    throw new ImportError([{ file: this.file, where, message }]);
  }
  note(where: Where, message: string) {
    this.notes.push({ file: this.file, where, message });
  }
}

const isJsonName = (n: string) => /\.(tmj|tsj|json)$/i.test(n);
const baseName = (p: string) => p.replace(/\\/g, '/').split('/').pop() ?? p;

function textOf(input: TiledInput): string {
  if (input.bytes.length > MAX_TILED_BYTES) {
    throw new ImportError([
      {
        file: input.name,
        where: '',
        message: `the file is ${(input.bytes.length / 1048576).toFixed(1)} MB, more than the ${MAX_TILED_BYTES / 1048576} MB an import reads`,
      },
    ]);
  }
  return strFromU8(input.bytes).replace(/^\uFEFF/, '');
}

function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message)?.[1];
    const line = pos === undefined ? undefined : text.slice(0, Number(pos)).split('\n').length;
    throw new ImportError([
      {
        file,
        where: line ? `line ${line}` : '',
        message: `the JSON is not valid: ${(e as Error).message}`,
      },
    ]);
  }
}

/**
 * Reads a Tiled hexagonal map (TMX or JSON) with its external tilesets (TSX or JSON), following
 * Tiled's published formats: layer data in XML tiles, CSV, or base64 (plain, zlib, gzip or zstd),
 * fixed-size or infinite (chunked) maps, tile layers and object layers at any depth of groups,
 * embedded and external tilesets. `inputs[0]` is the map unless another input is the only map.
 * Throws {@link ImportError} naming the element and line (XML) or JSON pointer of what is wrong.
 */
export function readTiledMap(inputs: readonly TiledInput[], parseXml: XmlParser): TiledMap {
  if (inputs.length === 0)
    throw new ImportError([{ file: '(no file)', where: '', message: 'no file given' }]);
  const mapInput =
    inputs.find((i) => /\.(tmx|tmj)$/i.test(i.name)) ??
    inputs.find((i) => /\.json$/i.test(i.name)) ??
    inputs[0]!;
  const r = new Reader(mapInput.name);
  const others = new Map(inputs.filter((i) => i !== mapInput).map((i) => [baseName(i.name), i]));
  const text = textOf(mapInput);
  if (isJsonName(mapInput.name) || /^\s*\{/.test(text)) {
    return readJsonMap(r, parseJson(text, mapInput.name), others, parseXml);
  }
  return readTmx(r, parseXml(text, mapInput.name, DEFAULT_XML_LIMITS), others, parseXml);
}

// ---- shared ------------------------------------------------------------------------------------

interface Grid {
  layout: OffsetLayout;
  width: number;
  height: number;
  infinite: boolean;
  tilewidth: number;
  tileheight: number;
  hexsidelength: number;
}

function checkHexagonal(
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
function decodeData(
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

interface RawLayer {
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

interface RawObject {
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
function assemble(
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

function tileLabel(
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

function propValue(type: string | undefined, value: string): TiledValue {
  if (type === 'int' || type === 'float') return Number(value);
  if (type === 'bool') return value === 'true';
  return value;
}

// ---- TMX ---------------------------------------------------------------------------------------

function tmxProperties(el: XmlElement): Record<string, TiledValue> {
  const out: Record<string, TiledValue> = {};
  const props = child(el, 'properties');
  for (const p of props ? children(props, 'property') : []) {
    const name = p.attrs['name'];
    if (name) out[name] = propValue(p.attrs['type'], p.attrs['value'] ?? p.text);
  }
  return out;
}

function tmxTileset(el: XmlElement, firstgid: number): TilesetDef {
  const tiles = new Map<number, { label: string; properties: Record<string, TiledValue> }>();
  const sheet = child(el, 'image')?.attrs['source'];
  for (const t of children(el, 'tile')) {
    const id = Number(t.attrs['id']);
    const properties = tmxProperties(t);
    const image = child(t, 'image')?.attrs['source'];
    tiles.set(id, {
      label: tileLabel(t.attrs['class'] ?? t.attrs['type'], properties, image),
      properties,
    });
  }
  const name = el.attrs['name'] ?? (sheet ? baseName(sheet) : 'tileset');
  return { firstgid, name, tilecount: Number(el.attrs['tilecount'] ?? 0), tiles };
}

function readTmx(
  r: Reader,
  root: XmlElement,
  others: Map<string, TiledInput>,
  parseXml: XmlParser,
): TiledMap {
  if (root.name !== 'map')
    r.fail(whereXml(root), `the root element is <${root.name}>; a Tiled map starts with <map>`);
  const where = whereXml(root);
  const layout = checkHexagonal(r, where, root.attrs);
  const int = (el: XmlElement, name: string, fallback?: number): number => {
    const v = el.attrs[name];
    if (v === undefined && fallback !== undefined) return fallback;
    if (v === undefined || !/^-?\d+$/.test(v))
      r.fail(
        whereXml(el),
        `attribute ${name} is ${v === undefined ? 'missing' : JSON.stringify(v)}; Tiled writes a whole number`,
      );
    return Number(v);
  };
  const grid: Grid = {
    layout,
    width: int(root, 'width'),
    height: int(root, 'height'),
    infinite: root.attrs['infinite'] === '1',
    tilewidth: int(root, 'tilewidth'),
    tileheight: int(root, 'tileheight'),
    hexsidelength: int(root, 'hexsidelength', 0),
  };
  const tilesets: TilesetDef[] = [];
  for (const ts of children(root, 'tileset')) {
    const firstgid = int(ts, 'firstgid');
    const source = ts.attrs['source'];
    if (source === undefined) {
      tilesets.push(tmxTileset(ts, firstgid));
      continue;
    }
    const ext = others.get(baseName(source));
    if (!ext)
      r.fail(
        whereXml(ts),
        `the map uses the external tileset "${source}"; choose that file too, together with the map`,
      );
    const text = textOf(ext);
    if (isJsonName(ext.name)) {
      tilesets.push(jsonTileset(new Reader(ext.name), parseJson(text, ext.name), firstgid, ''));
    } else {
      const tsx = parseXml(text, ext.name);
      if (tsx.name !== 'tileset')
        throw new ImportError([
          {
            file: ext.name,
            where: whereXml(tsx),
            message: `the root element is <${tsx.name}>; a Tiled tileset starts with <tileset>`,
          },
        ]);
      tilesets.push(tmxTileset(tsx, firstgid));
    }
  }
  const layers: RawLayer[] = [];
  const objects: RawObject[] = [];
  const walk = (el: XmlElement) => {
    for (const c of el.children) {
      if (c.name === 'group') walk(c);
      else if (c.name === 'layer') layers.push(tmxLayer(r, c, grid));
      else if (c.name === 'objectgroup') {
        for (const o of children(c, 'object')) {
          const num = (n: string) => Number(o.attrs[n] ?? 0);
          objects.push({
            layer: c.attrs['name'] ?? '',
            name: o.attrs['name'] ?? '',
            type: o.attrs['class'] ?? o.attrs['type'] ?? '',
            x: num('x'),
            y: num('y'),
            width: num('width'),
            height: num('height'),
            gid: (num('gid') & ~FLIP_BITS) >>> 0,
            point: child(o, 'point') !== undefined,
            properties: tmxProperties(o),
            where: whereXml(o),
          });
        }
      } else if (c.name === 'imagelayer')
        r.note(
          whereXml(c),
          'image layers are not imported (put the picture under the map as an underlay instead)',
        );
    }
  };
  walk(root);
  if (layers.length === 0)
    r.fail(where, 'the map has no tile layer; there is no terrain to import');
  return assemble(r, 'tmx', grid, tilesets, layers, objects, where);
}

function tmxLayer(r: Reader, el: XmlElement, grid: Grid): RawLayer {
  const where = whereXml(el);
  const data = child(el, 'data');
  if (!data) r.fail(where, 'the tile layer has no <data>');
  const enc = data.attrs['encoding'];
  const comp = data.attrs['compression'];
  const gidsOf = (holder: XmlElement, count: number): Uint32Array => {
    if (enc === undefined) {
      // Tiles as <tile gid="…"/> elements (Tiled's "XML" layer format).
      const tiles = children(holder, 'tile');
      if (tiles.length !== count)
        r.fail(
          whereXml(holder),
          `the data holds ${tiles.length} <tile> elements; the layer has ${count}`,
        );
      return Uint32Array.from(tiles, (t) => Number(t.attrs['gid'] ?? 0) >>> 0);
    }
    return decodeData(r, whereXml(holder), holder.text, enc, comp, count);
  };
  const chunks = children(data, 'chunk');
  if (chunks.length > 0 || grid.infinite) {
    return {
      name: el.attrs['name'] ?? '',
      where,
      blocks: chunks.map((c) => {
        const width = Number(c.attrs['width']);
        const height = Number(c.attrs['height']);
        if (!(width > 0 && height > 0 && width * height <= MAX_TILED_HEXES))
          r.fail(whereXml(c), `the chunk is ${c.attrs['width']} × ${c.attrs['height']} tiles`);
        return {
          x: Number(c.attrs['x'] ?? 0),
          y: Number(c.attrs['y'] ?? 0),
          width,
          height,
          gids: gidsOf(c, width * height),
          where: whereXml(c),
        };
      }),
    };
  }
  const count = grid.width * grid.height;
  if (count > MAX_TILED_HEXES)
    r.fail(
      where,
      `the map is ${grid.width} × ${grid.height} hexes; Sandtable hex maps are at most 500 × 500`,
    );
  return {
    name: el.attrs['name'] ?? '',
    where,
    blocks: [
      {
        x: 0,
        y: 0,
        width: grid.width,
        height: grid.height,
        gids: gidsOf(data, count),
        where: whereXml(data),
      },
    ],
  };
}

// ---- JSON --------------------------------------------------------------------------------------

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

function jsonProperties(v: unknown): Record<string, TiledValue> {
  const out: Record<string, TiledValue> = {};
  if (Array.isArray(v)) {
    for (const p of v) {
      if (!isObj(p) || typeof p['name'] !== 'string') continue;
      const value = p['value'];
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        out[p['name']] = value;
    }
  } else if (isObj(v)) {
    // Tiled before 1.2 wrote properties as an object.
    for (const [k, value] of Object.entries(v))
      if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
        out[k] = value;
  }
  return out;
}

function jsonTileset(r: Reader, ts: unknown, firstgid: number, at: string): TilesetDef {
  if (!isObj(ts)) r.fail(at || '/', 'a tileset is a JSON object');
  const tiles = new Map<number, { label: string; properties: Record<string, TiledValue> }>();
  const list = ts['tiles'];
  if (Array.isArray(list)) {
    list.forEach((t, i) => {
      if (!isObj(t) || typeof t['id'] !== 'number')
        r.fail(`${at}/tiles/${i}`, 'a tile needs a numeric "id"');
      const properties = jsonProperties(t['properties']);
      const type = (t['class'] ?? t['type']) as string | undefined;
      tiles.set(t['id'], {
        label: tileLabel(
          typeof type === 'string' ? type : undefined,
          properties,
          typeof t['image'] === 'string' ? t['image'] : undefined,
        ),
        properties,
      });
    });
  } else if (isObj(list)) {
    // Tiled before 1.2: "tileproperties"/"tiles" keyed by id.
    for (const [id, t] of Object.entries(list))
      tiles.set(Number(id), {
        label: '',
        properties: isObj(t) ? jsonProperties(t['properties']) : {},
      });
  }
  if (isObj(ts['tileproperties'])) {
    for (const [id, p] of Object.entries(ts['tileproperties'])) {
      const properties = jsonProperties(p);
      tiles.set(Number(id), { label: tileLabel(undefined, properties, undefined), properties });
    }
  }
  const image = typeof ts['image'] === 'string' ? ts['image'] : undefined;
  return {
    firstgid,
    name: typeof ts['name'] === 'string' ? ts['name'] : image ? baseName(image) : 'tileset',
    tilecount: typeof ts['tilecount'] === 'number' ? ts['tilecount'] : 0,
    tiles,
  };
}

function readJsonMap(
  r: Reader,
  m: unknown,
  others: Map<string, TiledInput>,
  parseXml: XmlParser,
): TiledMap {
  if (!isObj(m)) r.fail('/', 'a Tiled JSON map is an object');
  if (m['type'] !== undefined && m['type'] !== 'map')
    r.fail(
      '/type',
      `type is ${JSON.stringify(m['type'])}; a Tiled map file has "map" (is this a tileset?)`,
    );
  const layout = checkHexagonal(r, '/orientation', m);
  const int = (key: string, fallback?: number): number => {
    const v = m[key];
    if (v === undefined && fallback !== undefined) return fallback;
    if (typeof v !== 'number' || !Number.isInteger(v))
      r.fail(`/${key}`, `${key} is ${JSON.stringify(v)}; Tiled writes a whole number`);
    return v;
  };
  const grid: Grid = {
    layout,
    width: int('width'),
    height: int('height'),
    infinite: m['infinite'] === true,
    tilewidth: int('tilewidth'),
    tileheight: int('tileheight'),
    hexsidelength: int('hexsidelength', 0),
  };
  const tilesets: TilesetDef[] = [];
  const list = m['tilesets'];
  if (!Array.isArray(list)) r.fail('/tilesets', 'the map has no "tilesets" list');
  list.forEach((ts, i) => {
    const at = `/tilesets/${i}`;
    if (!isObj(ts) || typeof ts['firstgid'] !== 'number')
      r.fail(at, 'a tileset needs a numeric "firstgid"');
    const source = ts['source'];
    if (typeof source !== 'string') {
      tilesets.push(jsonTileset(r, ts, ts['firstgid'], at));
      return;
    }
    const ext = others.get(baseName(source));
    if (!ext)
      r.fail(
        `${at}/source`,
        `the map uses the external tileset "${source}"; choose that file too, together with the map`,
      );
    const text = textOf(ext);
    if (isJsonName(ext.name) || /^\s*\{/.test(text)) {
      tilesets.push(
        jsonTileset(new Reader(ext.name), parseJson(text, ext.name), ts['firstgid'], ''),
      );
    } else {
      const tsx = parseXml(text, ext.name);
      if (tsx.name !== 'tileset')
        throw new ImportError([
          {
            file: ext.name,
            where: whereXml(tsx),
            message: `the root element is <${tsx.name}>; a Tiled tileset starts with <tileset>`,
          },
        ]);
      tilesets.push(tmxTileset(tsx, ts['firstgid']));
    }
  });
  const layers: RawLayer[] = [];
  const objects: RawObject[] = [];
  const walk = (ls: unknown, at: string) => {
    if (!Array.isArray(ls)) r.fail(at, 'layers is a list');
    ls.forEach((l, i) => {
      const lat = `${at}/${i}`;
      if (!isObj(l)) r.fail(lat, 'a layer is an object');
      const name = typeof l['name'] === 'string' ? l['name'] : '';
      if (l['type'] === 'group') walk(l['layers'], `${lat}/layers`);
      else if (l['type'] === 'tilelayer') layers.push(jsonLayer(r, l, lat, grid));
      else if (l['type'] === 'objectgroup') {
        const objs = Array.isArray(l['objects']) ? l['objects'] : [];
        objs.forEach((o, j) => {
          if (!isObj(o)) return;
          const num = (k: string) => (typeof o[k] === 'number' ? (o[k] as number) : 0);
          objects.push({
            layer: name,
            name: typeof o['name'] === 'string' ? o['name'] : '',
            type:
              typeof o['class'] === 'string'
                ? o['class']
                : typeof o['type'] === 'string'
                  ? o['type']
                  : '',
            x: num('x'),
            y: num('y'),
            width: num('width'),
            height: num('height'),
            gid: (num('gid') & ~FLIP_BITS) >>> 0,
            point: o['point'] === true,
            properties: jsonProperties(o['properties']),
            where: `${lat}/objects/${j}`,
          });
        });
      } else if (l['type'] === 'imagelayer')
        r.note(
          lat,
          'image layers are not imported (put the picture under the map as an underlay instead)',
        );
    });
  };
  walk(m['layers'], '/layers');
  if (layers.length === 0)
    r.fail('/layers', 'the map has no tile layer; there is no terrain to import');
  return assemble(r, 'json', grid, tilesets, layers, objects, '/');
}

function jsonGids(
  r: Reader,
  at: string,
  data: unknown,
  encoding: unknown,
  compression: unknown,
  count: number,
): Uint32Array {
  if (Array.isArray(data)) {
    if (data.length !== count)
      r.fail(at, `the data holds ${data.length} tiles; the layer has ${count}`);
    return Uint32Array.from(data, (v, i) => {
      if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
        r.fail(`${at}/${i}`, `${JSON.stringify(v)} is not a tile id`);
      return v >>> 0;
    });
  }
  if (typeof data !== 'string') r.fail(at, 'layer data is a list of tile ids or a base64 string');
  return decodeData(
    r,
    at,
    data,
    encoding === undefined ? 'base64' : String(encoding),
    typeof compression === 'string' ? compression : undefined,
    count,
  );
}

function jsonLayer(r: Reader, l: Obj, at: string, grid: Grid): RawLayer {
  const name = typeof l['name'] === 'string' ? l['name'] : '';
  const chunks = l['chunks'];
  if (Array.isArray(chunks)) {
    return {
      name,
      where: at,
      blocks: chunks.map((c, i) => {
        const cat = `${at}/chunks/${i}`;
        if (!isObj(c)) r.fail(cat, 'a chunk is an object');
        const width = Number(c['width']);
        const height = Number(c['height']);
        if (!(width > 0 && height > 0 && width * height <= MAX_TILED_HEXES))
          r.fail(cat, `the chunk is ${String(c['width'])} × ${String(c['height'])} tiles`);
        return {
          x: Number(c['x'] ?? 0),
          y: Number(c['y'] ?? 0),
          width,
          height,
          gids: jsonGids(
            r,
            `${cat}/data`,
            c['data'],
            l['encoding'],
            l['compression'],
            width * height,
          ),
          where: cat,
        };
      }),
    };
  }
  const count = grid.width * grid.height;
  if (count > MAX_TILED_HEXES)
    r.fail(
      at,
      `the map is ${grid.width} × ${grid.height} hexes; Sandtable hex maps are at most 500 × 500`,
    );
  return {
    name,
    where: at,
    blocks: [
      {
        x: 0,
        y: 0,
        width: grid.width,
        height: grid.height,
        gids: jsonGids(r, `${at}/data`, l['data'], l['encoding'], l['compression'], count),
        where: `${at}/data`,
      },
    ],
  };
}
