import type { GameMap, ScenarioDoc } from '../format';
import type { RulesetCatalog } from '../forces/rulesetCatalog';
import type { RulesetLookup } from '../rulesets/lookup';
import type { LayoutProblem } from './layoutProblem';

/**
 * Objectives placed where the scenario's mission says, as its ruleset's module checks them
 * (`missions.checkPlacement`); nothing for a ruleset without mission placement rules.
 */
export function checkMissionPlacement(
  doc: ScenarioDoc,
  map: GameMap,
  cat: RulesetCatalog,
  out: LayoutProblem[],
  rulesets: RulesetLookup,
): void {
  rulesets.get(cat.ruleset)?.missions?.checkPlacement?.(doc, map, cat, out);
}
