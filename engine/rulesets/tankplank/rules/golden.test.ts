import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadDocument } from '../../../format';
import { replay } from '../../../game/replay';
import type { TankplankAction } from './actions';
import { createContext } from './context';
import { tankplankReducer } from './reducer';
import { newGame } from './setup';

const root = new URL('../golden/', import.meta.url);

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

describe("golden cases: the digest's test vectors T1–T20", () => {
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
        allowForcedDice: boolean;
        actions: TankplankAction[];
      };
      const ctx = createContext(loaded.doc);
      const start = newGame(ctx, { seed: log.seed, allowForcedDice: log.allowForcedDice });
      const result = replay(tankplankReducer(ctx), start, log.actions);
      // Expected events appear in this order (other events may come between them).
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
