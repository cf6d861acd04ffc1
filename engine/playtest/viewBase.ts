import { eraseGame } from '../game/defineGame';
import type { AnyGameDef, GameAction, GameDef } from '../game/gameDef';
import type { AnyPlaytestView, BoardKind, FirePreview, PlaytestView } from './view';

/**
 * The playtest view's kit: `defineView` supplies what a ruleset's view need not write (no
 * objectives, no turning in place, no weapons, no clock…), so a ruleset writes only what differs;
 * `eraseView` is the one place a typed view becomes the opaque `AnyPlaytestView` the screen holds;
 * `playable` hands a ruleset's game and view to the registry together.
 */

/** Members a view may leave out, and what the screen then shows. */
type Defaulted =
  | 'objectives'
  | 'score'
  | 'commands'
  | 'reachable'
  | 'planMove'
  | 'faceAction'
  | 'weapons'
  | 'previewFire'
  | 'clock';

/**
 * What a ruleset writes for its view: the members every game has its own way (its phases,
 * counters, log lines, who may act), and of the rest only those its game has. The game may be
 * typed with the ruleset's own actions.
 */
export type ViewSpec<S, E, B extends BoardKind> = Omit<PlaytestView<S, E, B>, Defaulted | 'game'> &
  Partial<Pick<PlaytestView<S, E, B>, Defaulted>> & {
    readonly game: PlaytestView<S, E, B>['game'];
  };

/** A shot asked of a game that has none to preview: refused in words. */
const NO_FIRE: FirePreview<never> = {
  legal: false,
  reason: 'nothing fires in this game',
  sight: undefined,
  range: undefined,
  band: undefined,
  steps: [],
  odds: [],
  templates: [],
  action: undefined,
};

/**
 * A ruleset's playtest view from what differs. Left out: no objectives or scores shown, no
 * commands, no reach drawn, moves refused, no turning in place, no weapons or shots, no clock.
 */
export function defineView<S, E, B extends BoardKind>(
  spec: ViewSpec<S, E, B>,
): PlaytestView<S, E, B> {
  return {
    objectives: () => [],
    score: () => [],
    commands: () => [],
    reachable: () => undefined,
    planMove: () => ({ ok: false, reason: 'units are not moved on the board in this game' }),
    faceAction: () => undefined,
    weapons: () => [],
    previewFire: () => NO_FIRE,
    clock: () => undefined,
    ...spec,
  };
}

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
