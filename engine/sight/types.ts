/** The eye height a sight map looks from (and to): a man standing, or a vehicle's crew. */
export type EyeHeight = 'man' | 'vehicle';

/** Yes/no line of sight between two board points in inches, both ends at the same eye height. */
export type PointSight = (
  from: readonly [number, number],
  to: readonly [number, number],
) => boolean;
