import type { ScenarioDoc } from '../format';
import { withoutBom } from '../format/encoding';
import { scanJson } from '../format/jsonScan';
import { MAX_DEPTH } from '../format/loader';
import { describeValue } from '../format/problems';
import { stringifyStable } from '../format/saver';
import { APP_NAME, APP_VERSION } from '../format/version';
import type { GameAction } from './view';
import { isBotName } from '../game/bots/baseline';
import { SEARCH_STRENGTHS } from '../game/bots/search';
import { currentState, type Controller, type PlaytestBot, type PlaytestGame } from './session';

/** Format name and version of a saved game. */
export const GAME_FORMAT = 'sandtable.game';
export const GAME_FORMAT_VERSION = 1;

/**
 * A saved playtest: the scenario it was played on, the seed and the action log. The state is not
 * stored: loading replays the log, and `stateHash` checks that the replay reached the same state.
 */
export interface GameDoc {
  readonly format: typeof GAME_FORMAT;
  readonly formatVersion: number;
  /** The app that wrote the file. */
  readonly app: { readonly name: string; readonly version: string };
  /** The whole scenario as played, so the game opens without the scenario file. */
  readonly scenario: ScenarioDoc;
  /** Ruleset id the game was played with. */
  readonly ruleset: string;
  /** Seed of the dice. */
  readonly seed: number;
  /** Who played each side. */
  readonly controllers: Readonly<Record<string, Controller>>;
  /** Played against the real-time clock (absent: no clock). */
  readonly clock?: boolean;
  /**
   * Which bot played each side the bot played (a style, random or search), as chosen when the
   * game started; absent in games saved before the choice, which play on with the scenario's.
   */
  readonly bots?: Readonly<Record<string, PlaytestBot>>;
  /** The strong bot's strength, 1 to 5, as chosen when the game started (absent: the default). */
  readonly searchStrength?: number;
  /** Every accepted action, in order. */
  readonly actions: readonly GameAction[];
  /** Indices into `actions` where each undo step began. */
  readonly marks: readonly number[];
  /** Hash of the state after the last action, to detect a replay that diverged. */
  readonly stateHash: string;
}

/** The document for a game. */
export function gameDoc(game: PlaytestGame, scenario: ScenarioDoc): GameDoc {
  return {
    format: GAME_FORMAT,
    formatVersion: GAME_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    scenario,
    ruleset: game.view.game.rulesetId,
    seed: game.seed,
    controllers: game.controllers,
    ...(game.clock ? { clock: true } : {}),
    ...(game.botStyles ? { bots: game.botStyles } : {}),
    ...(game.searchStrength !== undefined ? { searchStrength: game.searchStrength } : {}),
    actions: game.entries.map((e) => e.action),
    marks: game.marks,
    stateHash: game.view.game.hash(currentState(game)),
  };
}

/** The text a game is saved as: stable key order, like every other Sandtable file. */
export function serializeGame(game: PlaytestGame, scenario: ScenarioDoc): string {
  return stringifyStable(gameDoc(game, scenario));
}

/**
 * Reads a saved game's envelope and log. The embedded scenario is checked by the scenario loader
 * afterwards (the caller runs it through the same validation as a scenario file).
 */
export function parseGame(
  text: string,
): { ok: true; doc: GameDoc } | { ok: false; problems: string[] } {
  // The same text checks as the scenario loader, before anything parses or walks the value:
  // nesting (a saved game holds a scenario one level down), repeated and forbidden keys.
  const scan = scanJson(withoutBom(text), MAX_DEPTH + 1);
  if (scan.tooDeep)
    return {
      ok: false,
      problems: [
        `${scan.tooDeep.pointer || '/'}: values are nested more than ${MAX_DEPTH + 1} levels deep; no saved game is`,
      ],
    };
  let v: unknown;
  try {
    v = JSON.parse(withoutBom(text));
  } catch (err) {
    return {
      ok: false,
      problems: [`not JSON: ${err instanceof Error ? err.message : String(err)}`],
    };
  }
  if (scan.forbiddenKey)
    return {
      ok: false,
      problems: [
        `${scan.forbiddenKey.pointer}: the key "${scan.forbiddenKey.key}" is not allowed anywhere in a Sandtable file`,
      ],
    };
  if (scan.duplicateKey)
    return {
      ok: false,
      problems: [
        `${scan.duplicateKey.pointer}: the key "${scan.duplicateKey.key}" appears twice in the same object; only one would be kept`,
      ],
    };
  const problems: string[] = [];
  if (!v || typeof v !== 'object' || Array.isArray(v))
    return { ok: false, problems: ['not a JSON object'] };
  const o = v as Record<string, unknown>;
  if (o['format'] !== GAME_FORMAT)
    return {
      ok: false,
      problems: [
        `not a saved game: format is ${describeValue(o['format'])}, expected "${GAME_FORMAT}"`,
      ],
    };
  if (typeof o['formatVersion'] !== 'number' || !Number.isInteger(o['formatVersion']))
    problems.push('/formatVersion must be an integer');
  else if (o['formatVersion'] > GAME_FORMAT_VERSION)
    return {
      ok: false,
      problems: [
        `this game was saved by a newer Sandtable (game format ${o['formatVersion']}; this build reads up to ${GAME_FORMAT_VERSION})`,
      ],
    };
  if (!o['scenario'] || typeof o['scenario'] !== 'object')
    problems.push('/scenario must be a scenario document');
  if (typeof o['ruleset'] !== 'string') problems.push('/ruleset must be a string');
  if (typeof o['seed'] !== 'number' || !Number.isInteger(o['seed']))
    problems.push('/seed must be an integer');
  if (typeof o['stateHash'] !== 'string') problems.push('/stateHash must be a string');
  const controllers = o['controllers'];
  if (!controllers || typeof controllers !== 'object' || Array.isArray(controllers))
    problems.push('/controllers must map side ids to "human" or "bot"');
  else
    for (const [k, c] of Object.entries(controllers))
      if (c !== 'human' && c !== 'bot') problems.push(`/controllers/${k} must be "human" or "bot"`);
  if (o['clock'] !== undefined && typeof o['clock'] !== 'boolean')
    problems.push('/clock must be true or false');
  const bots = o['bots'];
  if (bots !== undefined) {
    if (!bots || typeof bots !== 'object' || Array.isArray(bots))
      problems.push('/bots must map side ids to bot names');
    else
      for (const [k, b] of Object.entries(bots))
        if (typeof b !== 'string' || !isBotName(b))
          problems.push(
            `/bots/${k} must be cautious, balanced, aggressive, random or search, not ${describeValue(b)}`,
          );
  }
  const strength = o['searchStrength'];
  if (
    strength !== undefined &&
    (typeof strength !== 'number' ||
      !Number.isInteger(strength) ||
      strength < 1 ||
      strength > SEARCH_STRENGTHS.length)
  )
    problems.push(
      `/searchStrength must be a whole number from 1 to ${SEARCH_STRENGTHS.length}, not ${describeValue(strength)}`,
    );
  const actions = o['actions'];
  if (!Array.isArray(actions)) problems.push('/actions must be an array');
  else
    actions.forEach((a, i) => {
      if (!a || typeof a !== 'object' || typeof (a as { type?: unknown }).type !== 'string')
        problems.push(`/actions/${i} must be an object with a "type"`);
    });
  const marks = o['marks'] ?? [];
  if (!Array.isArray(marks) || marks.some((m) => !Number.isInteger(m)))
    problems.push('/marks must be an array of integers');
  if (problems.length) return { ok: false, problems };
  return { ok: true, doc: { ...(o as unknown as GameDoc), marks: marks as number[] } };
}

/** Whether a file's text looks like a saved game rather than a scenario. */
export function isGameText(text: string): boolean {
  return (
    /"format"\s*:\s*"sandtable\.game"/.test(text.slice(0, 4000)) ||
    text.includes('"format": "sandtable.game"')
  );
}
