import { parseCommandArgs } from './args';
import { tablePoint } from '../engine/geometry/units';
import {
  createContext,
  newGame,
  positionOf,
  sightBetween,
  type TankplankContext,
} from '../engine/rulesets/tankplank/rules/index';
import { readScenario } from './play';

export const usage = `sandtable los <scenario> --from <unitId|x,y[,height]> --to <unitId|x,y[,height]> [--json]
  Line of sight between two units (at their scenario positions) or table points (inches; the
  height above the ground defaults to a man's). Prints whether the target is visible, the feature
  that blocks the line, every feature crossed, the target's cover and the rule that applies.
  Exits 0 when visible, 1 when blocked, 2 on bad usage.`;

type End = { unit?: string; point: ReturnType<typeof tablePoint>; height?: number };

function parseEnd(
  ctx: TankplankContext,
  state: ReturnType<typeof newGame>,
  spec: string,
): End | string {
  const nums = spec.split(',').map(Number);
  if (nums.length >= 2 && nums.length <= 3 && nums.every(Number.isFinite)) {
    return {
      point: tablePoint(nums[0]!, nums[1]!),
      ...(nums[2] !== undefined ? { height: nums[2] } : {}),
    };
  }
  if (!ctx.units.has(spec)) return `no unit "${spec}" in the scenario`;
  const p = positionOf(state, spec);
  if (!p) return `unit "${spec}" has no position in the scenario (it starts off the table)`;
  return { unit: spec, point: p };
}

export async function run(args: string[]): Promise<number> {
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
  const scenario = await readScenario(file);
  if (!scenario) return 1;
  const ctx = createContext(scenario);
  const state = newGame(ctx, { seed: 0 });
  const from = parseEnd(ctx, state, values.from);
  const to = parseEnd(ctx, state, values.to);
  for (const e of [from, to]) {
    if (typeof e === 'string') {
      process.stderr.write(`${e}\n`);
      return 2;
    }
  }
  const r = sightBetween(ctx, state, from as End, to as End);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify(
        {
          visible: r.visible,
          distance: round(r.distance),
          fromHeight: round(r.fromHeight),
          toHeight: round(r.toHeight),
          blockedBy: r.blockedBy ?? null,
          cover: r.cover,
          coverFrom: r.coverFrom?.id ?? null,
          ruleId: r.ruleId,
          crossed: r.crossed,
        },
        null,
        2,
      )}\n`,
    );
  } else {
    process.stdout.write(
      `${r.visible ? 'visible' : 'blocked'} at ${round(r.distance)}" (eye ${round(r.fromHeight)}", target top ${round(r.toHeight)}")\n`,
    );
    if (r.blockedBy)
      process.stdout.write(
        `blocked by ${r.blockedBy.kind} ${r.blockedBy.id} at ${round(r.blockedBy.from)}" [${r.blockedBy.ruleId}]\n`,
      );
    else
      process.stdout.write(
        `cover: ${r.cover}${r.coverFrom ? ` from ${r.coverFrom.kind} ${r.coverFrom.id}` : ''}\n`,
      );
    process.stdout.write(`rule: ${r.ruleId}\n`);
    if (r.crossed.length > 0) process.stdout.write('features crossed:\n');
    for (const c of r.crossed) {
      process.stdout.write(
        `  ${round(c.from)}"-${round(c.to)}"  ${c.kind} ${c.id}: ${c.effect} (line ${round(c.lineHeight)}", top ${round(c.top)}", ${c.coverClass} cover) [${c.ruleId}]\n`,
      );
    }
  }
  return r.visible ? 0 : 1;
}
