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
  // Touching, a sliver, or nothing: exact clipping says which.
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
