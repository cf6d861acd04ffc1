import type { RngState } from '../random/dice';
import type {
  BoardPiece,
  BotStyle,
  GameAction,
  GameDef,
  GameResult,
  ObjectiveHolding,
  SideTurn,
} from './gameDef';
import { hashState } from './stateHash';

/**
 * The one headless driver: plays a game from a seed with a bot or an action source per side until
 * it ends or a cap, for the screen's bot turns, `sandtable play --bot`, the bench, the balance lab
 * and the golden runner. Forced dice live here too: they are a test driver feature, so no ruleset
 * has a "force dice" action a saved file could carry.
 */

/** Who plays a side in a headless game. */
export type Player<S = unknown, A extends GameAction = GameAction> =
  | { readonly kind: 'bot'; readonly style?: BotStyle }
  /** Actions from elsewhere (a test, a network peer): the driver applies them with the reducer. */
  | { readonly kind: 'source'; next(state: S, side: string): readonly A[] };

export interface SimulateOptions<S, A extends GameAction, E = unknown> {
  readonly seed: number;
  readonly turnLimit?: number;
  /** Per side; a side not named is played by the balanced bot. */
  readonly players?: Readonly<Record<string, Player<S, A>>>;
  /** Stops after this many side turns even if the game is not over (a guard against a stuck bot). */
  readonly maxSideTurns?: number;
  /**
   * Game turns in a row without progress (no shot, no piece lost or brought on, no move toward
   * an enemy, no objective changing hands) after which the game ends as stalled; default
   * `STALL_TURNS`, 0 turns the detector off (a replay of a recorded game).
   */
  readonly stallTurns?: number;
  /**
   * A budget of time for the whole game, read between side turns with `now` (milliseconds; the
   * engine takes time as input): past it the game ends as stalled. A bot that never returns from
   * one side turn is stopped by its caller (the lab ends the thread), not here.
   */
  readonly timeBudget?: { readonly ms: number; readonly now: () => number };
  /** Dice the game rolls first, before the seeded ones (tests only). */
  readonly forcedDice?: readonly number[];
  /** Keep every action (for a saved log or a replay check); off for speed in the balance lab. */
  readonly record?: boolean;
  /**
   * Sees the state at the start and after every side turn, with that side turn's events (the
   * balance lab notes who fell where, and where the kills were made from). It must not keep the
   * game from going on: what it returns is ignored.
   */
  readonly observe?: (state: S, sideTurns: number, events: readonly E[]) => void;
}

export interface SimulateResult<S, A> {
  readonly state: S;
  readonly actions: readonly A[];
  readonly result: GameResult | undefined;
  readonly hash: string;
  readonly sideTurns: number;
  readonly events: number;
  /**
   * Why the driver stopped: the game ended; the cap of side turns; a side that could not go on
   * (its action refused); or no progress for `stallTurns` turns or past the time budget.
   */
  readonly stoppedBy: StopReason;
  /** What stopped a game that did not end, in words (the reducer's for an action refused). */
  readonly reason?: string;
  /** The side that stalled or was stuck: the one that went longest without progress. */
  readonly stalledSide?: string;
}

/** Why a headless game stopped; every reason but 'over' is a game that did not finish. */
export type StopReason = 'over' | 'cap' | 'stuck' | 'stalled';

/** Game turns without progress after which a headless game ends as stalled (`stallTurns`). */
export const STALL_TURNS = 10;

/**
 * The time budget the command line and the lab give one bot game (`timeBudget`): many times what
 * any game the schemas accept takes (under 10 s), so only a game that went wrong meets it.
 */
export const GAME_TIME_BUDGET_MS = 120_000;

/**
 * Side turns without progress that end a game as stalled even while the turn does not move on
 * (a deployment or a phase that starts again for ever): many times more than any game's longest
 * quiet stretch.
 */
const STALL_SIDE_TURNS_PER_TURN = 40;

/**
 * Events that are shots, by the words rulesets name them with (a shot, a fire, an attack, a
 * grenade, a mortar round, a battle): a shot that misses is still progress.
 */
const SHOT_EVENT = /shot|fire|attack|grenade|mortar|battle|hit/i;

function hasShot(events: readonly unknown[]): boolean {
  for (const e of events) {
    const type = (e as { type?: unknown } | null)?.type;
    if (typeof type === 'string' && !/^no[A-Z]/.test(type) && SHOT_EVENT.test(type)) return true;
  }
  return false;
}

/**
 * Sees a game side turn by side turn and says whether it made progress: a shot, a piece lost or
 * brought on (or off) the board, a piece that ended nearer its nearest enemy, an objective that
 * changed hands. A game without `pieces` or `objectives` is judged by what it does report.
 */
class ProgressWatch<S> {
  /**
   * The state after the last side turn, with what was read of it. A turn with a shot is progress
   * whatever else happened, so nothing is read of its state until a later turn without a shot
   * needs it to compare (pieces and objective holders cost a walk over the game each time).
   */
  private last: Snapshot<S>;

  constructor(
    private readonly game: Pick<GameDef<S>, 'pieces' | 'objectives'>,
    state: S,
  ) {
    this.last = { state };
  }

  private piecesOf(shot: Snapshot<S>): Map<string, BoardPiece> | undefined {
    if (!('pieces' in shot)) {
      const list = this.game.pieces?.(shot.state);
      shot.pieces = list ? new Map(list.map((p) => [p.id, p])) : undefined;
    }
    return shot.pieces;
  }

  private holdersOf(shot: Snapshot<S>): string | undefined {
    if (!('holders' in shot)) {
      const list: readonly ObjectiveHolding[] | undefined = this.game.objectives?.(
        shot.state,
        NO_LACKING,
      );
      shot.holders = list?.map((o) => `${o.id}=${o.holder ?? ''}`).join(',');
    }
    return shot.holders;
  }

  /** Whether the side turn that led to `state` with `events` made progress. */
  after(state: S, events: readonly unknown[]): boolean {
    const last = this.last;
    const next: Snapshot<S> = { state };
    this.last = next;
    if (hasShot(events)) return true;
    if (this.holdersOf(next) !== this.holdersOf(last)) return true;
    const before = this.piecesOf(last);
    const now = this.piecesOf(next);
    if (!before || !now) return false;
    for (const p of now.values()) {
      const was = before.get(p.id);
      if (!was || was.alive !== p.alive || (was.at === null) !== (p.at === null)) return true;
      if (!p.at || !was.at || (p.at[0] === was.at[0] && p.at[1] === was.at[1])) continue;
      if (nearestEnemy(now, p.side, p.at) < nearestEnemy(before, p.side, was.at) - 1e-6)
        return true;
    }
    for (const id of before.keys()) if (!now.has(id)) return true;
    return false;
  }
}

/** The watch reads only who holds an objective, not what its owner lacks. */
const NO_LACKING = { lacking: false } as const;

/** A state the progress watch has seen, and what it has read of it so far. */
interface Snapshot<S> {
  readonly state: S;
  pieces?: Map<string, BoardPiece> | undefined;
  holders?: string | undefined;
}

function nearestEnemy(
  pieces: ReadonlyMap<string, BoardPiece>,
  side: string,
  at: readonly [number, number],
): number {
  let best = Infinity;
  for (const q of pieces.values()) {
    if (q.side === side || !q.alive || !q.at) continue;
    best = Math.min(best, Math.hypot(q.at[0] - at[0], q.at[1] - at[1]));
  }
  return best;
}

/** Puts rolls in front of the game's seeded dice. */
export function withForcedDice<S>(
  game: { readonly dice: GameDef<S>['dice'] },
  state: S,
  rolls: readonly number[],
): S {
  const rng: RngState = game.dice.get(state);
  return game.dice.set(state, { ...rng, forced: [...(rng.forced ?? []), ...rolls] });
}

/**
 * Plays one side's part of the current phase with a player: the bot plans and applies its own
 * actions; a source's actions go through the reducer one by one. When the player has nothing to
 * do, the side's phase is ended for it so the game cannot stall on a silent player.
 */
export function playSide<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  state: S,
  side: string,
  player: Player<S, A> = { kind: 'bot' },
): SideTurn<S, A, E> | { readonly refused: string } {
  if (player.kind === 'bot') {
    const turn = game.bot(state, side, player.style);
    return turn.actions.length ? turn : applyAll(game, state, [game.endPhaseAction(state, side)]);
  }
  const actions = player.next(state, side);
  return applyAll(game, state, actions.length ? actions : [game.endPhaseAction(state, side)]);
}

function applyAll<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  actions: readonly A[],
): SideTurn<S, A, E> | { readonly refused: string } {
  let state = start;
  const events: E[] = [];
  for (const [i, action] of actions.entries()) {
    const r = game.reduce(state, action);
    if (!r.ok) return { refused: `action ${i} (${action.type}): ${r.reason}` };
    state = r.state;
    events.push(...r.events);
  }
  return { actions, state, events };
}

/** Plays a whole game headless. The same game, seed and players always give the same result. */
export function simulate<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  options: SimulateOptions<S, A, E>,
): SimulateResult<S, A> {
  let state = game.newGame({
    seed: options.seed,
    ...(options.turnLimit !== undefined ? { turnLimit: options.turnLimit } : {}),
  });
  if (options.forcedDice?.length) state = withForcedDice(game, state, options.forcedDice);
  options.observe?.(state, 0, []);
  const cap = options.maxSideTurns ?? 2000;
  const stallTurns = options.stallTurns ?? STALL_TURNS;
  const watch = stallTurns > 0 ? new ProgressWatch(game, state) : undefined;
  const budget = options.timeBudget;
  const startedAt = budget?.now();
  // The turn and side turn of each side's last progress (a side's own turn that made some).
  const firstTurn = game.status(state).turn;
  const lastProgress = new Map(game.sides.map((s) => [s.id, { turn: firstTurn, sideTurn: 0 }]));
  let quietSideTurns = 0;
  const actions: A[] = [];
  let events = 0;
  let sideTurns = 0;
  let stoppedBy: StopReason = 'cap';
  let reason: string | undefined;
  let stalledSide: string | undefined;
  // The side that went longest without progress (the first of them in the game's order).
  const laggard = () => {
    let worst: string | undefined;
    let at = Infinity;
    for (const [id, p] of lastProgress)
      if (p.sideTurn < at) {
        at = p.sideTurn;
        worst = id;
      }
    return worst;
  };
  while (sideTurns < cap) {
    const status = game.status(state);
    if (status.over) {
      stoppedBy = 'over';
      break;
    }
    const side = status.waitingFor[0];
    if (side === undefined) {
      stoppedBy = 'stuck';
      reason = `nobody is asked to act in turn ${status.turn}, ${status.phase}`;
      break;
    }
    if (budget && budget.now() - startedAt! > budget.ms) {
      stoppedBy = 'stalled';
      stalledSide = side;
      reason = `${side} was to act in turn ${status.turn}, ${status.phase}, when the game's time budget of ${budget.ms / 1000} s ran out`;
      break;
    }
    const turn = playSide(game, state, side, options.players?.[side]);
    sideTurns++;
    if ('refused' in turn) {
      stoppedBy = 'stuck';
      stalledSide = side;
      reason = `${side}: ${turn.refused}`;
      break;
    }
    state = turn.state;
    events += turn.events.length;
    if (options.record !== false) actions.push(...turn.actions);
    options.observe?.(state, sideTurns, turn.events);
    if (!watch) continue;
    const now = game.status(state);
    if (watch.after(state, turn.events)) {
      lastProgress.set(side, { turn: now.turn, sideTurn: sideTurns });
      quietSideTurns = 0;
      continue;
    }
    quietSideTurns++;
    if (now.over) continue;
    let latest = -Infinity;
    for (const p of lastProgress.values()) latest = Math.max(latest, p.turn);
    const quietTurns = now.turn - latest;
    if (quietTurns >= stallTurns || quietSideTurns >= stallTurns * STALL_SIDE_TURNS_PER_TURN) {
      stoppedBy = 'stalled';
      stalledSide = laggard();
      reason =
        quietTurns >= stallTurns
          ? `no shot, no move toward the enemy and no objective changing hands for ${quietTurns} turns (to turn ${now.turn}, ${now.phase}); ${stalledSide} went longest without any`
          : `${quietSideTurns} side turns in a row without progress in turn ${now.turn}, ${now.phase}; ${stalledSide} went longest without any`;
      break;
    }
  }
  if (stoppedBy === 'cap') {
    const status = game.status(state);
    stalledSide = laggard();
    reason = `stopped after ${sideTurns} side turns in turn ${status.turn}, ${status.phase}`;
  }
  return {
    state,
    actions,
    result: game.result(state),
    hash: hashState(state),
    sideTurns,
    events,
    stoppedBy,
    ...(reason !== undefined ? { reason } : {}),
    ...(stalledSide !== undefined ? { stalledSide } : {}),
  };
}

/** An entry of a test log: an action, or rolls to force before the next ones (tests only). */
export type LogEntry<A> = A | { readonly type: 'forceDice'; readonly rolls: readonly number[] };

/** What replaying a log gave: like `replay`, with forced dice applied by the driver. */
export interface LogReplay<S, E> {
  readonly state: S;
  readonly events: readonly { readonly action: number; readonly event: E }[];
  readonly refused: readonly { readonly action: number; readonly reason: string }[];
  readonly hash: string;
}

/**
 * Replays a log whose entries may fix dice (`{type: 'forceDice', rolls}`), as golden cases do.
 * Only tests call this with `allowForcedDice`; a log from a file never may.
 */
export function replayLog<S, A extends GameAction, E>(
  game: GameDef<S, A, E>,
  start: S,
  log: readonly LogEntry<A>[],
  options: { readonly allowForcedDice?: boolean } = {},
): LogReplay<S, E> {
  let state = start;
  const events: { action: number; event: E }[] = [];
  const refused: { action: number; reason: string }[] = [];
  log.forEach((entry, i) => {
    if (entry.type === 'forceDice') {
      const rolls = (entry as { rolls?: unknown }).rolls;
      if (!options.allowForcedDice) {
        refused.push({ action: i, reason: 'forced dice are for test set-ups only' });
        return;
      }
      if (!Array.isArray(rolls) || !rolls.every((n) => Number.isInteger(n) && n >= 1)) {
        refused.push({ action: i, reason: 'forceDice needs a list of whole numbers from 1' });
        return;
      }
      state = withForcedDice(game, state, rolls as number[]);
      return;
    }
    const r = game.reduce(state, entry as A);
    if (!r.ok) {
      refused.push({ action: i, reason: r.reason });
      return;
    }
    state = r.state;
    for (const event of r.events) events.push({ action: i, event });
  });
  return { state, events, refused, hash: hashState(state) };
}
