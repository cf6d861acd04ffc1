import type { Edge, HexRef, Point, Shape, Unit } from '../../../engine/format/types';
import {
  hexAt,
  hexCentre,
  hexLabel,
  hexsideSegment,
  inBounds,
  neighbour,
  type HexLayout,
} from '../geometry/hex';

/**
 * Set-up geometry on hex maps: where a unit placed on a hex is drawn, which way its hexside
 * facing points, the outline of a group of hexes, and the hexside a side's units face on entry.
 * Pure functions of the hex layout; the painter, tools and panels share them.
 */

/** Whether a unit position is a hex reference ({col, row}) rather than table inches. */
export function isHexRef(p: unknown): p is HexRef {
  return (
    !!p &&
    typeof p === 'object' &&
    !Array.isArray(p) &&
    typeof (p as HexRef).col === 'number' &&
    typeof (p as HexRef).row === 'number'
  );
}

/** Whether a unit stands on the map, on a table point or on a hex. */
export function isPlaced(u: Pick<Unit, 'position'>): boolean {
  return Array.isArray(u.position) || isHexRef(u.position);
}

const key = (h: HexRef) => `${h.col},${h.row}`;

/** Hexside names clockwise from side 0, as the file format numbers them. */
const SIDE_NAMES = {
  flat: ['N', 'NE', 'SE', 'S', 'SW', 'NW'],
  pointy: ['NE', 'E', 'SE', 'SW', 'W', 'NW'],
} as const;

/** Compass name of hexside `side` (0-5). */
export function hexsideName(layout: HexLayout, side: number): string {
  return SIDE_NAMES[layout.orientation][(((side % 6) + 6) % 6) as 0]!;
}

/**
 * Direction from a hex's centre to the middle of hexside `side`, in degrees clockwise from east
 * (y grows south), the convention table facings use: flat side 0 (north) is 270°, pointy side 0
 * (north-east) is 300°.
 */
export function hexsideAngle(layout: HexLayout, side: number): number {
  const base = layout.orientation === 'flat' ? 270 : 300;
  return (base + 60 * (((side % 6) + 6) % 6)) % 360;
}

/** The hexside closest to a direction in degrees (ties go to the lower-numbered side). */
export function hexsideToward(layout: HexLayout, degrees: number): number {
  let best = 0;
  let bestGap = Infinity;
  for (let side = 0; side < 6; side++) {
    const d = Math.abs(((((hexsideAngle(layout, side) - degrees) % 360) + 540) % 360) - 180);
    if (d < bestGap - 1e-9) {
      bestGap = d;
      best = side;
    }
  }
  return best;
}

const AWAY: Record<Edge, number> = { north: 90, south: 270, west: 0, east: 180 };

/** The hexside a unit entering from `edge` faces: the one pointing most directly away from it. */
export function hexsideAwayFrom(layout: HexLayout, edge: Edge | undefined): number {
  return hexsideToward(layout, edge ? AWAY[edge] : 0);
}

/** Short label of a unit position: the printed hex number, or table inches. */
export function positionLabel(pos: Unit['position']): string {
  if (isHexRef(pos)) return `hex ${hexLabel(pos.col, pos.row)} (col ${pos.col}, row ${pos.row})`;
  if (Array.isArray(pos)) return `(${pos.join(', ')})`;
  return 'not placed';
}

/**
 * The outline of a set of hexes: every hexside whose neighbour is not in the set, as segments in
 * table inches. Hexes off the map are skipped.
 */
export function hexAreaBoundary(layout: HexLayout, hexes: readonly HexRef[]): [Point, Point][] {
  const inside = new Set(hexes.filter((h) => inBounds(layout, h.col, h.row)).map(key));
  const out: [Point, Point][] = [];
  for (const k of inside) {
    const [col, row] = k.split(',').map(Number) as [number, number];
    for (let side = 0; side < 6; side++) {
      if (inside.has(key(neighbour(layout, col, row, side)))) continue;
      out.push(hexsideSegment(layout, col, row, side));
    }
  }
  return out;
}

/** Mean centre of a set of hexes (the map's own hexes only), or null when none is on the map. */
export function hexesCentre(layout: HexLayout, hexes: readonly HexRef[]): Point | null {
  const on = hexes.filter((h) => inBounds(layout, h.col, h.row));
  if (!on.length) return null;
  const cs = on.map((h) => hexCentre(layout, h.col, h.row));
  return [
    cs.reduce((s, c) => s + c[0], 0) / cs.length,
    cs.reduce((s, c) => s + c[1], 0) / cs.length,
  ];
}

/** The top-most (then left-most) hex of a set, where its label goes. */
export function labelHex(hexes: readonly HexRef[]): HexRef | null {
  let best: HexRef | null = null;
  for (const h of hexes)
    if (!best || h.row < best.row || (h.row === best.row && h.col < best.col)) best = h;
  return best;
}

/**
 * Offsets from the hex centre, as fractions of the hex radius, for `n` counters sharing a hex:
 * one sits in the middle; several fan out on a small ring so each stays visible.
 */
export function fanOffsets(n: number): Point[] {
  if (n <= 1) return [[0, 0]];
  const r = n === 2 ? 0.3 : 0.38;
  const out: Point[] = [];
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / n + (n === 2 ? Math.PI / 4 : 0);
    out.push([r * Math.cos(a), r * Math.sin(a)]);
  }
  return out;
}

/** Adds a hex to a set, or removes it when it is already there. */
export function toggleHex(hexes: readonly HexRef[], h: HexRef): HexRef[] {
  return hexes.some((x) => key(x) === key(h))
    ? hexes.filter((x) => key(x) !== key(h))
    : [...hexes, { col: h.col, row: h.row }];
}

/** Whether a set of hexes holds a hex. */
export function hasHex(hexes: readonly HexRef[], h: HexRef): boolean {
  return hexes.some((x) => x.col === h.col && x.row === h.row);
}

/** The hex under a table point, as a plain reference, or null off the grid. */
export function hexRefAt(layout: HexLayout, p: Point): HexRef | null {
  const h = hexAt(layout, p);
  return h ? { col: h.col, row: h.row } : null;
}

/** Where a unit is drawn on a hex map: its hex's centre, or null when not on a hex. */
export function hexUnitPoint(layout: HexLayout, pos: Unit['position']): Point | null {
  if (!isHexRef(pos) || !inBounds(layout, pos.col, pos.row)) return null;
  return hexCentre(layout, pos.col, pos.row);
}

/** One-line summary of an area: the count of hexes for a hex area, else its shape. */
export function areaSummary(area: Shape): string {
  if (area.shape !== 'hexes') return area.shape;
  const n = area.hexes.length;
  return n === 1 ? `hex ${hexLabel(area.hexes[0]!.col, area.hexes[0]!.row)}` : `${n} hexes`;
}
