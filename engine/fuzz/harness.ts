import { checkForces, composeRulesetCatalog } from '../forces';
import { decodeUtf8, loadDocumentBytes, type Problem, type ScenarioDoc } from '../format';
import { utf8 } from './mutations';
import { playSide } from '../game/simulate';
import { replay } from '../game/replay';
import type { GameAction } from '../game/gameDef';
import { checkLayout } from '../layout/layoutChecks';
import { parseGame, replayGame, currentState } from '../playtest';
import type { RulesetLookup } from '../rulesets/lookup';

/**
 * What the fuzz suite does with one file: everything a stranger's file goes through in the app
 * and the CLI. A scenario is loaded, checked (layout, forces), its game started, a few bot turns
 * played, the log replayed (it must reach the same state), and its units selected as the
 * playtest screen does. A saved game is parsed, its scenario loaded and its log replayed. Any
 * exception, any step slower than its bound, and any change to the built-in prototypes is a
 * failure; a refusal with located problems is the loader doing its job.
 */

export type Step = 'load' | 'checks' | 'start' | 'bot' | 'replay' | 'select';

/** Bounds per step, in ms: generous (shared CI machines), far below a hang. */
export const STEP_BOUNDS: Readonly<Record<Step, number>> = {
  load: 5_000,
  checks: 15_000,
  start: 5_000,
  bot: 20_000,
  replay: 10_000,
  select: 15_000,
};

export type Outcome =
  /** The loader (or the saved-game reader) refused the file with located problems. */
  | { readonly kind: 'refused'; readonly problems: readonly string[] }
  /** Loaded and checked; no rules engine to play it, or the engine declined it with a reason. */
  | { readonly kind: 'checked'; readonly layoutProblems: number; readonly note?: string }
  /** Played: started, bot turns, replayed, selected. */
  | { readonly kind: 'played'; readonly actions: number; readonly refusedOnReplay: number };

export type Failure =
  | { readonly kind: 'crash'; readonly step: Step; readonly error: string }
  | { readonly kind: 'slow'; readonly step: Step; readonly ms: number; readonly bound: number }
  | { readonly kind: 'pollution'; readonly step: Step; readonly what: string }
  | { readonly kind: 'diverged'; readonly detail: string };

export interface CaseReport {
  readonly outcome?: Outcome;
  readonly failure?: Failure;
  readonly ms: Partial<Record<Step, number>>;
}

export interface HarnessOptions {
  /** Milliseconds from some fixed point; the engine takes time as input. */
  readonly now: () => number;
  /** The rulesets the files are played with (the registry's `BUNDLED_RULESETS`). */
  readonly rulesets: RulesetLookup;
  /** Bot side turns to play after the start. */
  readonly sideTurns?: number;
  /** Units selected in the playtest view. */
  readonly selections?: number;
  readonly seed?: number;
}

const PROTOTYPES: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['Function.prototype', Function.prototype],
  ['String.prototype', String.prototype],
];

function prototypeShape(): string {
  return PROTOTYPES.map(
    ([name, p]) =>
      `${name}:${Object.getOwnPropertyNames(p).sort().join(',')}:${Object.getPrototypeOf(p) === null}`,
  ).join('|');
}

const CLEAN = prototypeShape();

/** Something a file put on a built-in prototype, or undefined. */
function pollution(): string | undefined {
  const probe = {} as Record<string, unknown>;
  if (probe['polluted'] !== undefined) return 'Object.prototype.polluted is set';
  const now = prototypeShape();
  return now === CLEAN ? undefined : `a built-in prototype changed: ${now.slice(0, 200)}`;
}

class Failed extends Error {
  constructor(readonly failure: Failure) {
    super(failure.kind);
  }
}

/** Runs one step under its bound, turning exceptions and pollution into failures. */
function stepper(options: HarnessOptions, ms: Partial<Record<Step, number>>) {
  return <T>(step: Step, fn: () => T): T => {
    const start = options.now();
    let value: T;
    try {
      value = fn();
    } catch (error) {
      if (error instanceof Failed) throw error;
      const text =
        error instanceof Error ? `${error.name}: ${error.message}` : `thrown: ${String(error)}`;
      throw new Failed({ kind: 'crash', step, error: text.slice(0, 500) });
    }
    const took = options.now() - start;
    ms[step] = (ms[step] ?? 0) + took;
    if (took > STEP_BOUNDS[step])
      throw new Failed({ kind: 'slow', step, ms: Math.round(took), bound: STEP_BOUNDS[step] });
    const dirty = pollution();
    if (dirty) throw new Failed({ kind: 'pollution', step, what: dirty });
    return value;
  };
}

const problemText = (p: Problem) => `${p.pointer || '/'}: ${p.message}`;

/** One scenario file, from its bytes. */
export function runScenarioFile(bytes: Uint8Array, options: HarnessOptions): CaseReport {
  const ms: Partial<Record<Step, number>> = {};
  const step = stepper(options, ms);
  try {
    const loaded = step('load', () => loadDocumentBytes(bytes, { file: 'fuzz.json' }));
    if (!loaded.ok) {
      return { ms, outcome: { kind: 'refused', problems: loaded.problems.map(problemText) } };
    }
    if (loaded.format !== 'sandtable.scenario')
      return { ms, outcome: { kind: 'checked', layoutProblems: 0, note: loaded.format } };
    return { ms, outcome: playScenario(loaded.doc as ScenarioDoc, options, step) };
  } catch (error) {
    if (error instanceof Failed) return { ms, failure: error.failure };
    throw error;
  }
}

function playScenario(
  doc: ScenarioDoc,
  options: HarnessOptions,
  step: ReturnType<typeof stepper>,
): Outcome {
  const layout = step('checks', () => {
    const { rulesets } = options;
    const cat = composeRulesetCatalog(doc.ruleset, rulesets.catalogs, doc.catalog);
    checkForces(doc.ruleset, doc.forces, cat, rulesets);
    return checkLayout(doc, rulesets.catalogs, { rulesets });
  });
  const module = options.rulesets.get(doc.ruleset.id);
  if (!module?.game) return { kind: 'checked', layoutProblems: layout.length, note: 'no engine' };
  const started = step('start', () => {
    const made = module.game!(doc);
    if (!made.ok) return undefined;
    const view = made.view();
    return { view, game: made.game, state: made.game.newGame({ seed: options.seed ?? 1 }) };
  });
  if (!started)
    return { kind: 'checked', layoutProblems: layout.length, note: 'the engine declined it' };
  const { view, game } = started;
  const start = started.state;
  const actions: GameAction[] = [];
  const state = step('bot', () => {
    let s = start;
    for (let i = 0; i < (options.sideTurns ?? 2); i++) {
      const status = game.status(s);
      const side = status.waitingFor[0];
      if (status.over || side === undefined) break;
      const turn = playSide(game, s, side);
      if ('refused' in turn) break;
      actions.push(...turn.actions);
      s = turn.state;
    }
    return s;
  });
  const replayed = step('replay', () => replay(game.reduce.bind(game), start, actions));
  if (replayed.refused.length || replayed.hash !== game.hash(state)) {
    throw new Failed({
      kind: 'diverged',
      detail: replayed.refused.length
        ? `action ${replayed.refused[0]!.action} refused on replay: ${replayed.refused[0]!.reason}`
        : 'the replay reached another state',
    });
  }
  step('select', () => {
    // What the playtest screen asks when a unit is selected.
    view.phase(state);
    view.score(state);
    view.objectives(state, null);
    for (const c of view.counters(state, null).slice(0, options.selections ?? 4)) {
      view.commands(state, c.id);
      view.reachable(state, c.id);
      view.weapons(state, c.id);
      for (const side of game.sides) view.canAct(state, c.id, side.id);
    }
  });
  return { kind: 'played', actions: actions.length, refusedOnReplay: 0 };
}

/** One saved game (or action log wrapped in one), from its text. */
export function runGameFile(bytes: Uint8Array, options: HarnessOptions): CaseReport {
  const ms: Partial<Record<Step, number>> = {};
  const step = stepper(options, ms);
  try {
    const parsed = step('load', () => {
      const decoded = decodeUtf8(bytes);
      if (!decoded.ok) return { ok: false as const, problems: [decoded.problem.message] };
      return parseGame(decoded.text);
    });
    if (!parsed.ok) return { ms, outcome: { kind: 'refused', problems: parsed.problems } };
    const doc = parsed.doc;
    const scenario = step('load', () =>
      loadDocumentBytes(utf8(JSON.stringify(doc.scenario)), {
        file: 'game.json#/scenario',
        expect: ['sandtable.scenario'],
      }),
    );
    if (!scenario.ok)
      return { ms, outcome: { kind: 'refused', problems: scenario.problems.map(problemText) } };
    const module = options.rulesets.get((scenario.doc as ScenarioDoc).ruleset.id);
    if (!module?.game)
      return { ms, outcome: { kind: 'checked', layoutProblems: 0, note: 'no engine' } };
    const made = step('start', () => module.game!(scenario.doc as ScenarioDoc));
    if (!made.ok) return { ms, outcome: { kind: 'checked', layoutProblems: 0, note: made.reason } };
    const view = step('start', () => made.view());
    const { game, refused } = step('replay', () =>
      replayGame(view, doc.seed, doc.controllers, doc.actions, doc.marks),
    );
    step('select', () => {
      const state = currentState(game);
      for (const c of view.counters(state, null).slice(0, options.selections ?? 4)) {
        view.commands(state, c.id);
        view.weapons(state, c.id);
      }
    });
    return {
      ms,
      outcome: { kind: 'played', actions: doc.actions.length, refusedOnReplay: refused.length },
    };
  } catch (error) {
    if (error instanceof Failed) return { ms, failure: error.failure };
    throw error;
  }
}

/**
 * A saved game to mutate: a short bot game on `doc` as the playtest screen saves it (the
 * scenario, seed, who played and the action log), or undefined when no engine plays it.
 */
export function sampleGameText(
  doc: ScenarioDoc,
  rulesets: RulesetLookup,
  sideTurns = 4,
  seed = 7,
): string | undefined {
  const made = rulesets.get(doc.ruleset.id)?.game?.(doc);
  if (!made?.ok) return undefined;
  const game = made.game;
  let state = game.newGame({ seed });
  const actions: GameAction[] = [];
  for (let i = 0; i < sideTurns; i++) {
    const status = game.status(state);
    const side = status.waitingFor[0];
    if (status.over || side === undefined) break;
    const turn = playSide(game, state, side);
    if ('refused' in turn) break;
    actions.push(...turn.actions);
    state = turn.state;
  }
  return JSON.stringify({
    format: 'sandtable.game',
    formatVersion: 1,
    app: { name: 'sandtable', version: 'fuzz' },
    scenario: doc,
    ruleset: game.rulesetId,
    seed,
    controllers: Object.fromEntries(game.sides.map((s) => [s.id, 'bot'])),
    actions,
    marks: [],
    stateHash: game.hash(state),
  });
}
