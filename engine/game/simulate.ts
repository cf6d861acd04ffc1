import type { RngState } from '../random/dice';
import type { BotStyle, GameAction, GameDef, GameResult, SideTurn } from './gameDef';
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
  /** Why the driver stopped: the game ended, the cap, or a side that could not go on. */
  readonly stoppedBy: 'over' | 'cap' | 'stuck';
  /** What stopped a stuck game (an action refused, in the reducer's words). */
  readonly reason?: string;
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
  const actions: A[] = [];
  let events = 0;
  let sideTurns = 0;
  let stoppedBy: SimulateResult<S, A>['stoppedBy'] = 'cap';
  let reason: string | undefined;
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
    const turn = playSide(game, state, side, options.players?.[side]);
    sideTurns++;
    if ('refused' in turn) {
      stoppedBy = 'stuck';
      reason = `${side}: ${turn.refused}`;
      break;
    }
    state = turn.state;
    events += turn.events.length;
    if (options.record !== false) actions.push(...turn.actions);
    options.observe?.(state, sideTurns, turn.events);
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
