import type { Feature, MobilityClass, ScenarioDoc, TerrainType } from '../../../format';
import type { Polygon } from '../../../geometry/polygon';
import { boxOf, rectangleCorners, type Box } from '../../../geometry/polygon';
import { tablePoint } from '../../../geometry/units';
import { featureLabel } from '../../../terrain/featureLabel';
import type { TanksRules } from './catalog';

/**
 * Terrain as TANKS plays it (TK-4.10, TK-5.5): forests, buildings and destroyed tanks, each an
 * area with the catalog's rules for who cannot enter it, whose sight it blocks and whether it
 * conceals. A feature's own `rules` override its type's. Other feature kinds (roads, hedges,
 * hills) have no effect in TANKS and are listed as such. Pieces are the map's own outlines
 * (TK-G6); their count and spacing (TK-2.3) are checked with the layout, from the catalog's
 * layout constants, before a game starts.
 */

/** Who a piece of terrain matters to: tanks, and helicopters by their elevation. */
export type Mover = 'tank' | 'lowHelicopter' | 'highHelicopter';

export interface TerrainPiece {
  readonly id: string;
  readonly name: string;
  /** The catalog terrain type: forest, building, destroyedTank. */
  readonly type: string;
  readonly typeName: string;
  readonly polygon: Polygon;
  readonly box: Box;
  readonly impassableTo: ReadonlySet<Mover>;
  readonly blocksSightFor: ReadonlySet<Mover>;
  readonly concealing: boolean;
  /** Blocks only a line that goes in and out again; a line ending inside is concealed (TK-A7). */
  readonly blocksOnlyWhenCrossed: boolean;
}

/** The catalog terrain type a feature plays as in TANKS, or undefined for none. */
export function tanksTerrainType(f: Feature): string | undefined {
  switch (f.kind) {
    case 'forest':
    case 'woods':
      return 'forest';
    case 'building':
      return 'building';
    case 'wreck':
      return 'destroyedTank';
    case 'ground':
    case 'creek':
    case 'gully':
    case 'road':
    case 'bridge':
    case 'catwalk':
    case 'wall':
    case 'fence':
    case 'hedge':
    case 'bushes':
    case 'tree':
    case 'obstacle':
    case 'bunker':
      return undefined;
  }
}

const movers = (list: readonly MobilityClass[] | undefined): Set<Mover> => {
  const out = new Set<Mover>();
  for (const m of list ?? []) {
    if (m === 'tank' || m === 'allVehicles' || m === 'all') out.add('tank');
    if (m === 'lowHelicopter' || m === 'all') out.add('lowHelicopter');
    if (m === 'highHelicopter' || m === 'all') out.add('highHelicopter');
  }
  return out;
};

/** A feature's outline where the map draws it, for the kinds TANKS plays as terrain. */
export function outlineOf(f: Feature): Polygon | undefined {
  switch (f.kind) {
    case 'forest':
    case 'woods':
      return f.points.map(([x, y]) => tablePoint(x, y));
    case 'building':
    case 'wreck':
      return rectangleCorners(f.x, f.y, f.width, f.depth, f.rotation ?? 0);
    default:
      return undefined;
  }
}

/** A terrain piece from a catalog type and an outline. */
export function pieceOf(
  id: string,
  name: string,
  type: TerrainType,
  polygon: Polygon,
  overrides?: Feature['rules'],
): TerrainPiece {
  const rules = { ...type.rules, ...overrides };
  return {
    id,
    name,
    type: type.id,
    typeName: type.name,
    polygon,
    box: boxOf(polygon),
    impassableTo: movers(rules.impassableTo),
    blocksSightFor: movers(rules.blocksLOSFor),
    concealing: rules.concealing === true,
    blocksOnlyWhenCrossed: type.stats?.['blocksOnlyWhenCrossed'] === true,
  };
}

export interface MapTerrain {
  readonly pieces: readonly TerrainPiece[];
  /** Features with no effect in TANKS, for the explanation of a line of sight. */
  readonly ignored: readonly { readonly id: string; readonly kind: string }[];
}

/**
 * The map's terrain pieces, or which feature's terrain type the catalog lacks. Features in
 * `pool` (the pieces the players place in the game, TK-2.2) are left off the table.
 */
export function mapTerrain(
  rules: TanksRules,
  scenario: ScenarioDoc,
  pool: ReadonlySet<string> = new Set(),
): MapTerrain | string {
  if (scenario.map.kind !== 'table') return 'TANKS is played on a table in inches, not a hex map';
  const pieces: TerrainPiece[] = [];
  const ignored: { id: string; kind: string }[] = [];
  for (const f of scenario.map.features) {
    if (pool.has(f.id)) continue;
    const typeId = tanksTerrainType(f);
    const outline = outlineOf(f);
    if (!typeId || !outline) {
      ignored.push({ id: f.id, kind: f.kind });
      continue;
    }
    const type = rules.cat.terrainTypes.get(typeId);
    if (!type)
      return `feature ${f.id} is a ${f.kind}, which plays as TANKS terrain "${typeId}", but the catalogs have no such terrain type`;
    // A feature without a name is its kind and its number on the map ("building 2"), never its id.
    pieces.push(pieceOf(f.id, featureLabel(f, scenario.map.features), type, outline, f.rules));
  }
  return { pieces, ignored };
}

/** The terrain type of destroyed-tank markers (TK-7 step 1), or why it is missing. */
export function wreckType(rules: TanksRules): TerrainType | string {
  return (
    rules.cat.terrainTypes.get('destroyedTank') ??
    'the catalogs have no terrain type "destroyedTank" for the markers destroyed tanks leave (TK-7)'
  );
}
