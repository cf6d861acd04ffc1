import { generateKeyBetween, generateNKeysBetween } from 'fractional-indexing';

/**
 * Fractional order keys: a record's place among its siblings is a string that sorts between its
 * neighbours', so moving one record rewrites only that record's key and two peers reordering at
 * once never duplicate or drop a record. Equal keys (two peers inserting at the same place) are
 * broken by record id, the same on every peer.
 */

/** `n` ascending keys between `a` and `b` (null: open end). */
export function keysBetween(a: string | null, b: string | null, n: number): string[] {
  return generateNKeysBetween(a, b, n);
}

/** One key between `a` and `b`. */
export function keyBetween(a: string | null, b: string | null): string {
  return generateKeyBetween(a, b);
}

/** Whether `key` is a well-formed order key (as the library writes them). */
export function isOrderKey(key: unknown): key is string {
  if (typeof key !== 'string' || key.length === 0 || key.length > 512) return false;
  try {
    generateKeyBetween(key, null);
    return true;
  } catch {
    return false;
  }
}

/** Compares two placed records: by key, then by id so equal keys sort alike on every peer. */
export function compareOrder(a: { order: string; id: string }, b: { order: string; id: string }) {
  if (a.order !== b.order) return a.order < b.order ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/**
 * New keys that put `ids` in that order, keeping as many current keys as possible: the longest
 * run of current keys already strictly ascending in the wanted order stays, every other record
 * gets a key between its kept neighbours. `current` has the keys of the records already among
 * these siblings (a record moved in from elsewhere has none). Returns only the keys that change.
 */
export function reorderKeys(
  ids: readonly string[],
  current: ReadonlyMap<string, string>,
): Map<string, string> {
  const keyed = ids.map((id) => current.get(id));
  const keep = longestAscending(keyed);
  const out = new Map<string, string>();
  let i = 0;
  while (i < ids.length) {
    if (keep.has(i)) {
      i++;
      continue;
    }
    // A run of records to place between the kept neighbours around it.
    let j = i;
    while (j < ids.length && !keep.has(j)) j++;
    const before = i > 0 ? (keyed[i - 1] ?? out.get(ids[i - 1]!) ?? null) : null;
    const after = j < ids.length ? keyed[j]! : null;
    const keys = keysBetween(before, after, j - i);
    for (let k = i; k < j; k++) out.set(ids[k]!, keys[k - i]!);
    i = j;
  }
  return out;
}

/** Indices of a longest strictly ascending subsequence of the defined keys (patience sorting). */
function longestAscending(keys: readonly (string | undefined)[]): Set<number> {
  const tails: number[] = [];
  const prev = new Array<number>(keys.length).fill(-1);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i];
    if (k === undefined) continue;
    let lo = 0;
    let hi = tails.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (keys[tails[mid]!]! < k) lo = mid + 1;
      else hi = mid;
    }
    if (lo > 0) prev[i] = tails[lo - 1]!;
    tails[lo] = i;
  }
  const out = new Set<number>();
  let at = tails.length ? tails[tails.length - 1]! : -1;
  while (at >= 0) {
    out.add(at);
    at = prev[at]!;
  }
  return out;
}
