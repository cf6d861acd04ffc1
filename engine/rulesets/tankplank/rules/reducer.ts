import {
  type FormationState,
  type TankplankState,
  type UnitState,
  withFormation,
  withUnit,
  type WreckState,
} from './state';
import { Dice } from '../../../random/dice';
import { accepted, invalid, type Reducer } from '../../../game/reducer';
import { pathCost } from '../../../movement/movementCost';
import { bearing, distance, project } from '../../../geometry/vector';
import { type TablePoint, tablePoint } from '../../../geometry/units';
import type { Modifier, TankplankAction, TankplankEvent } from './actions';
import { constant, num, tableRows, text } from './catalog';
import type { TankplankContext } from './context';
import { gunCrew } from './fire';
import {
  baseRate,
  dist,
  formationSize,
  info,
  obstructions,
  onTable,
  positionOf,
  sightBetween,
} from './situation';
import { manAaMg } from './aaMg';
import { leaveBurningRoofs } from './structures';
import { boardBoat, crossInBoat, isBoat, swampBoat } from './boats';
import { dropWeapon, fireCaptured, joinCrew, leftBehind, pickUpWeapon } from './salvage';
import { handAmmo, pushWreck, recoverAmmo } from './logistics';
import { dismount, mount } from './embarking';
import { climb, face, furthestLegal, movable, move, moverFor } from './movement';
import { type Events, type Result, round } from './reduction';
import { checkVictory } from './victory';
import { setUp } from './weaponSetUp';
import { callFire, fire } from './firing';

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

// ---------------------------------------------------------------------------------------------
// Firing phase

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
