import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { playLabGame } from './labGame';
import { labGameOfText } from './testing';

const bundled = (name: string) =>
  labGameOfText(name, readFileSync(`scenarios/${name}.scenario.json`, 'utf8'));

/** Bundled scenarios whose objectives a side must take and hold, one of each ruleset with them. */
const WITH_OBJECTIVES = ['tankplank-village', 'tank-contour-hills', 'ww1-wire'] as const;

describe('objective control over the game, in every ruleset whose scenarios have objectives', () => {
  test.each(WITH_OBJECTIVES)(
    '%s: who held each objective at the end of every turn',
    (name) => {
      const { doc, game } = bundled(name);
      const ids = (doc.objectives ?? []).filter((o) => o.owner).map((o) => o.id);
      expect(ids.length).toBeGreaterThan(0);
      const sides = game.sides.map((s) => s.id);
      const g = playLabGame(game, 1, { games: 1, firstSeed: 1, styles: {}, turnLimit: 3 });
      expect(Object.keys(g.control ?? {}).sort()).toEqual([...ids].sort());
      for (const id of ids) {
        const row = g.control![id]!;
        expect(row).toHaveLength(g.turns);
        for (const holder of row) expect(holder === null || sides.includes(holder)).toBe(true);
      }
    },
    60_000,
  );

  test('TANK!: nobody of its side on the hill at the start; it holds the hill from turn 1', () => {
    const { game } = bundled('tank-contour-hills');
    const start = game.newGame({ seed: 1 });
    expect(game.objectives!(start)).toEqual([
      {
        id: 'summit',
        name: 'Summit of Hill 40',
        holder: null,
        lacking: "none of the taker's units in it",
      },
    ]);
    const g = playLabGame(game, 1, { games: 1, firstSeed: 1, styles: {} });
    expect(g.control!['summit']![0]).toBe('alpha');
  });

  test("WWI: an objective none of its owner's units stands on is nobody's, and says so", () => {
    const { game } = bundled('ww1-wire');
    const [flers] = game.objectives!(game.newGame({ seed: 1 }));
    expect(flers).toMatchObject({ holder: null, lacking: "none of the taker's units in it" });
  });
});
