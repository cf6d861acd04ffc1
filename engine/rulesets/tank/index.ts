import { playable } from '../../playtest/viewBase';
import type { RulesetModule } from '../types';
import { TANK_PLAY_ACTIONS } from './steps';
import { TANK_BUNDLED } from './catalogs';
import { tankExplain } from './explain';
import { checkTankForces } from './forces';
import { makeTankGame } from './game';
import { tankSightChecker } from './sight';
import { tankView } from './view';

/**
 * SPI's TANK! with its optional rules (layer `optional`) and Costello's contour revision (layer
 * `costello`), on a hex map: plotted simultaneous turns (rules/), the bot, the playtest view and
 * the explanations behind `sandtable los` and `odds`.
 */
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
  features: {
    unitCards: false,
    attacker: false,
    points: true,
    pointsRuleId: 'TC-8.3',
    // 112 units on the contour map: a bot game of 12 turns in about 6 CPU s (docs/benchmarks.md).
    maxUnits: 100,
  },
  checkForces: checkTankForces,
  game(scenario) {
    const made = makeTankGame(scenario);
    if (typeof made === 'string') return { ok: false, reason: made };
    return playable(made.game, tankView(made.ctx, made.game));
  },
  actions: TANK_PLAY_ACTIONS,
  explain: tankExplain,
  sightChecker: (scenario) => tankSightChecker(scenario),
};
