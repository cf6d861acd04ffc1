import type { RulesetModule } from '../types';
import { TANK_BUNDLED } from './catalogs';

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
  catalogs: TANK_BUNDLED,
  features: { unitCards: false, attacker: false, points: true },
};
