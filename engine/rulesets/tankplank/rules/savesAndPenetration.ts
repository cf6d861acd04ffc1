/**
 * The dice that decide who is hit: a template placed, a save for each man caught, a penetration roll
 * (and the damage table) for each vehicle, and the casualty marker (TP-9.4, TP-14.1, TP-19.4).
 */
import { type TankplankState, withUnit } from './state';
import { Dice } from '../../../random/dice';
import { num, tableRows, text } from './catalog';
import type { TankplankContext } from './context';
import type { PenetrationStep, SaveStep, ShotPlan } from './shotPlan';
import type { Events } from './reduction';

export function applyTemplate(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  saves: readonly SaveStep[],
  vehicles: readonly PenetrationStep[],
  dice: Dice,
  events: Events,
): TankplankState {
  const t = plan.template?.template;
  events.push({
    type: 'TemplatePlaced',
    unit: plan.shooter,
    weapon: plan.weapon.id,
    template: t?.shape ?? 'circle',
    at: [plan.at.x, plan.at.y],
    caught: [...saves.map((s) => s.unit), ...vehicles.map((v) => v.target)],
    ruleId: plan.ruleId,
  });
  let next = state;
  for (const s of saves) next = save(next, s, plan.shooter, dice, events);
  for (const v of vehicles) next = penetrate(ctx, next, plan, v, dice, events);
  return next;
}

function save(
  state: TankplankState,
  s: SaveStep,
  by: string,
  dice: Dice,
  events: Events,
): TankplankState {
  // No save at all: removed outright (TP-A12, the 2" circle on a roof TP-11.7).
  if (s.needed > 6 && (s.ruleId === 'TP-A12' || s.ruleId === 'TP-11.7'))
    return doom(state, s.unit, by, s.ruleId, events);
  const roll = dice.roll();
  const saved = roll >= s.needed;
  events.push({
    type: 'SaveRolled',
    unit: s.unit,
    needed: s.needed,
    roll,
    saved,
    modifiers: s.modifiers,
    ruleId: s.ruleId,
  });
  return saved ? state : doom(state, s.unit, by, s.ruleId, events);
}

export function penetrate(
  ctx: TankplankContext,
  state: TankplankState,
  plan: ShotPlan,
  p: PenetrationStep,
  dice: Dice,
  events: Events,
): TankplankState {
  const roll = dice.roll();
  const total = roll + p.impact + p.rangeModifier;
  const penetrated = total >= p.armour;
  events.push({
    type: 'PenetrationResolved',
    unit: plan.shooter,
    target: p.target,
    face: p.face,
    armour: p.armour,
    impact: p.impact,
    rangeModifier: p.rangeModifier,
    roll,
    total,
    penetrated,
    ruleId: p.ruleId,
  });
  if (!penetrated) return state;
  if (plan.weapon.stats?.['damageTable'] === true) {
    const r = dice.roll();
    const row = tableRows(ctx.catalog, 'damageTable').find(
      (x) => r >= num(x, 'min') && r <= num(x, 'max'),
    );
    const result = row ? text(row, 'result') : 'noDamage';
    events.push({
      type: 'SaveRolled',
      unit: p.target,
      needed: 0,
      roll: r,
      saved: result !== 'immobilised',
      modifiers: [{ label: result, value: 0, ruleId: 'TP-19.4' }],
      ruleId: 'TP-19.4',
    });
    if (result === 'immobilised') return withUnit(state, p.target, { immobilised: true });
    return state;
  }
  if (!ctx.options.bool('TP-A31')) return withUnit(state, p.target, { immobilised: true });
  return doom(state, p.target, plan.shooter, 'TP-9.4', events);
}

export function doom(
  state: TankplankState,
  id: string,
  by: string,
  ruleId: string,
  events: Events,
): TankplankState {
  const u = state.units.get(id);
  if (!u || !u.alive || u.doomed) return state;
  events.push({ type: 'CasualtyMarked', unit: id, by, ruleId });
  return withUnit(state, id, { doomed: true });
}
