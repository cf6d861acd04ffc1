/**
 * Records keyed by names that come from files (unit, formation and side ids, crew roles, ammo
 * kinds): objects without a prototype, so no key (`valueOf`, `constructor`, `hasOwnProperty`,
 * `toString`) finds a member of Object.prototype where the record has nothing. Make them with
 * `dict` and copy them with `withEntry`; an object spread would make an ordinary object again.
 * They stay plain JSON for hashing and saving (keys and values only).
 */
export type Dict<T> = Readonly<Record<string, T>>;

/** A record without a prototype, filled from entries or from another record. */
export function dict<T>(
  from?: Iterable<readonly [string, T]> | Readonly<Record<string, T>>,
): Record<string, T> {
  const out = Object.create(null) as Record<string, T>;
  if (!from) return out;
  if (Symbol.iterator in from) {
    for (const [k, v] of from as Iterable<readonly [string, T]>) out[k] = v;
  } else {
    // A loop over the keys: about three times as fast as Object.assign into a record without a
    // prototype (measured on 240 entries). A game's units and formations are IdMaps (idMap.ts),
    // which copy cheaper still.
    const rec = from as Readonly<Record<string, T>>;
    const keys = keysMemo.get(rec) ?? Object.keys(rec);
    for (let k = 0; k < keys.length; k++) out[keys[k]!] = rec[keys[k]!]!;
  }
  return out;
}

/**
 * The keys of state records, in `Object.keys` order, listed once and shared by their copies. A
 * record of more than a few keys lives in V8's dictionary mode, where `Object.keys` and
 * `Object.values` sort the whole table every time (about 15 µs for 126 entries); read through a
 * kept key list a copy is a third faster and its values ten times. Only `withEntry` and
 * `dictValues` list a record's keys, as both take records that are never changed again (states);
 * a copy that only changes a value has the same keys in the same order, so it shares the list.
 * `dict` reads a list when there is one but never makes one, as the records it makes may still
 * be filled.
 */
const keysMemo = new WeakMap<object, readonly string[]>();

function keysOf(d: object): readonly string[] {
  let keys = keysMemo.get(d);
  if (!keys) {
    keys = Object.keys(d);
    keysMemo.set(d, keys);
  }
  return keys;
}

/**
 * `Object.keys(d)`, one array shared by every copy of a record that has the same keys in the same
 * order (`withEntry` changing a value): a caller can remember what it works out from a record's
 * keys by this array. Callers must not change it.
 */
export function dictKeys(d: Dict<unknown>): readonly string[] {
  return keysOf(d);
}

const valuesMemo = new WeakMap<object, readonly unknown[]>();

/**
 * `Object.values(d)`, made once per record: records in game states are never changed after they
 * are made (a change makes a new record with `withEntry`), so every look at the same state's
 * units, formations or the like shares one array. Callers must not change the array.
 */
export function dictValues<T>(d: Dict<T>): readonly T[] {
  let values = valuesMemo.get(d) as readonly T[] | undefined;
  if (!values) {
    const keys = keysOf(d);
    const out = new Array<T>(keys.length);
    for (let k = 0; k < keys.length; k++) out[k] = d[keys[k]!]!;
    values = out;
    valuesMemo.set(d, values);
  }
  return values;
}

/** A copy of `d` with `key` set to `value` (a new record; `d` is not changed). */
export function withEntry<T>(d: Dict<T>, key: string, value: T): Dict<T> {
  const keys = keysOf(d);
  const has = Object.hasOwn(d, key);
  const values = has ? (valuesMemo.get(d) as readonly T[] | undefined) : undefined;
  if (values === undefined) {
    const out = dict(d);
    // A new key may not go last (integer-like keys come first, in order): `keysOf` lists it anew.
    if (has) keysMemo.set(out, keys);
    out[key] = value;
    return out;
  }
  // When the record's values were listed, the copy reads them from that list instead of looking
  // each key up in the record, a third faster, and lists its own values by changing one place of
  // a copy of the list.
  const out = Object.create(null) as Record<string, T>;
  for (let k = 0; k < keys.length; k++) out[keys[k]!] = values[k]!;
  out[key] = value;
  const next = values.slice();
  next[indexOf(keys, key)] = value;
  keysMemo.set(out, keys);
  valuesMemo.set(out, next);
  return out;
}

/** Where each key stands in a shared key list, made once per list. */
const indexMemo = new WeakMap<readonly string[], Map<string, number>>();

function indexOf(keys: readonly string[], key: string): number {
  let index = indexMemo.get(keys);
  if (!index) {
    index = new Map(keys.map((k, i) => [k, i]));
    indexMemo.set(keys, index);
  }
  return index.get(key)!;
}

/** The value under `key` if the record has it as its own, else undefined, whatever the record. */
export function entry<T>(d: Dict<T>, key: string): T | undefined {
  return Object.hasOwn(d, key) ? d[key] : undefined;
}
