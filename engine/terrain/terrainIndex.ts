import Flatbush from 'flatbush';
import type { Feature, TableMap } from '../format';
import {
  pointInPolygon,
  segmentCrossing,
  segmentInsideCircle,
  segmentInsidePolygon,
  type Box,
  type Polygon,
  type Span,
} from '../geometry/polygon';
import { segmentDistance } from '../geometry/vector';
import type { FeatureId, TablePoint } from '../geometry/units';
import { footprintBox, footprintOf, type Footprint } from './featureGeometry';
import type { FeatureRules, FeatureRulesResolver, TerrainDefaults } from './terrainRules';

/** One table feature with its footprint, box, rules and heights, as the index holds it. */
export interface IndexedFeature {
  readonly id: FeatureId;
  readonly feature: Feature;
  readonly footprint: Footprint;
  readonly box: Box;
  readonly rules: FeatureRules;
  /** Height of the ground the feature stands on, above base ground. */
  readonly base: number;
  /** Height of the feature's top above base ground (its own height plus `base`). */
  readonly top: number;
}

/** The parts of a segment that a feature covers, in order along the segment. */
export interface Crossing {
  readonly entry: IndexedFeature;
  /** Parameter spans along the segment; a wall crossing is a span of zero length. */
  readonly spans: readonly Span[];
}

/** The ground under a point: its height above base ground and the feature that sets it. */
export interface GroundSample {
  readonly height: number;
  readonly featureId: FeatureId | undefined;
}

/** How candidate features are found: the R-tree, or a plain scan (for the benchmark). */
export type IndexMode = 'rtree' | 'scan';

/**
 * Terrain of one table map behind a spatial index (Flatbush R-tree over feature boxes). Every
 * query first takes the candidates whose box meets the query box, then tests exact geometry.
 */
export class TerrainIndex {
  readonly entries: readonly IndexedFeature[];
  readonly width: number;
  readonly height: number;
  private readonly tree: Flatbush | undefined;
  private readonly grounds: readonly IndexedFeature[];
  /**
   * Ground answers already given for a point, in the plain-scan mode (the R-tree mode reads its
   * ground grid instead). The map never changes, so an answer stays true; the memo is emptied
   * when it grows past `MEMO_LIMIT` points. Set once the entries are placed.
   */
  private groundMemo: PointMemo<GroundSample> | undefined;
  private readonly featureMemo = new Map<number, PointMemo<readonly IndexedFeature[]>>();
  /** Crossings by segment: a.x, a.y, b.x, then b.y. */
  private readonly crossingMemo = new Map<
    number,
    Map<number, Map<number, Map<number, readonly Crossing[]>>>
  >();
  private memoSize = 0;
  /**
   * The ground-shaping features whose box meets each cell of a grid over the table, row by row:
   * `groundAt` reads one short list instead of searching the tree (sight lines and moves ask it
   * for points no memo has seen).
   */
  private groundCells: GroundCells | undefined;
  /** Every feature by the cells of a grid its box meets, for `lineCandidates`. */
  private lineGrid: LineGrid | undefined;
  /** The features `sightCandidates` may give, and their grid (a tree by its trunk's box). */
  private sightEntries: readonly IndexedFeature[] = [];
  private sightGrid: LineGrid | undefined;

  constructor(
    map: TableMap,
    resolve: FeatureRulesResolver,
    readonly defaults: TerrainDefaults,
    readonly mode: IndexMode = 'rtree',
  ) {
    this.width = map.width;
    this.height = map.height;
    const shaped = map.features.map((feature) => {
      const footprint = footprintOf(feature, defaults.trunkRadius);
      return { feature, footprint, box: footprintBox(footprint), rules: resolve(feature) };
    });
    // Ground-shaping features first, so the heights of everything else can stand on them.
    const groundKinds = new Set(['ground', 'creek', 'gully', 'bridge', 'catwalk']);
    const groundOnly = shaped
      .filter((s) => groundKinds.has(s.feature.kind))
      .map((s) => ({ ...s, id: s.feature.id as FeatureId, base: 0, top: groundTop(s.feature) }));
    this.grounds = groundOnly;
    this.entries = shaped.map((s) => {
      const found = groundOnly.find((g) => g.feature === s.feature);
      if (found) return found;
      const centre = { x: (s.box.minX + s.box.maxX) / 2, y: (s.box.minY + s.box.maxY) / 2 };
      const base = this.groundAt(centre as TablePoint).height;
      return {
        ...s,
        id: s.feature.id as FeatureId,
        base,
        top: base + featureHeight(s.feature, s.rules, defaults),
      };
    });
    if (mode === 'rtree' && this.entries.length > 0) {
      const tree = new Flatbush(this.entries.length);
      for (const e of this.entries) tree.add(e.box.minX, e.box.minY, e.box.maxX, e.box.maxY);
      tree.finish();
      this.tree = tree;
    }
    if (mode === 'rtree') {
      const shaping = this.entries.filter(
        (e) => groundKinds.has(e.feature.kind) || e.feature.kind === 'road',
      );
      this.groundCells = groundCellsOf(shaping, this.width, this.height);
      this.lineGrid = new LineGrid(this.entries, this.width, this.height);
      this.sightEntries = this.entries.filter(mattersForSight);
      this.sightGrid = new LineGrid(this.sightEntries.map(sightBox), this.width, this.height);
    }
    // Only now: while the entries were placed, groundAt read a shorter list.
    this.groundMemo = new Map();
  }

  private remember<T>(memo: PointMemo<T>, p: TablePoint, value: T): T {
    if (++this.memoSize > MEMO_LIMIT) this.forget();
    let row = memo.get(p.x);
    if (!row) {
      row = new Map();
      memo.set(p.x, row);
    }
    row.set(p.y, value);
    return value;
  }

  /** Empties the memos when they grow past `MEMO_LIMIT` answers, to start again. */
  private forget(): void {
    this.groundMemo?.clear();
    this.featureMemo.clear();
    this.crossingMemo.clear();
    this.memoSize = 1;
  }

  /** Features whose box meets `box`. */
  candidates(box: Box): IndexedFeature[] {
    if (this.tree) {
      return this.tree.search(box.minX, box.minY, box.maxX, box.maxY).map((i) => this.entries[i]!);
    }
    if (this.mode === 'rtree') return [];
    return this.entries.filter(
      (e) =>
        e.box.minX <= box.maxX &&
        e.box.maxX >= box.minX &&
        e.box.minY <= box.maxY &&
        e.box.maxY >= box.minY,
    );
  }

  /** Features whose footprint contains `p` (for a wall: within `lineTolerance` of it). */
  featuresAt(p: TablePoint, lineTolerance = 0.05): readonly IndexedFeature[] {
    let memo = this.featureMemo.get(lineTolerance);
    const hit = memo?.get(p.x)?.get(p.y);
    if (hit) return hit;
    // Lines count within the tolerance, so the search box reaches that far too.
    const t = lineTolerance;
    const box = { minX: p.x - t, minY: p.y - t, maxX: p.x + t, maxY: p.y + t };
    const found = this.candidates(box).filter((e) => contains(e.footprint, p, lineTolerance));
    if (!memo) {
      memo = new Map();
      this.featureMemo.set(lineTolerance, memo);
    }
    return this.remember(memo, p, found);
  }

  /**
   * Height of the ground under a point: raised bands, sunken creek and gully beds, bridge decks;
   * a road whose `elevationMode` is 'flat' stays at base level through raised bands.
   */
  groundAt(p: TablePoint): GroundSample {
    // On the grid, the cell's few features are tested straight away: cheaper than a memo, and
    // sight lines between random points never ask for the same point twice.
    const cells = this.groundCells;
    if (cells) {
      const c = Math.floor(p.x / GROUND_CELL);
      const r = Math.floor(p.y / GROUND_CELL);
      if (c >= 0 && r >= 0 && c < cells.columns && r < cells.rows)
        return this.groundAmong(cells.lists[r * cells.columns + c]!, p);
    }
    const hit = this.groundMemo?.get(p.x)?.get(p.y);
    if (hit) return hit;
    // Before the index is built (while placing features on the ground), scan the ground list.
    const list = this.groundMemo
      ? this.candidates({ minX: p.x, minY: p.y, maxX: p.x, maxY: p.y })
      : this.grounds;
    const g = this.groundAmong(list, p);
    return this.groundMemo ? this.remember(this.groundMemo, p, g) : g;
  }

  /** Height of the ground under a point, from a list of candidate features known to include it. */
  groundAmong(list: readonly IndexedFeature[], p: TablePoint): GroundSample {
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
          if (contains(e.footprint, p, 0)) return { height: f.deckHeight ?? 0, featureId: e.id };
          break;
        case 'ground':
          if (f.height > band && contains(e.footprint, p, 0)) {
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
          if (f.elevationMode === 'flat' && contains(e.footprint, p, 0)) flatRoad = e.id;
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
    if (cut > 0) return { height: band - cut, featureId: cutId };
    return { height: band, featureId: bandId };
  }

  /**
   * Features whose box the segment `a`–`b` passes through (their footprint may still miss it):
   * for callers that want only some kinds' spans (`featureSpans`).
   */
  lineCandidates(a: TablePoint, b: TablePoint): IndexedFeature[] {
    const grid = this.lineGrid;
    if (grid) return grid.along(a, b, this.entries);
    return this.scanLine(a, b);
  }

  /**
   * For a yes/no sight line: of the features that can block sight or shape the ground under it
   * (`mattersForSight`), those whose box the segment `a`–`b` passes through (a tree's trunk box:
   * only its trunk blocks). Leaves out what such a line never stops at (fences and bushes that do
   * not block sight, base-level bands, roads that follow the ground, tree crowns), which cross
   * most of the table's cells. The order is that of `lineCandidates` without the features left
   * out; the plain-scan mode gives all of `lineCandidates`.
   */
  sightCandidates(a: TablePoint, b: TablePoint): IndexedFeature[] {
    const grid = this.sightGrid;
    if (grid) return grid.along(a, b, this.sightEntries);
    return this.scanLine(a, b);
  }

  private scanLine(a: TablePoint, b: TablePoint): IndexedFeature[] {
    const box = {
      minX: Math.min(a.x, b.x),
      minY: Math.min(a.y, b.y),
      maxX: Math.max(a.x, b.x),
      maxY: Math.max(a.y, b.y),
    };
    const out: IndexedFeature[] = [];
    for (const entry of this.candidates(box)) if (segmentMeetsBox(a, b, entry.box)) out.push(entry);
    return out;
  }

  /**
   * Every feature the segment `a`–`b` meets, with the spans it covers. Remembered by the
   * segment's ends: a game asks for the same segments again and again (the bot costs a path, then
   * the rules cost it once more when the move is made; two thirds of a village game's calls are
   * repeats). The answer is shared, so callers must not change it.
   */
  crossings(a: TablePoint, b: TablePoint): readonly Crossing[] {
    let byAy = this.crossingMemo.get(a.x);
    if (!byAy) this.crossingMemo.set(a.x, (byAy = new Map()));
    let byBx = byAy.get(a.y);
    if (!byBx) byAy.set(a.y, (byBx = new Map()));
    let byBy = byBx.get(b.x);
    if (!byBy) byBx.set(b.x, (byBy = new Map()));
    const known = byBy.get(b.y);
    if (known) return known;
    if (++this.memoSize > MEMO_LIMIT) this.forget();
    const found = this.computeCrossings(a, b);
    byBy.set(b.y, found);
    return found;
  }

  private computeCrossings(a: TablePoint, b: TablePoint): readonly Crossing[] {
    const box = {
      minX: Math.min(a.x, b.x),
      minY: Math.min(a.y, b.y),
      maxX: Math.max(a.x, b.x),
      maxY: Math.max(a.y, b.y),
    };
    const out: Crossing[] = [];
    for (const entry of this.candidates(box)) {
      if (!segmentMeetsBox(a, b, entry.box)) continue;
      const spans = spansOf(entry.footprint, a, b);
      if (spans.length > 0) out.push({ entry, spans });
    }
    return out;
  }
}

/** Side of a ground cell, in inches. */
const GROUND_CELL = 1;

interface GroundCells {
  readonly columns: number;
  readonly rows: number;
  readonly lists: readonly (readonly IndexedFeature[])[];
}

/**
 * The grid behind `groundAt`: each cell lists, in the features' order, the ground-shaping
 * features whose box meets it (a superset of those under any point of the cell, which
 * `groundAmong` then tests exactly).
 */
function groundCellsOf(
  grounds: readonly IndexedFeature[],
  width: number,
  height: number,
): GroundCells {
  const { columns, rows, lists } = boxCells(grounds, GROUND_CELL, width, height);
  return { columns, rows, lists: lists.map((l) => l.map((i) => grounds[i]!)) };
}

/**
 * A grid of `cell`-inch cells over a `width` x `height` table and, for each cell row by row, the
 * indices of the features whose box meets it (boxes beyond the table count in its edge cells).
 */
function boxCells(
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

/** Side of a line-grid cell, in inches. */
const LINE_CELL = 2;

/**
 * Features by grid cell, for the features a segment may meet: the cells along the segment are
 * walked row by row, and each feature listed there is taken once and kept when the segment meets
 * its box. On a table of a few dozen features this is about twice as fast as searching the tree
 * with the segment's box (a long diagonal's box holds most of the table), and on a big table the
 * walk reads only the cells the line crosses. Lines off the grid's table are clamped to its edge
 * cells, which list every feature whose box reaches past the edge.
 */
class LineGrid {
  private readonly columns: number;
  private readonly rows: number;
  private readonly cells: readonly Int32Array[];
  private readonly seen: Uint32Array;
  private readonly boxes: readonly Box[];
  private stamp = 0;

  /** `items[i].box` is the box the segment is tested against for `entries[i]` in `along`. */
  constructor(items: readonly { readonly box: Box }[], width: number, height: number) {
    const { columns, rows, lists } = boxCells(items, LINE_CELL, width, height);
    this.columns = columns;
    this.rows = rows;
    this.cells = lists.map((l) => Int32Array.from(l));
    this.seen = new Uint32Array(items.length);
    this.boxes = items.map((i) => i.box);
  }

  private column(x: number): number {
    return Math.min(this.columns - 1, Math.max(0, Math.floor(x / LINE_CELL)));
  }

  private row(y: number): number {
    return Math.min(this.rows - 1, Math.max(0, Math.floor(y / LINE_CELL)));
  }

  along(a: TablePoint, b: TablePoint, entries: readonly IndexedFeature[]): IndexedFeature[] {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const out: IndexedFeature[] = [];
    const dy = b.y - a.y;
    const r0 = this.row(Math.min(a.y, b.y));
    const r1 = this.row(Math.max(a.y, b.y));
    for (let r = r0; r <= r1; r++) {
      // The part of the segment within this row's band (all of it in the first and last rows
      // when the ends lie beyond the grid), as a range of columns.
      let xLo: number;
      let xHi: number;
      if (r0 === r1 || dy === 0) {
        xLo = Math.min(a.x, b.x);
        xHi = Math.max(a.x, b.x);
      } else {
        const yLo = r === r0 ? -Infinity : r * LINE_CELL;
        const yHi = r === r1 ? Infinity : (r + 1) * LINE_CELL;
        const tLo = Math.min(1, Math.max(0, ((dy > 0 ? yLo : yHi) - a.y) / dy));
        const tHi = Math.min(1, Math.max(0, ((dy > 0 ? yHi : yLo) - a.y) / dy));
        const x0 = a.x + (b.x - a.x) * tLo;
        const x1 = a.x + (b.x - a.x) * tHi;
        xLo = Math.min(x0, x1);
        xHi = Math.max(x0, x1);
      }
      // A hair wider, so rounding at a cell's side never drops the cell the line runs along.
      const c1 = this.column(xHi + 1e-9);
      for (let c = this.column(xLo - 1e-9); c <= c1; c++) {
        const cell = this.cells[r * this.columns + c]!;
        for (let k = 0; k < cell.length; k++) {
          const i = cell[k]!;
          if (this.seen[i] === stamp) continue;
          this.seen[i] = stamp;
          if (segmentMeetsBox(a, b, this.boxes[i]!)) out.push(entries[i]!);
        }
      }
    }
    return out;
  }
}

/**
 * Whether a feature can stop a yes/no sight line (`lineOfSightVisible`) or shape the ground
 * under it: what that test passes over whatever the line (a base-level band, a road that follows
 * the ground, a feature that does not block sight) is not worth meeting along the line.
 */
function mattersForSight(e: IndexedFeature): boolean {
  const f = e.feature;
  switch (f.kind) {
    case 'ground':
      return f.height > 0;
    case 'bridge':
    case 'catwalk':
    case 'creek':
    case 'gully':
      return true;
    case 'road':
      return f.elevationMode === 'flat';
    case 'tree':
    case 'wall':
    case 'fence':
    case 'hedge':
    case 'building':
    case 'bushes':
    case 'woods':
    case 'forest':
    case 'obstacle':
    case 'bunker':
    case 'wreck':
      return e.rules.blocksSight;
  }
}

/** Padding of a trunk's box, far above the rounding of the circle test. */
const TRUNK_PAD = 1e-6;

/** The box a sight line must pass through to be stopped by a feature: a tree's trunk's box. */
function sightBox(e: IndexedFeature): { readonly box: Box } {
  const fp = e.footprint;
  if (fp.type !== 'circle') return e;
  const r = fp.trunkRadius + TRUNK_PAD;
  return {
    box: {
      minX: fp.centre.x - r,
      minY: fp.centre.y - r,
      maxX: fp.centre.x + r,
      maxY: fp.centre.y + r,
    },
  };
}

/** Answers by point: x, then y. */
type PointMemo<T> = Map<number, Map<number, T>>;

/** Points remembered per index before the memo starts again (a few MB at most). */
const MEMO_LIMIT = 50_000;

/** Liang–Barsky test: whether segment a–b passes through a box at all. */
function segmentMeetsBox(a: TablePoint, b: TablePoint, box: Box): boolean {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  let t0 = 0;
  let t1 = 1;
  // The four edges in turn (west, east, north, south) as the inequalities p·t <= q, without
  // making a list of them: this runs for every candidate of every sight line.
  for (let k = 0; k < 4; k++) {
    const p = k === 0 ? -dx : k === 1 ? dx : k === 2 ? -dy : dy;
    const q =
      k === 0
        ? a.x - box.minX
        : k === 1
          ? box.maxX - a.x
          : k === 2
            ? a.y - box.minY
            : box.maxY - a.y;
    if (p === 0) {
      if (q < 0) return false;
      continue;
    }
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  return true;
}

function groundTop(f: Feature): number {
  switch (f.kind) {
    case 'ground':
      return f.height;
    case 'bridge':
    case 'catwalk':
      return f.deckHeight ?? 0;
    case 'creek':
    case 'gully':
    case 'road':
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
      return 0;
  }
}

/** A feature's own height above the ground it stands on. */
export function featureHeight(f: Feature, rules: FeatureRules, d: TerrainDefaults): number {
  switch (f.kind) {
    case 'building': {
      const roof = f.roof;
      const roofHeight =
        roof === undefined || roof.type === 'none' || roof.type === 'flat'
          ? 0
          : (roof.height ?? d.roofHeight);
      return f.floors * (f.floorHeight ?? d.floorHeight) + roofHeight;
    }
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
      return f.height ?? rules.height;
    case 'ground':
      return f.height;
    case 'bridge':
    case 'catwalk':
      return f.deckHeight ?? 0;
    case 'creek':
    case 'gully':
    case 'road':
      return 0;
  }
}

function contains(fp: Footprint, p: TablePoint, lineTolerance: number): boolean {
  switch (fp.type) {
    case 'area':
      return fp.polygons.some((poly) => pointInPolygon(p, poly));
    case 'line':
      for (let i = 1; i < fp.points.length; i++) {
        if (segmentDistance(p, fp.points[i - 1]!, fp.points[i]!) <= lineTolerance) return true;
      }
      return false;
    case 'circle':
      return Math.hypot(p.x - fp.centre.x, p.y - fp.centre.y) <= fp.radius;
    case 'trench':
      return fp.outer.some((poly) => pointInPolygon(p, poly));
  }
}

/** How far below the surrounding ground a point in a creek or gully lies (0 outside it). */
function trenchDepthAt(fp: Footprint, p: TablePoint): number {
  if (fp.type !== 'trench') return 0;
  let nearest = Infinity;
  for (let i = 1; i < fp.points.length; i++) {
    nearest = Math.min(nearest, segmentDistance(p, fp.points[i - 1]!, fp.points[i]!));
  }
  if (nearest <= fp.floorHalfWidth) return fp.depth;
  if (nearest >= fp.outerHalfWidth) return 0;
  // On a bank: the ground rises evenly from the bed to the rim.
  return (fp.depth * (fp.outerHalfWidth - nearest)) / (fp.outerHalfWidth - fp.floorHalfWidth);
}

function mergeSpans(spans: Span[]): Span[] {
  spans.sort((x, y) => x.t0 - y.t0);
  const out: Span[] = [];
  for (const s of spans) {
    const last = out[out.length - 1];
    if (last && s.t0 <= last.t1) out[out.length - 1] = { t0: last.t0, t1: Math.max(last.t1, s.t1) };
    else out.push(s);
  }
  return out;
}

/** The spans of segment `a`–`b` inside a footprint, in order (what `crossings` gives per feature). */
export function featureSpans(fp: Footprint, a: TablePoint, b: TablePoint): Span[] {
  return spansOf(fp, a, b);
}

function spansOf(fp: Footprint, a: TablePoint, b: TablePoint): Span[] {
  switch (fp.type) {
    case 'area':
      return fp.polygons.length === 1
        ? segmentInsidePolygon(a, b, fp.polygons[0]!)
        : mergeSpans(spansInAll(fp.polygons, a, b));
    case 'trench':
      return mergeSpans(spansInAll(fp.outer, a, b));
    case 'line': {
      const out: Span[] = [];
      for (let i = 1; i < fp.points.length; i++) {
        const t = segmentCrossing(a, b, fp.points[i - 1]!, fp.points[i]!);
        if (t !== undefined) out.push({ t0: t, t1: t });
      }
      return out.sort((x, y) => x.t0 - y.t0);
    }
    case 'circle': {
      const s = segmentInsideCircle(a, b, fp.centre, fp.radius);
      return s ? [s] : [];
    }
  }
}

/** The spans of a segment inside each of some polygons, one list, in the polygons' order. */
function spansInAll(polys: readonly Polygon[], a: TablePoint, b: TablePoint, into: Span[] = []) {
  for (const poly of polys) {
    const spans = segmentInsidePolygon(a, b, poly);
    for (let i = 0; i < spans.length; i++) into.push(spans[i]!);
  }
  return into;
}

/** The spans of a segment inside a trench's bed and banks, unmerged: their ends are where the ground profile bends. */
export function trenchSpans(fp: Footprint, a: TablePoint, b: TablePoint): Span[] {
  if (fp.type !== 'trench') return [];
  return spansInAll(fp.outer, a, b, spansInAll(fp.floor, a, b));
}

/** The span of a segment inside a tree trunk, if any. */
export function trunkSpan(fp: Footprint, a: TablePoint, b: TablePoint): Span | undefined {
  if (fp.type !== 'circle') return undefined;
  return segmentInsideCircle(a, b, fp.centre, fp.trunkRadius);
}
