import Flatbush from 'flatbush';
import type {
  Feature,
  FeatureKind,
  Hex,
  HexMap,
  HexsideRef,
  Point,
} from '../../../engine/format/types';
import { FEATURE_KINDS } from '../../../engine/format/types';
import type { ScenarioStore } from '../../../engine/document';
import {
  boxContains,
  boxOfPoints,
  closestOnPath,
  dist,
  featureBounds,
  featureOutline,
  hitFeature,
  snapVertices,
  transformFeature,
  translation,
  unionBox,
  type Box,
} from '../geometry/geometry';
import { hexGrid, type HexGrid } from '../../../engine/hex';
import { DEFAULT_TOOL_OPTIONS, KIND_LABELS, type ToolOptions } from './featureFactory';
import type { ToolId, ToolOf, ToolPointer } from '../tools/toolTypes';
import { paintOrder } from '../canvas/paintOrder';
import { keyboardTimes, type KeyboardTimes } from './keyboardTimes';

/** Pixels per inch at zoom 100%. */
export const BASE_PPI = 24;
export const MIN_ZOOM = 2;
export const MAX_ZOOM = 600;

/** Screen = table * zoom + (x, y); zoom is pixels per inch. */
export interface Camera {
  x: number;
  y: number;
  zoom: number;
}

export type LengthUnit = 'in' | 'cm' | 'mm';
export type HexFlag = 'urban' | 'rubble' | 'marsh' | 'wire' | 'woods' | 'building';

/** What the hex brush paints. */
export interface HexBrush {
  mode: 'terrain' | 'level' | 'flag';
  terrain: string;
  level: number;
  flag: HexFlag;
  /** Set the flag (true) or clear it (false). */
  flagOn: boolean;
}

export interface SnapTarget {
  point: Point;
  kind: 'vertex' | 'edge' | 'grid';
}

/**
 * Session state: everything about the editor that is not the document. It is never undone, saved
 * or synced (tldraw's session scope): camera, selection, tool, previews, measuring tape.
 */
export interface Session {
  camera: Camera;
  viewport: { width: number; height: number };
  selection: readonly string[];
  tool: ToolId;
  toolOptions: ToolOptions;
  hexBrush: HexBrush;
  /** A feature being drawn, shown on the interactive layer until committed. */
  preview: Feature | null;
  /** Features being dragged or reshaped: drawn live on the interactive layer, hidden below. */
  overrides: ReadonlyMap<string, Feature>;
  /** Hexes painted in the current brush stroke, by "col,row". */
  hexOverrides: ReadonlyMap<string, Hex>;
  /** Hexsides of a contour line being drawn. */
  contourDraft: readonly HexsideRef[];
  marquee: Box | null;
  tape: { a: Point; b: Point } | null;
  snapIndicator: SnapTarget | null;
  /** The hex the select tool picked on a hex map, edited in the inspector. */
  selectedHex: { col: number; row: number } | null;
  /** A hexside under the pointer for the ridge and contour tools. */
  hoverHexside: HexsideRef | null;
  grid: { visible: boolean; snap: boolean; size: number };
  snapToFeatures: boolean;
  units: LengthUnit;
  /** A transient status line (what the tool expects next, or what just happened). */
  hint: string;
  panning: boolean;
}

export interface EditorPointerInput {
  screen: Point;
  button: number;
  shift: boolean;
  alt: boolean;
  mod: boolean;
  clicks: number;
}

/** Clipboard payload; plain text so it travels between documents and windows. */
const CLIPBOARD_TYPE = 'sandtable/features';

/**
 * The last copy, shared by every editor in this window so features paste into another document
 * even where the system clipboard is out of reach (menu paste without permission, tests).
 */
const clipboard = { text: '', pastes: 0 };

/**
 * The editor: a document store plus session state and the operations menus, tools and commands
 * call. Pure TypeScript (no DOM, no Konva), so a headless driver can feed it pointer events.
 */
export class Editor {
  session: Session;
  readonly tools: Record<ToolId, ToolOf<Editor>>;
  private readonly listeners = new Set<() => void>();
  private sessionVersion = 0;
  private index: { revision: number; tree: Flatbush | null; items: Feature[] } | null = null;
  private pan: { last: Point } | null = null;
  private spaceHeld = false;
  /** The last edit typed into a text field: the field, the key that typed it, when it was done. */
  private typed: { field: string; key: string; doneAt: number } | null = null;

  /**
   * `tools` comes from the caller (`createTools()` in tools.ts): the tool classes take the editor,
   * so the editor does not import them.
   */
  constructor(
    readonly store: ScenarioStore,
    tools: Record<ToolId, ToolOf<Editor>>,
    private readonly keys: KeyboardTimes = keyboardTimes,
  ) {
    this.tools = tools;
    this.session = {
      camera: { x: 40, y: 40, zoom: BASE_PPI },
      viewport: { width: 1000, height: 700 },
      selection: [],
      tool: 'select',
      toolOptions: { ...DEFAULT_TOOL_OPTIONS },
      hexBrush: { mode: 'terrain', terrain: 'woods', level: 1, flag: 'urban', flagOn: true },
      preview: null,
      overrides: new Map(),
      hexOverrides: new Map(),
      contourDraft: [],
      marquee: null,
      tape: null,
      snapIndicator: null,
      hoverHexside: null,
      selectedHex: null,
      grid: { visible: true, snap: true, size: 1 },
      snapToFeatures: true,
      units: 'in',
      hint: '',
      panning: false,
    };
    store.subscribe(() => {
      // Records deleted by undo or a peer leave the selection.
      const sel = this.session.selection.filter((id) => store.feature(id));
      if (sel.length !== this.session.selection.length) this.update({ selection: sel });
    });
  }

  // ---- state plumbing -------------------------------------------------------------------------

  update(patch: Partial<Session>): void {
    this.session = { ...this.session, ...patch };
    this.sessionVersion++;
    for (const l of this.listeners) l();
  }
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  get version(): number {
    return this.sessionVersion;
  }

  /**
   * One undoable step: every write of one gesture or command goes through here. `typing` names
   * the text field being typed into, so a word typed letter by letter is one step.
   *
   * The store merges the keystrokes of one field into one step unless the typing paused for
   * TYPING_MERGE_MS, but it can only time each edit when it is applied. While the page is busy
   * (a long task, a loaded machine) keys wait in its queue and are applied seconds apart though
   * they were typed in one go, and a name came out as two undo steps. So the pause is timed here
   * as the user made it: from the moment the app was done with the last key (its edit applied and
   * its release handled) to the moment the next key was pressed (the event's own time stamp).
   * Time the app spent busy is no pause of the user's; a real pause still starts a new step.
   */
  commit(fn: Parameters<ScenarioStore['transact']>[0], typing?: string): void {
    if (typing === undefined) {
      this.typed = null;
      this.store.transact(fn);
      return;
    }
    const stroke = this.keys.current();
    const pressedAt = stroke?.at ?? this.keys.now();
    const last = this.typed;
    const readyAt = last
      ? Math.max(last.doneAt, this.keys.releasedAt(last.key) ?? -Infinity)
      : -Infinity;
    // The store still decides whether this is the same field as its last edit (another edit or
    // an undo in between starts a new step); only the pause is timed here.
    const pausedMs = last?.field === typing ? pressedAt - readyAt : Infinity;
    this.store.transact(fn, undefined, typing, pausedMs);
    this.typed = { field: typing, key: stroke?.key ?? '', doneAt: this.keys.now() };
  }

  // ---- map geometry ---------------------------------------------------------------------------

  isHex(): boolean {
    return this.store.mapKind() === 'hex';
  }
  hexLayout(): HexGrid | null {
    if (!this.isHex()) return null;
    return hexGrid(this.store.mapFields() as unknown as HexMap);
  }
  /** The map's extent in inches. */
  mapSize(): { width: number; height: number } {
    const layout = this.hexLayout();
    if (layout) return { width: layout.width, height: layout.height };
    const m = this.store.mapFields();
    return { width: Number(m.width ?? 36), height: Number(m.height ?? 24) };
  }

  // ---- camera ---------------------------------------------------------------------------------

  toTable(screen: Point): Point {
    const c = this.session.camera;
    return [(screen[0] - c.x) / c.zoom, (screen[1] - c.y) / c.zoom];
  }
  toScreen(p: Point): Point {
    const c = this.session.camera;
    return [p[0] * c.zoom + c.x, p[1] * c.zoom + c.y];
  }
  setViewport(width: number, height: number): void {
    const v = this.session.viewport;
    if (v.width !== width || v.height !== height) this.update({ viewport: { width, height } });
  }
  panBy(dx: number, dy: number): void {
    const c = this.session.camera;
    this.update({ camera: { ...c, x: c.x + dx, y: c.y + dy } });
  }
  /** Zooms by `factor` keeping the table point under `screen` fixed (zoom to cursor). */
  zoomAt(screen: Point, factor: number): void {
    const c = this.session.camera;
    const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, c.zoom * factor));
    const k = zoom / c.zoom;
    this.update({
      camera: { zoom, x: screen[0] - (screen[0] - c.x) * k, y: screen[1] - (screen[1] - c.y) * k },
    });
  }
  zoomToFit(): void {
    const { width, height } = this.mapSize();
    const v = this.session.viewport;
    const margin = 48;
    const zoom = Math.min(
      MAX_ZOOM,
      Math.max(
        MIN_ZOOM,
        Math.min((v.width - margin * 2) / width, (v.height - margin * 2) / height),
      ),
    );
    this.update({
      camera: { zoom, x: (v.width - width * zoom) / 2, y: (v.height - height * zoom) / 2 },
    });
  }
  zoomToSelection(): void {
    const box = this.selectionBounds();
    if (!box) return this.zoomToFit();
    const v = this.session.viewport;
    const w = Math.max(box.maxX - box.minX, 2);
    const h = Math.max(box.maxY - box.minY, 2);
    const zoom = Math.min(
      MAX_ZOOM,
      Math.max(MIN_ZOOM, Math.min((v.width * 0.6) / w, (v.height * 0.6) / h)),
    );
    const cx = (box.minX + box.maxX) / 2;
    const cy = (box.minY + box.maxY) / 2;
    this.update({ camera: { zoom, x: v.width / 2 - cx * zoom, y: v.height / 2 - cy * zoom } });
  }
  /** Zoom 100%: BASE_PPI pixels per inch, centred on the viewport centre. */
  zoomToActual(): void {
    const v = this.session.viewport;
    this.zoomAt([v.width / 2, v.height / 2], BASE_PPI / this.session.camera.zoom);
  }
  /** Inches per screen pixel, for tolerances. */
  pixel(): number {
    return 1 / this.session.camera.zoom;
  }

  // ---- queries --------------------------------------------------------------------------------

  features(): readonly Feature[] {
    return this.store.featureList();
  }
  feature(id: string): Feature | undefined {
    return this.session.overrides.get(id) ?? this.store.feature(id);
  }
  selectedFeatures(): Feature[] {
    return this.session.selection.map((id) => this.feature(id)).filter((f): f is Feature => !!f);
  }

  private spatialIndex(): { tree: Flatbush | null; items: Feature[] } {
    const rev = this.store.revision;
    if (!this.index || this.index.revision !== rev) {
      const items = this.features().filter((f) => !f.hidden);
      let tree: Flatbush | null = null;
      if (items.length > 0) {
        tree = new Flatbush(items.length);
        for (const f of items) {
          const b = featureBounds(f);
          tree.add(b.minX, b.minY, b.maxX, b.maxY);
        }
        tree.finish();
      }
      this.index = { revision: rev, tree, items };
    }
    return this.index;
  }

  /** Visible features whose bounds meet `box`, in drawing order. */
  featuresNear(box: Box): Feature[] {
    const { tree, items } = this.spatialIndex();
    if (!tree) return [];
    return tree
      .search(box.minX, box.minY, box.maxX, box.maxY)
      .sort((a, b) => a - b)
      .map((i) => items[i]!);
  }

  /** The topmost selectable feature under p (table inches). */
  featureAt(p: Point, tolerancePx = 4): Feature | null {
    const tol = tolerancePx * this.pixel();
    const near = this.featuresNear({
      minX: p[0] - tol,
      minY: p[1] - tol,
      maxX: p[0] + tol,
      maxY: p[1] + tol,
    });
    const ordered = paintOrder(near).reverse();
    for (const f of ordered) {
      if (f.locked) continue;
      const live = this.feature(f.id) ?? f;
      if (hitFeature(live, p, tol)) return live;
    }
    return null;
  }

  /** Selectable features lying wholly inside `box`. */
  featuresInside(box: Box): Feature[] {
    return this.featuresNear(box).filter((f) => !f.locked && boxContains(box, featureBounds(f)));
  }

  selectionBounds(): Box | null {
    let box: Box | null = null;
    for (const f of this.selectedFeatures()) box = unionBox(box, featureBounds(f));
    return box;
  }

  /**
   * Snaps p to (in order) a vertex of another feature, an edge of one, or the grid, within a few
   * screen pixels. `exclude` keeps a feature from snapping to itself while it is edited.
   */
  snap(p: Point, exclude: ReadonlySet<string> = new Set()): SnapTarget | null {
    const s = this.session;
    if (s.snapToFeatures && !this.isHex()) {
      const tol = 8 * this.pixel();
      const near = this.featuresNear({
        minX: p[0] - tol,
        minY: p[1] - tol,
        maxX: p[0] + tol,
        maxY: p[1] + tol,
      }).filter((f) => !exclude.has(f.id));
      let best: SnapTarget | null = null;
      let bestD = tol;
      for (const f of near) {
        for (const v of snapVertices(f)) {
          const d = dist(v, p);
          if (d <= bestD) {
            bestD = d;
            best = { point: [v[0], v[1]], kind: 'vertex' };
          }
        }
      }
      if (best) return best;
      bestD = tol * 0.75;
      for (const f of near) {
        const o = featureOutline(f);
        if (!o) continue;
        const c = closestOnPath(p, o.points, o.closed);
        if (c && c.distance <= bestD) {
          bestD = c.distance;
          best = { point: c.point, kind: 'edge' };
        }
      }
      if (best) return best;
    }
    if (s.grid.snap) {
      const g = s.grid.size;
      return { point: [Math.round(p[0] / g) * g, Math.round(p[1] / g) * g], kind: 'grid' };
    }
    return null;
  }

  snapped(p: Point, exclude?: ReadonlySet<string>): Point {
    return this.snap(p, exclude)?.point ?? p;
  }

  // ---- ids ------------------------------------------------------------------------------------

  /**
   * A fresh id like "road-k3j9x2ab": collision-free, so two peers drawing at once in a shared
   * room never make the same id.
   */
  newId(kind: FeatureKind | string): string {
    return this.store.newId(kind);
  }

  // ---- tools and pointer routing --------------------------------------------------------------

  setTool(tool: ToolId): void {
    if (tool === this.session.tool) return;
    this.tools[this.session.tool].cancel?.(this);
    this.update({
      tool,
      preview: null,
      snapIndicator: null,
      hoverHexside: null,
      hint: this.tools[tool].hint ?? '',
    });
  }

  currentTool(): ToolOf<Editor> {
    return this.tools[this.session.tool];
  }

  setSpaceHeld(held: boolean): void {
    this.spaceHeld = held;
  }

  private pointer(e: EditorPointerInput): ToolPointer {
    return { ...e, table: this.toTable(e.screen) };
  }

  pointerDown(e: EditorPointerInput): void {
    if (e.button === 1 || (e.button === 0 && (this.spaceHeld || this.session.tool === 'hand'))) {
      this.pan = { last: e.screen };
      this.update({ panning: true });
      return;
    }
    if (e.button !== 0) return;
    this.currentTool().onPointerDown?.(this.pointer(e), this);
  }
  pointerMove(e: EditorPointerInput): void {
    if (this.pan) {
      this.panBy(e.screen[0] - this.pan.last[0], e.screen[1] - this.pan.last[1]);
      this.pan = { last: e.screen };
      return;
    }
    this.currentTool().onPointerMove?.(this.pointer(e), this);
  }
  pointerUp(e: EditorPointerInput): void {
    if (this.pan) {
      this.pan = null;
      this.update({ panning: false });
      return;
    }
    this.currentTool().onPointerUp?.(this.pointer(e), this);
  }
  doubleClick(e: EditorPointerInput): void {
    this.currentTool().onDoubleClick?.(this.pointer(e), this);
  }
  /** Keys the current tool wants (Enter, Escape, Backspace while drawing); true when handled. */
  toolKey(key: string): boolean {
    return this.currentTool().onKey?.(key, this) ?? false;
  }

  // ---- selection and editing operations -------------------------------------------------------

  select(ids: readonly string[]): void {
    this.update({ selection: [...new Set(ids)] });
  }
  selectAll(): void {
    this.select(
      this.features()
        .filter((f) => !f.locked && !f.hidden)
        .map((f) => f.id),
    );
  }
  clearSelection(): void {
    if (this.session.selection.length || this.session.selectedHex)
      this.update({ selection: [], selectedHex: null });
  }

  addFeature(f: Feature): void {
    this.commit((w) => w.putFeature(f));
    this.update({ hint: `${KIND_LABELS[f.kind]} ${f.id} added` });
  }
  replaceFeature(f: Feature): void {
    this.replaceFeatures([f]);
  }
  /** Commits edited versions of several features as one undo step; unchanged ones are skipped. */
  replaceFeatures(fs: readonly Feature[]): void {
    const changed = fs.filter(
      (f) => JSON.stringify(this.store.feature(f.id)) !== JSON.stringify(f),
    );
    if (changed.length) this.commit((w) => changed.forEach((f) => w.putFeature(f)));
  }

  deleteSelection(): void {
    const ids = this.session.selection.filter((id) => this.store.feature(id));
    if (!ids.length) return;
    this.commit((w) => w.deleteFeatures(ids));
    this.update({
      selection: [],
      hint: `Deleted ${ids.length} feature${ids.length > 1 ? 's' : ''}`,
    });
  }

  /** Copies of the selection, offset by 1", selected afterwards; one undo step. */
  duplicateSelection(offset = 1): void {
    const fs = this.selectedFeatures();
    if (!fs.length) return;
    const copies = this.withFreshIds(fs).map((f) =>
      transformFeature(f, translation(offset, offset)),
    );
    this.commit((w) => copies.forEach((f) => w.putFeature(f)));
    this.select(copies.map((f) => f.id));
  }

  private withFreshIds(fs: readonly Feature[]): Feature[] {
    return fs.map((f) => {
      const copy = { ...f, id: this.newId(f.kind) } as Feature;
      delete (copy as { locked?: boolean }).locked;
      return copy;
    });
  }

  nudge(dx: number, dy: number): void {
    const fs = this.selectedFeatures().filter((f) => !f.locked);
    if (!fs.length) return;
    this.replaceFeatures(fs.map((f) => transformFeature(f, translation(dx, dy))));
  }

  /** Moves the selection within the drawing order (later features draw on top). */
  reorder(how: 'front' | 'back' | 'forward' | 'backward'): void {
    const sel = new Set(this.session.selection);
    if (!sel.size) return;
    const ids = this.features().map((f) => f.id);
    let next: string[];
    if (how === 'front')
      next = [...ids.filter((id) => !sel.has(id)), ...ids.filter((id) => sel.has(id))];
    else if (how === 'back')
      next = [...ids.filter((id) => sel.has(id)), ...ids.filter((id) => !sel.has(id))];
    else {
      next = [...ids];
      const step = how === 'forward' ? 1 : -1;
      const order = how === 'forward' ? [...next.keys()].reverse() : [...next.keys()];
      for (const i of order) {
        const j = i + step;
        if (sel.has(next[i]!) && j >= 0 && j < next.length && !sel.has(next[j]!)) {
          [next[i], next[j]] = [next[j]!, next[i]!];
        }
      }
    }
    if (next.join('\n') !== ids.join('\n')) this.commit((w) => w.setFeatureOrder(next));
  }

  /** Sets or clears a flag (locked, hidden) on the given features; toggles when `value` is omitted. */
  setFlag(
    flag: 'locked' | 'hidden',
    ids: readonly string[] = this.session.selection,
    value?: boolean,
  ): void {
    const fs = ids.map((id) => this.store.feature(id)).filter((f): f is Feature => !!f);
    if (!fs.length) return;
    const on = value ?? !fs.every((f) => f[flag]);
    this.replaceFeatures(
      fs.map((f) => {
        const copy = { ...f };
        if (on) copy[flag] = true;
        else delete copy[flag];
        return copy;
      }),
    );
    if (on) this.select(this.session.selection.filter((id) => !ids.includes(id)));
  }

  undo(): void {
    this.cancelGesture();
    this.typed = null;
    this.store.undo();
  }
  redo(): void {
    this.cancelGesture();
    this.typed = null;
    this.store.redo();
  }

  cancelGesture(): void {
    this.currentTool().cancel?.(this);
    this.update({
      preview: null,
      overrides: new Map(),
      hexOverrides: new Map(),
      marquee: null,
      snapIndicator: null,
    });
  }

  /** The selection as clipboard text; kept internally too for when the system clipboard is denied. */
  copy(): string {
    const fs = this.selectedFeatures();
    if (!fs.length) return '';
    clipboard.text = JSON.stringify({ type: CLIPBOARD_TYPE, features: fs });
    clipboard.pastes = 0;
    return clipboard.text;
  }
  cut(): string {
    const text = this.copy();
    this.deleteSelection();
    return text;
  }

  /**
   * Pastes features copied from any document. Ids are always fresh; copies land offset when their
   * originals are in this document, so a paste never hides under what it was copied from.
   */
  paste(text: string = clipboard.text): boolean {
    let data: unknown;
    try {
      data = JSON.parse(text || clipboard.text);
    } catch {
      return false;
    }
    const payload = data as { type?: string; features?: unknown };
    if (payload.type !== CLIPBOARD_TYPE || !Array.isArray(payload.features)) return false;
    const fs = payload.features.filter(
      (f): f is Feature =>
        typeof f === 'object' &&
        f !== null &&
        (FEATURE_KINDS as readonly string[]).includes((f as Feature).kind),
    );
    if (!fs.length || this.isHex()) return false;
    const clash = fs.some((f) => this.store.feature(f.id));
    if (text === clipboard.text) clipboard.pastes++;
    const offset = clash ? clipboard.pastes || 1 : 0;
    const copies = this.withFreshIds(fs).map((f) =>
      offset ? transformFeature(f, translation(offset, offset)) : f,
    );
    this.commit((w) => copies.forEach((f) => w.putFeature(f)));
    this.select(copies.map((f) => f.id));
    return true;
  }

  // ---- hex maps -------------------------------------------------------------------------------

  hex(col: number, row: number): Hex {
    return (
      this.session.hexOverrides.get(`${col},${row}`) ??
      this.store.hexes.get(`${col},${row}`) ?? { col, row }
    );
  }
  hexDefaultTerrain(): string {
    return String(this.store.mapFields().defaultTerrain ?? 'clear');
  }
}

/** Table-inch bounds of a list of points; re-exported for tools. */
export { boxOfPoints };
