import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { labPlayers } from './labGame';
import { labGameOfText } from './testing';
import { simulate } from '../game/simulate';

/**
 * Each ruleset's score (GameDef.score, its score.ts) on a bundled scenario: at the start every
 * side has all its material and nothing of the objectives yet, so at least a half; after a game,
 * every side within [0, 1].
 */
const SCENARIOS = [
  'tankplank-village',
  'tanks-your-first-game',
  'tank-contour-hills',
  'ww1-wire',
] as const;

describe("each ruleset's standing", () => {
  for (const name of SCENARIOS)
    test(name, () => {
      const { game } = labGameOfText(name, readFileSync(`scenarios/${name}.scenario.json`, 'utf8'));
      expect(game.score).toBeTypeOf('function');
      const start = game.score!(game.newGame({ seed: 1 }));
      expect(Object.keys(start).sort()).toEqual(game.sides.map((s) => s.id).sort());
      for (const v of Object.values(start)) {
        expect(v).toBeGreaterThanOrEqual(0.5);
        expect(v).toBeLessThanOrEqual(1);
      }
      const settings = { games: 1, firstSeed: 1, styles: {} };
      const r = simulate(game, { seed: 1, players: labPlayers(game, settings, 1), record: false });
      const end = game.score!(r.state);
      for (const v of Object.values(end)) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
    });
});
