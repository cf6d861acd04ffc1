import { parseArgs, type ParseArgsConfig } from 'node:util';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * Parses a subcommand's arguments (one positional file plus options); on bad options prints the
 * reason and the usage to stderr and returns undefined, for the caller to exit with code 2.
 */
export function parseCommandArgs<O extends Options>(args: string[], options: O, usage: string) {
  try {
    return parseArgs<{ args: string[]; allowPositionals: true; options: O }>({
      args,
      allowPositionals: true,
      options,
    });
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n\n${usage}\n`);
    return undefined;
  }
}
