import type { HexMap, Point } from '../../../engine/format/types';

/** Layout of a hex map in table inches, derived from its orientation, offset and hex size. */
export interface HexLayout {
  readonly orientation: 'flat' | 'pointy';
  readonly offset: 'odd' | 'even';
  readonly columns: number;
  readonly rows: number;
  /** Centre-to-corner radius in inches. */
  readonly size: number;
  readonly width: number;
  readonly height: number;
}

/** Printed size across flats when a map does not say. */
export const DEFAULT_HEX_INCHES = 1.25;
const SQRT3 = Math.sqrt(3);

export function hexLayout(
  map: Pick<HexMap, 'orientation' | 'offset' | 'columns' | 'rows' | 'hexSize'>,
): HexLayout {
  const size = (map.hexSize?.inches ?? DEFAULT_HEX_INCHES) / SQRT3;
  const flat = map.orientation === 'flat';
  const width = flat
    ? 1.5 * size * (map.columns - 1) + 2 * size
    : SQRT3 * size * (map.columns + (map.rows > 1 ? 0.5 : 0));
  const height = flat
    ? SQRT3 * size * (map.rows + (map.columns > 1 ? 0.5 : 0))
    : 1.5 * size * (map.rows - 1) + 2 * size;
  return {
    orientation: map.orientation,
    offset: map.offset,
    columns: map.columns,
    rows: map.rows,
    size,
    width,
    height,
  };
}

const shifted = (layout: HexLayout, n: number) => ((n & 1) === 1) === (layout.offset === 'odd');

export function hexCentre(layout: HexLayout, col: number, row: number): Point {
  const s = layout.size;
  if (layout.orientation === 'flat') {
    return [
      s + 1.5 * s * col,
      (SQRT3 * s) / 2 + SQRT3 * s * (row + (shifted(layout, col) ? 0.5 : 0)),
    ];
  }
  return [
    (SQRT3 * s) / 2 + SQRT3 * s * (col + (shifted(layout, row) ? 0.5 : 0)),
    s + 1.5 * s * row,
  ];
}

/** Corner k (0-5) of a hex, clockwise on screen (y grows south) from east (flat) or 30° (pointy). */
export function hexCorners(layout: HexLayout, col: number, row: number): Point[] {
  const [cx, cy] = hexCentre(layout, col, row);
  const base = layout.orientation === 'flat' ? 0 : 30;
  const out: Point[] = [];
  for (let k = 0; k < 6; k++) {
    const a = ((base + 60 * k) * Math.PI) / 180;
    out.push([cx + layout.size * Math.cos(a), cy + layout.size * Math.sin(a)]);
  }
  return out;
}

/**
 * End points of hexside `side` of a hex. Sides are numbered clockwise from the top side (flat) or
 * the top-right side (pointy), as the file format defines; with the corner numbering above, side i
 * runs from corner (4 + i) to corner (5 + i).
 */
export function hexsideSegment(
  layout: HexLayout,
  col: number,
  row: number,
  side: number,
): [Point, Point] {
  const c = hexCorners(layout, col, row);
  return [c[(4 + side) % 6]!, c[(5 + side) % 6]!];
}

export function inBounds(layout: HexLayout, col: number, row: number): boolean {
  return col >= 0 && row >= 0 && col < layout.columns && row < layout.rows;
}

/** The hex containing p, or null outside the map. */
export function hexAt(layout: HexLayout, p: Point): { col: number; row: number } | null {
  const s = layout.size;
  const estCol =
    layout.orientation === 'flat'
      ? Math.round((p[0] - s) / (1.5 * s))
      : Math.round((p[0] - (SQRT3 * s) / 2) / (SQRT3 * s));
  const estRow =
    layout.orientation === 'flat'
      ? Math.round((p[1] - (SQRT3 * s) / 2) / (SQRT3 * s))
      : Math.round((p[1] - s) / (1.5 * s));
  let best: { col: number; row: number } | null = null;
  let bestD = Infinity;
  for (let dc = -1; dc <= 1; dc++) {
    for (let dr = -1; dr <= 1; dr++) {
      const col = estCol + dc;
      const row = estRow + dr;
      if (!inBounds(layout, col, row)) continue;
      const c = hexCentre(layout, col, row);
      const d = Math.hypot(c[0] - p[0], c[1] - p[1]);
      if (d < bestD) {
        bestD = d;
        best = { col, row };
      }
    }
  }
  return best && bestD <= layout.size ? best : null;
}

/** The hexside nearest p: the hex under p and the side whose midpoint is closest. */
export function hexsideAt(
  layout: HexLayout,
  p: Point,
): { col: number; row: number; side: number } | null {
  const h = hexAt(layout, p);
  if (!h) return null;
  let best = 0;
  let bestD = Infinity;
  for (let side = 0; side < 6; side++) {
    const [a, b] = hexsideSegment(layout, h.col, h.row, side);
    const d = Math.hypot((a[0] + b[0]) / 2 - p[0], (a[1] + b[1]) / 2 - p[1]);
    if (d < bestD) {
      bestD = d;
      best = side;
    }
  }
  return { ...h, side: best };
}

const AXIAL_DIRS: Record<'flat' | 'pointy', [number, number][]> = {
  // Side order: flat N, NE, SE, S, SW, NW; pointy NE, E, SE, SW, W, NW.
  flat: [
    [0, -1],
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
  ],
  pointy: [
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 1],
    [-1, 0],
    [0, -1],
  ],
};

function toAxial(layout: HexLayout, col: number, row: number): [number, number] {
  const odd = layout.offset === 'odd';
  if (layout.orientation === 'flat')
    return [col, row - (odd ? (col - (col & 1)) / 2 : (col + (col & 1)) / 2)];
  return [col - (odd ? (row - (row & 1)) / 2 : (row + (row & 1)) / 2), row];
}

function fromAxial(layout: HexLayout, q: number, r: number): { col: number; row: number } {
  const odd = layout.offset === 'odd';
  if (layout.orientation === 'flat')
    return { col: q, row: r + (odd ? (q - (q & 1)) / 2 : (q + (q & 1)) / 2) };
  return { col: q + (odd ? (r - (r & 1)) / 2 : (r + (r & 1)) / 2), row: r };
}

/** The hex across `side`, which may lie outside the map. */
export function neighbour(
  layout: HexLayout,
  col: number,
  row: number,
  side: number,
): { col: number; row: number } {
  const [q, r] = toAxial(layout, col, row);
  const [dq, dr] = AXIAL_DIRS[layout.orientation][side]!;
  return fromAxial(layout, q + dq, r + dr);
}

/** The same hexside seen from the neighbouring hex. */
export function oppositeHexside(
  layout: HexLayout,
  ref: { col: number; row: number; side: number },
) {
  const n = neighbour(layout, ref.col, ref.row, ref.side);
  return { ...n, side: (ref.side + 3) % 6 };
}

/** Map label of a hex, as printed on wargame maps: column and row, 1-based, two digits each. */
export function hexLabel(col: number, row: number): string {
  return `${String(col + 1).padStart(2, '0')}${String(row + 1).padStart(2, '0')}`;
}
