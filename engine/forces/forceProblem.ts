/**
 * A problem the force checks find: which check, how bad, what it is about and where in the file.
 * Its own module so a ruleset's force rules and the ruleset module type can name it without
 * importing forceChecks.ts, which reads the ruleset registry.
 */
/** Stable ids of the force checks; the problems panel groups by them. */
export type ForceCheckId =
  | 'unknown-type'
  | 'duplicate-id'
  | 'points-limit'
  | 'country'
  | 'platoon-card'
  | 'model-kind'
  | 'card-kind'
  | 'card-permission'
  | 'card-type-limit'
  | 'crew-slots'
  | 'ammo-slots'
  | 'card-applies'
  | 'hero-unique'
  | 'eye-card-hidden'
  | 'transport'
  | 'order-of-battle'
  | 'unit-count';

/** What a force problem is about, so clicking it can select the row in the force tree. */
export interface ForceSubject {
  readonly kind: 'side' | 'formation' | 'unit';
  readonly id: string;
}

export interface ForceProblem {
  readonly check: ForceCheckId;
  readonly severity: 'error' | 'warning';
  readonly message: string;
  readonly subjects: readonly ForceSubject[];
  /** JSON pointer of the first subject in the scenario file. */
  readonly pointer: string;
  /** Rule id in the ruleset digest the check enforces. */
  readonly ruleId?: string;
}
