import type { GameMap, ScenarioDoc } from '../format';
import type { RulesetCatalog } from '../forces/rulesetCatalog';
import type { RulesetLookup } from '../rulesets/lookup';
import type { LayoutProblem } from './layoutProblem';

/**
 * Objectives placed where the scenario's mission says, as its ruleset's module checks them
 * (`missions.checkPlacement`), and objectives its game would never score (`checkObjectives`);
 * nothing for a ruleset without such rules.
 */
export function checkMissionPlacement(
  doc: ScenarioDoc,
  map: GameMap,
  cat: RulesetCatalog,
  out: LayoutProblem[],
  rulesets: RulesetLookup,
): void {
  const module = rulesets.get(cat.ruleset);
  module?.missions?.checkPlacement?.(doc, map, cat, out);
  module?.checkObjectives?.(doc, out);
}
