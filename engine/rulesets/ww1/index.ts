import type { CatalogDoc } from '../../format';
import core from '../../../scenarios/catalogs/ww1.catalog.json';
import placeholder from '../../../scenarios/catalogs/ww1.placeholder.catalog.json';
import type { RulesetModule } from '../types';

/** WWI tank rules for a hex command-card game. No rules engine yet: drawn and set up, not played. */
export const ww1: RulesetModule = {
  id: 'ww1',
  label: 'WWI',
  summary: 'WWI tanks on a hex command-card game: sections, battle dice, wire and gaining ground',
  board: 'hex',
  presets: [
    {
      id: 'ww1-hex',
      label: 'WWI hex map 21 × 12',
      ruleset: 'ww1',
      map: {
        kind: 'hex',
        columns: 21,
        rows: 12,
        orientation: 'flat',
        defaultTerrain: 'clear',
        levels: { min: 0, max: 2 },
      },
    },
  ],
  catalogs: [core, placeholder] as unknown as CatalogDoc[],
  features: { unitCards: false, attacker: false, points: false },
};
