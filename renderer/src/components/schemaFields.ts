import mapSchema from '../../../schemas/map.schema.json';
import commonSchema from '../../../schemas/common.schema.json';

/** The part of a JSON Schema node the inspector reads. */
export interface SchemaNode {
  description?: string;
  type?: string | string[];
  enum?: (string | number)[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  properties?: Record<string, SchemaNode>;
  required?: string[];
  items?: SchemaNode;
  $ref?: string;
  minItems?: number;
  default?: unknown;
}

const MAP_DEFS = (mapSchema as { $defs: Record<string, SchemaNode> }).$defs;
const COMMON_DEFS = (commonSchema as { $defs: Record<string, SchemaNode> }).$defs;

/** Follows a $ref within map.schema.json or into common.schema.json, keeping the description. */
export function resolve(node: SchemaNode): SchemaNode {
  if (!node.$ref) return node;
  const m = /^(common\.schema\.json)?#\/\$defs\/(.+)$/.exec(node.$ref);
  // A bare "#/$defs/x" inside the common schema (the underlay's rotation → degrees) is the common
  // schema's own: without this the inspector showed the underlay's Rotation as a JSON text box.
  const target = m
    ? m[1]
      ? COMMON_DEFS[m[2]!]
      : (MAP_DEFS[m[2]!] ?? COMMON_DEFS[m[2]!])
    : undefined;
  if (!target) return node;
  const { $ref: _ref, ...rest } = node;
  return {
    ...resolve(target),
    ...rest,
    ...(rest.description ? {} : { description: target.description }),
  };
}

/** A property of a record the inspector edits, with its schema and whether it is required. */
export interface FieldSpec {
  key: string;
  schema: SchemaNode;
  required: boolean;
  /** Shape data (points) is edited on the canvas, not in a text box. */
  geometry: boolean;
}

/** Editable properties of a definition (a feature kind, "hex"), base properties last. */
export function fieldsOf(def: string): FieldSpec[] {
  const node = MAP_DEFS[def];
  if (!node) return [];
  const base = def === 'hex' ? {} : (MAP_DEFS.featureBase?.properties ?? {});
  const required = new Set(node.required ?? []);
  const own = Object.entries(node.properties ?? {});
  const inherited = Object.entries(base).filter(([k]) => !(k in (node.properties ?? {})));
  return [...own, ...inherited]
    .filter(([k, v]) => k !== 'kind' && v.const === undefined)
    .map(([key, schema]) => {
      const s = resolve(schema);
      const geometry =
        (schema.$ref ?? '').includes('polyline') || (schema.$ref ?? '').includes('polygon');
      return { key, schema: s, required: required.has(key), geometry };
    });
}

/** Schema of the table or hex map's scalar fields. */
export function mapFieldsOf(kind: 'table' | 'hex'): FieldSpec[] {
  const node = MAP_DEFS[kind === 'table' ? 'tableMap' : 'hexMap'];
  const required = new Set(node?.required ?? []);
  return Object.entries(node?.properties ?? {})
    .filter(
      ([k, v]) =>
        v.const === undefined &&
        !['features', 'hexes', 'hexsides', 'contours', 'sections'].includes(k),
    )
    .map(([key, schema]) => ({
      key,
      schema: resolve(schema),
      required: required.has(key),
      geometry: false,
    }));
}

/** "canopyRadius" → "Canopy radius", "blocksLOSFor" → "Blocks LOS for". */
export function humanize(key: string): string {
  const words = key
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(' ')
    .map((w) => (w.length > 1 && w === w.toUpperCase() ? w : w.toLowerCase()));
  const text = words.join(' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The schema node at a path inside a definition ("building", ["roof", "type"]), following the
 * feature base, object properties and array items; undefined where the schema says nothing.
 */
export function schemaAt(def: string, path: readonly string[]): SchemaNode | undefined {
  const root = MAP_DEFS[def];
  if (!root) return undefined;
  let node: SchemaNode | undefined = root;
  for (const [i, step] of path.entries()) {
    if (!node) return undefined;
    if (/^\d+$/.test(step) && node.items) {
      node = resolve(node.items);
      continue;
    }
    const own: SchemaNode | undefined = node.properties?.[step];
    const base: SchemaNode | undefined =
      i === 0 && def !== 'hex' && !own ? MAP_DEFS.featureBase?.properties?.[step] : undefined;
    const next: SchemaNode | undefined = own ?? base;
    node = next ? resolve(next) : undefined;
  }
  return node;
}

/** The unit a number field is measured in, read from its description. */
export function unitOf(node: SchemaNode | undefined): 'inches' | 'degrees' | undefined {
  const d = node?.description ?? '';
  if (/\binch/i.test(d)) return 'inches';
  if (/\bdegree/i.test(d)) return 'degrees';
  return undefined;
}
