import type { Point } from '../../../format';
import { templateOutline, type Template } from '../../../geometry/templates';
import { bearing, project } from '../../../geometry/vector';
import type { FirePreview, TemplateView, WeaponChoice } from '../../../playtest/view';
import {
  artilleryStatus,
  info,
  isArtillery,
  isTeamWeapon,
  num,
  onTable,
  planShot,
  positionOf,
  shotOdds,
  tableRows,
  weaponKey,
  weaponsOf,
  type ShotPlan,
  type TankplankAction,
  type TankplankContext,
  type TankplankState,
  type UnitState,
} from '../rules';
import { type TankplankKit } from './kit';
import { capturedGunAction, capturedGunChoices } from './salvage';
import { needText, pt } from './words';

export function weaponChoices(
  kit: TankplankKit,
  state: TankplankState,
  unit: string,
): WeaponChoice[] {
  const { ctx, formationNames, shortLabel } = kit;
  const u = state.units.get(unit);
  if (!u) return [];
  const i = info(ctx, state, unit);
  // An officer or an observer vehicle may call a friendly mortar onto a point (TP-12.4).
  const observer = u.role === 'officer' || (i.type.keywords ?? []).includes('observer');
  const calls: WeaponChoice[] = [];
  if (observer) {
    const seen = new Set<string>();
    for (const c of state.units.list()) {
      if (!onTable(c) || c.side !== u.side || seen.has(c.formation)) continue;
      const ci = info(ctx, state, c.id);
      // Mortars (TP-12.4) and artillery pieces (TP-18.7a) take an observer's call.
      const mortar = weaponsOf(ctx, ci).find(
        (w) => w.weapon.kind === 'mortar' || isArtillery(w.weapon),
      );
      if (!mortar) continue;
      seen.add(c.formation);
      calls.push({
        id: `call:${c.id}`,
        label: `Call ${mortar.weapon.name} fire (${formationNames.get(c.formation) ?? c.formation})`,
        ammo: [],
        atPoint: true,
        maxRange: undefined,
        remaining: 'observer',
      });
    }
  }
  // An artillery piece fires direct, or indirect by the aiming matrix (TP-18.7a, TP-A41).
  const indirect: WeaponChoice[] = weaponsOf(ctx, i)
    .filter((m) => isArtillery(m.weapon))
    .map((m) => ({
      id: `indirect:${m.weapon.id}`,
      label: `${m.weapon.name}, indirect`,
      ammo: [],
      atPoint: true,
      maxRange: Number(m.weapon.stats?.['indirectMaxRange'] ?? 45),
      remaining: artilleryStatus(ctx, state, i, m.weapon, weaponKey(i, m.weapon)),
    }));
  return [
    ...weaponsOf(ctx, i).map((m) => {
      const w = m.weapon;
      if (isArtillery(w))
        return {
          id: w.id,
          label: `${w.name}, direct`,
          ammo: [],
          atPoint: false,
          maxRange: Number(w.stats?.['directRange'] ?? 40),
          remaining: artilleryStatus(ctx, state, i, w, weaponKey(i, w)),
        };
      const kinds = Object.keys(u.ammo).filter((k) => k === 'AP' || k === 'HE');
      const team = isTeamWeapon(w) ? state.teamWeapons[weaponKey(i, w)] : undefined;
      const maxRange = Math.max(0, ...(w.ranges ?? []).map((b) => b.max));
      const remaining = team
        ? `${team.ammo} rounds${w.stats?.['needsSetUp'] === true ? (team.setUp ? ', set up' : ', not set up') : ''}`
        : w.kind === 'cannon' && kinds.length
          ? kinds.map((k) => `${k} ${u.ammo[k]}`).join(', ')
          : 'unlimited';
      return {
        id: w.id,
        label: w.name,
        ammo: w.kind === 'cannon' && kinds.length > 1 ? kinds : [],
        atPoint: w.kind === 'mortar' || w.kind === 'grenade',
        maxRange: maxRange > 0 ? maxRange : undefined,
        remaining,
      };
    }),
    ...indirect,
    ...calls,
    ...capturedGunChoices(ctx, state, unit, (id) => shortLabel(state, id)),
  ];
}

export function firePreview(
  kit: TankplankKit,
  state: TankplankState,
  shooter: string,
  choice: string,
  ammo: string | undefined,
  target: { readonly unit?: string; readonly at?: Point },
): FirePreview {
  const { ctx, reducer, shortLabel, calledDiameter, named, sightView } = kit;
  const sight = sightView(state, shooter, target);
  const indirect = choice.startsWith('indirect:');
  const weapon = indirect ? choice.slice('indirect:'.length) : choice;
  const captured = capturedGunAction(shooter, weapon, target);
  if (captured) {
    // An abandoned enemy AT gun worked by its captors (TP-16.7).
    const r = reducer(state, captured);
    return {
      legal: r.ok,
      ...(!r.ok ? { reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {}),
      sight,
      range: sight?.distance,
      band: 'captured gun',
      steps: [],
      odds: [],
      templates: [],
      action: r.ok ? captured : undefined,
    };
  }
  if (weapon.startsWith('call:')) {
    const at = target.at ?? (target.unit ? state.units.get(target.unit)?.at : undefined);
    const call: TankplankAction | undefined = at
      ? { type: 'callFire', unit: shooter, mortar: weapon.slice(5), at: [at[0], at[1]] }
      : undefined;
    const r = call ? reducer(state, call) : undefined;
    return {
      legal: !!r?.ok,
      ...(r && !r.ok ? { reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) } : {}),
      sight,
      range: sight?.distance,
      band: 'observer call',
      steps: [],
      odds: [],
      templates: at
        ? [
            {
              shape: 'circle',
              centre: [at[0], at[1]],
              diameter: calledDiameter(state, weapon.slice(5)),
              label: 'call',
            },
          ]
        : [],
      action: r?.ok ? call : undefined,
    };
  }
  const action: TankplankAction = {
    type: 'fire',
    unit: shooter,
    weapon,
    ...(target.unit ? { target: target.unit } : {}),
    ...(target.at && !target.unit ? { at: target.at } : {}),
    ...(ammo === 'AP' || ammo === 'HE' ? { ammo } : {}),
    ...(indirect ? { indirect } : {}),
  };
  const base = { sight, steps: [], odds: [], templates: [] };
  if (state.phase !== 'firing')
    return {
      ...base,
      legal: false,
      reason: 'weapons fire only in the Firing phase',
      ruleId: 'TP-4.2',
      range: sight?.distance,
      band: undefined,
      action: undefined,
    };
  const plan = planShot(ctx, state, {
    unit: shooter,
    weapon,
    ...(target.unit ? { target: target.unit } : {}),
    ...(target.at && !target.unit ? { at: target.at } : {}),
    ...(ammo === 'AP' || ammo === 'HE' ? { ammo } : {}),
    ...(indirect ? { indirect } : {}),
  });
  if ('refused' in plan)
    return {
      ...base,
      legal: false,
      reason: named(plan.reason, state),
      ...(plan.ruleId ? { ruleId: plan.ruleId } : {}),
      range: sight?.distance,
      band: undefined,
      action: undefined,
    };
  const steps: FirePreview['steps'][number][] = [];
  if (plan.toHit)
    steps.push({
      label: 'To hit',
      base: `${plan.toHit.base}+ (${plan.band})`,
      modifiers: plan.toHit.modifiers,
      needed: needText(plan.toHit.needed),
      ruleId: plan.toHit.ruleId,
    });
  if (plan.penetration) {
    const p = plan.penetration;
    steps.push({
      label: `Penetrate ${p.face} armour ${p.armour}`,
      base: `d6 + impact ${p.impact}${p.rangeModifier ? ` ${p.rangeModifier > 0 ? '+' : '−'} ${Math.abs(p.rangeModifier)} for range` : ''} ≥ ${p.armour}`,
      modifiers: [],
      needed: needText(p.needed),
      ruleId: p.ruleId,
    });
  }
  if (plan.template) {
    const saves = plan.template.saves;
    const byNeed = new Map<number, number>();
    for (const s of saves) byNeed.set(s.needed, (byNeed.get(s.needed) ?? 0) + 1);
    if (saves.length)
      steps.push({
        label: `Saves for ${saves.length} men caught`,
        base: [...byNeed.entries()].map(([k, v]) => `${v} need ${needText(k)}`).join(', '),
        modifiers: saves[0]!.modifiers,
        needed: needText(saves[0]!.needed),
        ruleId: saves[0]!.ruleId,
      });
    for (const v of plan.template.vehicles)
      steps.push({
        label: `Penetrate ${shortLabel(state, v.target)} ${v.face} armour ${v.armour}`,
        base: `d6 + impact ${v.impact} ≥ ${v.armour}`,
        modifiers: [],
        needed: needText(v.needed),
        ruleId: v.ruleId,
      });
  }
  if (plan.grenade)
    steps.push({
      label: 'Throw',
      base: 'grenade table',
      modifiers: plan.grenade.modifiers,
      needed: 'on target row',
      ruleId: plan.ruleId,
    });
  const o = shotOdds(ctx, plan);
  const odds: { label: string; p: number }[] = [];
  if (plan.toHit) odds.push({ label: 'hit', p: o.pHit });
  if (o.pPenetrate !== undefined) odds.push({ label: 'penetrate (if hit)', p: o.pPenetrate });
  if (plan.target)
    odds.push({ label: `${shortLabel(state, plan.target)} out of action`, p: o.pKill });
  if (plan.template) {
    const expected = o.perUnit.reduce((s, x) => s + x.p, 0);
    odds.push({
      label: `expected casualties (${o.perUnit.length} under the template)`,
      p: expected,
    });
  }
  const templates = templatesOf(ctx, state, plan);
  // Men the round cannot reach (tree canopy, the other roof slope, under an open house's roof).
  const sheltered = new Map<string, string>();
  for (const m of plan.matrix ?? [])
    for (const x of (m as { sheltered?: readonly { unit: string; reason: string }[] }).sheltered ??
      [])
      sheltered.set(x.unit, x.reason);
  if (sheltered.size)
    steps.push({
      label: `Cannot be hit: ${sheltered.size} men`,
      base: [...sheltered].map(([u, why]) => `${shortLabel(state, u)} ${why}`).join('; '),
      modifiers: [],
      needed: '—',
      ruleId: 'TP-12.3',
    });
  if (plan.mode === 'mortar' || plan.mode === 'rifleGrenadeArea') {
    // The round lands by the aiming matrix (a natural 1 is a dud): the chance a circle covers
    // the aimed point, before the saves of the men under it.
    const over = templates.filter(
      (t) =>
        t.shape === 'circle' &&
        Math.hypot(t.centre[0] - plan.at.x, t.centre[1] - plan.at.y) <= t.diameter / 2,
    ).length;
    odds.splice(0, odds.length, {
      label: 'round lands over the aimed point (before saves)',
      p: over / 6,
    });
    // Indirect artillery plans every landing, so the casualty odds are exact (TP-18.7a).
    if (plan.matrix) {
      if (plan.target)
        odds.push({ label: `${shortLabel(state, plan.target)} out of action`, p: o.pKill });
      odds.push({
        label: `expected casualties (${o.perUnit.length} within reach of the matrix)`,
        p: o.perUnit.reduce((s, x) => s + x.p, 0),
      });
    }
  }
  return {
    legal: true,
    sight: sight ?? undefined,
    range: plan.range,
    band: plan.band,
    steps,
    odds,
    templates,
    action,
  };
}

/** The templates of a planned shot, to scale: cones, blast circles, HE sectors, the mortar matrix. */
export function templatesOf(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
): TemplateView[] {
  const out: TemplateView[] = [];
  const view = (t: Template, label?: string): TemplateView => {
    const withLabel = label ? { label } : {};
    switch (t.shape) {
      case 'circle':
        return { shape: 'circle', centre: pt(t.centre), diameter: t.diameter, ...withLabel };
      case 'cone':
      case 'strip':
        return { shape: 'polygon', points: templateOutline(t)!.map(pt), ...withLabel };
      case 'sector':
        return {
          shape: 'sector',
          apex: pt(t.apex),
          axisDeg: t.axisDeg,
          radius: t.radius,
          angleDeg: t.angleDeg,
          ...withLabel,
        };
    }
  };
  if (plan.template) out.push(view(plan.template.template, plan.mode));
  if (plan.mode === 'mortar' || plan.mode === 'call' || plan.mode === 'rifleGrenadeArea') {
    const from = positionOf(state, plan.shooter);
    const diameter = plan.weapon.template?.width ?? 2;
    if (from) {
      const towardFirer = bearing(plan.at, from);
      for (const row of tableRows(ctx.catalog, 'aimingMatrix')) {
        const roll = num(row, 'roll');
        const c = project(
          project(plan.at, towardFirer, -num(row, 'dx') * diameter),
          towardFirer + 90,
          num(row, 'dy') * diameter,
        );
        out.push({ shape: 'circle', centre: pt(c), diameter, label: String(roll) });
      }
    }
  }
  if (plan.mode === 'grenade') {
    const d = plan.weapon.template?.width ?? 2;
    out.push({ shape: 'circle', centre: pt(plan.at), diameter: d, label: 'grenade' });
  }
  return out;
}

export type { UnitState };
