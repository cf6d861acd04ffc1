import type { ScenarioDoc } from '../../../engine/format/types';
import { labGameLog } from '../../../engine/lab/runner';
import type { GameSummary, LabSettings } from '../../../engine/lab/types';
import { currentState, playtestFor, replayGame, type PlaytestGame } from '../../../engine/playtest';
import { webLabWorker } from './labClient';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/**
 * One game of a lab run, ready for the playtest: played again from its seed with the run's bot
 * styles on a Web Worker (the editor does not wait), then replayed from its action log into a
 * playtest game, with an undo step per side turn. The turn limit the run used becomes the
 * scenario's own for the replay, so the playtest ends the game where the lab did.
 */
export async function labGameForPlaytest(
  scenario: ScenarioDoc,
  settings: LabSettings,
  game: GameSummary,
): Promise<{ scenario: ScenarioDoc; game: PlaytestGame; warnings: string[] }> {
  const log = await labGameLog(scenario, settings, game.seed, () => webLabWorker());
  const played: ScenarioDoc =
    settings.turnLimit !== undefined
      ? { ...scenario, victory: { ...scenario.victory, turnLimit: settings.turnLimit } }
      : scenario;
  const made = playtestFor(played, BUNDLED_RULESETS);
  if (!made.ok) throw new Error(made.reason);
  const view = made.view;
  const controllers = Object.fromEntries(view.game.sides.map((s) => [s.id, 'bot' as const]));
  const { game: replayed, refused } = replayGame(view, game.seed, controllers, log.actions, [], {
    botStyles: settings.styles,
  });
  // An undo step per side turn: a mark wherever the side acting changes.
  const marks: number[] = [];
  let before: unknown = replayed.start;
  let side: string | undefined;
  for (const [i, entry] of replayed.entries.entries()) {
    const by = view.game.actionSide(before, entry.action);
    if (i === 0 || by !== side) marks.push(i);
    side = by;
    before = entry.state;
  }
  const warnings = refused.map((r) => `action ${r.index} refused on replay: ${r.reason}`);
  if (view.game.hash(currentState(replayed)) !== game.hash)
    warnings.push(
      `the replay of seed ${game.seed} did not reach the state the lab recorded (the scenario or the rules changed since the run)`,
    );
  return { scenario: played, game: { ...replayed, marks }, warnings };
}
