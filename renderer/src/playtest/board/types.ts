import type { ScenarioDoc } from '../../../../engine/format/types';
import type {
  BoardKind,
  CounterView,
  FirePreview,
  GameAction,
  HexMarks,
  ObjectiveView,
  Place,
  PlaytestView,
  Prompt,
  ReachView,
} from '../../../../engine/playtest';

/** What the pointer is over: a unit, a place on the board, or both. */
export interface Target<B extends BoardKind> {
  readonly unit?: string;
  readonly at?: Place<B>;
}

/**
 * What the game screen hands a board. The screen owns the game, the selection and the fire
 * preview; the board draws them and turns pointer gestures into selections, moves and facings.
 * The same props serve the table (inches, degrees) and the hex map (hexes, hexsides).
 */
export interface BoardProps<B extends BoardKind> {
  readonly view: PlaytestView<unknown, unknown, B>;
  readonly scenario: ScenarioDoc;
  readonly state: unknown;
  readonly prompt: Prompt;
  /** Counters the viewer may see. */
  readonly counters: readonly CounterView<B>[];
  readonly colours: Readonly<Record<string, string>>;
  readonly objectives: readonly ObjectiveView[];
  readonly selected: readonly string[];
  /** The selected units the acting side may act with now. */
  readonly mine: readonly string[];
  canAct(id: string): boolean;
  /** No gestures: a replay is shown or the device is changing hands. */
  readonly locked: boolean;
  readonly hover: string | undefined;
  readonly reach: ReachView | undefined;
  readonly preview: FirePreview<B> | undefined;
  /** Units hit or killed by the last action, marked on their counters. */
  readonly flashes: ReadonlyMap<string, string>;
  /** Hex boards: hexes the game changed and hexes lit now, when the view marks them. */
  readonly hexMarks?: HexMarks;
  select(ids: readonly string[]): void;
  /** The pointer moved over the board (undefined when it left): the fire preview follows it. */
  point(target: Target<B> | undefined): void;
  /**
   * A click while units may fire: on a unit of the acting side it picks the shooter; on the
   * target under the preview it fires (or says why not); elsewhere it selects what was hit.
   */
  fireClick(hit: string | undefined): void;
  /** Applies actions as one gesture (one undo step); false, with the reason shown, if refused. */
  apply(actions: readonly GameAction[], what: string): boolean;
  say(text: string, bad: boolean): void;
}

/** The selection after a press on a unit the side may act with (Shift adds or removes it). */
export function pressSelection(
  selected: readonly string[],
  unit: string,
  shift: boolean,
): readonly string[] {
  if (shift)
    return selected.includes(unit) ? selected.filter((x) => x !== unit) : [...selected, unit];
  return selected.includes(unit) ? selected : [unit];
}
