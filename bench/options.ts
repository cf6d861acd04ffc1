/**
 * A benchmark script's command-line options, given as `--name value` pairs. A number that is not
 * one, or a count below its least value, stops the script with a line naming the option, what it
 * got and what it takes (exit code 2), before any work starts.
 */
export interface BenchOptions {
  /** The value after `--name`, or undefined when the option is absent. */
  text(name: string): string | undefined;
  /** A whole number from `min` (1 unless given), `otherwise` when absent. */
  whole(name: string, otherwise: number, min?: number): number;
  /** Any finite number, `otherwise` when absent. */
  number(name: string, otherwise: number): number;
}

export function benchOptions(args: readonly string[] = process.argv.slice(2)): BenchOptions {
  const text = (name: string): string | undefined => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };
  const refuse = (name: string, takes: string): never => {
    console.error(`--${name} must be ${takes}, not "${text(name) ?? ''}"`);
    process.exit(2);
  };
  return {
    text,
    whole(name, otherwise, min = 1) {
      const raw = text(name);
      const v = raw === undefined ? otherwise : Number(raw);
      return Number.isInteger(v) && v >= min ? v : refuse(name, `a whole number from ${min}`);
    },
    number(name, otherwise) {
      const raw = text(name);
      const v = raw === undefined ? otherwise : Number(raw);
      return Number.isFinite(v) ? v : refuse(name, 'a number');
    },
  };
}
