import type {
  CatalogDoc,
  Cell,
  RulesTable,
  Stats,
  TerrainType,
  UnitType,
  WeaponType,
} from '../../../format';
import { composeRulesetCatalog } from '../../../forces/rulesetCatalog';

/** A Tankplank layer the scenario can select on top of BASIC. */
export type TankplankLayer = 'BASIC' | 'TW' | 'ADV';

/**
 * The Tankplank catalog a game runs with: BASIC, then the selected layer (TW or ADV) replacing
 * whole records and tables by id, then the placeholder values filling only what is still missing.
 * Values that differ between layers are never merged: a layer's record replaces BASIC's.
 */
export interface TankplankCatalog {
  readonly layer: TankplankLayer;
  readonly units: ReadonlyMap<string, UnitType>;
  readonly weapons: ReadonlyMap<string, WeaponType>;
  readonly terrainTypes: readonly TerrainType[];
  readonly tables: Readonly<Record<string, RulesTable>>;
  readonly constants: Stats;
}

/**
 * Builds the catalog of a layer from the catalog documents (BASIC, TW, ADV, placeholder): a view
 * of the one shared composer (`composeRulesetCatalog`) with the layer selected, so the set-up
 * screens and the game read the same records. A record the placeholder filled in stays marked
 * `placeholder` (the rules never read the mark). The scenario's own records are added by the game
 * context, which scales them with the rest.
 */
export function composeCatalog(
  docs: Readonly<Record<string, CatalogDoc>>,
  layer: TankplankLayer,
): TankplankCatalog {
  if (!docs['tankplank.basic']) throw new Error('the Tankplank BASIC catalog is missing');
  const cat = composeRulesetCatalog({ id: 'tankplank', layers: [layer] }, Object.values(docs));
  return {
    layer,
    units: cat.units,
    weapons: cat.weapons,
    terrainTypes: [...cat.terrainTypes.values()],
    tables: cat.tables,
    constants: cat.constants,
  };
}

/** A rules table by name; a missing table is a broken catalog, not a game situation. */
export function tableRows(cat: TankplankCatalog, name: string): readonly Record<string, Cell>[] {
  const t = cat.tables[name];
  if (!t) throw new Error(`catalog table "${name}" is missing`);
  return t.rows;
}

/** A numeric constant of the catalog. */
export function constant(cat: TankplankCatalog, name: string): number {
  const v = cat.constants[name];
  if (typeof v !== 'number') throw new Error(`catalog constant "${name}" is missing`);
  return v;
}

/** A boolean constant of the catalog. */
export function flag(cat: TankplankCatalog, name: string): boolean {
  return cat.constants[name] === true;
}

/** A unit type by id. */
export function unitType(cat: TankplankCatalog, id: string): UnitType {
  const u = cat.units.get(id);
  if (!u) throw new Error(`unit type "${id}" is not in the Tankplank catalog`);
  return u;
}

/** A weapon type by id. */
export function weaponType(cat: TankplankCatalog, id: string): WeaponType {
  const w = cat.weapons.get(id);
  if (!w) throw new Error(`weapon "${id}" is not in the Tankplank catalog`);
  return w;
}

/** A number from a stats record, or `fallback`. */
export function stat(stats: Stats | undefined, key: string, fallback: number): number {
  const v = stats?.[key];
  return typeof v === 'number' ? v : fallback;
}

/** A string from a stats record, or undefined. */
export function statText(stats: Stats | undefined, key: string): string | undefined {
  const v = stats?.[key];
  return typeof v === 'string' ? v : undefined;
}

/** Reads a number cell. */
export function num(row: Record<string, Cell>, key: string): number {
  const v = row[key];
  if (typeof v !== 'number') throw new Error(`table cell "${key}" is not a number`);
  return v;
}

/** Reads a text cell. */
export function text(row: Record<string, Cell>, key: string): string {
  const v = row[key];
  return typeof v === 'string' ? v : String(v);
}
