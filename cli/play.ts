import { readFile, writeFile } from 'node:fs/promises';
import { parseCommandArgs } from './args';
import { formatProblem, loadDocument, type ScenarioDoc } from '../engine/format/index';
import { replay } from '../engine/game/replay';
import { playBotGame } from '../engine/rulesets/tankplank/bot';
import {
  createContext,
  newGame,
  tankplankReducer,
  type TankplankAction,
} from '../engine/rulesets/tankplank/rules/index';

export const usage = `sandtable play <scenario> --seed <n> (--actions <file> | --bot [--save-actions <file>]) [--json] [--turn-limit <n>]
  Plays a Tankplank scenario from an action log (a JSON array of actions, or {"actions": [...]})
  with the dice seeded by --seed, and prints every event and a hash of the final state. The same
  scenario, seed and log always print the same events and hash. A test log written as
  {"allowForcedDice": true, "actions": [...]} may fix dice with {"type": "forceDice"} actions.
  With --bot both sides are played by the bot to the end; --save-actions writes its log, which
  --actions then replays to the same hash.
  Exits 0 when every action was legal, 1 when any was refused, 2 on bad usage.`;

/** Reads and validates a scenario file; prints problems and returns undefined when it fails. */
export async function readScenario(file: string): Promise<ScenarioDoc | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (e) {
    process.stderr.write(`${file}: cannot read (${(e as Error).message})\n`);
    return undefined;
  }
  const r = loadDocument(text, { file, expect: ['sandtable.scenario'] });
  if (!r.ok) {
    for (const p of r.problems) process.stderr.write(`${formatProblem(p)}\n`);
    return undefined;
  }
  if (r.doc.ruleset.id !== 'tankplank' || r.doc.map.kind !== 'table') {
    process.stderr.write(`${file}: only Tankplank scenarios on a table map are playable so far\n`);
    return undefined;
  }
  return r.doc;
}

export async function run(args: string[]): Promise<number> {
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
  if (
    !file ||
    values.seed === undefined ||
    !Number.isInteger(seed) ||
    (!values.actions && !values.bot)
  ) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const scenario = await readScenario(file);
  if (!scenario) return 1;
  let actions: TankplankAction[];
  let allowForcedDice: boolean;
  const limitArg = values['turn-limit'] ? Number(values['turn-limit']) : undefined;
  if (values.bot) {
    const ctx = createContext(scenario);
    const game = playBotGame(
      ctx,
      newGame(ctx, { seed, ...(limitArg ? { turnLimit: limitArg } : {}) }),
    );
    actions = [...game.actions];
    allowForcedDice = false;
    if (values['save-actions']) {
      await writeFile(values['save-actions'], `${JSON.stringify({ seed, actions }, null, 1)}\n`);
    }
  } else {
    try {
      const raw = JSON.parse(await readFile(values.actions!, 'utf8')) as unknown;
      const list = Array.isArray(raw) ? raw : (raw as { actions?: unknown }).actions;
      if (!Array.isArray(list)) throw new Error('expected an array of actions');
      actions = list as TankplankAction[];
      allowForcedDice =
        !Array.isArray(raw) && (raw as { allowForcedDice?: unknown }).allowForcedDice === true;
    } catch (e) {
      process.stderr.write(`${values.actions}: ${(e as Error).message}\n`);
      return 2;
    }
  }
  const ctx = createContext(scenario);
  const limit = limitArg;
  const start = newGame(ctx, { seed, allowForcedDice, ...(limit ? { turnLimit: limit } : {}) });
  const result = replay(tankplankReducer(ctx), start, actions);
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          seed,
          actions: actions.length,
          events: result.events,
          refused: result.refused,
          turn: result.state.turn,
          phase: result.state.phase,
          result: result.state.result ?? null,
          hash: result.hash,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    for (const { action, event } of result.events) {
      const { type, ...rest } = event;
      process.stdout.write(`#${action} ${type} ${JSON.stringify(rest)}\n`);
    }
    for (const r of result.refused) process.stdout.write(`#${r.action} REFUSED ${r.reason}\n`);
    process.stdout.write(
      `turn ${result.state.turn}, ${result.state.phase}${result.state.result ? `, ${result.state.result.winner} (${result.state.result.reason})` : ''}\nstate hash ${result.hash}\n`,
    );
  }
  return result.refused.length > 0 ? 1 : 0;
}
