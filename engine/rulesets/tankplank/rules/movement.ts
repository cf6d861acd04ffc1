/**
 * The Movement phase (TP-5): who may move, the rate a unit moves at, a move along a path, turning
 * to a new facing, climbing in houses, and the furthest point a mover reaches in a turn.
 */
import { type TankplankState, type UnitState, withUnit, tankplankState } from './state';
import type { Point } from '../../../format';
import { accepted, invalid } from '../../../game/reducer';
import { inUnfordableWater, pathCost, type Mover } from '../../../movement/movementCost';
import { inGap } from '../../../terrain/gaps';
import { rectangleCorners, segmentEntersPolygon } from '../../../geometry/polygon';
import { bearing, distance, lerpPoint } from '../../../geometry/vector';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { constant, num, tableRows, text } from './catalog';
import { moverOf, type TankplankContext } from './context';
import { dist, info, isTeamWeapon, onTable, positionOf, weaponKey, weaponsOf } from './situation';
import { aaMgMoveRefusal } from './aaMg';
import { burningRoofRefusal } from './structures';
import { boatHold } from './boats';
import { pieceMoveRefusal } from './salvage';
import { moveLimitRefusal, wreckInTheWay } from './logistics';
import { artilleryMoved } from './artillery';
import { type Events, type Result, round } from './reduction';
import { revealObjectives } from './victory';
import { standingRefusal } from './standing';

export function movable(
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
  const unit = state.units.get(id);
  if (!unit || !unit.alive) return { refuse: invalid(`unit ${id} is not in play`) };
  if (unit.spawned) {
    return { refuse: invalid(`${id} is a crew out of its wreck and acts on its own`, 'TP-16.2') };
  }
  if (state.ended.includes(unit.side))
    return { refuse: invalid(`side ${unit.side} has ended its movement`) };
  const order = state.formations.get(unit.formation)?.morale;
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

export function moverFor(ctx: TankplankContext, state: TankplankState, id: string) {
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
  const g = state.units.get(gun)!;
  const p = positionOf(state, gun);
  if (!p) return 0;
  const reach = constant(ctx.catalog, 'crewProximity');
  let n = Object.values(g.crew).reduce((a, b) => a + b, 0);
  for (const u of state.units.list()) {
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
  const polys = wreckOutlines(ctx, state.wrecks);
  for (let n = 0; n < polys.length; n++) {
    const poly = polys[n]!;
    for (let k = 1; k < points.length; k++) {
      if (segmentEntersPolygon(points[k - 1]!, points[k]!, poly)) return state.wrecks[n]!.unit;
    }
  }
  return undefined;
}

/**
 * The outlines of the wrecks, made once per wrecks list (a list changes only when a vehicle is
 * destroyed or a wreck pushed; every vehicle move asks).
 */
function wreckOutlines(
  ctx: TankplankContext,
  wrecks: TankplankState['wrecks'],
): readonly ReturnType<typeof rectangleCorners>[] {
  if (outlines.wrecks === wrecks && outlines.ctx === ctx) return outlines.polys;
  const polys = wrecks.map((w) => {
    const type = ctx.catalog.units.get(w.type);
    return rectangleCorners(
      w.at[0],
      w.at[1],
      type?.size?.length ?? 1.5,
      type?.size?.width ?? 1,
      w.facing,
    );
  });
  outlines = { ctx, wrecks, polys };
  return polys;
}

let outlines: {
  readonly ctx: TankplankContext | undefined;
  readonly wrecks: TankplankState['wrecks'] | undefined;
  readonly polys: readonly ReturnType<typeof rectangleCorners>[];
} = { ctx: undefined, wrecks: undefined, polys: [] };

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

export function move(
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
  if (unit.level === 'tree') return invalid(`${id} is up a tree; climb down first`, 'TP-5.3');
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
  if (!cost.legal && i.kind === 'gun' && cost.blockedBy)
    return invalid(
      `${cost.blockedBy.reason}: an AT gun is towed only on roads and flat ground, never over walls or other objects`,
      'TP-5.5',
    );
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
  const endFacing = facing ?? (distance(points[0]!, end) > 0 ? last : unit.facing);
  const standing = standingRefusal(ctx, state, id, [end.x, end.y], endFacing);
  if (standing) return standing;
  let next = withUnit(state, id, {
    at: [end.x, end.y],
    facing: endFacing,
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
  next = revealObjectives(ctx, next, events, { before: state, unit: id });
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
  return gaps.length === (state.gaps?.length ?? 0) ? state : tankplankState({ ...state, gaps });
}

export function face(
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

/**
 * Why a man may not step straight from `from` to `to`, out of a vehicle or out of its wreck: into
 * or through a closed house (TP-5.7), which no move would ever take him out of again, or into
 * water he may not stand in (TP-5.4). Undefined when he may.
 */
export function stepOutBlock(
  ctx: TankplankContext,
  state: TankplankState,
  mover: Mover,
  from: TablePoint,
  to: TablePoint,
): { ruleId: 'TP-5.7'; reason: string } | { ruleId: 'TP-5.4' } | undefined {
  const out = pathCost(ctx.terrain, mover, [from, to], state.gaps ?? []);
  if (!out.legal && out.blockedBy?.ruleId === 'TP-5.7')
    return { ruleId: 'TP-5.7', reason: out.blockedBy.reason };
  if (inUnfordableWater(ctx.terrain, to, mover)) return { ruleId: 'TP-5.4' };
  return undefined;
}

export function actionCost(
  ctx: TankplankContext,
  action: string,
): { cost: number; ruleId: string } {
  const row = tableRows(ctx.catalog, 'actionCosts').find((r) => r['action'] === action);
  return { cost: row ? num(row, 'cost') : 1, ruleId: row ? text(row, 'ruleId') : 'TP-5.3' };
}

export function climb(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  to: 'ground' | 'upper' | 'roof' | 'tree',
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (!onTable(unit) || info(ctx, state, id).kind !== 'figure')
    return invalid('only men on the table climb');
  const from: 'ground' | 'upper' | 'roof' | 'tree' = unit.level ?? 'ground';
  if (from === to) return invalid(`${id} is already there`);
  const p = tablePoint(unit.at[0], unit.at[1]);
  if (to === 'tree' || from === 'tree') return climbTree(ctx, state, unit, p, from, to);
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
    const helper = state.units
      .list()
      .some(
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

/**
 * Up or down a tree under whose canopy the man stands: a full move (L154). Coming down costs the
 * same, as the upper floor of a house does both ways (L152).
 */
function climbTree(
  ctx: TankplankContext,
  state: TankplankState,
  unit: UnitState,
  p: TablePoint,
  from: 'ground' | 'upper' | 'roof' | 'tree',
  to: 'ground' | 'upper' | 'roof' | 'tree',
): Result {
  if (from !== 'ground' && to !== 'ground')
    return invalid(`${unit.id} must come down to the ground first`, 'TP-5.3');
  const tree = ctx.terrain.featuresAt(p).find((e) => e.feature.kind === 'tree');
  if (to === 'tree') {
    if (!tree || tree.feature.kind !== 'tree')
      return invalid(`${unit.id} is not under a tree: stand under its branches to climb it`);
    if (tree.feature.climbable === false)
      return invalid(`tree ${tree.id} cannot be climbed (the map marks it so)`, 'TP-5.3');
  }
  const { cost, ruleId } = actionCost(ctx, 'climbTree');
  if (unit.moved + cost > 1 + 1e-9)
    return invalid(`that takes ${cost === 1 ? 'a full' : 'half a'} move`, ruleId);
  const next = withUnit(state, unit.id, {
    moved: unit.moved + cost,
    ...(to === 'ground' ? { level: undefined } : { level: to }),
  });
  return accepted(next, [
    {
      type: 'UnitMoved',
      unit: unit.id,
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

/**
 * The furthest point toward `goal` a mover can reach this turn in a straight line. The answer
 * depends on the map, the mover and the two points alone (not on the state: gaps are not asked),
 * so it is remembered: a man routing or a crew heading for the rear that got nowhere last turn
 * (a wall, a house in the way) asks the same again, two asks in five in a village game, and each
 * ask costs a dozen path costs.
 */
export function furthestLegal(
  ctx: TankplankContext,
  mover: ReturnType<typeof moverOf>,
  from: TablePoint,
  goal: TablePoint,
): TablePoint {
  // A zero could be -0, which a map's key does not tell from 0: such asks are not remembered.
  if (from.x === 0 || from.y === 0 || goal.x === 0 || goal.y === 0)
    return furthestLegalAfresh(ctx, mover, from, goal);
  let byMover = furthestKnown.get(ctx);
  if (!byMover) furthestKnown.set(ctx, (byMover = new Map()));
  let known = byMover.get(mover);
  if (!known) byMover.set(mover, (known = new Map()));
  // By the start's x, then the rest compared (numbers: making text of them cost more than the
  // look-up saved).
  let row = known.get(from.x);
  if (row) {
    for (const k of row)
      if (k.fromY === from.y && k.goalX === goal.x && k.goalY === goal.y) return k.to;
  } else {
    if (known.size >= FURTHEST_KEPT) known.clear();
    known.set(from.x, (row = []));
  }
  const to = furthestLegalAfresh(ctx, mover, from, goal);
  if (row.length >= ROW_KEPT) row.length = 0;
  row.push({ fromY: from.y, goalX: goal.x, goalY: goal.y, to });
  return to;
}

/** `furthestLegal`'s answers by context, mover and the start's x. */
const furthestKnown = new WeakMap<
  TankplankContext,
  Map<
    ReturnType<typeof moverOf>,
    Map<
      number,
      {
        readonly fromY: number;
        readonly goalX: number;
        readonly goalY: number;
        readonly to: TablePoint;
      }[]
    >
  >
>();
/** Starts kept per mover before they are started again (a village game asks about 140). */
const FURTHEST_KEPT = 20_000;
/** Asks kept from one start's x (a unit asks again from where it stands). */
const ROW_KEPT = 32;

/** `furthestLegal` worked out afresh, not remembered (the tests compare the two). */
export function furthestLegalAfresh(
  ctx: TankplankContext,
  mover: ReturnType<typeof moverOf>,
  from: TablePoint,
  goal: TablePoint,
): TablePoint {
  // A move costs at least its length over the mover's best rate, so a point further than a
  // whole move at that rate is out of reach without asking the terrain (most of a rout's halvings
  // toward a table edge 20" away).
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * (1 + 1e-6);
  const ok = (t: number) => {
    const to = lerpPoint(from, goal, t);
    if (distance(from, to) > reach) return false;
    const c = pathCost(ctx.terrain, mover, [from, to]);
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

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();
