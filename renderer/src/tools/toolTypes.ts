/**
 * The types of the canvas tools, apart from the tools themselves: the editor holds its tools by
 * these without importing the tool classes (which take the editor), so the two never form an
 * import cycle. `Tool` (tools.ts) is `ToolOf<Editor>`.
 */
import type { FeatureKind, Point } from '../../../engine/format/types';

/** Canvas tools of the set-up editors. */
export type SetupToolId = 'deployZone' | 'entryEdge' | 'objectiveZone' | 'objectivePoint' | 'units';

export type HexToolId = 'hexBrush' | 'hexFill' | 'hexRidge' | 'hexContour';
export type ToolId =
  | 'select'
  | 'hand'
  | 'tape'
  | FeatureKind
  | HexToolId
  | SetupToolId
  | 'underlayMove'
  | 'underlayScale';

/** A pointer event in both screen pixels and table inches. */
export interface ToolPointer {
  screen: Point;
  table: Point;
  button: number;
  shift: boolean;
  alt: boolean;
  mod: boolean;
  clicks: number;
}

/**
 * A canvas tool: a small state machine fed pointer events. It previews in session state and
 * commits once when its gesture ends, so one gesture is one undo step.
 */
export interface ToolOf<E> {
  readonly id: ToolId;
  readonly cursor: string;
  /** What the user does next, shown in the status bar. */
  readonly hint?: string;
  onPointerDown?(e: ToolPointer, ed: E): void;
  onPointerMove?(e: ToolPointer, ed: E): void;
  onPointerUp?(e: ToolPointer, ed: E): void;
  onDoubleClick?(e: ToolPointer, ed: E): void;
  /** Enter, Escape, Backspace while the tool is mid-gesture; true when handled. */
  onKey?(key: string, ed: E): boolean;
  /** Abandons a gesture in progress (tool switch, undo). */
  cancel?(ed: E): void;
}
