import type { RulesetId } from '../format';
import { tank } from './tank';
import { tankplank } from './tankplank';
import { tanks } from './tanks';
import type { RulesetModule } from './types';
import { ww1 } from './ww1';

/**
 * Every ruleset Sandtable knows, in the order the app lists them. This is the one list: the
 * new-scenario dialog, the bundled catalogs, the force and layout checks, the playtest, the CLI,
 * the bench and the golden runner all read it.
 */
export const RULESETS: readonly RulesetModule[] = [tankplank, tanks, tank, ww1];

const BY_ID = new Map<string, RulesetModule>(RULESETS.map((m) => [m.id, m]));

/** The module of a ruleset id, or undefined for an id Sandtable does not know. */
export function rulesetModule(id: string): RulesetModule | undefined {
  return BY_ID.get(id);
}

/** The module of a ruleset id the format has already checked. */
export function rulesetOf(id: RulesetId): RulesetModule {
  const m = BY_ID.get(id);
  if (!m) throw new Error(`no ruleset module for "${id}"`);
  return m;
}

/** The rulesets whose games can be played (they have a rules engine). */
export function playableRulesets(): readonly RulesetModule[] {
  return RULESETS.filter((m) => m.game !== undefined);
}

/** The ruleset a new scenario gets when the user does not choose one. */
export const DEFAULT_RULESET: RulesetModule = RULESETS[0]!;
