import Flatbush from 'flatbush';
import type { Feature, TableMap } from '../format';
import {
  boxOf,
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
import { SegmentMemo } from './segmentMemo';
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
  /**
   * The boxes of an area footprint's polygons grown by 1e-9, minX, minY, maxX and maxY of
   * polygon k at 4k (empty for other footprints): a point outside one is outside its polygon.
   */
  readonly partBoxes: Float64Array;
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
  /** Features at a point: x, y, then the line tolerance (and an unused 0). */
  private readonly featureMemo = new SegmentMemo<readonly IndexedFeature[]>();
  /**
   * Crossings by segment (a.x, a.y, b.x, then b.y), as the place of their numbers in
   * `crossingStore`: a remembered answer is no object the garbage collector copies.
   */
  private readonly crossingMemo = new SegmentMemo<number>();
  private readonly crossingStore: CrossingStore;
  private memoSize = 0;
  /**
   * The ground-shaping features whose box meets each cell of a grid over the table, row by row:
   * `groundAt` reads one short list instead of searching the tree (sight lines and moves ask it
   * for points no memo has seen).
   */
  private groundCells: GroundCells | undefined;
  /** Every feature by the cells of a grid its box meets, for `lineCandidates`. */
  private lineGrid: LineGrid | undefined;
  /** What a yes/no sight line may meet, with their grid (or a scan of them, in the scan mode). */
  readonly sight: SightFeatures;

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
      return {
        feature,
        footprint,
        box: footprintBox(footprint),
        rules: resolve(feature),
        partBoxes: partBoxesOf(footprint),
      };
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
    this.crossingStore = new CrossingStore(this.entries);
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
      this.lineGrid = new LineGrid(this.entries, this.width, this.height, false);
    }
    this.sight = new SightFeatures(this.entries, this.width, this.height, mode === 'scan');
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
    this.crossingStore.clear();
    this.memoSize = 1;
  }

  /**
   * Whether a feature `featuresAt(p, lineTolerance)` lists passes `test`, for features of the
   * given kinds only: their few entries are tested straight away (the same box and footprint
   * tests) instead of searching the index, for points asked once (a path's midpoints over a
   * creek, asked whether they lie on a bridge).
   */
  someOfKindsAt(
    p: TablePoint,
    kinds: readonly Feature['kind'][],
    test: (e: IndexedFeature) => boolean,
    lineTolerance = 0.05,
  ): boolean {
    // As `candidates`: an index whose tree is not built yet finds nothing.
    if (!this.tree && this.mode === 'rtree') return false;
    // Callers pass a constant list of kinds: found by the list itself, without making a key.
    let list = this.kindListsByArray.get(kinds);
    if (!list) {
      const key = kinds.join(',');
      list = this.kindLists.get(key);
      if (!list) {
        list = this.entries.filter((e) => kinds.includes(e.feature.kind));
        this.kindLists.set(key, list);
      }
      this.kindListsByArray.set(kinds, list);
    }
    const t = lineTolerance;
    const minX = p.x - t;
    const minY = p.y - t;
    const maxX = p.x + t;
    const maxY = p.y + t;
    for (const e of list) {
      const b = e.box;
      if (b.minX > maxX || b.maxX < minX || b.minY > maxY || b.maxY < minY) continue;
      if (contains(e.footprint, p, t) && test(e)) return true;
    }
    return false;
  }

  private readonly kindLists = new Map<string, readonly IndexedFeature[]>();
  private readonly kindListsByArray = new WeakMap<
    readonly Feature['kind'][],
    readonly IndexedFeature[]
  >();

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
    // One hash table of numbers: the lookup in three nested maps keyed by numbers took 1% of a
    // village game's time (CPU profile).
    const hit = this.featureMemo.get(p.x, p.y, lineTolerance, 0);
    if (hit) return hit;
    // Lines count within the tolerance, so the search box reaches that far too.
    const t = lineTolerance;
    const box = { minX: p.x - t, minY: p.y - t, maxX: p.x + t, maxY: p.y + t };
    const found = this.candidates(box).filter((e) => contains(e.footprint, p, lineTolerance));
    if (++this.memoSize > MEMO_LIMIT) this.forget();
    this.featureMemo.set(p.x, p.y, lineTolerance, 0, found);
    return found;
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
      if (c >= 0 && r >= 0 && c < cells.columns && r < cells.rows) {
        const k = r * cells.columns + c;
        return cells.uniform[k] ?? this.groundAmong(cells.lists[k]!, p);
      }
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
    return groundAmongList(list, p);
  }

  /**
   * Whether the ground under `p` stands above height `z` (by more than 1e-9): whether
   * `z < groundAmong(list, p).height - 1e-9`, for a `list` that holds every ground-shaping feature
   * under `p`. Read from the ground grid where `p`'s cell is even, and answered at once where no
   * band or deck over the cell reaches that high.
   */
  groundAbove(list: readonly IndexedFeature[], p: TablePoint, z: number): boolean {
    const cells = this.groundCells;
    if (cells) {
      const c = Math.floor(p.x / GROUND_CELL);
      const r = Math.floor(p.y / GROUND_CELL);
      if (c >= 0 && r >= 0 && c < cells.columns && r < cells.rows) {
        const k = r * cells.columns + c;
        // No ground in the cell is higher than its highest band or deck (or 0).
        if (z >= cells.tops[k]! - 1e-9) return false;
        const known = cells.uniform[k];
        if (known) return z < known.height - 1e-9;
      }
    }
    groundInto(list, p);
    return z < groundHeight - 1e-9;
  }

  /** `groundAt(p).height`, making no object. */
  groundHeightAt(p: TablePoint): number {
    const cells = this.groundCells;
    if (cells) {
      const c = Math.floor(p.x / GROUND_CELL);
      const r = Math.floor(p.y / GROUND_CELL);
      if (c >= 0 && r >= 0 && c < cells.columns && r < cells.rows) {
        const k = r * cells.columns + c;
        const known = cells.uniform[k];
        if (known) return known.height;
        groundInto(cells.lists[k]!, p);
        return groundHeight;
      }
    }
    return this.groundAt(p).height;
  }

  /**
   * Features whose box the segment `a`–`b` passes through (their footprint may still miss it):
   * for callers that want only some kinds' spans (`featureSpans`).
   */
  lineCandidates(a: TablePoint, b: TablePoint): IndexedFeature[] {
    const grid = this.lineGrid;
    if (grid) {
      const n = grid.along(a, b);
      const out: IndexedFeature[] = [];
      for (let k = 0; k < n; k++) {
        // The grid's test takes boxes a hair larger: keep those the segment passes through.
        const e = this.entries[grid.found[k]!]!;
        if (segmentMeetsBox(a, b, e.box)) out.push(e);
      }
      return out;
    }
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
   * repeats). Remembered as numbers (`CrossingStore`): each ask gets objects of its own, equal
   * to the first answer's.
   */
  crossings(a: TablePoint, b: TablePoint): readonly Crossing[] {
    const known = this.crossingMemo.get(a.x, a.y, b.x, b.y);
    if (known !== undefined) return this.crossingStore.read(known);
    if (++this.memoSize > MEMO_LIMIT) this.forget();
    const found = this.computeCrossings(a, b);
    this.crossingMemo.set(a.x, a.y, b.x, b.y, this.crossingStore.write(found));
    return found;
  }

  private computeCrossings(a: TablePoint, b: TablePoint): Crossing[] {
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

/**
 * Remembered crossings as numbers in two growing typed arrays, not as objects. A village game
 * remembers some 2,500 new segments and keeps them for several games: as objects (a list, a
 * crossing, a list of spans and each span) they were the largest share of what outlives a young
 * generation collection, and V8 copied each one twice before it was dropped. An answer is made
 * into objects again each time it is read; those die young, which costs the collector nothing.
 *
 * At `at` in `ints`: the number of crossings, then each crossing's entry (its place in the index's
 * entries) and number of spans; `ints[at + 1]` is where their spans' t0 and t1 start in `floats`.
 */
class CrossingStore {
  private ints = new Int32Array(1 << 15);
  private floats = new Float64Array(1 << 15);
  private intsUsed = 0;
  private floatsUsed = 0;
  private readonly places = new Map<IndexedFeature, number>();

  constructor(private readonly entries: readonly IndexedFeature[]) {
    entries.forEach((e, k) => this.places.set(e, k));
  }

  write(crossings: readonly Crossing[]): number {
    let spanCount = 0;
    for (const c of crossings) spanCount += c.spans.length;
    const at = this.intsUsed;
    this.reserve(2 + 2 * crossings.length, 2 * spanCount);
    const ints = this.ints;
    const floats = this.floats;
    ints[at] = crossings.length;
    ints[at + 1] = this.floatsUsed;
    let i = at + 2;
    let f = this.floatsUsed;
    for (const c of crossings) {
      ints[i++] = this.placeOf(c.entry);
      ints[i++] = c.spans.length;
      for (const s of c.spans) {
        floats[f++] = s.t0;
        floats[f++] = s.t1;
      }
    }
    this.intsUsed = i;
    this.floatsUsed = f;
    return at;
  }

  read(at: number): Crossing[] {
    const entries = this.entries;
    const ints = this.ints;
    const floats = this.floats;
    const n = ints[at]!;
    let f = ints[at + 1]!;
    const out: Crossing[] = new Array<Crossing>(n);
    for (let k = 0, i = at + 2; k < n; k++, i += 2) {
      const count = ints[i + 1]!;
      const spans: Span[] = new Array<Span>(count);
      for (let j = 0; j < count; j++, f += 2) spans[j] = { t0: floats[f]!, t1: floats[f + 1]! };
      out[k] = { entry: entries[ints[i]!]!, spans };
    }
    return out;
  }

  clear(): void {
    this.intsUsed = 0;
    this.floatsUsed = 0;
  }

  private placeOf(entry: IndexedFeature): number {
    const place = this.places.get(entry);
    if (place === undefined) throw new Error(`CrossingStore: ${entry.id} is not in the index`);
    return place;
  }

  private reserve(ints: number, floats: number): void {
    if (this.intsUsed + ints > this.ints.length) {
      const grown = new Int32Array(2 * Math.max(this.ints.length, this.intsUsed + ints));
      grown.set(this.ints.subarray(0, this.intsUsed));
      this.ints = grown;
    }
    if (this.floatsUsed + floats > this.floats.length) {
      const grown = new Float64Array(2 * Math.max(this.floats.length, this.floatsUsed + floats));
      grown.set(this.floats.subarray(0, this.floatsUsed));
      this.floats = grown;
    }
  }
}

/** Side of a ground cell, in inches. */
const GROUND_CELL = 1;

interface GroundCells {
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
function groundCellsOf(
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
function groundAmongList(list: readonly IndexedFeature[], p: TablePoint): GroundSample {
  groundInto(list, p);
  return { height: groundHeight, featureId: groundFeature };
}

/** What the last `groundInto` found: the ground's height and the feature that sets it. */
let groundHeight = 0;
let groundFeature: FeatureId | undefined;

/** `groundAmongList` into `groundHeight` and `groundFeature`, making no object. */
function groundInto(list: readonly IndexedFeature[], p: TablePoint): void {
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
function partBoxesOf(fp: Footprint): Float64Array {
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
function grown(box: Box, pad: number): Box {
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
  /** The cells' lists one after the other: cell k's are `items[starts[k]]` to `items[starts[k + 1] - 1]`. */
  private readonly starts: Int32Array;
  private readonly items: Int32Array;
  /** minX, minY, maxX, maxY of the box of feature i at 4i. */
  private readonly boxes: Float64Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** The features the last `along` found, by their number in the grid's list, in order. */
  readonly found: Int32Array;

  /**
   * `features[i].box` is the box the segment is tested against for feature i. With `scan` the
   * grid has one cell and `along` tests every feature's box (the benchmark's plain scan).
   */
  constructor(
    features: readonly { readonly box: Box }[],
    width: number,
    height: number,
    scan: boolean,
  ) {
    const { columns, rows, lists } = scan
      ? { columns: 1, rows: 1, lists: [features.map((_, i) => i)] }
      : boxCells(features, LINE_CELL, width, height);
    this.columns = columns;
    this.rows = rows;
    this.starts = new Int32Array(lists.length + 1);
    let at = 0;
    lists.forEach((l, k) => {
      this.starts[k] = at;
      at += l.length;
    });
    this.starts[lists.length] = at;
    this.items = Int32Array.from(lists.flat());
    this.boxes = new Float64Array(features.length * 4);
    const pad = BOX_PAD;
    features.forEach(({ box }, i) =>
      this.boxes.set([box.minX - pad, box.minY - pad, box.maxX + pad, box.maxY + pad], 4 * i),
    );
    this.seen = new Uint32Array(features.length);
    this.found = new Int32Array(features.length);
  }

  /** The features whose box the segment `a`–`b` passes through, into `found`; returns their count. */
  along(a: TablePoint, b: TablePoint): number {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const { columns, rows, starts, items, boxes, seen, found } = this;
    const ax = a.x;
    const ay = a.y;
    const bx = b.x;
    const by = b.y;
    const dx = bx - ax;
    const dy = by - ay;
    let count = 0;
    const r0 = clampCell(Math.min(ay, b.y), rows);
    const r1 = clampCell(Math.max(ay, b.y), rows);
    for (let r = r0; r <= r1; r++) {
      // The part of the segment within this row's band (all of it in the first and last rows
      // when the ends lie beyond the grid), as a range of columns.
      let xLo: number;
      let xHi: number;
      if (r0 === r1 || dy === 0) {
        xLo = Math.min(ax, b.x);
        xHi = Math.max(ax, b.x);
      } else {
        const yLo = r === r0 ? -Infinity : r * LINE_CELL;
        const yHi = r === r1 ? Infinity : (r + 1) * LINE_CELL;
        const tLo = Math.min(1, Math.max(0, ((dy > 0 ? yLo : yHi) - ay) / dy));
        const tHi = Math.min(1, Math.max(0, ((dy > 0 ? yHi : yLo) - ay) / dy));
        const x0 = ax + dx * tLo;
        const x1 = ax + dx * tHi;
        xLo = Math.min(x0, x1);
        xHi = Math.max(x0, x1);
      }
      // A hair wider, so rounding at a cell's side never drops the cell the line runs along.
      const c1 = clampCell(xHi + 1e-9, columns);
      for (let c = clampCell(xLo - 1e-9, columns); c <= c1; c++) {
        const cell = r * columns + c;
        const end = starts[cell + 1]!;
        for (let k = starts[cell]!; k < end; k++) {
          const i = items[k]!;
          if (seen[i] === stamp) continue;
          seen[i] = stamp;
          // Whether the segment passes through the box (a separating-axis test: the box's two
          // axes, then the side of the segment's line each corner lies on), with products only.
          // Written out here rather than called: with the lab's small inlining budget a call
          // boxed its eight numbers, a twentieth of everything a village game allocated.
          const o = 4 * i;
          const minX = boxes[o]!;
          const minY = boxes[o + 1]!;
          const maxX = boxes[o + 2]!;
          const maxY = boxes[o + 3]!;
          if (ax < bx ? bx < minX || ax > maxX : ax < minX || bx > maxX) continue;
          if (ay < by ? by < minY || ay > maxY : ay < minY || by > maxY) continue;
          const x0 = dy * (minX - ax);
          const x1 = dy * (maxX - ax);
          const y0 = dx * (minY - ay);
          const y1 = dx * (maxY - ay);
          // The corners' sides: dx * (y - ay) - dy * (x - ax).
          const c00 = y0 - x0;
          const c10 = y0 - x1;
          const c01 = y1 - x0;
          const c11 = y1 - x1;
          if (c00 > 0 && c10 > 0 && c01 > 0 && c11 > 0) continue;
          if (c00 < 0 && c10 < 0 && c01 < 0 && c11 < 0) continue;
          found[count++] = i;
        }
      }
    }
    return count;
  }
}

/**
 * How much larger than its feature's box a line-grid box is: far above the rounding of
 * the box test in `along`, so that it never drops a feature whose box the segment passes through (it may keep
 * one the segment passes within a hair of; the exact tests after it decide).
 */
const BOX_PAD = 1e-9;

/** The line-grid cell (column or row) of a coordinate, clamped to the grid's `n` cells. */
function clampCell(v: number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(v / LINE_CELL)));
}

/** What a yes/no sight line does with a feature it meets (`SightFeatures.role`). */
export const SightRole = {
  /** A raised band (above base level): shapes the ground. */
  band: 1,
  /** A bridge or catwalk deck: shapes the ground. */
  deck: 2,
  /** A creek or gully: sinks the ground. */
  trench: 3,
  /** A road cut flat through raised ground: lowers it. */
  flatRoad: 4,
  /** A tree that blocks sight: only its trunk stops a line. */
  tree: 5,
  /** A wall, fence or hedge that blocks sight. */
  line: 6,
  /** A house, bushes, woods, an obstacle, a bunker or a wreck that blocks sight. */
  area: 7,
} as const;

/**
 * The features a yes/no sight line (`lineOfSightVisible`) can stop at or stand on, in the index's
 * order, with what it does with each (`role`), their tops, and a grid of them by the cells of the
 * table (a tree by its trunk's box): it leaves out what such a line passes whatever it is (fences
 * and bushes that do not block sight, base-level bands, roads that follow the ground, tree
 * crowns), which cross most of the table's cells. Numbers in typed arrays, so the line's loop
 * reads no feature objects until one may block it.
 */
export class SightFeatures {
  readonly entries: readonly IndexedFeature[];
  readonly role: Uint8Array;
  readonly top: Float64Array;
  /** Areas one sees out of from inside (`rules.seeFromInside`). */
  readonly seeFromInside: Uint8Array;
  private readonly grid: LineGrid;

  constructor(all: readonly IndexedFeature[], width: number, height: number, scan: boolean) {
    const entries: IndexedFeature[] = [];
    const roles: number[] = [];
    for (const e of all) {
      const role = sightRole(e);
      if (role === 0) continue;
      entries.push(e);
      roles.push(role);
    }
    this.entries = entries;
    this.role = Uint8Array.from(roles);
    this.top = Float64Array.from(entries, (e) => e.top);
    this.seeFromInside = Uint8Array.from(entries, (e) =>
      e.footprint.type === 'area' && e.rules.seeFromInside ? 1 : 0,
    );
    this.grid = new LineGrid(entries.map(sightBox), width, height, scan);
  }

  /** The features whose box the segment `a`–`b` passes through, into `found`; returns their count. */
  along(a: TablePoint, b: TablePoint): number {
    return this.grid.along(a, b);
  }

  /** What the last `along` found: numbers in `entries`, in order along the cells. */
  get found(): Int32Array {
    return this.grid.found;
  }
}

/**
 * What a yes/no sight line (`lineOfSightVisible`) does with a feature, or 0 for one it passes
 * whatever the line (a base-level band, a road that follows the ground, a feature that does not
 * block sight).
 */
function sightRole(e: IndexedFeature): number {
  const f = e.feature;
  switch (f.kind) {
    case 'ground':
      return f.height > 0 ? SightRole.band : 0;
    case 'bridge':
    case 'catwalk':
      return SightRole.deck;
    case 'creek':
    case 'gully':
      return SightRole.trench;
    case 'road':
      return f.elevationMode === 'flat' ? SightRole.flatRoad : 0;
    case 'tree':
      return e.rules.blocksSight && e.footprint.type === 'circle' ? SightRole.tree : 0;
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
      if (!e.rules.blocksSight) return 0;
      return e.footprint.type === 'line' ? SightRole.line : SightRole.area;
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
  return meetsBox(a.x, a.y, b.x - a.x, b.y - a.y, box.minX, box.minY, box.maxX, box.maxY);
}

/**
 * Liang–Barsky: whether the segment from (ax, ay) by (dx, dy) passes through a box. The four
 * sides in turn (west, east, north, south) as the inequalities p·t <= q, written out: this runs
 * for every candidate of every sight line.
 */
function meetsBox(
  ax: number,
  ay: number,
  dx: number,
  dy: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): boolean {
  let t0 = 0;
  let t1 = 1;
  let p = -dx;
  let q = ax - minX;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  p = dx;
  q = maxX - ax;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  p = -dy;
  q = ay - minY;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
      if (r > t0) t0 = r;
    } else {
      if (r < t0) return false;
      if (r < t1) t1 = r;
    }
  }
  p = dy;
  q = maxY - ay;
  if (p === 0) {
    if (q < 0) return false;
  } else {
    const r = q / p;
    if (p < 0) {
      if (r > t1) return false;
    } else {
      if (r < t0) return false;
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
  // The nearest leg by squared distance, then one square root: the same number as the least
  // of the legs' segmentDistance (a square root never puts two numbers the other way round).
  const pts = fp.points;
  let least = Infinity;
  for (let i = 1; i < pts.length; i++) {
    const a = pts[i - 1]!;
    const b = pts[i]!;
    // segmentDistance(p, a, b) up to its square root, written out.
    const dx = b.x - a.x;
    const dy = b.y - a.y;
    const len2 = dx * dx + dy * dy;
    const t =
      len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
    const x = a.x + dx * t - p.x;
    const y = a.y + dy * t - p.y;
    const d2 = x * x + y * y;
    if (d2 < least) least = d2;
  }
  const nearest = Math.sqrt(least);
  if (nearest <= fp.floorHalfWidth) return fp.depth;
  if (nearest >= fp.outerHalfWidth) return 0;
  // On a bank: the ground rises evenly from the bed to the rim.
  return (fp.depth * (fp.outerHalfWidth - nearest)) / (fp.outerHalfWidth - fp.floorHalfWidth);
}

function mergeSpans(spans: Span[]): Span[] {
  // Most segments meet a feature's polygons once or not at all: nothing to sort (a sort makes a
  // work array however short the list).
  if (spans.length < 2) return spans;
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
      return out.length < 2 ? out : out.sort((x, y) => x.t0 - y.t0);
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
