/**
 * Getting into and out of vehicles: men ride inside, a broken-down gun is hitched and towed
 * (TP-5.3, TP-5.5, TP-16.1, TP-G7).
 */
import { type TankplankState, withUnit } from './state';
import type { Point } from '../../../format';
import { accepted, invalid } from '../../../game/reducer';
import { distance } from '../../../geometry/vector';
import { tablePoint } from '../../../geometry/units';
import { constant } from './catalog';
import type { TankplankContext } from './context';
import { dist, info, onTable, positionOf, weaponKey, weaponsOf } from './situation';
import { boatMountRefusal } from './boats';
import { loadRefusal } from './salvage';
import { actionCost, movable, moverFor, stepOutBlock } from './movement';
import type { Events, Result } from './reduction';
import { revealObjectives } from './victory';

export function mount(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  vehicleId: string,
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  const vehicle = state.units.get(vehicleId);
  if (!onTable(unit)) return invalid(`${id} is not on the table`);
  if (!vehicle || !vehicle.alive || !vehicle.at)
    return invalid(`vehicle ${vehicleId} is not on the table`);
  if (vehicle.side !== unit.side) return invalid('only your own vehicles');
  const notAboard = boatMountRefusal(ctx, state, vehicleId) ?? loadRefusal(ctx, state, id);
  if (notAboard) return notAboard;
  const vInfo = info(ctx, state, vehicleId);
  const uInfo = info(ctx, state, id);
  if (vInfo.kind !== 'vehicle') return invalid('only vehicles carry or tow');
  if (uInfo.kind === 'gun') {
    // A broken-down gun is hitched to a soft vehicle or half-track and towed (TP-5.5, TP-16.1).
    const key = weaponsOf(ctx, uInfo)[0];
    if (key && state.teamWeapons[weaponKey(uInfo, key.weapon)]?.setUp)
      return invalid('break the gun down before towing it', 'TP-5.5');
    if (vInfo.type.class === 'tank') return invalid('tanks do not tow guns', 'TP-16.1');
    if (vehicle.passengers.some((p) => info(ctx, state, p).kind === 'gun'))
      return invalid(`${vehicleId} already tows a gun`, 'TP-16.1');
  } else if (uInfo.kind !== 'figure') {
    return invalid('only men get into vehicles');
  } else {
    const capacity = vInfo.type.capacity ?? 0;
    const riders = vehicle.passengers.filter((p) => info(ctx, state, p).kind === 'figure').length;
    if (riders >= capacity) return invalid(`${vehicleId} is full (${capacity})`, 'TP-G7');
  }
  if (
    dist([unit.at[0], unit.at[1]], [vehicle.at[0], vehicle.at[1]]) >
    constant(ctx.catalog, 'mountReach') + 1e-9
  ) {
    return invalid(`${id} is not beside ${vehicleId}`, 'TP-5.3');
  }
  const { cost, ruleId } = actionCost(ctx, 'mount');
  if (unit.moved + cost > 1 + 1e-9) return invalid('getting in takes half a move', ruleId);
  let next = withUnit(state, id, { embarkedIn: vehicleId, at: null, moved: unit.moved + cost });
  next = withUnit(next, vehicleId, { passengers: [...vehicle.passengers, id] });
  return accepted(next, [{ type: 'UnitMounted', unit: id, vehicle: vehicleId, ruleId }]);
}

export function dismount(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  at: Point,
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (!unit.embarkedIn) return invalid(`${id} is not in a vehicle`);
  const vehicle = state.units.get(unit.embarkedIn)!;
  const vp = positionOf(state, vehicle.id);
  if (!vp) return invalid(`${vehicle.id} is not on the table`);
  const p = tablePoint(at[0], at[1]);
  if (distance(p, vp) > constant(ctx.catalog, 'mountReach') + 1e-9)
    return invalid('get out beside the vehicle', 'TP-5.3');
  // He steps out to the spot: not into a closed house (TP-5.7), nor through one, nor into water
  // he may not ford (TP-5.4): a carrier in the creek keeps its riders until it is out on a bank.
  const blocked = stepOutBlock(ctx, state, moverFor(ctx, state, id).mover, vp, p);
  if (blocked?.ruleId === 'TP-5.7')
    return invalid(
      `${id} cannot get out at (${p.x.toFixed(1)}, ${p.y.toFixed(1)}): ${blocked.reason}; get out on another side of ${vehicle.id}`,
      'TP-5.7',
    );
  if (blocked)
    return invalid(
      `${id} cannot get out at (${p.x.toFixed(1)}, ${p.y.toFixed(1)}): men may not stand in the creek; get out once ${vehicle.id} is on a bank or a bridge`,
      'TP-5.4',
    );
  const { cost, ruleId } = actionCost(ctx, 'dismount');
  if (unit.moved + cost > 1 + 1e-9) return invalid('getting out takes half a move', ruleId);
  let next = withUnit(state, id, { embarkedIn: null, at: [p.x, p.y], moved: unit.moved + cost });
  next = withUnit(next, vehicle.id, { passengers: vehicle.passengers.filter((x) => x !== id) });
  const events: Events = [
    { type: 'UnitDismounted', unit: id, vehicle: vehicle.id, at: [p.x, p.y], ruleId },
  ];
  next = revealObjectives(ctx, next, events);
  return accepted(next, events);
}
