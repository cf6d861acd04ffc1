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
