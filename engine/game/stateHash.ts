/**
 * A stable hash of a JSON-like value: keys sorted, numbers in shortest round-trip form, then
 * 64-bit FNV-1a printed as 16 hex digits. Two states with the same content hash the same.
 */
export function hashState(value: unknown): string {
  const text = canonicalJson(value);
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193) >>> 0;
    h2 = Math.imul(h2 ^ c, 0x5bd1e995) >>> 0;
  }
  return h1.toString(16).padStart(8, '0') + h2.toString(16).padStart(8, '0');
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
