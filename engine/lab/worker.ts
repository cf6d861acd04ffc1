import type { ScenarioDoc } from '../format';
import type { AnyGameDef, GameAction } from '../game/gameDef';
import { GAME_TIME_BUDGET_MS, simulate } from '../game/simulate';
import { admitScenarioValue } from './checkedDocument';
import { knownRulesetIds, type RulesetLookup } from '../rulesets/lookup';
import { isBotName, BOT_NAMES } from '../game/bots/baseline';
import { SEARCH_STRENGTHS } from '../game/bots/search';
import { labPlayers, playLabGame } from './labGame';
import type { GameRecord, LabSettings } from './types';

/**
 * What a lab worker does, without the worker: the Node entry (cli/labWorkerThread.ts, bundled by
 * cli/labThreads.ts) and the app's Web Worker (renderer/src/lab/labWorker.ts) only pass messages
 * to and from this handler.
 */

export type ToLabWorker =
  /**
   * The scenario and settings of the run; sent once, before any seeds. With `admit` (where it
   * came from, e.g. "job run-1 of queue sandtable-lab") the worker trusts neither: it loads and
   * checks the scenario as `sandtable validate` does and the settings as the command line does,
   * and refuses them with every problem located (a job written straight to a queue).
   */
  | {
      readonly type: 'start';
      readonly scenario: ScenarioDoc;
      readonly settings: LabSettings;
      readonly admit?: string;
    }
  /** Seeds to play; the worker answers with one `game` message per seed, in order. */
  | { readonly type: 'play'; readonly seeds: readonly number[] }
  /** Plays one seed again and sends back its action log, to replay the game in the playtest. */
  | { readonly type: 'log'; readonly seed: number };

export type FromLabWorker =
  | { readonly type: 'game'; readonly record: GameRecord }
  | {
      readonly type: 'log';
      readonly seed: number;
      readonly actions: readonly GameAction[];
      /** Hash of the final state: the record's hash when the game is the same. */
      readonly hash: string;
    }
  | { readonly type: 'error'; readonly message: string };

/**
 * The game a scenario is played with, or why the lab cannot play it; `rulesets` are those the
 * caller plays with (the registry's `BUNDLED_RULESETS` at an entry point).
 */
export function labGameOf(
  scenario: ScenarioDoc,
  rulesets: RulesetLookup,
): { game: AnyGameDef } | { error: string } {
  const module = rulesets.get(scenario.ruleset.id);
  if (!module)
    return {
      error: `Sandtable does not know the ruleset "${scenario.ruleset.id}" (it knows ${knownRulesetIds(rulesets)})`,
    };
  if (!module.game) {
    return {
      error: `${module.label} has no rules engine yet, so the lab cannot play "${scenario.meta.title}"`,
    };
  }
  const made = module.game(scenario);
  if (!made.ok) return { error: `"${scenario.meta.title}" cannot be played: ${made.reason}` };
  return { game: made.game };
}

/** How many started games a lab thread keeps for a start that names one again. */
const KEPT_GAMES = 4;

/**
 * A message handler that plays the seeds it is sent and posts a record per game, with the
 * games of `rulesets` (the thread's entry passes the registry's `BUNDLED_RULESETS`).
 */
export function labWorkerHandler(
  rulesets: RulesetLookup,
  post: (m: FromLabWorker) => void,
  /** A clock (milliseconds) for each game's time budget; without one, games have none. */
  now?: () => number,
): (m: ToLabWorker) => void {
  let game: AnyGameDef | undefined;
  let settings: LabSettings | undefined;
  // The games of the last few starts, by their text: a queue worker's thread takes batches of
  // several runs in turn (the advisor's variants), and a game made again starts with cold terrain
  // and route memos (most of a village game's first-game cost). Only a start whose scenario and
  // settings are the same to the letter, so already admitted, reuses one.
  const kept = new Map<string, { game: AnyGameDef; settings: LabSettings }>();
  return (m) => {
    switch (m.type) {
      case 'start': {
        game = undefined;
        settings = undefined;
        const key = JSON.stringify([m.scenario, m.settings, m.admit !== undefined]);
        const again = kept.get(key);
        if (again) {
          kept.delete(key);
          kept.set(key, again);
          ({ game, settings } = again);
          return;
        }
        let scenario = m.scenario;
        if (m.admit !== undefined) {
          const refused = settingsProblem(m.settings);
          if (refused) {
            post({ type: 'error', message: `${m.admit}: ${refused}` });
            return;
          }
          const admitted = admitScenarioValue(m.scenario, m.admit, rulesets);
          if (!admitted.ok) {
            post({ type: 'error', message: admitted.lines.join('\n') });
            return;
          }
          scenario = admitted.scenario;
        }
        const made = labGameOf(scenario, rulesets);
        if ('error' in made) {
          post({ type: 'error', message: made.error });
          return;
        }
        game = made.game;
        settings = m.settings;
        kept.set(key, { game, settings });
        if (kept.size > KEPT_GAMES) kept.delete(kept.keys().next().value!);
        return;
      }
      case 'log': {
        if (!game || !settings) {
          post({
            type: 'error',
            message: 'the lab worker was asked for a game before its scenario',
          });
          return;
        }
        const asked = settings;
        try {
          const r = simulate(game, {
            seed: m.seed,
            players: labPlayers(game, asked, m.seed),
            ...(settings.turnLimit !== undefined ? { turnLimit: settings.turnLimit } : {}),
            ...(now ? { timeBudget: { ms: GAME_TIME_BUDGET_MS, now } } : {}),
          });
          post({ type: 'log', seed: m.seed, actions: r.actions, hash: r.hash });
        } catch (err) {
          const why = err instanceof Error ? err.message : String(err);
          post({ type: 'error', message: `game with seed ${m.seed} failed: ${why}` });
        }
        return;
      }
      case 'play':
        if (!game || !settings) {
          post({ type: 'error', message: 'the lab worker was sent seeds before its scenario' });
          return;
        }
        for (const seed of m.seeds) {
          let record: GameRecord;
          try {
            record = playLabGame(game, seed, settings, now);
          } catch (err) {
            const why = err instanceof Error ? err.message : String(err);
            post({ type: 'error', message: `game with seed ${seed} failed: ${why}` });
            return;
          }
          post({ type: 'game', record });
        }
        return;
    }
  };
}

/**
 * What is wrong with run settings that did not come from this program (a job on a queue), as the
 * command line would refuse them: undefined when they are sound.
 */
export function settingsProblem(settings: unknown): string | undefined {
  if (typeof settings !== 'object' || settings === null || Array.isArray(settings))
    return 'the settings are not an object with games, firstSeed and styles';
  const s = settings as Record<string, unknown>;
  if (!Number.isSafeInteger(s['games']) || (s['games'] as number) < 1)
    return `settings.games must be a whole number from 1, not ${JSON.stringify(s['games'])}`;
  if (!Number.isSafeInteger(s['firstSeed']))
    return `settings.firstSeed must be a whole number, not ${JSON.stringify(s['firstSeed'])}`;
  const limit = s['turnLimit'];
  if (limit !== undefined && !(Number.isSafeInteger(limit) && (limit as number) > 0))
    return `settings.turnLimit must be a whole number from 1, not ${JSON.stringify(limit)}`;
  const styles = s['styles'];
  if (typeof styles !== 'object' || styles === null || Array.isArray(styles))
    return 'settings.styles must be an object of side ids and bots';
  for (const [side, style] of Object.entries(styles))
    if (typeof style !== 'string' || !isBotName(style))
      return `settings.styles gives side "${side}" the style ${JSON.stringify(style)}; use ${BOT_NAMES.join(', ')}`;
  const strength = s['searchStrength'];
  if (
    strength !== undefined &&
    !(
      Number.isSafeInteger(strength) &&
      (strength as number) >= 1 &&
      (strength as number) <= SEARCH_STRENGTHS.length
    )
  )
    return `settings.searchStrength must be a whole number from 1 to ${SEARCH_STRENGTHS.length}, not ${JSON.stringify(strength)}`;
  return undefined;
}
