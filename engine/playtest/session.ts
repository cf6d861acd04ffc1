import { actionProblem, stopsHere } from '../game/actionSchema';
import { playSide } from '../game/simulate';
import type { BotStyle } from '../game/gameDef';
import type { AnyPlaytestView, GameAction, LogLine, Viewer } from './view';

/** Who plays a side: a person at this device, or the bot. */
export type Controller = 'human' | 'bot';

/** One accepted action with what it did. */
export interface LogEntry {
  readonly index: number;
  readonly action: GameAction;
  readonly events: readonly unknown[];
  /** State after the action. */
  readonly state: unknown;
}

/**
 * A playtest in progress: the ruleset, the seed and the log of accepted actions, with the state
 * after each one. Everything else (the board, the log text, undo, replay) is derived from it,
 * since the reducer is pure and the dice live in the state. Values are immutable: every change
 * returns a new game, which is what React state wants.
 */
export interface PlaytestGame {
  readonly view: AnyPlaytestView;
  readonly seed: number;
  readonly controllers: Readonly<Record<string, Controller>>;
  readonly start: unknown;
  readonly entries: readonly LogEntry[];
  /** Indices into `entries` where each user gesture began: undo goes back to the last mark. */
  readonly marks: readonly number[];
  /** Play the phases the rules time (Tankplank movement, TP-4.3) against a real-time clock. */
  readonly clock: boolean;
  /** How the bot plays each side it plays (the scenario's playtest settings); balanced if absent. */
  readonly botStyles?: Readonly<Record<string, BotStyle>>;
}

/** Choices made when a game starts, besides the seed and who plays. */
export interface GameSettings {
  readonly clock?: boolean;
  readonly botStyles?: Readonly<Record<string, BotStyle>>;
}

export function startGame(
  view: AnyPlaytestView,
  seed: number,
  controllers: Readonly<Record<string, Controller>>,
  settings: GameSettings = {},
): PlaytestGame {
  return {
    view,
    seed,
    controllers,
    start: view.game.newGame({ seed }),
    entries: [],
    marks: [],
    clock: settings.clock === true,
    ...(settings.botStyles ? { botStyles: settings.botStyles } : {}),
  };
}

/** The current state. */
export function currentState(game: PlaytestGame): unknown {
  return game.entries.length ? game.entries[game.entries.length - 1]!.state : game.start;
}

/** The state after the first `n` actions (replay). */
export function stateAt(game: PlaytestGame, n: number): unknown {
  if (n <= 0) return game.start;
  return game.entries[Math.min(n, game.entries.length) - 1]!.state;
}

export type ApplyResult =
  | { readonly ok: true; readonly game: PlaytestGame; readonly events: readonly unknown[] }
  | { readonly ok: false; readonly reason: string; readonly ruleId?: string };

/**
 * Applies actions as one gesture (one undo step). Stops at the first refusal and reports it; the
 * actions accepted before it stay applied.
 */
export function applyActions(game: PlaytestGame, actions: readonly GameAction[]): ApplyResult {
  let state = currentState(game);
  const entries = [...game.entries];
  const events: unknown[] = [];
  for (const action of actions) {
    const r = game.view.game.reduce(state, action);
    if (!r.ok) {
      if (entries.length === game.entries.length)
        return { ok: false, reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) };
      break;
    }
    state = r.state;
    entries.push({ index: entries.length, action, events: r.events, state });
    events.push(...r.events);
  }
  return {
    ok: true,
    game: { ...game, entries, marks: [...game.marks, game.entries.length] },
    events,
  };
}

/** Takes back the last gesture. */
export function undoLast(game: PlaytestGame): PlaytestGame {
  if (game.entries.length === 0) return game;
  const mark = game.marks.length ? game.marks[game.marks.length - 1]! : game.entries.length - 1;
  return { ...game, entries: game.entries.slice(0, mark), marks: game.marks.slice(0, -1) };
}

/** Replays a saved log; refusals mean the record does not match this engine. */
export function replayGame(
  view: AnyPlaytestView,
  seed: number,
  controllers: Readonly<Record<string, Controller>>,
  actions: readonly GameAction[],
  marks: readonly number[] = [],
  settings: GameSettings = {},
): { game: PlaytestGame; refused: { index: number; reason: string }[] } {
  const game = startGame(view, seed, controllers, settings);
  let state = game.start;
  const entries: LogEntry[] = [];
  const refused: { index: number; reason: string }[] = [];
  const schema = view.game.actions;
  for (const [index, action] of actions.entries()) {
    // A saved game comes from outside: each action is checked against the ruleset's schema
    // before the reducer sees it, and the first malformed one ends the game there.
    const wrong = schema ? actionProblem(schema, action) : undefined;
    if (wrong !== undefined) {
      refused.push({
        index,
        reason: `${wrong}; ${stopsHere(index)}`,
      });
      break;
    }
    const r = view.game.reduce(state, action);
    if (!r.ok) {
      refused.push({ index, reason: r.reason });
      continue;
    }
    state = r.state;
    entries.push({ index: entries.length, action, events: r.events, state });
  }
  const validMarks = marks.filter((m) => m >= 0 && m < entries.length);
  return { game: { ...game, entries, marks: validMarks }, refused };
}

/** A readable log line with the action it came from. */
export interface ShownLine extends LogLine {
  readonly action: number;
}

/** The log as a viewer may read it, up to the first `upTo` actions. */
export function readableLog(
  game: PlaytestGame,
  viewer: Viewer,
  upTo = game.entries.length,
): ShownLine[] {
  const out: ShownLine[] = [];
  for (const e of game.entries.slice(0, upTo)) {
    for (const ev of e.events) {
      if (!game.view.game.eventVisible(ev, viewer, e.state)) continue;
      for (const line of game.view.describe(ev, e.state, viewer))
        out.push({ ...line, action: e.index });
    }
  }
  return out;
}

/**
 * Takes back the last gesture of a person: the bot's gestures after it go too (otherwise the bot
 * would at once play again what was undone). With only bots playing, takes back one gesture.
 */
export function undoLastHuman(game: PlaytestGame): PlaytestGame {
  const humans = Object.values(game.controllers).some((c) => c === 'human');
  if (!humans) return undoLast(game);
  let g = game;
  for (;;) {
    const mark = g.marks.length ? g.marks[g.marks.length - 1]! : g.entries.length - 1;
    const entry = g.entries[mark];
    if (!entry) return g;
    const side = g.view.game.actionSide(stateAt(g, mark), entry.action);
    g = undoLast(g);
    if (side === undefined || g.controllers[side] !== 'bot') return g;
  }
}

/**
 * The bot plays a side's part of the current phase through the headless driver (the same code
 * the CLI, the bench and the balance lab run), as one gesture of the log.
 */
export function botTurn(game: PlaytestGame, side: string): ApplyResult {
  const style = game.botStyles?.[side];
  const turn = playSide(game.view.game, currentState(game), side, {
    kind: 'bot',
    ...(style ? { style } : {}),
  });
  if ('refused' in turn) return { ok: false, reason: turn.refused };
  return applyActions(game, turn.actions);
}
