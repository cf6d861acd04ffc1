import type { Brand } from '../geometry/units';
import { addAxial, AXIAL_STEPS, subAxial, type Axial, type HexOrientation } from './coords';

/**
 * Hexsides and directions, numbered as the map file numbers them: 0-5 clockwise from the top
 * side of a flat-topped hex (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW) or from the top-right side of a
 * pointy-topped one (0 NE, 1 E, 2 SE, 3 SW, 4 W, 5 NW). Side `d` of a hex is the side it shares
 * with its neighbour in direction `d`, so one number serves for both.
 */
export type HexDirection = 0 | 1 | 2 | 3 | 4 | 5;

export const HEX_DIRECTIONS: readonly HexDirection[] = [0, 1, 2, 3, 4, 5];

/** A direction folded into 0-5 (so `d + 3` and `d - 1` can be passed straight in). */
export const hexDirection = (d: number): HexDirection => (((d % 6) + 6) % 6) as HexDirection;

/** The direction straight across: the same hexside seen from the neighbour. */
export const oppositeDirection = (d: HexDirection): HexDirection => hexDirection(d + 3);

/** Where the file's side 0 sits in `AXIAL_STEPS` for each orientation. */
const FIRST_STEP: Record<HexOrientation, number> = { flat: 0, pointy: 1 };

/** The axial step from a hex to its neighbour across side `d`. */
export function hexsideStep(orientation: HexOrientation, d: HexDirection): Axial {
  return AXIAL_STEPS[(FIRST_STEP[orientation] + d) % 6]!;
}

/** The neighbour of `h` across its side `d`. */
export function hexNeighbour(orientation: HexOrientation, h: Axial, d: HexDirection): Axial {
  return addAxial(h, hexsideStep(orientation, d));
}

/** The side of `from` that faces its neighbour `to`, or undefined when they are not neighbours. */
export function directionTo(
  orientation: HexOrientation,
  from: Axial,
  to: Axial,
): HexDirection | undefined {
  const d = subAxial(to, from);
  const i = AXIAL_STEPS.findIndex((s) => s.q === d.q && s.r === d.r);
  return i < 0 ? undefined : hexDirection(i - FIRST_STEP[orientation]);
}

/**
 * A hexside named from one of its two hexes: `(hex, side)`. The same side has two names, one
 * from each hex; `canonicalHexside` picks one of them so both hexes agree.
 */
export interface Hexside {
  readonly hex: Axial;
  readonly side: HexDirection;
}

export const hexside = (hex: Axial, side: number): Hexside => ({ hex, side: hexDirection(side) });

/** The same hexside named from the hex on its other side. */
export function oppositeHexside(orientation: HexOrientation, s: Hexside): Hexside {
  return { hex: hexNeighbour(orientation, s.hex, s.side), side: oppositeDirection(s.side) };
}

/**
 * The one name of a hexside that both its hexes agree on: the name whose side number is 0, 1
 * or 2 (flat: N, NE, SE; pointy: NE, E, SE).
 */
export function canonicalHexside(orientation: HexOrientation, s: Hexside): Hexside {
  return s.side < 3 ? s : oppositeHexside(orientation, s);
}

/** A string that names one hexside whichever hex it is named from: `"q,r,side"` (canonical). */
export type HexsideKey = Brand<string, 'HexsideKey'>;

export function hexsideKey(orientation: HexOrientation, s: Hexside): HexsideKey {
  const c = canonicalHexside(orientation, s);
  return `${c.hex.q},${c.hex.r},${c.side}` as HexsideKey;
}

/** Whether two names denote the same hexside. */
export function sameHexside(orientation: HexOrientation, a: Hexside, b: Hexside): boolean {
  return hexsideKey(orientation, a) === hexsideKey(orientation, b);
}

/** The hexside two neighbouring hexes share, named from `a`; undefined when they do not touch. */
export function hexsideBetween(
  orientation: HexOrientation,
  a: Axial,
  b: Axial,
): Hexside | undefined {
  const d = directionTo(orientation, a, b);
  return d === undefined ? undefined : { hex: a, side: d };
}

const COMPASS: Record<HexOrientation, readonly string[]> = {
  flat: ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
  pointy: ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
};

/** Compass name of side `d` (north at the top of the map): flat 0 is "N", pointy 0 "NE". */
export function hexsideCompass(orientation: HexOrientation, d: number): string {
  return COMPASS[orientation][hexDirection(d)]!;
}

/**
 * Direction from a hex's centre to the middle of its side `d`, in degrees clockwise from east
 * (y grows south), the convention of table facings: flat side 0 (north) is 270°, pointy side 0
 * (north-east) is 300°.
 */
export function hexsideDegrees(orientation: HexOrientation, d: number): number {
  return ((orientation === 'flat' ? 270 : 300) + 60 * hexDirection(d)) % 360;
}

/**
 * The side facing most nearly a direction in degrees (clockwise from east): how a table facing
 * becomes a hexside facing. A direction exactly between two sides goes to the lower-numbered one.
 */
export function hexsideToward(orientation: HexOrientation, degrees: number): HexDirection {
  const base = orientation === 'flat' ? 270 : 300;
  const turn = (((degrees - base) % 360) + 360) % 360; // 0 <= turn < 360, from side 0
  const lower = Math.floor(turn / 60);
  const past = turn / 60 - lower;
  if (past < 0.5) return hexDirection(lower);
  if (past > 0.5) return hexDirection(lower + 1);
  return hexDirection(Math.min(lower, hexDirection(lower + 1)));
}
