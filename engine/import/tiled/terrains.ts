import type { RulesetId } from '../../format/types';
import { BUNDLED_CATALOGS } from '../../forces/bundledCatalogs';
import { composeRulesetCatalog } from '../../forces/rulesetCatalog';
import type { TerrainChoice } from './mapping';
import { RULESETS } from '../../rulesets/registry';

/** The rulesets a Tiled map can be imported for: those played on a hex board. */
export const HEX_RULESETS: readonly { id: RulesetId; label: string }[] = RULESETS.filter(
  (m) => m.board === 'hex',
).map((m) => ({ id: m.id, label: m.label }));

/** The hex terrain types of a ruleset's bundled catalogs, for the mapping's choices. */
export function hexTerrainChoices(ruleset: RulesetId): TerrainChoice[] {
  const cat = composeRulesetCatalog({ id: ruleset }, BUNDLED_CATALOGS);
  return [...cat.terrainTypes.values()]
    .filter((t) => t.appliesTo !== 'table')
    .map((t) => ({ id: t.id, name: t.name }));
}

/** The terrain of hexes no tile gives one: "clear" where the ruleset has it. */
export function defaultHexTerrain(terrains: readonly TerrainChoice[]): string {
  return terrains.some((t) => t.id === 'clear') ? 'clear' : (terrains[0]?.id ?? 'clear');
}
