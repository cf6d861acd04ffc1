import type { Feature, ScenarioDoc, TerrainType } from '../../../format';
import { constantNumber } from '../../../forces/rulesetCatalog';
import { boxOf, type Polygon } from '../../../geometry/polygon';
import { tablePoint } from '../../../geometry/units';
import type { TanksRules } from './catalog';
import { outlineOf, pieceOf, tanksTerrainType, type TerrainPiece } from './terrain';

/**
 * Terrain the players place (TK-2.2). A scenario whose `ruleset.options` sets
 * `terrainPlacedByPlayers` keeps its forests and buildings as a pool: the map still draws each
 * piece (its shape and size are the designer's), but the game starts with none of them on the
 * table, and the players put them down one by one after a roll-off. Forests go first, then the
 * buildings, each in map order.
 */

/** The `ruleset.options` key that leaves the map's forests and buildings to the players. */
export const TERRAIN_BY_PLAYERS = 'terrainPlacedByPlayers';

/** A piece of the pool: the feature it is drawn from and its outline around its own centre. */
export interface PoolPiece {
  readonly id: string;
  readonly name: string;
  /** The catalog terrain type ("forest", "building"). */
  readonly type: string;
  readonly typeName: string;
  readonly terrainType: TerrainType;
  readonly feature: Feature;
  /** Where the feature sits in `map.features`, for messages. */
  readonly index: number;
  /** The outline as the map draws it, moved so that the centre of its box is (0, 0). */
  readonly template: Polygon;
  /** The centre of its box where the map draws it. */
  readonly drawnAt: readonly [number, number];
}

const KINDS = ['forest', 'building'] as const;

/**
 * The pool of pieces the players place, or why the scenario cannot be played that way: the
 * option is not a yes/no, the map has not the catalog's count of forests and buildings
 * (TK-2.2), or a piece is too big to lie one Measuring Arrow clear of every edge (TK-2.3).
 * Empty when the option is off.
 */
export function terrainPool(rules: TanksRules, scenario: ScenarioDoc): PoolPiece[] | string {
  const option = scenario.ruleset.options?.[TERRAIN_BY_PLAYERS];
  if (option === undefined || option === false) return [];
  if (option !== true)
    return `ruleset option ${TERRAIN_BY_PLAYERS} is ${JSON.stringify(option)}; set it to true (the players place the forests and buildings in the game, TK-2.2) or remove it`;
  if (scenario.map.kind !== 'table') return 'TANKS is played on a table in inches, not a hex map';
  const map = scenario.map;
  const pool: PoolPiece[] = [];
  for (const kind of KINDS) {
    map.features.forEach((f, index) => {
      if (tanksTerrainType(f) !== kind) return;
      const outline = outlineOf(f);
      const type = rules.cat.terrainTypes.get(kind);
      if (!outline || !type) return;
      const box = boxOf(outline);
      const cx = (box.minX + box.maxX) / 2;
      const cy = (box.minY + box.maxY) / 2;
      pool.push({
        id: f.id,
        name: f.name ?? f.id,
        type: kind,
        typeName: type.name,
        terrainType: type,
        feature: f,
        index,
        template: outline.map((p) => tablePoint(p.x - cx, p.y - cy)),
        drawnAt: [cx, cy],
      });
    });
  }
  for (const kind of KINDS) {
    const key = kind === 'forest' ? 'forestsPerGame' : 'buildingsPerGame';
    const want = constantNumber(rules.cat, key);
    if (want === undefined)
      return `the TANKS catalogs lack the constant ${key} (how many ${kind}s the players place, TK-2.2), which ${TERRAIN_BY_PLAYERS} needs`;
    const have = pool.filter((p) => p.type === kind).length;
    if (have !== want)
      return `ruleset option ${TERRAIN_BY_PLAYERS}: the players place ${want} ${kind}s (TK-2.2), but map.features has ${have}; draw ${have < want ? 'the missing ones' : 'fewer'} (where they stand on the map does not matter, the players move them) or turn the option off`;
  }
  const ma = rules.arrow.total;
  for (const p of pool) {
    const b = boxOf(p.template);
    const w = b.maxX - b.minX;
    const h = b.maxY - b.minY;
    // Turned a quarter, a piece may fit where it does not as drawn.
    const fits = (x: number, y: number) => x + 2 * ma <= map.width && y + 2 * ma <= map.height;
    if (!fits(w, h) && !fits(h, w))
      return `map.features[${p.index}] (${p.typeName.toLowerCase()} ${p.name}) is ${w.toFixed(1)}" × ${h.toFixed(1)}"; one Measuring Arrow (${ma}") clear of every edge (TK-2.3) it cannot go on the ${map.width}" × ${map.height}" table: make it smaller or turn ${TERRAIN_BY_PLAYERS} off`;
  }
  return pool;
}

/** The outline of a pool piece with its centre at `at`, turned `rotation` degrees clockwise. */
export function pieceOutlineAt(
  p: PoolPiece,
  at: readonly [number, number],
  rotation: number,
): Polygon {
  const r = (rotation * Math.PI) / 180;
  const c = Math.cos(r);
  const s = Math.sin(r);
  return p.template.map((q) => tablePoint(at[0] + q.x * c - q.y * s, at[1] + q.x * s + q.y * c));
}

/** A pool piece on the table as a terrain piece the rules read (sight, movement, cover). */
export function poolTerrainPiece(
  p: PoolPiece,
  at: readonly [number, number],
  rotation: number,
): TerrainPiece {
  return pieceOf(p.id, p.name, p.terrainType, pieceOutlineAt(p, at, rotation), p.feature.rules);
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** The map feature as it lies once placed: a forest's points moved, a building's centre and turn. */
export function placedFeature(
  p: PoolPiece,
  at: readonly [number, number],
  rotation: number,
): Feature {
  const f = p.feature;
  if (f.kind === 'building' || f.kind === 'wreck')
    return {
      ...f,
      x: round(at[0]),
      y: round(at[1]),
      rotation: round((((f.rotation ?? 0) + rotation) % 360) + 360) % 360,
    };
  if (f.kind === 'forest' || f.kind === 'woods')
    return {
      ...f,
      points: pieceOutlineAt(p, at, rotation).map(
        (q) => [round(q.x), round(q.y)] as [number, number],
      ),
    };
  return f;
}
