import { SelectTool } from './SelectTool';
import { BridgeTool, PathTool, PointTool, RectTool } from './drawTools';
import { TapeTool } from './TapeTool';
import { HexBrushTool, HexContourTool, HexFillTool, HexRidgeTool } from './hexTools';
import { createSetupTools } from '../objectives/setupTools';
import { UnderlayMoveTool, UnderlayScaleTool } from '../underlay/underlayTools';
import type { Tool } from './tool';
import type { ToolId } from './toolTypes';

export type { HexToolId, SetupToolId, ToolId, ToolPointer } from './toolTypes';

export type { Tool } from './tool';

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
