import type { HexRef, Point, Shape } from '../../../engine/format/types';
import { pointInPolygon } from '../../../engine/geometry/polygon';
import { inBounds, offsetNeighbour, type HexGrid } from '../../../engine/hex';
import { tablePoint } from '../../../engine/geometry/units';
import { shapeOutline } from '../objectives/setupOutlines';

/**
 * Where the men of a formation stand when it is dropped on the table or deployed into a zone:
 * ranks across the facing, the first rank at the drop point and the others behind it, each man on a
 * free spot (no other counter within his footprint) inside the allowed area. Pure, so the drop,
 * the Auto-deploy command and their tests share one answer.
 */

/** One unit to lay out: its id and footprint (null for a figure on a small round base). */
export interface LayoutUnit {
  readonly id: string;
  readonly size: { readonly length: number; readonly width: number } | null;
}

/** A counter already on the table that the new ones must keep clear of. */
export interface Occupied {
  readonly at: Point;
  /** Half the counter's largest dimension, in inches. */
  readonly r: number;
}

/** A figure's counter is 0.8" across; ranks of figures stand 1.2" apart, centre to centre. */
const FIGURE_REACH = 0.4;
const GAP = 0.4;
/** The most men of one rank: a squad of ten stands in two ranks, a platoon in several. */
const RANK_MAX = 6;

const r1 = (n: number) => Math.round(n * 10) / 10;

/** Half the largest dimension of a unit's footprint: what it covers whatever its facing. */
export function reachOf(u: LayoutUnit): number {
  return u.size ? Math.hypot(u.size.length, u.size.width) / 2 : FIGURE_REACH;
}

/** Whether a point lies in a zone's area on a w × h table (a table edge counts as inside). */
export function inArea(area: Shape, p: Point, w: number, h: number): boolean {
  if (area.shape === 'circle')
    return Math.hypot(p[0] - area.center[0], p[1] - area.center[1]) <= area.radius;
  const outline = shapeOutline(area, w, h);
  if (outline.length < 3) return false;
  return pointInPolygon(
    tablePoint(p[0], p[1]),
    outline.map(([x, y]) => tablePoint(x, y)),
  );
}

/**
 * Positions for `units` around `at`, facing `facing` degrees (0 = east, 90 = south): ranks of up
 * to six across the facing, spaced by the widest footprint, filled front rank first. A slot
 * that is outside `inside` or too close to an occupied spot moves to the nearest free spot, found
 * on rings of growing radius; a unit with no free spot within `search` inches is left out.
 */
export function layoutFormation(o: {
  readonly at: Point;
  readonly units: readonly LayoutUnit[];
  readonly facing: number;
  readonly inside: (p: Point) => boolean;
  readonly occupied: readonly Occupied[];
  readonly search?: number;
  /** Ground a unit may not stand on (a building closed to men, a creek to trucks). */
  readonly blocked?: (unitId: string, p: Point) => boolean;
}): Map<string, Point> {
  const out = new Map<string, Point>();
  const taken: Occupied[] = [...o.occupied];
  const n = o.units.length;
  if (n === 0) return out;
  const widest = Math.max(...o.units.map(reachOf));
  const step = 2 * widest + GAP;
  const perRank = Math.min(RANK_MAX, n);
  const a = (o.facing * Math.PI) / 180;
  const front: Point = [Math.cos(a), Math.sin(a)];
  const across: Point = [-front[1], front[0]];
  const search = o.search ?? 24;
  // The whole footprint stays inside (its centre and four points round it), so a vehicle does
  // not hang over the table's edge or out of its zone.
  const within = (p: Point, r: number) =>
    o.inside(p) &&
    o.inside([p[0] + r, p[1]]) &&
    o.inside([p[0] - r, p[1]]) &&
    o.inside([p[0], p[1] + r]) &&
    o.inside([p[0], p[1] - r]);
  const free = (p: Point, r: number) =>
    within(p, r) &&
    taken.every((t) => Math.hypot(t.at[0] - p[0], t.at[1] - p[1]) >= t.r + r + 0.05);
  o.units.forEach((u, i) => {
    const rank = Math.floor(i / perRank);
    const inRank = Math.min(perRank, n - rank * perRank);
    const file = (i % perRank) - (inRank - 1) / 2;
    const slot: Point = [
      r1(o.at[0] + across[0] * file * step - front[0] * rank * step),
      r1(o.at[1] + across[1] * file * step - front[1] * rank * step),
    ];
    const r = reachOf(u);
    const spot = nearestFree(slot, r, search, (q, rr) => free(q, rr) && !o.blocked?.(u.id, q));
    if (!spot) return;
    out.set(u.id, spot);
    taken.push({ at: spot, r });
  });
  return out;
}

/** The free spot nearest `p`: `p` itself, else points on rings 0.4" apart around it. */
function nearestFree(
  p: Point,
  r: number,
  search: number,
  free: (p: Point, r: number) => boolean,
): Point | null {
  if (free(p, r)) return p;
  const d = 0.4;
  for (let k = 1; k * d <= search; k++) {
    const rad = k * d;
    const count = Math.max(8, Math.ceil((2 * Math.PI * rad) / d));
    for (let j = 0; j < count; j++) {
      const t = (j / count) * Math.PI * 2;
      const q: Point = [r1(p[0] + rad * Math.cos(t)), r1(p[1] + rad * Math.sin(t))];
      if (free(q, r)) return q;
    }
  }
  return null;
}

/**
 * Hex maps: one free hex per unit, nearest first from `start` (breadth-first over neighbours),
 * inside `allowed` (a zone's hexes) or anywhere on the map when it is undefined.
 */
export function layoutOnHexes(o: {
  readonly grid: HexGrid;
  readonly start: HexRef;
  readonly ids: readonly string[];
  readonly allowed?: readonly HexRef[];
  readonly occupied: readonly HexRef[];
}): Map<string, HexRef> {
  const key = (h: HexRef) => `${h.col},${h.row}`;
  const allowed = o.allowed ? new Set(o.allowed.map(key)) : null;
  const busy = new Set(o.occupied.map(key));
  const out = new Map<string, HexRef>();
  const seen = new Set([key(o.start)]);
  const queue: HexRef[] = [o.start];
  let next = 0;
  for (let q = 0; q < queue.length && next < o.ids.length; q++) {
    const h = queue[q]!;
    if (!busy.has(key(h)) && (!allowed || allowed.has(key(h)))) {
      out.set(o.ids[next++]!, h);
      busy.add(key(h));
    }
    for (let side = 0; side < 6; side++) {
      const nb = offsetNeighbour(o.grid, h.col, h.row, side);
      if (!inBounds(o.grid, nb.col, nb.row) || seen.has(key(nb))) continue;
      seen.add(key(nb));
      queue.push({ col: nb.col, row: nb.row });
    }
  }
  return out;
}
