import type { Point } from '../../../../engine/format/types';

/**
 * The playtest table's pointer tool, a small state machine as the editor's tools are:
 * - `idle`: nothing pressed;
 * - `pointing`: pressed on a unit (that may move) or on the table, not yet dragged: a release
 *   here is a click;
 * - `dragging`: a move (the selection follows the pointer as a ghost) or a facing (the knob
 *   turns the unit).
 * The drag is a preview in session state; the game changes once, when the gesture ends, so one
 * gesture is one undo step.
 */
export type TableTool =
  | { readonly state: 'idle' }
  | {
      readonly state: 'pointing';
      readonly on: 'unit';
      readonly unit: string;
      readonly start: Point;
    }
  | { readonly state: 'pointing'; readonly on: 'table'; readonly start: Point }
  | { readonly state: 'dragging'; readonly kind: 'move'; readonly unit: string; readonly to: Point }
  | {
      readonly state: 'dragging';
      readonly kind: 'face';
      readonly unit: string;
      /** Degrees clockwise from east, null until the pointer has moved. */
      readonly facing: number | null;
    };

export const IDLE: TableTool = { state: 'idle' };

/** How far (inches) the pointer must travel before a press on a unit becomes a drag. */
const DRAG_START = 0.25;
/** How far (inches) a press on the table may wander and still be a click. */
const CLICK_SLOP = 0.3;

/** What a release does to the game or the selection. */
export type Release =
  | { readonly kind: 'none' }
  /** A click on a unit of the selection picks that unit out of its group. */
  | { readonly kind: 'pickOne'; readonly unit: string }
  /** A click on the table: move the selection there, or drop it. */
  | { readonly kind: 'clickTable'; readonly at: Point }
  | { readonly kind: 'move'; readonly unit: string; readonly to: Point }
  | { readonly kind: 'face'; readonly unit: string; readonly facing: number };

const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

/** The tool after the pointer moves to `at`. */
export function toolMove(tool: TableTool, at: Point, centre?: Point): TableTool {
  switch (tool.state) {
    case 'idle':
      return tool;
    case 'pointing':
      if (tool.on === 'unit' && dist(at, tool.start) >= DRAG_START)
        return { state: 'dragging', kind: 'move', unit: tool.unit, to: at };
      return tool;
    case 'dragging':
      if (tool.kind === 'move') return { ...tool, to: at };
      if (!centre) return tool;
      return {
        ...tool,
        facing: (Math.atan2(at[1] - centre[1], at[0] - centre[0]) * 180) / Math.PI,
      };
  }
}

/** What releasing the pointer at `at` does; the tool is idle afterwards. */
export function toolRelease(tool: TableTool, at: Point, shift: boolean): Release {
  switch (tool.state) {
    case 'idle':
      return { kind: 'none' };
    case 'pointing':
      if (tool.on === 'unit')
        return shift ? { kind: 'none' } : { kind: 'pickOne', unit: tool.unit };
      return dist(at, tool.start) > CLICK_SLOP ? { kind: 'none' } : { kind: 'clickTable', at };
    case 'dragging':
      if (tool.kind === 'move') return { kind: 'move', unit: tool.unit, to: at };
      return tool.facing === null
        ? { kind: 'none' }
        : { kind: 'face', unit: tool.unit, facing: (tool.facing + 360) % 360 };
  }
}
