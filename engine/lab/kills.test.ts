import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { playLabGame } from './labGame';
import { labGameOfText } from './testing';

/** A bundled scenario of every ruleset with a bot, and its table or hex map's size. */
const SCENARIOS = [
  'tankplank-village',
  'tank-contour-hills',
  'tanks-air-cover',
  'ww1-wire',
] as const;

describe('where kills were made from, in every ruleset with a bot', () => {
  test.each(SCENARIOS)(
    '%s: kills are found, by pieces of a side, on the map',
    (name) => {
      const { doc, game } = labGameOfText(
        name,
        readFileSync(`scenarios/${name}.scenario.json`, 'utf8'),
      );
      const sides = new Set(game.sides.map((s) => s.id));
      const map = doc.map;
      const [w, h] = map.kind === 'hex' ? [map.columns, map.rows] : [map.width, map.height];
      let kills = 0;
      let deaths = 0;
      for (const seed of [1, 2, 3]) {
        const g = playLabGame(game, seed, { games: 3, firstSeed: 1, styles: {} });
        expect(g.kills).toBeDefined();
        kills += g.kills!.length;
        deaths += g.deaths.length;
        for (const k of g.kills!) {
          expect(sides.has(k.side)).toBe(true);
          expect(k.at[0]).toBeGreaterThanOrEqual(-1);
          expect(k.at[0]).toBeLessThanOrEqual(w + 1);
          expect(k.at[1]).toBeGreaterThanOrEqual(-1);
          expect(k.at[1]).toBeLessThanOrEqual(h + 1);
        }
      }
      // Most losses have a killer (some have none: riders lost with their vehicle, a crash).
      expect(kills).toBeGreaterThan(0);
      expect(kills).toBeGreaterThanOrEqual(deaths * 0.5);
    },
    60_000,
  );
});
