import type { RulesetLookup } from '../engine/rulesets/lookup';
import type { RulesetsSource } from './labThreads';

/**
 * What the `sandtable` commands play with, handed down from `main`: the rulesets (the bundled
 * ones, or those of a test or an add-on) and where the lab's worker threads load the same
 * rulesets from (a thread cannot be sent functions, so it loads its own).
 */
export interface CliContext {
  readonly rulesets: RulesetLookup;
  /** Where the lab's worker threads load the same rulesets from. */
  readonly rulesetsSource: RulesetsSource;
}

/** The context of the `sandtable` command as shipped: the registry's bundled rulesets. */
export async function bundledCliContext(): Promise<CliContext> {
  const { BUNDLED_RULESETS } = await import('../engine/rulesets/registry');
  return {
    rulesets: BUNDLED_RULESETS,
    rulesetsSource: {
      module: new URL('../engine/rulesets/registry.ts', import.meta.url),
      name: 'BUNDLED_RULESETS',
    },
  };
}
