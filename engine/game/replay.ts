import { actionProblem, type ActionSchema } from './actionSchema';
import type { GameAction } from './gameDef';
import type { Reducer } from './reducer';
import { hashState } from './stateHash';

/** The result of folding an action log over a starting state. */
export interface ReplayResult<S, E> {
  readonly state: S;
  /** Events of every accepted action, in order, each tagged with the action's index. */
  readonly events: readonly { readonly action: number; readonly event: E }[];
  /** Actions refused on the way (index and reason); a clean log has none. */
  readonly refused: readonly { readonly action: number; readonly reason: string }[];
  readonly hash: string;
}

/**
 * Replays an action log. Since the reducer is pure and the dice live in the state, the same
 * start and log always give the same events and final state: this is how a game is saved,
 * undone, shared in a bug report and checked by golden tests.
 */
export function replay<S, A, E>(
  reducer: Reducer<S, A, E>,
  start: S,
  actions: readonly A[],
  options: { stopOnRefusal?: boolean } = {},
): ReplayResult<S, E> {
  let state = start;
  const events: { action: number; event: E }[] = [];
  const refused: { action: number; reason: string }[] = [];
  for (let i = 0; i < actions.length; i++) {
    const r = reducer(state, actions[i]!);
    if (!r.ok) {
      refused.push({ action: i, reason: r.reason });
      if (options.stopOnRefusal) break;
      continue;
    }
    state = r.state;
    for (const event of r.events) events.push({ action: i, event });
  }
  return { state, events, refused, hash: hashState(state) };
}

/** A replay of a log from outside the engine, which stopped at the first malformed action. */
export interface CheckedReplay<S, E> extends ReplayResult<S, E> {
  /** The entry the action schema refused: the game stopped before it, keeping all before. */
  readonly stoppedAt?: { readonly action: number; readonly reason: string };
}

/**
 * Replays a log read from a file (a saved game, `sandtable play --actions`, a peer): each entry
 * is checked against the game's action schema before the reducer sees it. The first malformed
 * entry stops the replay there, with its index and what is wrong; everything before it is kept.
 * An action the rules refuse (a legal shape, an illegal move) is listed and passed over, as in
 * `replay`.
 */
export function replayChecked<S, E>(
  game: { readonly reduce: Reducer<S, GameAction, E>; readonly actions?: ActionSchema },
  start: S,
  entries: readonly unknown[],
): CheckedReplay<S, E> {
  const schema = game.actions;
  const valid: GameAction[] = [];
  let stoppedAt: CheckedReplay<S, E>['stoppedAt'];
  for (const [i, entry] of entries.entries()) {
    const wrong = schema
      ? actionProblem(schema, entry)
      : entry !== null &&
          typeof entry === 'object' &&
          typeof (entry as { type?: unknown }).type === 'string'
        ? undefined
        : 'an action is an object with a "type"';
    if (wrong !== undefined) {
      stoppedAt = { action: i, reason: wrong };
      break;
    }
    valid.push(entry as GameAction);
  }
  const result = replay(game.reduce, start, valid);
  return stoppedAt ? { ...result, stoppedAt } : result;
}
