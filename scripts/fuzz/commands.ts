/**
 * What each `sandtable` command does with a scenario file, without a process per command: the
 * fuzz campaign runs every mutated scenario through these after the engine harness
 * (engine/fuzz/harness.ts). `validate` reports; `los`, `odds`, `play --bot` and `simulate` admit
 * the file as validate does (engine/lab/checkedDocument.ts) and refuse what it rejects with
 * located lines, or answer. A command that throws, refuses without saying where, or takes longer
 * than its bound is a failure.
 */
import { admitScenario, checkDocumentBytes } from '../../engine/lab/checkedDocument';
import type { ScenarioDoc } from '../../engine/format/index';
import { replayChecked } from '../../engine/game/replay';
import { simulate } from '../../engine/game/simulate';
import { playLabGame } from '../../engine/lab/labGame';
import { labGameOf } from '../../engine/lab/worker';
import { BUNDLED_RULESETS, rulesetModule } from '../../engine/rulesets/registry';

export type Command = 'validate' | 'admit' | 'los' | 'odds' | 'play' | 'simulate';

/** Bounds per command, in ms: generous (a shared machine), far below a hang. */
export const COMMAND_BOUNDS: Readonly<Record<Command, number>> = {
  validate: 15_000,
  admit: 15_000,
  los: 5_000,
  odds: 5_000,
  play: 20_000,
  simulate: 20_000,
};

export interface CommandsReport {
  /** The scenario's ruleset id, when the file names one. */
  readonly ruleset?: string;
  /** Refused by every command (located), or admitted and answered by each. */
  readonly outcome?: 'refused' | 'answered' | 'not a scenario';
  readonly failure?: {
    readonly kind: 'crash' | 'slow' | 'unlocated';
    readonly command: Command;
    readonly detail: string;
  };
  readonly ms: Partial<Record<Command, number>>;
}

class Failed extends Error {
  constructor(readonly failure: NonNullable<CommandsReport['failure']>) {
    super(failure.detail);
  }
}

export interface CommandsOptions {
  readonly now: () => number;
  /** Side turns `play --bot` goes to (the fuzz keeps games short). */
  readonly sideTurns?: number;
}

/** Runs a scenario file's bytes through every command's path, as fuzz.json. */
export function runCommands(bytes: Uint8Array, options: CommandsOptions): CommandsReport {
  const ms: Partial<Record<Command, number>> = {};
  const run = <T>(command: Command, fn: () => T): T => {
    const t = options.now();
    let value: T;
    try {
      value = fn();
    } catch (err) {
      if (err instanceof Failed) throw err;
      const e = err as Error;
      throw new Failed({
        kind: 'crash',
        command,
        detail: String(e?.stack ?? e).slice(0, 500),
      });
    }
    const took = options.now() - t;
    ms[command] = took;
    if (took > COMMAND_BOUNDS[command])
      throw new Failed({
        kind: 'slow',
        command,
        detail: `${Math.round(took)} ms, over ${COMMAND_BOUNDS[command]}`,
      });
    return value;
  };
  let ruleset: string | undefined;
  try {
    const checked = run('validate', () =>
      checkDocumentBytes(bytes, { file: 'fuzz.json', rulesets: BUNDLED_RULESETS }),
    );
    if (checked.doc && checked.doc.format !== 'sandtable.scenario')
      return { ms, outcome: 'not a scenario' };
    ruleset = (checked.doc as ScenarioDoc | undefined)?.ruleset.id;
    const admitted = run('admit', () => admitScenario(bytes, 'fuzz.json', BUNDLED_RULESETS));
    if (!admitted.ok) {
      // What los, odds, play and simulate print: every line says where.
      const unlocated = admitted.lines.find((l) => !l.includes('fuzz.json'));
      if (unlocated !== undefined || admitted.lines.length === 0)
        throw new Failed({
          kind: 'unlocated',
          command: 'admit',
          detail: unlocated ?? 'refused without a line',
        });
      return { ...(ruleset ? { ruleset } : {}), ms, outcome: 'refused' };
    }
    const scenario = admitted.scenario;
    const module = rulesetModule(scenario.ruleset.id);
    const units = scenario.forces.sides.map((s) => s.formations.flatMap((f) => f.units));
    const mine = units[0]?.[0]?.id;
    const theirs = units[1]?.[0]?.id;
    if (module?.explain && mine && theirs) {
      const explain = module.explain;
      run('los', () => {
        explain.sight(scenario, { unit: mine }, { unit: theirs });
        explain.sight(scenario, { point: [1, 1] }, { point: [3, 2], height: 1 });
      });
      run('odds', () => explain.odds(scenario, { shooter: mine, target: theirs }));
    }
    const made = labGameOf(scenario, BUNDLED_RULESETS);
    if ('game' in made) {
      const game = made.game;
      run('play', () => {
        const played = simulate(game, {
          seed: 1,
          maxSideTurns: options.sideTurns ?? 4,
          timeBudget: { ms: COMMAND_BOUNDS.play, now: options.now },
        });
        replayChecked(game, game.newGame({ seed: 1 }), played.actions);
      });
      run('simulate', () =>
        playLabGame(game, 1, { games: 1, firstSeed: 1, styles: {}, turnLimit: 1 }, options.now),
      );
    }
    return { ...(ruleset ? { ruleset } : {}), ms, outcome: 'answered' };
  } catch (err) {
    if (err instanceof Failed) return { ...(ruleset ? { ruleset } : {}), ms, failure: err.failure };
    throw err;
  }
}
