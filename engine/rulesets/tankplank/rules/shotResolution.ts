/**
 * Rolling out a planned shot: to hit, then by its kind an aimed hit, an HE burst with what it does
 * to walls and houses, a cone, a thrown grenade, a mortar round or a rifle grenade by the matrix;
 * and which formations were attacked, for the morale tests (TP-7 to TP-13, TP-15.1).
 */
import { type TankplankState, withFormation, withUnit, tankplankState } from './state';
import type { Point } from '../../../format';
import { Dice } from '../../../random/dice';
import { inGap } from '../../../terrain/gaps';
import { bearing, project } from '../../../geometry/vector';
import type { TablePoint } from '../../../geometry/units';
import { constant, num, tableRows } from './catalog';
import type { TankplankContext } from './context';
import { blastEffects } from './blasts';
import { grenadeOutcome } from './grenades';
import type { ShotPlan } from './shotPlan';
import { dist, formationSize, info, obstructions, onTable, positionOf } from './situation';
import { applyHouseHit } from './structures';
import { type Events, round } from './reduction';
import { applyTemplate, doom, penetrate } from './savesAndPenetration';

export function resolveShot(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  dice: Dice,
  events: Events,
): TankplankState {
  let next = recordAttack(ctx, state, plan);
  const at: Point = [plan.at.x, plan.at.y];
  let hit = true;
  if (plan.toHit) {
    const roll = dice.roll();
    hit = roll >= plan.toHit.needed;
    events.push({
      type: 'ShotResolved',
      unit: plan.shooter,
      weapon: plan.weapon.id,
      target: plan.target,
      at,
      range: round(plan.range),
      band: plan.band,
      base: plan.toHit.base,
      modifiers: plan.toHit.modifiers,
      needed: plan.toHit.needed,
      roll,
      hit,
      ruleId: plan.toHit.ruleId,
    });
  }
  switch (plan.mode) {
    case 'aimed':
      if (!hit) return next;
      if (plan.commanderOf)
        return withUnit(next, plan.commanderOf, { commanderHitTurn: state.turn });
      if (plan.casualtyOnHit) return doom(next, plan.casualtyOnHit, plan.shooter, 'TP-7.4', events);
      if (plan.penetration) return penetrate(ctx, next, plan, plan.penetration, dice, events);
      return next;
    case 'he':
    case 'bazookaBlast':
    case 'cone':
    case 'rifleGrenade':
      if (!hit) return next;
      if (plan.penetration) next = penetrate(ctx, next, plan, plan.penetration, dice, events);
      if (plan.mode === 'he') next = heOnStructures(ctx, next, plan, events);
      return applyTemplate(
        ctx,
        next,
        plan,
        plan.template!.saves,
        plan.template!.vehicles,
        dice,
        events,
      );
    case 'grenade':
      return resolveGrenade(ctx, next, plan, dice, events);
    case 'mortar':
      return resolveMortar(ctx, next, plan, dice, events);
    case 'rifleGrenadeArea': {
      // Area fire lands by the 2" matrix: a natural 1 misses (TP-A49, TP-12.2).
      const roll = dice.roll();
      const circle = roll > 1 ? plan.matrix?.find((m) => m.roll === roll) : undefined;
      events.push({
        type: 'RifleGrenadeLanded',
        unit: plan.shooter,
        roll,
        landed: circle ? [round(circle.centre.x), round(circle.centre.y)] : null,
        ruleId: 'TP-A49',
      });
      if (!circle) return next;
      const diameter = plan.weapon.template?.width ?? 2;
      const landedPlan: ShotPlan = {
        ...plan,
        at: circle.centre,
        template: {
          template: { shape: 'circle', centre: circle.centre, diameter },
          saves: circle.saves,
          vehicles: circle.vehicles,
        },
      };
      return applyTemplate(ctx, next, landedPlan, circle.saves, circle.vehicles, dice, events);
    }
    case 'call':
      return next;
  }
}

/**
 * HE that strikes a garden or field wall knocks a 2" section down and kills every man within 1"
 * of it, with no save (TP-11.8); HE that strikes a house holes its wall or hits its roof
 * (structures.ts, TP-11.5–11.7).
 */
function heOnStructures(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  events: Events,
): TankplankState {
  let next = state;
  const width = constant(ctx.catalog, 'breachWidth');
  const wall = ctx.terrain
    .featuresAt(plan.at, 0.3)
    .find(
      (e) => e.feature.kind === 'wall' || e.feature.kind === 'fence' || e.feature.kind === 'hedge',
    );
  const side = state.units.get(plan.shooter)!.side;
  if (wall && !inGap(next.gaps ?? [], wall.id, plan.at)) {
    next = tankplankState({
      ...next,
      gaps: [...(next.gaps ?? []), { feature: wall.id, at: [plan.at.x, plan.at.y], width }],
    });
    for (const u of next.units.list()) {
      if (!onTable(u) || u.side === side || info(ctx, next, u.id).kind !== 'figure') continue;
      if (dist([u.at[0], u.at[1]], plan.at) <= width / 2 + 1)
        next = doom(next, u.id, plan.shooter, 'TP-11.8', events);
    }
  }
  // A house struck: the hole or the roof hit; its casualties are among the plan's saves (TP-11.5–11.7).
  if (plan.house) next = applyHouseHit(ctx, next, plan.shooter, plan.house, events);
  return next;
}

function recordAttack(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
): TankplankState {
  const targets = new Set<string>();
  if (plan.target) targets.add(plan.target);
  for (const s of plan.template?.saves ?? []) targets.add(s.unit);
  for (const v of plan.template?.vehicles ?? []) targets.add(v.target);
  const sInfo = info(ctx, state, plan.shooter);
  const armoured = sInfo.kind === 'vehicle' && sInfo.type.keywords?.includes('armoured') === true;
  const bigGun =
    plan.weapon.kind === 'cannon' ||
    plan.weapon.kind === 'bazooka' ||
    plan.weapon.kind === 'howitzer';
  const size = formationSize(ctx, state, sInfo.formation);
  let next = state;
  for (const formation of new Set(
    [...targets].map((t) => state.units.get(t)?.formation).filter((f): f is string => !!f),
  )) {
    const f = next.formations.get(formation);
    if (!f) continue;
    const attackers = f.attackers.some((a) => a.formation === sInfo.formation)
      ? f.attackers
      : [...f.attackers, { formation: sInfo.formation, size }];
    const armourAttackers =
      armoured && !f.armourAttackers.includes(plan.shooter)
        ? [...f.armourAttackers, plan.shooter]
        : f.armourAttackers;
    const onBridge =
      plan.weapon.id === 'tp.hmg' &&
      (plan.template?.saves ?? []).some((s) => {
        const p = positionOf(state, s.unit);
        return (
          !!p &&
          ctx.terrain
            .featuresAt(p)
            .some((e) => e.feature.kind === 'bridge' || e.feature.kind === 'catwalk')
        );
      });
    const inHouse =
      plan.mode === 'he' &&
      (plan.template?.saves ?? []).some((s) => {
        const p = positionOf(state, s.unit);
        return !!p && ctx.terrain.featuresAt(p).some((e) => e.feature.kind === 'building');
      });
    next = withFormation(next, formation, {
      attackers,
      armourAttackers,
      bigGunAttackers:
        f.bigGunAttackers +
        (bigGun && plan.target && next.units.get(plan.target)?.formation === formation ? 1 : 0),
      bridgeHmg: f.bridgeHmg || onBridge,
      houseHitByHe: f.houseHitByHe || inHouse,
    });
  }
  return next;
}

function resolveGrenade(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  dice: Dice,
  events: Events,
): TankplankState {
  const g = plan.grenade!;
  const natural = dice.roll();
  const out = grenadeOutcome(ctx, state, plan, natural);
  events.push({
    type: 'GrenadeThrown',
    unit: plan.shooter,
    roll: natural,
    modifiers: g.modifiers,
    result: out.result,
    landed: out.landed ? [round(out.landed.x), round(out.landed.y)] : null,
    ruleId: 'TP-13.2',
  });
  if (!out.landed || !out.template) return state;
  return applyTemplate(
    ctx,
    state,
    {
      ...plan,
      at: out.landed,
      template: { template: out.template, saves: out.saves, vehicles: out.vehicles },
    },
    out.saves,
    out.vehicles,
    dice,
    events,
  );
}

function resolveMortar(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  dice: Dice,
  events: Events,
): TankplankState {
  const roll = dice.roll();
  const diameter = plan.weapon.template?.width ?? 2;
  const from = positionOf(state, plan.shooter)!;
  let landed: TablePoint | null = null;
  if (roll > 1) {
    const row = tableRows(ctx.catalog, 'aimingMatrix').find((r) => num(r, 'roll') === roll);
    const towardFirer = bearing(plan.at, from);
    const dx = row ? num(row, 'dx') : 0;
    const dy = row ? num(row, 'dy') : 0;
    landed = project(
      project(plan.at, towardFirer, -dx * diameter),
      towardFirer + 90,
      dy * diameter,
    );
  }
  events.push({
    type: 'MortarRound',
    unit: plan.shooter,
    roll,
    landed: landed ? [round(landed.x), round(landed.y)] : null,
    ruleId: 'TP-12.2',
  });
  if (!landed) return state;
  const side = state.units.get(plan.shooter)!.side;
  const blast = blastEffects(
    ctx,
    state,
    { shape: 'circle', centre: landed, diameter },
    side,
    obstructions(ctx, state),
    undefined,
  );
  // Men the round cannot reach are not hit (TP-12.3): the planned circle for this roll names them.
  const planned = plan.matrix?.find((m) => m.roll === roll);
  const saves = planned
    ? [...planned.saves]
    : blast.saves.filter((s) => {
        const p = positionOf(state, s.unit)!;
        return !ctx.terrain
          .featuresAt(p)
          .some(
            (e) =>
              e.feature.kind === 'tree' ||
              e.feature.kind === 'woods' ||
              e.feature.kind === 'forest',
          );
      });
  let next = state;
  for (const f of new Set(saves.map((s) => state.units.get(s.unit)!.formation))) {
    const fs = next.formations.get(f);
    if (fs && !fs.bombardedTurns.includes(state.turn))
      next = withFormation(next, f, { bombardedTurns: [...fs.bombardedTurns, state.turn] });
  }
  return applyTemplate(ctx, next, { ...plan, at: landed }, saves, blast.vehicles, dice, events);
}
