import type { RngState } from '../random/dice';
import { actionProblem, type ActionSchema } from './actionSchema';
import type { AnyGameDef, GameAction, GameDef, SideInfo } from './gameDef';
import { invalid, type Reducer } from './reducer';
import { hashState } from './stateHash';

/**
 * The ruleset kit's game wrapper: a ruleset says what differs (its rules, status, result, bot…)
 * and `defineGame` supplies what every ruleset wrote the same way before: the action-schema check
 * in front of the rules, the state hash, the dice lens and side colours. `eraseGame` is the one
 * place a typed game becomes the opaque `AnyGameDef` shared code holds (the reducer takes `S`, so
 * a `GameDef<S>` is not a `GameDef<unknown>` to the type checker, and cannot be one safely: only
 * the states its own `newGame` made may be handed back to it, which the drivers do).
 */

/** A side as a ruleset describes it: without a colour, the game's palette gives one. */
export type SideSpec = Omit<SideInfo, 'colour'> & { readonly colour?: string | undefined };

/** Counter colours by side order, for sides that set none and a ruleset that names no palette. */
export const SIDE_COLOURS: readonly string[] = ['#2f5fb3', '#b8322a', '#2f8f4e', '#8a4fb3'];

/** What a ruleset writes to define its game: the `GameDef` less what the kit supplies. */
export type GameSpec<S, A extends GameAction, E> = Omit<
  GameDef<S, A, E>,
  'reduce' | 'hash' | 'dice' | 'sides' | 'actions'
> & {
  readonly sides: readonly SideSpec[];
  /** Colours for sides without their own, by side order (cycled); `SIDE_COLOURS` when absent. */
  readonly palette?: readonly string[];
  /** The actions the rules accept, as data: `reduce` refuses any other in words. */
  readonly actions: ActionSchema;
  /** The rules themselves: they only ever see actions that fit `actions`. */
  readonly rules: Reducer<S, A, E>;
  /** Default: `hashState` of the whole state. */
  readonly hash?: (state: S) => string;
  /** Default: the state's `rng` field. */
  readonly dice?: GameDef<S, A, E>['dice'];
};

/** A state that keeps its seeded dice at `rng`, as every ruleset's does (the default dice lens). */
export interface WithDice {
  readonly rng: RngState;
}

/** A ruleset's game from what differs; the kit adds the schema check, hash, dice and colours. */
export function defineGame<S extends WithDice, A extends GameAction, E>(
  spec: GameSpec<S, A, E>,
): GameDef<S, A, E> {
  const { palette = SIDE_COLOURS, rules, actions, sides, ...rest } = spec;
  return {
    ...rest,
    sides: sides.map((s, k): SideInfo => ({
      id: s.id,
      name: s.name,
      colour: s.colour ?? palette[k % palette.length]!,
      deployment: s.deployment,
    })),
    actions,
    // The schema guards the rules whatever path an action takes here (a file, a peer, a bot): a
    // malformed one is refused in words instead of failing inside the rules.
    reduce: (state, action) => {
      const wrong = actionProblem(actions, action);
      return wrong === undefined ? rules(state, action) : invalid(wrong);
    },
    hash: spec.hash ?? hashState,
    dice: spec.dice ?? {
      get: (state) => state.rng,
      set: (state, rng) => ({ ...state, rng }),
    },
  };
}

/**
 * The game as shared code holds it: state and events opaque. The one cast from a typed game in
 * the engine; drivers only hand a game states its own `newGame` and `reduce` made.
 */
export function eraseGame<S, A extends GameAction, E>(game: GameDef<S, A, E>): AnyGameDef {
  return game as unknown as AnyGameDef;
}
