import Flatbush from 'flatbush';
import * as polyclip from 'polyclip-ts';
import { sharedArea } from '../geometry/sharedArea';
import type { MultiPolygon } from './footprintPolygons';

type Polygon = MultiPolygon[number];

interface Box {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

function boxOfPolygon(poly: Polygon): Box {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const [x, y] of poly[0] ?? []) {
    if (x < b.minX) b.minX = x;
    if (x > b.maxX) b.maxX = x;
    if (y < b.minY) b.minY = y;
    if (y > b.maxY) b.maxY = y;
  }
  return b;
}

const meets = (a: Box, b: Box) =>
  a.minX <= b.maxX && b.minX <= a.maxX && a.minY <= b.maxY && b.minY <= a.maxY;

/**
 * Shared area (sq in) past which two pieces surely overlap, whatever the rounding of the float
 * measure; below it, exact clipping decides.
 */
const SURELY_SHARED = 1e-6;

/** Whether two pieces share ground (an overlap of positive area, as a union would merge them). */
function shareGround(a: Polygon, b: Polygon): boolean {
  const measured = sharedArea([a], [b]);
  if (measured > SURELY_SHARED) return true;
  if (measured <= 0) return false;
  // Touching or a sliver: exact clipping says which.
  try {
    const common = polyclip.intersection(a, b) as MultiPolygon;
    return common.some((p) => (p[0]?.length ?? 0) >= 3);
  } catch {
    return measured > 0;
  }
}

/**
 * How many separate pieces the union of `parts` makes, without building the union: pieces that
 * share ground are joined (union-find), and only pairs whose boxes meet and that are not joined
 * yet are measured. A creek's floor is hundreds of overlapping strips when it is traced with
 * many points; merging them in exact arithmetic took minutes, this takes milliseconds.
 */
export function pieceCount(parts: readonly Polygon[]): number {
  const n = parts.length;
  if (n <= 1) return n;
  const boxes = parts.map(boxOfPolygon);
  const index = new Flatbush(n);
  for (const b of boxes) index.add(b.minX, b.minY, b.maxX, b.maxY);
  index.finish();
  const parent = Int32Array.from({ length: n }, (_, i) => i);
  const find = (i: number): number => {
    while (parent[i] !== i) {
      parent[i] = parent[parent[i]!]!;
      i = parent[i]!;
    }
    return i;
  };
  let pieces = n;
  // Neighbours in the list first: a creek's strips come in order along it and each overlaps the
  // next, so the chain is joined in one pass and the search below skips most pairs as joined.
  for (let i = 0; i + 1 < n; i++) {
    if (!meets(boxes[i]!, boxes[i + 1]!)) continue;
    const ri = find(i);
    const rj = find(i + 1);
    if (ri === rj || !shareGround(parts[i]!, parts[i + 1]!)) continue;
    parent[ri] = rj;
    pieces--;
  }
  if (pieces === 1) return 1;
  for (let i = 0; i < n; i++) {
    const b = boxes[i]!;
    for (const j of index.search(b.minX, b.minY, b.maxX, b.maxY)) {
      if (j <= i) continue;
      const ri = find(i);
      const rj = find(j);
      if (ri === rj || !shareGround(parts[i]!, parts[j]!)) continue;
      parent[ri] = rj;
      pieces--;
    }
  }
  return pieces;
}

/**
 * Whether a bridge deck cuts the water's floor near it into more pieces than it was, i.e. reaches
 * dry ground on both banks (a deck wholly on the water, or short of a bank, leaves the floor in
 * one piece). `floor` is the water's floor near the deck, as overlapping parts (a creek's strips);
 * each part loses what the deck covers on its own, by exact clipping of that part and the deck,
 * and the pieces left are counted as above. Undefined when the clipping fails on a part: no
 * verdict rather than a wrong one.
 */
export function deckSplitsFloor(floor: MultiPolygon, deck: MultiPolygon): boolean | undefined {
  const deckPoints = deck.reduce((n, poly) => n + poly.reduce((m, r) => m + r.length, 0), 0);
  if (floor.length > MAX_EXACT_PARTS || deckPoints > MAX_EXACT_DECK_POINTS)
    return deckSplitsRaster(floor, deck);
  const deckBox = deck.map(boxOfPolygon).reduce(
    (a, b) => ({
      minX: Math.min(a.minX, b.minX),
      minY: Math.min(a.minY, b.minY),
      maxX: Math.max(a.maxX, b.maxX),
      maxY: Math.max(a.maxY, b.maxY),
    }),
    { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity },
  );
  const before = pieceCount(floor);
  const left: Polygon[] = [];
  for (const part of floor) {
    if (!meets(boxOfPolygon(part), deckBox)) {
      left.push(part);
      continue;
    }
    try {
      left.push(...(polyclip.difference(part, deck) as MultiPolygon));
    } catch {
      return undefined;
    }
  }
  return pieceCount(left) > before;
}

/**
 * Past this many floor parts near one deck (a creek traced with thousands of points that are not
 * on straight runs, say a tenth of an inch of noise on each), the parts are counted on a fine
 * grid instead: bounded work, exact but for connections thinner than a cell.
 */
const MAX_EXACT_PARTS = 600;
/** Likewise past this many points in the deck's outline (exact clipping slows with each). */
const MAX_EXACT_DECK_POINTS = 256;
/** Cells along the longer side of the grid. */
const GRID = 1024;

/**
 * Marks the cells of a grid whose centres lie in the union of `polys` (even-odd within each
 * polygon, its rings together): per row, each polygon's inside spans are added to a running
 * count at their ends, so a part costs its rows, not its cells.
 */
function rasterize(
  polys: readonly Polygon[],
  box: Box,
  cols: number,
  rows: number,
  cell: number,
): Uint8Array {
  const diff = new Int32Array((cols + 1) * rows);
  const xs: number[] = [];
  for (const poly of polys) {
    const b = boxOfPolygon(poly);
    const r0 = Math.max(0, Math.ceil((b.minY - box.minY) / cell - 0.5));
    const r1 = Math.min(rows - 1, Math.floor((b.maxY - box.minY) / cell - 0.5));
    for (let r = r0; r <= r1; r++) {
      const y = box.minY + (r + 0.5) * cell;
      xs.length = 0;
      for (const ring of poly)
        for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
          const [xi, yi] = ring[i]!;
          const [xj, yj] = ring[j]!;
          if (yi > y !== yj > y) xs.push(xi + ((y - yi) * (xj - xi)) / (yj - yi));
        }
      xs.sort((p, q) => p - q);
      for (let k = 0; k + 1 < xs.length; k += 2) {
        // Cells whose centre x lies in [xs[k], xs[k + 1]).
        const c0 = Math.max(0, Math.ceil((xs[k]! - box.minX) / cell - 0.5));
        const c1 = Math.min(cols, Math.ceil((xs[k + 1]! - box.minX) / cell - 0.5));
        if (c1 <= c0) continue;
        diff[r * (cols + 1) + c0]!++;
        diff[r * (cols + 1) + c1]!--;
      }
    }
  }
  const mask = new Uint8Array(cols * rows);
  for (let r = 0; r < rows; r++) {
    let count = 0;
    for (let c = 0; c < cols; c++) {
      count += diff[r * (cols + 1) + c]!;
      if (count > 0) mask[r * cols + c] = 1;
    }
  }
  return mask;
}

/** Connected groups of marked cells (side by side, not corner to corner). */
function groups(mask: Uint8Array, cols: number, rows: number): number {
  const seen = new Uint8Array(mask.length);
  const stack = new Int32Array(mask.length);
  let count = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || seen[start]) continue;
    count++;
    seen[start] = 1;
    let top = 0;
    stack[top++] = start;
    while (top > 0) {
      const i = stack[--top]!;
      const c = i % cols;
      const r = (i - c) / cols;
      if (c > 0 && mask[i - 1] && !seen[i - 1]) {
        seen[i - 1] = 1;
        stack[top++] = i - 1;
      }
      if (c + 1 < cols && mask[i + 1] && !seen[i + 1]) {
        seen[i + 1] = 1;
        stack[top++] = i + 1;
      }
      if (r > 0 && mask[i - cols] && !seen[i - cols]) {
        seen[i - cols] = 1;
        stack[top++] = i - cols;
      }
      if (r + 1 < rows && mask[i + cols] && !seen[i + cols]) {
        seen[i + cols] = 1;
        stack[top++] = i + cols;
      }
    }
  }
  return count;
}

/** `deckSplitsFloor` counted on a grid over the floor near the deck. */
function deckSplitsRaster(floor: MultiPolygon, deck: MultiPolygon): boolean {
  const box = floor.map(boxOfPolygon).reduce(
    (a, b) => ({
      minX: Math.min(a.minX, b.minX),
      minY: Math.min(a.minY, b.minY),
      maxX: Math.max(a.maxX, b.maxX),
      maxY: Math.max(a.maxY, b.maxY),
    }),
    { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity },
  );
  const cell = Math.max(box.maxX - box.minX, box.maxY - box.minY) / GRID;
  const cols = Math.max(1, Math.ceil((box.maxX - box.minX) / cell));
  const rows = Math.max(1, Math.ceil((box.maxY - box.minY) / cell));
  const water = rasterize(floor, box, cols, rows, cell);
  const before = groups(water, cols, rows);
  const covered = rasterize(deck, box, cols, rows, cell);
  for (let i = 0; i < water.length; i++) if (covered[i]) water[i] = 0;
  return groups(water, cols, rows) > before;
}
