import { playable } from '../../playtest/viewBase';
import type { RulesetModule } from '../types';
import { TANKS_ACTIONS } from './actionSchema';
import { TANKS_BUNDLED } from './catalogs';
import { tanksExplain } from './explain';
import { checkTanksForces } from './forces';
import { makeTanksGame } from './game';
import { tanksMissionSet } from './missions';
import { checkTanksPlacement } from './placement';
import { tanksView } from './view';

/**
 * TANKS: The Modern Age, on a table in inches: set-up checks, missions, and the rules engine
 * (rules/), its bot, its playtest view and the explanations behind `sandtable los` and `odds`.
 */
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
  catalogs: TANKS_BUNDLED,
  catalogImports: ['battlescribe'],
  features: {
    unitCards: true,
    attacker: true,
    points: true,
    pointsRuleId: 'TK-8.1',
    // Every model sights every other each turn: 48 models cost about 1.5 CPU s a turn.
    maxUnits: 32,
  },
  checkForces: checkTanksForces,
  missions: { ...tanksMissionSet, checkPlacement: checkTanksPlacement },
  game(scenario) {
    const made = makeTanksGame(scenario, TANKS_BUNDLED);
    if (typeof made === 'string') return { ok: false, reason: made };
    return playable(made.game, tanksView(made.ctx, made.game));
  },
  actions: TANKS_ACTIONS,
  explain: tanksExplain,
};
