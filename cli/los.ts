import { parseCommandArgs } from './args';
import type { SightEnd } from '../engine/rulesets/types';
import { readPlayable } from './scenario';
import type { CliContext } from './context';

export const usage = `sandtable los <scenario> --from <unitId|x,y[,height]> --to <unitId|x,y[,height]> [--json]
  Line of sight between two units (at their scenario positions) or board points (inches on a
  table, the height above the ground defaulting to a man's; column,row on a hex map), by the
  scenario's ruleset. Prints
  whether the target is visible, what blocks the line, everything crossed, the target's cover and
  the rule that applies.
  Exits 0 when visible, 1 when blocked or the scenario cannot be played, 2 on bad usage.`;

/** The farthest a point may be from the table's corner: the bound the file format sets. */
const MAX_INCHES = 10_000;

/** A unit id, or a point "x,y" or "x,y,height" with finite numbers within the format's bounds. */
function parseEnd(spec: string): SightEnd | string {
  if (/^[-+\d.,eE\s]+$/.test(spec) && spec.includes(',')) {
    const nums = spec.split(',').map(Number);
    if (nums.length < 2 || nums.length > 3 || !nums.every(Number.isFinite))
      return `"${spec}" is not a point: give x,y or x,y,height in inches`;
    if (nums.some((n) => Math.abs(n) > MAX_INCHES))
      return `"${spec}" is too far out: points are within ${MAX_INCHES} inches of the table's corner`;
    return {
      point: [nums[0]!, nums[1]!],
      ...(nums[2] !== undefined ? { height: nums[2] } : {}),
    };
  }
  return { unit: spec };
}

export async function run(args: string[], context: CliContext): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      from: { type: 'string' },
      to: { type: 'string' },
      json: { type: 'boolean', default: false },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const file = positionals[0];
  if (!file || !values.from || !values.to) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const from = parseEnd(values.from);
  const to = parseEnd(values.to);
  for (const e of [from, to]) {
    if (typeof e === 'string') {
      process.stderr.write(`${e}\n`);
      return 2;
    }
  }
  const playable = await readPlayable(file, context.rulesets);
  if (!playable) return 1;
  const answer = playable.module.explain!.sight(
    playable.scenario,
    from as SightEnd,
    to as SightEnd,
  );
  if (answer.exit === 2) {
    process.stderr.write(`${answer.text.join('\n')}\n`);
    return 2;
  }
  process.stdout.write(
    values.json ? `${JSON.stringify(answer.json, null, 2)}\n` : `${answer.text.join('\n')}\n`,
  );
  return answer.exit;
}
