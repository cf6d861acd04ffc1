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
    const rec = from as Readonly<Record<string, T>>;
    for (const k of Object.keys(rec)) out[k] = rec[k]!;
  }
  return out;
}

/** A copy of `d` with `key` set to `value` (a new record; `d` is not changed). */
export function withEntry<T>(d: Dict<T>, key: string, value: T): Dict<T> {
  const out = dict(d);
  out[key] = value;
  return out;
}

/** The value under `key` if the record has it as its own, else undefined, whatever the record. */
export function entry<T>(d: Dict<T>, key: string): T | undefined {
  return Object.hasOwn(d, key) ? d[key] : undefined;
}
