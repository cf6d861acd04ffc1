/**
 * Tiled hex maps in and out: read a TMX/JSON map with its tilesets, propose a tile-to-terrain
 * mapping (remembered or guessed), build the Sandtable hex map, and write one back as TMX.
 */
export {
  readTiledMap,
  pixelToHex,
  MAX_TILED_BYTES,
  type TiledInput,
  type TiledMap,
  type TiledTile,
  type TiledObject,
  type TiledValue,
} from './read';
export { guessTile, proposeMapping, HEX_FLAGS, type TerrainChoice } from './mapping';
export {
  buildHexMap,
  scenarioFromHexMap,
  type TiledBuildOptions,
  type TiledBuildReport,
} from './build';
export { exportTmx, type TmxExport } from './export';
export { hexTerrainChoices, defaultHexTerrain, hexRulesets } from './terrains';
