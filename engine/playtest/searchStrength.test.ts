import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import { loadDocument } from '../format/index';
import type { ScenarioDoc } from '../format/types';
import { settingsProblem } from '../lab/worker';
import { rulesetModule } from '../rulesets/registry';
import { gameDoc, parseGame } from './gameFile';
import { startGame } from './session';

/*
 * The strong bot's strength (issue 39, item 3) is a choice like the bots: kept in the scenario's
 * playtest settings, in a saved game and in the lab's settings, and refused out of its range.
 */

const text = readFileSync(
  join(__dirname, '../../scenarios/tanks-your-first-game.scenario.json'),
  'utf8',
);

function scenarioWith(playtest: unknown) {
  const v = JSON.parse(text) as Record<string, unknown>;
  v['playtest'] = playtest;
  return loadDocument(JSON.stringify(v), { expect: ['sandtable.scenario'] });
}

describe("the strong bot's strength", () => {
  it("is a scenario's playtest setting from 1 to 5", () => {
    const ok = scenarioWith({ bots: { sov: 'search' }, searchStrength: 3 });
    expect(ok.ok).toBe(true);
    if (ok.ok) expect((ok.doc as ScenarioDoc).playtest?.searchStrength).toBe(3);
    for (const bad of [0, 6, 2.5, 'strong']) {
      const r = scenarioWith({ searchStrength: bad });
      expect(r.ok, String(bad)).toBe(false);
      if (!r.ok)
        expect(r.problems.map((p) => p.message).join(' ')).toMatch(/searchStrength|playtest/);
    }
  });

  it('is saved with a game and read back; a saved strength out of range is refused', () => {
    const doc = bundledScenario('tanks-your-first-game');
    const made = rulesetModule(doc.ruleset.id)?.game?.(doc);
    if (!made?.ok) throw new Error('Your First Game cannot be played');
    const game = startGame(
      made.view(),
      5,
      { sov: 'bot', usa: 'human' },
      {
        botStyles: { sov: 'search' },
        searchStrength: 2,
      },
    );
    const saved = gameDoc(game, doc);
    expect(saved.searchStrength).toBe(2);
    const back = parseGame(JSON.stringify(saved));
    expect(back.ok && back.doc.searchStrength).toBe(2);
    const bad = parseGame(JSON.stringify({ ...saved, searchStrength: 9 }));
    expect(bad.ok).toBe(false);
    if (!bad.ok)
      expect(bad.problems.join(' ')).toMatch(/\/searchStrength must be a whole number from 1 to 5/);
  });

  it("is checked in the lab's settings", () => {
    const base = { games: 1, firstSeed: 1, styles: { sov: 'search' } };
    expect(settingsProblem({ ...base, searchStrength: 5 })).toBeUndefined();
    expect(settingsProblem({ ...base, searchStrength: 6 })).toMatch(/searchStrength/);
  });
});
