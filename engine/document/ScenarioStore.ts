import * as Y from 'yjs';
import type { Feature, HexMap, Hex, Hexside, ScenarioDoc, TableMap } from '../format/types';

/** Plain JSON, as kept in every record of the Y.Doc. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Origin of edits made by the local user; the only origin the undo manager tracks. */
export const LOCAL_EDIT = 'local-edit';
/** Origin of loading a file into the store; never undone. */
export const LOAD = 'load';
/** Origin of updates merged from a peer (live collaboration); never undone locally. */
export const REMOTE = 'remote';

export type Contour = NonNullable<HexMap['contours']>[number];

/** Key of a hex in the `hexes` collection. */
export const hexKey = (col: number, row: number): string => `${col},${row}`;
/** Key of a hexside in the `hexsides` collection. */
export const hexsideKey = (col: number, row: number, side: number): string =>
  `${col},${row},${side}`;

/**
 * A keyed collection of plain JSON records plus their order. Order matters for features (drawing
 * order) and is kept so a file round-trips exactly; records stay plain JSON so a peer's edit of one
 * record replaces it whole, never a half-merged nest.
 */
class Collection<T> {
  constructor(
    readonly records: Y.Map<Json>,
    readonly order: Y.Array<string>,
  ) {}
  get(key: string): T | undefined {
    return this.records.get(key) as T | undefined;
  }
  has(key: string): boolean {
    return this.records.has(key);
  }
  list(): T[] {
    const out: T[] = [];
    for (const key of this.order.toArray()) {
      const v = this.records.get(key);
      if (v !== undefined) out.push(v as T);
    }
    return out;
  }
  put(key: string, value: T, index?: number): void {
    const isNew = !this.records.has(key);
    this.records.set(key, value as unknown as Json);
    if (isNew) {
      if (index === undefined || index >= this.order.length) this.order.push([key]);
      else this.order.insert(Math.max(0, index), [key]);
    }
  }
  /** Appends many new records at once; Y.Array appends are cheap in bulk, costly one by one. */
  putMany(entries: readonly [string, T][]): void {
    const keys: string[] = [];
    for (const [key, value] of entries) {
      if (!this.records.has(key)) keys.push(key);
      this.records.set(key, value as unknown as Json);
    }
    if (keys.length) this.order.push(keys);
  }
  delete(key: string): void {
    if (!this.records.has(key)) return;
    this.records.delete(key);
    const i = this.order.toArray().indexOf(key);
    if (i >= 0) this.order.delete(i, 1);
  }
  /** Deletes many records, finding their places in the order in one pass. */
  deleteMany(keys: readonly string[]): void {
    const gone = new Set(keys.filter((k) => this.records.has(k)));
    if (!gone.size) return;
    for (const k of gone) this.records.delete(k);
    const order = this.order.toArray();
    for (let i = order.length - 1; i >= 0; i--) if (gone.has(order[i]!)) this.order.delete(i, 1);
  }
  setOrder(keys: readonly string[]): void {
    this.order.delete(0, this.order.length);
    this.order.insert(0, [...keys]);
  }
  clear(): void {
    this.records.clear();
    this.order.delete(0, this.order.length);
  }
}

/** Writes allowed inside one `transact`: each is a whole-record replace or delete. */
export interface DocWriter {
  putFeature(feature: Feature, index?: number): void;
  deleteFeature(id: string): void;
  deleteFeatures(ids: readonly string[]): void;
  /** Reorders features; `ids` must list every feature once. */
  setFeatureOrder(ids: readonly string[]): void;
  putHex(hex: Hex): void;
  deleteHex(col: number, row: number): void;
  putHexside(side: Hexside): void;
  deleteHexside(col: number, row: number, side: number): void;
  putContour(contour: Contour): void;
  deleteContour(id: string): void;
  /** Replaces a top-level entry of the scenario (meta, ruleset, forces, ...), not `map`. */
  setRoot(key: string, value: Json | undefined): void;
  /** Replaces a scalar entry of the map (width, baseColour, ...), not its collections. */
  setMapField(key: string, value: Json | undefined): void;
}

const MAP_COLLECTIONS = ['features', 'hexes', 'hexsides', 'contours'] as const;

/** Typing pauses longer than this start a new undo step in the same field. */
export const TYPING_MERGE_MS = 2000;

/**
 * The open scenario as a Y.Doc. Records are plain JSON keyed by id (features, contours) or by
 * coordinates (hexes, hexsides); the envelope and map scalars are plain JSON entries of two maps.
 * Every write goes through `transact(fn, origin)`; the undo manager tracks only `LOCAL_EDIT`.
 */
export class ScenarioStore {
  readonly ydoc: Y.Doc;
  readonly root: Y.Map<Json>;
  readonly map: Y.Map<Json>;
  readonly features: Collection<Feature>;
  readonly hexes: Collection<Hex>;
  readonly hexsides: Collection<Hexside>;
  readonly contours: Collection<Contour>;
  readonly undoManager: Y.UndoManager;
  private featureCache: { version: number; list: Feature[] } | undefined;
  private version = 0;
  private readonly listeners = new Set<(origin: unknown) => void>();
  /** The text field the last local edit typed into, if it was one. */
  private typing: string | undefined;

  constructor(ydoc: Y.Doc = new Y.Doc()) {
    this.ydoc = ydoc;
    this.root = ydoc.getMap('root');
    this.map = ydoc.getMap('map');
    const coll = <T>(name: string) =>
      new Collection<T>(ydoc.getMap(`${name}.records`), ydoc.getArray(`${name}.order`));
    this.features = coll<Feature>('features');
    this.hexes = coll<Hex>('hexes');
    this.hexsides = coll<Hexside>('hexsides');
    this.contours = coll<Contour>('contours');
    this.undoManager = new Y.UndoManager(
      [
        this.root,
        this.map,
        ...[this.features, this.hexes, this.hexsides, this.contours].flatMap((c) => [
          c.records,
          c.order,
        ]),
      ],
      // No time-based merging: one transaction (one gesture) is one undo step.
      { trackedOrigins: new Set([LOCAL_EDIT]), captureTimeout: 0 },
    );
    ydoc.on('afterTransaction', (tr: Y.Transaction) => {
      if (tr.changed.size === 0) return;
      this.version++;
      for (const l of this.listeners) l(tr.origin);
    });
  }

  /** A store holding `doc`, loaded with the `LOAD` origin so it cannot be undone. */
  static fromScenario(doc: ScenarioDoc): ScenarioStore {
    const store = new ScenarioStore();
    store.load(doc);
    return store;
  }

  /** Increases on every change; cheap to compare for re-rendering. */
  get revision(): number {
    return this.version;
  }

  subscribe(listener: (origin: unknown) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Replaces the whole content with `doc` and clears undo history. */
  load(doc: ScenarioDoc): void {
    this.ydoc.transact(() => {
      this.root.clear();
      this.map.clear();
      for (const c of [this.features, this.hexes, this.hexsides, this.contours]) c.clear();
      for (const [key, value] of Object.entries(doc)) {
        if (key !== 'map' && value !== undefined) this.root.set(key, clone(value as Json));
      }
      this.root.set('map', null);
      for (const [key, value] of Object.entries(doc.map)) {
        if ((MAP_COLLECTIONS as readonly string[]).includes(key) || value === undefined) continue;
        this.map.set(key, clone(value as Json));
      }
      const present = (key: string) => this.map.set(`present:${key}`, true);
      if (doc.map.kind === 'table') {
        this.features.putMany(doc.map.features.map((f) => [f.id, clone(f)]));
      } else {
        this.hexes.putMany(doc.map.hexes.map((h) => [hexKey(h.col, h.row), clone(h)]));
        if (doc.map.hexsides) {
          present('hexsides');
          this.hexsides.putMany(
            doc.map.hexsides.map((s) => [hexsideKey(s.col, s.row, s.side), clone(s)]),
          );
        }
        if (doc.map.contours) {
          present('contours');
          this.contours.putMany(doc.map.contours.map((c) => [c.id, clone(c)]));
        }
      }
    }, LOAD);
    this.undoManager.clear();
  }

  /** The scenario as a plain document, equal to the loaded one plus the edits made since. */
  toScenario(): ScenarioDoc {
    const out: Record<string, unknown> = {};
    for (const [key, value] of this.root.entries()) {
      out[key] = key === 'map' ? this.gameMap() : clone(value);
    }
    return out as unknown as ScenarioDoc;
  }

  private gameMap(): TableMap | HexMap {
    const m: Record<string, unknown> = {};
    for (const [key, value] of this.map.entries()) {
      if (!key.startsWith('present:')) m[key] = clone(value);
    }
    if (m.kind === 'table') {
      m.features = this.features.list().map(clone);
    } else {
      m.hexes = this.hexes.list().map(clone);
      if (this.map.get('present:hexsides') || this.hexsides.order.length > 0)
        m.hexsides = this.hexsides.list().map(clone);
      if (this.map.get('present:contours') || this.contours.order.length > 0)
        m.contours = this.contours.list().map(clone);
    }
    return m as unknown as TableMap | HexMap;
  }

  mapKind(): 'table' | 'hex' {
    return this.map.get('kind') === 'hex' ? 'hex' : 'table';
  }

  /** The map's scalars (no collections), for reading width, hex layout and so on. */
  mapFields(): Record<string, Json> {
    const m: Record<string, Json> = {};
    for (const [key, value] of this.map.entries()) if (!key.startsWith('present:')) m[key] = value;
    return m;
  }

  rootField<T>(key: string): T | undefined {
    return this.root.get(key) as T | undefined;
  }

  /** Features in drawing order; the same array until the document changes. */
  featureList(): readonly Feature[] {
    if (!this.featureCache || this.featureCache.version !== this.version) {
      this.featureCache = { version: this.version, list: this.features.list() };
    }
    return this.featureCache.list;
  }

  feature(id: string): Feature | undefined {
    return this.features.get(id);
  }

  /**
   * Runs `fn` as one transaction; with the default origin it is one undo step. `typing` names a
   * text field being typed into: consecutive edits of the same field, each less than
   * TYPING_MERGE_MS after the last, make a single undo step (a name, not one step per letter).
   */
  transact(fn: (w: DocWriter) => void, origin: unknown = LOCAL_EDIT, typing?: string): void {
    const merge =
      typing !== undefined &&
      origin === LOCAL_EDIT &&
      typing === this.typing &&
      this.undoManager.undoStack.length > 0;
    if (origin === LOCAL_EDIT) this.typing = typing;
    this.undoManager.captureTimeout = merge ? TYPING_MERGE_MS : 0;
    try {
      this.transactNow(fn, origin);
    } finally {
      this.undoManager.captureTimeout = 0;
    }
  }

  private transactNow(fn: (w: DocWriter) => void, origin: unknown): void {
    const writer: DocWriter = {
      putFeature: (f, index) => this.features.put(f.id, clone(f), index),
      deleteFeature: (id) => this.features.delete(id),
      deleteFeatures: (ids) => this.features.deleteMany(ids),
      setFeatureOrder: (ids) => this.features.setOrder(ids),
      putHex: (h) => this.hexes.put(hexKey(h.col, h.row), clone(h)),
      deleteHex: (col, row) => this.hexes.delete(hexKey(col, row)),
      putHexside: (s) => this.hexsides.put(hexsideKey(s.col, s.row, s.side), clone(s)),
      deleteHexside: (col, row, side) => this.hexsides.delete(hexsideKey(col, row, side)),
      putContour: (c) => this.contours.put(c.id, clone(c)),
      deleteContour: (id) => this.contours.delete(id),
      setRoot: (key, value) => {
        if (key === 'map') throw new Error('use setMapField for the map');
        if (value === undefined) this.root.delete(key);
        else this.root.set(key, clone(value));
      },
      setMapField: (key, value) => {
        if ((MAP_COLLECTIONS as readonly string[]).includes(key))
          throw new Error(`${key} is a collection`);
        if (value === undefined) this.map.delete(key);
        else this.map.set(key, clone(value));
      },
    };
    this.ydoc.transact(() => fn(writer), origin);
  }

  undo(): boolean {
    this.typing = undefined;
    return this.undoManager.undo() !== null;
  }
  redo(): boolean {
    this.typing = undefined;
    return this.undoManager.redo() !== null;
  }
  canUndo(): boolean {
    return this.undoManager.canUndo();
  }
  canRedo(): boolean {
    return this.undoManager.canRedo();
  }
}

/**
 * A deep copy of plain JSON. Values handed to and read from the Y.Doc are copied so that nobody can
 * mutate a stored record behind the document's back.
 */
function clone<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
