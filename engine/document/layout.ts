/**
 * How a scenario is laid out in a Y.Doc. Every record of every kind is its own entry keyed by
 * its id, in a map of its own collection; where it sits (its parent and its fractional order key
 * among its siblings) is a separate entry keyed by the same id, so one peer moving a unit while
 * another renames it keeps both edits. Records are plain JSON, never nested Y types: a peer's edit
 * of one record replaces it whole.
 *
 * Y.Doc maps:
 * - `root`: top-level entries of the scenario (format, meta, ruleset, victory, catalog, `x-` keys);
 *   `forces` without its sides (`sides: []`), `deployment` with `zones: []` / `entryEdges: []`
 *   where the file has those lists, `objectives: []`, and `map: null`.
 * - `map`: the map's own fields (kind, width, hex layout...) and `[]` for each record list it has.
 * - `<collection>` and `<collection>:at` for each of COLLECTIONS: id → record, id → Placement.
 */

/** Plain JSON, as kept in every entry of the Y.Doc. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The record collections of a scenario. */
export type CollectionName =
  | 'features'
  | 'hexes'
  | 'hexsides'
  | 'contours'
  | 'sides'
  | 'formations'
  | 'units'
  | 'objectives'
  | 'zones'
  | 'entryEdges';

export const COLLECTIONS: readonly CollectionName[] = [
  'features',
  'hexes',
  'hexsides',
  'contours',
  'sides',
  'formations',
  'units',
  'objectives',
  'zones',
  'entryEdges',
];

/** The kinds of record a formation or unit can sit in. */
export type ParentKind = 'side' | 'formation';

/**
 * Where a record sits: its order key among its siblings and, for formations and units, its
 * parent as `side:<id>` or `formation:<id>`. Persisted in `<collection>:at`.
 */
export interface Placement {
  /** Fractional order key (fractional-indexing); siblings sort by key, then by id. */
  order: string;
  /** `side:<id>` or `formation:<id>` for formations; `formation:<id>` for units; absent otherwise. */
  parent?: string;
}

/** The parents each collection's records may have; empty for top-level records. */
export const PARENT_KINDS: Readonly<Record<CollectionName, readonly ParentKind[]>> = {
  features: [],
  hexes: [],
  hexsides: [],
  contours: [],
  sides: [],
  formations: ['side', 'formation'],
  units: ['formation'],
  objectives: [],
  zones: [],
  entryEdges: [],
};

export const parentRef = (kind: ParentKind, id: string): string => `${kind}:${id}`;

/** Key of a hex in the `hexes` collection. */
export const hexKey = (col: number, row: number): string => `${col},${row}`;
/** Key of a hexside in the `hexsides` collection. */
export const hexsideKey = (col: number, row: number, side: number): string =>
  `${col},${row},${side}`;

/** The key a record is stored under in its collection. */
export function recordKey(collection: CollectionName, record: Json): string | undefined {
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return undefined;
  const r = record as Record<string, Json>;
  switch (collection) {
    case 'hexes':
      return typeof r.col === 'number' && typeof r.row === 'number'
        ? hexKey(r.col, r.row)
        : undefined;
    case 'hexsides':
      return typeof r.col === 'number' && typeof r.row === 'number' && typeof r.side === 'number'
        ? hexsideKey(r.col, r.row, r.side)
        : undefined;
    case 'features':
    case 'contours':
    case 'sides':
    case 'formations':
    case 'units':
    case 'objectives':
    case 'zones':
    case 'entryEdges':
      return typeof r.id === 'string' ? r.id : undefined;
  }
}

/** Names of the Y.Doc maps making up a scenario, in a fixed order. */
export const MAP_NAMES: readonly string[] = [
  'root',
  'map',
  ...COLLECTIONS.flatMap((c) => [c, `${c}:at`]),
];

/** Which collection (and whether its placements) a Y.Doc map name is, or root / map. */
export type MapRole =
  | { kind: 'root' }
  | { kind: 'map' }
  | { kind: 'records'; collection: CollectionName }
  | { kind: 'placements'; collection: CollectionName };

export function roleOf(name: string): MapRole | undefined {
  if (name === 'root') return { kind: 'root' };
  if (name === 'map') return { kind: 'map' };
  const placements = name.endsWith(':at');
  const base = placements ? name.slice(0, -3) : name;
  if (!(COLLECTIONS as readonly string[]).includes(base)) return undefined;
  const collection = base as CollectionName;
  return placements ? { kind: 'placements', collection } : { kind: 'records', collection };
}

/**
 * Whether two JSON values are equal (key order ignored; a key whose value is undefined counts as
 * absent). Walks both values without building key lists or closures: every peer's edit is
 * compared with what the store holds on every client, and the lists were garbage on each one.
 */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  const array = Array.isArray(a);
  if (array !== Array.isArray(b)) return false;
  if (array) {
    const aa = a as unknown[];
    const bb = b as unknown[];
    if (aa.length !== bb.length) return false;
    for (let i = 0; i < aa.length; i++) if (i in aa && !sameJson(aa[i], bb[i])) return false;
    return true;
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  let count = 0;
  for (const k in ao) {
    if (!Object.hasOwn(ao, k) || ao[k] === undefined) continue;
    if (!(k in bo) || !sameJson(ao[k], bo[k])) return false;
    count++;
  }
  for (const k in bo) if (Object.hasOwn(bo, k) && bo[k] !== undefined) count--;
  return count === 0;
}

/**
 * A deep copy of plain JSON. Values handed to and read from the Y.Doc are copied so that nobody
 * can mutate a stored record behind the document's back.
 *
 * The same result as `JSON.parse(JSON.stringify(value))`, which is what it falls back on for
 * anything but plain objects, arrays without holes or undefined items, strings, booleans, null
 * and finite numbers; for those it copies directly, without building the text (every peer's
 * edit is copied into the store on every client: the text round trip showed in the profile).
 */
export function clone<T>(value: T): T {
  if (value === undefined) return value;
  const copy = copyPlain(value, 0);
  return (copy === NOT_PLAIN ? JSON.parse(JSON.stringify(value)) : copy) as T;
}

/** copyPlain's answer for a value the JSON round trip would change or refuse. */
const NOT_PLAIN = Symbol('not plain JSON');

function copyPlain(v: unknown, depth: number): unknown {
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      // JSON writes -0 as 0 and non-finite numbers as null.
      return Number.isFinite(v) ? (v === 0 ? 0 : v) : NOT_PLAIN;
    case 'object':
      break;
    default:
      return NOT_PLAIN;
  }
  if (v === null) return null;
  // Deep (or cyclic) values go the JSON way, which says what is wrong with a cycle.
  if (depth > 64) return NOT_PLAIN;
  if (Array.isArray(v)) {
    const out: unknown[] = [];
    for (let i = 0; i < v.length; i++) {
      // A hole or an undefined item is null in JSON.
      if (!(i in v) || v[i] === undefined) return NOT_PLAIN;
      const item = copyPlain(v[i], depth + 1);
      if (item === NOT_PLAIN) return NOT_PLAIN;
      out.push(item);
    }
    return out;
  }
  const proto = Object.getPrototypeOf(v) as unknown;
  if (proto !== Object.prototype && proto !== null) return NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(v)) {
    // JSON calls toJSON; a "__proto__" key would set the copy's prototype here.
    if (key === 'toJSON' || key === '__proto__') return NOT_PLAIN;
    const item = (v as Record<string, unknown>)[key];
    if (item === undefined) continue;
    const c = copyPlain(item, depth + 1);
    if (c === NOT_PLAIN) return NOT_PLAIN;
    out[key] = c;
  }
  return out;
}
