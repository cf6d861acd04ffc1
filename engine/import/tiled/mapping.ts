import type { HexFlag, TileMapping } from '../../format/types';
import type { TiledMap, TiledTile, TiledValue } from './read';

/** Every hex flag, in the order the mapping table shows them. */
export const HEX_FLAGS: readonly HexFlag[] = [
  'urban',
  'rubble',
  'woods',
  'marsh',
  'wire',
  'building',
  'improvedPosition',
  'stopsMovement',
  'bogDownRisk',
];

/** A hex terrain type a tile can become. */
export interface TerrainChoice {
  readonly id: string;
  readonly name: string;
}

/** Words in tile names and classes that mean a flag. */
const FLAG_WORDS: Record<HexFlag, RegExp> = {
  urban: /\b(urban|town|city|village|houses?|built[- ]?up)\b/,
  rubble: /\brubble\b/,
  woods: /\b(woods?|forest|trees?|jungle|orchard)\b/,
  marsh: /\b(marsh|swamp|bog|fen)\b/,
  wire: /\b(wire|barbed)\b/,
  building: /\b(building|bunker|farm ?house)\b/,
  improvedPosition: /\b(trench|entrench|foxholes?|improved)\b/,
  stopsMovement: /\bimpassable\b/,
  bogDownRisk: /\bbog[- ]?down\b/,
};

/** Words that name a terrain whose id differs (`forest` tiles on a map whose catalog says `woods`). */
const TERRAIN_SYNONYMS: Record<string, RegExp> = {
  clear: /\b(clear|open|grass|plain|field|meadow|empty)\b/,
  woods: /\b(woods?|forest|trees?|jungle)\b/,
  urban: /\b(urban|town|city|houses?)\b/,
  village: /\b(village|hamlet)\b/,
  marsh: /\b(marsh|swamp|bog)\b/,
  shellHoles: /\b(shell ?holes?|craters?)\b/,
  trench: /\b(trench(es)?)\b/,
};

const words = (s: string) =>
  s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/[_\-.]+/g, ' ');

const asInt = (v: TiledValue | undefined): number | undefined => {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v);
  return undefined;
};

/**
 * A first guess at what a tile means, from its custom properties (`terrain`, `level`/`elevation`/
 * `height`, boolean properties named after flags) and else from the words in its class, name or
 * image (woods, urban, rubble, marsh, wire, "hill 2"...). The user sees and edits it before import.
 */
export function guessTile(tile: TiledTile, terrains: readonly TerrainChoice[]): TileMapping {
  const out: TileMapping = { tileset: tile.tileset, tile: tile.tile, label: tile.label };
  const props = Object.fromEntries(
    Object.entries(tile.properties).map(([k, v]) => [k.toLowerCase(), v]),
  );
  const byId = new Map(terrains.map((t) => [t.id.toLowerCase(), t.id]));
  const propTerrain = props['terrain'] ?? props['type'] ?? props['kind'];
  if (typeof propTerrain === 'string' && byId.has(propTerrain.toLowerCase()))
    out.terrain = byId.get(propTerrain.toLowerCase())!;
  const level = asInt(props['level'] ?? props['elevation'] ?? props['height'] ?? props['altitude']);
  const text = words(
    [
      tile.label,
      typeof propTerrain === 'string' ? propTerrain : '',
      String(props['name'] ?? ''),
    ].join(' '),
  );
  if (level !== undefined) out.level = level;
  else {
    const hill = /\b(hill|level|height|elevation|lvl)\s*(-?\d+)\b/.exec(text);
    if (hill) out.level = Number(hill[2]);
  }
  if (!out.terrain) {
    // An exact id or name first, then the synonyms of the ruleset's own ids.
    const direct = terrains.find(
      (t) =>
        new RegExp(`\\b${words(t.id).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text) ||
        new RegExp(`\\b${words(t.name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(text),
    );
    const synonym = terrains.find((t) => TERRAIN_SYNONYMS[t.id]?.test(text));
    const chosen = direct ?? synonym;
    if (chosen) out.terrain = chosen.id;
  }
  const flags = new Set<HexFlag>();
  for (const f of HEX_FLAGS) {
    const p = props[f.toLowerCase()];
    if (p === true || p === 'true') flags.add(f);
    else if (p === undefined && FLAG_WORDS[f].test(text)) flags.add(f);
  }
  // The bundled maps mark a woods hex with both its terrain and its flag; keep them together.
  if (out.terrain && (HEX_FLAGS as readonly string[]).includes(out.terrain))
    flags.add(out.terrain as HexFlag);
  if (flags.size) out.flags = HEX_FLAGS.filter((f) => flags.has(f));
  return out;
}

/**
 * The mapping to show the user for a map: one rule per tile the map uses, taken from the rules
 * remembered from an earlier import of a tileset of the same name where there is one, else guessed.
 */
export function proposeMapping(
  map: TiledMap,
  terrains: readonly TerrainChoice[],
  remembered: readonly TileMapping[] = [],
): TileMapping[] {
  const known = new Map(remembered.map((m) => [`${m.tileset}\u0000${m.tile}`, m]));
  return map.tiles.map((t) => {
    const prior = known.get(`${t.tileset}\u0000${t.tile}`);
    return prior ? { ...prior, label: t.label } : guessTile(t, terrains);
  });
}
