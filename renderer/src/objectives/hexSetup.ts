import type { Edge, HexRef, Point, Shape, Unit } from '../../../engine/format/types';
import {
  hexAt,
  hexCentre,
  hexLabel,
  hexsideSegment,
  hexsideToward,
  inBounds,
  offsetNeighbour,
  type HexGrid,
} from '../../../engine/hex';

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

const AWAY: Record<Edge, number> = { north: 90, south: 270, west: 0, east: 180 };

/** The hexside a unit entering from `edge` faces: the one pointing most directly away from it. */
export function hexsideAwayFrom(layout: HexGrid, edge: Edge | undefined): number {
  return hexsideToward(layout.orientation, edge ? AWAY[edge] : 0);
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
export function hexAreaBoundary(layout: HexGrid, hexes: readonly HexRef[]): [Point, Point][] {
  const inside = new Set(hexes.filter((h) => inBounds(layout, h.col, h.row)).map(key));
  const out: [Point, Point][] = [];
  for (const k of inside) {
    const [col, row] = k.split(',').map(Number) as [number, number];
    for (let side = 0; side < 6; side++) {
      if (inside.has(key(offsetNeighbour(layout, col, row, side)))) continue;
      out.push(hexsideSegment(layout, col, row, side));
    }
  }
  return out;
}

/** Mean centre of a set of hexes (the map's own hexes only), or null when none is on the map. */
export function hexesCentre(layout: HexGrid, hexes: readonly HexRef[]): Point | null {
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
export function hexRefAt(layout: HexGrid, p: Point): HexRef | null {
  const h = hexAt(layout, p);
  return h ? { col: h.col, row: h.row } : null;
}

/** Where a unit is drawn on a hex map: its hex's centre, or null when not on a hex. */
export function hexUnitPoint(layout: HexGrid, pos: Unit['position']): Point | null {
  if (!isHexRef(pos) || !inBounds(layout, pos.col, pos.row)) return null;
  return hexCentre(layout, pos.col, pos.row);
}

/** One-line summary of an area: the count of hexes for a hex area, else its shape. */
export function areaSummary(area: Shape): string {
  // Shapes in words, not the file's names ("rect", "edgeStrip").
  if (area.shape === 'rect') return 'rectangle';
  if (area.shape === 'edgeStrip') return `strip along the ${area.edge} edge`;
  if (area.shape !== 'hexes') return area.shape;
  const n = area.hexes.length;
  return n === 1 ? `hex ${hexLabel(area.hexes[0]!.col, area.hexes[0]!.row)}` : `${n} hexes`;
}
