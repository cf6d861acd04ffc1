/**
 * The fuzz suite in CI: mutated bundled scenarios and saved games go through everything a file
 * from a stranger goes through (engine/fuzz/harness.ts), with a fixed seed and a time budget
 * (FUZZ_BUDGET_MS, default 15 s). It fails on an uncaught exception, a step slower than its
 * bound, or prototype pollution, and prints the case. `npm run fuzz` runs longer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { corpus, type Base } from '../../scripts/fuzz/corpus';
import { runGameFile, runScenarioFile, type CaseReport } from './harness';
import { describePlan, mutateText, planArb } from './mutations';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 15_000);

describe('fuzz', () => {
  it('mutated scenarios and saved games never crash, hang or pollute a prototype', () => {
    const bases = corpus();
    const games = bases.flatMap((b, i) => (b.kind === 'game' ? [i] : []));
    expect(games.length).toBeGreaterThan(0);
    const names = bases.map((b) => b.name);
    const outcomes = new Map<string, number>();
    let tried = 0;
    const run = (bytes: Uint8Array, base: Base): CaseReport =>
      (base.kind === 'game' ? runGameFile : runScenarioFile)(bytes, {
        now: () => performance.now(),
        rulesets: BUNDLED_RULESETS,
        sideTurns: 2,
        selections: 3,
      });
    fc.assert(
      fc.property(planArb(bases.length, games), (plan) => {
        tried++;
        const base = bases[plan.base]!;
        const report = run(mutateText(base.text, plan), base);
        if (report.failure)
          throw new Error(
            `${describePlan(plan, names)} -> ${JSON.stringify(report.failure)}\nplan: ${JSON.stringify(plan)}`,
          );
        const kind = report.outcome!.kind;
        outcomes.set(kind, (outcomes.get(kind) ?? 0) + 1);
      }),
      {
        seed: 19,
        numRuns: 1_000_000,
        interruptAfterTimeLimit: BUDGET_MS,
        markInterruptAsFailure: false,
      },
    );
    console.log(
      `fuzz: ${tried} mutated files (seed 19, ${BUDGET_MS} ms): ${[...outcomes]
        .map(([k, n]) => `${n} ${k}`)
        .join(', ')}`,
    );
    expect(tried).toBeGreaterThan(20);
  }, 600_000);
});
