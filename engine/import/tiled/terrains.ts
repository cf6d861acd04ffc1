import type { RulesetId } from '../../format/types';
import { composeRulesetCatalog } from '../../forces/rulesetCatalog';
import type { RulesetLookup } from '../../rulesets/lookup';
import type { TerrainChoice } from './mapping';

/** The rulesets of a lookup a Tiled map can be imported for: those played on a hex board. */
export function hexRulesets(rulesets: RulesetLookup): { id: RulesetId; label: string }[] {
  return rulesets.list.filter((m) => m.board === 'hex').map((m) => ({ id: m.id, label: m.label }));
}

/** The hex terrain types of a ruleset's catalogs in `rulesets`, for the mapping's choices. */
export function hexTerrainChoices(ruleset: RulesetId, rulesets: RulesetLookup): TerrainChoice[] {
  const cat = composeRulesetCatalog({ id: ruleset }, rulesets.catalogs);
  return [...cat.terrainTypes.values()]
    .filter((t) => t.appliesTo !== 'table')
    .map((t) => ({ id: t.id, name: t.name }));
}

/** The terrain of hexes no tile gives one: "clear" where the ruleset has it. */
export function defaultHexTerrain(terrains: readonly TerrainChoice[]): string {
  return terrains.some((t) => t.id === 'clear') ? 'clear' : (terrains[0]?.id ?? 'clear');
}
