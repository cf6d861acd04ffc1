import type { CoverClass, Feature, MobilityClass } from '../../../format';
import type { FeatureRules, TerrainDefaults } from '../../../terrain/terrainRules';
import { constant, stat, statText, tableRows, type TankplankCatalog } from './catalog';

/** The catalog terrain type that applies to a feature (its kind and rules variant). */
export function terrainTypeId(f: Feature): string {
  switch (f.kind) {
    case 'building':
      return f.buildingKind === 'closed'
        ? 'tp.terrain.building.closed'
        : 'tp.terrain.building.open';
    case 'wall':
      return f.strength === 'strong' ||
        f.strength === 'heavy' ||
        f.heightClass === 'high' ||
        f.thicknessClass === 'thick'
        ? 'tp.terrain.wall.strong'
        : 'tp.terrain.wall.small';
    case 'obstacle':
      return f.obstacleKind === 'tankObstacle' || f.obstacleKind === 'largeObject'
        ? 'tp.terrain.obstacle.high'
        : 'tp.terrain.obstacle.low';
    case 'ground':
    case 'creek':
    case 'gully':
    case 'road':
    case 'bridge':
    case 'catwalk':
    case 'fence':
    case 'hedge':
    case 'bushes':
    case 'tree':
    case 'woods':
    case 'forest':
    case 'bunker':
    case 'wreck':
      return `tp.terrain.${f.kind}`;
  }
}

/**
 * Resolves sight, cover and movement rules for table features from the Tankplank catalog: the
 * terrain type of the feature's kind and variant, its placeholder height, then the feature's own
 * `rules` overrides.
 */
export function tankplankFeatureRules(cat: TankplankCatalog): (f: Feature) => FeatureRules {
  const types = new Map(cat.terrainTypes.map((t) => [t.id, t]));
  const heights = new Map(
    tableRows(cat, 'terrainHeights').map((r) => [String(r['kind']), Number(r['height'])]),
  );
  const cache = new Map<string, FeatureRules>();
  const base = (id: string): FeatureRules => {
    const hit = cache.get(id);
    if (hit) return hit;
    const t = types.get(id);
    if (!t) throw new Error(`terrain type "${id}" is not in the Tankplank catalog`);
    const heightKey = id.replace('tp.terrain.', '').replace(/^building\..*$/, 'building');
    const rules: FeatureRules = {
      coverClass: t.rules?.coverClass ?? 'none',
      blocksSight: t.stats?.['blocksSight'] === true,
      seeFromInside: t.stats?.['seeFromInside'] === true,
      height: heights.get(heightKey) ?? 0,
      ruleId: statText(t.stats, 'coverRuleId') ?? statText(t.stats, 'ruleId') ?? 'TP-7.1',
      impassableTo: t.rules?.impassableTo ?? [],
      moveCost: t.rules?.moveCost ?? 0,
      moveRuleId: statText(t.stats, 'moveRuleId') ?? 'TP-5.3',
      strongCover: t.rules?.strongCover ?? false,
      // Buildings block sight under the sight rule but give cover under the cover rule.
      blockRuleId: statText(t.stats, 'ruleId') ?? 'TP-7.1',
    };
    cache.set(id, rules);
    return rules;
  };
  return (f: Feature) => {
    const r = base(terrainTypeId(f));
    const o = f.rules;
    if (!o) return r;
    return {
      ...r,
      coverClass: (o.coverClass as CoverClass | undefined) ?? r.coverClass,
      impassableTo: (o.impassableTo as MobilityClass[] | undefined) ?? r.impassableTo,
      moveCost: o.moveCost ?? r.moveCost,
      strongCover: o.strongCover ?? r.strongCover,
      blocksSight: o.blocksLOSFor ? o.blocksLOSFor.length > 0 : r.blocksSight,
    };
  };
}

/**
 * Whether a feature is a solid object that shelters a man behind it from an HE blast (TP-11.3):
 * the catalog's `solidAgainstBlast` on its terrain type (walls, houses, obstacles, banks; not
 * bushes, hedges, fences or leaves).
 */
export function solidAgainstBlast(cat: TankplankCatalog, f: Feature): boolean {
  const id = terrainTypeId(f);
  return cat.terrainTypes.find((t) => t.id === id)?.stats?.['solidAgainstBlast'] === true;
}

/** Terrain lengths the map may leave out, from the placeholder constants. */
export function tankplankTerrainDefaults(cat: TankplankCatalog): TerrainDefaults {
  return {
    floorHeight: constant(cat, 'floorHeight'),
    roofHeight: constant(cat, 'roofHeight'),
    canopyBase: constant(cat, 'canopyBase'),
    trunkRadius: constant(cat, 'trunkRadius'),
    coverProximity: constant(cat, 'coverProximity'),
  };
}

/** Rule ids the line of sight cites when no feature decides. */
export const TANKPLANK_SIGHT_RULES = { clear: 'TP-7.1', ground: 'TP-G13' } as const;

export { stat };
