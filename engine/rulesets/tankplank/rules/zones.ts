import type { HexMap, Shape } from '../../../format';
import { pointInPolygon } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { hexAreaHasPoint, hexGrid } from '../../../hex';

/**
 * Whether a table point lies in a scenario area (objective zone, deployment zone), on a table
 * (its size) or on a hex map (laid out in inches by its printed hex size).
 */
export function shapeContains(
  shape: Shape,
  p: TablePoint,
  board: { width: number; height: number } | HexMap,
): boolean {
  const grid = 'kind' in board && board.kind === 'hex' ? hexGrid(board) : undefined;
  const table = grid ?? (board as { width: number; height: number });
  switch (shape.shape) {
    case 'rect':
      return (
        p.x >= shape.x &&
        p.x <= shape.x + shape.width &&
        p.y >= shape.y &&
        p.y <= shape.y + shape.height
      );
    case 'polygon':
      return pointInPolygon(
        p,
        shape.points.map(([x, y]) => tablePoint(x, y)),
      );
    case 'circle':
      return Math.hypot(p.x - shape.center[0], p.y - shape.center[1]) <= shape.radius;
    case 'point':
      return Math.hypot(p.x - shape.at[0], p.y - shape.at[1]) <= 1e-6;
    case 'edgeStrip': {
      const along = shape.edge === 'north' || shape.edge === 'south' ? p.x : p.y;
      if (shape.from !== undefined && along < shape.from) return false;
      if (shape.to !== undefined && along > shape.to) return false;
      switch (shape.edge) {
        case 'north':
          return p.y <= shape.depth;
        case 'south':
          return p.y >= table.height - shape.depth;
        case 'west':
          return p.x <= shape.depth;
        case 'east':
          return p.x >= table.width - shape.depth;
      }
      return false;
    }
    case 'hexes':
      // A set of hexes on a table map has no grid to lie on (the layout check says so).
      return grid ? hexAreaHasPoint(grid, shape.hexes, [p.x, p.y]) : false;
  }
}
