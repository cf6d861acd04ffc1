/**
 * Tiled's XML map format (TMX), read into the shared layers and objects.
 */
import { child, children, ImportError, whereXml, type XmlElement, type XmlParser } from '../xml';
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
import {
  type Grid,
  type RawLayer,
  type RawObject,
  assemble,
  checkHexagonal,
  decodeData,
} from './tiledGrid';
import { jsonTileset, tmxProperties, tmxTileset } from './tilesets';

export function readTmx(
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
