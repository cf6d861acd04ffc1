import type { HexRef, Point } from '../format';
import { axialCentre, gridAxial, hexAt, hexCentre, inBounds, type HexGrid } from './grid';
import { axialToOffset } from './offset';
import { axial } from './coords';

/**
 * Areas drawn as sets of a hex map's hexes (objective zones and deployment zones of shape
 * `hexes`): whether a unit's hex or a point on the table is inside, and where the area lies.
 * A hex is inside when the set lists it; listing it twice changes nothing.
 */

/** Whether the set holds the hex (a unit's position on a hex map). */
export function hexAreaHas(hexes: readonly HexRef[], h: HexRef): boolean {
  return hexes.some((x) => x.col === h.col && x.row === h.row);
}

/**
 * Whether a point on the table (inches) lies in one of the set's hexes. A point exactly on the
 * hexside between a hex of the set and one outside counts for one of the two by a fixed rule
 * (see `roundAxial`): a unit stands on a hex, never on a line, so no game asks about such points.
 */
export function hexAreaHasPoint(grid: HexGrid, hexes: readonly HexRef[], p: Point): boolean {
  const h = hexAt(grid, p);
  return !!h && hexAreaHas(hexes, h);
}

/** The centres (inches) of the set's hexes that are on the map, in the set's order. */
export function hexAreaCentres(grid: HexGrid, hexes: readonly HexRef[]): Point[] {
  return hexes
    .filter((h) => inBounds(grid, h.col, h.row))
    .map((h) => hexCentre(grid, h.col, h.row));
}

/**
 * The hex or hexes at the middle of the map: the ones whose centres lie nearest the middle of its
 * extent (two or three when the middle falls on a hexside or corner).
 */
export function centreHexes(grid: HexGrid): HexRef[] {
  const mid: Point = [grid.width / 2, grid.height / 2];
  const start = hexAt(grid, mid) ?? { col: 0, row: 0 };
  const around = gridAxial(grid, start.col, start.row);
  const found: { h: HexRef; d: number }[] = [];
  for (let dq = -1; dq <= 1; dq++)
    for (let dr = -1; dr <= 1; dr++) {
      const a = axial(around.q + dq, around.r + dr);
      const h = axialToOffset(grid, a);
      if (!inBounds(grid, h.col, h.row)) continue;
      const c = axialCentre(grid, a);
      found.push({ h, d: Math.hypot(c[0] - mid[0], c[1] - mid[1]) });
    }
  const best = Math.min(...found.map((f) => f.d));
  // Distances are sums of products of √3: equal ones agree to far better than a millionth of a hex.
  return found.filter((f) => f.d <= best + grid.size * 1e-6).map((f) => f.h);
}
