import type { ScenarioDoc } from '../format';
import { playableRulesets, type RulesetLookup } from '../rulesets/lookup';
import type { AnyPlaytestView } from './view';

/**
 * The playtest view of a scenario, or why it cannot be played: a ruleset without a rules engine
 * yet, or a scenario its engine refuses (a hex map for a table game).
 */
export function playtestFor(
  scenario: ScenarioDoc,
  /** The rulesets the caller plays with (the registry's `BUNDLED_RULESETS` at an entry point). */
  rulesets: RulesetLookup,
): { ok: true; view: AnyPlaytestView } | { ok: false; reason: string } {
  const m = rulesets.get(scenario.ruleset.id);
  if (!m?.game) {
    const playable = playableRulesets(rulesets).map((r) => r.label);
    return {
      ok: false,
      reason: `${m?.label ?? scenario.ruleset.id} has no rules engine yet, so it can be drawn and set up but not played; playtest supports ${playable.join(', ')}.`,
    };
  }
  const made = m.game(scenario);
  return made.ok ? { ok: true, view: made.view() } : made;
}
