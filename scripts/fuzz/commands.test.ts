/**
 * The commands' part of the fuzz suite in CI: mutated bundled scenarios of every ruleset through
 * what validate, los, odds, play --bot and simulate do with a file (scripts/fuzz/commands.ts),
 * with a fixed seed and half engine/fuzz's time budget (FUZZ_BUDGET_MS / 2, 7.5 s). A command
 * that throws, refuses without saying where, or is slower than its bound fails it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { describePlan, mutateText, planArb, utf8 } from '../../engine/fuzz/mutations';
import { corpus } from './corpus';
import { runCommands } from './commands';

// Half the engine fuzz's budget (FUZZ_BUDGET_MS, default 15 s): the CI run stays short.
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 15_000) / 2;
const now = () => performance.now();

describe('fuzzed files through every command', () => {
  const scenarios = corpus().filter((b) => b.kind === 'scenario');

  it('a unit of a type no catalog lists is refused, located, on every ruleset', () => {
    const rulesets = new Set<string>();
    for (const base of scenarios) {
      const doc = JSON.parse(base.text) as {
        ruleset: { id: string };
        forces: { sides: { formations: { units: { type: string }[] }[] }[] };
      };
      const unit = doc.forces.sides[0]?.formations[0]?.units[0];
      if (!unit) continue;
      unit.type = 'nowhere.none';
      const r = runCommands(utf8(JSON.stringify(doc)), { now });
      expect(r.failure, base.name).toBeUndefined();
      expect(r.outcome, base.name).toBe('refused');
      rulesets.add(doc.ruleset.id);
    }
    expect([...rulesets].sort()).toEqual(['tank', 'tankplank', 'tanks', 'ww1']);
  });

  it('a record renamed to a built-in property name (toString, __proto__, …) crashes nothing', () => {
    // Found by the campaign below (seed 37): a side named like a property every object has took
    // that property (a function) for its bot style, and the TANK! bot read no weights from it.
    const at = scenarios.findIndex((b) => b.name.startsWith('tank-contour-hills'));
    expect(at).toBeGreaterThanOrEqual(0);
    for (let name = 0; name < 6; name++) {
      const plan = {
        base: at,
        mutations: [{ kind: 'prototypeId' as const, which: 907554565, name }],
        bytes: [],
      };
      const r = runCommands(mutateText(scenarios[at]!.text, plan), { now, sideTurns: 2 });
      expect(r.failure, JSON.stringify(plan)).toBeUndefined();
    }
  }, 120_000);

  it('mutated scenarios never crash a command, refuse unlocated or run past a bound', () => {
    const names = scenarios.map((b) => b.name);
    const seen = new Map<string, number>();
    const started = performance.now();
    let tried = 0;
    fc.assert(
      fc.property(planArb(scenarios.length, []), (plan) => {
        if (performance.now() - started > BUDGET_MS) return;
        tried++;
        const base = scenarios[plan.base]!;
        const r = runCommands(mutateText(base.text, plan), { now, sideTurns: 2 });
        if (r.failure)
          throw new Error(
            `${describePlan(plan, names)} -> ${JSON.stringify(r.failure)}\nplan: ${JSON.stringify(plan)}`,
          );
        seen.set(r.outcome!, (seen.get(r.outcome!) ?? 0) + 1);
      }),
      { seed: 37, numRuns: 400 },
    );
    expect(tried).toBeGreaterThan(0);
    console.log(`commands fuzz: ${tried} files, ${JSON.stringify(Object.fromEntries(seen))}`);
  }, 120_000);
});
