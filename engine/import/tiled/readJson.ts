/**
 * Tiled's JSON map format (TMJ), read into the shared layers and objects.
 */
import { ImportError, whereXml, type XmlParser } from '../xml';
import {
  FLIP_BITS,
  MAX_TILED_HEXES,
  Reader,
  type TiledInput,
  type TiledMap,
  type TilesetDef,
  baseName,
  isJsonName,
  parseJson,
  textOf,
} from './tiledModel';
import { type Obj, isObj, jsonProperties, jsonTileset, tmxTileset } from './tilesets';
import {
  type Grid,
  type RawLayer,
  type RawObject,
  assemble,
  checkHexagonal,
  decodeData,
} from './tiledGrid';

export function readJsonMap(
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
