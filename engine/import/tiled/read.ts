import { DEFAULT_XML_LIMITS, ImportError, type XmlParser } from '../xml';
import {
  Reader,
  type TiledInput,
  type TiledMap,
  baseName,
  isJsonName,
  parseJson,
  textOf,
} from './tiledModel';
import { readJsonMap } from './readJson';
import { readTmx } from './readTmx';

export { MAX_TILED_BYTES, MAX_TILED_HEXES } from './tiledModel';
export type { TiledInput, TiledMap, TiledObject, TiledTile, TiledValue } from './tiledModel';
export { pixelToHex } from './tiledGrid';

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
