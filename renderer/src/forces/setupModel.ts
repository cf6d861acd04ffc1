import type { Json } from '../../../engine/document';
import type {
  Deployment,
  Edge,
  Forces,
  Objective,
  Point,
  RulesetRef,
  ScenarioCatalog,
  ScenarioDoc,
  Victory,
} from '../../../engine/format/types';
import { composeRulesetCatalog, type RulesetCatalog } from '../../../engine/forces';
import { scenarioProblems, type SetupProblem } from './scenarioProblems';
import {
  ChecksCancelled,
  runChecksOffThread,
  type ChecksProgress,
  type ChecksRun,
} from '../format/checksClient';
import type { Editor } from '../editor/Editor';
import { BUNDLED_CATALOGS } from '../../../engine/rulesets/registry';

/** What a set-up selection or problem can point at, besides map features. */
export type SetupKind = 'side' | 'formation' | 'unit' | 'objective' | 'zone' | 'edge' | 'feature';

export interface SetupItem {
  readonly kind: SetupKind;
  readonly id: string;
}

export type SetupTab = 'forces' | 'objectives' | 'catalog' | 'problems' | 'rules';

/** A rectangle being dragged out by a set-up tool, or a unit being turned to its facing. */
export type SetupPreview =
  | { kind: 'rect'; a: Point; b: Point }
  | { kind: 'unit'; unitId: string; at: Point; facing: number }
  | { kind: 'objective'; objectiveId: string; at: Point };

/**
 * Session state of the set-up editors: which set-up item is selected, the side new zones and
 * objectives belong to, the unit being placed, the open tab and the side the table is viewed as.
 * Like the editor's session it is never saved, undone or synced.
 */
export interface SetupSession {
  selected: SetupItem | null;
  activeSide: string | null;
  placing: string | null;
  preview: SetupPreview | null;
  /** Playtest view: hidden objectives of other sides are not shown. Null = the designer's view. */
  viewAs: string | null;
  tab: SetupTab;
}

/** How long the checks wait for edits to settle. */
const PROBLEMS_DELAY_MS = 150;

/** Any problem the problems panel shows: a layout problem or a force problem. */
export type { SetupProblem } from './scenarioProblems';

/**
 * The set-up editors' view of one open document: session state, the scenario as plain JSON and
 * its composed catalog (both recomputed once per document revision), and write helpers that each
 * commit one undo step through the store.
 */
export class SetupModel {
  session: SetupSession = {
    selected: null,
    activeSide: null,
    placing: null,
    preview: null,
    viewAs: null,
    tab: 'forces',
  };
  private listeners = new Set<() => void>();
  private version = 0;
  private cache: { revision: number; doc: ScenarioDoc; cat: RulesetCatalog } | null = null;
  private problemCache: { revision: number; list: SetupProblem[] } | null = null;
  private problemTimer: ReturnType<typeof setTimeout> | null = null;
  private checks: { run: ChecksRun; revision: number } | null = null;
  private progress: ChecksProgress | null = null;
  /** The revision whose checks the user stopped, so they are not started again by themselves. */
  private stoppedAt: number | null = null;

  constructor(readonly editor: Editor) {}

  update(patch: Partial<SetupSession>): void {
    this.session = { ...this.session, ...patch };
    this.version++;
    for (const l of this.listeners) l();
    // The canvas overlay redraws on editor session changes; nudge it so set-up previews show.
    this.editor.update({});
  }
  subscribe(l: () => void): () => void {
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  }
  get sessionVersion(): number {
    return this.version;
  }

  private fresh(): { doc: ScenarioDoc; cat: RulesetCatalog } {
    const revision = this.editor.store.revision;
    if (!this.cache || this.cache.revision !== revision) {
      const doc = this.editor.store.toScenario();
      const cat = composeRulesetCatalog(doc.ruleset, BUNDLED_CATALOGS, doc.catalog);
      this.cache = { revision, doc, cat };
    }
    return this.cache;
  }
  /** The scenario as plain JSON at the current revision (shared; do not mutate). */
  scenario(): ScenarioDoc {
    return this.fresh().doc;
  }
  /** The catalog the scenario plays with: bundled catalogs plus its own custom records. */
  catalog(): RulesetCatalog {
    return this.fresh().cat;
  }
  /**
   * Layout and force problems. The checks take a noticeable moment on a big table, so they run
   * shortly after the edits settle, not on every render, in a worker of their own; until then the
   * last list is returned and `problemsPending()` is true. Listeners are told how far a run is
   * (`checkProgress()`) and when a fresh list is in. A run overtaken by an edit is stopped and
   * started again on the new version; the user can stop one (`stopChecks()`).
   */
  problems(): SetupProblem[] {
    const revision = this.editor.store.revision;
    if (
      this.problemCache?.revision !== revision &&
      this.problemTimer === null &&
      this.checks?.revision !== revision &&
      this.stoppedAt !== revision
    ) {
      this.problemTimer = setTimeout(
        () => {
          this.problemTimer = null;
          this.startChecks();
        },
        this.problemCache ? PROBLEMS_DELAY_MS : 0,
      );
    }
    return this.problemCache?.list ?? [];
  }
  private startChecks(): void {
    const asked = this.editor.store.revision;
    if (this.problemCache?.revision === asked || this.stoppedAt === asked) return;
    const run = runChecksOffThread(this.scenario(), (p) => {
      if (this.checks?.run !== run) return;
      this.progress = p;
      this.update({});
    });
    if (!run) {
      this.computeProblems();
      this.update({});
      return;
    }
    this.checks = { run, revision: asked };
    this.progress = { fraction: 0, phase: 'table' };
    this.update({});
    const settle = () => {
      this.checks = null;
      this.progress = null;
    };
    run.result.then(
      (list) => {
        if (this.checks?.run !== run) return;
        settle();
        this.problemCache = { revision: asked, list };
        this.update({});
      },
      (err: unknown) => {
        if (this.checks?.run !== run) return;
        settle();
        // A worker that failed outright (not one that was stopped): check here instead.
        if (!(err instanceof ChecksCancelled)) this.computeProblems();
        this.update({});
      },
    );
  }
  /** How far the running checks are, or null when none is running. */
  checkProgress(): ChecksProgress | null {
    return this.checks ? this.progress : null;
  }
  /** Stops the running checks; they start again with the next edit or `recheck()`. */
  stopChecks(): void {
    const checks = this.checks;
    if (!checks) return;
    this.stoppedAt = checks.revision;
    this.checks = null;
    this.progress = null;
    checks.run.cancel();
    this.update({});
  }
  /** Whether the user stopped the checks of the document as it is now. */
  checksStopped(): boolean {
    return this.stoppedAt === this.editor.store.revision;
  }
  /** Runs the checks again after they were stopped. */
  recheck(): void {
    this.stoppedAt = null;
    this.update({});
  }
  /** Whether the document changed since the problems list was computed. */
  problemsPending(): boolean {
    return this.problemCache?.revision !== this.editor.store.revision;
  }
  /** Runs the checks now (tests, and the timer above). */
  computeProblems(): SetupProblem[] {
    const revision = this.editor.store.revision;
    const list = scenarioProblems(this.scenario());
    this.problemCache = { revision, list };
    return list;
  }

  /** The side new set-up items go to: the chosen one, else the first. */
  activeSide(): string | undefined {
    const sides = this.scenario().forces.sides;
    return sides.find((s) => s.id === this.session.activeSide)?.id ?? sides[0]?.id;
  }

  /** `typing` names a text field being typed into: its keystrokes merge into one undo step. */
  private setRoot(key: string, value: unknown, typing?: string): void {
    this.editor.commit((w) => w.setRoot(key, value as Json), typing);
  }
  setForces(forces: Forces, typing?: string): void {
    this.setRoot('forces', forces, typing);
  }
  editForces(fn: (f: Forces) => Forces, typing?: string): void {
    this.setForces(fn(this.scenario().forces), typing);
  }
  setObjectives(objectives: Objective[], typing?: string): void {
    this.setRoot('objectives', objectives, typing);
  }
  setVictory(victory: Victory, typing?: string): void {
    this.setRoot('victory', victory, typing);
  }
  setDeployment(deployment: Deployment): void {
    this.setRoot('deployment', deployment);
  }
  setCatalog(catalog: ScenarioCatalog): void {
    this.setRoot('catalog', catalog);
  }
  /** The scenario's rules: era layers and optional rules, interpretation choices (one undo step). */
  setRuleset(ruleset: RulesetRef): void {
    this.setRoot('ruleset', ruleset);
  }
  /** The figure scale every length is multiplied by (TP-21), or none for the base scale. */
  setFigureScale(scale: { figureScale?: string; factor: number } | undefined): void {
    this.editor.commit((w) => w.setMapField('scale', scale as Json | undefined));
  }
  /** Writes several top-level entries as one undo step. */
  patch(entries: Readonly<Record<string, unknown>>): void {
    this.editor.commit((w) => {
      for (const [k, v] of Object.entries(entries)) w.setRoot(k, v as Json);
    });
  }

  /**
   * A fresh collision-free id (`stem-k3j9x2ab`) for a side, formation, unit, objective, zone or
   * entry edge: two peers adding at once in a shared room never make the same one.
   */
  newId(stem: string): string {
    return this.editor.store.newId(stem);
  }
}

const models = new WeakMap<Editor, SetupModel>();

/** The set-up model of an editor (one per open document). */
export function setupOf(editor: Editor): SetupModel {
  let m = models.get(editor);
  if (!m) {
    m = new SetupModel(editor);
    models.set(editor, m);
  }
  return m;
}

/** The facing (degrees, 0 = east, 90 = south on screen) that looks away from an entry edge. */
export function facingAwayFrom(edge: Edge | undefined): number {
  switch (edge) {
    case 'north':
      return 90;
    case 'south':
      return -90;
    case 'west':
      return 0;
    case 'east':
      return 180;
    case undefined:
      return 0;
  }
}

/** The colour a side is drawn in: its own, or one of a fixed set by position. */
export function sideColour(doc: ScenarioDoc, sideId: string | undefined): string {
  const fallback = ['#3f6fb5', '#b53f3f', '#3f9b5a', '#b58f3f'];
  const i = doc.forces.sides.findIndex((s) => s.id === sideId);
  if (i < 0) return '#c9c9c9';
  return doc.forces.sides[i]!.colour ?? fallback[i % fallback.length]!;
}
