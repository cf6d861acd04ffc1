import { readFile, writeFile } from 'node:fs/promises';
import { parseCommandArgs } from './args';
import { replayChecked } from '../engine/game/replay';
import { stopsHere } from '../engine/game/actionSchema';
import { withoutBom } from '../engine/format/encoding';
import { GAME_TIME_BUDGET_MS, STALL_TURNS, simulate } from '../engine/game/simulate';
import { readPlayable } from './scenario';
import type { CliContext } from './context';

export const usage = `sandtable play <scenario> --seed <n> (--actions <file> | --bot [--save-actions <file>]) [--json] [--turn-limit <n>]
  Plays a scenario of any ruleset with a rules engine from an action log (a JSON array of
  actions, or {"actions": [...]}) with the dice seeded by --seed, and prints every event and a
  hash of the final state. The same scenario, seed and log always print the same events and hash.
  With --bot every side is played by the bot to the end; --save-actions writes its log, which
  --actions then replays to the same hash. Dice cannot be fixed from a file.
  A bot game that stops making progress ends as stalled (no shot, no move toward the enemy and no
  objective changing hands for ${STALL_TURNS} turns, or past ${GAME_TIME_BUDGET_MS / 1000} s), naming the side.
  Exits 0 when every action was legal (and, with --bot, the game ended), 1 when any was refused,
  the bot game did not end or the scenario cannot be played (any file validate rejects), 2 on bad
  usage.`;

/**
 * Reads an action log: an array, or an object with an `actions` array. The entries are checked
 * one by one against the ruleset's action schema when the game replays them (replayChecked).
 */
async function readActions(file: string): Promise<unknown[] | string> {
  let raw: unknown;
  try {
    raw = JSON.parse(withoutBom(await readFile(file, 'utf8'))) as unknown;
  } catch (e) {
    return (e as Error).message;
  }
  const list = Array.isArray(raw) ? raw : (raw as { actions?: unknown } | null)?.actions;
  if (!Array.isArray(list)) return 'expected an array of actions, or {"actions": [...]}';
  return list as unknown[];
}

export async function run(args: string[], context: CliContext): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      seed: { type: 'string' },
      actions: { type: 'string' },
      json: { type: 'boolean', default: false },
      'turn-limit': { type: 'string' },
      bot: { type: 'boolean', default: false },
      'save-actions': { type: 'string' },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const file = positionals[0];
  const seed = Number(values.seed);
  const turnLimit = values['turn-limit'] ? Number(values['turn-limit']) : undefined;
  if (
    !file ||
    values.seed === undefined ||
    !Number.isInteger(seed) ||
    (turnLimit !== undefined && !(Number.isInteger(turnLimit) && turnLimit > 0)) ||
    (!values.actions && !values.bot)
  ) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const playable = await readPlayable(file, context.rulesets);
  if (!playable) return 1;
  const made = playable.module.game!(playable.scenario);
  if (!made.ok) {
    process.stderr.write(`${file}: ${made.reason}\n`);
    return 1;
  }
  const game = made.game;
  const options = { seed, ...(turnLimit ? { turnLimit } : {}) };
  let actions: unknown[];
  // How a bot game stopped when it did not end: stalled, stuck or cut at the cap.
  let unfinished: { by: string; side?: string; reason: string } | undefined;
  if (values.bot) {
    const played = simulate(game, {
      ...options,
      timeBudget: { ms: GAME_TIME_BUDGET_MS, now: () => performance.now() },
    });
    actions = [...played.actions];
    if (played.stoppedBy !== 'over')
      unfinished = {
        by: played.stoppedBy,
        ...(played.stalledSide !== undefined ? { side: played.stalledSide } : {}),
        reason: played.reason ?? `stopped after ${played.sideTurns} side turns`,
      };
    if (values['save-actions']) {
      await writeFile(values['save-actions'], `${JSON.stringify({ seed, actions }, null, 1)}\n`);
    }
  } else {
    const read = await readActions(values.actions!);
    if (typeof read === 'string') {
      process.stderr.write(`${values.actions}: ${read}\n`);
      return 2;
    }
    actions = read;
  }
  // Every entry is checked against the ruleset's action schema before the reducer sees it; the
  // first malformed one stops the game there, keeping everything before it.
  const result = replayChecked(game, game.newGame(options), actions);
  const status = game.status(result.state);
  const outcome = game.result(result.state);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          seed,
          actions: actions.length,
          events: result.events,
          refused: result.refused,
          ...(result.stoppedAt ? { stoppedAt: result.stoppedAt } : {}),
          turn: status.turn,
          phase: status.phase,
          result: outcome ?? null,
          finished: unfinished === undefined,
          ...(unfinished ? { unfinished } : {}),
          hash: result.hash,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    for (const { action, event } of result.events) {
      const { type, ...rest } = event as { type?: string };
      process.stdout.write(`#${action} ${type ?? 'event'} ${JSON.stringify(rest)}\n`);
    }
    for (const r of result.refused) process.stdout.write(`#${r.action} REFUSED ${r.reason}\n`);
    if (result.stoppedAt)
      process.stdout.write(
        `#${result.stoppedAt.action} REFUSED ${result.stoppedAt.reason}; ${stopsHere(result.stoppedAt.action)}\n`,
      );
    process.stdout.write(
      `turn ${status.turn}, ${status.phase}${outcome ? `, ${outcome.text}` : ''}\nstate hash ${result.hash}\n`,
    );
  }
  if (unfinished)
    process.stderr.write(
      `${file}: the game did not finish (${unfinished.by}${unfinished.side ? `, ${unfinished.side}` : ''}): ${unfinished.reason}\n`,
    );
  return result.refused.length > 0 || result.stoppedAt || unfinished ? 1 : 0;
}
