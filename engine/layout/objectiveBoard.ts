import type { GameMap, HexRef, Point, Shape } from '../format';
import { gridAxial, hexAreaCentres, hexDistance, hexGrid, type HexGrid } from '../hex';

/** Where the map lies in inches: a table's size, or a hex map laid out by its printed hex size. */
export interface Board {
  readonly width: number;
  readonly height: number;
  readonly grid?: HexGrid;
}

/** The board of a map, in inches. */
export function boardOf(map: GameMap): Board {
  if (map.kind === 'table') return map;
  const grid = hexGrid(map);
  return { width: grid.width, height: grid.height, grid };
}

/**
 * Points that stand for an objective's area when measuring where it lies: for a set of hexes,
 * the centres of its hexes on the map (a token stands in the middle of its hex).
 */
export function areaPoints(shape: Shape, map: Board): Point[] {
  switch (shape.shape) {
    case 'point':
      return [shape.at];
    case 'circle':
      return [shape.center];
    case 'polygon':
      return shape.points;
    case 'rect':
      return [
        [shape.x, shape.y],
        [shape.x + shape.width, shape.y + shape.height],
      ];
    case 'edgeStrip': {
      const d = shape.depth;
      switch (shape.edge) {
        case 'north':
          return [[map.width / 2, d]];
        case 'south':
          return [[map.width / 2, map.height - d]];
        case 'west':
          return [[d, map.height / 2]];
        case 'east':
          return [[map.width - d, map.height / 2]];
      }
      return [];
    }
    case 'hexes':
      // On a table map a set of hexes has no grid to lie on (the layout check says so).
      return map.grid ? hexAreaCentres(map.grid, shape.hexes) : [];
  }
}

/** How far a point lies in from an edge of the board, in inches. */
export function edgeDistance([x, y]: Point, edge: string, map: Board): number {
  switch (edge) {
    case 'north':
      return y;
    case 'south':
      return map.height - y;
    case 'west':
      return x;
    default:
      return map.width - x;
  }
}

/** Steps from the nearest hex of `hexes` to the nearest of `to`. */
export function hexGap(grid: HexGrid, hexes: readonly HexRef[], to: readonly HexRef[]): number {
  let best = Infinity;
  for (const a of hexes)
    for (const b of to)
      best = Math.min(
        best,
        hexDistance(gridAxial(grid, a.col, a.row), gridAxial(grid, b.col, b.row)),
      );
  return best;
}
