import { actionProblem, stopsHere } from '../game/actionSchema';
import { baselineTurn, type BotName } from '../game/bots/baseline';
import { searchTurn, type SearchOptions } from '../game/bots/search';
import { actionRng } from '../game/legal';
import type { BotExplanation } from '../game/gameDef';
import type { AnyPlaytestView, GameAction, LogLine, Viewer } from './view';

/**
 * The bots a side can be given in the playtest: a style of the ruleset's own bot, the random
 * baseline, or the search bot ('search', the strong one, which the screen runs on a worker).
 */
export type PlaytestBot = BotName;

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
  /**
   * Which bot plays each side the bot plays (a style, the random baseline or the search bot),
   * chosen in the set-up or taken from the scenario's playtest settings; balanced if absent.
   */
  readonly botStyles?: Readonly<Record<string, PlaytestBot>>;
  /**
   * The strong bot's strength (1 quick to `SEARCH_STRENGTHS.length`), as chosen in the set-up or
   * taken from the scenario's playtest settings; absent: the playtest's default.
   */
  readonly searchStrength?: number;
  /**
   * Why the bot played each of its gestures as it did, in the order played: session state for the
   * log's explanation view, never saved (a loaded game has none) and dropped with its gesture on
   * undo.
   */
  readonly botNotes?: readonly BotNote[];
}

/** The explanation of one bot gesture: which bot played which side, and why. */
export interface BotNote {
  /** Index into `entries` of the gesture's first action. */
  readonly at: number;
  readonly side: string;
  readonly bot: PlaytestBot;
  readonly explanation: BotExplanation;
}

/** Choices made when a game starts, besides the seed and who plays. */
export interface GameSettings {
  readonly clock?: boolean;
  readonly botStyles?: Readonly<Record<string, PlaytestBot>>;
  /** The strong bot's strength (see `PlaytestGame.searchStrength`). */
  readonly searchStrength?: number;
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
    ...(settings.searchStrength !== undefined ? { searchStrength: settings.searchStrength } : {}),
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

/** Takes back the last gesture (and the bot's explanation of it, if it was the bot's). */
export function undoLast(game: PlaytestGame): PlaytestGame {
  if (game.entries.length === 0) return game;
  const mark = game.marks.length ? game.marks[game.marks.length - 1]! : game.entries.length - 1;
  const notes = game.botNotes?.filter((n) => n.at < mark);
  return {
    ...game,
    entries: game.entries.slice(0, mark),
    marks: game.marks.slice(0, -1),
    ...(notes ? { botNotes: notes } : {}),
  };
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

/** The bot that plays a side: the game's choice for it, or balanced. */
export function botFor(game: PlaytestGame, side: string): PlaytestBot {
  const chosen = game.botStyles;
  // An own property: a side id such as "toString" must not pick up an object's built-in.
  return chosen && Object.hasOwn(chosen, side) ? chosen[side]! : 'balanced';
}

/** A bot's side turn as the session applies it: its actions and, if it gave one, its reasons. */
export interface BotPlay {
  readonly actions: readonly GameAction[];
  readonly explanation?: BotExplanation;
}

/**
 * The seed of the random baseline's choices for the gesture starting at action `at`: drawn from
 * the game's seed and the place in the log, so a replayed or undone game plays the same again.
 */
export function botSeed(game: PlaytestGame, at = game.entries.length): number {
  return (Math.imul(game.seed | 0, 0x9e3779b1) ^ Math.imul(at + 1, 0x85ebca6b)) >>> 0;
}

/**
 * A fast bot's side turn now (a style or the random baseline), played on this thread. The search
 * bot thinks for seconds, so the screen asks a worker for its turn and applies it with
 * `applyBotTurn`; asked here, it is answered with the balanced bot's turn.
 */
export function fastBotPlay(
  game: PlaytestGame,
  side: string,
  bot = botFor(game, side),
  /** Where to play from, when not the current state: the state and its place in the log. */
  from: { readonly state: unknown; readonly at: number } = {
    state: currentState(game),
    at: game.entries.length,
  },
): BotPlay {
  const { state, at } = from;
  const rules = game.view.game;
  if (bot === 'random') return baselineTurn(rules, state, side, actionRng(botSeed(game, at)));
  const style = bot === 'cautious' || bot === 'aggressive' ? bot : 'balanced';
  return rules.bot(state, side, style);
}

/**
 * The search bot's side turn now: what the screen's worker runs on a game it replayed from the
 * log. Seeded from the game's seed and the place in the log, so the same game asks the same
 * question; `options` bound it (strength, a deadline with its clock, a stop, progress) and may say
 * which styles the other side plays (`otherStyles`, read from the log by `LogStyleReader`), which
 * the explanation then names.
 */
export function searchBotPlay(
  game: PlaytestGame,
  side: string,
  options: Omit<SearchOptions, 'seed'> = {},
): BotPlay {
  const play = searchTurn(game.view.game, currentState(game), side, {
    ...options,
    seed: botSeed(game),
  });
  const read = options.otherStyles;
  if (!play.explanation || !read || read.length === 0) return play;
  // What the search took the other side for: its last turns were those of these styles.
  const names = read.length === 1 ? `the ${read[0]} bot` : `the ${read.join(' or ')} bots`;
  const note = `the other side played its last turns as ${names} would: the games played ahead play it that way`;
  return {
    ...play,
    explanation: { ...play.explanation, notes: [...play.explanation.notes, note] },
  };
}

/**
 * Applies a bot's side turn as one gesture of the log, with its explanation kept beside it for the
 * log's view (session state: saving writes the actions only). A bot with nothing to do ends its
 * side's phase, so the game cannot stall on a silent bot.
 */
export function applyBotTurn(
  game: PlaytestGame,
  side: string,
  play: BotPlay,
  bot = botFor(game, side),
): ApplyResult {
  const actions = play.actions.length
    ? play.actions
    : [game.view.game.endPhaseAction(currentState(game), side)];
  const r = applyActions(game, actions);
  if (!r.ok || !play.explanation) return r;
  const note: BotNote = { at: game.entries.length, side, bot, explanation: play.explanation };
  return { ...r, game: { ...r.game, botNotes: [...(game.botNotes ?? []), note] } };
}

/**
 * The bot plays a side's part of the current phase with a fast bot (the one chosen for the side,
 * or balanced for the search bot, which a worker plays), as one gesture of the log.
 */
export function botTurn(game: PlaytestGame, side: string): ApplyResult {
  const bot = botFor(game, side);
  const fast = bot === 'search' ? 'balanced' : bot;
  return applyBotTurn(game, side, fastBotPlay(game, side, fast), fast);
}
