/**
 * End of the Firing phase: casualties come off the table, destroyed vehicles become wrecks, and
 * their passengers and crews save or bail out beside them (TP-14.3 to TP-14.5, TP-16.2, TP-16.8).
 */
import { dict } from '../../../game/dict';
import {
  type TankplankState,
  type UnitState,
  unitState,
  withFormation,
  withUnit,
  type WreckState,
  tankplankState,
} from './state';
import { Dice } from '../../../random/dice';
import { distance, project } from '../../../geometry/vector';
import type { Mover } from '../../../movement/movementCost';
import { type TablePoint, tablePoint } from '../../../geometry/units';
import { constant, unitType } from './catalog';
import { moverOf, type TankplankContext } from './context';
import { moverFor, stepOutBlock } from './movement';
import { info, positionOf } from './situation';
import { isBoat, swampBoat } from './boats';
import { type Events, round } from './reduction';

/** The figure a crewman out of a wreck is. */
const CREWMAN = 'tp.driver';
/**
 * How far round a wreck in the creek or against a house its survivors look for open ground, and
 * how far apart they stand.
 */
const DRY_SEARCH = 6;
const DRY_SPACING = 0.5;

export function removeCasualties(
  ctx: TankplankContext,
  state: TankplankState,
  dice: Dice,
  events: Events,
): TankplankState {
  let next = state;
  const passengerSave = constant(ctx.catalog, 'passengerSave');
  for (const u of state.units.list()) {
    if (!u.doomed) continue;
    const i = info(ctx, state, u.id);
    const f = next.formations.get(u.formation);
    if (f) next = withFormation(next, u.formation, { lostThisTurn: f.lostThisTurn + 1 });
    if (i.kind === 'figure') {
      next = withUnit(next, u.id, { alive: false, doomed: false, at: null });
      events.push({ type: 'CasualtyRemoved', unit: u.id, ruleId: 'TP-14.3' });
      continue;
    }
    if (isBoat(ctx, next, u.id)) {
      next = swampBoat(ctx, next, u.id, dice, events);
      continue;
    }
    const at = positionOf(next, u.id)!;
    const wreck: WreckState = {
      id: `wreck.${u.id}`,
      unit: u.id,
      type: u.type,
      side: u.side,
      at: [at.x, at.y],
      facing: u.facing,
      ammo: u.ammo,
    };
    next = withUnit(next, u.id, { alive: false, doomed: false, at: null, passengers: [] });
    next = tankplankState({ ...next, wrecks: [...next.wrecks, wreck] });
    events.push({ type: 'VehicleDestroyed', unit: u.id, wreck: wreck.id, ruleId: 'TP-14.4' });
    // Every passenger and crewman saves on 5+ whatever destroyed the vehicle (TP-14.5, TP-A55).
    let slot = 0;
    const taken: TablePoint[] = [];
    const ring = () => {
      const p = project(at, u.facing + 90 + 40 * slot, 1 + 0.3 * Math.floor(slot / 9));
      slot++;
      return clampToTable(ctx, p);
    };
    // A man comes out beside the wreck, but not into water he may not stand in (TP-5.4), nor
    // into a closed house beside the road (TP-5.7), as getting out of a vehicle never does: no
    // move would ever take him out of it again. A wreck in the creek or against a house puts its
    // survivors on the nearest open ground round it, a man's width apart.
    const standable = (p: TablePoint, mover: Mover) => !stepOutBlock(ctx, next, mover, at, p);
    const spot = (mover?: Mover) => {
      const first = ring();
      if (!mover || standable(first, mover)) return first;
      const dry = (p: TablePoint) =>
        standable(p, mover) && taken.every((q) => distance(p, q) >= DRY_SPACING);
      for (let r = 1.5; r <= DRY_SEARCH; r += 0.5)
        for (let k = 0; k < 16; k++) {
          const p = clampToTable(ctx, project(at, u.facing + 90 + 22.5 * k, r));
          if (dry(p)) {
            taken.push(p);
            return p;
          }
        }
      return first;
    };
    const man = moverOf(ctx, unitType(ctx.catalog, CREWMAN));
    for (const pid of u.passengers) {
      if (info(ctx, next, pid).kind === 'gun') {
        // A towed gun is left beside the wreck, to be picked up again (TP-16.8).
        const p = spot();
        next = withUnit(next, pid, { embarkedIn: null, at: [p.x, p.y] });
        continue;
      }
      const roll = dice.roll();
      const saved = roll >= passengerSave;
      events.push({
        type: 'SaveRolled',
        unit: pid,
        needed: passengerSave,
        roll,
        saved,
        modifiers: [],
        ruleId: 'TP-14.5',
      });
      const pf = next.units.get(pid)!.formation;
      if (!saved) {
        next = withUnit(next, pid, { alive: false, embarkedIn: null, at: null });
        events.push({ type: 'CasualtyRemoved', unit: pid, ruleId: 'TP-14.5' });
        const fs = next.formations.get(pf);
        if (fs) next = withFormation(next, pf, { lostThisTurn: fs.lostThisTurn + 1 });
      } else {
        const p = spot(moverFor(ctx, next, pid).mover);
        next = withUnit(next, pid, { embarkedIn: null, at: [p.x, p.y] });
        events.push({
          type: 'CrewBailedOut',
          vehicle: u.id,
          unit: pid,
          role: next.units.get(pid)!.role ?? 'passenger',
          at: [round(p.x), round(p.y)],
          ruleId: 'TP-16.2',
        });
        next = withFormation(next, pf, { survivedVehicle: true });
      }
    }
    let n = 0;
    for (const [role, count] of Object.entries(u.crew)) {
      for (let k = 0; k < count; k++) {
        const roll = dice.roll();
        const saved = roll >= passengerSave;
        const crewId = `${u.id}.crew${++n}`;
        events.push({
          type: 'SaveRolled',
          unit: crewId,
          needed: passengerSave,
          roll,
          saved,
          modifiers: [],
          ruleId: 'TP-14.5',
        });
        if (!saved) continue;
        const p = spot(man);
        const crewman: UnitState = {
          id: crewId,
          side: u.side,
          formation: u.formation,
          type: CREWMAN,
          role,
          at: [p.x, p.y],
          facing: u.facing,
          turret: 0,
          alive: true,
          doomed: false,
          embarkedIn: null,
          passengers: [],
          crew: dict(),
          ammo: dict(),
          moved: 0,
          movedInches: 0,
          noFire: false,
          spawned: true,
        };
        next = tankplankState({
          ...next,
          units: next.units.with(crewId, unitState(crewman)),
        });
        events.push({
          type: 'CrewBailedOut',
          vehicle: u.id,
          unit: crewId,
          role,
          at: [round(p.x), round(p.y)],
          ruleId: 'TP-16.2',
        });
        next = withFormation(next, u.formation, { survivedVehicle: true });
      }
    }
  }
  return next;
}

function clampToTable(ctx: TankplankContext, p: TablePoint): TablePoint {
  return tablePoint(
    Math.min(ctx.map.width, Math.max(0, p.x)),
    Math.min(ctx.map.height, Math.max(0, p.y)),
  );
}
