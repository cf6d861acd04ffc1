/**
 * A problem the layout checks find: which check, how bad, what it is about and where in the file.
 * Its own module so the checks in missionPlacement.ts and reachability.ts can name it without
 * importing layoutChecks.ts, which imports them.
 */
/** Stable ids of the layout checks; the problems panel and `sandtable validate` group by them. */
export type LayoutCheckId =
  | 'outside-table'
  | 'overlap'
  | 'bridge-span'
  | 'terrain-count'
  | 'terrain-spacing'
  | 'objective-placement'
  | 'objective-scoring'
  | 'unreachable';

export type LayoutSeverity = 'error' | 'warning';

/** What a problem is about, so clicking it can select the thing on the canvas. */
export interface LayoutSubject {
  readonly kind: 'feature' | 'unit' | 'objective' | 'zone' | 'edge';
  readonly id: string;
}

export interface LayoutProblem {
  readonly check: LayoutCheckId;
  readonly severity: LayoutSeverity;
  readonly message: string;
  readonly subjects: readonly LayoutSubject[];
  /** JSON pointer of the first subject in the scenario file. */
  readonly pointer: string;
  /** Rule id in the ruleset digest when a rule (not just good sense) asks for it. */
  readonly ruleId?: string;
}
