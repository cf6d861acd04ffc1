/**
 * Cannon, howitzer and bazooka shots: the to-hit band and modifiers, AP against vehicles, HE with
 * its burst and what it does to a house (TP-9, TP-11, TP-19.5).
 */
import type { Template } from '../../../geometry/templates';
import { bearing } from '../../../geometry/vector';
import type { Modifier } from './actions';
import { constant, num, stat, tableRows, text } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import { obstructions, positionOf, raised } from './situation';
import type { TankplankState, UnitState } from './state';
import { heOnHousePlan } from './structures';
import { blastEffects } from './blasts';
import {
  bandOf,
  coverModifier,
  isVehicleInfo,
  neededFor,
  penetrationStep,
} from './hitAndPenetration';
import { type PlanBase, type Refusal, refuse, type RollStep, type ShotPlan } from './shotPlan';

export function planGun(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
  target: UnitState | undefined,
  obs: ReturnType<typeof obstructions>,
): ShotPlan | Refusal {
  const w = base.weapon;
  const from = positionOf(state, base.shooter)!;
  const min = w.minRange ?? 0;
  if (base.range < min - 1e-9)
    return refuse(
      `${w.name} cannot fire closer than ${min}"`,
      String(w.stats?.['ruleId'] ?? 'TP-9.7'),
    );
  let band: { band: string; max: number; toHit?: number; impact?: number } | undefined;
  let impactMod = 0;
  if (w.kind === 'bazooka') {
    band = bandOf(w, base.range, ctx.options.bool('TP-A4'));
    if (band) band = { ...band, toHit: ctx.options.num('TP-A10') };
  } else {
    const maxRange = ctx.options.num('TP-A3');
    const rows = tableRows(ctx.catalog, 'cannonToHit');
    const row = rows.find(
      (r) => base.range <= num(r, 'max') + 1e-9 && base.range <= maxRange + 1e-9,
    );
    const tableBands = (w.ranges ?? []).map((b) => b.band);
    if (
      row &&
      (tableBands.length === 0 || tableBands.includes(text(row, 'band')) || tableBands[0] === 'C1')
    ) {
      band = { band: text(row, 'band'), max: num(row, 'max'), toHit: num(row, 'toHit') };
      impactMod = num(row, 'impactMod');
    } else {
      // Weapons with their own bands (TW guns, TP-A32).
      band = bandOf(w, base.range, ctx.options.bool('TP-A4'));
      impactMod = band?.impact ?? 0;
    }
  }
  if (!band || band.toHit === undefined) {
    return refuse(
      `${base.range.toFixed(2)}" is out of range for ${w.name}`,
      w.kind === 'bazooka' ? 'TP-9.7' : 'TP-A3',
    );
  }
  const mods: Modifier[] = [];
  const cover = base.sight?.cover ?? 'none';
  if (
    tInfo &&
    (isVehicleInfo(tInfo) || tInfo.kind === 'gun') &&
    base.sight?.coverFrom?.strongCover &&
    (tInfo.type.class === 'tank' || tInfo.type.id === 'tp.armouredCar')
  ) {
    const row = tableRows(ctx.catalog, 'cannonModifiers').find(
      (r) => r['condition'] === 'hullDown',
    );
    if (row)
      mods.push({
        label: 'target hull-down behind strong cover',
        value: num(row, 'mod'),
        ruleId: text(row, 'ruleId'),
      });
  } else {
    mods.push(...coverModifier(ctx, 'cannonModifiers', cover, 'cover.'));
  }
  // A high position (TP-G13): the firer's base at least 0.5" above the target's, or the firer on
  // an upper floor, a roof or up a tree above a target lower down.
  const perched = state.units.get(base.shooter)?.level !== undefined;
  const rise =
    ctx.terrain.groundAt(from).height +
    raised(ctx, state, base.shooter, from) -
    (ctx.terrain.groundAt(base.at).height + raised(ctx, state, base.target ?? undefined, base.at));
  if (rise >= constant(ctx.catalog, 'highFirerMinAbove') - 1e-9 || (perched && rise > 1e-9)) {
    const row = tableRows(ctx.catalog, 'cannonModifiers').find(
      (r) => r['condition'] === 'firerHigher',
    );
    if (row)
      mods.push({
        label: 'firer higher than target',
        value: num(row, 'mod'),
        ruleId: text(row, 'ruleId'),
      });
  }
  if (tInfo && stat(tInfo.type.stats, 'toHitModifierAgainst', 0) !== 0) {
    const row = tableRows(ctx.catalog, 'cannonModifiers').find(
      (r) => r['condition'] === 'targetAssaultGun',
    );
    mods.push({
      label: `target is ${tInfo.type.name.toLowerCase()}`,
      value: stat(tInfo.type.stats, 'toHitModifierAgainst', 0),
      ruleId: row ? text(row, 'ruleId') : 'TP-9.3',
    });
  }
  const toHit: RollStep = {
    base: band.toHit,
    modifiers: mods,
    needed: neededFor(ctx, band.toHit, mods),
    ruleId: w.kind === 'bazooka' ? 'TP-9.7' : 'TP-9.2',
  };
  const rangeModifier = w.stats?.['rangeModifier'] === true ? impactMod : 0;
  const planBase = { ...base, band: band.band, toHit };

  if (w.kind === 'bazooka') {
    if (tInfo && isVehicleInfo(tInfo)) {
      return {
        ...planBase,
        mode: 'aimed',
        penetration: penetrationStep(
          ctx,
          state,
          tInfo.unit.id,
          from,
          stat(w.stats, 'impact', 4),
          0,
        ),
        ruleId: 'TP-9.7',
      };
    }
    const template: Template = {
      shape: 'circle',
      centre: base.at,
      diameter: w.template?.width ?? 1,
    };
    return {
      ...planBase,
      mode: 'bazookaBlast',
      template: blastEffects(ctx, state, template, sInfo.side, obs, undefined),
      ruleId: 'TP-9.7',
    };
  }

  if (base.ammoKind === 'AP') {
    if (!tInfo || !target || !isVehicleInfo(tInfo))
      return refuse(
        'armour-piercing shot needs a vehicle target; use HE against men and guns',
        'TP-9.1',
      );
    return {
      ...planBase,
      mode: 'aimed',
      penetration: penetrationStep(
        ctx,
        state,
        target.id,
        from,
        stat(w.stats, 'impactAP', 0),
        rangeModifier,
      ),
      ruleId: 'TP-9.4',
    };
  }
  // HE: a direct hit on a vehicle rolls impact 3; the blast sector opens away from the firer.
  // Tank and howitzer HE blows forward in a sector (TP-11.1); a pack gun bursts in a circle (TP-19.5).
  const template: Template =
    w.template?.shape === 'circle'
      ? { shape: 'circle', centre: base.at, diameter: w.template.width ?? 1 }
      : {
          shape: 'sector',
          apex: base.at,
          axisDeg: bearing(from, base.at),
          radius: w.template?.length ?? 2,
          angleDeg: w.template?.angleDeg ?? 90,
        };
  const direct =
    tInfo && target && isVehicleInfo(tInfo)
      ? penetrationStep(ctx, state, target.id, from, stat(w.stats, 'impactHE', 3), rangeModifier)
      : undefined;
  // A round striking a house holes its wall or hits its roof (TP-11.5–11.7).
  const { house, ...blast } = heOnHousePlan(
    ctx,
    state,
    { from, at: base.at, side: sInfo.side, target: target?.id },
    blastEffects(ctx, state, template, sInfo.side, obs, target?.id, 'he'),
  );
  return {
    ...planBase,
    mode: 'he',
    ...(direct ? { penetration: direct } : {}),
    template: blast,
    ...(house ? { house } : {}),
    ruleId: 'TP-11.1',
  };
}
