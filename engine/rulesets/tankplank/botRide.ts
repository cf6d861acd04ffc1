/**
 * The Tankplank bot's riders: men get into the transports, ride them toward the objective and
 * get out at its edge; stalled riders get out.
 */
import type { Feature } from '../../format';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance, lerpPoint } from '../../geometry/vector';
import { inZone, type SidePlan } from './botPlan';
import { constant } from './rules/catalog';
import type { TankplankContext, UnitInfo } from './rules/context';
import { moverFor } from './rules/movement';
import { info, onTable, positionOf } from './rules/situation';
import type { TankplankState, UnitState } from './rules/state';
import {
  type Apply,
  ENTRY_TRIES,
  ESCORT,
  ESCORT_GAP,
  EntrySpots,
  type Get,
  STILL_WALK_TURN,
  WALK_IN,
  clampToTable,
  roleOf,
} from './botMoveKit';
import { entryFor } from './botAdvance';

// ---------------------------------------------------------------------------------------------
// Getting in

/**
 * Men ride: each empty transport that has not moved takes one group: its own formation (a jeep
 * and its command team), then a radio team without a vehicle, then a squad (and, played
 * aggressively, a heavy-weapon team). A transport still off the table comes on just inside its
 * edge and its group enters beside it; men within a few inches of a transport walk up and get in.
 */
export function load(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  entries: EntrySpots,
): void {
  const reach = constant(ctx.catalog, 'mountReach');
  const s0 = get();
  const transports = s0.units.list().filter((u) => {
    if (u.side !== plan.side || !u.alive || u.embarkedIn || u.moved > 0 || u.immobilised)
      return false;
    const i = info(ctx, s0, u.id);
    return (
      i.kind === 'vehicle' &&
      (i.type.capacity ?? 0) > 0 &&
      i.type.class !== 'tank' &&
      !(i.type.keywords ?? []).includes('boat') &&
      u.passengers.length === 0
    );
  });
  const onFoot = (fid: string) =>
    (ctx.formations.get(fid)?.members ?? [])
      .map((id) => get().units.get(id)!)
      .filter(
        (u) => u.alive && !u.embarkedIn && !u.spawned && info(ctx, get(), u.id).kind === 'figure',
      );
  const taken = new Set<string>();
  const armoured = (u: UnitState) =>
    info(ctx, s0, u.id).type.keywords?.includes('armoured') ? 0 : 1;
  // A radio team with a vehicle of its own (a jeep) waits off the table, out of harm's way,
  // until it is time to go in; one without (the heavy weapons section's officer and radioman)
  // has a half-track to itself and waits aboard, short of the objective, until it is nearly
  // clear: the two of them hold it on their own (TP-3.3). (In a half-track with a squad it went
  // into the fight with them; in a truck it died to the first rifle that saw it.)
  const ownVehicle = (fid: string) =>
    (ctx.formations.get(fid)?.members ?? []).some(
      (m) => info(ctx, get(), m).kind === 'vehicle' && get().units.get(m)?.alive,
    );
  const rank = (fid: string, transport: UnitState): number => {
    const role = plan.roles.get(fid);
    if (fid === transport.formation) {
      // An escort comes on once its squad is on the table.
      if (role === 'escort') return squadWhere(ctx, get(), plan.escorts.get(fid)) ? 0 : -1;
      // A radio team waits off the table, out of harm's way, until the objective is nearly
      // taken; then it gets in its own vehicle and drives in.
      if (role === 'radio' && !transport.at && !plan.radioEnters) return -1;
      return 0;
    }
    if (ownVehicle(fid)) return -1;
    // A radio team without a vehicle of its own takes the first carrier, armour if there is any:
    // it waits short of the objective until it is nearly clear, and a half-track is the one ride
    // that rifles and machine guns do not kill. The squads ride the rest.
    if (role === 'radio') return 1;
    if (role === 'assault') return ctx.formations.get(fid)?.kind === 'squad' ? 2 : 4;
    return -1;
  };
  transports.sort((a, b) => armoured(a) - armoured(b) || (a.id < b.id ? -1 : 1));
  // Who rides what is settled armour first (a radio team without a vehicle, then squads); then
  // the trucks come on first, so that they take the spots on the highway they drive along, the
  // half-tracks the ones left.
  const rides: { t: UnitState; fid: string }[] = [];
  for (const t of transports) {
    const capacity = info(ctx, get(), t.id).type.capacity ?? 0;
    let best: { fid: string; rank: number; d: number } | undefined;
    for (const f of ctx.formations.values()) {
      if (f.side !== plan.side || taken.has(f.id)) continue;
      const r = rank(f.id, t);
      if (r < 0) continue;
      const men = onFoot(f.id);
      if (men.length === 0 || men.length > capacity) continue;
      if (men.some((m) => m.moved > 0)) continue;
      const at = (u: UnitState) => (u.at ? tablePoint(u.at[0], u.at[1]) : undefined);
      if (men.some((m) => at(m) && distance(at(m)!, plan.goalPoint) < 12)) continue;
      let d = 0;
      // Men who got out (where they were going, or of a vehicle that could not get on) walk on.
      if (men.some((m) => m.at) && get().turn > 2) continue;
      if (t.at) {
        const tp = tablePoint(t.at[0], t.at[1]);
        d = Math.max(...men.map((m) => (at(m) ? distance(at(m)!, tp) : Infinity)));
        if (d > 3) continue;
      } else if (men.some((m) => m.at)) continue;
      if (!best || r < best.rank || (r === best.rank && d < best.d))
        best = { fid: f.id, rank: r, d };
    }
    if (!best) continue;
    taken.add(best.fid);
    rides.push({ t, fid: best.fid });
  }
  const roadFirst = (t: UnitState) => (byFlank(ctx, s0, t.id) ? 1 : 0);
  rides.sort((a, b) => roadFirst(a.t) - roadFirst(b.t));
  for (const { t, fid } of rides) {
    let tp = t.at ? tablePoint(t.at[0], t.at[1]) : undefined;
    // Come on just inside the edge (the whole hull on the table), where the group can reach it;
    // the next spot along the edge when another vehicle stands in the way.
    const inside = (info(ctx, get(), t.id).type.size?.length ?? 1.5) / 2 + 0.4;
    const tMover = moverFor(ctx, get(), t.id).mover;
    for (let tries = 0; !tp && tries < ENTRY_TRIES; tries++) {
      const entry = entryFor(ctx, entries, tMover, plan.goalPoint);
      const inward = lerpPoint(entry, plan.goalPoint, inside / distance(entry, plan.goalPoint));
      const path: [number, number][] = [
        [entry.x, entry.y],
        [inward.x, inward.y],
      ];
      if (apply({ type: 'move', unit: t.id, path })) tp = inward;
    }
    if (!tp) continue;
    const men = onFoot(fid);
    const edge = ctx.entryEdges.get(plan.side)?.edge ?? 'west';
    const edgePoint = (p: TablePoint) =>
      edge === 'west' || edge === 'east'
        ? tablePoint(edge === 'west' ? 0 : ctx.map.width, p.y)
        : tablePoint(p.x, edge === 'north' ? 0 : ctx.map.height);
    men.forEach((m, k) => {
      const cur = get().units.get(m.id)!;
      const from = cur.at ? tablePoint(cur.at[0], cur.at[1]) : edgePoint(tp!);
      // Within reach of the vehicle, on the side the man comes from, fanned out over 120°.
      const back = Math.atan2(from.y - tp!.y, from.x - tp!.x);
      const fan = ((k + 0.5) / men.length - 0.5) * ((2 * Math.PI) / 3);
      const spot = clampToTable(
        ctx,
        tablePoint(
          tp!.x + 0.9 * reach * Math.cos(back + fan),
          tp!.y + 0.9 * reach * Math.sin(back + fan),
        ),
        0.05,
      );
      if (cur.at === null) {
        // Beside the vehicle; a little further round when another man already stands there.
        const entered = [0, 0.35, -0.35, 0.7, -0.7].some((turn) => {
          const p = clampToTable(
            ctx,
            tablePoint(
              tp!.x + 0.9 * reach * Math.cos(back + fan + turn),
              tp!.y + 0.9 * reach * Math.sin(back + fan + turn),
            ),
            0.05,
          );
          const enter = edgePoint(p);
          return apply({
            type: 'move',
            unit: m.id,
            path: [
              [enter.x, enter.y],
              [p.x, p.y],
            ],
          });
        });
        if (!entered) return;
      } else if (distance(from, tp!) > reach) {
        if (!apply({ type: 'move', unit: m.id, path: [[spot.x, spot.y]] })) return;
      }
      apply({ type: 'mount', unit: m.id, vehicle: t.id });
    });
  }
}

/** Whether a point lies on a road (or a bridge's deck, which carries one). */
function onRoad(ctx: TankplankContext, p: TablePoint): boolean {
  return ctx.terrain.someOfKindsAt(p, ROADS, () => true);
}

const ROADS: readonly Feature['kind'][] = ['road', 'bridge'];

/**
 * An empty transport that has set down its riders leaves the road, where it would stand in the
 * way of what comes up behind it (radio teams' jeeps on the highway): the nearest stop off the
 * road that it can reach this turn, sideways first; once off it stays, as a screen. True when it
 * is off the road (moved or already there), false when it stays on for want of a way off.
 */
export function pullOffRoad(ctx: TankplankContext, get: Get, apply: Apply, id: string): boolean {
  const s = get();
  const u = s.units.get(id)!;
  if (!u.at) return false;
  const here = tablePoint(u.at[0], u.at[1]);
  if (!onRoad(ctx, here)) return true;
  if (1 - u.moved <= 0.05) return false;
  const heading = (u.facing * Math.PI) / 180;
  for (const side of [90, -90, 45, -45, 135, -135])
    for (const d of [2, 3, 4]) {
      const a = heading + (side * Math.PI) / 180;
      const p = clampToTable(
        ctx,
        tablePoint(here.x + Math.cos(a) * d, here.y + Math.sin(a) * d),
        1,
      );
      if (onRoad(ctx, p)) continue;
      if (apply({ type: 'move', unit: id, path: [[p.x, p.y]] })) return true;
    }
  return false;
}

/**
 * Whether a unit of the assault goes round by the flank crossing: all but the wheeled transports,
 * which are quick only on the road and so take the highway straight to the objective (the flank
 * road had them queueing at its bridge behind the half-tracks and tanks, off the road at 4").
 */
export function byFlank(ctx: TankplankContext, s: TankplankState, id: string): boolean {
  const t = info(ctx, s, id).type;
  return !(t.class === 'transport' && t.mobility === 'wheeled');
}

/**
 * Whether a vehicle on the table spent a good part of its move this turn and ended it about where
 * it began: driving round in a loop against wrecks that shut every crossing it may take, or
 * backing and filling at a corner. Its riders are better off on foot (men walk a footbridge
 * and past a wreck on a bridge).
 */
export function noHeadway(before: UnitState, after: UnitState): boolean {
  if (!before.at || !after.at || after.moved < STALLED_MOVE) return false;
  return distance(tablePoint(...before.at), tablePoint(...after.at)) < STALLED_GAIN;
}

/** A vehicle that used this share of its move and got less than this many inches is stalled. */
const STALLED_MOVE = 0.25;

const STALLED_GAIN = 0.5;

/**
 * Riders get out beside their vehicle when it has brought them where they are going, or when it
 * cannot take them any further (`stalled`: it made no headway this turn).
 */
export function unload(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  riderId: string,
  vehicleId: string,
  stalled = false,
): void {
  const s = get();
  const rider = s.units.get(riderId);
  if (!rider || !rider.alive || rider.embarkedIn !== vehicleId) return;
  if (info(ctx, s, riderId).kind !== 'figure') return;
  const vp = positionOf(s, vehicleId);
  if (!vp) return;
  const vehicle = s.units.get(vehicleId)!;
  const there =
    inZone(ctx, plan.goal, vp) || distance(vp, plan.goalPoint) <= plan.params.unloadWithin + 0.6;
  const role = roleOf(plan, rider);
  const radio = role === 'radio';
  const waiting = radio && !radioMayGo(plan);
  if (role === 'escort') {
    // An escort gets out beside its squad once the squad is on foot.
    const squad = squadWhere(ctx, s, plan.escorts.get(rider.formation));
    const beside = squad?.onFoot === true && distance(vp, squad.point) <= ESCORT_GAP + 1.5;
    if (!beside && !(squad === undefined && plan.late) && vehicle.immobilised !== true && !stalled)
      return;
  } else {
    // A vehicle that could not get on (immobilised, hemmed in) lets its riders walk.
    // (A carrier waiting short of the objective stands still on purpose.)
    // So does one whose crew's morale failed (TP-15.4): it backs off or sits in cover for turns
    // on end, each retest a third of a chance to go on, and the men inside are not its crew.
    const order = s.formations.get(vehicle.formation)?.morale;
    const ordered = order !== undefined && order.retestTurn >= s.turn;
    const stuck =
      vehicle.immobilised === true ||
      (stalled && !waiting) ||
      (plan.push &&
        s.turn > 1 &&
        ((plan.carriersGo &&
          vehicle.moved < 0.05 &&
          (distance(vp, plan.goalPoint) <= WALK_IN || s.turn >= STILL_WALK_TURN)) ||
          (ordered &&
            !waiting &&
            (order.result !== 'toCover' || distance(vp, plan.goalPoint) <= WALK_IN))));
    // Late, squads walk the last of the way; a radio team rides on into the objective.
    if (!((there && !waiting) || stuck || (plan.late && !waiting && !radio))) return;
  }
  const reach = constant(ctx.catalog, 'mountReach');
  const toward = Math.atan2(plan.goalPoint.y - vp.y, plan.goalPoint.x - vp.x);
  for (const turn of [0, 0.9, -0.9, 1.8, -1.8, Math.PI]) {
    const p = clampToTable(
      ctx,
      tablePoint(
        vp.x + 0.8 * reach * Math.cos(toward + turn),
        vp.y + 0.8 * reach * Math.sin(toward + turn),
      ),
      0.05,
    );
    if (apply({ type: 'dismount', unit: riderId, at: [p.x, p.y] })) break;
  }
}

/**
 * Where a squad is: the middle of its men on the table (their vehicle's place while they ride),
 * whether they are on foot; undefined while none of them is on the table.
 */
export function squadWhere(
  ctx: TankplankContext,
  s: TankplankState,
  squad: string | undefined,
): { point: TablePoint; onFoot: boolean } | undefined {
  if (squad === undefined) return undefined;
  const points: TablePoint[] = [];
  let riding = 0;
  for (const id of ctx.formations.get(squad)?.members ?? []) {
    const m = s.units.get(id);
    if (!m || !m.alive || m.doomed) continue;
    const p = positionOf(s, m.embarkedIn ?? id);
    if (!p) continue;
    if (m.embarkedIn) riding++;
    points.push(p);
  }
  if (points.length === 0) return undefined;
  // The man in the middle of the squad, by distance to its centre (not a point among houses).
  const cx = points.reduce((a, p) => a + p.x, 0) / points.length;
  const cy = points.reduce((a, p) => a + p.y, 0) / points.length;
  const centre = tablePoint(cx, cy);
  const middle = points.reduce((best, p) =>
    distance(p, centre) < distance(best, centre) ? p : best,
  );
  return { point: middle, onFoot: riding * 2 < points.length };
}

/**
 * A moving point (a squad on the move) as the target of a route field, to the nearest point of a
 * 2" grid: fields are kept per target, and a new field for every inch a squad moves would be
 * worked out afresh each turn.
 */
export function routeTarget(p: TablePoint): TablePoint {
  return tablePoint(Math.round(p.x / 2) * 2, Math.round(p.y / 2) * 2);
}

export function radioMayGo(plan: SidePlan): boolean {
  // Into an objective clear, or nearly clear with men of ours in it to cover them; never into a
  // fight, however late: a radioman lost is a hold lost (TP-3.3).
  return (
    plan.lastChance ||
    plan.rush ||
    plan.enemiesInGoal.length === 0 ||
    (plan.enemiesInGoal.length <= plan.params.radioWaitsFor && plan.escort >= ESCORT)
  );
}

export function armouredVehicle(i: UnitInfo): boolean {
  return i.type.keywords?.includes('armoured') === true;
}

/** The living gun of a formation, if it has one on the table. */
export function gunOf(
  ctx: TankplankContext,
  s: TankplankState,
  formation: string,
): string | undefined {
  return (ctx.formations.get(formation)?.members ?? []).find((id) => {
    const g = s.units.get(id);
    return !!g && g.alive && onTable(g) && info(ctx, s, id).kind === 'gun';
  });
}

/** Whether a vehicle carries a radio team (not an escort) and no assault squad. */
export function carriesRadio(
  plan: SidePlan,
  s: TankplankState,
  riders: readonly string[],
): boolean {
  const role = (r: string) => {
    const m = s.units.get(r);
    return m ? roleOf(plan, m) : undefined;
  };
  return riders.some((r) => role(r) === 'radio') && !riders.some((r) => role(r) === 'assault');
}
