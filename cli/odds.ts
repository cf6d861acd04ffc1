import { parseCommandArgs } from './args';
import { readPlayable } from './scenario';
import type { CliContext } from './context';

export const usage = `sandtable odds <scenario> --shooter <unitId> --target <unitId> [--weapon <id>] [--ammo <kind>] [--indirect] [--json]
  Exact odds of a shot between two units at their scenario positions, by the scenario's ruleset,
  enumerating the die faces: the range, every modifier with its rule id, the numbers needed and
  the chance of each. --ammo picks the ammunition (Tankplank: AP or HE); --indirect fires a
  mortar or artillery by its aiming rules. Without --weapon, every weapon the shooter carries is
  listed.
  Exits 0 when at least one weapon can fire, 1 when none can or the scenario cannot be played,
  2 on bad usage.`;

export async function run(args: string[], context: CliContext): Promise<number> {
  const parsed = parseCommandArgs(
    args,
    {
      shooter: { type: 'string' },
      target: { type: 'string' },
      weapon: { type: 'string' },
      ammo: { type: 'string' },
      indirect: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
    },
    usage,
  );
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const file = positionals[0];
  if (!file || !values.shooter || !values.target) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const playable = await readPlayable(file, context.rulesets);
  if (!playable) return 1;
  const answer = playable.module.explain!.odds(playable.scenario, {
    shooter: values.shooter,
    target: values.target,
    ...(values.weapon ? { weapon: values.weapon } : {}),
    ...(values.ammo ? { ammo: values.ammo } : {}),
    ...(values.indirect ? { indirect: true } : {}),
  });
  if (answer.exit === 2) {
    process.stderr.write(`${answer.text.join('\n')}\n`);
    return 2;
  }
  process.stdout.write(
    values.json ? `${JSON.stringify(answer.json, null, 2)}\n` : `${answer.text.join('\n')}\n`,
  );
  return answer.exit;
}
