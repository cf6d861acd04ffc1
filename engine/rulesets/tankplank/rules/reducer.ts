import { withUnit, withFormation } from './state';
import type { Point } from '../../../format';
import { Dice } from '../../../random/dice';
import { accepted, invalid, type Reducer, type Reduction } from '../../../game/reducer';
import { hashState } from '../../../game/stateHash';
import { pathCost } from '../../../movement/movementCost';
import { inGap } from '../../../terrain/gaps';
import { rectangleCorners, segmentInsidePolygon } from '../../../geometry/polygon';
import { bearing, distance, lerpPoint, project } from '../../../geometry/vector';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { TankplankAction, TankplankEvent, Modifier } from './actions';
import { constant, num, stat, tableRows, text } from './catalog';
import { moverOf, type TankplankContext } from './context';
import {
  ammoLeft,
  blastEffects,
  grenadeOutcome,
  gunCrew,
  planShot,
  type PenetrationStep,
  type SaveStep,
  type ShotPlan,
} from './fire';
import {
  baseRate,
  dist,
  sightBetween,
  formationSize,
  info,
  isTeamWeapon,
  obstructions,
  onTable,
  positionOf,
  weaponKey,
  weaponsOf,
} from './situation';
import type { FormationState, TankplankState, UnitState, WreckState } from './state';
import { shapeContains } from './zones';
import { aaMgMoveRefusal, manAaMg } from './aaMg';
import { applyHouseHit, burningRoofRefusal, leaveBurningRoofs } from './structures';
import { boardBoat, boatHold, boatMountRefusal, crossInBoat, isBoat, swampBoat } from './boats';
import {
  countsAsTroops,
  dropWeapon,
  fireCaptured,
  joinCrew,
  leftBehind,
  loadRefusal,
  pickUpWeapon,
  pieceMoveRefusal,
} from './salvage';
import {
  handAmmo,
  loseCarriedAmmo,
  moveLimitRefusal,
  pushWreck,
  recoverAmmo,
  wreckInTheWay,
} from './logistics';
import {
  artilleryCallRefusal,
  artilleryFired,
  artilleryMoved,
  indirectDiameter,
  isArtillery,
} from './artillery';

type Events = TankplankEvent[];
type Result = Reduction<TankplankState, TankplankEvent>;

/**
 * The Tankplank reducer: `(state, action) -> { state, events } | invalid(reason)`. The turn runs
 * Movement → Firing → Morale (TP-4.2); each side ends a phase with `endPhase`, and when both
 * have, the next phase starts. The Morale phase needs no decisions and runs at once.
 */
export function tankplankReducer(
  ctx: TankplankContext,
): Reducer<TankplankState, TankplankAction, TankplankEvent> {
  return (state, action) => {
    if (state.phase === 'ended') return invalid('the game is over');
    switch (action.type) {
      case 'move':
        return move(ctx, state, action.unit, action.path, action.facing);
      case 'face':
        return face(ctx, state, action.unit, action.facing, action.turret);
      case 'mount':
        return mount(ctx, state, action.unit, action.vehicle);
      case 'dismount':
        return dismount(ctx, state, action.unit, action.at);
      case 'setUp':
        return setUp(ctx, state, action.unit, true);
      case 'breakDown':
        return setUp(ctx, state, action.unit, false);
      case 'fire':
        return fire(ctx, state, action);
      case 'callFire':
        return callFire(ctx, state, action.unit, action.mortar, action.at);
      case 'manAaMg':
        return manAaMg(ctx, state, action.unit);
      case 'climb':
        return climb(ctx, state, action.unit, action.to);
      case 'recoverAmmo':
      case 'handAmmo':
      case 'pushWreck': {
        // Ammunition logistics and pushing wrecks live in logistics.ts (TP-17.3, TP-5.10).
        const m = movable(ctx, state, action.unit);
        if ('refuse' in m) return m.refuse;
        if (action.type === 'recoverAmmo')
          return recoverAmmo(ctx, state, action.unit, action.wreck);
        if (action.type === 'handAmmo') return handAmmo(ctx, state, action.unit, action.to);
        return pushWreck(ctx, state, action.unit, action.wreck, action.to);
      }
      case 'boardBoat':
      case 'crossInBoat':
      case 'pickUpWeapon':
      case 'dropWeapon':
      case 'joinCrew':
      case 'fireCaptured':
        return salvageOrBoat(ctx, state, action);
      case 'endPhase':
        return endPhase(ctx, state, action.side, action.timeUp === true);
      case 'forceDice':
        if (!state.allowForcedDice) return invalid('forced dice are for test set-ups only');
        return accepted(
          {
            ...state,
            rng: { ...state.rng, forced: [...(state.rng.forced ?? []), ...action.rolls] },
          },
          [],
        );
    }
  };
}

/** Boats (boats.ts, TP-5.3, TP-G7) and heavy weapons without their crews (salvage.ts, TP-16). */
function salvageOrBoat(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<
    TankplankAction,
    {
      type:
        'boardBoat' | 'crossInBoat' | 'pickUpWeapon' | 'dropWeapon' | 'joinCrew' | 'fireCaptured';
    }
  >,
): Result {
  const check = (s: TankplankState, id: string) => {
    const m = movable(ctx, s, id);
    return 'refuse' in m ? m.refuse : undefined;
  };
  switch (action.type) {
    case 'boardBoat':
      return boardBoat(ctx, state, action, check);
    case 'crossInBoat':
      return crossInBoat(ctx, state, state.units[action.unit]?.boat ?? action.unit);
    case 'pickUpWeapon':
      return pickUpWeapon(ctx, state, action, check);
    case 'dropWeapon':
      return dropWeapon(ctx, state, action.unit, check);
    case 'joinCrew':
      return joinCrew(ctx, state, action, check);
    case 'fireCaptured':
      return fireCaptured(ctx, state, action, (s, a) => fire(ctx, s, a));
  }
}

// ---------------------------------------------------------------------------------------------
// Movement phase

function movable(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
): { unit: UnitState } | { refuse: Result } {
  if (state.phase !== 'movement')
    return {
      refuse: invalid(
        'units move only in the Movement phase; once firing starts nobody moves',
        'TP-4.5',
      ),
    };
  const unit = state.units[id];
  if (!unit || !unit.alive) return { refuse: invalid(`unit ${id} is not in play`) };
  if (unit.spawned) {
    return { refuse: invalid(`${id} is a crew out of its wreck and acts on its own`, 'TP-16.2') };
  }
  if (state.ended.includes(unit.side))
    return { refuse: invalid(`side ${unit.side} has ended its movement`) };
  const order = state.formations[unit.formation]?.morale;
  if (order && order.movesLeft > 0 && unit.moved >= 1) {
    return {
      refuse: invalid(
        `${id} is carrying out a morale result (${order.result}) instead of moving`,
        'TP-15.4',
      ),
    };
  }
  if (unit.immobilised) return { refuse: invalid(`${id} is immobilised`, 'TP-A31') };
  const held = boatHold(ctx, state, unit);
  if (held) return { refuse: held };
  if (unit.commanderHitTurn !== undefined && unit.commanderHitTurn === state.turn - 1) {
    return {
      refuse: invalid(`${id} may not move the turn after its commander was hit`, 'TP-5.12'),
    };
  }
  void ctx;
  return { unit };
}

/** The rate a unit moves at now: carrying an assembled weapon or towing a gun slows it (TP-5.5, TP-5.6). */
export function unitMover(ctx: TankplankContext, state: TankplankState, id: string) {
  return moverFor(ctx, state, id);
}

function moverFor(ctx: TankplankContext, state: TankplankState, id: string) {
  const i = info(ctx, state, id);
  if (i.kind === 'figure') {
    const assembled = weaponsOf(ctx, i).some(
      (m) =>
        isTeamWeapon(m.weapon) &&
        state.teamWeapons[weaponKey(i, m.weapon)]?.setUp &&
        m.weapon.stats?.['needsSetUp'] === true,
    );
    if (assembled) {
      const row = tableRows(ctx.catalog, 'movementRates').find(
        (r) => r['mover'] === 'carryingAssembledWeapon',
      );
      return { mover: moverOf(ctx, i.type, row ? num(row, 'offRoad') : 1), ruleId: 'TP-5.6' };
    }
  }
  return {
    mover: moverOf(ctx, i.type),
    ruleId: i.type.mobility === 'wheeled' ? 'TP-5.2' : 'TP-5.1',
  };
}

/** Men of the gun's own team within reach of it, plus crew counted on the gun itself. */
function gunHands(ctx: TankplankContext, state: TankplankState, gun: string): number {
  const g = state.units[gun]!;
  const p = positionOf(state, gun);
  if (!p) return 0;
  const reach = constant(ctx.catalog, 'crewProximity');
  let n = Object.values(g.crew).reduce((a, b) => a + b, 0);
  for (const u of Object.values(state.units)) {
    if (u.id === gun || !onTable(u) || u.formation !== g.formation || u.doomed) continue;
    if (info(ctx, state, u.id).kind !== 'figure') continue;
    if (dist([u.at[0], u.at[1]], p) <= reach + 1e-9) n++;
  }
  return n;
}

/** The first wreck a vehicle's path runs into (wrecks stay obstacles, TP-14.4). */
function wreckOnPath(
  ctx: TankplankContext,
  state: TankplankState,
  points: readonly TablePoint[],
): string | undefined {
  for (const w of state.wrecks) {
    const type = ctx.catalog.units.get(w.type);
    const poly = rectangleCorners(
      w.at[0],
      w.at[1],
      type?.size?.length ?? 1.5,
      type?.size?.width ?? 1,
      w.facing,
    );
    for (let k = 1; k < points.length; k++) {
      if (segmentInsidePolygon(points[k - 1]!, points[k]!, poly).length > 0) return w.unit;
    }
  }
  return undefined;
}

function onEntryEdge(ctx: TankplankContext, side: string, p: TablePoint): boolean {
  const e = ctx.entryEdges.get(side);
  if (!e) return false;
  const tol = 0.01;
  const along = e.edge === 'north' || e.edge === 'south' ? p.x : p.y;
  if (e.from !== undefined && along < e.from - tol) return false;
  if (e.to !== undefined && along > e.to + tol) return false;
  switch (e.edge) {
    case 'west':
      return Math.abs(p.x) <= tol;
    case 'east':
      return Math.abs(p.x - ctx.map.width) <= tol;
    case 'north':
      return Math.abs(p.y) <= tol;
    case 'south':
      return Math.abs(p.y - ctx.map.height) <= tol;
  }
}

function move(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  path: readonly Point[],
  facing?: number,
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (unit.embarkedIn)
    return invalid(`${id} rides in ${unit.embarkedIn}; dismount first`, 'TP-5.3');
  const piece = pieceMoveRefusal(ctx, state, id);
  if (piece) return piece;
  if (path.length === 0) return invalid('a move needs at least one point');
  const i = info(ctx, state, id);
  let points = path.map(([x, y]) => tablePoint(x, y));
  const events: Events = [];
  if (!unit.at) {
    if (!onEntryEdge(ctx, unit.side, points[0]!))
      return invalid(`${id} must enter on its side's entry edge`, 'TP-4.1');
  } else {
    const here = tablePoint(unit.at[0], unit.at[1]);
    if (distance(points[0]!, here) > 1e-6) points = [here, ...points];
  }
  if (i.kind === 'gun') {
    const key = weaponsOf(ctx, i)[0];
    if (key && state.teamWeapons[weaponKey(i, key.weapon)]?.setUp)
      return invalid('an AT gun moves only when broken down', 'TP-5.5');
    // Two men drag it (TP-5.5); a gun that starts off the table comes on with its crew.
    if (unit.at && gunHands(ctx, state, id) < 2)
      return invalid('two men are needed to move the gun', 'TP-5.5');
  }
  const { mover, ruleId } = moverFor(ctx, state, id);
  const cost = pathCost(ctx.terrain, mover, points, state.gaps ?? []);
  if (!cost.legal)
    return invalid(cost.blockedBy?.reason ?? 'the path is blocked', cost.blockedBy?.ruleId);
  const wreck = i.kind !== 'figure' ? wreckOnPath(ctx, state, points) : undefined;
  if (wreck) return invalid(wreckInTheWay(ctx, state, wreck, id), 'TP-14.4');
  const reloading = moveLimitRefusal(ctx, state, unit, cost.cost);
  if (reloading) return reloading;
  const aaMg = aaMgMoveRefusal(ctx, state, unit, cost);
  if (aaMg) return invalid(aaMg.reason, aaMg.ruleId);
  const budget = 1 - unit.moved;
  if (cost.cost > budget + 1e-9) {
    return invalid(
      `the move costs ${fmt(cost.cost)} of a turn (${fmt(cost.inches)}" at ${cost.rate}"/turn${cost.charges.length > 1 ? ' plus terrain' : ''}); ${fmt(budget)} is left`,
      cost.allOnRoad ? ruleId : mover.roadRateOnlyIfAllOnRoad ? 'TP-5.2' : ruleId,
    );
  }
  const end = points[points.length - 1]!;
  const last = points.length >= 2 ? bearing(points[points.length - 2]!, end) : unit.facing;
  let next = withUnit(state, id, {
    at: [end.x, end.y],
    facing: facing ?? (distance(points[0]!, end) > 0 ? last : unit.facing),
    moved: unit.moved + cost.cost,
    movedInches: unit.movedInches + cost.inches,
  });
  next = artilleryMoved(ctx, next, i);
  events.push({
    type: 'UnitMoved',
    unit: id,
    from: unit.at ? [unit.at[0], unit.at[1]] : null,
    to: [end.x, end.y],
    inches: round(cost.inches),
    cost: round(cost.cost),
    rate: cost.rate,
    ruleIds: [...new Set(cost.charges.map((c) => c.ruleId))],
  });
  if (i.type.keywords?.includes('breachesThinWalls')) next = breachWalls(ctx, next, points);
  next = revealObjectives(ctx, next, events);
  return accepted(next, events);
}

/** A tracked vehicle that drives through a thin wall knocks a section down (TP-5.9). */
function breachWalls(
  ctx: TankplankContext,
  state: TankplankState,
  points: readonly TablePoint[],
): TankplankState {
  const gaps = [...(state.gaps ?? [])];
  const width = constant(ctx.catalog, 'breachWidth');
  for (let k = 1; k < points.length; k++) {
    const a = points[k - 1]!;
    const b = points[k]!;
    for (const { entry, spans } of ctx.terrain.crossings(a, b)) {
      const f = entry.feature;
      if (f.kind !== 'wall' && f.kind !== 'fence') continue;
      if (f.breachableByTracked === false || entry.rules.impassableTo.includes('tracked')) continue;
      if (entry.rules.impassableTo.includes('allVehicles')) continue;
      for (const sp of spans) {
        const p = lerpPoint(a, b, sp.t0);
        if (!inGap(gaps, entry.id, p)) gaps.push({ feature: entry.id, at: [p.x, p.y], width });
      }
    }
  }
  return gaps.length === (state.gaps?.length ?? 0) ? state : { ...state, gaps };
}

function face(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  facing: number,
  turret?: number,
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  const i = info(ctx, state, id);
  let cost = 0;
  let noFire = unit.noFire;
  const frontMg =
    i.kind === 'figure' && weaponsOf(ctx, i).some((w) => w.weapon.stats?.['arc'] === 'front');
  const turn = Math.abs(((facing - unit.facing + 540) % 360) - 180);
  if (frontMg && turn > ctx.options.num('TP-A9') / 2) {
    const row = tableRows(ctx.catalog, 'actionCosts').find((r) => r['action'] === 'turnMgAbout');
    cost = row ? num(row, 'cost') : 1;
    if (unit.moved + cost > 1 + 1e-9)
      return invalid('turning an MG about takes a full move', 'TP-8.5');
    noFire = true;
  }
  const next = withUnit(state, id, {
    facing,
    turret: turret ?? unit.turret,
    moved: unit.moved + cost,
    noFire,
  });
  return accepted(next, [
    { type: 'UnitFaced', unit: id, facing, turret: turret ?? unit.turret, cost },
  ]);
}

function actionCost(ctx: TankplankContext, action: string): { cost: number; ruleId: string } {
  const row = tableRows(ctx.catalog, 'actionCosts').find((r) => r['action'] === action);
  return { cost: row ? num(row, 'cost') : 1, ruleId: row ? text(row, 'ruleId') : 'TP-5.3' };
}

function mount(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  vehicleId: string,
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  const vehicle = state.units[vehicleId];
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

function dismount(ctx: TankplankContext, state: TankplankState, id: string, at: Point): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (!unit.embarkedIn) return invalid(`${id} is not in a vehicle`);
  const vehicle = state.units[unit.embarkedIn]!;
  const vp = positionOf(state, vehicle.id);
  if (!vp) return invalid(`${vehicle.id} is not on the table`);
  const p = tablePoint(at[0], at[1]);
  if (distance(p, vp) > constant(ctx.catalog, 'mountReach') + 1e-9)
    return invalid('get out beside the vehicle', 'TP-5.3');
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

function setUp(ctx: TankplankContext, state: TankplankState, id: string, up: boolean): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (!onTable(unit)) return invalid(`${id} is not on the table`);
  const i = info(ctx, state, id);
  const mountW = weaponsOf(ctx, i).find((w) => w.weapon.stats?.['needsSetUp'] === true);
  if (!mountW) return invalid(`${id} has nothing to set up`);
  const key = weaponKey(i, mountW.weapon);
  const tw = state.teamWeapons[key] ?? {
    setUp: false,
    setUpTurn: 0,
    ammo: stat(mountW.weapon.stats, 'ammo', 6),
  };
  if (tw.setUp === up)
    return invalid(`${mountW.weapon.name} is already ${up ? 'set up' : 'broken down'}`);
  const action = up
    ? isArtillery(mountW.weapon)
      ? 'setUpArtillery'
      : mountW.weapon.kind === 'mortar'
        ? 'setUpMortar'
        : mountW.weapon.kind === 'cannon'
          ? 'setUpAtGun'
          : 'setUpHmg'
    : 'breakDown';
  const { cost, ruleId } = actionCost(ctx, action);
  if (unit.moved + cost > 1 + 1e-9)
    return invalid(
      `${up ? 'setting up' : 'breaking down'} takes ${cost === 1 ? 'a full' : 'half a'} move`,
      ruleId,
    );
  let next = withUnit(state, id, {
    moved: unit.moved + cost,
    ...(up && !ctx.options.bool('TP-A28') ? { noFire: true } : {}),
  });
  next = {
    ...next,
    teamWeapons: { ...next.teamWeapons, [key]: { ...tw, setUp: up, setUpTurn: state.turn } },
  };
  return accepted(next, [
    up
      ? { type: 'WeaponSetUp', unit: id, weapon: mountW.weapon.id, ruleId }
      : { type: 'WeaponBrokenDown', unit: id, weapon: mountW.weapon.id, ruleId },
  ]);
}

function climb(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  to: 'ground' | 'upper' | 'roof',
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (!onTable(unit) || info(ctx, state, id).kind !== 'figure')
    return invalid('only men on the table climb');
  const from: 'ground' | 'upper' | 'roof' = unit.level ?? 'ground';
  if (from === to) return invalid(`${id} is already there`);
  const p = tablePoint(unit.at[0], unit.at[1]);
  const house = ctx.terrain.featuresAt(p).find((e) => e.feature.kind === 'building');
  if (!house || house.feature.kind !== 'building')
    return invalid(`${id} is not at a house`, 'TP-5.7');
  const b = house.feature;
  const open = b.buildingKind !== 'closed';
  if ((to === 'upper' || from === 'upper') && (!open || b.floors < 2)) {
    return invalid('only the open houses have an upper floor men can use', 'TP-5.7');
  }
  if (to === 'roof' || from === 'roof') {
    if (open)
      return invalid('the open houses have only partial roofs; men use the upper floor', 'TP-5.7');
    if (b.roof?.access === 'none') return invalid('this roof cannot be reached', 'TP-5.7');
    const burning = to === 'roof' ? burningRoofRefusal(state, house.id) : undefined;
    if (burning) return invalid(burning.reason, burning.ruleId);
    // A helper stays on the ground: another man of the same unit by the house.
    const helper = Object.values(state.units).some(
      (u) =>
        u.id !== id &&
        onTable(u) &&
        u.formation === unit.formation &&
        !u.level &&
        ctx.terrain.featuresAt(tablePoint(u.at[0], u.at[1]), 0.5).some((e) => e.id === house.id),
    );
    if (to === 'roof' && !helper)
      return invalid('climbing onto a closed roof needs a helper on the ground', 'TP-5.7');
  }
  const { cost, ruleId } = actionCost(
    ctx,
    to === 'roof' || from === 'roof' ? 'climbOntoRoof' : 'changeFloor',
  );
  if (unit.moved + cost > 1 + 1e-9)
    return invalid(`that takes ${cost === 1 ? 'a full' : 'half a'} move`, ruleId);
  const next = withUnit(state, id, {
    moved: unit.moved + cost,
    ...(to === 'ground' ? { level: undefined } : { level: to }),
  });
  // A climb is a move upwards: same spot, a share of the allowance, a new level.
  return accepted(next, [
    {
      type: 'UnitMoved',
      unit: id,
      from: [p.x, p.y],
      to: [p.x, p.y],
      inches: 0,
      cost,
      rate: 0,
      ruleIds: [ruleId],
      level: to,
    },
  ]);
}

// ---------------------------------------------------------------------------------------------
// Firing phase

function callFire(
  ctx: TankplankContext,
  state: TankplankState,
  observerId: string,
  mortarId: string,
  at: Point,
): Result {
  if (state.phase !== 'firing') return invalid('fire is called in the Firing phase', 'TP-12.4');
  const observer = state.units[observerId];
  const crew = state.units[mortarId];
  if (!observer || !observer.alive || !positionOf(state, observerId))
    return invalid(`observer ${observerId} is not on the table`);
  if (!onTable(crew)) return invalid(`mortar crew ${mortarId} is not on the table`);
  if (crew.side !== observer.side) return invalid("an observer calls only his own side's mortar");
  const cInfo = info(ctx, state, mortarId);
  const mortar = weaponsOf(ctx, cInfo).find(
    (w) => w.weapon.kind === 'mortar' || isArtillery(w.weapon),
  );
  if (!mortar) return invalid(`${mortarId} serves no mortar or artillery piece`);
  const notCallable = artilleryCallRefusal(ctx, mortar.weapon);
  if (notCallable) return invalid(notCallable.reason, notCallable.ruleId);
  if ((state.fired[observerId]?.length ?? 0) > 0)
    return invalid('an observer who has fired this turn cannot call fire', 'TP-12.4');
  const oInfo = info(ctx, state, observerId);
  const reach = ctx.options.num('TP-A29');
  const op = positionOf(state, observerId)!;
  const radiomen = Object.values(state.units).filter(
    (u): u is UnitState & { at: readonly [number, number] } =>
      onTable(u) && u.side === observer.side && u.role === 'radioman' && !u.doomed,
  );
  const isObserver =
    oInfo.kind === 'vehicle'
      ? oInfo.type.keywords?.includes('observer') === true
      : observer.role === 'officer' &&
        radiomen.some((r) => dist([r.at[0], r.at[1]], op) <= reach + 1e-9);
  if (!isObserver)
    return invalid(
      `${observerId} is not an observer: an officer with a radioman, or an observer vehicle`,
      'TP-12.4',
    );
  const mp = tablePoint(crew.at[0], crew.at[1]);
  if (!radiomen.some((r) => dist([r.at[0], r.at[1]], mp) <= reach + 1e-9)) {
    return invalid(`no radioman within ${reach}" of the mortar to pass the orders`, 'TP-A29');
  }
  const p = tablePoint(at[0], at[1]);
  const diameter = indirectDiameter(ctx, mortar.weapon);
  const obs = obstructions(ctx, state);
  const seen = Object.values(state.units).some(
    (u) =>
      onTable(u) &&
      u.side !== observer.side &&
      dist([u.at[0], u.at[1]], p) <= diameter &&
      sightBetween(
        ctx,
        state,
        { unit: observerId, point: op },
        { unit: u.id, point: tablePoint(u.at[0], u.at[1]) },
        obs,
      ).visible,
  );
  if (!seen)
    return invalid('the observer must see enemy troops or vehicles at that point', 'TP-12.1');
  const key = weaponKey(cInfo, mortar.weapon);
  const tw = state.teamWeapons[key] ?? {
    setUp: false,
    setUpTurn: 0,
    ammo: stat(mortar.weapon.stats, 'ammo', 6),
  };
  let next: TankplankState = {
    ...state,
    teamWeapons: {
      ...state.teamWeapons,
      [key]: { ...tw, call: { at: [p.x, p.y], turn: state.turn } },
    },
  };
  next = withUnit(next, observerId, { noFire: true });
  next = {
    ...next,
    fired: {
      ...next.fired,
      [observerId]: [...(next.fired[observerId] ?? []), `${observerId}:call`],
    },
  };
  return accepted(next, [
    {
      type: 'FireCalled',
      observer: observerId,
      weapon: mortar.weapon.id,
      at: [p.x, p.y],
      ruleId: isArtillery(mortar.weapon) ? 'TP-18.7a' : 'TP-12.4',
    },
  ]);
}

function fire(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'fire' }>,
): Result {
  if (state.phase !== 'firing') return invalid('weapons fire only in the Firing phase', 'TP-4.2');
  const shooter = state.units[action.unit];
  if (shooter && state.ended.includes(shooter.side))
    return invalid(`side ${shooter.side} has ended its firing`);
  const plan = planShot(ctx, state, action);
  if ('refused' in plan) return invalid(plan.reason, plan.ruleId);
  const dice = new Dice(state.rng);
  const events: Events = [];
  let next = resolveShot(ctx, state, plan, dice, events);
  next = loseCarriedAmmo(ctx, next, events);
  // Spend the round and mark the weapon as fired this phase.
  const sInfo = info(ctx, state, plan.shooter);
  const left = ammoLeft(state, sInfo, plan.weapon, plan.key, plan.ammoKind);
  if (left !== undefined && Number.isFinite(left)) {
    if (isTeamWeapon(plan.weapon) && sInfo.kind === 'figure') {
      const tw = next.teamWeapons[plan.key]!;
      next = {
        ...next,
        teamWeapons: { ...next.teamWeapons, [plan.key]: { ...tw, ammo: tw.ammo - 1 } },
      };
    } else {
      const kind = plan.ammoKind ?? 'AP';
      const u = next.units[plan.shooter]!;
      next = withUnit(next, plan.shooter, { ammo: { ...u.ammo, [kind]: (u.ammo[kind] ?? 0) - 1 } });
    }
  }
  next = {
    ...next,
    fired: { ...next.fired, [plan.shooter]: [...(next.fired[plan.shooter] ?? []), plan.key] },
    rng: dice.state(),
  };
  next = artilleryFired(next, plan);
  return accepted(next, events);
}

function resolveShot(
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
  const side = state.units[plan.shooter]!.side;
  if (wall && !inGap(next.gaps ?? [], wall.id, plan.at)) {
    next = {
      ...next,
      gaps: [...(next.gaps ?? []), { feature: wall.id, at: [plan.at.x, plan.at.y], width }],
    };
    for (const u of Object.values(next.units)) {
      if (!onTable(u) || u.side === side || info(ctx, next, u.id).kind !== 'figure') continue;
      if (dist([u.at[0], u.at[1]], plan.at) <= width / 2 + 1)
        next = doom(next, u.id, plan.shooter, 'TP-11.8', events);
    }
  }
  // A house struck: the hole or the roof hit; its casualties are among the plan's saves (TP-11.5–11.7).
  if (plan.house) next = applyHouseHit(ctx, next, plan.shooter, plan.house, events);
  return next;
}

function applyTemplate(
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

function penetrate(
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

function doom(
  state: TankplankState,
  id: string,
  by: string,
  ruleId: string,
  events: Events,
): TankplankState {
  const u = state.units[id];
  if (!u || !u.alive || u.doomed) return state;
  events.push({ type: 'CasualtyMarked', unit: id, by, ruleId });
  return withUnit(state, id, { doomed: true });
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
    [...targets].map((t) => state.units[t]?.formation).filter((f): f is string => !!f),
  )) {
    const f = next.formations[formation];
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
        (bigGun && plan.target && next.units[plan.target]?.formation === formation ? 1 : 0),
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
  const side = state.units[plan.shooter]!.side;
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
  for (const f of new Set(saves.map((s) => state.units[s.unit]!.formation))) {
    const fs = next.formations[f];
    if (fs && !fs.bombardedTurns.includes(state.turn))
      next = withFormation(next, f, { bombardedTurns: [...fs.bombardedTurns, state.turn] });
  }
  return applyTemplate(ctx, next, { ...plan, at: landed }, saves, blast.vehicles, dice, events);
}

// ---------------------------------------------------------------------------------------------
// Phase changes, end of firing, morale and victory

function endPhase(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  timeUp = false,
): Result {
  if (!ctx.sides.includes(side)) return invalid(`no side ${side}`);
  if (state.ended.includes(side))
    return invalid(`side ${side} has already ended the ${state.phase} phase`);
  if (timeUp && state.phase !== 'movement')
    return invalid('only the Movement phase is played against the clock', 'TP-4.3');
  const events: Events = [
    timeUp
      ? { type: 'PhaseEnded', side, phase: state.phase, timeUp, ruleId: 'TP-4.3' }
      : { type: 'PhaseEnded', side, phase: state.phase },
  ];
  const ended = [...state.ended, side];
  if (ended.length < ctx.sides.length) return accepted({ ...state, ended }, events);
  const dice = new Dice(state.rng);
  let next: TankplankState = { ...state, ended: [] };
  if (state.phase === 'movement') {
    next = { ...next, phase: 'firing', fired: {} };
    events.push({ type: 'PhaseStarted', turn: state.turn, phase: 'firing', ruleId: 'TP-4.6' });
  } else {
    next = leftBehind(ctx, state, removeCasualties(ctx, next, dice, events), events);
    events.push({ type: 'PhaseStarted', turn: state.turn, phase: 'morale', ruleId: 'TP-4.7' });
    next = moralePhase(ctx, { ...next, phase: 'morale' }, dice, events);
    next = checkVictory(ctx, next, events);
    if (next.phase !== 'ended') next = startTurn(ctx, next, dice, events);
  }
  return accepted({ ...next, rng: dice.state() }, events);
}

function removeCasualties(
  ctx: TankplankContext,
  state: TankplankState,
  dice: Dice,
  events: Events,
): TankplankState {
  let next = state;
  const passengerSave = constant(ctx.catalog, 'passengerSave');
  for (const u of Object.values(state.units)) {
    if (!u.doomed) continue;
    const i = info(ctx, state, u.id);
    const f = next.formations[u.formation];
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
    next = { ...next, wrecks: [...next.wrecks, wreck] };
    events.push({ type: 'VehicleDestroyed', unit: u.id, wreck: wreck.id, ruleId: 'TP-14.4' });
    // Every passenger and crewman saves on 5+ whatever destroyed the vehicle (TP-14.5, TP-A55).
    let slot = 0;
    const spot = () => {
      const p = project(at, u.facing + 90 + 40 * slot, 1 + 0.3 * Math.floor(slot / 9));
      slot++;
      return clampToTable(ctx, p);
    };
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
      const pf = next.units[pid]!.formation;
      if (!saved) {
        next = withUnit(next, pid, { alive: false, embarkedIn: null, at: null });
        events.push({ type: 'CasualtyRemoved', unit: pid, ruleId: 'TP-14.5' });
        const fs = next.formations[pf];
        if (fs) next = withFormation(next, pf, { lostThisTurn: fs.lostThisTurn + 1 });
      } else {
        const p = spot();
        next = withUnit(next, pid, { embarkedIn: null, at: [p.x, p.y] });
        events.push({
          type: 'CrewBailedOut',
          vehicle: u.id,
          unit: pid,
          role: next.units[pid]!.role ?? 'passenger',
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
        const p = spot();
        const crewman: UnitState = {
          id: crewId,
          side: u.side,
          formation: u.formation,
          type: 'tp.driver',
          role,
          at: [p.x, p.y],
          facing: u.facing,
          turret: 0,
          alive: true,
          doomed: false,
          embarkedIn: null,
          passengers: [],
          crew: {},
          ammo: {},
          moved: 0,
          movedInches: 0,
          noFire: false,
          spawned: true,
        };
        next = { ...next, units: { ...next.units, [crewId]: crewman } };
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

function moralePhase(
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
  for (const [fid, f] of Object.entries(state.formations)) {
    const size = formationSize(ctx, next, fid);
    if (size === 0) continue;
    const fi = ctx.formations.get(fid);
    const members = Object.values(next.units).filter((u) => u.formation === fid && u.alive);
    const figures = members.filter((u) => info(ctx, next, u.id).kind === 'figure');
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
    if (figures.length > 0 && f.armourAttackers.length > 0 && !tankNear)
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
    next = withFormation(next, fid, { quarterReached });
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
    if (figures.length > 0 && tankNear) mods.push(mod('tankSupport', 'supported by tanks'));
    if (figures.length > 0 && f.armourAttackers.length >= 2)
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
  const members = Object.values(state.units).filter(
    (u): u is UnitState & { at: readonly [number, number] } =>
      u.formation === formation && onTable(u),
  );
  if (members.length === 0) return false;
  const side = members[0]!.side;
  return Object.values(state.units).some((t) => {
    if (!onTable(t) || t.side !== side || t.doomed) return false;
    if (info(ctx, state, t.id).type.class !== 'tank') return false;
    return members.some((m) => dist([m.at[0], m.at[1]], [t.at[0], t.at[1]]) <= range + 1e-9);
  });
}

function officerNear(ctx: TankplankContext, state: TankplankState, formation: string): boolean {
  const members = Object.values(state.units).filter(
    (u): u is UnitState & { at: readonly [number, number] } =>
      u.formation === formation && onTable(u),
  );
  return Object.values(state.units).some((o) => {
    if (!onTable(o) || o.role !== 'officer' || o.formation === formation || o.doomed) return false;
    if (members.length === 0 || o.side !== members[0]!.side) return false;
    const half = baseRate(info(ctx, state, o.id)) * constant(ctx.catalog, 'halfMove');
    return members.some((m) => dist([m.at[0], m.at[1]], [o.at[0], o.at[1]]) <= half + 1e-9);
  });
}

function revealObjectives(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
): TankplankState {
  let next = state;
  for (const [side, o] of Object.entries(state.objectives)) {
    if (o.revealed) continue;
    const obj = ctx.objectives.find((x) => x.id === o.objective);
    if (!obj?.area) continue;
    const inside = Object.values(state.units).some(
      (u) =>
        u.side === side &&
        onTable(u) &&
        shapeContains(obj.area!, tablePoint(u.at[0], u.at[1]), ctx.map),
    );
    if (!inside) continue;
    const verified = hashState({ side, objective: obj.id, area: obj.area }) === o.commitment;
    next = { ...next, objectives: { ...next.objectives, [side]: { ...o, revealed: true } } };
    events.push({
      type: 'ObjectiveRevealed',
      side,
      objective: obj.id,
      commitment: o.commitment,
      verified,
      ruleId: 'TP-3.2',
    });
  }
  return next;
}

function checkVictory(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
): TankplankState {
  let next = state;
  const holdTurns = ctx.options.num('TP-A47');
  const winners: string[] = [];
  for (const [side, o] of Object.entries(state.objectives)) {
    const obj = ctx.objectives.find((x) => x.id === o.objective);
    if (!obj?.area) continue;
    const inZone = Object.values(next.units).filter(
      (u) => onTable(u) && shapeContains(obj.area!, tablePoint(u.at[0], u.at[1]), ctx.map),
    );
    const own = inZone.filter((u) => u.side === side && info(ctx, next, u.id).kind === 'figure');
    const enemy = inZone.filter((u) => u.side !== side);
    const roles = obj.holders?.requiredRoles ?? [];
    const rolesMet = roles.every((r) => own.filter((u) => u.role === r.role).length >= r.min);
    const holds =
      own.length > 0 && rolesMet && (obj.holders?.excludeEnemy === false || enemy.length === 0);
    const heldTurns = holds ? o.heldTurns + 1 : 0;
    next = { ...next, objectives: { ...next.objectives, [side]: { ...o, heldTurns } } };
    if (holds)
      events.push({
        type: 'ObjectiveHeld',
        side,
        objective: obj.id,
        turns: heldTurns,
        ruleId: 'TP-A47',
      });
    if (heldTurns >= (obj.holdTurns ?? holdTurns)) winners.push(side);
  }
  const end = (winner: string, reason: string, ruleId: string): TankplankState => {
    events.push({ type: 'GameEnded', winner, reason, ruleId });
    return { ...next, phase: 'ended', result: { winner, reason } };
  };
  if (winners.length > 1)
    return end('draw', 'both sides completed their hold in the same turn', 'TP-G12');
  if (winners.length === 1)
    return end(winners[0]!, 'took its objective and held it for three turns', 'TP-3.3');
  const alive = ctx.sides.filter((s) =>
    Object.values(next.units).some(
      (u) => u.side === s && u.alive && countsAsTroops(ctx, next, u.id),
    ),
  );
  if (alive.length === 1)
    return end(alive[0]!, 'the other side has no units left (non-source end condition)', 'TP-G12');
  if (alive.length === 0) return end('draw', 'no units left on either side', 'TP-G12');
  if (next.turn >= next.turnLimit)
    return end('draw', `turn limit ${next.turnLimit} reached`, 'TP-G12');
  return next;
}

function startTurn(
  ctx: TankplankContext,
  state: TankplankState,
  dice: Dice,
  events: Events,
): TankplankState {
  const turn = state.turn + 1;
  const sweep = state.sweep === 'rightToLeft' ? 'leftToRight' : 'rightToLeft';
  const units: Record<string, UnitState> = {};
  for (const [id, u] of Object.entries(state.units))
    units[id] =
      u.moved || u.movedInches || u.noFire ? { ...u, moved: 0, movedInches: 0, noFire: false } : u;
  const formations: Record<string, FormationState> = {};
  for (const [id, f] of Object.entries(state.formations)) {
    formations[id] = {
      ...f,
      sizeAtTurnStart: formationSize(ctx, state, id),
      lostThisTurn: 0,
      attackers: [],
      armourAttackers: [],
      bigGunAttackers: 0,
      survivedVehicle: false,
      houseHitByHe: false,
      bridgeHmg: false,
    };
  }
  let next: TankplankState = {
    ...state,
    turn,
    sweep,
    phase: 'movement',
    units,
    formations,
    fired: {},
  };
  events.push({ type: 'TurnStarted', turn, sweep, ruleId: 'TP-4.3' });
  events.push({ type: 'PhaseStarted', turn, phase: 'movement', ruleId: 'TP-4.3' });
  next = leaveBurningRoofs(ctx, next, events);
  next = forcedMoves(ctx, next, events);
  next = crewBehaviour(ctx, next, events);
  void dice;
  return next;
}

/** Units carrying out a morale result move first, in place of their normal move (TP-15.4, TP-G11). */
function forcedMoves(ctx: TankplankContext, state: TankplankState, events: Events): TankplankState {
  let next = state;
  for (const [fid, f] of Object.entries(state.formations)) {
    const order = f.morale;
    if (!order || order.movesLeft <= 0) continue;
    for (const u of Object.values(next.units)) {
      if (u.formation !== fid || !onTable(u) || u.boat || isBoat(ctx, next, u.id)) continue;
      const from = tablePoint(u.at[0], u.at[1]);
      const goal =
        order.result === 'toCover' ? nearestCover(ctx, from) : homeEdgePoint(ctx, u.side, from);
      if (!goal) {
        next = withUnit(next, u.id, { moved: 1 });
        continue;
      }
      const { mover } = moverFor(ctx, next, u.id);
      const to = furthestLegal(ctx, mover, from, goal);
      const cost = pathCost(ctx.terrain, mover, [from, to]);
      next = withUnit(next, u.id, { at: [to.x, to.y], moved: 1, movedInches: cost.inches });
      events.push({
        type: 'UnitMoved',
        unit: u.id,
        from: [u.at[0], u.at[1]],
        to: [round(to.x), round(to.y)],
        inches: round(cost.inches),
        cost: round(Math.min(1, cost.cost)),
        rate: cost.rate,
        ruleIds: ['TP-15.4'],
        forced: order.result,
      });
    }
    next = withFormation(next, fid, { morale: { ...order, movesLeft: order.movesLeft - 1 } });
  }
  return next;
}

function homeEdgePoint(
  ctx: TankplankContext,
  side: string,
  from: TablePoint,
): TablePoint | undefined {
  const e = ctx.entryEdges.get(side);
  if (!e) return undefined;
  switch (e.edge) {
    case 'west':
      return tablePoint(0, from.y);
    case 'east':
      return tablePoint(ctx.map.width, from.y);
    case 'north':
      return tablePoint(from.x, 0);
    case 'south':
      return tablePoint(from.x, ctx.map.height);
  }
}

/**
 * Crews that bailed out of a wreck act on their own (TP-16.2): on their own bank they head for
 * the middle of their entry edge to regroup; across the creek they make for the nearest cover.
 */
function crewBehaviour(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
): TankplankState {
  let next = state;
  for (const u of Object.values(state.units)) {
    if (!u.spawned || !onTable(u) || u.moved >= 1) continue;
    const from = tablePoint(u.at[0], u.at[1]);
    const label = ctx.entryEdges.get(u.side)?.label;
    const bank = ctx.terrain
      .featuresAt(from)
      .map((e) => (e.feature.kind === 'ground' ? e.feature.bank : undefined))
      .find((b) => b !== undefined);
    const ownBank = bank === undefined || label === undefined || bank === label;
    let goal: TablePoint | undefined;
    let why: string;
    let ruleId = 'TP-16.2';
    const gun = gunNeedingCrew(ctx, next, u.id);
    if (gun) {
      // A tank or armoured-car crewman goes to an AT gun he sees short of crew (TP-16.6).
      if (gun.serving) continue;
      goal = gun.post;
      why = 'crewToGun';
      ruleId = 'TP-16.6';
    } else if (ownBank) {
      goal = edgeMiddle(ctx, u.side);
      why = 'crewToRear';
    } else {
      const inCover = ctx.terrain
        .featuresAt(from, 0.3)
        .some((e) => e.rules.coverClass !== 'none' && e.feature.kind !== 'ground');
      goal = inCover ? undefined : nearestCover(ctx, from);
      why = 'crewToCover';
    }
    if (!goal || distance(from, goal) < 0.3) continue;
    const { mover } = moverFor(ctx, next, u.id);
    const to = furthestLegal(ctx, mover, from, goal);
    if (distance(from, to) < 0.05) continue;
    const cost = pathCost(ctx.terrain, mover, [from, to], next.gaps ?? []);
    next = withUnit(next, u.id, { at: [to.x, to.y], moved: 1, movedInches: cost.inches });
    events.push({
      type: 'UnitMoved',
      unit: u.id,
      from: [u.at[0], u.at[1]],
      to: [round(to.x), round(to.y)],
      inches: round(cost.inches),
      cost: round(Math.min(1, cost.cost)),
      rate: cost.rate,
      ruleIds: [ruleId],
      forced: why,
    });
  }
  return next;
}

/**
 * The friendly AT gun a bailed-out tank or armoured-car crewman goes to (TP-16.6): one he can see
 * that has fewer men at it than its full crew (or none). `serving` when he is already at it;
 * `post` is where he takes his place, beside the gun on his side of it.
 */
function gunNeedingCrew(
  ctx: TankplankContext,
  state: TankplankState,
  manId: string,
): { gun: string; serving: boolean; post: TablePoint } | undefined {
  const man = state.units[manId]!;
  const from = positionOf(state, manId);
  const vehicle = state.units[manId.split('.crew')[0]!];
  if (!from || !vehicle || vehicle.id === manId) return undefined;
  const kw = ctx.catalog.units.get(vehicle.type)?.keywords ?? [];
  if (!kw.includes('armoured') || kw.includes('personnelCarrier')) return undefined;
  const reach = constant(ctx.catalog, 'crewProximity');
  const obs = obstructions(ctx, state);
  let best: { gun: string; serving: boolean; post: TablePoint; d: number } | undefined;
  for (const g of Object.values(state.units)) {
    if (!onTable(g) || g.side !== man.side || !g.alive) continue;
    const gi = info(ctx, state, g.id);
    if (gi.kind !== 'gun' || gi.type.keywords?.includes('artillery')) continue;
    const at = tablePoint(g.at[0], g.at[1]);
    const full = (gi.type.crew ?? []).reduce((n, c) => n + c.count, 0);
    // Who can serve it now; the man himself counts only once he is there.
    const hands = gunCrew(ctx, state, g.id, at);
    const d = distance(from, at);
    const serving = d <= reach + 1e-9;
    if (hands >= full && !serving) continue;
    if (
      !serving &&
      !sightBetween(ctx, state, { unit: manId, point: from }, { unit: g.id, point: at }, obs)
        .visible
    )
      continue;
    if (best && best.d <= d) continue;
    const post = d > 0 ? project(at, bearing(at, from), reach * 0.8) : at;
    best = { gun: g.id, serving, post, d };
  }
  return best && { gun: best.gun, serving: best.serving, post: best.post };
}

function edgeMiddle(ctx: TankplankContext, side: string): TablePoint | undefined {
  const e = ctx.entryEdges.get(side);
  if (!e) return undefined;
  const along = e.edge === 'west' || e.edge === 'east' ? ctx.map.height : ctx.map.width;
  const mid = ((e.from ?? 0) + (e.to ?? along)) / 2;
  switch (e.edge) {
    case 'west':
      return tablePoint(0.5, mid);
    case 'east':
      return tablePoint(ctx.map.width - 0.5, mid);
    case 'north':
      return tablePoint(mid, 0.5);
    case 'south':
      return tablePoint(mid, ctx.map.height - 0.5);
  }
}

function nearestCover(ctx: TankplankContext, from: TablePoint): TablePoint | undefined {
  let best: TablePoint | undefined;
  let bestD = Infinity;
  const box = { minX: from.x - 10, minY: from.y - 10, maxX: from.x + 10, maxY: from.y + 10 };
  for (const e of ctx.terrain.candidates(box)) {
    if (
      e.rules.coverClass === 'none' ||
      e.feature.kind === 'ground' ||
      e.feature.kind === 'creek' ||
      e.feature.kind === 'gully'
    )
      continue;
    const c = tablePoint((e.box.minX + e.box.maxX) / 2, (e.box.minY + e.box.maxY) / 2);
    const d = distance(from, c);
    if (d < bestD) {
      bestD = d;
      best = c;
    }
  }
  return best;
}

/** The furthest point toward `goal` a mover can reach this turn in a straight line. */
export function furthestLegal(
  ctx: TankplankContext,
  mover: ReturnType<typeof moverOf>,
  from: TablePoint,
  goal: TablePoint,
): TablePoint {
  const ok = (t: number) => {
    const c = pathCost(ctx.terrain, mover, [from, lerpPoint(from, goal, t)]);
    return c.legal && c.cost <= 1 + 1e-9;
  };
  if (ok(1)) return goal;
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 12; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lerpPoint(from, goal, lo);
}

const round = (n: number) => Math.round(n * 1000) / 1000;
const fmt = (n: number) => (Math.round(n * 100) / 100).toString();
