import type { Feature, FeatureKind } from '../../../engine/format/types';

/**
 * Terrain draws in bands, like the layers of a printed map: ground first, water and roads over it,
 * then what stands on them. Within a band the document order (z-order) decides. Roads share a band
 * so that all casings are drawn before all road surfaces and crossings merge cleanly.
 */
export function paintBand(kind: FeatureKind): number {
  switch (kind) {
    case 'ground':
      return 0;
    case 'gully':
    case 'creek':
      return 1;
    case 'road':
      return 2;
    case 'bridge':
    case 'catwalk':
      return 3;
    case 'bushes':
    case 'woods':
    case 'forest':
      return 4;
    case 'obstacle':
    case 'bunker':
    case 'hedge':
    case 'fence':
    case 'wall':
      return 5;
    case 'building':
    case 'wreck':
      return 6;
    case 'tree':
      return 7;
  }
}

/** Features sorted into painting order (stable within a band). */
export function paintOrder<F extends Feature>(features: readonly F[]): F[] {
  return features
    .map((f, i) => ({ f, i, b: paintBand(f.kind) }))
    .sort((a, b) => a.b - b.b || a.i - b.i)
    .map((x) => x.f);
}
