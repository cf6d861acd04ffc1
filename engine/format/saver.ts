import type { AnyDoc } from './types';

/**
 * Keys printed first, in this order, wherever they appear; every other key follows alphabetically,
 * then extension (`x-`) keys, then the long lists. A fixed order makes saved files diff cleanly in git.
 */
const KEY_ORDER = [
  'format',
  'formatVersion',
  'app',
  'meta',
  'id',
  'kind',
  'shape',
  'type',
  'name',
  'title',
  'ruleset',
  'layer',
  'map',
  'forces',
  'objectives',
  'victory',
  'deployment',
  'catalog',
];
/** Long lists go after the scalars of their object so a map's size is read before its features. */
const LATE_KEYS = ['features', 'hexes', 'hexsides', 'contours', 'units', 'formations'];
const KEY_RANK = new Map([
  ...KEY_ORDER.map((k, i): [string, number] => [k, i - 1000]),
  ...LATE_KEYS.map((k, i): [string, number] => [k, 1000 + i]),
]);
const INLINE_WIDTH = 100;

function compareKeys(a: string, b: string): number {
  // Named keys rank below 0 (early) or above 999 (late); others share rank 0, extensions 500.
  const ra = KEY_RANK.get(a) ?? (a.startsWith('x-') ? 500 : 0);
  const rb = KEY_RANK.get(b) ?? (b.startsWith('x-') ? 500 : 0);
  if (ra !== rb) return ra - rb;
  return a < b ? -1 : a > b ? 1 : 0;
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v !== 'object';
}

/**
 * Serialises a JSON value with a stable key order and 2-space indentation. Arrays of scalars (a
 * point, a list of tags) stay on one line when short, so a polygon is one line per vertex.
 */
export function stringifyStable(value: unknown): string {
  return write(value, '') + '\n';
}

function write(value: unknown, indent: string): string {
  if (isScalar(value)) return JSON.stringify(value) ?? 'null';
  const inner = indent + '  ';
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    if (value.every(isScalar)) {
      const inline = `[${value.map((v) => JSON.stringify(v) ?? 'null').join(', ')}]`;
      if (inline.length + indent.length <= INLINE_WIDTH) return inline;
    }
    return `[\n${value.map((v) => inner + write(v, inner)).join(',\n')}\n${indent}]`;
  }
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort(compareKeys);
  if (keys.length === 0) return '{}';
  return `{\n${keys.map((k) => `${inner}${JSON.stringify(k)}: ${write(obj[k], inner)}`).join(',\n')}\n${indent}}`;
}

/** The text a document is saved as. */
export function serializeDocument(doc: AnyDoc): string {
  return stringifyStable(doc);
}
