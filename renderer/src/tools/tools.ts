import type { FeatureKind, Point } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';
import { SelectTool } from './SelectTool';
import { BridgeTool, PathTool, PointTool, RectTool } from './drawTools';
import { TapeTool } from './TapeTool';
import { HexBrushTool, HexContourTool, HexFillTool, HexRidgeTool } from './hexTools';
import { createSetupTools, type SetupToolId } from '../objectives/setupTools';
import { UnderlayMoveTool, UnderlayScaleTool } from '../underlay/underlayTools';

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
export interface Tool {
  readonly id: ToolId;
  readonly cursor: string;
  /** What the user does next, shown in the status bar. */
  readonly hint?: string;
  onPointerDown?(e: ToolPointer, ed: Editor): void;
  onPointerMove?(e: ToolPointer, ed: Editor): void;
  onPointerUp?(e: ToolPointer, ed: Editor): void;
  onDoubleClick?(e: ToolPointer, ed: Editor): void;
  /** Enter, Escape, Backspace while the tool is mid-gesture; true when handled. */
  onKey?(key: string, ed: Editor): boolean;
  /** Abandons a gesture in progress (tool switch, undo). */
  cancel?(ed: Editor): void;
}

class HandTool implements Tool {
  readonly id = 'hand' as const;
  readonly cursor = 'grab';
  readonly hint = 'Drag to pan; Ctrl+wheel or pinch to zoom';
}

export function createTools(): Record<ToolId, Tool> {
  return {
    select: new SelectTool(),
    hand: new HandTool(),
    tape: new TapeTool(),
    ground: new PathTool('ground'),
    creek: new PathTool('creek'),
    gully: new PathTool('gully'),
    road: new PathTool('road'),
    bridge: new BridgeTool('bridge'),
    catwalk: new BridgeTool('catwalk'),
    building: new RectTool('building'),
    wall: new PathTool('wall'),
    fence: new PathTool('fence'),
    hedge: new PathTool('hedge'),
    bushes: new PathTool('bushes'),
    tree: new PointTool(),
    woods: new PathTool('woods'),
    forest: new PathTool('forest'),
    obstacle: new PathTool('obstacle'),
    bunker: new PathTool('bunker'),
    wreck: new RectTool('wreck'),
    hexBrush: new HexBrushTool(),
    hexFill: new HexFillTool(),
    hexRidge: new HexRidgeTool(),
    hexContour: new HexContourTool(),
    ...createSetupTools(),
    underlayMove: new UnderlayMoveTool(),
    underlayScale: new UnderlayScaleTool(),
  };
}
