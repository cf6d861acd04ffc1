import type { ScenarioDoc } from '../format';
import { playableRulesets, rulesetModule } from '../rulesets/registry';
import type { AnyPlaytestView } from './view';

/**
 * The playtest view of a scenario, or why it cannot be played: a ruleset without a rules engine
 * yet, or a scenario its engine refuses (a hex map for a table game).
 */
export function playtestFor(
  scenario: ScenarioDoc,
): { ok: true; view: AnyPlaytestView } | { ok: false; reason: string } {
  const m = rulesetModule(scenario.ruleset.id);
  if (!m?.game) {
    const playable = playableRulesets().map((r) => r.label);
    return {
      ok: false,
      reason: `${m?.label ?? scenario.ruleset.id} has no rules engine yet, so it can be drawn and set up but not played; playtest supports ${playable.join(', ')}.`,
    };
  }
  const made = m.game(scenario);
  return made.ok ? { ok: true, view: made.view() } : made;
}
