import type { ScenarioDoc } from '../../../engine/format/types';
import {
  parseGame,
  playtestFor,
  replayGame,
  currentState,
  type PlaytestGame,
} from '../../../engine/playtest';
import { loadScenario } from '../format/formatClient';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

export const GAME_FILTERS = [{ name: 'Sandtable game', extensions: ['json'] }];

/**
 * Opens a saved game: checks the envelope, validates the embedded scenario with the scenario
 * loader (schema, migrations, integrity), then replays the action log and checks the state hash.
 */
export async function loadGameText(
  text: string,
  file: string,
): Promise<
  | { ok: true; scenario: ScenarioDoc; game: PlaytestGame; warnings: string[] }
  | { ok: false; problems: string[] }
> {
  const parsed = parseGame(text);
  if (!parsed.ok) return { ok: false, problems: parsed.problems.map((p) => `${file}: ${p}`) };
  const doc = parsed.doc;
  const loaded = await loadScenario(JSON.stringify(doc.scenario), `${file}#/scenario`);
  if (!loaded.ok)
    return {
      ok: false,
      problems: loaded.problems.map(
        (p) => `${p.file}${p.pointer ? ` ${p.pointer}` : ''}: ${p.message}`,
      ),
    };
  const made = playtestFor(loaded.doc, BUNDLED_RULESETS);
  if (!made.ok) return { ok: false, problems: [made.reason] };
  if (made.view.game.rulesetId !== doc.ruleset)
    return {
      ok: false,
      problems: [
        `the game was played with ${doc.ruleset}, the scenario is ${made.view.game.rulesetId}`,
      ],
    };
  const { game, refused } = replayGame(
    made.view,
    doc.seed,
    doc.controllers,
    doc.actions,
    doc.marks,
    {
      clock: doc.clock === true,
      // The bots chosen when the game started, else the scenario's own.
      ...(doc.bots
        ? { botStyles: doc.bots }
        : loaded.doc.playtest?.bots
          ? { botStyles: loaded.doc.playtest.bots }
          : {}),
      ...(doc.searchStrength !== undefined
        ? { searchStrength: doc.searchStrength }
        : loaded.doc.playtest?.searchStrength !== undefined
          ? { searchStrength: loaded.doc.playtest.searchStrength }
          : {}),
    },
  );
  const warnings: string[] = refused.map((r) => `action ${r.index} refused on replay: ${r.reason}`);
  if (made.view.game.hash(currentState(game)) !== doc.stateHash)
    warnings.push(
      'the replay did not reach the saved state (the rules engine changed since the game was saved)',
    );
  return { ok: true, scenario: loaded.doc, game, warnings };
}
