import type {
  CatalogDoc,
  Cell,
  RulesTable,
  Stats,
  TerrainType,
  UnitType,
  WeaponType,
} from '../../../format';

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

/** Builds the catalog of a layer from the catalog documents (BASIC, TW, ADV, placeholder). */
export function composeCatalog(
  docs: Readonly<Record<string, CatalogDoc>>,
  layer: TankplankLayer,
): TankplankCatalog {
  const basic = docs['tankplank.basic'];
  if (!basic) throw new Error('the Tankplank BASIC catalog is missing');
  const stack = [basic];
  const layerDoc = Object.values(docs).find((d) => d.layer === layer && d !== basic);
  if (layer !== 'BASIC' && layerDoc) stack.push(layerDoc);
  const placeholder = Object.values(docs).find((d) => d.placeholder === true);

  const units = new Map<string, UnitType>();
  const weapons = new Map<string, WeaponType>();
  const terrain = new Map<string, TerrainType>();
  const tables: Record<string, RulesTable> = {};
  let constants: Stats = {};
  for (const doc of stack) {
    for (const u of doc.units ?? []) units.set(u.id, u);
    for (const w of doc.weapons ?? []) weapons.set(w.id, w);
    for (const t of doc.terrainTypes ?? []) terrain.set(t.id, t);
    Object.assign(tables, doc.tables ?? {});
    constants = { ...constants, ...(doc.constants ?? {}) };
  }
  if (placeholder) {
    for (const u of placeholder.units ?? []) {
      const have = units.get(u.id);
      units.set(u.id, have ? fillMissing(have, u) : u);
    }
    for (const w of placeholder.weapons ?? []) {
      const have = weapons.get(w.id);
      weapons.set(w.id, have ? fillMissing(have, w) : w);
    }
    for (const [name, t] of Object.entries(placeholder.tables ?? {})) tables[name] ??= t;
    constants = { ...(placeholder.constants ?? {}), ...constants };
  }
  return { layer, units, weapons, terrainTypes: [...terrain.values()], tables, constants };
}

/** A record with the placeholder's fields added where the real record has none (stats merged). */
function fillMissing<T extends { stats?: Stats }>(have: T, gap: T): T {
  const out: Record<string, unknown> = { ...gap, ...have };
  out['stats'] = { ...(gap.stats ?? {}), ...(have.stats ?? {}) };
  delete out['placeholder'];
  return out as T;
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
