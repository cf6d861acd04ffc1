import { eraseGame } from '../game/defineGame';
import type { AnyGameDef, GameAction, GameDef } from '../game/gameDef';
import type { AnyPlaytestView, BoardKind, PlaytestView } from './view';

/**
 * The playtest view's kit: the one place a typed view becomes the opaque `AnyPlaytestView` the
 * screen holds, and a ruleset's game and view handed to the registry together.
 */

/**
 * The view as the screen holds it: state and events opaque, the board told by `board`. The one
 * cast from a typed view in the engine (the screen only hands a view states of its own game).
 */
export function eraseView<S, E, B extends BoardKind>(view: PlaytestView<S, E, B>): AnyPlaytestView {
  return view as unknown as AnyPlaytestView;
}

/** A game that can be played, as a ruleset module's `game(scenario)` answers it. */
export interface Playable {
  readonly ok: true;
  readonly game: AnyGameDef;
  view(): AnyPlaytestView;
}

/** A ruleset's game and its playtest view, erased for the registry (`RulesetModule.game`). */
export function playable<S, A extends GameAction, E, B extends BoardKind>(
  game: GameDef<S, A, E>,
  view: PlaytestView<S, E, B>,
): Playable {
  const erased = eraseView(view);
  return { ok: true, game: eraseGame(game), view: () => erased };
}
