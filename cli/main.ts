import { APP_VERSION } from '../engine/format/index';
import { bundledCliContext, type CliContext } from './context';

/**
 * A subcommand: its module exports `run(args, context)` returning the exit code, and a usage
 * line.
 */
interface Command {
  readonly summary: string;
  readonly load: () => Promise<{ run: (args: string[], context: CliContext) => Promise<number> }>;
}

/**
 * The subcommands. Each loads its module only when used, so `sandtable validate` does not pay for
 * the rules engine.
 */
const COMMANDS: Record<string, Command> = {
  validate: {
    summary: 'check files against the file format, their layout and their forces',
    load: () => import('./validate'),
  },
  odds: {
    summary: 'exact odds of a shot, with every modifier and its rule id',
    load: () => import('./odds'),
  },
  los: {
    summary: 'line of sight between two units or points, explained',
    load: () => import('./los'),
  },
  serve: {
    summary: 'run a collaboration server for live co-editing (Hocuspocus, SQLite, Redis)',
    load: () => import('./serve'),
  },
  import: {
    summary: 'import a Tiled hex map as a scenario, or BattleScribe catalogues as a TANKS catalog',
    load: () => import('./import'),
  },
  play: {
    summary: 'apply an action log to a scenario; print the events and a state hash',
    load: () => import('./play'),
  },
  simulate: {
    summary: 'the balance lab: play a scenario bot against bot many times, report who wins',
    load: () => import('./simulate'),
  },
  lab: {
    summary: 'the same as simulate',
    load: () => import('./simulate'),
  },
  balance: {
    summary: 'the balance advisor: what to change (units, turn limit, zones...) to make it fair',
    load: () => import('./balance'),
  },
  ladder: {
    summary: 'the bot strength ladder: every pair of bots both ways round, Elo with intervals',
    load: () => import('./ladder'),
  },
  worker: {
    summary: 'play balance-lab games from a Redis queue for "simulate --queue"',
    load: () => import('./worker'),
  },
};

function help(): string {
  const width = Math.max(...Object.keys(COMMANDS).map((n) => n.length));
  const lines = Object.entries(COMMANDS).map(
    ([name, c]) => `  ${name.padEnd(width)}  ${c.summary}`,
  );
  return `sandtable ${APP_VERSION}: design and playtest tank wargame scenarios

usage: sandtable <command> [options]

commands:
${lines.join('\n')}

Run "sandtable <command> --help" for a command's options.
`;
}

/**
 * Runs a command. `context` says which rulesets it plays with (and the lab thread that serves
 * them): the bundled ones unless a test or an add-on hands its own.
 */
export async function main(argv: string[], context?: CliContext): Promise<number> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(help());
    return name === undefined ? 2 : 0;
  }
  if (name === '--version') {
    process.stdout.write(`${APP_VERSION}\n`);
    return 0;
  }
  const command = COMMANDS[name];
  if (!command) {
    process.stderr.write(`unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  const mod = await command.load();
  if (rest.includes('--help') || rest.includes('-h')) {
    const usage = (mod as { usage?: string }).usage;
    process.stdout.write(`${usage ?? `sandtable ${name}`}\n`);
    return 0;
  }
  return mod.run(rest, context ?? (await bundledCliContext()));
}
