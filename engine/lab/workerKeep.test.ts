import { describe, expect, test } from 'vitest';
import type { ScenarioDoc } from '../format';
import { bundledScenario } from '../../scripts/testing/bundled';
import { rulesetLookup } from '../rulesets/lookup';
import { BUNDLED_RULESETS } from '../rulesets/registry';
import type { RulesetModule } from '../rulesets/types';
import type { LabSettings } from './types';
import { labWorkerHandler, type FromLabWorker } from './worker';

/** The bundled rulesets, counting how often each makes a game. */
function counting() {
  const made = new Map<string, number>();
  const modules: RulesetModule[] = BUNDLED_RULESETS.list.map((m) =>
    m.game
      ? {
          ...m,
          game: (s: ScenarioDoc) => {
            made.set(m.id, (made.get(m.id) ?? 0) + 1);
            return m.game!(s);
          },
        }
      : m,
  );
  return { rulesets: rulesetLookup(modules), made };
}

const settings: LabSettings = { games: 3, firstSeed: 5, styles: {}, turnLimit: 3 };

describe('a lab thread keeps the games of its last starts', () => {
  test('a start named again reuses its game and plays the same games; a changed scenario is made anew', () => {
    const { rulesets, made } = counting();
    const got: FromLabWorker[] = [];
    const handle = labWorkerHandler(rulesets, (m) => got.push(m));
    const a = bundledScenario('tanks-your-first-game');
    const b = bundledScenario('ww1-wire');
    const play = (s: ScenarioDoc, admit?: string) => {
      got.length = 0;
      handle({ type: 'start', scenario: s, settings, ...(admit ? { admit } : {}) });
      handle({ type: 'play', seeds: [5, 6, 7] });
      return got.map((m) =>
        m.type === 'game' ? m.record.hash : m.type === 'error' ? m.message : m.type,
      );
    };
    const first = play(a, 'job 1');
    expect(first).toHaveLength(3);
    const other = play(b, 'job 2');
    expect(other).toHaveLength(3);
    // The same text again: no new game is made, and the games are the same.
    expect(play(structuredClone(a), 'job 3')).toEqual(first);
    expect(made.get('tanks')).toBe(1);
    expect(made.get('ww1')).toBe(1);
    // One letter different is another scenario: made (and admitted) anew.
    const changed = structuredClone(a);
    changed.meta.title = `${changed.meta.title} (variant)`;
    expect(play(changed, 'job 4')).toEqual(first);
    expect(made.get('tanks')).toBe(2);
    // A start that would be refused is refused every time, never answered from the kept games.
    const broken = structuredClone(a) as unknown as { ruleset: { id: string } };
    broken.ruleset.id = 'nonesuch';
    expect(play(broken as unknown as ScenarioDoc, 'job 5')[0]).toMatch(/nonesuch/);
    expect(play(broken as unknown as ScenarioDoc, 'job 6')[0]).toMatch(/nonesuch/);
  });
});
