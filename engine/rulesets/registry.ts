import { defaultPreset, tablePresets } from '../document/newScenario';
import type { TablePreset } from '../document/tablePreset';
import type { RulesetId } from '../format';
import { rulesetLookup, type RulesetLookup } from './lookup';
import { tank } from './tank';
import { tankplank } from './tankplank';
import { tanks } from './tanks';
import type { RulesetModule } from './types';
import { ww1 } from './ww1';

/**
 * Every ruleset Sandtable bundles, in the order the app lists them. This is the one list. Only
 * entry points import this file (the app's root and screens, the CLI, the lab's threads, the
 * bench, scripts and tests); they hand `BUNDLED_RULESETS` to the shared engine, whose functions
 * take a `RulesetLookup` (lookup.ts) as a parameter (engine/rulesets/sharedCode.test.ts checks
 * that no shared engine module imports this file).
 */
export const RULESETS: readonly RulesetModule[] = [tankplank, tanks, tank, ww1];

/** The bundled rulesets as the lookup the shared engine takes. */
export const BUNDLED_RULESETS: RulesetLookup = rulesetLookup(RULESETS);

/** The module of a ruleset id, or undefined for an id Sandtable does not know. */
export function rulesetModule(id: string): RulesetModule | undefined {
  return BUNDLED_RULESETS.get(id);
}

/** The module of a ruleset id the format has already checked. */
export function rulesetOf(id: RulesetId): RulesetModule {
  const m = BUNDLED_RULESETS.get(id);
  if (!m) throw new Error(`no ruleset module for "${id}"`);
  return m;
}

/** The rulesets whose games can be played (they have a rules engine). */
export function playableRulesets(): readonly RulesetModule[] {
  return RULESETS.filter((m) => m.game !== undefined);
}

/** The ruleset a new scenario gets when the user does not choose one. */
export const DEFAULT_RULESET: RulesetModule = RULESETS[0]!;

/** Every catalog shipped with the app (each bundled ruleset's `catalogs`, in the list's order). */
export const BUNDLED_CATALOGS = BUNDLED_RULESETS.catalogs;

/** The tables and hex maps of the bundled rulesets, in the list's order. */
export const TABLE_PRESETS: readonly TablePreset[] = tablePresets(BUNDLED_RULESETS);

/** The table a new scenario gets when the user chooses nothing: the default ruleset's first. */
export const DEFAULT_PRESET: TablePreset = defaultPreset(BUNDLED_RULESETS);
