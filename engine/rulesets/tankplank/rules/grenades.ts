/**
 * Hand grenades: who may throw and how far, the throw modifiers, and where each face of the die
 * lands the grenade with what its burst catches (TP-13, TP-19.7).
 */
import type { Template } from '../../../geometry/templates';
import { bearing, project } from '../../../geometry/vector';
import type { TablePoint } from '../../../geometry/units';
import type { Modifier } from './actions';
import { num, stat, tableRows, text } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import { info, obstructions, positionOf } from './situation';
import type { TankplankState } from './state';
import { blastEffects } from './blasts';
import { penetrationStep } from './hitAndPenetration';
import {
  type GrenadeOutcome,
  type PlanBase,
  type Refusal,
  refuse,
  type ShotPlan,
} from './shotPlan';

export function planGrenade(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
): ShotPlan | Refusal {
  const w = base.weapon;
  const min = ctx.options.num('TP-A11');
  const max = (w.ranges ?? [])[0]?.max ?? 4;
  if (base.range < min - 1e-9 || base.range > max + 1e-9)
    return refuse(`a grenade is thrown ${min}" to ${max}"`, 'TP-13.1');
  const from = positionOf(state, base.shooter)!;
  const inside = ctx.terrain
    .featuresAt(from)
    .find(
      (e) => e.feature.kind === 'bushes' || e.feature.kind === 'tree' || e.feature.kind === 'hedge',
    );
  if (inside) return refuse(`a man in ${inside.feature.kind} may not throw a grenade`, 'TP-13.6');
  const mods: Modifier[] = [];
  const rows = tableRows(ctx.catalog, 'grenadeModifiers');
  const add = (condition: string, label: string) => {
    const r = rows.find((x) => x['condition'] === condition);
    if (r) mods.push({ label, value: num(r, 'mod'), ruleId: text(r, 'ruleId') });
  };
  const vsVehicle = !!tInfo && tInfo.kind === 'vehicle';
  if (vsVehicle && tInfo.type.keywords?.includes('lightFast'))
    add('lightFastVehicle', 'target is a light fast vehicle');
  else if (vsVehicle && tInfo.type.keywords?.includes('large'))
    add('largeVehicle', 'target is a large vehicle');
  if (
    tInfo &&
    tInfo.kind === 'figure' &&
    ctx.terrain.featuresAt(base.at).some((e) => e.feature.kind === 'building')
  ) {
    add('doorOrWindow', 'thrown into a house through a door or window');
  }
  if (base.range > stat(w.stats, 'longThrowBeyond', 3) + 1e-9)
    add('beyond3', `target more than ${stat(w.stats, 'longThrowBeyond', 3)}" away`);
  const plan: ShotPlan = {
    ...base,
    mode: 'grenade',
    band: 'throw',
    grenade: { modifiers: mods, vsVehicle },
    ruleId: 'TP-13.2',
  };
  // Every face of the throw die, so the odds count the burst and the saves, not just the throw.
  const outcomes = [1, 2, 3, 4, 5, 6].map((d) => grenadeOutcome(ctx, state, plan, d));
  return { ...plan, grenade: { modifiers: mods, vsVehicle, outcomes } };
}

/**
 * A grenade throw for one natural d6 (TP-13.2): where it lands, the men its 2" burst catches and
 * the vehicles that roll against it. The reducer resolves a throw with it and the odds enumerate
 * it, so the two cannot disagree.
 */
export function grenadeOutcome(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  natural: number,
): GrenadeOutcome {
  const rows = tableRows(ctx.catalog, 'grenadeThrow');
  const modified = natural + (plan.grenade?.modifiers ?? []).reduce((s, m) => s + m.value, 0);
  // A natural 1 is always a dud; a modified 1 or less otherwise lands short (TP-A11).
  const shortMin = num(
    rows.find((x) => x['result'] === 'short')!,
    'min',
  );
  const row =
    natural === 1
      ? rows.find((r) => r['result'] === 'dud')
      : rows.find(
          (r) =>
            r['result'] !== 'dud' &&
            Math.max(modified, shortMin) >= num(r, 'min') &&
            Math.max(modified, shortMin) <= num(r, 'max'),
        );
  const result = row ? text(row, 'result') : 'dud';
  const from = positionOf(state, plan.shooter)!;
  const landed =
    result === 'dud' ? null : grenadeLanding(from, plan.at, row ? num(row, 'offset') : 0);
  if (!landed) return { roll: natural, result, landed, template: null, saves: [], vehicles: [] };
  const template: Template = {
    shape: 'circle',
    centre: landed,
    diameter: plan.weapon.template?.width ?? 2,
  };
  const side = state.units.get(plan.shooter)!.side;
  const blast = blastEffects(
    ctx,
    state,
    template,
    side,
    obstructions(ctx, state),
    plan.target ?? undefined,
  );
  // Tankettes ignore grenade blasts unless the grenade was thrown at them (TP-19.7).
  const vehicles = blast.vehicles.filter(
    (v) => !info(ctx, state, v.target).type.keywords?.includes('tankette'),
  );
  if (plan.grenade?.vsVehicle && plan.target && result === 'onTarget') {
    vehicles.unshift(
      penetrationStep(ctx, state, plan.target, from, stat(plan.weapon.stats, 'impact', 2), 0),
    );
  }
  return { roll: natural, result, landed, template, saves: blast.saves, vehicles };
}

/** Where a grenade lands for a throw result: on, short of or beyond the target. */
export function grenadeLanding(from: TablePoint, at: TablePoint, offset: number): TablePoint {
  if (offset === 0) return at;
  return project(at, bearing(from, at), offset);
}
