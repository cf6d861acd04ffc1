import { playable } from '../../playtest/viewBase';
import type { RulesetModule } from '../types';
import { WW1_ACTIONS } from './actionSchema';
import { WW1_BUNDLED } from './catalogs';
import { ww1Explain } from './explain';
import { makeWw1Game } from './game';
import { ww1View } from './view';

/**
 * WWI tank rules on a hex command-card game: the rules engine (rules/), its bot, its playtest
 * view on the hex board and the explanations behind `sandtable los` and `odds`.
 */
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
  catalogs: WW1_BUNDLED,
  features: {
    unitCards: false,
    attacker: false,
    points: false,
    // One unit a hex bounds it on a small map; on a large one, about as many as TANK! plays.
    maxUnits: 100,
  },
  game(scenario) {
    const made = makeWw1Game(scenario, WW1_BUNDLED);
    if (typeof made === 'string') return { ok: false, reason: made };
    return playable(made.game, ww1View(made.ctx, made.game));
  },
  actions: WW1_ACTIONS,
  explain: ww1Explain,
};
