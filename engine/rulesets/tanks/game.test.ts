import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { checkLayout } from '../../layout/layoutChecks';
import { replayChecked } from '../../game/replay';
import { simulate } from '../../game/simulate';
import { TANKS_BUNDLED } from './catalogs';
import { fixtureScenario, forest } from './fixtures';
import { makeTanksGame } from './game';
import { tanks } from './index';
import { BUNDLED_RULESETS } from '../registry';

describe('the bundled scenarios play to an end with the bot on both sides', () => {
  for (const name of ['tanks-your-first-game', 'tanks-last-battle-of-alpha-66']) {
    test(name, () => {
      const made = tanks.game!(bundledScenario(name));
      if (!made.ok) throw new Error(made.reason);
      const r = simulate(made.game, { seed: 7 });
      expect(r.stoppedBy, r.reason).toBe('over');
      expect(r.result?.text).toBeTruthy();
      // The log replays to the same state: the game is a fold over its actions.
      const again = replayChecked(made.game, made.game.newGame({ seed: 7 }), r.actions);
      expect(again.refused).toEqual([]);
      expect(again.hash).toBe(r.hash);
    });
  }

  test('Alpha 66 starts with deployment: the Soviets deploy first (the scenario overrides TK-2.5)', () => {
    const made = tanks.game!(bundledScenario('tanks-last-battle-of-alpha-66'));
    if (!made.ok) throw new Error(made.reason);
    const s = made.game.newGame({ seed: 1 });
    const status = made.game.status(s);
    expect([status.phase, status.waitingFor]).toEqual(['deployment', ['sov']]);
  });
});

describe('bad input is refused at game start with the catalog field named', () => {
  test('a model with no Defence', () => {
    const doc = fixtureScenario({
      models: [
        { id: 'a1', side: 'a', type: 'fx.nodef', at: [10, 4] },
        { id: 'b1', side: 'b', type: 'fx.tank', at: [10, 30] },
      ],
      types: [
        {
          id: 'fx.nodef',
          name: 'No Defence',
          class: 'tank',
          size: { length: 3, width: 1.5 },
          stats: { initiative: 3, attack: 3, damageCapacity: 3 },
        },
      ],
    });
    const made = makeTanksGame(doc, TANKS_BUNDLED);
    expect(made).toMatch(/"stats\.defence"/);
  });

  test('no Measuring Arrow in the catalogs', () => {
    const without = TANKS_BUNDLED.map((c) => ({
      ...c,
      constants: Object.fromEntries(
        Object.entries(c.constants ?? {}).filter(([k]) => !k.startsWith('measuringArrow')),
      ),
    }));
    const made = makeTanksGame(
      fixtureScenario({
        models: [
          { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
          { id: 'b1', side: 'b', type: 'fx.tank', at: [10, 30] },
        ],
      }),
      without,
    );
    expect(made).toMatch(/measuringArrow\.tailLength/);
  });

  test('an interpretation the engine does not play', () => {
    const made = makeTanksGame(
      fixtureScenario({
        models: [
          { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
          { id: 'b1', side: 'b', type: 'fx.tank', at: [10, 30] },
        ],
        options: { 'TK-A6': 'everything' },
      }),
      TANKS_BUNDLED,
    );
    expect(made).toMatch(/TK-A6.*"piece", "footprint"/);
  });
});

test('T16: a terrain piece half a Measuring Arrow from an edge is rejected (TK-2.3)', () => {
  const doc = fixtureScenario({
    models: [
      { id: 'a1', side: 'a', type: 'fx.tank', at: [10, 4] },
      { id: 'b1', side: 'b', type: 'fx.tank', at: [10, 30] },
    ],
    // The placeholder arrow is 6": a forest of radius 2 centred 5" in reaches 3" from the edge.
    features: [forest('near-edge', 5, 18, 2)],
  });
  const problems = checkLayout(doc, TANKS_BUNDLED, { rulesets: BUNDLED_RULESETS });
  expect(problems.map((p) => p.check)).toContain('terrain-spacing');
});
