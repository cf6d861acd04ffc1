import type { CatalogDoc } from '../../format';
import base from '../../../scenarios/catalogs/tank.placeholder.catalog.json';
import costello from '../../../scenarios/catalogs/tank.catalog.json';
import optional from '../../../scenarios/catalogs/tank-optional.catalog.json';
import type { RulesetModule } from '../types';

/** SPI's TANK! with its optional rules and Costello's contour revision, on a hex map. No engine yet. */
export const tank: RulesetModule = {
  id: 'tank',
  label: 'TANK!',
  summary: "SPI's TANK! on a hex map, with the optional rules and Costello's contour revision",
  board: 'hex',
  presets: [
    {
      id: 'tank-hex',
      label: 'TANK! hex map 16 × 12',
      ruleset: 'tank',
      map: {
        kind: 'hex',
        columns: 16,
        rows: 12,
        orientation: 'flat',
        defaultTerrain: 'clear',
        levels: { min: 0, max: 3 },
      },
    },
  ],
  catalogs: [base, costello, optional] as unknown as CatalogDoc[],
  features: { unitCards: false, attacker: false, points: true },
};
