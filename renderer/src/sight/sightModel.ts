import type { Hex, Point, ScenarioDoc } from '../../../engine/format/types';
import type { SightMap } from '../../../engine/sight/sightMap';
import type { Editor } from '../editor/Editor';
import { setupOf } from '../forces/setupModel';
import { SightClient, type SightPort } from './sightClient';
import { buildSightRequest, type SightSettings, type SightViewer } from './sightRequest';

/**
 * Session state of the sight map of one open document: whether it is shown, who looks from
 * where, the last map worked out and what it stands for. Like the editor's session it is never
 * saved, undone or synced: the sight map changes nothing in the scenario.
 */
export interface SightSession {
  readonly on: boolean;
  readonly settings: SightSettings;
  /** The next click on the map picks the viewer's point. */
  readonly picking: boolean;
  /** The map shown, with the viewer and enemy it was worked out for. */
  readonly shown: {
    readonly map: SightMap;
    readonly viewers: readonly Point[];
    readonly viewerLabel: string;
    readonly enemyLabel?: string;
  } | null;
  /** Why no map is shown (no viewer yet, the ruleset has no line of sight...). */
  readonly problem: string | null;
  /** A map is being worked out. */
  readonly working: boolean;
}

/**
 * The scenario as it is on screen: the document with the features and hexes being dragged or
 * painted right now in their live places, so the sight map follows a drag before it is dropped.
 */
export function liveScenario(editor: Editor): ScenarioDoc {
  const doc = setupOf(editor).scenario();
  const { overrides, hexOverrides } = editor.session;
  if (doc.map.kind === 'table' && overrides.size) {
    return {
      ...doc,
      map: { ...doc.map, features: doc.map.features.map((f) => overrides.get(f.id) ?? f) },
    };
  }
  if (doc.map.kind === 'hex' && hexOverrides.size) {
    const hexes = new Map<string, Hex>(doc.map.hexes.map((h) => [`${h.col},${h.row}`, h]));
    for (const [key, h] of hexOverrides) hexes.set(key, h);
    return { ...doc, map: { ...doc.map, hexes: [...hexes.values()] } };
  }
  return doc;
}

export class SightModel {
  session: SightSession = {
    on: false,
    settings: { viewer: null, eye: 'man', enemy: 'auto' },
    picking: false,
    shown: null,
    problem: null,
    working: false,
  };
  private readonly listeners = new Set<() => void>();
  private client: SightClient | null = null;
  private offEditor: (() => void) | null = null;
  /** What the last request was built from, so camera moves and the like send nothing. */
  private sentFrom: { revision: number; overrides: unknown; hexes: unknown; settings: unknown } = {
    revision: -1,
    overrides: null,
    hexes: null,
    settings: null,
  };
  /** The request in flight, its labels and viewer points, shown with its answer. */
  private pending: Omit<NonNullable<SightSession['shown']>, 'map'>[] = [];
  /** Milliseconds from a request to its map on screen, the last few (for the status line). */
  readonly latencies: number[] = [];
  private sentAt: number[] = [];

  constructor(
    readonly editor: Editor,
    private readonly makePort?: () => SightPort,
  ) {}

  private update(patch: Partial<SightSession>): void {
    this.session = { ...this.session, ...patch };
    for (const l of this.listeners) l();
    // The canvas draws the sight layer on editor changes; nudge it.
    this.editor.update({});
  }
  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }

  /** Shows or hides the sight map; shown, it follows every edit and drag. */
  setOn(on: boolean): void {
    if (on === this.session.on) return;
    if (!on) {
      this.offEditor?.();
      this.offEditor = null;
      this.client?.dispose();
      this.client = null;
      this.pending = [];
      this.sentAt = [];
      this.sentFrom = { revision: -1, overrides: null, hexes: null, settings: null };
      this.update({ on: false, picking: false, shown: null, problem: null, working: false });
      return;
    }
    this.update({ on: true });
    const offSession = this.editor.subscribe(() => this.refresh());
    const offStore = this.editor.store.subscribe(() => this.refresh());
    this.offEditor = () => {
      offSession();
      offStore();
    };
    this.refresh();
  }

  setSettings(patch: Partial<SightSettings>): void {
    this.update({ settings: { ...this.session.settings, ...patch } });
    this.refresh();
  }

  setViewer(viewer: SightViewer | null): void {
    this.update({ picking: false });
    this.setSettings({ viewer });
  }

  setPicking(picking: boolean): void {
    this.update({ picking });
  }

  /** The click that picks a point, while picking; true when it was taken. */
  pick(table: Point): boolean {
    if (!this.session.on || !this.session.picking) return false;
    const { width, height } = this.editor.mapSize();
    if (table[0] < 0 || table[1] < 0 || table[0] > width || table[1] > height) {
      this.editor.update({ hint: 'Click inside the map to look from there' });
      return true;
    }
    const r = (n: number) => Math.round(n * 100) / 100;
    this.setViewer({ kind: 'point', at: [r(table[0]), r(table[1])] });
    return true;
  }

  /** Sends a new request when the scenario, a drag or the settings changed. */
  private refresh(): void {
    if (!this.session.on) return;
    const s = this.editor.session;
    const from = {
      revision: this.editor.store.revision,
      overrides: s.overrides,
      hexes: s.hexOverrides,
      settings: this.session.settings,
    };
    const was = this.sentFrom;
    if (
      was.revision === from.revision &&
      was.overrides === from.overrides &&
      was.hexes === from.hexes &&
      was.settings === from.settings
    ) {
      return;
    }
    this.sentFrom = from;
    const doc = liveScenario(this.editor);
    const built = buildSightRequest(doc, this.session.settings);
    if (!built.request) {
      this.update({ problem: built.problem ?? null, shown: null });
      return;
    }
    if (!this.client) {
      this.client = new SightClient(
        (map) => this.received(map),
        (message) => {
          this.pending = [];
          this.sentAt = [];
          this.update({ problem: message, working: false, shown: null });
        },
        this.makePort,
      );
    }
    const info = {
      viewers: built.request.viewers,
      viewerLabel: built.viewerLabel,
      ...(built.enemyLabel ? { enemyLabel: built.enemyLabel } : {}),
    };
    // A request still waiting is replaced, in the client and here.
    if (this.client.working && this.pending.length > 1) {
      this.pending[1] = info;
      this.sentAt[1] = performance.now();
    } else {
      this.pending.push(info);
      this.sentAt.push(performance.now());
    }
    this.client.request(built.request);
    if (!this.session.working || this.session.problem)
      this.update({ working: true, problem: null });
  }

  private received(map: SightMap): void {
    if (map.preview !== undefined) {
      // A quick preview of the request in flight: shown, and the request still waited for.
      const info = this.pending[0];
      if (info) this.update({ shown: { map, ...info }, working: true, problem: null });
      return;
    }
    const info = this.pending.shift();
    const at = this.sentAt.shift();
    if (at !== undefined) {
      this.latencies.push(performance.now() - at);
      if (this.latencies.length > 20) this.latencies.shift();
    }
    if (!info) return;
    this.update({
      shown: { map, ...info },
      working: this.client?.working ?? false,
      problem: null,
    });
  }
}

const models = new WeakMap<Editor, SightModel>();

/** The sight map of an open document (one per editor). */
export function sightOf(editor: Editor): SightModel {
  let m = models.get(editor);
  if (!m) {
    m = new SightModel(editor);
    models.set(editor, m);
  }
  return m;
}
