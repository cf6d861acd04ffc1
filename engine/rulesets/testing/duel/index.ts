import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../../../format/version';
import { playable } from '../../../playtest/viewBase';
import { rulesetLookup, type RulesetLookup } from '../../lookup';
import type { RulesetModule } from '../../types';
import { DUEL_ACTIONS, makeDuelGame } from './game';
import { duelView } from './view';

/**
 * The test-only fifth ruleset (engine/rulesets/fifthRuleset.test.ts): everything it has is in
 * this folder, and it reaches the shared engine only through its `RulesetModule` and a lookup.
 */
export const duel: RulesetModule = {
  id: 'x-duel',
  label: 'Duel',
  summary: 'two tanks on two hexes fire at each other until one is knocked out (a test ruleset)',
  board: 'hex',
  presets: [
    {
      id: 'x-duel-hexes',
      label: 'Duel, two hexes',
      ruleset: 'x-duel',
      map: {
        kind: 'hex',
        columns: 2,
        rows: 1,
        orientation: 'flat',
        defaultTerrain: 'open',
        levels: { min: 0, max: 0 },
      },
    },
  ],
  catalogs: [
    {
      format: 'sandtable.catalog',
      formatVersion: CURRENT_FORMAT_VERSION,
      app: { name: APP_NAME, version: APP_VERSION },
      meta: { title: 'Duel' },
      id: 'x-duel.base',
      ruleset: 'x-duel',
      layer: 'base',
      units: [{ id: 'x-duel.tank', name: 'Tank', class: 'tank' }],
      terrainTypes: [{ id: 'open', name: 'Open ground' }],
    },
  ],
  features: { unitCards: false, attacker: false, points: false, maxUnits: 2 },
  game(scenario) {
    const made = makeDuelGame(scenario);
    if (typeof made === 'string') return { ok: false, reason: made };
    const map = scenario.map;
    const size =
      map.kind === 'hex' ? { columns: map.columns, rows: map.rows } : { columns: 2, rows: 1 };
    return playable(made, duelView(made, size));
  },
  actions: DUEL_ACTIONS,
  explain: {
    sight: () => ({
      text: ['the two tanks always see each other'],
      json: { visible: true },
      exit: 0,
    }),
    odds: () => ({
      text: ['a shot hits on a d6 of 4 or more: 50%'],
      json: { hit: 0.5 },
      exit: 0,
    }),
  },
};

/** The rulesets a duel test plays with: the duel alone (no bundled ruleset is needed). */
export const DUEL_RULESETS: RulesetLookup = rulesetLookup([duel]);
