import type { CatalogDoc } from '../format';
import { RULESETS } from '../rulesets/registry';

/**
 * Every catalog shipped with the app, for the editor (which has no file system) and for tests:
 * each ruleset module's `catalogs`, in the registry's order. They are validated against the
 * catalog schema by their build scripts and the bundled-files test.
 */
export const BUNDLED_CATALOGS: readonly CatalogDoc[] = RULESETS.flatMap((m) => m.catalogs);
