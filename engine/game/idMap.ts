import type { Dict } from './dict';

/**
 * An immutable record of values by id (a game state's units): read with `get`, changed with
 * `with`, which makes a new map and leaves this one as it was. The ids sit in one list shared by
 * every map made from another by changing a value, and the values in a plain array, so a change
 * copies an array of pointers: a Tankplank game makes a thousand such copies of its hundred-odd
 * units, and copying a record without a prototype (`withEntry`) cost an eighth of its time.
 * Any string is an id (`constructor`, `__proto__`): nothing is looked up on a prototype.
 * JSON (saves, hashes) sees the record `{ id: value }`, ids in the order they were added.
 */
export class IdMap<T> {
  private constructor(
    private readonly idList: readonly string[],
    /** Where each id stands in `idList`: shared with it. */
    private readonly at: ReadonlyMap<string, number>,
    private readonly valueList: readonly T[],
  ) {}

  /** A map of the record's entries, in `Object.keys` order, or of the entries given. */
  static of<T>(from: Dict<T> | Iterable<readonly [string, T]> = []): IdMap<T> {
    const ids: string[] = [];
    const values: T[] = [];
    const seen = new Map<string, number>();
    const add = (id: string, v: T) => {
      const k = seen.get(id);
      if (k !== undefined) values[k] = v;
      else {
        seen.set(id, ids.length);
        ids.push(id);
        values.push(v);
      }
    };
    if (Symbol.iterator in from) {
      for (const [id, v] of from as Iterable<readonly [string, T]>) add(id, v);
    } else {
      const rec = from as Dict<T>;
      for (const id of Object.keys(rec)) add(id, rec[id]!);
    }
    return new IdMap(ids, seen, values);
  }

  get size(): number {
    return this.idList.length;
  }

  /** The value under `id`, or undefined when the map has none. */
  get(id: string): T | undefined {
    const k = this.at.get(id);
    return k === undefined ? undefined : this.valueList[k];
  }

  has(id: string): boolean {
    return this.at.has(id);
  }

  /**
   * The ids in order: one array shared by every map made from this one by changing values (not
   * by adding ids), so a caller may remember what it works out from the ids by this array. Do
   * not change it.
   */
  ids(): readonly string[] {
    return this.idList;
  }

  /** The values in the ids' order: this map's own array (never changed; do not change it). */
  list(): readonly T[] {
    return this.valueList;
  }

  /** A map with `id` set to `value`: in its place when the map has it, else added last. */
  with(id: string, value: T): IdMap<T> {
    const k = this.at.get(id);
    if (k === undefined) return this.withAll([[id, value]]);
    const values = this.valueList.slice();
    values[k] = value;
    return new IdMap(this.idList, this.at, values);
  }

  /** A map with every entry of `changes` set: one copy for them all (see `with`). */
  withAll(changes: Iterable<readonly [string, T]>): IdMap<T> {
    let ids = this.idList;
    let at = this.at;
    const values = this.valueList.slice();
    for (const [id, v] of changes) {
      const k = at.get(id);
      if (k !== undefined) {
        values[k] = v;
        continue;
      }
      // A new id: new lists of ids and places for this map and those made from it.
      if (ids === this.idList) {
        ids = ids.slice();
        at = new Map(at);
      }
      (at as Map<string, number>).set(id, ids.length);
      (ids as string[]).push(id);
      values.push(v);
    }
    return new IdMap(ids, at, values);
  }

  /** [id, value] pairs in order. */
  *entries(): IterableIterator<[string, T]> {
    for (let k = 0; k < this.idList.length; k++) yield [this.idList[k]!, this.valueList[k]!];
  }

  /** The record `{ id: value }`, without a prototype, for JSON: saves, hashes, tests. */
  toJSON(): Record<string, T> {
    const out = Object.create(null) as Record<string, T>;
    for (let k = 0; k < this.idList.length; k++) out[this.idList[k]!] = this.valueList[k]!;
    return out;
  }
}
