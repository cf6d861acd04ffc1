import { checkIntegrity } from '../format/integrity';
import { SCHEMAS, validateDefinition } from '../format/schemaRegistry';
import type { AnyDoc, HexMap, TableMap } from '../format/types';
import { scenarioProblems, type DocumentProblem } from './documentChecks';
import type { CollectionName, Json } from './layout';
import type { ScenarioStore } from './ScenarioStore';

/**
 * The whole-document check of a change (documentChecks.ts), at the cost of what the change
 * touched. A peer's tree edit used to have the whole scenario rebuilt and validated on every
 * client and on the server (the map's every feature through the schema and the outline test);
 * here only what the touched entries can break is looked at:
 *
 * - A touched map record (feature, hex, hexside, contour) is checked on its own against the
 *   schema definition the map's list uses, and against the integrity rules that concern it alone
 *   (an outline that crosses itself; a contour whose id is a section's). What it can break in
 *   others is resolved by the exported scenario (mergeView.ts resolveMap: a bridge spanning a
 *   deleted feature loses the link, a hex outside a smaller map is left out), never a problem;
 *   ids cannot repeat, each record being keyed by its own id (recordSchemas.ts). Past a list's
 *   `maxItems` the whole check runs.
 * - Sides, formations, units, objectives, zones and entry edges are checked whole with the rest
 *   of the scenario (parent loops, orphans, passengers, leaders, references to a deleted side or
 *   unit), with the map standing in by its fields and empty record lists: those parts never
 *   refer to map records, so the map adds nothing to their problems.
 * - The root entries and the map's fields (kind, size, format version, ruleset) run the whole
 *   check, as does a map with no kind.
 *
 * So for a scenario that was valid before the change, `changeProblems(...)` is empty exactly
 * when `scenarioProblems(store.scenarioView())` is (changeChecks.test.ts plays random changes
 * against both). Problems the document had before and the change did not touch may be left out.
 */

/** An entry a change wrote or deleted: its Y.Doc map (`features`, `units:at`, `root`) and key. */
export interface TouchedEntry {
  readonly name: string;
  readonly key: string;
}

/** Map record collections, checked record by record. */
const MAP_RECORDS: readonly CollectionName[] = ['features', 'hexes', 'hexsides', 'contours'];

/** The record definition each map list's items follow, as the whole check validates them. */
const MAP_ITEM_DEFS: Readonly<Record<string, string>> = {
  features: 'feature',
  hexes: 'hex',
  hexsides: 'hexside',
};

/** A map list's `maxItems` in the schema: past it, the whole check says so. */
function maxItems(list: string): number {
  const defs = (SCHEMAS['map.schema.json'] as { $defs: Record<string, unknown> }).$defs;
  const map = (list === 'features' ? defs.tableMap : defs.hexMap) as {
    properties: Record<string, { maxItems?: number }>;
  };
  return map.properties[list]?.maxItems ?? Infinity;
}
const MAX_ITEMS = new Map(MAP_RECORDS.map((c) => [c, maxItems(c)]));

const baseOf = (name: string) => (name.endsWith(':at') ? name.slice(0, -3) : name);

/** How `changeProblems` may rely on checks its caller made. */
export interface ChangeCheckOptions {
  /**
   * Every touched entry the store holds passed its own checks (recordSchemas.ts `entryProblem`,
   * which the bridge and the server's guard run on each entry first): a map record is then not
   * validated against the same schema definition a second time. Its integrity is still checked.
   */
  readonly entriesChecked?: boolean;
}

/**
 * What is wrong with the scenario `store` holds that the change writing `touched` can have
 * caused; empty when the change broke nothing. Reads the store as it is now (call
 * `store.invalidate(names)` first when the maps were written inside the running transaction).
 */
export function changeProblems(
  store: ScenarioStore,
  touched: readonly TouchedEntry[],
  options: ChangeCheckOptions = {},
): DocumentProblem[] {
  const whole = () => scenarioProblems(store.scenarioView());
  const kind = store.map.get('kind');
  const bases = new Set(touched.map((t) => baseOf(t.name)));
  if (bases.has('root') || bases.has('map') || (kind !== 'table' && kind !== 'hex')) return whole();
  // A broken root (a room stored before the checks) is reported first by the whole check.
  if (
    store.root.get('format') !== 'sandtable.scenario' ||
    !store.root.has('formatVersion') ||
    !store.root.has('forces')
  )
    return whole();
  const out: DocumentProblem[] = [];
  if ([...bases].some((b) => !(MAP_RECORDS as readonly string[]).includes(b)))
    out.push(...scenarioProblems(store.scenarioView(standInMap(store, kind))));

  const seen = new Set<string>();
  const grown = new Set<CollectionName>();
  for (const { name, key } of touched) {
    const base = baseOf(name) as CollectionName;
    if (!(MAP_RECORDS as readonly string[]).includes(base)) continue;
    // Records of the other kind of map are not part of the scenario (the view leaves them out).
    if ((base === 'features') !== (kind === 'table')) continue;
    const id = `${base}\u0000${key}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const collection = store.collection(base);
    // Deleted: nothing of it is left to break (what referred to it is resolved in the view).
    if (!collection.has(key)) continue;
    grown.add(base);
    const record = collection.get(key) as Json;
    out.push(...mapRecordProblems(store, kind, base, key, record, options.entriesChecked === true));
  }
  for (const base of grown) {
    const c = store.collection(base);
    // Y.Map's own table holds deleted keys too: a bound on the count that costs nothing.
    const bound = (c.places as unknown as { _map: Map<string, unknown> })._map.size;
    if (bound > MAX_ITEMS.get(base)! && c.list().length > MAX_ITEMS.get(base)!) return whole();
  }
  return out;
}

/** The map's fields with empty record lists: valid exactly when the fields are. */
function standInMap(store: ScenarioStore, kind: 'table' | 'hex'): TableMap | HexMap {
  const fields: Record<string, unknown> = store.mapFields();
  if (kind === 'table') return { ...fields, features: [] } as unknown as TableMap;
  return {
    ...fields,
    hexes: [],
    ...(store.map.has('hexsides') ? { hexsides: [] } : {}),
    ...(store.map.has('contours') ? { contours: [] } : {}),
  } as unknown as HexMap;
}

/** A touched map record's problems as the whole check would find them at its place. */
function mapRecordProblems(
  store: ScenarioStore,
  kind: 'table' | 'hex',
  base: CollectionName,
  key: string,
  record: Json,
  entryChecked: boolean,
): DocumentProblem[] {
  const pointer = `/map/${base}/${key}`;
  // entryProblem validated it against this same definition (recordSchemas.ts RECORD_DEFS).
  const def = entryChecked ? undefined : MAP_ITEM_DEFS[base];
  if (def) {
    const errors = validateDefinition('map.schema.json', def, record);
    if (errors.length)
      return errors
        .slice(0, 3)
        .map((e) => ({ pointer, message: `${pointer}${e.instancePath} ${e.message ?? ''}` }));
  }
  if (base === 'features' && kind === 'table') {
    // A link to a feature that is gone is resolved, one that is there is fine: leave both out.
    const { spans: _s, carries: _c, ...own } = record as Record<string, Json>;
    return integrity({ kind: 'table', features: [own] } as unknown as TableMap);
  }
  if (base === 'contours') {
    // Checked inside the map's own fields: its id may not be a section's, it must fit the map.
    const fields = store.mapFields();
    const map = { ...fields, hexes: [], contours: [record] } as unknown as HexMap;
    // Errors of the fields themselves are the map's, there before this change.
    const errors = validateDefinition('map.schema.json', 'hexMap', map).filter((e) =>
      e.instancePath.startsWith('/contours'),
    );
    if (errors.length)
      return errors.slice(0, 3).map((e) => ({
        pointer,
        message: `${pointer}${e.instancePath} ${e.message ?? ''}`,
      }));
    return integrity(map);
  }
  return [];
}

function integrity(map: TableMap | HexMap): DocumentProblem[] {
  return checkIntegrity({ format: 'sandtable.map', map } as unknown as AnyDoc).map((p) => ({
    pointer: p.pointer,
    message: p.message,
  }));
}
