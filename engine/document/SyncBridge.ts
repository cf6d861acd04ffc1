import * as Y from 'yjs';
import { clone, MAP_NAMES, sameJson, type Json } from './layout';
import { changeProblems } from './changeChecks';
import { changedEntries, docMaps } from './docMaps';
import { scenarioProblems, type DocumentProblem } from './documentChecks';
import { formationLabel, unitLabel, type Repair } from './mergeView';
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
  /** Who made the change, when the document says (a deletion carries no author). */
  readonly by?: string;
  /** The record in words (`unit "Anna"`, `the map's kind`), for people. */
  readonly what?: string;
}

/** A repair of the exported scenario (mergeView.ts) and who made the change it resolves. */
export type RepairNotice = Repair & {
  /** Who wrote the moved record's place or value, when the document says. */
  readonly by?: string;
};

/** Optional reports and look-ups of a bridge. */
export interface SyncBridgeOptions {
  /** Structural merges the exported scenario resolved (loops, orphans), new since the last report. */
  readonly onRepaired?: (repairs: readonly RepairNotice[]) => void;
  /** A person's name for the Yjs client id of their shared document (awareness knows it). */
  readonly nameOf?: (clientId: number) => string | undefined;
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
  /** Entries (`name\u0000key`) held back while the shared document waits for missing changes. */
  private readonly deferred = new Set<string>();

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
    private readonly options: SyncBridgeOptions = {},
  ) {
    if (start === 'seed' && seedIfEmpty(shared, store)) {
      // Seeded: both documents hold the same entries.
    } else {
      this.loadFromShared();
    }
    this.onShared = (tr) => {
      if (this.closed || tr.origin === BRIDGE) return;
      this.fromShared(tr);
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

  /**
   * Replaces the store's content with the shared document's valid entries. Entries that pass
   * their own checks but break the whole document (a room stored before the checks, a local copy
   * holding a refused change) are left out where a record can be named as the cause.
   */
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
          if (problem) refused.push(this.refusal(name, key, problem, undefined));
          else if (!sameJson(to.get(key), value)) to.set(key, clone(value));
        }
      }
      // Leave out the records the whole-document problems point at, a few rounds at most.
      for (let round = 0; round < 8; round++) {
        this.store.invalidate();
        const problems = scenarioProblems(this.store.scenarioView());
        if (!problems.length) break;
        const culprits = new Map<string, DocumentProblem>();
        for (const p of problems) {
          const entry = this.entryAt(p.pointer);
          if (entry && !culprits.has(entry)) culprits.set(entry, p);
        }
        if (!culprits.size) {
          // Nothing to leave out (the format version or the map's kind is missing): say so.
          for (const p of problems.slice(0, 3))
            refused.push({ part: 'document', key: p.pointer, problem: p.message });
          break;
        }
        for (const [entry, p] of culprits) {
          const [base, key] = splitEntry(entry);
          this.store.ydoc.getMap<Json>(base).delete(key);
          this.store.ydoc.getMap<Json>(`${base}:at`).delete(key);
          refused.push(this.refusal(base, key, p.message, undefined));
        }
      }
    }, JOIN);
    this.store.undoManager.clear();
    if (refused.length) this.onRefused(refused);
    const repairs = this.store.repairs();
    if (repairs.length) this.options.onRepaired?.(repairs.map((r) => this.withAuthor(r, [])));
  }

  /** The record (collection and key, `units\u0000u1`) the view's JSON pointer points into. */
  private entryAt(pointer: string): string | undefined {
    const parts = pointer.split('/').slice(1);
    const doc = this.store.scenarioView() as unknown as Record<string, unknown>;
    const at = (path: readonly string[]): unknown =>
      path.reduce<unknown>(
        (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
        doc,
      );
    const idAt = (path: readonly string[]) =>
      (at(path) as { id?: unknown } | undefined)?.id as string | undefined;
    let found: string | undefined;
    const hit = (collection: string, key: string | undefined) => {
      if (key !== undefined) found = `${collection}\u0000${key}`;
    };
    if (parts[0] === 'map' && parts.length >= 3) {
      const item = at(parts.slice(0, 3)) as {
        id?: string;
        col?: number;
        row?: number;
        side?: number;
      };
      if (parts[1] === 'features' || parts[1] === 'contours') hit(parts[1], item?.id);
      if (parts[1] === 'hexes' && item) hit('hexes', `${item.col},${item.row}`);
      if (parts[1] === 'hexsides' && item) hit('hexsides', `${item.col},${item.row},${item.side}`);
    } else if (parts[0] === 'objectives' && parts.length >= 2) {
      hit('objectives', idAt(parts.slice(0, 2)));
    } else if (parts[0] === 'deployment' && parts.length >= 3) {
      if (parts[1] === 'zones' || parts[1] === 'entryEdges') hit(parts[1], idAt(parts.slice(0, 3)));
    } else if (parts[0] === 'forces' && parts[1] === 'sides' && parts.length >= 3) {
      hit('sides', idAt(parts.slice(0, 3)));
      for (let i = 3; i + 1 < parts.length; i += 2) {
        if (parts[i] === 'formations') hit('formations', idAt(parts.slice(0, i + 2)));
        else if (parts[i] === 'units') {
          hit('units', idAt(parts.slice(0, i + 2)));
          break;
        } else break;
      }
      // A whole side is left out only for a problem of the side itself.
      if (found?.startsWith('sides') && parts.length > 4) found = undefined;
    }
    return found;
  }

  private sharedMapFields(): Record<string, Json> {
    return Object.fromEntries(this.shared.getMap<Json>('map').entries());
  }

  private toShared(changed: Y.Transaction['changed']): void {
    const writes = changedEntries(this.store.ydoc, changed);
    if (!writes.length) return;
    const fromMaps = docMaps(this.store.ydoc).byName;
    const toMaps = docMaps(this.shared).byName;
    this.shared.transact(() => {
      for (const { name, key } of writes) {
        const from = fromMaps.get(name)!;
        const to = toMaps.get(name)!;
        if (!from.has(key)) to.delete(key);
        else if (!sameJson(to.get(key), from.get(key))) to.set(key, from.get(key)!);
      }
    }, BRIDGE);
  }

  /**
   * A peer's changes: each entry is checked on its own, then the scenario the store would save
   * is checked against the loader's whole-file rules, as far as the entries written can break
   * them (changeChecks.ts: the same verdict as checking all of it, at the cost of the change).
   * When it breaks a rule the loader applies, the entries are tried in halves
   * until the ones that break it are found; those are refused, the rest is kept. All of it in one
   * store transaction, so nothing invalid is ever shown, saved or undone.
   */
  private fromShared(tr: Y.Transaction): void {
    const writes = changedEntries(this.shared, tr.changed);
    if (!writes.length) return;
    // Entries held back while the shared document waited for a change they build on.
    for (const entry of this.deferred) {
      const [name, key] = splitEntry(entry);
      if (!writes.some((w) => w.name === name && w.key === key)) writes.push({ name, key });
    }
    this.deferred.clear();
    // A change that arrived before one it builds on applies its deletions at once and the rest
    // later (Yjs keeps it pending): what looks broken now may be whole in a moment.
    const incomplete =
      this.shared.store.pendingStructs !== null || this.shared.store.pendingDs !== null;
    const refused: RefusedEntry[] = [];
    // The map's fields are read only for a change to one of them (entryProblem needs them then).
    let mapFields: Record<string, Json> | undefined;
    const fieldsFor = (name: string) =>
      name === 'map' ? (mapFields ??= this.sharedMapFields()) : NO_FIELDS;
    const repairable = this.mayRepair(writes);
    const known = repairable ? new Set(this.store.repairs().map((r) => r.key)) : undefined;
    // Who made the change: read only to name the author of a refusal or a repair.
    let authorList: number[] | undefined;
    const authors = () => (authorList ??= advancedClients(tr, this.shared.clientID));
    const sharedMaps = docMaps(this.shared).byName;
    const storeMaps = docMaps(this.store.ydoc).byName;
    this.store.ydoc.transact(() => {
      const groups = new Map<string, Write[]>();
      for (const { name, key } of writes) {
        const from = sharedMaps.get(name)!;
        const to = storeMaps.get(name)!;
        // Y.Map.get is undefined for an absent key, as has() then get() was.
        const value = from.get(key);
        if (value !== undefined) {
          const problem = entryProblem(name, key, value, fieldsFor(name));
          if (problem) {
            refused.push(this.refusal(name, key, problem, this.authorOf(name, key, authors())));
            continue;
          }
        }
        if (value === undefined && incomplete && to.has(key)) {
          // Possibly the first half of a replacement whose new value has not arrived: wait.
          this.deferred.add(`${name}\u0000${key}`);
          continue;
        }
        const before = to.get(key);
        if (value === undefined ? before === undefined : sameJson(before, value)) continue;
        const base = name.endsWith(':at') ? name.slice(0, -3) : name;
        const group = `${base}\u0000${key}`;
        let g = groups.get(group);
        if (!g) groups.set(group, (g = []));
        g.push({ name, key, value, before });
      }
      const all = [...groups.values()];
      if (!all.length) return;
      // Only what the entries written can break is checked (changeChecks.ts): the same verdict
      // as checking the whole scenario, at the cost of the change rather than of the document.
      const names = new Set<string>();
      const flat: Write[] = [];
      for (const g of all)
        for (const w of g) {
          names.add(w.name);
          flat.push(w);
        }
      this.write(all, 'value');
      // Any of the entries may have been written back since the last read: forget them all.
      this.store.invalidate(names);
      // Each entry passed entryProblem above: its schema is not checked twice.
      if (!changeProblems(this.store, flat, ENTRIES_CHECKED).length) return;
      this.keepWhatBreaksNothing(all, names, incomplete, (w, why) =>
        refused.push(this.refusal(w.name, w.key, why, this.authorOf(w.name, w.key, authors()))),
      );
      this.store.invalidate(names);
    }, REMOTE);
    if (refused.length) this.onRefused(refused);
    const repairs = known ? this.store.repairs().filter((r) => !known.has(r.key)) : [];
    if (repairs.length)
      this.options.onRepaired?.(repairs.map((r) => this.withAuthor(r, authors())));
  }

  /**
   * A peer's change that breaks a rule the loader applies (fromShared): its entries are tried in
   * halves until the ones that break it are found; those are refused (or, while the shared
   * document waits for a change they build on, held back), the rest is written. Only problems
   * the document did not have without the change count. Apart from the common case of a change
   * that breaks nothing, so that path stays small.
   */
  private keepWhatBreaksNothing(
    all: Write[][],
    names: ReadonlySet<string>,
    incomplete: boolean,
    refuse: (w: Write, why: string) => void,
  ): void {
    const problemsNow = (gs: readonly Write[][]) => {
      this.store.invalidate(names);
      return changeProblems(this.store, gs.flat(), ENTRIES_CHECKED);
    };
    // The document was perhaps broken already (a local edit): only new problems count.
    this.write(all, 'before');
    const baseline = new Set(problemsNow(all).map((p) => p.message));
    const added = (gs: readonly Write[][]) =>
      problemsNow(gs).filter((p) => !baseline.has(p.message));
    const attempt = (gs: Write[][]) => {
      this.write(gs, 'value');
      const problems = added(gs);
      if (!problems.length) return;
      this.write(gs, 'before');
      if (gs.length > 1) {
        const mid = gs.length >> 1;
        attempt(gs.slice(0, mid));
        attempt(gs.slice(mid));
        return;
      }
      if (incomplete) {
        for (const w of gs[0]!) this.deferred.add(`${w.name}\u0000${w.key}`);
        return;
      }
      const why = `it would break the scenario: ${problems
        .slice(0, 2)
        .map((p) => p.message)
        .join('; ')}`;
      for (const w of gs[0]!) refuse(w, why);
    };
    attempt(all);
  }

  /**
   * Whether writing these entries can make the exported scenario resolve something new (a loop,
   * an orphan, a dangling reference: mergeView.ts). Features of a table map that are added or
   * changed, none of them a bridge or catwalk, cannot: only those link to other features. Saves
   * rebuilding the map's view on every tree a peer moves.
   */
  private mayRepair(writes: readonly { name: string; key: string }[]): boolean {
    if (this.store.map.get('kind') !== 'table') return true;
    const links = (v: unknown) => {
      const kind = (v as { kind?: unknown } | undefined)?.kind;
      return kind === 'bridge' || kind === 'catwalk';
    };
    const shared = docMaps(this.shared).byName;
    const stored = docMaps(this.store.ydoc).byName.get('features')!;
    return writes.some(({ name, key }) => {
      if (name !== 'features' && name !== 'features:at') return true;
      if (!shared.get(name)!.has(key)) return true;
      return links(shared.get('features')!.get(key)) || links(stored.get(key));
    });
  }

  /** A repair with the author of the place or record it is about. */
  private withAuthor(r: Repair, authors: readonly number[]): RepairNotice {
    // Caused by a deletion (of a side or a unit), which carries no author.
    if (r.kind === 'reference' || r.kind === 'no-side') return r;
    const part =
      r.kind === 'loop' || r.kind === 'lost-parent'
        ? 'formations:at'
        : r.kind === 'lost-formation'
          ? 'units:at'
          : r.kind === 'leader'
            ? 'formations'
            : 'units';
    const by = this.authorOf(part, r.id, authors);
    return by === undefined ? r : { ...r, by };
  }

  /** Writes each entry of the groups to the store: the peer's value or the one it replaced. */
  private write(groups: readonly Write[][], which: 'value' | 'before'): void {
    const maps = docMaps(this.store.ydoc).byName;
    for (const g of groups)
      for (const w of g) {
        const to = maps.get(w.name)!;
        const v = w[which];
        if (v === undefined) to.delete(w.key);
        else to.set(w.key, clone(v));
      }
  }

  /** Who wrote an entry's current value; for a deletion, the one peer whose change this was. */
  private authorOf(name: string, key: string, authors: readonly number[]): string | undefined {
    const map = this.shared.getMap(name) as unknown as {
      _map: Map<string, { id: { client: number }; deleted: boolean }>;
    };
    const item = map._map.get(key);
    const client =
      item && !item.deleted ? item.id.client : authors.length === 1 ? authors[0] : undefined;
    if (client === undefined) return undefined;
    return this.options.nameOf?.(client) ?? `the person with client id ${client}`;
  }

  /** A refused entry in words: the record it is, and who made it when known. */
  private refusal(
    name: string,
    key: string,
    problem: string,
    by: string | undefined,
  ): RefusedEntry {
    const base = name.endsWith(':at') ? name.slice(0, -3) : name;
    const from = this.shared.getMap<Json>(base);
    const record = (this.store.ydoc.getMap<Json>(base).get(key) ?? from.get(key)) as
      Record<string, string> | undefined;
    const what =
      base === 'units'
        ? unitLabel(record as never)
        : base === 'formations'
          ? formationLabel(record as never)
          : base === 'sides'
            ? `side "${record?.name ?? key}"`
            : base === 'root'
              ? `the scenario's ${key}`
              : base === 'map'
                ? `the map's ${key}`
                : `${base.replace(/s$/, '')} "${record?.name ?? key}"`;
    return { part: name, key, problem, what, ...(by !== undefined ? { by } : {}) };
  }
}

/** changeProblems of entries that each passed entryProblem. */
const ENTRIES_CHECKED = { entriesChecked: true } as const;

/** The map's fields for entries that are not the map's (entryProblem reads them only for those). */
const NO_FIELDS: Readonly<Record<string, Json>> = {};

/** One entry a peer changed: its new value and the store's value before (undefined: absent). */
interface Write {
  readonly name: string;
  readonly key: string;
  readonly value: Json | undefined;
  readonly before: Json | undefined;
}

function splitEntry(entry: string): [string, string] {
  const at = entry.indexOf('\u0000');
  return [entry.slice(0, at), entry.slice(at + 1)];
}

/** The Yjs clients (other than ours) whose changes this transaction brought in. */
function advancedClients(tr: Y.Transaction, own: number): number[] {
  const out: number[] = [];
  for (const [client, clock] of tr.afterState)
    if (client !== own && (tr.beforeState.get(client) ?? 0) < clock) out.push(client);
  return out;
}
