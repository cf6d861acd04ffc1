/**
 * The Morale phase: each formation checks its triggers, and one that has any tests with its
 * modifiers and carries out the result (TP-15, TP-A18, TP-A19).
 */
import { type TankplankState, type UnitState, withFormation } from './state';
import { Dice } from '../../../random/dice';
import type { Modifier } from './actions';
import { constant, num, tableRows, text } from './catalog';
import type { TankplankContext } from './context';
import { baseRate, formationSize, formationUnits, hullIds, info, onTable } from './situation';
import type { Events } from './reduction';

export function moralePhase(
  ctx: TankplankContext,
  state: TankplankState,
  dice: Dice,
  events: Events,
): TankplankState {
  let next = state;
  const triggerRows = tableRows(ctx.catalog, 'moraleTriggers');
  const trig = (name: string) => ({
    trigger: name,
    ruleId: text(triggerRows.find((r) => r['trigger'] === name) ?? { ruleId: 'TP-15.1' }, 'ruleId'),
  });
  const modRows = tableRows(ctx.catalog, 'moraleModifiers');
  const mod = (name: string, label: string): Modifier => {
    const r = modRows.find((x) => x['condition'] === name)!;
    return { label, value: num(r, 'printed'), ruleId: text(r, 'ruleId') };
  };
  const asTriggers = ctx.options.bool('TP-A19');
  for (const [fid, f] of state.formations.entries()) {
    const size = formationSize(ctx, next, fid);
    if (size === 0) continue;
    const fi = ctx.formations.get(fid);
    const members = formationUnits(next, fid).filter((u) => u.alive);
    // The unit's infantry: its men on foot, not a vehicle's crew who bailed out of their wreck
    // (they test for surviving it, TP-15.1e, not as infantry under armour attack).
    const infantry = members.filter((u) => {
      const i = info(ctx, next, u.id);
      return i.kind === 'figure' && !i.type.keywords?.includes('vehicleCrew');
    });
    const triggers: { trigger: string; ruleId: string }[] = [];
    let quarterReached = f.quarterReached;
    if (!f.quarterReached && f.startSize > 0 && (f.startSize - size) / f.startSize >= 0.25) {
      triggers.push(trig('firstQuarterLost'));
      quarterReached = true;
    }
    const lostFrac = f.sizeAtTurnStart > 0 ? f.lostThisTurn / f.sizeAtTurnStart : 0;
    if (lostFrac >= 0.25) triggers.push(trig('quarterLostThisTurn'));
    if (f.attackers.filter((a) => a.size >= f.sizeAtTurnStart).length >= 2)
      triggers.push(trig('attackedByTwoEqualOrLarger'));
    const tankNear = tankSupport(ctx, next, fid);
    if (infantry.length > 0 && f.armourAttackers.length > 0 && !tankNear)
      triggers.push(trig('infantryAttackedByArmourWithoutTanks'));
    if (f.survivedVehicle) triggers.push(trig('survivedVehicleDestruction'));
    if (f.bombardedTurns.includes(state.turn) && f.bombardedTurns.includes(state.turn - 1))
      triggers.push(trig('bombardedTwoTurns'));
    if (asTriggers && f.houseHitByHe) triggers.push(trig('houseAttackedByHe'));
    if (asTriggers && f.bridgeHmg) triggers.push(trig('bridgeUnderHmgFire'));
    const armoured = members.some((u) => info(ctx, next, u.id).type.keywords?.includes('armoured'));
    if (asTriggers && armoured && f.bigGunAttackers >= 3)
      triggers.push(trig('armourFiredOnByThreeGuns'));
    if (f.morale && f.morale.retestTurn === state.turn)
      triggers.push({ trigger: 'retest', ruleId: 'TP-15.2' });
    // A formation whose mark does not change keeps its record (no copy of the state).
    if (quarterReached !== f.quarterReached) next = withFormation(next, fid, { quarterReached });
    if (triggers.length === 0) continue;

    const mods: Modifier[] = [];
    const officerWith = members.some((u) => u.role === 'officer' && !u.embarkedIn);
    if (officerWith) mods.push(mod('officerWithUnit', 'officer with the unit'));
    else if (officerNear(ctx, next, fid))
      mods.push(mod('officerWithinHalfMove', 'officer within half a move'));
    const lossRow = modRows
      .filter((r) => r['group'] === 'losses')
      .sort((a, b) => num(b, 'minFraction') - num(a, 'minFraction'))
      .find((r) => lostFrac >= num(r, 'minFraction') - 1e-9);
    if (lossRow)
      mods.push({
        label: `lost ${Math.round(lostFrac * 100)}% this turn`,
        value: num(lossRow, 'printed'),
        ruleId: text(lossRow, 'ruleId'),
      });
    if (infantry.length > 0 && tankNear) mods.push(mod('tankSupport', 'supported by tanks'));
    if (infantry.length > 0 && f.armourAttackers.length >= 2)
      mods.push(mod('attackedByTwoArmoured', 'attacked by two or more armoured vehicles'));
    if (fi?.heavyWeapons) mods.push(mod('heavyWeapons', 'heavy-weapons unit'));
    const roll = dice.roll();
    const sum = mods.reduce((s, m) => s + m.value, 0);
    const score = ctx.options.str('TP-A18') === 'd6PlusPrinted' ? roll + sum : roll - sum;
    const rows = tableRows(ctx.catalog, 'moraleResults');
    const row =
      rows.find((r) => score >= num(r, 'minScore') && score <= num(r, 'maxScore')) ??
      rows[rows.length - 1]!;
    const result = text(row, 'result') as 'hold' | 'toCover' | 'fallBack' | 'rout';
    events.push({
      type: 'MoraleTested',
      formation: fid,
      triggers,
      roll,
      modifiers: mods,
      score,
      result,
      ruleId: 'TP-A18',
    });
    next = withFormation(
      next,
      fid,
      result === 'hold'
        ? { morale: undefined }
        : {
            morale: {
              result,
              movesLeft: num(row, 'moves'),
              retestTurn: state.turn + (result === 'rout' ? 3 : 1),
            },
          },
    );
  }
  return next;
}

function tankSupport(ctx: TankplankContext, state: TankplankState, formation: string): boolean {
  const range = constant(ctx.catalog, 'tankSupportRange');
  const members = formationUnits(state, formation).filter(
    (u): u is UnitState & { at: readonly [number, number] } => onTable(u),
  );
  if (members.length === 0) return false;
  const side = members[0]!.side;
  // Tanks are among the hulls: no need to look at every man (the answer is yes or no, whatever
  // the order the tanks are tried in).
  for (const id of hullIds(ctx, state)) {
    const t = state.units.get(id)!;
    if (!onTable(t) || t.side !== side || t.doomed) continue;
    if (info(ctx, state, id).type.class !== 'tank') continue;
    for (const m of members) {
      // dist() without its arrays and points: the same sum, square root and sign.
      const dx = t.at[0] - m.at[0];
      const dy = t.at[1] - m.at[1];
      if (Math.sqrt(dx * dx + dy * dy) <= range + 1e-9) return true;
    }
  }
  return false;
}

function officerNear(ctx: TankplankContext, state: TankplankState, formation: string): boolean {
  const members = formationUnits(state, formation).filter(
    (u): u is UnitState & { at: readonly [number, number] } => onTable(u),
  );
  return state.units.list().some((o) => {
    if (!onTable(o) || o.role !== 'officer' || o.formation === formation || o.doomed) return false;
    if (members.length === 0 || o.side !== members[0]!.side) return false;
    const half = baseRate(info(ctx, state, o.id)) * constant(ctx.catalog, 'halfMove');
    // dist(m, o) without making points: a morale phase asks this of every officer and member.
    return members.some((m) => {
      const dx = o.at[0] - m.at[0];
      const dy = o.at[1] - m.at[1];
      return Math.sqrt(dx * dx + dy * dy) <= half + 1e-9;
    });
  });
}
