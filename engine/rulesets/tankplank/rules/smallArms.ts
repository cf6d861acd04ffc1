/**
 * Small arms and machine guns: aimed fire at a man or a vehicle, an exposed commander, and the MG
 * cone (TP-7, TP-8).
 */
import { type Template, templateTest } from '../../../geometry/templates';
import { bearing } from '../../../geometry/vector';
import { tablePoint } from '../../../geometry/units';
import type { Modifier } from './actions';
import { constant, flag, num, stat, tableRows } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import { info, obstructions, onTable, positionOf, sightIfSeen } from './situation';
import type { TankplankState, UnitState } from './state';
import { coverModifier, isVehicleInfo, neededFor, penetrationStep } from './hitAndPenetration';
import { saveFor } from './saves';
import {
  type PenetrationStep,
  type PlanBase,
  type Refusal,
  refuse,
  type SaveStep,
  type ShotPlan,
} from './shotPlan';

export function planSmallArmsOrCone(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
  target: UnitState | undefined,
  obs: ReturnType<typeof obstructions>,
): ShotPlan | Refusal {
  const w = base.weapon;
  const upper = ctx.options.bool('TP-A4');
  const ranges = [...(w.ranges ?? [])];
  if (w.id === 'tp.rifle' && ctx.options.bool('TP-A5')) {
    ranges.push({
      band: 'veryLong',
      max: stat(w.stats, 'veryLongMax', 16),
      toHit: stat(w.stats, 'veryLongToHit', 6),
    });
  }
  const band = ranges.find((b) => (upper ? base.range <= b.max + 1e-9 : base.range < b.max - 1e-9));
  if (!band)
    return refuse(
      `${base.range.toFixed(2)}" is beyond ${w.name}'s range of ${ranges[ranges.length - 1]?.max ?? 0}"`,
      String(w.stats?.['ruleId'] ?? 'TP-6'),
    );
  if (band.band === 'cone') {
    return planCone(ctx, state, base, sInfo, band.max, obs);
  }
  if (!tInfo || !target) return refuse('aimed fire needs a target unit', 'TP-7.2');
  let toHitBase = band.toHit ?? 6;
  if (w.id === 'tp.smg' && band.band === 'single') toHitBase = ctx.options.num('TP-A6');
  const cover = base.sight?.cover ?? 'none';
  if (cover === 'fortification' && !(state.fired[target.id]?.length ?? 0)) {
    return refuse('a man in a bunker who is not firing cannot be targeted', 'TP-A45');
  }
  // A commander up on the turret-top MG this phase is a target himself, in heavy cover (TP-8.8c).
  // Also once he has taken the AA MG in the Movement phase (TP-5.11).
  const exposed =
    isVehicleInfo(tInfo) &&
    ((state.fired[target.id] ?? []).some(
      (k) =>
        ctx.catalog.weapons.get(k.split(':').pop() ?? '')?.stats?.['commanderExposed'] === true,
    ) ||
      target.aaMgTurn === state.turn) &&
    target.commanderHitTurn !== state.turn;
  if (exposed) {
    const row = tableRows(ctx.catalog, 'smallArmsCover').find((r) => r['cover'] === 'heavy');
    const mods: Modifier[] = [
      {
        label: 'commander exposed on the turret (heavy cover)',
        value: row ? num(row, 'mod') : -2,
        ruleId: 'TP-8.8',
      },
    ];
    return {
      ...base,
      mode: 'aimed',
      band: band.band,
      toHit: {
        base: toHitBase,
        modifiers: mods,
        needed: neededFor(ctx, toHitBase, mods),
        ruleId: 'TP-8.8',
      },
      commanderOf: target.id,
      ruleId: 'TP-8.8',
    };
  }
  if (isVehicleInfo(tInfo) || tInfo.kind === 'gun') {
    const impact = stat(w.stats, 'impact', NaN);
    if (Number.isNaN(impact)) return refuse(`${w.name} cannot harm vehicles`, 'TP-G5');
  }
  const mods = coverModifier(ctx, 'smallArmsCover', cover, '');
  const needed = neededFor(ctx, toHitBase, mods);
  const plan: ShotPlan = {
    ...base,
    mode: 'aimed',
    band: band.band,
    toHit: {
      base: toHitBase,
      modifiers: mods,
      needed,
      ruleId: w.kind === 'machineGun' ? 'TP-7.5' : String(w.stats?.['ruleId'] ?? 'TP-7.2'),
    },
    ruleId: 'TP-7.2',
  };
  if (tInfo.kind === 'figure') return { ...plan, casualtyOnHit: target.id };
  const from = positionOf(state, base.shooter)!;
  return {
    ...plan,
    penetration: penetrationStep(ctx, state, target.id, from, stat(w.stats, 'impact', 0), 0),
  };
}

function planCone(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  coneLength: number,
  obs: ReturnType<typeof obstructions>,
): ShotPlan {
  const w = base.weapon;
  const from = positionOf(state, base.shooter)!;
  let length = coneLength;
  let width = w.template?.width ?? 1.5;
  const smgWithin = stat(w.stats, 'smgConeWithin', 0);
  if (smgWithin > 0 && base.range <= ctx.options.num('TP-A7') + 1e-9) {
    const smg = ctx.catalog.weapons.get('tp.smg');
    length = smg?.template?.length ?? length;
    width = smg?.template?.width ?? width;
  }
  const axisDeg = bearing(from, base.at);
  const template: Template =
    ctx.options.str('TP-A8') === 'rectangle'
      ? { shape: 'strip', apex: from, axisDeg, length, width }
      : { shape: 'cone', apex: from, axisDeg, length, width };
  const saves: SaveStep[] = [];
  const vehicles: PenetrationStep[] = [];
  const saveBase = constant(ctx.catalog, 'coneSaveTarget');
  // The outline made once for every unit (templateContains made it again for each).
  const inTemplate = templateTest(template);
  for (const u of state.units.list()) {
    if (!onTable(u) || u.side === sInfo.side) continue;
    const p = tablePoint(u.at[0], u.at[1]);
    if (!inTemplate(p)) continue;
    const uInfo = info(ctx, state, u.id);
    // Most of a cone's men are out of sight: cover is worked out only for the men seen.
    const seen = sightIfSeen(
      ctx,
      state,
      { unit: base.shooter, point: from },
      { unit: u.id, point: p },
      obs,
    );
    if (!seen) continue;
    if (uInfo.kind === 'figure') saves.push(saveFor(ctx, u.id, seen.cover, saveBase, 'TP-8.3'));
    else if (flag(ctx.catalog, 'mgConeVsVehicles') && uInfo.type.armour) {
      vehicles.push(penetrationStep(ctx, state, u.id, from, stat(w.stats, 'impact', 2), 0));
    }
  }
  return {
    ...base,
    mode: 'cone',
    band: 'cone',
    template: { template, saves, vehicles },
    ruleId: 'TP-8.2',
  };
}
