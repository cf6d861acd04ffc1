import type { CatalogDoc } from '../../format';
import core from '../../../scenarios/catalogs/tanks.catalog.json';
import placeholder from '../../../scenarios/catalogs/tanks.placeholder.catalog.json';
import missions from '../../../scenarios/catalogs/tanks-missions.catalog.json';
import type { RulesetModule } from '../types';
import { checkTanksForces } from './forces';
import { tanksMissionSet } from './missions';
import { checkTanksPlacement } from './placement';

/** TANKS: The Modern Age, on a table in inches. No rules engine yet: drawn and set up, not played. */
export const tanks: RulesetModule = {
  id: 'tanks',
  label: 'TANKS',
  summary:
    'TANKS: The Modern Age: tanks and helicopters on a table in inches, with crew and upgrade cards',
  board: 'table',
  presets: [
    {
      id: 'tanks',
      label: 'TANKS table 36" × 36"',
      ruleset: 'tanks',
      map: { kind: 'table', width: 36, height: 36 },
    },
    {
      id: 'tanks-small',
      label: 'TANKS table 30" × 30"',
      ruleset: 'tanks',
      map: { kind: 'table', width: 30, height: 30 },
    },
  ],
  catalogs: [core, placeholder, missions] as unknown as CatalogDoc[],
  catalogImports: ['battlescribe'],
  features: { unitCards: true, attacker: true, points: true, pointsRuleId: 'TK-8.1' },
  checkForces: checkTanksForces,
  missions: { ...tanksMissionSet, checkPlacement: checkTanksPlacement },
};
