/**
 * Tilesets in either of Tiled's formats (TSX in XML, TSJ in JSON), with their custom properties:
 * a map of one format may name a tileset of the other.
 */
import { child, children, type XmlElement } from '../xml';
import { Reader, type TiledValue, type TilesetDef, baseName } from './tiledModel';
import { propValue, tileLabel } from './tiledGrid';

// ---- TMX ---------------------------------------------------------------------------------------

export function tmxProperties(el: XmlElement): Record<string, TiledValue> {
  const out: Record<string, TiledValue> = {};
  const props = child(el, 'properties');
  for (const p of props ? children(props, 'property') : []) {
    const name = p.attrs['name'];
    if (name) out[name] = propValue(p.attrs['type'], p.attrs['value'] ?? p.text);
  }
  return out;
}

export function tmxTileset(el: XmlElement, firstgid: number): TilesetDef {
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

// ---- JSON --------------------------------------------------------------------------------------

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function jsonProperties(v: unknown): Record<string, TiledValue> {
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

export function jsonTileset(r: Reader, ts: unknown, firstgid: number, at: string): TilesetDef {
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
