import Flatbush from 'flatbush';
import type { Feature, TableMap } from '../format';
import { type Box } from '../geometry/polygon';
import type { FeatureId, TablePoint } from '../geometry/units';
import { SegmentMemo } from './segmentMemo';
import { footprintBox, footprintOf } from './featureGeometry';
import type { FeatureRulesResolver, TerrainDefaults } from './terrainRules';
import {
  type Crossing,
  type GroundSample,
  type IndexMode,
  type IndexedFeature,
} from './indexedFeature';
import { CrossingStore, MEMO_LIMIT, type PointMemo } from './terrainMemo';
import {
  GROUND_CELL,
  type GroundCells,
  groundAmongList,
  groundCellsOf,
  groundHeight,
  groundInto,
  partBoxesOf,
} from './groundCells';
import { LineGrid } from './lineGrid';
import { SightFeatures } from './sightFeatures';
import { contains, featureHeight, groundTop, segmentMeetsBox, spansOfParts } from './featureShape';
import { GROUND_KINDS, GROUND_SHAPING_KINDS } from './kinds';

export type { Crossing, GroundSample, IndexMode, IndexedFeature } from './indexedFeature';
export { SightFeatures, SightRole } from './sightFeatures';
export { featureHeight, featureSpans, trenchSpans, trunkSpan } from './featureShape';

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
    const groundOnly = shaped
      .filter((s) => GROUND_KINDS.has(s.feature.kind))
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
      const shaping = this.entries.filter((e) => GROUND_SHAPING_KINDS.has(e.feature.kind));
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
      const spans = spansOfParts(entry.footprint, entry.partBoxes, a, b);
      if (spans.length > 0) out.push({ entry, spans });
    }
    return out;
  }
}
