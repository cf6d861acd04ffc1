import type { ScenarioDoc } from '../../format';
import { featureLabelById } from '../../terrain/featureLabel';
import { tablePoint, type TablePoint } from '../../geometry/units';
import type { Explanation, OddsQuestion, RulesetExplain, SightEnd } from '../types';
import {
  createContext,
  newGame,
  planShot,
  positionOf,
  shotOdds,
  sightBetween,
  weaponsOf,
  type ShotOdds,
  type ShotPlan,
  type TankplankContext,
  type TankplankState,
} from './rules';

/** One weapon's answer: its plan and odds, or why it cannot fire. */
interface WeaponOdds {
  readonly weapon: string;
  readonly refused?: { readonly reason: string; readonly ruleId?: string };
  readonly plan?: Omit<ShotPlan, 'weapon' | 'sight'> & { readonly sight: unknown };
  readonly odds?: ShotOdds;
}

const pct = (p: number) => `${(p * 100).toFixed(1)}%`;
const faces = (needed: number) =>
  needed > 6 ? 'impossible' : needed <= 1 ? 'automatic' : `${needed}+`;
const round = (n: number) => Math.round(n * 1000) / 1000;
const refusal = (message: string): Explanation => ({
  text: [message],
  json: { error: message },
  exit: 2,
});

type End = { unit?: string; point: TablePoint; height?: number };

function endOf(ctx: TankplankContext, state: TankplankState, end: SightEnd): End | string {
  if ('point' in end) {
    const [x, y] = end.point;
    if (x < 0 || y < 0 || x > ctx.map.width || y > ctx.map.height)
      return `the point ${x},${y} is off the ${ctx.map.width}"×${ctx.map.height}" table`;
    return { point: tablePoint(x, y), ...(end.height !== undefined ? { height: end.height } : {}) };
  }
  if (!ctx.units.has(end.unit)) return `no unit "${end.unit}" in the scenario`;
  const p = positionOf(state, end.unit);
  if (!p) return `unit "${end.unit}" has no position in the scenario (it starts off the table)`;
  return { unit: end.unit, point: p };
}

function sight(scenario: ScenarioDoc, fromEnd: SightEnd, toEnd: SightEnd): Explanation {
  const ctx = createContext(scenario);
  const state = newGame(ctx, { seed: 0 });
  const from = endOf(ctx, state, fromEnd);
  if (typeof from === 'string') return refusal(from);
  const to = endOf(ctx, state, toEnd);
  if (typeof to === 'string') return refusal(to);
  const r = sightBetween(ctx, state, from, to);
  const text = [
    `${r.visible ? 'visible' : 'blocked'} at ${round(r.distance)}" (eye ${round(r.fromHeight)}", target top ${round(r.toHeight)}")`,
    r.blockedBy
      ? `blocked by ${featureLabelById(r.blockedBy.id, ctx.map.features)} at ${round(r.blockedBy.from)}" [${r.blockedBy.ruleId}]`
      : `cover: ${r.cover}${r.coverFrom ? ` from ${featureLabelById(r.coverFrom.id, ctx.map.features)}` : ''}`,
    `rule: ${r.ruleId}`,
  ];
  if (r.crossed.length > 0) text.push('features crossed:');
  for (const c of r.crossed) {
    text.push(
      `  ${round(c.from)}"-${round(c.to)}"  ${featureLabelById(c.id, ctx.map.features)}: ${c.effect} (line ${round(c.lineHeight)}", top ${round(c.top)}", ${c.coverClass} cover) [${c.ruleId}]`,
    );
  }
  return {
    text,
    json: {
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
    exit: r.visible ? 0 : 1,
  };
}

function odds(scenario: ScenarioDoc, q: OddsQuestion): Explanation {
  if (q.ammo !== undefined && q.ammo !== 'AP' && q.ammo !== 'HE')
    return refusal(`ammunition "${q.ammo}" is not one of Tankplank's: AP or HE`);
  const ctx = createContext(scenario);
  const shooter = ctx.units.get(q.shooter);
  if (!shooter) return refusal(`no unit "${q.shooter}" in the scenario`);
  if (!ctx.units.has(q.target)) return refusal(`no unit "${q.target}" in the scenario`);
  const state: TankplankState = { ...newGame(ctx, { seed: 0 }), phase: 'firing' };
  const weapons = q.weapon ? [q.weapon] : weaponsOf(ctx, shooter).map((m) => m.weapon.id);
  const answers: WeaponOdds[] = weapons.map((weapon) => {
    const plan = planShot(ctx, state, {
      unit: q.shooter,
      weapon,
      target: q.target,
      ...(q.ammo ? { ammo: q.ammo as 'AP' | 'HE' } : {}),
      ...(q.indirect ? { indirect: true } : {}),
    });
    if ('refused' in plan)
      return {
        weapon,
        refused: { reason: plan.reason, ...(plan.ruleId ? { ruleId: plan.ruleId } : {}) },
      };
    const { weapon: _w, sight: s, ...rest } = plan;
    return {
      weapon,
      plan: {
        ...rest,
        sight: s
          ? {
              visible: s.visible,
              cover: s.cover,
              coverFrom: s.coverFrom?.id ?? null,
              ruleId: s.ruleId,
            }
          : null,
      },
      odds: shotOdds(ctx, plan),
    };
  });
  const text: string[] = [];
  for (const a of answers) {
    text.push(a.weapon);
    if (a.refused) {
      text.push(
        `  cannot fire: ${a.refused.reason}${a.refused.ruleId ? ` [${a.refused.ruleId}]` : ''}`,
      );
      continue;
    }
    const p = a.plan!;
    const o = a.odds!;
    text.push(
      `  ${p.mode} fire at ${p.range.toFixed(2)}", band ${p.band}${p.ammoKind ? `, ${p.ammoKind}` : ''} [${p.ruleId}]`,
    );
    if (p.toHit) {
      text.push(`  to hit: base ${p.toHit.base}+ [${p.toHit.ruleId}]`);
      for (const m of p.toHit.modifiers)
        text.push(`    ${m.value > 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]`);
      text.push(`    needs a natural ${faces(p.toHit.needed)}: ${pct(o.pHit)}`);
    }
    if (p.penetration) {
      const x = p.penetration;
      text.push(
        `  penetration: d6 + impact ${x.impact} + range ${x.rangeModifier} vs ${x.face} armour ${x.armour} [${x.ruleId}]: needs ${faces(x.needed)}: ${pct(o.pPenetrate ?? 0)}`,
      );
    }
    for (const s of p.template?.saves ?? []) {
      const mods = s.modifiers
        .map((m) => `${m.value > 0 ? '+' : ''}${m.value} ${m.label} [${m.ruleId}]`)
        .join(', ');
      text.push(
        `  ${s.unit} caught: saves on ${faces(s.needed)}${mods ? ` (${mods})` : ''} [${s.ruleId}]`,
      );
    }
    for (const v of p.template?.vehicles ?? [])
      text.push(
        `  ${v.target} caught: d6 + ${v.impact} vs ${v.face} ${v.armour}: needs ${faces(v.needed)} [${v.ruleId}]`,
      );
    for (const g of p.grenade?.modifiers ?? [])
      text.push(`  throw ${g.value > 0 ? '+' : ''}${g.value} ${g.label} [${g.ruleId}]`);
    if (p.matrix) {
      // Indirect fire: a d6 picks one of five matrix circles, a 1 is a dud (TP-12.2).
      text.push(`  aiming matrix: 1 dud, 2-6 one circle each [TP-12.2]`);
      for (const x of o.perUnit) text.push(`    ${x.unit} becomes a casualty: ${pct(x.p)}`);
    }
    text.push(`  chance the target is put out of action: ${pct(o.pKill)}`);
  }
  return {
    text,
    json: { shooter: q.shooter, target: q.target, weapons: answers },
    exit: answers.some((a) => !a.refused) ? 0 : 1,
  };
}

/** What `sandtable los` and `sandtable odds` print for a Tankplank scenario. */
export const tankplankExplain: RulesetExplain = { sight, odds };
