import type { Hex, HexFlag, HexMap, RulesetId, ScenarioDoc, TileMapping } from '../../format/types';
import { newScenario } from '../../document/newScenario';
import { ImportError, type ImportProblem } from '../xml';
import type { TerrainChoice } from './mapping';
import type { TiledMap } from './read';

export interface TiledBuildOptions {
  /** Terrain of hexes no tile gives one to. */
  readonly defaultTerrain: string;
  /** The ruleset's hex terrain types; a mapping that names another is refused. */
  readonly terrains: readonly TerrainChoice[];
  /** Printed size across flats, inches. */
  readonly hexInches?: number;
}

export interface TiledBuildReport {
  readonly columns: number;
  readonly rows: number;
  /** Hexes that differ from the default terrain (terrain, level or flags). */
  readonly hexes: number;
  readonly labels: number;
  /** Tiles and objects that gave nothing, and what the reader skipped. */
  readonly notes: readonly ImportProblem[];
}

const key = (tileset: string, tile: number) => `${tileset}\u0000${tile}`;

/**
 * Builds a Sandtable hex map from a read Tiled map and the tile mapping the user confirmed. Where
 * several tile layers cover a hex, the terrain comes from the topmost layer that gives one, the
 * level is the highest given, and the flags are all those given. Named objects label their hex.
 * Throws {@link ImportError} when the mapping names a terrain the ruleset does not have.
 */
export function buildHexMap(
  map: TiledMap,
  mapping: readonly TileMapping[],
  o: TiledBuildOptions,
): { map: HexMap; report: TiledBuildReport } {
  const ids = new Set(o.terrains.map((t) => t.id));
  const bad = mapping.filter((m) => m.terrain !== undefined && !ids.has(m.terrain));
  if (bad.length || !ids.has(o.defaultTerrain)) {
    const known = [...ids].join(', ');
    throw new ImportError([
      ...bad.map((m) => ({
        file: map.file,
        where: `tileset "${m.tileset}" tile ${m.tile}${m.label ? ` (${m.label})` : ''}`,
        message: `the mapping gives terrain "${m.terrain}", which this ruleset's catalogs do not have; choose one of ${known}`,
      })),
      ...(ids.has(o.defaultTerrain)
        ? []
        : [
            {
              file: map.file,
              where: '',
              message: `the default terrain "${o.defaultTerrain}" is not one of ${known}`,
            },
          ]),
    ]);
  }
  const rules = new Map(mapping.map((m) => [key(m.tileset, m.tile), m]));
  const byTile = map.tiles.map((t) => rules.get(key(t.tileset, t.tile)));
  const notes: ImportProblem[] = [...map.notes];
  map.tiles.forEach((t, i) => {
    const m = byTile[i];
    if (!m || (m.terrain === undefined && m.level === undefined && !m.flags?.length)) {
      notes.push({
        file: map.file,
        where: `tileset "${t.tileset}" tile ${t.tile}`,
        message: `"${t.label}" (on ${t.count} hex${t.count === 1 ? '' : 'es'}) is mapped to nothing; those hexes keep ${o.defaultTerrain}`,
      });
    }
  });

  const hexes: Hex[] = [];
  const labels = new Map<number, string>();
  for (const obj of map.objects) {
    if (obj.name) {
      const at = obj.row * map.columns + obj.col;
      labels.set(at, labels.has(at) ? `${labels.get(at)}, ${obj.name}` : obj.name);
    } else
      notes.push({
        file: map.file,
        where: obj.where,
        message: 'an object without a name is not imported (a named object labels its hex)',
      });
  }
  let minLevel = 0;
  let maxLevel = 0;
  for (let row = 0; row < map.rows; row++) {
    for (let col = 0; col < map.columns; col++) {
      const at = row * map.columns + col;
      let terrain: string | undefined;
      let level: number | undefined;
      const flags = new Set<HexFlag>();
      for (const layer of map.layers) {
        const k = layer.cells[at]!;
        if (k < 0) continue;
        const m = byTile[k];
        if (!m) continue;
        if (m.terrain !== undefined) terrain = m.terrain;
        if (m.level !== undefined) level = level === undefined ? m.level : Math.max(level, m.level);
        for (const f of m.flags ?? []) flags.add(f);
      }
      const label = labels.get(at);
      const hex: Hex = { col, row };
      if (terrain !== undefined && terrain !== o.defaultTerrain) hex.terrain = terrain;
      if (level !== undefined && level !== 0) {
        hex.level = level;
        minLevel = Math.min(minLevel, level);
        maxLevel = Math.max(maxLevel, level);
      }
      for (const f of flags) hex[f] = true;
      if (label) hex.label = label;
      if (Object.keys(hex).length > 2) hexes.push(hex);
    }
  }
  const out: HexMap = {
    kind: 'hex',
    orientation: map.layout.orientation,
    offset: map.layout.offset,
    columns: map.columns,
    rows: map.rows,
    hexSize: { inches: o.hexInches ?? 1.25 },
    levels: { min: minLevel, max: Math.max(maxLevel, minLevel) },
    defaultTerrain: o.defaultTerrain,
    hexes,
    hexsides: [],
    contours: [],
    imported: {
      from: 'tiled',
      file: map.file.replace(/\\/g, '/').split('/').pop() ?? map.file,
      mapping: mapping.map((m) => ({ ...m })),
    },
  };
  return {
    map: out,
    report: {
      columns: map.columns,
      rows: map.rows,
      hexes: hexes.length,
      labels: labels.size,
      notes,
    },
  };
}

/** A new scenario of `ruleset` on the imported map (two empty sides, no objectives). */
export function scenarioFromHexMap(map: HexMap, ruleset: RulesetId, title: string): ScenarioDoc {
  const doc = newScenario({
    ruleset,
    title,
    map: {
      kind: 'hex',
      columns: map.columns,
      rows: map.rows,
      orientation: map.orientation,
      defaultTerrain: map.defaultTerrain,
      levels: map.levels ?? { min: 0, max: 0 },
    },
  });
  return { ...doc, map };
}
