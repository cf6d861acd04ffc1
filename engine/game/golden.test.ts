import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadDocument } from '../format';
import { RULESETS } from '../rulesets/registry';
import type { GameAction } from './gameDef';
import { replayLog, type LogEntry } from './simulate';

/**
 * The one golden runner: every `engine/rulesets/<id>/golden/<case>/` of every ruleset in the
 * registry holds `scenario.json`, `actions.json` ({seed, allowForcedDice?, actions}) and
 * `expected.json` ({vector, events, refused?}). The events listed must appear in that order
 * (others may come between them); refusals must match by index and reason.
 */

/** Partial match: objects need only the keys given; arrays match element by element. */
function matches(actual: unknown, expected: unknown): boolean {
  if (Array.isArray(expected)) {
    return (
      Array.isArray(actual) &&
      actual.length === expected.length &&
      expected.every((e, i) => matches(actual[i], e))
    );
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object') return false;
    return Object.entries(expected).every(([k, v]) =>
      matches((actual as Record<string, unknown>)[k], v),
    );
  }
  if (typeof expected === 'number' && typeof actual === 'number')
    return Math.abs(expected - actual) < 1e-6;
  return actual === expected;
}

const withGolden = RULESETS.map((m) => ({
  module: m,
  root: new URL(`../rulesets/${m.id}/golden/`, import.meta.url),
})).filter((r) => existsSync(r.root));

test('at least one ruleset has golden cases, and each of those has a rules engine', () => {
  expect(withGolden.length).toBeGreaterThan(0);
  for (const r of withGolden) expect(r.module.game, r.module.id).toBeDefined();
});

for (const { module, root } of withGolden) {
  describe(`golden cases of ${module.label}`, () => {
    for (const name of readdirSync(root).sort()) {
      const dir = new URL(`${name}/`, root);
      const expected = JSON.parse(readFileSync(new URL('expected.json', dir), 'utf8')) as {
        vector: string;
        events: Record<string, unknown>[];
        refused?: { action: number; reason: string }[];
      };
      test(`${name}: ${expected.vector}`, () => {
        const loaded = loadDocument(readFileSync(new URL('scenario.json', dir), 'utf8'), {
          expect: ['sandtable.scenario'],
        });
        if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
        const log = JSON.parse(readFileSync(new URL('actions.json', dir), 'utf8')) as {
          seed: number;
          allowForcedDice?: boolean;
          actions: LogEntry<GameAction>[];
        };
        const made = module.game!(loaded.doc);
        if (!made.ok) throw new Error(made.reason);
        const result = replayLog(made.game, made.game.newGame({ seed: log.seed }), log.actions, {
          allowForcedDice: log.allowForcedDice === true,
        });
        let at = 0;
        for (const e of expected.events) {
          const found = result.events.findIndex((x, i) => i >= at && matches(x.event, e));
          if (found < 0) {
            throw new Error(
              `expected event not found after #${at}: ${JSON.stringify(e)}\nactual:\n${result.events.map((x) => JSON.stringify(x.event)).join('\n')}\nrefused: ${JSON.stringify(result.refused)}`,
            );
          }
          at = found + 1;
        }
        const refused = expected.refused ?? [];
        expect(result.refused.map((r) => r.action)).toEqual(refused.map((r) => r.action));
        refused.forEach((r, i) => expect(result.refused[i]!.reason).toContain(r.reason));
      });
    }
  });
}
