import type { ScenarioDoc } from '../format';
import type { RulesetLookup } from '../rulesets/lookup';
import type { MissionPatch, MissionPreset } from './missionSetup';
import type { RulesetCatalog } from './rulesetCatalog';

/** The mission presets of the catalog's ruleset (its module's `missions`), none if it has none. */
export function missionPresets(cat: RulesetCatalog, rulesets: RulesetLookup): MissionPreset[] {
  return rulesets.get(cat.ruleset)?.missions?.presets(cat) ?? [];
}

/**
 * Objectives, victory conditions and deployment for a preset of `missionPresets(cat)`, as the
 * ruleset's module lays them out; `attacker` picks the Attacker where the ruleset has one.
 */
export function applyMissionPreset(
  doc: ScenarioDoc,
  presetId: string,
  cat: RulesetCatalog,
  rulesets: RulesetLookup,
  options: { attacker?: string } = {},
): MissionPatch {
  if (doc.forces.sides.length < 2) throw new Error('a mission needs two sides');
  const module = rulesets.get(cat.ruleset);
  if (!module?.missions)
    throw new Error(
      `mission "${presetId}": the ${module?.label ?? cat.ruleset} ruleset has no mission presets`,
    );
  return module.missions.apply(doc, presetId, cat, options);
}
