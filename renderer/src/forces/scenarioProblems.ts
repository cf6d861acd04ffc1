import type { ScenarioDoc } from '../../../engine/format/types';
import { checkForces, composeRulesetCatalog, type ForceProblem } from '../../../engine/forces';
import {
  checkLayout,
  type LayoutPhase,
  type LayoutProblem,
} from '../../../engine/layout/layoutChecks';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

export type SetupProblem = (LayoutProblem | ForceProblem) & {
  readonly source: 'layout' | 'forces';
  /**
   * A next step rather than a fault (a side with no forces yet): shown as a hint, not counted
   * with the errors and warnings.
   */
  readonly guide?: true;
  /**
   * The message as the Forces tab shows it, under the side's own tab: "in the Forces tab, pick
   * Blue" would tell the user to go where they already are.
   */
  readonly inForces?: string;
};

/**
 * Every force and layout problem of a scenario against the bundled catalogs and its own. Pure, so
 * it runs in the format worker (keeping big tables responsive) and, where there is no worker, in
 * the page.
 */
export function scenarioProblems(
  doc: ScenarioDoc,
  onProgress?: (fraction: number, phase: LayoutPhase) => void,
): SetupProblem[] {
  const cat = composeRulesetCatalog(doc.ruleset, BUNDLED_CATALOGS, doc.catalog);
  return [
    ...guideEmptySides(
      doc,
      checkForces(doc.ruleset, doc.forces, cat, BUNDLED_RULESETS).map((p) => ({
        ...p,
        source: 'forces' as const,
      })),
    ),
    ...checkLayout(doc, BUNDLED_CATALOGS, {
      rulesets: BUNDLED_RULESETS,
      ...(onProgress ? { onProgress } : {}),
    }).map((p) => ({
      ...p,
      source: 'layout' as const,
    })),
  ];
}

/**
 * A side without a single formation is not short of nine kinds of unit, it is simply not built
 * yet: its order-of-battle counts give way to one hint saying where to start.
 */
function guideEmptySides(doc: ScenarioDoc, problems: SetupProblem[]): SetupProblem[] {
  const empty = doc.forces.sides.filter((s) => s.formations.length === 0);
  if (!empty.length) return problems;
  const emptyIds = new Set(empty.map((s) => s.id));
  const kept = problems.filter(
    (p) =>
      !(
        p.check === 'order-of-battle' &&
        p.subjects.some((s) => s.kind === 'side' && emptyIds.has(s.id))
      ),
  );
  const hints: SetupProblem[] = empty.map((side) => ({
    check: 'order-of-battle',
    severity: 'warning',
    source: 'forces',
    guide: true,
    message: `${side.name} has no forces yet: in the Forces tab, pick ${side.name} and add its formations with "+ Formation…"`,
    inForces: `${side.name} has no forces yet: add its first formation with "+ Formation…" above`,
    subjects: [{ kind: 'side', id: side.id }],
    pointer: `/forces/sides/${doc.forces.sides.indexOf(side)}`,
  }));
  return [...hints, ...kept];
}
