/**
 * The to-hit and penetration tables: range bands, cover modifiers, the roll needed, and a vehicle's
 * armour face against a shot's impact (TP-7, TP-9.2 to TP-9.4).
 */
import type { CoverClass, WeaponType } from '../../../format';
import type { TablePoint } from '../../../geometry/units';
import type { Modifier } from './actions';
import { type ArmourFace, armourFaceHit } from './armourFacing';
import { num, tableRows, text } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import { info, positionOf } from './situation';
import type { TankplankState } from './state';
import type { PenetrationStep } from './shotPlan';

export const isVehicleInfo = (i: UnitInfo) => i.kind === 'vehicle';

export const bandOf = (w: WeaponType, range: number, upperInclusive: boolean) =>
  (w.ranges ?? []).find((b) => (upperInclusive ? range <= b.max + 1e-9 : range < b.max - 1e-9));

export function coverModifier(
  ctx: TankplankContext,
  table: string,
  cover: CoverClass,
  prefix: string,
): Modifier[] {
  if (cover === 'none') return [];
  const row = tableRows(ctx.catalog, table).find(
    (r) => text(r, prefix ? 'condition' : 'cover') === `${prefix}${cover}`,
  );
  if (!row) return [];
  return [
    { label: `target in ${cover} cover`, value: num(row, 'mod'), ruleId: text(row, 'ruleId') },
  ];
}

export function neededFor(ctx: TankplankContext, base: number, mods: readonly Modifier[]): number {
  const needed = base - mods.reduce((s, m) => s + m.value, 0);
  return ctx.options.bool('TP-A52') ? Math.min(needed, 6) : needed;
}

/** A penetration test of a vehicle by a shot from `from`. */
export function penetrationStep(
  ctx: TankplankContext,
  state: TankplankState,
  target: string,
  from: TablePoint,
  impact: number,
  rangeModifier: number,
  faceOverride?: ArmourFace,
): PenetrationStep {
  const t = state.units.get(target)!;
  const tInfo = info(ctx, state, target);
  const at = positionOf(state, target)!;
  const face =
    faceOverride ?? armourFaceHit(ctx.catalog, at, t.facing, from, ctx.options.bool('TP-A33'));
  const armour = tInfo.type.armour?.[face] ?? 0;
  return {
    target,
    face,
    armour,
    impact,
    rangeModifier,
    needed: armour - impact - rangeModifier,
    ruleId: 'TP-9.4',
  };
}

export function strongestFace(tInfo: UnitInfo): ArmourFace {
  const a = tInfo.type.armour ?? {};
  const faces: ArmourFace[] = ['front', 'side', 'rear'];
  return faces.reduce((best, f) => ((a[f] ?? 0) > (a[best] ?? 0) ? f : best), 'front');
}
