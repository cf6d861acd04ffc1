import type { HexCell } from '../../../../engine/playtest';

/**
 * The hex board's pointer tool, the same small state machine as the table's:
 * - `idle`: nothing pressed;
 * - `pointing`: pressed on a unit that may move, or on a hex; a release in the same hex is a click;
 * - `dragging`: a move (the pointer's hex is where the selection goes, shown as a ghost) or, with
 *   Alt held at the press, a turn (the unit faces the hexside toward the pointer).
 * Nothing changes in the game until the release, so one gesture is one undo step.
 */
export type HexTool =
  | { readonly state: 'idle' }
  | {
      readonly state: 'pointing';
      readonly on: 'unit';
      readonly unit: string;
      readonly start: HexCell;
    }
  | { readonly state: 'pointing'; readonly on: 'hex'; readonly start: HexCell }
  | {
      readonly state: 'dragging';
      readonly kind: 'move';
      readonly unit: string;
      readonly to: HexCell;
    }
  | {
      readonly state: 'dragging';
      readonly kind: 'face';
      readonly unit: string;
      /** Hexside 0–5, null until the pointer has left the unit's hex centre. */
      readonly facing: number | null;
    };

export const HEX_IDLE: HexTool = { state: 'idle' };

/** What a release does. */
export type HexRelease =
  | { readonly kind: 'none' }
  /** A click on a unit of the selection picks that unit out of its group. */
  | { readonly kind: 'pickOne'; readonly unit: string }
  /** A click on a hex: move the selection there, or drop it. */
  | { readonly kind: 'clickHex'; readonly at: HexCell }
  | { readonly kind: 'move'; readonly unit: string; readonly to: HexCell }
  | { readonly kind: 'face'; readonly unit: string; readonly facing: number };

const same = (a: HexCell, b: HexCell) => a.col === b.col && a.row === b.row;

/**
 * The tool after the pointer moves over hex `cell` (null off the map); `facing` is the hexside
 * toward the pointer from the turning unit, when one is being turned.
 */
export function hexToolMove(tool: HexTool, cell: HexCell | null, facing?: number): HexTool {
  switch (tool.state) {
    case 'idle':
      return tool;
    case 'pointing':
      if (tool.on === 'unit' && cell && !same(cell, tool.start))
        return { state: 'dragging', kind: 'move', unit: tool.unit, to: cell };
      return tool;
    case 'dragging':
      if (tool.kind === 'move') return cell && !same(cell, tool.to) ? { ...tool, to: cell } : tool;
      return facing === undefined || facing === tool.facing ? tool : { ...tool, facing };
  }
}

/** What releasing the pointer over `cell` does; the tool is idle afterwards. */
export function hexToolRelease(tool: HexTool, cell: HexCell | null, shift: boolean): HexRelease {
  switch (tool.state) {
    case 'idle':
      return { kind: 'none' };
    case 'pointing':
      if (tool.on === 'unit')
        return shift ? { kind: 'none' } : { kind: 'pickOne', unit: tool.unit };
      return cell && same(cell, tool.start) ? { kind: 'clickHex', at: cell } : { kind: 'none' };
    case 'dragging':
      if (tool.kind === 'move')
        return cell ? { kind: 'move', unit: tool.unit, to: cell } : { kind: 'none' };
      return tool.facing === null
        ? { kind: 'none' }
        : { kind: 'face', unit: tool.unit, facing: tool.facing };
  }
}
