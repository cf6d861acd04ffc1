import type { ScenarioDoc } from '../../../engine/format/types';
import {
  BUNDLED_CATALOGS,
  checkForces,
  composeRulesetCatalog,
  type ForceProblem,
} from '../../../engine/forces';
import {
  checkLayout,
  type LayoutPhase,
  type LayoutProblem,
} from '../../../engine/layout/layoutChecks';

export type SetupProblem = (LayoutProblem | ForceProblem) & {
  readonly source: 'layout' | 'forces';
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
    ...checkForces(doc.ruleset, doc.forces, cat).map((p) => ({ ...p, source: 'forces' as const })),
    ...checkLayout(doc, BUNDLED_CATALOGS, onProgress ? { onProgress } : {}).map((p) => ({
      ...p,
      source: 'layout' as const,
    })),
  ];
}
