import Flatbush from 'flatbush';
import type {
  Edge,
  Feature,
  MobilityClass,
  Point,
  ScenarioDoc,
  TableMap,
  UnitType,
} from '../format';
import { allUnits, embarkedIds } from '../forces/forceTree';
import { constantNumber, type RulesetCatalog } from '../forces/rulesetCatalog';
import { occupiedArea, withoutIdlePoints, type MultiPolygon } from './footprintPolygons';
import type { LayoutProblem } from './layoutProblem';
import { BARRIER_KINDS } from '../terrain/kinds';
import { featureLabel } from '../terrain/featureLabel';

/** Grids never get finer than this many cells along the longer side, to keep the check live. */
const MAX_CELLS_ALONG = 160;
const DEFAULT_CELL = 0.5;

/** The mobility classes a unit type belongs to, as terrain `impassableTo` lists name them. */
export function moverClasses(type: UnitType): MobilityClass[] | null {
  const extra: MobilityClass[] = [];
  if (type.class === 'tank') extra.push('tank');
  if (type.class === 'transport') extra.push('personnelCarrier');
  switch (type.mobility) {
    case 'foot':
      return ['infantry', 'all'];
    case 'wheeled':
      return ['wheeled', 'allVehicles', 'all', ...extra];
    case 'halfTracked':
      return ['halfTracked', 'allVehicles', 'all', ...extra];
    case 'tracked':
      return ['tracked', 'allVehicles', 'all', ...extra];
    case 'towed':
      return ['gun', 'all'];
    case 'static':
    case 'air':
      return null;
    case undefined:
      return type.class === 'helicopter' ? null : ['all', ...extra];
  }
}

/**
 * Terrain movement bans of a feature: its own override, else its catalog terrain type (the one
 * its ruleset's module says it plays as, else the one named like its kind).
 */
function impassableTo(
  f: Feature,
  cat: RulesetCatalog,
  typeOf: ((f: Feature) => string) | undefined,
): readonly MobilityClass[] {
  if (f.rules?.impassableTo) return f.rules.impassableTo;
  const typeId = typeOf ? typeOf(f) : f.kind;
  return cat.terrainTypes.get(typeId)?.rules?.impassableTo ?? [];
}

/** A ruleset's reading of a feature as a catalog terrain type (`RulesetModule.terrainTypeOf`). */
type TerrainTypeOf = (feature: Feature) => string;

interface Shaped {
  readonly feature: Feature;
  readonly area: MultiPolygon;
  readonly box: { minX: number; minY: number; maxX: number; maxY: number };
  readonly bans: readonly MobilityClass[];
  readonly line: Point[] | null;
}

function segmentsCross(a: Point, b: Point, c: Point, d: Point): boolean {
  const o = (p: Point, q: Point, r: Point) =>
    (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0]);
  const d1 = o(c, d, a);
  const d2 = o(c, d, b);
  const d3 = o(a, b, c);
  const d4 = o(a, b, d);
  return d1 * d2 < 0 && d3 * d4 < 0;
}

function shape(
  map: TableMap,
  cat: RulesetCatalog,
  typeOf: TerrainTypeOf | undefined,
  areaOf: (f: Feature) => MultiPolygon,
): Shaped[] {
  const out: Shaped[] = [];
  for (const feature of map.features) {
    // Only what can stop a mover (a ban) or carry one over (a deck) matters: the rest of a big
    // table is never shaped.
    const bans = impassableTo(feature, cat, typeOf);
    if (bans.length === 0 && feature.kind !== 'bridge' && feature.kind !== 'catwalk') continue;
    const area = areaOf(feature);
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (const poly of area)
      for (const [x, y] of poly[0] ?? []) {
        minX = Math.min(minX, x);
        minY = Math.min(minY, y);
        maxX = Math.max(maxX, x);
        maxY = Math.max(maxY, y);
      }
    const drawn = BARRIER_KINDS.has(feature.kind) ? withoutIdlePoints(feature) : undefined;
    const line = drawn && 'points' in drawn ? drawn.points : null;
    out.push({ feature, area, box: { minX, minY, maxX, maxY }, bans, line });
  }
  return out;
}

/** A grid of the table: which cells a mover may stand in and which steps cross a barrier. */
class PassGrid {
  readonly cols: number;
  readonly rows: number;
  readonly blockedBy: (Feature | null)[];
  constructor(
    readonly map: TableMap,
    readonly cell: number,
    private readonly shaped: readonly Shaped[],
    private readonly classes: readonly MobilityClass[],
  ) {
    this.cols = Math.max(1, Math.ceil(map.width / cell));
    this.rows = Math.max(1, Math.ceil(map.height / cell));
    this.blockedBy = new Array<Feature | null>(this.cols * this.rows).fill(null);
    const banned = (s: Shaped) => s.bans.some((c) => classes.includes(c));
    const decks = shaped.filter(
      (s) => (s.feature.kind === 'bridge' || s.feature.kind === 'catwalk') && !banned(s),
    );
    const blockers = shaped.filter((s) => {
      if (s.line || !banned(s)) return false;
      if (s.feature.kind === 'creek' && s.feature.fordableBy?.some((c) => classes.includes(c)))
        return false;
      return true;
    });
    // Each part of an area is tested only on the cells its own box covers: a creek traced with
    // thousands of points is thousands of small strips, not one box the size of the table
    // tested against every strip.
    const onDeck = new Uint8Array(this.cols * this.rows);
    for (const d of decks) this.eachCellIn(d.area, (i) => (onDeck[i] = 1));
    for (const b of blockers) {
      this.eachCellIn(b.area, (i) => {
        // A bridge deck or catwalk carries the mover over what lies beneath.
        if (!this.blockedBy[i] && !onDeck[i]) this.blockedBy[i] = b.feature;
      });
    }
    // Steps look up the legs of barriers near them, not every wall on the table nor every leg
    // of a long one; legs are numbered in feature order, so the first barrier found is the same.
    for (const s of shaped)
      if (s.line && banned(s))
        for (let k = 1; k < s.line.length; k++)
          this.barrierLegs.push({ a: s.line[k - 1]!, b: s.line[k]!, feature: s.feature });
    this.barrierIndex = new Flatbush(Math.max(1, this.barrierLegs.length));
    for (const { a, b } of this.barrierLegs)
      this.barrierIndex.add(
        Math.min(a[0], b[0]),
        Math.min(a[1], b[1]),
        Math.max(a[0], b[0]),
        Math.max(a[1], b[1]),
      );
    if (this.barrierLegs.length === 0) this.barrierIndex.add(0, 0, 0, 0);
    this.barrierIndex.finish();
  }
  private readonly barrierLegs: { a: Point; b: Point; feature: Feature }[] = [];
  private readonly barrierIndex: Flatbush;
  /** Calls `visit` with every cell whose centre lies in the area (in one of its parts). */
  private eachCellIn(area: MultiPolygon, visit: (i: number) => void): void {
    const cell = this.cell;
    for (const poly of area) {
      const outer = poly[0] ?? [];
      let minX = Infinity;
      let minY = Infinity;
      let maxX = -Infinity;
      let maxY = -Infinity;
      for (const [x, y] of outer) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        if (y > maxY) maxY = y;
      }
      const c0 = Math.max(0, Math.floor(minX / cell));
      const c1 = Math.min(this.cols - 1, Math.floor(maxX / cell));
      const r0 = Math.max(0, Math.floor(minY / cell));
      const r1 = Math.min(this.rows - 1, Math.floor(maxY / cell));
      // Per row, where the rings cross the row's centre line, in the arithmetic of inRing: a
      // cell centre is inside when an odd number of crossings lie beyond it (even-odd). A row
      // costs the rings' edges, not the rings' edges times its cells.
      const xs: number[] = [];
      for (let r = r0; r <= r1; r++) {
        const y = (r + 0.5) * cell;
        xs.length = 0;
        for (const ringPts of poly)
          for (let i = 0, j = ringPts.length - 1; i < ringPts.length; j = i++) {
            const [xi, yi] = ringPts[i]!;
            const [xj, yj] = ringPts[j]!;
            if (yi > y !== yj > y) xs.push(((xj - xi) * (y - yi)) / (yj - yi) + xi);
          }
        xs.sort((p, q) => p - q);
        for (let c = c0; c <= c1; c++) {
          const x = (c + 0.5) * cell;
          let beyond = 0;
          for (let k = xs.length - 1; k >= 0 && x < xs[k]!; k--) beyond++;
          if (beyond % 2 === 1) visit(r * this.cols + c);
        }
      }
    }
  }
  centre(c: number, r: number): Point {
    return [(c + 0.5) * this.cell, (r + 0.5) * this.cell];
  }
  cellOf([x, y]: Point): number {
    const c = Math.min(this.cols - 1, Math.max(0, Math.floor(x / this.cell)));
    const r = Math.min(this.rows - 1, Math.max(0, Math.floor(y / this.cell)));
    return r * this.cols + c;
  }
  /** The barrier (wall, fence, hedge) a straight step crosses, if any. */
  crossing(a: Point, b: Point): Feature | null {
    const minX = Math.min(a[0], b[0]);
    const maxX = Math.max(a[0], b[0]);
    const minY = Math.min(a[1], b[1]);
    const maxY = Math.max(a[1], b[1]);
    if (this.barrierLegs.length === 0) return null;
    for (const k of this.barrierIndex.search(minX, minY, maxX, maxY).sort((p, q) => p - q)) {
      const leg = this.barrierLegs[k]!;
      if (segmentsCross(a, b, leg.a, leg.b)) return leg.feature;
    }
    return null;
  }
  /** Cells reachable from the edge cells along `edge` (between `from` and `to` inches). */
  flood(edge: Edge, from = 0, to?: number): Uint8Array {
    const seen = new Uint8Array(this.cols * this.rows);
    const queue: number[] = [];
    const start = (c: number, r: number) => {
      const i = r * this.cols + c;
      if (this.blockedBy[i] || seen[i]) return;
      const [x, y] = this.centre(c, r);
      const along = edge === 'north' || edge === 'south' ? x : y;
      if (along < from || (to !== undefined && along > to)) return;
      seen[i] = 1;
      queue.push(i);
    };
    if (edge === 'north' || edge === 'south') {
      const r = edge === 'north' ? 0 : this.rows - 1;
      for (let c = 0; c < this.cols; c++) start(c, r);
    } else {
      const c = edge === 'west' ? 0 : this.cols - 1;
      for (let r = 0; r < this.rows; r++) start(c, r);
    }
    while (queue.length > 0) {
      const i = queue.pop()!;
      const c = i % this.cols;
      const r = (i - c) / this.cols;
      const here = this.centre(c, r);
      for (let dr = -1; dr <= 1; dr++) {
        for (let dc = -1; dc <= 1; dc++) {
          if (dr === 0 && dc === 0) continue;
          const nc = c + dc;
          const nr = r + dr;
          if (nc < 0 || nr < 0 || nc >= this.cols || nr >= this.rows) continue;
          const ni = nr * this.cols + nc;
          if (seen[ni] || this.blockedBy[ni]) continue;
          if (this.crossing(here, this.centre(nc, nr))) continue;
          seen[ni] = 1;
          queue.push(ni);
        }
      }
    }
    return seen;
  }
}

/**
 * Every pre-placed unit can get to where it stands from its side's entry edge, over a coarse grid
 * (catalog `reachableCellSize`, default ½") that avoids features impassable to the unit's mobility
 * (bridges and catwalks carry it over creeks). Conservative: a gap narrower than a cell may be
 * missed, so these are warnings. Units riding in a transport, helicopters and static pieces are
 * not checked.
 */
export function checkReachability(
  doc: ScenarioDoc,
  map: TableMap,
  cat: RulesetCatalog,
  /** The ruleset module's `terrainTypeOf` (the catalog type a feature plays as), if it has one. */
  typeOf: TerrainTypeOf | undefined,
  edgeOf: (sideId: string) => { edge: Edge; from?: number; to?: number } | undefined,
  out: LayoutProblem[],
  areaOf: (f: Feature) => MultiPolygon = occupiedArea,
): void {
  const riders = embarkedIds(doc.forces);
  const placed = allUnits(doc.forces).filter(
    (p) => Array.isArray(p.unit.position) && !riders.has(p.unit.id),
  );
  if (placed.length === 0) return;
  const wanted = constantNumber(cat, 'reachableCellSize') ?? DEFAULT_CELL;
  const cell = Math.max(wanted, Math.max(map.width, map.height) / MAX_CELLS_ALONG);
  const shaped = shape(map, cat, typeOf, areaOf);
  const grids = new Map<string, PassGrid>();
  const floods = new Map<string, Uint8Array>();
  for (const p of placed) {
    const type = cat.units.get(p.unit.type);
    if (!type) continue;
    const classes = moverClasses(type);
    if (!classes) continue;
    const entry = edgeOf(p.side.id);
    if (!entry) continue;
    const key = classes.join(',');
    let grid = grids.get(key);
    if (!grid) {
      grid = new PassGrid(map, cell, shaped, classes);
      grids.set(key, grid);
    }
    const fkey = `${key}|${entry.edge}|${entry.from ?? ''}|${entry.to ?? ''}`;
    let seen = floods.get(fkey);
    if (!seen) {
      seen = grid.flood(entry.edge, entry.from, entry.to);
      floods.set(fkey, seen);
    }
    const pos = p.unit.position as Point;
    const i = grid.cellOf(pos);
    const name = p.unit.name ?? `${type.name} ${p.unit.id}`;
    const standsIn = grid.blockedBy[i];
    if (standsIn) {
      out.push({
        check: 'unreachable',
        severity: 'warning',
        message: `${name} of ${p.side.name} stands in ${featureLabel(standsIn, map.features)}, which ${type.mobility ?? type.class} units cannot enter; move it out`,
        subjects: [
          { kind: 'unit', id: p.unit.id },
          { kind: 'feature', id: standsIn.id },
        ],
        pointer: p.pointer,
      });
    } else if (!seen[i]) {
      out.push({
        check: 'unreachable',
        severity: 'warning',
        message: `${name} of ${p.side.name} cannot get from its ${entry.edge} entry edge to where it stands without crossing terrain impassable to ${type.mobility ?? type.class} units; open a way (a bridge, a gap) or move it`,
        subjects: [{ kind: 'unit', id: p.unit.id }],
        pointer: p.pointer,
      });
    }
  }
}
