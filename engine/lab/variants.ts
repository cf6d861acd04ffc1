import type { Formation, ScenarioDoc } from '../format';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import type { RulesetLookup } from '../rulesets/lookup';

/**
 * Layout variants the balance lab plays to check itself: the same scenario with part of one
 * side's force taken away, so a lab that cannot tell it from the original is not to be trusted.
 */

/** What a variant took away, for the report. */
export interface Weakened {
  readonly scenario: ScenarioDoc;
  /** Ids of the units removed, in the order they stand in the force. */
  readonly removed: readonly string[];
  /** How many units of the class the side had. */
  readonly had: number;
}

/**
 * The scenario with `share` of one side's units of a catalog class (such as 'tank') removed,
 * rounded to the nearest unit, at least one when it has any: the last ones of its force list
 * go first. Refuses a side the scenario does not have, and a class the side has none of.
 */
export function withoutShareOfClass(
  scenario: ScenarioDoc,
  sideId: string,
  unitClass: string,
  share: number,
  /** The rulesets the caller plays with: the scenario's ruleset's catalogs give unit classes. */
  rulesets: RulesetLookup,
): Weakened {
  const side = scenario.forces.sides.find((s) => s.id === sideId);
  if (!side) {
    const ids = scenario.forces.sides.map((s) => s.id).join(', ');
    throw new Error(`the scenario has no side "${sideId}" (its sides: ${ids})`);
  }
  const catalog = composeRulesetCatalog(
    scenario.ruleset,
    rulesets.get(scenario.ruleset.id)?.catalogs ?? [],
    scenario.catalog,
  );
  const ofClass: string[] = [];
  const walk = (fs: readonly Formation[]) => {
    for (const f of fs) {
      for (const u of f.units)
        if (catalog.units.get(u.type)?.class === unitClass) ofClass.push(u.id);
      walk(f.formations ?? []);
    }
  };
  walk(side.formations);
  if (ofClass.length === 0)
    throw new Error(
      `side "${sideId}" has no units of class "${unitClass}" in its force: pick a class it fields`,
    );
  const count = Math.max(1, Math.round(ofClass.length * share));
  const removed = ofClass.slice(ofClass.length - count);
  const gone = new Set(removed);
  const prune = (fs: readonly Formation[]): Formation[] =>
    fs.map((f) => {
      const units = f.units.filter((u) => !gone.has(u.id));
      const { leader, formations, ...rest } = f;
      return {
        ...rest,
        units,
        ...(leader !== undefined && !gone.has(leader) ? { leader } : {}),
        ...(formations ? { formations: prune(formations) } : {}),
      };
    });
  return {
    scenario: {
      ...scenario,
      forces: {
        ...scenario.forces,
        sides: scenario.forces.sides.map((s) =>
          s.id === sideId ? { ...s, formations: prune(s.formations) } : s,
        ),
      },
    },
    removed,
    had: ofClass.length,
  };
}
