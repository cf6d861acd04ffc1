import type { Feature, FeatureKind } from '../../../engine/format/types';
import { KIND_VIEWS } from './kinds';

/** The band a kind is painted in (`KIND_VIEWS` in kinds.ts says which and why). */
export function paintBand(kind: FeatureKind): number {
  return KIND_VIEWS[kind].band;
}

/** Features sorted into painting order (stable within a band). */
export function paintOrder<F extends Feature>(features: readonly F[]): F[] {
  return features
    .map((f, i) => ({ f, i, b: paintBand(f.kind) }))
    .sort((a, b) => a.b - b.b || a.i - b.i)
    .map((x) => x.f);
}
