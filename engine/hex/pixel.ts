import type { Point } from '../format';
import { roundAxial, type Axial, type HexOrientation } from './coords';

/**
 * Between hexes and positions on the table: x grows east, y grows south, in whatever unit the
 * hex `size` is given in (inches for a map, pixels on screen). `size` is the distance from a
 * hex's centre to its corners; across the flats a hex measures size·√3. Axial (0, 0) is centred
 * on the origin.
 */
const SQRT3 = Math.sqrt(3);

/** The centre of hex `h`. */
export function axialToPoint(orientation: HexOrientation, size: number, h: Axial): Point {
  if (orientation === 'flat') return [size * 1.5 * h.q, size * SQRT3 * (h.r + h.q / 2)];
  return [size * SQRT3 * (h.q + h.r / 2), size * 1.5 * h.r];
}

/** The fractional axial position of a point (the inverse of `axialToPoint`). */
export function pointToFractionalAxial(
  orientation: HexOrientation,
  size: number,
  [x, y]: Point,
): { q: number; r: number } {
  if (orientation === 'flat')
    return { q: (2 / 3) * (x / size), r: (-x / 3 + (SQRT3 / 3) * y) / size };
  return { q: ((SQRT3 / 3) * x - y / 3) / size, r: (2 / 3) * (y / size) };
}

/**
 * The hex a point lies in. A point exactly on a hexside or corner belongs to one of its hexes by
 * a fixed rule (see `roundAxial`); which one is not a rule of any game, so callers that care about
 * such points (line of sight along a hexside) use `traceHexLine`, which is exact.
 */
export function pointToAxial(orientation: HexOrientation, size: number, p: Point): Axial {
  const f = pointToFractionalAxial(orientation, size, p);
  return roundAxial(f.q, f.r);
}

/**
 * Corner k (0-5) of a hex centred on the origin, clockwise on the table from due east (flat) or
 * from 30° south of east (pointy). Side d of the file's numbering runs from corner (4 + d) to
 * corner (5 + d), mod 6.
 */
export function cornerOffset(orientation: HexOrientation, size: number, k: number): Point {
  const a = (((orientation === 'flat' ? 0 : 30) + 60 * k) * Math.PI) / 180;
  return [size * Math.cos(a), size * Math.sin(a)];
}
