/**
 * What each feature does to a line of sight (its sight role) and the features grouped by role,
 * with the boxes the sight checks test first.
 */
import { type Box } from '../geometry/polygon';
import type { TablePoint } from '../geometry/units';
import { type IndexedFeature } from './indexedFeature';
import { LineGrid } from './lineGrid';

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
