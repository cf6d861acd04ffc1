import { ImportError } from '../import/xml';
import {
  buildHexMap,
  defaultHexTerrain,
  exportTmx,
  hexTerrainChoices,
  hexRulesets,
  MAX_TILED_BYTES,
  proposeMapping,
  readTiledMap,
  scenarioFromHexMap,
} from '../import/tiled/index';
import { hasExtension, headText, xmlRoot } from './sniff';
import type { ExportFormat, FormatFile, ImportFormat } from './types';

const MAP_EXTENSIONS = ['.tmx', '.tmj'] as const;

/**
 * A Tiled map: XML whose root is `<map>`, or a JSON object with a `layers` list and keys only
 * Tiled maps have. Tiled writes JSON keys in order, so `"type": "map"` comes after the layer
 * data and may lie beyond the part read; tilesets have no layers, and a Sandtable scenario
 * (JSON too) says its format.
 */
function isTiledMap(file: FormatFile): boolean {
  const text = headText(file);
  if (xmlRoot(text) === 'map') return true;
  return (
    /^\s*\{/.test(text) &&
    /"layers"\s*:\s*\[/.test(text) &&
    /"(infinite|tiledversion|nextlayerid|renderorder|hexsidelength|compressionlevel)"\s*:/.test(
      text,
    ) &&
    !/"format"\s*:\s*"sandtable\./.test(text)
  );
}

/** A Tiled hexagonal map and its tilesets, read as a new scenario of a hex ruleset. */
export const tiledImport = {
  id: 'tiled',
  direction: 'import',
  name: 'Tiled map',
  makes: 'scenario',
  menu: 'Import Tiled map…',
  extensions: [...MAP_EXTENSIONS, '.json'],
  companions: ['.tsx', '.tsj'],
  summary:
    'a hexagonal map made in Tiled (TMX or JSON, with its tilesets) as a new scenario of a hex ruleset',
  maxBytes: MAX_TILED_BYTES,
  needs: ['ruleset'],
  sniff: (file: FormatFile): boolean =>
    (hasExtension(file.name, MAP_EXTENSIONS) || hasExtension(file.name, ['.json'])) &&
    isTiledMap(file),
  read(files, { parseXml, options, rulesets }) {
    const ruleset = options.ruleset;
    const hex = hexRulesets(rulesets);
    if (!ruleset || !hex.some((r) => r.id === ruleset)) {
      throw new ImportError([
        {
          file: files[0]?.name ?? '',
          where: '',
          message: `a Tiled map becomes a scenario of a hex ruleset: ${hex.map((r) => r.id).join(' or ')}`,
        },
      ]);
    }
    const terrains = hexTerrainChoices(ruleset, rulesets);
    const read = readTiledMap(files, parseXml);
    const mapping = proposeMapping(read, terrains, options.mapping ?? []);
    const defaultTerrain = options.defaultTerrain ?? defaultHexTerrain(terrains);
    const { map, report } = buildHexMap(read, mapping, {
      defaultTerrain,
      terrains,
      ...(options.hexInches && options.hexInches > 0 ? { hexInches: options.hexInches } : {}),
    });
    const base = read.file.replace(/^.*[/\\]/, '').replace(/\.(tmx|tmj|json)$/i, '');
    return {
      document: scenarioFromHexMap(map, ruleset, options.title ?? base),
      summary: `${report.columns} × ${report.rows} hexes, ${report.hexes} differ from ${defaultTerrain}, ${report.labels} labelled`,
      notes: report.notes,
    };
  },
} as const satisfies ImportFormat;

/** The open hex map written back for Tiled (terrain and levels as tile properties). */
export const tmxExport = {
  id: 'tmx',
  direction: 'export',
  name: 'Tiled map (TMX)',
  makes: 'map',
  menu: 'Export Tiled map (TMX)…',
  extensions: ['.tmx'],
  mime: 'application/xml',
  summary:
    'the hex map for Tiled, terrain and levels as tile properties (hexsides and contour lines have no place in Tiled)',
  sniff: (file: FormatFile): boolean => hasExtension(file.name, ['.tmx']) && isTiledMap(file),
  canWrite: (scenario) => scenario.map.kind === 'hex',
  write(scenario) {
    if (scenario.map.kind !== 'hex') throw new Error('only a hex map can be written as TMX');
    const { tmx, notes } = exportTmx(scenario.map, scenario.meta.title);
    return { data: tmx, notes };
  },
} as const satisfies ExportFormat;
