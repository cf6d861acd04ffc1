/**
 * A stable hash of a JSON-like value: keys sorted, numbers in shortest round-trip form, then
 * 64-bit FNV-1a printed as 16 hex digits. Two states with the same content hash the same.
 * The hash is that of `canonicalJson(value)`, fed as the text is walked instead of after it is
 * built: every lab game hashes its final state (some 50,000 characters for the village), and
 * the text itself is never needed.
 */
export function hashState(value: unknown): string {
  const saved1 = h1;
  const saved2 = h2;
  h1 = 0x811c9dc5;
  h2 = 0x01000193 ^ 0x5bd1e995;
  try {
    feedValue(value);
    return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
  } finally {
    h1 = saved1;
    h2 = saved2;
  }
}

/** The two halves of the hash being fed (`hashState`; saved and put back around each use). */
let h1 = 0;
let h2 = 0;

function feedText(text: string): void {
  let a = h1;
  let b = h2;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193) >>> 0;
    b = Math.imul(b ^ c, 0x5bd1e995) >>> 0;
  }
  h1 = a;
  h2 = b;
}

function feedChar(c: number): void {
  h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
  h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
}

/**
 * Feeds a string as JSON writes it: in quotes, straight from its characters when none of them
 * needs an escape (the ids and names of a state), else through JSON.stringify.
 */
function feedString(text: string): void {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x20 || c > 0x7e || c === 0x22 || c === 0x5c) {
      feedText(JSON.stringify(text));
      return;
    }
  }
  feedChar(QUOTE);
  feedText(text);
  feedChar(QUOTE);
}

/** Feeds a number as JSON writes it; a whole number of a few digits without making its text. */
function feedNumber(n: number): void {
  if (n >= 0 && n < 1e9 && (n | 0) === n) {
    // -0 is caught here too (written "0", as JSON writes it).
    if (n < 10) {
      feedChar(0x30 + n);
      return;
    }
    let div = 10;
    while (div * 10 <= n) div *= 10;
    for (; div >= 1; div /= 10) feedChar(0x30 + (Math.floor(n / div) % 10));
    return;
  }
  feedText(JSON.stringify(n));
}

/**
 * The keys of an object in sorted order, by the keys in their own order: objects of one shape
 * (the units of a state, their weapons) list the same keys, so each list is sorted once.
 */
const sortedKeys = new Map<
  string,
  { readonly keys: readonly string[]; readonly sorted: string[] }[]
>();

function keysInOrder(keys: readonly string[]): readonly string[] {
  if (keys.length < 2) return keys;
  let known = sortedKeys.get(keys[0]!);
  if (!known) {
    if (sortedKeys.size >= 4096) sortedKeys.clear();
    sortedKeys.set(keys[0]!, (known = []));
  }
  for (const k of known) {
    if (k.keys.length !== keys.length) continue;
    let same = true;
    for (let i = 1; i < keys.length && same; i++) same = k.keys[i] === keys[i];
    if (same) return k.sorted;
  }
  const sorted = [...keys].sort();
  if (known.length >= 16) known.length = 0;
  known.push({ keys: [...keys], sorted });
  return sorted;
}

const QUOTE = 0x22;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const COMMA = 0x2c;
const COLON = 0x3a;

/** Feeds the text `canonicalJson(value)` would write, character by character. */
function feedValue(value: unknown): void {
  if (typeof value === 'string') {
    feedString(value);
    return;
  }
  if (typeof value === 'number') {
    feedNumber(value);
    return;
  }
  if (value === null || typeof value !== 'object') {
    feedText(JSON.stringify(value) ?? 'null');
    return;
  }
  if (Array.isArray(value)) {
    feedChar(OPEN_BRACKET);
    for (let i = 0; i < value.length; i++) {
      if (i > 0) feedChar(COMMA);
      if (i in value) feedValue(value[i]);
    }
    feedChar(CLOSE_BRACKET);
    return;
  }
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') {
    feedValue(toJSON.call(value));
    return;
  }
  const obj = value as Record<string, unknown>;
  const keys = keysInOrder(Object.keys(obj));
  feedChar(OPEN_BRACE);
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    const v = obj[k];
    // Keys whose value is undefined are left out, as JSON.stringify leaves them out.
    if (v === undefined) continue;
    if (!first) feedChar(COMMA);
    first = false;
    feedString(k);
    feedChar(COLON);
    feedValue(v);
  }
  feedChar(CLOSE_BRACE);
}

/**
 * JSON with object keys in sorted order, so equal values give equal text. Written as one string
 * built in place (every lab game hashes its final state, a few hundred kB of text): the same text
 * as mapping and joining arrays of parts, without the arrays.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) {
    let out = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) out += ',';
      // A hole is written as nothing, as `map` and `join` wrote it.
      if (i in value) out += canonicalJson(value[i]);
    }
    return `${out}]`;
  }
  // A value that says how it is written as JSON (an IdMap: its record), as JSON.stringify does.
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === 'function') return canonicalJson(toJSON.call(value));
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  let out = '{';
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (i > 0) out += ',';
    out += `${JSON.stringify(k)}:${canonicalJson(obj[k])}`;
  }
  return `${out}}`;
}
