import type { ScenarioDoc } from '../format';
import type { AnyPlaytestRuleset } from './ruleset';
import { tankplankPlaytest } from '../rulesets/tankplank/playtest';

/** The rulesets the playtest can run, by scenario ruleset id. */
const ADAPTERS: Readonly<Record<string, (scenario: ScenarioDoc) => AnyPlaytestRuleset>> = {
  tankplank: (s) => tankplankPlaytest(s) as unknown as AnyPlaytestRuleset,
};

/** Ruleset ids with a rules engine the playtest can drive. */
export const PLAYTEST_RULESETS: readonly string[] = Object.keys(ADAPTERS);

/**
 * The playtest module for a scenario, or why it cannot be played: a ruleset without an engine
 * yet, or a scenario the engine refuses (a hex map for a table game).
 */
export function playtestFor(
  scenario: ScenarioDoc,
): { ok: true; ruleset: AnyPlaytestRuleset } | { ok: false; reason: string } {
  const make = ADAPTERS[scenario.ruleset.id];
  if (!make)
    return {
      ok: false,
      reason: `No rules engine for "${scenario.ruleset.id}" yet; playtest supports ${PLAYTEST_RULESETS.join(', ')}.`,
    };
  try {
    return { ok: true, ruleset: make(scenario) };
  } catch (err) {
    return { ok: false, reason: err instanceof Error ? err.message : String(err) };
  }
}
