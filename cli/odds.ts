import { parseCommandArgs } from './args';
import {
  createContext,
  newGame,
  planShot,
  shotOdds,
  weaponsOf,
  type ShotPlan,
  type ShotOdds,
} from '../engine/rulesets/tankplank/rules/index';
import { readScenario } from './play';

export const usage = `sandtable odds <scenario> --shooter <unitId> --target <unitId> [--weapon <id>] [--ammo AP|HE] [--indirect] [--json]
  Exact odds of a shot between two units at their scenario positions, by enumerating the die
  faces: the range band, every modifier with its rule id, the number needed to hit, penetrate or
  save, and the chance of each. --indirect fires artillery by the aiming matrix (TP-18.7a; the
  scenario must turn BASIC.OPT.ART on). Without --weapon, every weapon the shooter carries is listed.
  Exits 0 when at least one weapon can fire, 1 when none can, 2 on bad usage.`;

/** One weapon's answer: its plan and odds, or why it cannot fire. */
export interface WeaponOdds {
  readonly weapon: string;
  readonly refused?: { readonly reason: string; readonly ruleId?: string };
  readonly plan?: Omit<ShotPlan, 'weapon' | 'sight'> & { readonly sight: unknown };
  readonly odds?: ShotOdds;
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const faces = (needed: number) =>
  needed > 6 ? 'impossible' : needed <= 1 ? 'automatic' : `${needed}+`;

export async function run(args: string[]): Promise<number> {
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
  if (
    !file ||
    !values.shooter ||
    !values.target ||
    (values.ammo && values.ammo !== 'AP' && values.ammo !== 'HE')
  ) {
    process.stderr.write(`${usage}\n`);
    return 2;
  }
  const scenario = await readScenario(file);
  if (!scenario) return 1;
  const ctx = createContext(scenario);
  const shooter = ctx.units.get(values.shooter);
  if (!shooter || !ctx.units.has(values.target)) {
    process.stderr.write(`no unit "${shooter ? values.target : values.shooter}" in the scenario\n`);
    return 2;
  }
  const state = { ...newGame(ctx, { seed: 0 }), phase: 'firing' as const };
  const weapons = values.weapon ? [values.weapon] : weaponsOf(ctx, shooter).map((m) => m.weapon.id);
  const answers: WeaponOdds[] = weapons.map((weapon) => {
    const plan = planShot(ctx, state, {
      unit: values.shooter!,
      weapon,
      target: values.target!,
      ...(values.ammo ? { ammo: values.ammo as 'AP' | 'HE' } : {}),
      ...(values.indirect ? { indirect: true } : {}),
    });
    if ('refused' in plan)
      return {
        weapon,
        refused: { reason: plan.reason, ...(plan.ruleId ? { ruleId: plan.ruleId } : {}) },
      };
    const { weapon: _w, sight, ...rest } = plan;
    return {
      weapon,
      plan: {
        ...rest,
        sight: sight
          ? {
              visible: sight.visible,
              cover: sight.cover,
              coverFrom: sight.coverFrom?.id ?? null,
              ruleId: sight.ruleId,
            }
          : null,
      },
      odds: shotOdds(ctx, plan),
    };
  });
  if (values.json) {
    process.stdout.write(
      `${JSON.stringify({ shooter: values.shooter, target: values.target, weapons: answers }, null, 2)}\n`,
    );
  } else {
    for (const a of answers) {
      process.stdout.write(`${a.weapon}\n`);
      if (a.refused) {
        process.stdout.write(
          `  cannot fire: ${a.refused.reason}${a.refused.ruleId ? ` [${a.refused.ruleId}]` : ''}\n`,
        );
        continue;
      }
      const p = a.plan!;
      const o = a.odds!;
      process.stdout.write(
        `  ${p.mode} fire at ${p.range.toFixed(2)}", band ${p.band}${p.ammoKind ? `, ${p.ammoKind}` : ''} [${p.ruleId}]\n`,
      );
      if (p.toHit) {
        process.stdout.write(`  to hit: base ${p.toHit.base}+ [${p.toHit.ruleId}]\n`);
        for (const m of p.toHit.modifiers)
          process.stdout.write(
            `    ${m.value > 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]\n`,
          );
        process.stdout.write(`    needs a natural ${faces(p.toHit.needed)}: ${pct(o.pHit)}\n`);
      }
      if (p.penetration) {
        const q = p.penetration;
        process.stdout.write(
          `  penetration: d6 + impact ${q.impact} + range ${q.rangeModifier} vs ${q.face} armour ${q.armour} [${q.ruleId}]: needs ${faces(q.needed)}: ${pct(o.pPenetrate ?? 0)}\n`,
        );
      }
      for (const s of p.template?.saves ?? []) {
        const mods = s.modifiers
          .map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]`)
          .join(', ');
        process.stdout.write(
          `  ${s.unit} caught: saves on ${faces(s.needed)}${mods ? ` (${mods})` : ''} [${s.ruleId}]\n`,
        );
      }
      for (const v of p.template?.vehicles ?? []) {
        process.stdout.write(
          `  ${v.target} caught: d6 + ${v.impact} vs ${v.face} ${v.armour}: needs ${faces(v.needed)} [${v.ruleId}]\n`,
        );
      }
      for (const g of p.grenade?.modifiers ?? [])
        process.stdout.write(
          `  throw ${g.value > 0 ? '+' : ''}${g.value} ${g.label} [${g.ruleId}]\n`,
        );
      if (p.matrix) {
        // Indirect fire: a d6 picks one of five matrix circles, a 1 is a dud (TP-12.2).
        process.stdout.write(`  aiming matrix: 1 dud, 2-6 one circle each [TP-12.2]\n`);
        for (const x of o.perUnit)
          process.stdout.write(`    ${x.unit} becomes a casualty: ${pct(x.p)}\n`);
      }
      process.stdout.write(`  chance the target is put out of action: ${pct(o.pKill)}\n`);
    }
  }
  return answers.some((a) => !a.refused) ? 0 : 1;
}
