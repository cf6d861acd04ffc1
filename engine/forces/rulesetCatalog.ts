import type {
  Card,
  CatalogDoc,
  RulesTable,
  RulesetRef,
  ScenarioCatalog,
  Stats,
  TerrainType,
  UnitType,
  WeaponType,
} from '../format';

/** Where a catalog record comes from: a catalog id, or the scenario's own catalog. */
export type RecordOrigin = string;

/** The id every record of a scenario's own catalog reports as its origin. */
export const SCENARIO_CATALOG = 'scenario';

/**
 * Every type, weapon and card a scenario can use: its ruleset's catalogs for the selected layers,
 * the placeholder catalogs filling only what the sourced ones leave out, then the scenario's own
 * custom records on top. Layers replace whole records by id; values are never blended across
 * layers.
 */
export interface RulesetCatalog {
  readonly ruleset: RulesetRef['id'];
  readonly units: ReadonlyMap<string, UnitType>;
  readonly weapons: ReadonlyMap<string, WeaponType>;
  readonly cards: ReadonlyMap<string, Card>;
  readonly terrainTypes: ReadonlyMap<string, TerrainType>;
  readonly tables: Readonly<Record<string, RulesTable>>;
  readonly constants: Stats;
  /** Catalog id each unit, weapon and card id was last set by. */
  readonly origin: ReadonlyMap<string, RecordOrigin>;
}

/** Layer names that every scenario of a ruleset uses, whatever it lists. */
const BASE_LAYERS = new Set(['base', 'basic']);

/** Whether a catalog document applies to a scenario that selected `layers`. */
function layerSelected(doc: CatalogDoc, layers: readonly string[] | undefined): boolean {
  const layer = doc.layer.toLowerCase();
  if (BASE_LAYERS.has(layer)) return true;
  return (layers ?? []).some((l) => l.toLowerCase() === layer);
}

/** Catalogs in an order where each comes after the ones it extends. */
function extendsOrder(docs: readonly CatalogDoc[]): CatalogDoc[] {
  const byId = new Map(docs.map((d) => [d.id, d]));
  const out: CatalogDoc[] = [];
  const seen = new Set<string>();
  const visit = (d: CatalogDoc, path: Set<string>) => {
    if (seen.has(d.id) || path.has(d.id)) return;
    path.add(d.id);
    for (const parent of d.extends ?? []) {
      const p = byId.get(parent);
      if (p) visit(p, path);
    }
    seen.add(d.id);
    out.push(d);
  };
  for (const d of docs) visit(d, new Set());
  return out;
}

type WithBags = { stats?: Stats; effect?: Stats; placeholder?: boolean };

/** A sourced record with a placeholder's fields added where it has none (named bags merged). */
function fillMissing<T extends WithBags>(have: T, gap: T): T {
  const out: Record<string, unknown> = { ...gap, ...have };
  for (const bag of ['stats', 'effect', 'slots', 'size', 'armour', 'speeds'] as const) {
    const a = (gap as Record<string, unknown>)[bag];
    const b = (have as Record<string, unknown>)[bag];
    if (a || b) out[bag] = { ...(a as object), ...(b as object) };
  }
  // Any value taken from the stand-in keeps the record marked as not fully sourced.
  if (gap.placeholder) out['placeholder'] = true;
  return out as T;
}

/**
 * Composes the catalog a scenario plays with from the catalog documents at hand (bundled and
 * user-given) and the scenario's own custom records.
 */
export function composeRulesetCatalog(
  ruleset: RulesetRef,
  catalogs: readonly CatalogDoc[],
  scenarioCatalog?: ScenarioCatalog,
): RulesetCatalog {
  const mine = catalogs.filter((c) => c.ruleset === ruleset.id);
  const sourced = extendsOrder(
    mine.filter((c) => !c.placeholder && layerSelected(c, ruleset.layers)),
  );
  const stand = extendsOrder(mine.filter((c) => c.placeholder === true));
  const units = new Map<string, UnitType>();
  const weapons = new Map<string, WeaponType>();
  const cards = new Map<string, Card>();
  const terrainTypes = new Map<string, TerrainType>();
  const origin = new Map<string, RecordOrigin>();
  const tables: Record<string, RulesTable> = {};
  let constants: Stats = {};
  const put = <T extends { id: string }>(into: Map<string, T>, rec: T, from: string) => {
    into.set(rec.id, rec);
    origin.set(rec.id, from);
  };
  for (const doc of sourced) {
    for (const u of doc.units ?? []) put(units, u, doc.id);
    for (const w of doc.weapons ?? []) put(weapons, w, doc.id);
    for (const c of doc.cards ?? []) put(cards, c, doc.id);
    for (const t of doc.terrainTypes ?? []) terrainTypes.set(t.id, t);
    Object.assign(tables, doc.tables ?? {});
    constants = { ...constants, ...(doc.constants ?? {}) };
  }
  for (const doc of stand) {
    const fill = <T extends { id: string } & WithBags>(into: Map<string, T>, rec: T) => {
      const have = into.get(rec.id);
      if (have) into.set(rec.id, fillMissing(have, rec));
      else put(into, rec, doc.id);
    };
    for (const u of doc.units ?? []) fill(units, u);
    for (const w of doc.weapons ?? []) fill(weapons, w);
    for (const c of doc.cards ?? []) fill(cards, c);
    for (const t of doc.terrainTypes ?? []) if (!terrainTypes.has(t.id)) terrainTypes.set(t.id, t);
    for (const [name, t] of Object.entries(doc.tables ?? {})) tables[name] ??= t;
    constants = { ...(doc.constants ?? {}), ...constants };
  }
  for (const u of scenarioCatalog?.units ?? []) put(units, u, SCENARIO_CATALOG);
  for (const w of scenarioCatalog?.weapons ?? []) put(weapons, w, SCENARIO_CATALOG);
  for (const c of scenarioCatalog?.cards ?? []) put(cards, c, SCENARIO_CATALOG);
  for (const t of scenarioCatalog?.terrainTypes ?? []) terrainTypes.set(t.id, t);
  return {
    ruleset: ruleset.id,
    units,
    weapons,
    cards,
    terrainTypes,
    tables,
    constants,
    origin,
  };
}

/** A numeric constant, following one level of indirection (a constant naming another). */
export function constantNumber(cat: RulesetCatalog, key: string): number | undefined {
  const v = cat.constants[key];
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const target = cat.constants[v];
    if (typeof target === 'number') return target;
  }
  return undefined;
}
