import type * as Y from 'yjs';
import { MAP_NAMES, type Json } from './layout';

/**
 * The scenario's Y.Doc maps of one document, looked up once. `doc.getMap(name)` builds a closure
 * and searches the document's types on every call; a peer's change is handled on every client and
 * on the server for each of 20 people, and looking up the ~20 names on each one showed in the
 * co-editing profile.
 */
export interface DocMaps {
  /** The maps in MAP_NAMES order. */
  readonly maps: readonly Y.Map<Json>[];
  /** Each map by name. */
  readonly byName: ReadonlyMap<string, Y.Map<Json>>;
  /** Each map's MAP_NAMES index by its Y type (what a transaction's `changed` is keyed by). */
  readonly indexOf: ReadonlyMap<unknown, number>;
}

const cache = new WeakMap<Y.Doc, DocMaps>();

/** The scenario's maps of `doc` (made on first use, as `getMap` would make them). */
export function docMaps(doc: Y.Doc): DocMaps {
  let m = cache.get(doc);
  if (!m) {
    const maps = MAP_NAMES.map((name) => doc.getMap<Json>(name));
    m = {
      maps,
      byName: new Map(MAP_NAMES.map((name, i) => [name, maps[i]!])),
      indexOf: new Map(maps.map((map, i) => [map as unknown, i])),
    };
    cache.set(doc, m);
  }
  return m;
}

/** An entry a transaction wrote or deleted: its Y.Doc map (`features`, `units:at`) and key. */
export interface ChangedEntry {
  readonly name: string;
  readonly key: string;
}

/**
 * The (map, key) entries a transaction changed among the scenario's maps, in MAP_NAMES order
 * (and the order Yjs lists the keys of one map). Other types of the document are left out.
 */
export function changedEntries(doc: Y.Doc, changed: Y.Transaction['changed']): ChangedEntry[] {
  const { indexOf } = docMaps(doc);
  const found: { i: number; key: string }[] = [];
  for (const [type, keys] of changed) {
    const i = indexOf.get(type);
    if (i === undefined) continue;
    for (const key of keys) if (key !== null) found.push({ i, key });
  }
  // Stable: keys of one map keep their order.
  if (found.length > 1) found.sort((a, b) => a.i - b.i);
  return found.map(({ i, key }) => ({ name: MAP_NAMES[i]!, key }));
}
