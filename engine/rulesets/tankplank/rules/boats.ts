/**
 * Boats on the creek (TP-5.3, TP-5.4, TP-G7). A boat is a scenario asset: a unit of a type with
 * the `boat` keyword (placeholder `tp.assaultBoat`, with a `capacity`), placed by the scenario at
 * the creek. It never moves along the creek or over land: it only goes straight across.
 *
 * Men who board stay on the table at the boat's spot (so they can be shot while they wait); they
 * are marked with `boat` and listed in the boat's `passengers`. Boarding takes a man's whole
 * move; crossing and landing on the far bank takes the whole move of every man aboard.
 *
 * A boat that is destroyed is swamped. By analogy with a destroyed vehicle (TP-14.5, TP-A55),
 * every man still aboard saves on the passenger save; those who save wade ashore on the bank the
 * boat lay at and test morale as survivors of a lost vehicle (TP-15.1e). A boat leaves no wreck.
 */
import { withUnit, withFormation } from './state';
import type { CreekFeature, Point } from '../../../format';
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import type { Dice } from '../../../random/dice';
import { distance, distanceToSegment } from '../../../geometry/vector';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { TankplankAction, TankplankEvent } from './actions';
import { constant, num, tableRows } from './catalog';
import type { TankplankContext } from './context';
import { dist, info, isTeamWeapon, onTable, positionOf, weaponKey, weaponsOf } from './situation';
import type { TankplankState, UnitState } from './state';

type Result = Reduction<TankplankState, TankplankEvent>;
/** The reducer's common movement checks (phase, side, morale): a refusal or nothing. */
export type MoveCheck = (state: TankplankState, id: string) => Result | undefined;

/** Whether a unit is a boat (its type carries the `boat` keyword). */
export function isBoat(ctx: TankplankContext, state: TankplankState, id: string): boolean {
  if (!state.units.get(id)) return false;
  return info(ctx, state, id).type.keywords?.includes('boat') === true;
}

/** Men still alive aboard a boat. */
export function boatPassengers(state: TankplankState, boat: string): string[] {
  return (state.units.get(boat)?.passengers ?? []).filter((p) => {
    const u = state.units.get(p);
    return !!u && u.alive && u.boat === boat;
  });
}

function costOf(ctx: TankplankContext, action: string): number {
  const row = tableRows(ctx.catalog, 'actionCosts').find((r) => r['action'] === action);
  return row ? num(row, 'cost') : 1;
}

/**
 * Units that stay where they are whatever their player asks: a boat (it only crosses) and the
 * men in it (they cross with it). Called from the reducer's movement checks.
 */
export function boatHold(ctx: TankplankContext, state: TankplankState, u: UnitState) {
  if (u.boat)
    return invalid(
      `${u.id} sits in boat ${u.boat}; the men aboard cross the creek with it`,
      'TP-5.3',
    );
  if (isBoat(ctx, state, u.id))
    return invalid(`${u.id} is a boat: it only goes straight across the creek`, 'TP-G7');
  return undefined;
}

/** Boats are boarded with their own action, which takes a full move (TP-5.3). */
export function boatMountRefusal(ctx: TankplankContext, state: TankplankState, vehicle: string) {
  if (!isBoat(ctx, state, vehicle)) return undefined;
  return invalid(
    `${vehicle} is a boat: board it (loading men into boats takes a full move)`,
    'TP-5.3',
  );
}

/** Where a boat lies on a creek: the nearest creek's centre line, the way across and its half widths. */
interface CreekSpot {
  readonly creek: CreekFeature;
  /** Nearest point of the centre line. */
  readonly centre: TablePoint;
  /** Unit vector from the boat across the creek. */
  readonly across: { readonly x: number; readonly y: number };
  /** Along the centre line at that point. */
  readonly along: { readonly x: number; readonly y: number };
  /** How far the boat lies from the centre line. */
  readonly offset: number;
  /** Half width of the creek and its gully banks. */
  readonly outerHalf: number;
}

function creekSpot(ctx: TankplankContext, p: TablePoint): CreekSpot | undefined {
  let best: CreekSpot | undefined;
  for (const f of ctx.map.features) {
    if (f.kind !== 'creek') continue;
    const outerHalf = f.width / 2 + (f.bankWidth ?? 0);
    for (let k = 1; k < f.points.length; k++) {
      const a = tablePoint(f.points[k - 1]![0], f.points[k - 1]![1]);
      const b = tablePoint(f.points[k]![0], f.points[k]![1]);
      const len = distance(a, b);
      if (len === 0) continue;
      const along = { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
      const t = Math.max(0, Math.min(len, (p.x - a.x) * along.x + (p.y - a.y) * along.y));
      const centre = tablePoint(a.x + along.x * t, a.y + along.y * t);
      const offset = distanceToSegment(p, a, b).distance;
      if (best && offset >= best.offset) continue;
      // Across runs from the boat's side of the line to the other side.
      const side = (p.x - a.x) * -along.y + (p.y - a.y) * along.x >= 0 ? 1 : -1;
      const across = { x: along.y * side, y: -along.x * side };
      best = { creek: f, centre, across, along, offset, outerHalf };
    }
  }
  return best;
}

/** How far from a creek's centre line a boat may lie: in the water or against its bank. */
function atTheCreek(ctx: TankplankContext, spot: CreekSpot | undefined): spot is CreekSpot {
  return !!spot && spot.offset <= spot.outerHalf + constant(ctx.catalog, 'mountReach') + 1e-9;
}

/** A man gets into a boat beside him: his whole move (TP-5.3), if there is room (TP-G7). */
export function boardBoat(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'boardBoat' }>,
  check: MoveCheck,
): Result {
  const refused = check(state, action.unit);
  if (refused) return refused;
  const man = state.units.get(action.unit)!;
  const boat = state.units.get(action.boat);
  if (man && info(ctx, state, man.id).kind === 'gun')
    return invalid('an AT gun is never carried or lifted, so it does not go in a boat', 'TP-5.5');
  if (!onTable(man) || info(ctx, state, man.id).kind !== 'figure')
    return invalid('only men on the table board boats', 'TP-5.4');
  if (!boat || !isBoat(ctx, state, boat.id)) return invalid(`${action.boat} is not a boat`);
  if (!onTable(boat)) return invalid(`boat ${boat.id} is not on the table`);
  if (boat.side !== man.side) return invalid('only your own boats', 'TP-G7');
  if (boat.moved > 0)
    return invalid(`boat ${boat.id} has crossed this turn; board it next turn`, 'TP-5.3');
  const reach = constant(ctx.catalog, 'mountReach');
  if (dist([man.at[0], man.at[1]], [boat.at[0], boat.at[1]]) > reach + 1e-9)
    return invalid(`${man.id} is not beside boat ${boat.id}`, 'TP-5.3');
  const capacity = info(ctx, state, boat.id).type.capacity ?? 0;
  if (boatPassengers(state, boat.id).length >= capacity)
    return invalid(`boat ${boat.id} is full (${capacity} men)`, 'TP-G7');
  const cost = costOf(ctx, 'loadBoats');
  if (man.moved + cost > 1 + 1e-9)
    return invalid('loading men into a boat takes a full move', 'TP-5.3');
  const i = info(ctx, state, man.id);
  const assembled = weaponsOf(ctx, i).find(
    (m) =>
      isTeamWeapon(m.weapon) &&
      m.weapon.stats?.['needsSetUp'] === true &&
      state.teamWeapons[weaponKey(i, m.weapon)]?.setUp,
  );
  if (assembled)
    return invalid(
      `break the ${assembled.weapon.name} down before it goes aboard (heavy weapons travel broken down)`,
      'TP-16.9',
    );
  let next = withUnit(state, man.id, {
    at: [boat.at[0], boat.at[1]],
    boat: boat.id,
    moved: man.moved + cost,
    level: undefined,
  });
  next = withUnit(next, boat.id, {
    passengers: [...boatPassengers(state, boat.id), man.id],
  });
  return accepted(next, [{ type: 'BoatBoarded', unit: man.id, boat: boat.id, ruleId: 'TP-5.3' }]);
}

/**
 * The boat goes straight across the creek and the men aboard step ashore on the far bank, just
 * beyond the creek and its gully, side by side. Every man spends his whole move (TP-5.3).
 */
export function crossInBoat(ctx: TankplankContext, state: TankplankState, boatId: string): Result {
  if (state.phase !== 'movement')
    return invalid('boats cross in the Movement phase; once firing starts nobody moves', 'TP-4.5');
  const boat = state.units.get(boatId);
  if (!boat || !isBoat(ctx, state, boatId)) return invalid(`${boatId} is not a boat`);
  if (!onTable(boat)) return invalid(`boat ${boatId} is not on the table`);
  if (state.ended.includes(boat.side)) return invalid(`side ${boat.side} has ended its movement`);
  if (boat.moved > 0) return invalid(`boat ${boatId} has already crossed this turn`, 'TP-5.3');
  const aboard = boatPassengers(state, boatId);
  if (aboard.length === 0)
    return invalid(`nobody is in boat ${boatId}; men must board it first`, 'TP-G7');
  const cost = costOf(ctx, 'crossRiverAndUnload');
  const tired = aboard.find((p) => state.units.get(p)!.moved + cost > 1 + 1e-9);
  if (tired)
    return invalid(
      `${tired} has already used part of this turn's move; crossing and landing takes a full move`,
      'TP-5.3',
    );
  const from = tablePoint(boat.at[0], boat.at[1]);
  const spot = creekSpot(ctx, from);
  if (!atTheCreek(ctx, spot))
    return invalid(`boat ${boatId} is not at the creek; a boat only crosses it`, 'TP-G7');
  // The boat ends as far from the centre line on the far side as it lay on this side.
  const to = tablePoint(
    spot.centre.x + spot.across.x * spot.offset,
    spot.centre.y + spot.across.y * spot.offset,
  );
  const shore = spot.outerHalf + constant(ctx.catalog, 'figureBaseRadius');
  const spacing = 2 * constant(ctx.catalog, 'figureBaseRadius');
  const landed = aboard.map((unit, k) => {
    const side = (k - (aboard.length - 1) / 2) * spacing;
    const x = spot.centre.x + spot.across.x * shore + spot.along.x * side;
    const y = spot.centre.y + spot.across.y * shore + spot.along.y * side;
    return { unit, at: [round(x), round(y)] as Point };
  });
  const offTable = landed.find(
    (l) => l.at[0] < 0 || l.at[1] < 0 || l.at[0] > ctx.map.width || l.at[1] > ctx.map.height,
  );
  if (offTable)
    return invalid(`there is no room on the far bank to land ${offTable.unit}`, 'TP-1.1');
  let next = withUnit(state, boatId, {
    at: [to.x, to.y],
    facing: (boat.facing + 180) % 360,
    moved: 1,
    movedInches: distance(from, to),
    passengers: [],
  });
  for (const l of landed) {
    const u = next.units.get(l.unit)!;
    next = withUnit(next, l.unit, {
      at: l.at,
      boat: undefined,
      moved: u.moved + cost,
      movedInches: u.movedInches + distance(from, tablePoint(l.at[0], l.at[1])),
    });
  }
  return accepted(next, [
    {
      type: 'BoatCrossed',
      boat: boatId,
      from: [round(from.x), round(from.y)],
      to: [round(to.x), round(to.y)],
      landed,
      ruleId: 'TP-5.3',
    },
  ]);
}

/**
 * A destroyed boat is swamped (called by the casualty removal in place of a wreck): every man
 * still aboard saves as a passenger of a destroyed vehicle would (TP-14.5, TP-A55); the ones who
 * save wade ashore on the bank the boat lay at and test morale (TP-15.1e).
 */
export function swampBoat(
  ctx: TankplankContext,
  state: TankplankState,
  boatId: string,
  dice: Dice,
  events: TankplankEvent[],
): TankplankState {
  const boat = state.units.get(boatId)!;
  const at = positionOf(state, boatId);
  let next = withUnit(state, boatId, { alive: false, doomed: false, at: null, passengers: [] });
  events.push({ type: 'BoatSwamped', boat: boatId, ruleId: 'TP-G7' });
  const spot = at ? creekSpot(ctx, at) : undefined;
  const needed = constant(ctx.catalog, 'passengerSave');
  const aboard = (boat.passengers ?? []).filter((p) => {
    const u = next.units.get(p);
    return !!u && u.alive && !u.doomed && u.boat === boatId;
  });
  aboard.forEach((pid, k) => {
    const roll = dice.roll();
    const saved = roll >= needed;
    events.push({
      type: 'SaveRolled',
      unit: pid,
      needed,
      roll,
      saved,
      modifiers: [],
      ruleId: 'TP-A55',
    });
    const formation = next.units.get(pid)!.formation;
    const fs = next.formations.get(formation);
    if (!saved) {
      next = withUnit(next, pid, { alive: false, at: null, boat: undefined });
      events.push({ type: 'CasualtyRemoved', unit: pid, ruleId: 'TP-14.5' });
      if (fs) next = withFormation(next, formation, { lostThisTurn: fs.lostThisTurn + 1 });
      return;
    }
    // Ashore on the boat's own side, just beyond the creek and its gully.
    const shore = spot ? spot.outerHalf + constant(ctx.catalog, 'figureBaseRadius') : 0;
    const spacing = 2 * constant(ctx.catalog, 'figureBaseRadius');
    const side = (k - (aboard.length - 1) / 2) * spacing;
    const p: Point = spot
      ? [
          round(spot.centre.x - spot.across.x * shore + spot.along.x * side),
          round(spot.centre.y - spot.across.y * shore + spot.along.y * side),
        ]
      : [at!.x, at!.y];
    next = withUnit(next, pid, { at: p, boat: undefined });
    events.push({
      type: 'CrewBailedOut',
      vehicle: boatId,
      unit: pid,
      role: next.units.get(pid)!.role ?? 'passenger',
      at: p,
      ruleId: 'TP-A55',
    });
    if (fs) next = withFormation(next, formation, { survivedVehicle: true });
  });
  return next;
}

const round = (n: number) => Math.round(n * 1000) / 1000;
