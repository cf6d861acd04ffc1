import type { CoverClass, Feature, FeatureKind, MobilityClass } from '../format';

/**
 * What a kind of table feature does for sight and movement, as a ruleset reads it from its
 * catalog. The geometry code never holds a rules number; it asks these records.
 */
export interface FeatureRules {
  /** Cover given to a target in or behind the feature. */
  readonly coverClass: CoverClass;
  /** Whether the feature is solid to sight up to its height (false: it only gives cover). */
  readonly blocksSight: boolean;
  /** Whether a unit inside the footprint sees out and is seen from outside (houses, woods). */
  readonly seeFromInside: boolean;
  /** Height in inches above the ground it stands on, when the feature gives none. */
  readonly height: number;
  /** Rule id cited when this feature gives cover. */
  readonly ruleId: string;
  /** Rule id cited when this feature blocks sight. */
  readonly blockRuleId: string;
  /** Movers that cannot enter or cross it. */
  readonly impassableTo: readonly MobilityClass[];
  /** Extra movement to enter or cross it, as a fraction of one turn's allowance. */
  readonly moveCost: number;
  /** Rule id cited for the movement cost or ban. */
  readonly moveRuleId: string;
  /** Counts as strong cover a vehicle can be hull-down behind. */
  readonly strongCover: boolean;
}

/** Resolves the rules for one feature (its kind, variant and per-feature overrides). */
export type FeatureRulesResolver = (feature: Feature) => FeatureRules;

/** Lengths the terrain model needs that a map may leave out. */
export interface TerrainDefaults {
  /** Height of one storey when a building gives none. */
  readonly floorHeight: number;
  /** Height of a roof above the top floor when a building gives none. */
  readonly roofHeight: number;
  /** Canopy base of a tree when the map gives none. */
  readonly canopyBase: number;
  /** Trunk radius of a tree when the map gives none. */
  readonly trunkRadius: number;
  /** A feature this close to a target (inches along the sight line) can give it cover. */
  readonly coverProximity: number;
}

/** Every feature kind, so tables keyed by kind are complete by construction. */
export type KindTable<T> = { readonly [K in FeatureKind]: T };
