import type { HexMap, HexRef, Point } from '../format';
import type { Axial } from './coords';
import { hexDirection, hexNeighbour, oppositeDirection, type HexDirection } from './hexside';
import { axialToOffset, offsetToAxial, type OffsetLayout } from './offset';
import { axialToPoint, cornerOffset, pointToAxial } from './pixel';

/**
 * A hex map laid out on the table in inches: its offset layout, size and extent. The top-left
 * hex (col 0, row 0) touches the top and left edges; the map's printed hex size (across the
 * flats) sets the scale.
 */
export interface HexGrid extends OffsetLayout {
  readonly columns: number;
  readonly rows: number;
  /** Centre-to-corner radius of a hex, in inches. */
  readonly size: number;
  /** Extent of the whole map, in inches. */
  readonly width: number;
  readonly height: number;
  /** Where axial (0, 0), the hex at (col 0, row 0), has its centre. */
  readonly origin: Point;
}

/** Printed size across the flats when a map does not say. */
export const DEFAULT_HEX_INCHES = 1.25;
const SQRT3 = Math.sqrt(3);

/** The table layout of a hex map. */
export function hexGrid(
  map: Pick<HexMap, 'orientation' | 'offset' | 'columns' | 'rows' | 'hexSize'>,
): HexGrid {
  const size = (map.hexSize?.inches ?? DEFAULT_HEX_INCHES) / SQRT3;
  const flat = map.orientation === 'flat';
  // In an "even" layout the first column (row) is the shifted one, half a hex further in.
  const shift = map.offset === 'even' ? 0.5 : 0;
  const width = flat
    ? 1.5 * size * (map.columns - 1) + 2 * size
    : SQRT3 * size * (map.columns + (map.rows > 1 ? 0.5 : 0));
  const height = flat
    ? SQRT3 * size * (map.rows + (map.columns > 1 ? 0.5 : 0))
    : 1.5 * size * (map.rows - 1) + 2 * size;
  const origin: Point = flat
    ? [size, SQRT3 * size * (0.5 + shift)]
    : [SQRT3 * size * (0.5 + shift), size];
  return {
    orientation: map.orientation,
    offset: map.offset,
    columns: map.columns,
    rows: map.rows,
    size,
    width,
    height,
    origin,
  };
}

/** The axial coordinate of the map's hex (col, row). */
export const gridAxial = (grid: OffsetLayout, col: number, row: number): Axial =>
  offsetToAxial(grid, { col, row });

/** Whether (col, row) is one of the map's hexes. */
export function inBounds(grid: HexGrid, col: number, row: number): boolean {
  return col >= 0 && row >= 0 && col < grid.columns && row < grid.rows;
}

/** The centre of an axial hex on the table, in inches. */
export function axialCentre(grid: HexGrid, h: Axial): Point {
  const [x, y] = axialToPoint(grid.orientation, grid.size, h);
  return [grid.origin[0] + x, grid.origin[1] + y];
}

/** The centre of the map's hex (col, row), in inches. */
export function hexCentre(grid: HexGrid, col: number, row: number): Point {
  return axialCentre(grid, gridAxial(grid, col, row));
}

/** Corner k (0-5) of a hex, clockwise on the table from east (flat) or 30° (pointy). */
export function hexCorners(grid: HexGrid, col: number, row: number): Point[] {
  const [cx, cy] = hexCentre(grid, col, row);
  return [0, 1, 2, 3, 4, 5].map((k) => {
    const [dx, dy] = cornerOffset(grid.orientation, grid.size, k);
    return [cx + dx, cy + dy];
  });
}

/**
 * End points of hexside `side` of a hex, in inches. Sides are numbered clockwise from the top
 * side (flat) or the top-right side (pointy), as the file format defines; side i runs from corner
 * (4 + i) to corner (5 + i).
 */
export function hexsideSegment(
  grid: HexGrid,
  col: number,
  row: number,
  side: number,
): [Point, Point] {
  const c = hexCorners(grid, col, row);
  return [c[(4 + side) % 6]!, c[(5 + side) % 6]!];
}

/** The axial hex a table point lies in, on the map or not. */
export function axialAt(grid: HexGrid, p: Point): Axial {
  return pointToAxial(grid.orientation, grid.size, [p[0] - grid.origin[0], p[1] - grid.origin[1]]);
}

/** The map's hex containing a table point, or null off the map. */
export function hexAt(grid: HexGrid, p: Point): HexRef | null {
  const h = axialToOffset(grid, axialAt(grid, p));
  return inBounds(grid, h.col, h.row) ? { col: h.col, row: h.row } : null;
}

/** The hexside nearest a table point: the hex under it and the side whose middle is closest. */
export function hexsideAt(
  grid: HexGrid,
  p: Point,
): { col: number; row: number; side: HexDirection } | null {
  const h = hexAt(grid, p);
  if (!h) return null;
  let best: HexDirection = 0;
  let bestD = Infinity;
  for (let side = 0; side < 6; side++) {
    const [a, b] = hexsideSegment(grid, h.col, h.row, side);
    const d = Math.hypot((a[0] + b[0]) / 2 - p[0], (a[1] + b[1]) / 2 - p[1]);
    if (d < bestD) {
      bestD = d;
      best = hexDirection(side);
    }
  }
  return { ...h, side: best };
}

/** The map's (col, row) across side `side` of hex (col, row); it may lie outside the map. */
export function offsetNeighbour(
  grid: OffsetLayout,
  col: number,
  row: number,
  side: number,
): HexRef {
  const n = hexNeighbour(grid.orientation, gridAxial(grid, col, row), hexDirection(side));
  return axialToOffset(grid, n);
}

/** The same hexside seen from the neighbouring hex, in the map's (col, row, side) terms. */
export function oppositeOffsetHexside(
  grid: OffsetLayout,
  ref: { col: number; row: number; side: number },
): { col: number; row: number; side: HexDirection } {
  const n = offsetNeighbour(grid, ref.col, ref.row, ref.side);
  return { ...n, side: oppositeDirection(hexDirection(ref.side)) };
}

/** Whether two of the map's hexes are the same hex. */
export const sameOffsetHex = (a: HexRef, b: HexRef): boolean => a.col === b.col && a.row === b.row;

/** Map label of a hex, as printed on wargame maps: column and row, 1-based, two digits each. */
export function hexLabel(col: number, row: number): string {
  return `${String(col + 1).padStart(2, '0')}${String(row + 1).padStart(2, '0')}`;
}
