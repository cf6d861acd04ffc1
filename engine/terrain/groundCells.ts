/**
 * The ground under the table in cells: which ground-shaping features (bands, creek and gully
 * beds, decks) reach each cell and whether they lie evenly over it, so a height asks only those.
 */
import { boxOf, pointInPolygon, type Box, type Polygon } from '../geometry/polygon';
import { segmentDistance } from '../geometry/vector';
import type { FeatureId, TablePoint } from '../geometry/units';
import { type Footprint } from './featureGeometry';
import { type GroundSample, type IndexedFeature } from './indexedFeature';
import { contains, segmentMeetsBox, trenchDepthAt } from './featureShape';

/** Side of a ground cell, in inches. */
export const GROUND_CELL = 1;

export interface GroundCells {
  readonly columns: number;
  readonly rows: number;
  readonly lists: readonly (readonly IndexedFeature[])[];
  /** The ground of a cell where it is the same under every point of the cell (else undefined). */
  readonly uniform: readonly (GroundSample | undefined)[];
  /** The highest band or deck over each cell, or 0: no ground in the cell stands higher. */
  readonly tops: Float64Array;
}

/**
 * The grid behind `groundAt`: each cell lists, in the features' order, the ground-shaping
 * features that may set the ground somewhere in it (their box meets the cell and the cell is not
 * wholly outside them: a superset of those under any point of the cell, which `groundAmong` then
 * tests exactly), the ground of the cells where it is the same all over, and each cell's highest
 * band or deck.
 */
export function groundCellsOf(
  grounds: readonly IndexedFeature[],
  width: number,
  height: number,
): GroundCells {
  const { columns, rows, lists } = boxCells(grounds, GROUND_CELL, width, height);
  const cells = lists.map((l, k) => {
    const minX = (k % columns) * GROUND_CELL;
    const minY = Math.floor(k / columns) * GROUND_CELL;
    const cell = { minX, minY, maxX: minX + GROUND_CELL, maxY: minY + GROUND_CELL };
    const kept: IndexedFeature[] = [];
    let even = true;
    let decks = 0;
    for (const i of l) {
      const e = grounds[i]!;
      const effect = groundEffectOver(e, cell);
      if (effect === 'none') continue;
      kept.push(e);
      if (effect === 'varies') even = false;
      // Where two decks overlap, the first in the list wins: a line's own list may order them
      // otherwise, so such a cell is left to be worked out point by point.
      else if (e.feature.kind === 'bridge' || e.feature.kind === 'catwalk') decks++;
    }
    const uniform =
      even && decks <= 1 ? Object.freeze(groundAmongList(kept, centreOf(cell))) : undefined;
    let top = 0;
    for (const e of kept) {
      const f = e.feature;
      if (f.kind === 'ground') top = Math.max(top, f.height);
      else if (f.kind === 'bridge' || f.kind === 'catwalk') top = Math.max(top, f.deckHeight ?? 0);
    }
    return { kept, uniform, top };
  });
  return {
    columns,
    rows,
    lists: cells.map((c) => c.kept),
    uniform: cells.map((c) => c.uniform),
    tops: Float64Array.from(cells, (c) => c.top),
  };
}

/**
 * What a ground-shaping feature does to the ground over a box: nothing anywhere in it (a
 * base-level band, a road that follows the ground, a box wholly outside it), the same all over
 * it ('even': wholly inside it, or in a bed's full depth), or something that varies.
 */
function groundEffectOver(e: IndexedFeature, box: Box): 'none' | 'even' | 'varies' {
  const f = e.feature;
  // A base-level band never sets the ground (groundAmong takes the highest band above 0).
  if (f.kind === 'ground' && f.height <= 0) return 'none';
  if (f.kind === 'road' && f.elevationMode !== 'flat') return 'none';
  const fp = e.footprint;
  if (fp.type === 'trench') return trenchOver(fp, box);
  if (fp.type !== 'area' || fp.polygons.some((poly) => outlineNear(poly, box))) return 'varies';
  return contains(fp, centreOf(box), 0) ? 'even' : 'none';
}

/** Height of the ground under a point, from a list of candidate features known to include it. */
export function groundAmongList(list: readonly IndexedFeature[], p: TablePoint): GroundSample {
  groundInto(list, p);
  return { height: groundHeight, featureId: groundFeature };
}

/** What the last `groundInto` found: the ground's height and the feature that sets it. */
export let groundHeight = 0;

let groundFeature: FeatureId | undefined;

/** `groundAmongList` into `groundHeight` and `groundFeature`, making no object. */
export function groundInto(list: readonly IndexedFeature[], p: TablePoint): void {
  let band = 0;
  let bandId: FeatureId | undefined;
  let cut = 0;
  let cutId: FeatureId | undefined;
  let flatRoad: FeatureId | undefined;
  for (const e of list) {
    const f = e.feature;
    switch (f.kind) {
      case 'bridge':
      case 'catwalk':
        if (insideArea(e, p)) {
          groundHeight = f.deckHeight ?? 0;
          groundFeature = e.id;
          return;
        }
        break;
      case 'ground':
        if (f.height > band && insideArea(e, p)) {
          band = f.height;
          bandId = e.id;
        }
        break;
      case 'creek':
      case 'gully': {
        const d = trenchDepthAt(e.footprint, p);
        if (d > cut) {
          cut = d;
          cutId = e.id;
        }
        break;
      }
      case 'road':
        if (f.elevationMode === 'flat' && insideArea(e, p)) flatRoad = e.id;
        break;
      case 'building':
      case 'wall':
      case 'fence':
      case 'hedge':
      case 'bushes':
      case 'tree':
      case 'woods':
      case 'forest':
      case 'obstacle':
      case 'bunker':
      case 'wreck':
        break;
    }
  }
  // A flat road is cut through raised ground at base level; a creek bed still sinks below it.
  if (flatRoad !== undefined && band > 0) {
    band = 0;
    bandId = flatRoad;
  }
  if (cut > 0) {
    groundHeight = band - cut;
    groundFeature = cutId;
  } else {
    groundHeight = band;
    groundFeature = bandId;
  }
}

/** Whether an area footprint holds `p` (as `contains`), testing only the polygons whose box holds it. */
function insideArea(e: IndexedFeature, p: TablePoint): boolean {
  const fp = e.footprint;
  if (fp.type !== 'area') return contains(fp, p, 0);
  const boxes = e.partBoxes;
  const polys = fp.polygons;
  const x = p.x;
  const y = p.y;
  for (let k = 0; k < polys.length; k++) {
    const o = 4 * k;
    if (x < boxes[o]! || y < boxes[o + 1]! || x > boxes[o + 2]! || y > boxes[o + 3]!) continue;
    if (pointInPolygon(p, polys[k]!)) return true;
  }
  return false;
}

/**
 * The boxes `IndexedFeature.partBoxes` holds. Grown by 1e-9, far above the rounding of the
 * point-in-polygon test: a point beyond a polygon's box never counts as inside it.
 */
export function partBoxesOf(fp: Footprint): Float64Array {
  if (fp.type !== 'area') return new Float64Array(0);
  const out = new Float64Array(4 * fp.polygons.length);
  fp.polygons.forEach((poly, k) => {
    const b = boxOf(poly, 1e-9);
    out.set([b.minX, b.minY, b.maxX, b.maxY], 4 * k);
  });
  return out;
}

/** How far from a cell's sides an outline or a bank must stay for the cell to count as even. */
const EVEN_MARGIN = 1e-6;

function centreOf(box: Box): TablePoint {
  return { x: (box.minX + box.maxX) / 2, y: (box.minY + box.maxY) / 2 } as TablePoint;
}

/** The box grown by `pad` on every side. */
export function grown(box: Box, pad: number): Box {
  return { minX: box.minX - pad, minY: box.minY - pad, maxX: box.maxX + pad, maxY: box.maxY + pad };
}

/** Whether some edge of a polygon comes within `EVEN_MARGIN` of the box (then points in the box may fall either side of it). */
function outlineNear(poly: Polygon, box: Box): boolean {
  const near = grown(box, EVEN_MARGIN);
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    if (segmentMeetsBox(poly[j]!, poly[i]!, near)) return true;
  }
  return false;
}

/**
 * How deep a creek or gully is under the points of a box: 0 all over ('none': the box lies well
 * beyond its banks), its full depth all over ('even': well within the bed along one of its legs),
 * or it varies.
 */
function trenchOver(
  fp: Extract<Footprint, { type: 'trench' }>,
  box: Box,
): 'none' | 'even' | 'varies' {
  const pts = fp.points;
  const beyond = grown(box, fp.outerHalfWidth + EVEN_MARGIN);
  let clear = true;
  for (let i = 1; i < pts.length; i++) {
    if (segmentMeetsBox(pts[i - 1]!, pts[i]!, beyond)) clear = false;
  }
  if (clear) return 'none';
  const corners = [
    { x: box.minX, y: box.minY },
    { x: box.maxX, y: box.minY },
    { x: box.maxX, y: box.maxY },
    { x: box.minX, y: box.maxY },
  ] as TablePoint[];
  const bed = fp.floorHalfWidth - EVEN_MARGIN;
  for (let i = 1; i < pts.length; i++) {
    // The bed around one leg is convex: all four corners in it put the whole box in it.
    if (corners.every((c) => segmentDistance(c, pts[i - 1]!, pts[i]!) <= bed)) return 'even';
  }
  return 'varies';
}

/**
 * A grid of `cell`-inch cells over a `width` x `height` table and, for each cell row by row, the
 * indices of the features whose box meets it (boxes beyond the table count in its edge cells).
 */
export function boxCells(
  features: readonly { readonly box: Box }[],
  cell: number,
  width: number,
  height: number,
): { columns: number; rows: number; lists: number[][] } {
  const columns = Math.floor(width / cell) + 1;
  const rows = Math.floor(height / cell) + 1;
  const lists: number[][] = Array.from({ length: columns * rows }, () => []);
  const clamp = (v: number, n: number) => Math.min(n - 1, Math.max(0, Math.floor(v / cell)));
  features.forEach(({ box }, i) => {
    const [c0, c1] = [clamp(box.minX, columns), clamp(box.maxX, columns)];
    const [r0, r1] = [clamp(box.minY, rows), clamp(box.maxY, rows)];
    for (let r = r0; r <= r1; r++) for (let c = c0; c <= c1; c++) lists[r * columns + c]!.push(i);
  });
  return { columns, rows, lists };
}
