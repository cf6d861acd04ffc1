import { axial, type Axial, type HexOrientation } from './coords';

/**
 * Offset coordinates: how a hex map file numbers its hexes in columns and rows. There are four
 * layouts, named by the map file's own `orientation` and `offset` fields:
 *
 * | map `orientation` | map `offset` | shifted by half a hex                  | Tiled `staggeraxis` | Tiled `staggerindex` | Red Blob name |
 * | ----------------- | ------------ | -------------------------------------- | ------------------- | -------------------- | ------------- |
 * | `flat`            | `odd`        | odd columns, down (south)              | `x`                 | `odd`                | odd-q         |
 * | `flat`            | `even`       | even columns (column 0 too), down      | `x`                 | `even`               | even-q        |
 * | `pointy`          | `odd`        | odd rows, right (east)                 | `y`                 | `odd`                | odd-r         |
 * | `pointy`          | `even`       | even rows (row 0 too), right           | `y`                 | `even`               | even-r        |
 *
 * Tiled's hexagonal maps stagger the x axis for flat-topped hexes (each column is a straight
 * vertical file, neighbouring columns half a hex apart) and the y axis for pointy-topped ones;
 * `staggerindex` says which of each pair of columns (rows) is pushed along. Column and row 0 are
 * the top-left hex in both Tiled and the map file, so a Tiled tile layer's (x, y) is the map's
 * (col, row) with no renumbering: `fromTiledStagger` and `toTiledStagger` translate the two
 * attribute pairs.
 *
 * In every layout offset (0, 0) is axial (0, 0).
 */
export type HexOffset = 'odd' | 'even';

/** One of the four offset layouts (a hex map file's `orientation` and `offset`). */
export interface OffsetLayout {
  readonly orientation: HexOrientation;
  readonly offset: HexOffset;
}

/** All four offset layouts, for tests and for pickers. */
export const OFFSET_LAYOUTS: readonly OffsetLayout[] = [
  { orientation: 'flat', offset: 'odd' },
  { orientation: 'flat', offset: 'even' },
  { orientation: 'pointy', offset: 'odd' },
  { orientation: 'pointy', offset: 'even' },
];

/** A hex as the map file numbers it: column and row from the top-left hex. */
export interface OffsetHex {
  readonly col: number;
  readonly row: number;
}

/** Half of the shift an offset layout gives column (flat) or row (pointy) `n`, rounded down. */
function lift(offset: HexOffset, n: number): number {
  const odd = n & 1;
  return offset === 'odd' ? (n - odd) / 2 : (n + odd) / 2;
}

/** The axial coordinate of a map's (col, row). */
export function offsetToAxial(layout: OffsetLayout, h: OffsetHex): Axial {
  if (layout.orientation === 'flat') return axial(h.col, h.row - lift(layout.offset, h.col));
  return axial(h.col - lift(layout.offset, h.row), h.row);
}

/** The map's (col, row) of an axial coordinate (which may lie outside the map). */
export function axialToOffset(layout: OffsetLayout, h: Axial): OffsetHex {
  if (layout.orientation === 'flat') return { col: h.q, row: h.r + lift(layout.offset, h.q) + 0 };
  return { col: h.q + lift(layout.offset, h.r) + 0, row: h.r };
}

/** Tiled's names for the same four layouts (`<map staggeraxis=… staggerindex=…>`). */
export interface TiledStagger {
  readonly staggeraxis: 'x' | 'y';
  readonly staggerindex: 'odd' | 'even';
}

/** The offset layout of a Tiled hexagonal map. */
export function fromTiledStagger(t: TiledStagger): OffsetLayout {
  return { orientation: t.staggeraxis === 'x' ? 'flat' : 'pointy', offset: t.staggerindex };
}

/** The Tiled attributes that describe an offset layout. */
export function toTiledStagger(layout: OffsetLayout): TiledStagger {
  return { staggeraxis: layout.orientation === 'flat' ? 'x' : 'y', staggerindex: layout.offset };
}
