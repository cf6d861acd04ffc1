/**
 * Ids that name members of Object.prototype (`valueOf`, `constructor`, `hasOwnProperty`,
 * `toString`...) are ordinary ids: a scenario whose units, formations, sides and objectives have
 * them loads, checks, round-trips through the document model and plays. Records keyed by id are
 * Maps, Y.Maps or objects without a prototype (game/dict.ts), so no id finds a built-in.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScenarioStore } from '../document/ScenarioStore';
import { checkForces, composeRulesetCatalog } from '../forces';
import { loadDocument, serializeDocument, type ScenarioDoc } from '../format';
import { replay } from '../game/replay';
import { simulate } from '../game/simulate';
import { PROTOTYPE_NAMES } from '../fuzz/mutations';
import { checkLayout } from '../layout/layoutChecks';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS, rulesetModule } from './registry';

const text = readFileSync(
  path.join(import.meta.dirname, '..', '..', 'scenarios', 'tankplank-village.scenario.json'),
  'utf8',
);

/** Ids of sides, formations, units and objectives, in file order. */
const ids: string[] = (() => {
  const doc = JSON.parse(text) as ScenarioDoc;
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      const id = (v as { id?: unknown }).id;
      if (typeof id === 'string') out.push(id);
      Object.values(v).forEach(walk);
    }
  };
  walk(doc.forces);
  walk(doc.objectives);
  return out;
})();

/** The village with some ids (and every reference to them) renamed. */
function renamed(pairs: readonly (readonly [string, string])[]): string {
  let t = text;
  for (const [from, to] of pairs) t = t.split(`"${from}"`).join(`"${to}"`);
  return t;
}

const builtIns = () =>
  [Object.prototype, Array.prototype, Function.prototype]
    .map((p) => Object.getOwnPropertyNames(p).sort().join(','))
    .join('|');

describe('ids named like Object.prototype members', () => {
  it('property: a scenario with such ids loads, checks, round-trips and plays', () => {
    const clean = builtIns();
    const names = PROTOTYPE_NAMES.filter((n) => /^[A-Za-z0-9]/.test(n));
    const choice = fc
      .uniqueArray(fc.nat({ max: ids.length - 1 }), { minLength: 1, maxLength: names.length })
      .map((picks) => picks.map((k, i) => [ids[k]!, names[i]!] as const));
    fc.assert(
      fc.property(choice, fc.integer({ min: 1, max: 1000 }), (pairs, seed) => {
        const r = loadDocument(renamed(pairs));
        if (!r.ok) throw new Error(r.problems[0]!.message);
        const doc = r.doc as ScenarioDoc;
        // The document model keeps every record (Y.Maps keyed by id).
        expect(serializeDocument(ScenarioStore.fromScenario(doc).toScenario())).toBe(
          serializeDocument(doc),
        );
        checkForces(
          doc.ruleset,
          doc.forces,
          composeRulesetCatalog(doc.ruleset, BUNDLED_CATALOGS),
          BUNDLED_RULESETS,
        );
        checkLayout(doc, BUNDLED_CATALOGS, { rulesets: BUNDLED_RULESETS });
        const made = rulesetModule(doc.ruleset.id)!.game!(doc);
        if (!made.ok) throw new Error(made.reason);
        // Both sides' movement and firing: the bot reads who fired and at whom by id.
        const game = made.game;
        const played = simulate(game, { seed, maxSideTurns: 4 });
        const again = replay(game.reduce, game.newGame({ seed }), played.actions);
        expect(again.refused).toEqual([]);
        expect(again.hash).toBe(played.hash);
        const view = made.view();
        for (const c of view.counters(played.state, null).filter((c) => names.includes(c.id))) {
          view.commands(played.state, c.id);
          view.reachable(played.state, c.id);
          view.weapons(played.state, c.id);
        }
        expect(builtIns()).toBe(clean);
      }),
      { seed: 2, numRuns: 4 },
    );
  }, 300_000);

  it('units that fire and are fired at, and the sides, renamed to valueOf play through a firing phase', () => {
    // Each of these crashed the bot once ("firedBy.includes is not a function").
    for (const id of ['a.tank1', 'b.tank1', 'a.hw.hmg1', 'b.truck1', 'a.at.gun', 'a', 'b']) {
      expect(ids).toContain(id);
      const r = loadDocument(renamed([[id, 'valueOf']]));
      if (!r.ok) throw new Error(`${id}: ${r.problems[0]!.message}`);
      const made = rulesetModule('tankplank')!.game!(r.doc as ScenarioDoc);
      if (!made.ok) throw new Error(made.reason);
      expect(() => simulate(made.game, { seed: 3, maxSideTurns: 4 }), id).not.toThrow();
    }
  }, 300_000);

  it('__proto__ cannot be an id: the loader refuses it at the id', () => {
    const r = loadDocument(renamed([[ids[1]!, '__proto__']]));
    expect(r.ok).toBe(false);
    expect(r.ok ? '' : r.problems[0]!.pointer).toMatch(/\/id$/);
  });
});
