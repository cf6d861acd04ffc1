import type { CatalogDoc } from '../format';
import type { RulesetModule } from './types';

/**
 * The rulesets a caller plays with, handed to the shared engine as a parameter. Shared modules
 * (document, forces, layout, sight, lab, import, fuzz) never import `registry.ts`: the entry
 * points (the app's root, the CLI's `main`, a lab worker's thread, the bench, tests) pass
 * `BUNDLED_RULESETS` from there, or a lookup of their own (a test-only ruleset beside the bundled
 * ones). So a new ruleset is its folder plus a registry entry, and no shared module has to know
 * it, and no shared module can start loading every ruleset by accident.
 */
export interface RulesetLookup {
  /** Every ruleset, in the order the app lists them; the first is a new scenario's default. */
  readonly list: readonly RulesetModule[];
  /** The module of a ruleset id, or undefined for an id this lookup does not hold. */
  get(id: string): RulesetModule | undefined;
  /** Every catalog its rulesets bundle (their modules' `catalogs`), in the list's order. */
  readonly catalogs: readonly CatalogDoc[];
}

/**
 * A lookup over `modules`, in their order. Throws on an empty list or an id given twice: a
 * programming error of the entry point that builds it, never a user's.
 */
export function rulesetLookup(modules: readonly RulesetModule[]): RulesetLookup {
  if (modules.length === 0) throw new Error('a ruleset lookup needs at least one ruleset');
  const byId = new Map<string, RulesetModule>();
  for (const m of modules) {
    if (byId.has(m.id)) throw new Error(`the ruleset id "${m.id}" is given twice`);
    byId.set(m.id, m);
  }
  const list = [...modules];
  return { list, get: (id) => byId.get(id), catalogs: list.flatMap((m) => m.catalogs) };
}

/** The rulesets of a lookup whose games can be played (they have a rules engine). */
export function playableRulesets(rulesets: RulesetLookup): readonly RulesetModule[] {
  return rulesets.list.filter((m) => m.game !== undefined);
}

/** The ids a lookup knows, for a message that names them: `tankplank, tanks, tank, ww1`. */
export function knownRulesetIds(rulesets: RulesetLookup): string {
  return rulesets.list.map((m) => m.id).join(', ');
}
