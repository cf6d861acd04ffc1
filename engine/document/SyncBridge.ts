import * as Y from 'yjs';
import { clone, MAP_NAMES, roleOf, sameJson, type Json } from './layout';
import { entryProblem } from './recordSchemas';
import { REMOTE, type ScenarioStore } from './ScenarioStore';

/** Origin of the bridge's own writes into the shared document. */
export const BRIDGE = 'sandtable-bridge';
/** Origin of seeding an empty room with the local scenario. */
export const SEED = 'seed';
/** Origin of loading a room's scenario into the store: never undone, not copied back. */
export const JOIN = 'join';

/** A peer's entry that was refused: where it would have gone and what is wrong with it. */
export interface RefusedEntry {
  /** The Y.Doc map: `root`, `map`, a collection (`units`) or its placements (`units:at`). */
  readonly part: string;
  readonly key: string;
  readonly problem: string;
}

/** Whether a shared document holds no scenario yet. */
export function isEmptyRoom(shared: Y.Doc): boolean {
  return !shared.getMap('root').has('format');
}

/** Copies every entry of the store into `shared`, which must be empty; one transaction. */
function copyInto(store: ScenarioStore, shared: Y.Doc, origin: unknown): void {
  shared.transact(() => {
    for (const name of MAP_NAMES) {
      const from = store.ydoc.getMap<Json>(name);
      const to = shared.getMap<Json>(name);
      for (const [key, value] of from.entries()) to.set(key, value);
    }
  }, origin);
}

/**
 * Seeds a room's shared document with the local scenario when (and only when) the room holds no
 * scenario yet. Two peers seeding one new room with the same file write the same entries, so the
 * result is that file either way. Returns whether it seeded.
 */
export function seedIfEmpty(shared: Y.Doc, store: ScenarioStore): boolean {
  if (!isEmptyRoom(shared) || store.isEmpty()) return false;
  copyInto(store, shared, SEED);
  return true;
}

/**
 * Joins a store to the shared document of a room (the one a provider syncs). The store is the
 * document the user sees and edits; the shared document is the wire. Local edits (any origin but
 * REMOTE) are copied to the shared document entry by entry. A peer's changes arriving in the
 * shared document are checked against the file format's schemas entry by entry and written into
 * the store under the REMOTE origin, so the undo manager never takes them back; an invalid entry
 * is refused (the store keeps what it had) and reported through `onRefused`.
 */
export class SyncBridge {
  private readonly offStore: () => void;
  private readonly onShared: (tr: Y.Transaction) => void;
  private closed = false;

  /**
   * `start` decides what the two documents begin from: `seed` puts the store's scenario into an
   * empty room (a room that is not empty wins: the store then loads it); `join` loads the room's
   * scenario into the store (LOAD origin, undo history cleared).
   */
  constructor(
    readonly store: ScenarioStore,
    readonly shared: Y.Doc,
    private readonly onRefused: (refused: readonly RefusedEntry[]) => void = () => undefined,
    start: 'seed' | 'join' = 'join',
  ) {
    if (start === 'seed' && seedIfEmpty(shared, store)) {
      // Seeded: both documents hold the same entries.
    } else {
      this.loadFromShared();
    }
    this.onShared = (tr) => {
      if (this.closed || tr.origin === BRIDGE) return;
      this.fromShared(tr.changed);
    };
    shared.on('afterTransaction', this.onShared);
    const onStore = (tr: Y.Transaction) => {
      if (this.closed || tr.origin === REMOTE || tr.origin === JOIN) return;
      this.toShared(tr.changed);
    };
    store.ydoc.on('afterTransaction', onStore);
    this.offStore = () => store.ydoc.off('afterTransaction', onStore);
  }

  /** Stops copying in both directions; the store keeps its content. */
  close(): void {
    this.closed = true;
    this.offStore();
    this.shared.off('afterTransaction', this.onShared);
  }

  /** Replaces the store's content with the shared document's valid entries. */
  private loadFromShared(): void {
    const refused: RefusedEntry[] = [];
    const mapFields = this.sharedMapFields();
    this.store.ydoc.transact(() => {
      for (const name of MAP_NAMES) {
        const to = this.store.ydoc.getMap<Json>(name);
        const from = this.shared.getMap<Json>(name);
        for (const key of [...to.keys()]) if (!from.has(key)) to.delete(key);
        for (const [key, value] of from.entries()) {
          const problem = entryProblem(name, key, value, mapFields);
          if (problem) refused.push({ part: name, key, problem });
          else if (!sameJson(to.get(key), value)) to.set(key, clone(value));
        }
      }
    }, JOIN);
    this.store.undoManager.clear();
    if (refused.length) this.onRefused(refused);
  }

  private sharedMapFields(): Record<string, Json> {
    return Object.fromEntries(this.shared.getMap<Json>('map').entries());
  }

  private toShared(changed: Changed): void {
    const writes = changedEntries(this.store.ydoc, changed);
    if (!writes.length) return;
    this.shared.transact(() => {
      for (const { name, key } of writes) {
        const from = this.store.ydoc.getMap<Json>(name);
        const to = this.shared.getMap<Json>(name);
        if (!from.has(key)) to.delete(key);
        else if (!sameJson(to.get(key), from.get(key))) to.set(key, from.get(key)!);
      }
    }, BRIDGE);
  }

  private fromShared(changed: Changed): void {
    const writes = changedEntries(this.shared, changed);
    if (!writes.length) return;
    const refused: RefusedEntry[] = [];
    const mapFields = this.sharedMapFields();
    this.store.ydoc.transact(() => {
      for (const { name, key } of writes) {
        const from = this.shared.getMap<Json>(name);
        const to = this.store.ydoc.getMap<Json>(name);
        if (!from.has(key)) {
          if (to.has(key)) to.delete(key);
          continue;
        }
        const value = from.get(key)!;
        const problem = entryProblem(name, key, value, mapFields);
        if (problem) refused.push({ part: name, key, problem });
        else if (!sameJson(to.get(key), value)) to.set(key, clone(value));
      }
    }, REMOTE);
    if (refused.length) this.onRefused(refused);
  }
}

/** What a transaction changed: type → keys (null for non-map changes). */
type Changed = Y.Transaction['changed'];

/** The (map, key) pairs a transaction changed among the scenario's maps. */
function changedEntries(doc: Y.Doc, changed: Changed): { name: string; key: string }[] {
  const out: { name: string; key: string }[] = [];
  for (const name of MAP_NAMES) {
    if (!roleOf(name)) continue;
    const keys = changed.get(
      doc.getMap(name) as unknown as Y.AbstractType<Y.YEvent<Y.Map<unknown>>>,
    );
    if (!keys) continue;
    for (const key of keys) if (key !== null) out.push({ name, key });
  }
  return out;
}
