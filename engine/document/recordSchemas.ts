import type { ErrorObject } from 'ajv';
import { validateDefinition, type SchemaFile } from '../format/schemaRegistry';
import { isOrderKey } from './orderKeys';
import {
  PARENT_KINDS,
  recordKey,
  roleOf,
  type CollectionName,
  type Json,
  type ParentKind,
} from './layout';

/**
 * Checks an entry of the Y.Doc layout against the file format's schemas, one record at a time, so
 * a peer's edit can be refused before it reaches the document. Returns what is wrong in words,
 * or nothing when the entry is good.
 */

/** The schema definition each collection's records follow. */
const RECORD_DEFS: Readonly<Record<CollectionName, readonly [SchemaFile, string] | 'contour'>> = {
  features: ['map.schema.json', 'feature'],
  hexes: ['map.schema.json', 'hex'],
  hexsides: ['map.schema.json', 'hexside'],
  // Contours have no definition of their own: checked inside an otherwise empty hex map.
  contours: 'contour',
  sides: ['forces.schema.json', 'side'],
  formations: ['forces.schema.json', 'formation'],
  units: ['forces.schema.json', 'unit'],
  objectives: ['objectives.schema.json', 'objective'],
  zones: ['objectives.schema.json', 'deploymentZone'],
  entryEdges: ['objectives.schema.json', 'entryEdge'],
};

/** Top-level entries and the definitions they follow. */
const ROOT_DEFS: Readonly<Record<string, readonly [SchemaFile, string]>> = {
  formatVersion: ['common.schema.json', 'formatVersion'],
  app: ['common.schema.json', 'app'],
  meta: ['common.schema.json', 'meta'],
  ruleset: ['forces.schema.json', 'ruleset'],
  forces: ['forces.schema.json', 'forces'],
  victory: ['objectives.schema.json', 'victory'],
  deployment: ['objectives.schema.json', 'deployment'],
  catalog: ['catalog.schema.json', 'scenarioCatalog'],
  playtest: ['scenario.schema.json', 'playtest'],
};

/** A side that passes its schema, standing in for the side records when forces are checked. */
const SIDE = { id: 'side', name: 'side', formations: [] };

const EMPTY_HEX_MAP = {
  kind: 'hex',
  orientation: 'flat',
  offset: 'odd',
  columns: 1,
  rows: 1,
  defaultTerrain: 'clear',
  hexes: [],
};

/** The schema errors in words: where, and what was expected (the first three). */
function describe(errors: readonly ErrorObject[]): string {
  if (!errors.length) return 'does not match the file format';
  return errors
    .slice(0, 3)
    .map((e) => `${e.instancePath || '(the record itself)'} ${e.message ?? 'is not valid'}`)
    .join('; ');
}

/** What is wrong with a record of `collection` stored under `key`, or undefined when it is fine. */
export function recordProblem(
  collection: CollectionName,
  key: string,
  value: Json,
): string | undefined {
  const def = RECORD_DEFS[collection];
  const errors =
    def === 'contour'
      ? validateDefinition('map.schema.json', 'hexMap', { ...EMPTY_HEX_MAP, contours: [value] })
      : validateDefinition(def[0], def[1], value);
  if (errors.length) return describe(errors);
  const own = recordKey(collection, value);
  if (own !== key) return `is stored under "${key}" but its own key is "${own ?? '(none)'}"`;
  return undefined;
}

/** What is wrong with a placement of a `collection` record, or undefined when it is fine. */
export function placementProblem(collection: CollectionName, value: Json): string | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'a placement must be an object { order, parent? }';
  const extra = Object.keys(value).filter((k) => k !== 'order' && k !== 'parent');
  if (extra.length) return `a placement has no field "${extra[0]}"`;
  if (!isOrderKey(value.order)) return `order ${JSON.stringify(value.order)} is not an order key`;
  const kinds: readonly ParentKind[] = PARENT_KINDS[collection];
  if (value.parent === undefined) {
    return kinds.length ? `a ${collection} record needs a parent` : undefined;
  }
  if (typeof value.parent !== 'string') return 'parent must be a string';
  const [kind, ...rest] = value.parent.split(':');
  if (!kinds.includes(kind as ParentKind) || rest.join(':') === '')
    return `parent "${value.parent}" must be ${kinds.map((k) => `${k}:<id>`).join(' or ') || 'absent'}`;
  return undefined;
}

/** What is wrong with a top-level entry, or undefined when it is fine. */
export function rootProblem(key: string, value: Json): string | undefined {
  if (key.startsWith('x-')) return undefined;
  if (key === 'format')
    return value === 'sandtable.scenario' ? undefined : 'format must be "sandtable.scenario"';
  if (key === 'map') return value === null ? undefined : 'map is kept in its own entries';
  if (key === 'objectives')
    return Array.isArray(value) && value.length === 0
      ? undefined
      : 'objectives are kept as records, the entry must be []';
  const def = ROOT_DEFS[key];
  if (!def) return `a scenario has no top-level entry "${key}"`;
  if (key === 'forces') {
    const sides = (value as { sides?: unknown } | null)?.sides;
    if (!Array.isArray(sides) || sides.length)
      return 'sides are kept as records, forces.sides must be []';
    // The schema asks for at least one side; the records hold them, so check with a stand-in.
    const errors = validateDefinition(def[0], def[1], { ...(value as object), sides: [SIDE] });
    return errors.length ? describe(errors) : undefined;
  }
  const errors = validateDefinition(def[0], def[1], value);
  if (errors.length) return describe(errors);
  if (key === 'deployment') {
    const d = value as { zones?: unknown[]; entryEdges?: unknown[] };
    if (d.zones?.length || d.entryEdges?.length)
      return 'zones and entry edges are kept as records, the lists must be []';
  }
  return undefined;
}

const MAP_LISTS = ['features', 'hexes', 'hexsides', 'contours'];

/**
 * What is wrong with map field `key` set to `value` given the map's other fields, or undefined.
 * The map is checked whole with empty record lists, so a field is judged with the kind it is in.
 */
export function mapFieldProblem(
  key: string,
  value: Json | undefined,
  fields: Readonly<Record<string, Json>>,
): string | undefined {
  if (MAP_LISTS.includes(key))
    return Array.isArray(value) && value.length === 0
      ? undefined
      : `map.${key} is kept as records, the entry must be []`;
  const candidate: Record<string, Json> = {};
  for (const [k, v] of Object.entries(fields)) if (!MAP_LISTS.includes(k)) candidate[k] = v;
  if (value === undefined) delete candidate[key];
  else candidate[key] = value;
  if (candidate.kind === 'table') candidate.features = [];
  else candidate.hexes = [];
  const errors = validateDefinition('map.schema.json', 'map', candidate);
  if (!errors.length) return undefined;
  // Errors of other fields (a half-arrived map) are not this field's fault.
  const own = errors.filter(
    (e) =>
      e.instancePath === `/${key}` ||
      e.instancePath.startsWith(`/${key}/`) ||
      (e.instancePath === '' && JSON.stringify(e.params).includes(`"${key}"`)),
  );
  return own.length ? describe(own) : undefined;
}

/** What is wrong with entry `key` of the Y.Doc map `mapName`, or undefined when it is fine. */
export function entryProblem(
  mapName: string,
  key: string,
  value: Json,
  mapFields: Readonly<Record<string, Json>>,
): string | undefined {
  const role = roleOf(mapName);
  if (!role) return `the document has no part "${mapName}"`;
  switch (role.kind) {
    case 'root':
      return rootProblem(key, value);
    case 'map':
      return mapFieldProblem(key, value, mapFields);
    case 'records':
      return recordProblem(role.collection, key, value);
    case 'placements':
      return placementProblem(role.collection, value);
  }
}
