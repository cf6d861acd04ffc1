/**
 * What the terrain index holds and answers: a feature with its footprint, box, rules and
 * heights; a crossing of a segment; a ground sample.
 */
import type { Feature } from '../format';
import { type Box, type Span } from '../geometry/polygon';
import type { FeatureId } from '../geometry/units';
import { type Footprint } from './featureGeometry';
import type { FeatureRules } from './terrainRules';

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
