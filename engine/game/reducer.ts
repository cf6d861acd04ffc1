/**
 * The shape every ruleset's game logic takes: a pure reducer from a state and an action to the
 * next state and the events it produced, or a refusal with a reason. Nothing else changes state.
 */
export type Reduction<S, E> =
  | { readonly ok: true; readonly state: S; readonly events: readonly E[] }
  | { readonly ok: false; readonly reason: string; readonly ruleId?: string };

export type Reducer<S, A, E> = (state: S, action: A) => Reduction<S, E>;

/** A refusal: the action is not legal in this state. */
export function invalid(
  reason: string,
  ruleId?: string,
): { ok: false; reason: string; ruleId?: string } {
  return ruleId === undefined ? { ok: false, reason } : { ok: false, reason, ruleId };
}

/** Acceptance of an action. */
export function accepted<S, E>(state: S, events: readonly E[]): Reduction<S, E> {
  return { ok: true, state, events };
}
