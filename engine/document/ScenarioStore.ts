import * as Y from 'yjs';
import type {
  Deployment,
  DeploymentZone,
  EntryEdge,
  Feature,
  Forces,
  Formation,
  Hex,
  HexMap,
  Hexside,
  Objective,
  ScenarioDoc,
  Side,
  TableMap,
  Unit,
} from '../format/types';
import { newRecordId } from './ids';
import {
  clone,
  COLLECTIONS,
  hexKey,
  MAP_NAMES,
  hexsideKey,
  parentRef,
  recordKey,
  sameJson,
  type CollectionName,
  type Json,
  type Placement,
} from './layout';
import { compareOrder, keyBetween, keysBetween, reorderKeys } from './orderKeys';
import {
  buildForces,
  resolveMap,
  resolveReferences,
  type ForcesView,
  type References,
  type Repair,
} from './mergeView';

export { hexKey, hexsideKey, type Json } from './layout';

/** Origin of edits made by the local user; the only origin the undo manager tracks. */
export const LOCAL_EDIT = 'local-edit';
/** Origin of loading a file into the store; never undone. */
export const LOAD = 'load';
/** Origin of updates merged from a peer (live collaboration); never undone locally. */
export const REMOTE = 'remote';

export type Contour = NonNullable<HexMap['contours']>[number];

/** The scenario's record lists that live in the map, each kept only when the file has it. */
const MAP_COLLECTIONS = ['features', 'hexes', 'hexsides', 'contours'] as const;
/** Top-level entries whose lists are collections: written through diffs, never whole. */
const TREE_ROOTS = ['forces', 'objectives', 'deployment'] as const;

const partsOf = (...names: string[]): number[] =>
  names
    .flatMap((n) => (n === 'root' || n === 'map' ? [n] : [n, `${n}:at`]))
    .map((n) => {
      const i = MAP_NAMES.indexOf(n);
      if (i < 0) throw new Error(`no Y.Doc map ${n}`);
      return i;
    });
/** The Y.Doc maps (MAP_NAMES indexes) each cached read of the store depends on. */
const PART_STAMPS: Readonly<Record<CollectionName | 'forces' | 'references' | 'map', number[]>> = {
  ...(Object.fromEntries(COLLECTIONS.map((c) => [c, partsOf(c)])) as Record<
    CollectionName,
    number[]
  >),
  forces: partsOf('root', 'sides', 'formations', 'units'),
  references: partsOf('root', 'sides', 'formations', 'units', 'objectives', 'zones', 'entryEdges'),
  map: partsOf('map', 'features', 'hexes', 'hexsides', 'contours'),
};

/**
 * One collection of records: id → plain JSON record, id → placement. A record counts only while
 * it has both (a peer's delete wins over another's concurrent edit). Reads are cached per
 * document revision.
 */
export class Collection<T> {
  private cache: {
    revision: number;
    byParent: Map<string, T[]>;
    keys: Map<string, string[]>;
  } | null = null;
  constructor(
    readonly name: CollectionName,
    readonly records: Y.Map<Json>,
    readonly places: Y.Map<Json>,
    private readonly revision: () => number,
  ) {}

  get(key: string): T | undefined {
    if (!this.places.has(key)) return undefined;
    return this.records.get(key) as T | undefined;
  }
  has(key: string): boolean {
    return this.records.has(key) && this.places.has(key);
  }
  placement(key: string): Placement | undefined {
    return this.places.get(key) as Placement | undefined;
  }
  /** Top-level records (or those under `parent`) in order. Shared; do not mutate. */
  list(parent = ''): readonly T[] {
    return this.grouped().byParent.get(parent) ?? [];
  }
  /** Keys of the records under `parent` (top level: ''), in order. */
  keys(parent = ''): readonly string[] {
    return this.grouped().keys.get(parent) ?? [];
  }
  /** Every key that has a placement (a record counts only with its placement too). */
  placedKeys(): Iterable<string> {
    return this.places.keys();
  }
  get size(): number {
    let n = 0;
    for (const k of this.places.keys()) if (this.records.has(k)) n++;
    return n;
  }

  private grouped() {
    const revision = this.revision();
    if (this.cache?.revision === revision) return this.cache;
    const groups = new Map<string, { id: string; order: string }[]>();
    for (const [id, p] of this.places.entries()) {
      if (!this.records.has(id)) continue;
      const place = p as unknown as Placement;
      const parent = place.parent ?? '';
      let g = groups.get(parent);
      if (!g) groups.set(parent, (g = []));
      g.push({ id, order: place.order });
    }
    const byParent = new Map<string, T[]>();
    const keys = new Map<string, string[]>();
    for (const [parent, g] of groups) {
      g.sort(compareOrder);
      keys.set(
        parent,
        g.map((x) => x.id),
      );
      byParent.set(
        parent,
        g.map((x) => this.records.get(x.id) as T),
      );
    }
    this.cache = { revision, byParent, keys };
    return this.cache;
  }

  /** Forgets the cached order, after the maps were written directly. */
  invalidate(): void {
    this.cache = null;
  }

  /** Writes a record value (reads see it at once, even inside the transaction). */
  setRecord(key: string, value: Json): void {
    this.records.set(key, value);
    this.cache = null;
  }
  setPlacement(key: string, value: Placement): void {
    this.places.set(key, value as unknown as Json);
    this.cache = null;
  }
  deletePlacement(key: string): void {
    this.places.delete(key);
    this.cache = null;
  }
  remove(key: string): void {
    this.records.delete(key);
    this.places.delete(key);
    this.cache = null;
  }
  clear(): void {
    this.records.clear();
    this.places.clear();
    this.cache = null;
  }

  /** The last order key under `parent`, for appending. */
  lastOrder(parent = ''): string | null {
    const ks = this.keys(parent);
    const last = ks[ks.length - 1];
    return last === undefined ? null : (this.placement(last)?.order ?? null);
  }
}

/** Writes allowed inside one `transact`: each is a whole-record replace or delete. */
export interface DocWriter {
  /** Adds or replaces a feature; a new one goes at `index` in drawing order (default: on top). */
  putFeature(feature: Feature, index?: number): void;
  deleteFeature(id: string): void;
  deleteFeatures(ids: readonly string[]): void;
  /** Reorders features; `ids` lists every feature once. Only moved features get new keys. */
  setFeatureOrder(ids: readonly string[]): void;
  putHex(hex: Hex): void;
  deleteHex(col: number, row: number): void;
  putHexside(side: Hexside): void;
  deleteHexside(col: number, row: number, side: number): void;
  putContour(contour: Contour): void;
  deleteContour(id: string): void;
  /**
   * Replaces a top-level entry of the scenario (meta, ruleset, victory...), not `map`. `forces`,
   * `objectives` and `deployment` are written record by record: only the sides, formations,
   * units, objectives, zones and entry edges that differ are written, so a peer's concurrent
   * edit of another record survives.
   */
  setRoot(key: string, value: Json | undefined): void;
  /** Replaces a scalar entry of the map (width, baseColour, ...), not its collections. */
  setMapField(key: string, value: Json | undefined): void;
}

/** Typing pauses longer than this start a new undo step in the same field. */
export const TYPING_MERGE_MS = 2000;

/**
 * The open scenario as a Y.Doc laid out as in layout.ts: every record keyed by a collision-free
 * id, placed by parent and fractional order key. Every write goes through `transact(fn, origin)`;
 * the undo manager tracks only `LOCAL_EDIT`, so loading and a peer's edits are never undone here.
 */
export class ScenarioStore {
  readonly ydoc: Y.Doc;
  readonly root: Y.Map<Json>;
  readonly map: Y.Map<Json>;
  readonly features: Collection<Feature>;
  readonly hexes: Collection<Hex>;
  readonly hexsides: Collection<Hexside>;
  readonly contours: Collection<Contour>;
  readonly sides: Collection<Side>;
  readonly formations: Collection<Formation>;
  readonly units: Collection<Unit>;
  readonly objectives: Collection<Objective>;
  readonly zones: Collection<DeploymentZone>;
  readonly entryEdges: Collection<EntryEdge>;
  readonly undoManager: Y.UndoManager;
  private version = 0;
  /**
   * How often each Y.Doc map (MAP_NAMES order) changed, plus `generation` for every one: a cached
   * read depends only on the maps it reads, so a peer's tree edit does not rebuild the forces
   * and a unit move does not rebuild the map. Sums of counters that only grow change whenever
   * one of them does.
   */
  private readonly partChanges: number[] = MAP_NAMES.map(() => 0);
  private readonly partIndex = new Map<unknown, number>();
  private generation = 0;
  private readonly listeners = new Set<(origin: unknown) => void>();
  /** The text field the last local edit typed into, if it was one. */
  private typing: string | undefined;

  constructor(ydoc: Y.Doc = new Y.Doc()) {
    this.ydoc = ydoc;
    this.root = ydoc.getMap('root');
    this.map = ydoc.getMap('map');
    MAP_NAMES.forEach((name, i) => this.partIndex.set(ydoc.getMap(name), i));
    const coll = <T>(name: CollectionName) =>
      new Collection<T>(name, ydoc.getMap(name), ydoc.getMap(`${name}:at`), () =>
        this.stamp(PART_STAMPS[name]),
      );
    this.features = coll('features');
    this.hexes = coll('hexes');
    this.hexsides = coll('hexsides');
    this.contours = coll('contours');
    this.sides = coll('sides');
    this.formations = coll('formations');
    this.units = coll('units');
    this.objectives = coll('objectives');
    this.zones = coll('zones');
    this.entryEdges = coll('entryEdges');
    this.undoManager = new Y.UndoManager(
      [this.root, this.map, ...this.collections().flatMap((c) => [c.records, c.places])],
      // No time-based merging: one transaction (one gesture) is one undo step.
      { trackedOrigins: new Set([LOCAL_EDIT]), captureTimeout: 0 },
    );
    ydoc.on('afterTransaction', (tr: Y.Transaction) => {
      if (tr.changed.size === 0) return;
      this.version++;
      for (const type of tr.changed.keys()) {
        const i = this.partIndex.get(type);
        if (i !== undefined) this.partChanges[i]!++;
      }
      for (const l of this.listeners) l(tr.origin);
    });
  }

  /** Every collection, in the order of COLLECTIONS. */
  collections(): Collection<unknown>[] {
    return COLLECTIONS.map((name) => this.collection(name));
  }
  collection(name: CollectionName): Collection<unknown> {
    return this[name] as Collection<unknown>;
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

  /** Whether the document holds no scenario yet (a room nobody has seeded). */
  isEmpty(): boolean {
    return !this.root.has('format');
  }

  /** Replaces the whole content with `doc` and clears undo history. */
  load(doc: ScenarioDoc, origin: unknown = LOAD): void {
    this.ydoc.transact(() => {
      this.root.clear();
      this.map.clear();
      for (const c of this.collections()) c.clear();
      const w = this.writer();
      for (const [key, value] of Object.entries(doc)) {
        if (key === 'map' || value === undefined) continue;
        w.setRoot(key, clone(value as Json));
      }
      this.root.set('map', null);
      for (const [key, value] of Object.entries(doc.map)) {
        if ((MAP_COLLECTIONS as readonly string[]).includes(key) || value === undefined) continue;
        this.map.set(key, clone(value as Json));
      }
      if (doc.map.kind === 'table') {
        this.map.set('features', []);
        this.appendAll(this.features, doc.map.features);
      } else {
        this.map.set('hexes', []);
        this.appendAll(this.hexes, doc.map.hexes);
        if (doc.map.hexsides) {
          this.map.set('hexsides', []);
          this.appendAll(this.hexsides, doc.map.hexsides);
        }
        if (doc.map.contours) {
          this.map.set('contours', []);
          this.appendAll(this.contours, doc.map.contours);
        }
      }
    }, origin);
    this.undoManager.clear();
  }

  private appendAll<T>(c: Collection<T>, records: readonly T[]): void {
    const keys = keysBetween(c.lastOrder(), null, records.length);
    records.forEach((r, i) => {
      const key = recordKey(c.name, r as Json)!;
      c.setRecord(key, clone(r as Json));
      c.setPlacement(key, { order: keys[i]! });
    });
  }

  /** The scenario as a plain document, equal to the loaded one plus the edits made since. */
  toScenario(): ScenarioDoc {
    return clone(this.scenarioView());
  }

  /**
   * The scenario as `toScenario` gives it, sharing the stored records instead of copying them:
   * for reading and checking only, never to be changed. Forces are the resolved tree
   * (mergeView.ts), so a merge that left a loop or an orphan still yields every record.
   * `map` stands in for the map (the document checks use the map's fields with empty record
   * lists when a change touched no map record: engine/document/changeChecks.ts).
   */
  scenarioView(map?: TableMap | HexMap): ScenarioDoc {
    const out: Record<string, unknown> = {};
    for (const [key, value] of this.root.entries()) {
      if (key === 'map') out.map = map ?? this.mapView().map;
      else if (key === 'forces') out.forces = this.forcesView().forces;
      else if (key === 'objectives') out.objectives = this.referencesView().refs.objectives;
      else if (key === 'deployment') out.deployment = this.referencesView().refs.deployment;
      else if (key === 'victory') out.victory = this.referencesView().refs.victory;
      else out[key] = value;
    }
    return out as unknown as ScenarioDoc;
  }

  private forcesCache: { revision: number; view: ForcesView } | null = null;

  /** The forces tree with loops and orphans resolved, and what was resolved (mergeView.ts). */
  forcesView(): ForcesView {
    const revision = this.stamp(PART_STAMPS.forces);
    if (this.forcesCache?.revision === revision) return this.forcesCache.view;
    const stored = (this.root.get('forces') ?? { sides: [] }) as Record<string, Json>;
    const view = buildForces(stored, this.sides.list(), this.formations, this.units);
    this.forcesCache = { revision, view };
    return view;
  }

  private referencesCache: { revision: number; refs: References; repairs: Repair[] } | null = null;

  /** Objectives, deployment and victory with references a concurrent delete left dangling dropped. */
  private referencesView(): { refs: References; repairs: Repair[] } {
    const revision = this.stamp(PART_STAMPS.references);
    if (this.referencesCache?.revision === revision) return this.referencesCache;
    const dep = this.root.get('deployment') as Record<string, Json> | undefined;
    const refs: References = {
      objectives: this.objectives.list(),
      deployment: dep === undefined ? undefined : this.deploymentTree(dep),
      victory: this.root.get('victory') as unknown as References['victory'],
    };
    // Without forces (a half-loaded room) every reference would dangle: leave them be.
    const resolved = this.root.has('forces')
      ? resolveReferences(this.forcesView().forces, refs)
      : { refs, repairs: [] };
    this.referencesCache = { revision, ...resolved };
    return this.referencesCache;
  }

  private mapCache: { revision: number; map: TableMap | HexMap; repairs: Repair[] } | null = null;

  /** The map with what a concurrent edit left broken in it resolved (mergeView.ts resolveMap). */
  private mapView(): { map: TableMap | HexMap; repairs: Repair[] } {
    const revision = this.stamp(PART_STAMPS.map);
    if (this.mapCache?.revision === revision) return this.mapCache;
    const raw = this.gameMap();
    // A map without its kind is refused by the checks, not repaired.
    const resolved =
      raw.kind === 'table' || raw.kind === 'hex'
        ? (resolveMap(raw) as { map: TableMap | HexMap; repairs: Repair[] })
        : { map: raw, repairs: [] };
    this.mapCache = { revision, ...resolved };
    return this.mapCache;
  }

  /** What the exported scenario resolves of concurrent structural edits, in words. */
  repairs(): readonly Repair[] {
    const map = this.root.has('map') ? this.mapView().repairs : [];
    if (!this.root.has('forces')) return map;
    return [...this.forcesView().repairs, ...this.referencesView().repairs, ...map];
  }

  /**
   * Forgets cached reads: those depending on the Y.Doc maps named in `maps` (`units`,
   * `units:at`, `root`...), or every one. For writers that change the Y.Doc's maps directly inside
   * a transaction and read the scenario before it ends (the bridge checking a peer's change).
   */
  invalidate(maps?: Iterable<string>): void {
    this.version++;
    if (maps === undefined) {
      this.generation++;
      for (const c of this.collections()) c.invalidate();
      return;
    }
    for (const name of maps) {
      const i = MAP_NAMES.indexOf(name);
      if (i >= 0) this.partChanges[i]!++;
    }
  }

  /** The revision of the reads that depend on the Y.Doc maps at `indexes` (MAP_NAMES order). */
  private stamp(indexes: readonly number[]): number {
    let n = this.generation;
    for (const i of indexes) n += this.partChanges[i]!;
    return n;
  }

  /** A record list is written when the file had it or a peer has since added to it. */
  private withList(
    into: Record<string, unknown>,
    key: string,
    present: boolean,
    list: readonly unknown[],
  ) {
    if (present || list.length > 0) into[key] = list;
    else delete into[key];
  }

  private gameMap(): TableMap | HexMap {
    const m: Record<string, unknown> = {};
    for (const [key, value] of this.map.entries()) {
      if (!(MAP_COLLECTIONS as readonly string[]).includes(key)) m[key] = value;
    }
    if (m.kind === 'table') {
      m.features = this.features.list();
    } else {
      m.hexes = this.hexes.list();
      this.withList(m, 'hexsides', this.map.has('hexsides'), this.hexsides.list());
      this.withList(m, 'contours', this.map.has('contours'), this.contours.list());
    }
    return m as unknown as TableMap | HexMap;
  }

  private deploymentTree(stored: Record<string, Json>): Deployment {
    const dep = { ...stored } as Record<string, unknown>;
    this.withList(dep, 'zones', stored.zones !== undefined, this.zones.list());
    this.withList(dep, 'entryEdges', stored.entryEdges !== undefined, this.entryEdges.list());
    return dep as Deployment;
  }

  mapKind(): 'table' | 'hex' {
    return this.map.get('kind') === 'hex' ? 'hex' : 'table';
  }

  /** The map's scalars (no collections), for reading width, hex layout and so on. */
  mapFields(): Record<string, Json> {
    const m: Record<string, Json> = {};
    for (const [key, value] of this.map.entries())
      if (!(MAP_COLLECTIONS as readonly string[]).includes(key)) m[key] = value;
    return m;
  }

  rootField<T>(key: string): T | undefined {
    return this.root.get(key) as T | undefined;
  }

  /** Features in drawing order; the same array until the document changes. */
  featureList(): readonly Feature[] {
    return this.features.list();
  }

  feature(id: string): Feature | undefined {
    return this.features.get(id);
  }

  /** A fresh collision-free id with a readable stem (`road-k3j9x2ab`), unused in any collection. */
  newId(stem: string): string {
    return newRecordId(stem, (id) => this.collections().some((c) => c.records.has(id)));
  }

  /**
   * Runs `fn` as one transaction; with the default origin it is one undo step. `typing` names a
   * text field being typed into: consecutive edits of the same field, each less than
   * TYPING_MERGE_MS after the last, make a single undo step (a name, not one step per letter).
   * The pause is timed as the edits are applied, unless the caller gives `pausedMs`, the pause
   * the user made (from the keystrokes' own times): on a busy page keys typed in one go are
   * applied seconds apart.
   */
  transact(
    fn: (w: DocWriter) => void,
    origin: unknown = LOCAL_EDIT,
    typing?: string,
    pausedMs?: number,
  ): void {
    const merge =
      typing !== undefined &&
      origin === LOCAL_EDIT &&
      typing === this.typing &&
      this.undoManager.undoStack.length > 0 &&
      (pausedMs === undefined || pausedMs < TYPING_MERGE_MS);
    if (origin === LOCAL_EDIT) this.typing = typing;
    // The undo manager merges an edit made within captureTimeout of its last change, timed as
    // edits are applied; a pause the caller timed is not timed again.
    this.undoManager.captureTimeout = !merge
      ? 0
      : pausedMs === undefined
        ? TYPING_MERGE_MS
        : Infinity;
    try {
      this.ydoc.transact(() => fn(this.writer()), origin);
    } finally {
      this.undoManager.captureTimeout = 0;
    }
  }

  private writer(): DocWriter {
    return {
      putFeature: (f, index) => this.put(this.features, f, '', index),
      deleteFeature: (id) => this.remove(this.features, id),
      deleteFeatures: (ids) => ids.forEach((id) => this.remove(this.features, id)),
      setFeatureOrder: (ids) => this.order(this.features, '', ids),
      putHex: (h) => this.put(this.hexes, h),
      deleteHex: (col, row) => this.remove(this.hexes, hexKey(col, row)),
      putHexside: (s) => this.put(this.hexsides, s),
      deleteHexside: (col, row, side) => this.remove(this.hexsides, hexsideKey(col, row, side)),
      putContour: (c) => this.put(this.contours, c),
      deleteContour: (id) => this.remove(this.contours, id),
      setRoot: (key, value) => {
        if (key === 'map') throw new Error('use setMapField for the map');
        if ((TREE_ROOTS as readonly string[]).includes(key)) {
          this.setTree(key as (typeof TREE_ROOTS)[number], value);
          return;
        }
        if (value === undefined) this.root.delete(key);
        else if (!sameJson(this.root.get(key), value)) this.root.set(key, clone(value));
      },
      setMapField: (key, value) => {
        if ((MAP_COLLECTIONS as readonly string[]).includes(key))
          throw new Error(`${key} is a collection`);
        if (value === undefined) this.map.delete(key);
        else if (!sameJson(this.map.get(key), value)) this.map.set(key, clone(value));
      },
    };
  }

  /** Writes a record if it changed; a new one is placed at `index` among its siblings (or last). */
  private put<T>(c: Collection<T>, record: T, parent = '', index?: number): void {
    const key = recordKey(c.name, record as Json);
    if (key === undefined) throw new Error(`a ${c.name} record needs its id`);
    if (!sameJson(c.records.get(key), record)) c.setRecord(key, clone(record as Json));
    if (c.places.has(key)) return;
    const siblings = c.keys(parent);
    const at =
      index === undefined ? siblings.length : Math.max(0, Math.min(index, siblings.length));
    const before = at > 0 ? (c.placement(siblings[at - 1]!)?.order ?? null) : null;
    const after = at < siblings.length ? (c.placement(siblings[at]!)?.order ?? null) : null;
    // Equal neighbours (two peers inserted there at once) leave no room between: go after both.
    const order =
      before !== null && after !== null && before >= after
        ? keyBetween(before, null)
        : keyBetween(before, after);
    c.setPlacement(key, placement(order, parent));
  }

  private remove<T>(c: Collection<T>, key: string): void {
    c.remove(key);
  }

  /** Puts the records under `parent` in the order of `ids`, rewriting only the keys that move. */
  private order<T>(c: Collection<T>, parent: string, ids: readonly string[]): void {
    const current = new Map<string, string>();
    for (const id of ids) {
      const p = c.placement(id);
      if (p && (p.parent ?? '') === parent) current.set(id, p.order);
    }
    for (const [id, order] of reorderKeys(ids, current))
      c.setPlacement(id, placement(order, parent));
  }

  /**
   * Makes a collection hold exactly `wanted` (records with their parent, in order within each
   * parent): records that differ are written, missing ones deleted, moved ones re-placed.
   */
  private sync<T>(c: Collection<T>, wanted: readonly { record: T; parent: string }[]): void {
    const keep = new Set<string>();
    const groups = new Map<string, string[]>();
    for (const { record, parent } of wanted) {
      const key = recordKey(c.name, record as Json);
      if (key === undefined) throw new Error(`a ${c.name} record needs its id`);
      if (keep.has(key)) throw new Error(`${c.name}: id "${key}" is used twice`);
      keep.add(key);
      if (!sameJson(c.records.get(key), record)) c.setRecord(key, clone(record as Json));
      let g = groups.get(parent);
      if (!g) groups.set(parent, (g = []));
      g.push(key);
    }
    for (const key of [...c.records.keys()]) if (!keep.has(key)) this.remove(c, key);
    for (const key of [...c.places.keys()]) if (!keep.has(key)) c.deletePlacement(key);
    for (const [parent, ids] of groups) this.order(c, parent, ids);
  }

  private setTree(key: (typeof TREE_ROOTS)[number], value: Json | undefined): void {
    const setStored = (v: Json | undefined) => {
      if (v === undefined) this.root.delete(key);
      else if (!sameJson(this.root.get(key), v)) this.root.set(key, v);
    };
    switch (key) {
      case 'objectives': {
        const list = (value ?? []) as unknown as Objective[];
        setStored(value === undefined ? undefined : []);
        this.sync(
          this.objectives,
          list.map((record) => ({ record, parent: '' })),
        );
        return;
      }
      case 'deployment': {
        const dep = (value ?? {}) as unknown as Deployment;
        const { zones, entryEdges, ...rest } = dep;
        setStored(
          value === undefined
            ? undefined
            : ({
                ...clone(rest),
                ...(zones ? { zones: [] } : {}),
                ...(entryEdges ? { entryEdges: [] } : {}),
              } as Json),
        );
        this.sync(
          this.zones,
          (zones ?? []).map((record) => ({ record, parent: '' })),
        );
        this.sync(
          this.entryEdges,
          (entryEdges ?? []).map((record) => ({ record, parent: '' })),
        );
        return;
      }
      case 'forces': {
        const forces = (value ?? { sides: [] }) as unknown as Forces;
        setStored(value === undefined ? undefined : ({ ...clone(forces), sides: [] } as Json));
        const sides: { record: Side; parent: string }[] = [];
        const formations: { record: Formation; parent: string }[] = [];
        const units: { record: Unit; parent: string }[] = [];
        const walk = (fs: readonly Formation[], parent: string) => {
          for (const f of fs) {
            const ref = parentRef('formation', f.id);
            const shell = { ...f, units: [] } as Formation;
            if (f.formations) shell.formations = [];
            formations.push({ record: shell, parent });
            units.push(...f.units.map((record) => ({ record, parent: ref })));
            walk(f.formations ?? [], ref);
          }
        };
        for (const s of forces.sides) {
          sides.push({ record: { ...s, formations: [] }, parent: '' });
          walk(s.formations, parentRef('side', s.id));
        }
        this.sync(this.sides, sides);
        this.sync(this.formations, formations);
        this.sync(this.units, units);
        return;
      }
    }
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

function placement(order: string, parent: string): Placement {
  return parent ? { order, parent } : { order };
}
