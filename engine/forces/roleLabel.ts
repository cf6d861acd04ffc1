import type { RulesetCatalog } from './rulesetCatalog';

/**
 * A figure's role in words, for lists a person reads (the set-up tree, crew fields): the name of
 * the catalog's unit type that has this role alone ("lmgGunner" is the "Light machine gunner"),
 * else the id's words ("ammoCarrier" reads "ammo carrier"). Roles are catalog ids, not words.
 */
export function roleLabel(role: string, catalog: Pick<RulesetCatalog, 'units'>): string {
  let named: string | undefined;
  for (const t of catalog.units.values()) {
    if (t.roles?.length !== 1 || t.roles[0] !== role) continue;
    if (named !== undefined && named !== t.name) {
      named = undefined;
      break;
    }
    named = t.name;
  }
  if (named) return named;
  const words = role
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .trim()
    .toLowerCase();
  return words || role;
}
