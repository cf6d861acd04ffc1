/**
 * The Tankplank bot's Movement phase. Squads ride the trucks and half-tracks to the objective and
 * get out at its edge; they go for the enemy still in it, and once it is clear, into it. The
 * radio teams ride their jeeps and go in when the objective is nearly clear (the hold needs a
 * radioman with other men), tanks and armoured cars close to a stand-off and shoot into it, and
 * the heavy weapons and guns set up in the home ground, which the enemy must clear in turn.
 */
import type { Feature } from '../../format';
import { rectangleCorners, segmentInsidePolygon } from '../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance, lerpPoint } from '../../geometry/vector';
import { pathCost, segmentCoster, type Mover } from '../../movement/movementCost';
import { routeField, routeFrom } from '../../movement/routeField';
import { deckLine, inZone, nearest, spotIn, type SidePlan, type Zone } from './botPlan';
import type { TankplankAction } from './rules/actions';
import { constant } from './rules/catalog';
import type { TankplankContext, UnitInfo } from './rules/context';
import { coverAt } from './rules/fire';
import { moverFor } from './rules/movement';
import { movementOrder } from './rules/movementOrder';
import { info, onTable, positionOf, seesBetween, weaponKey, weaponsOf } from './rules/situation';
import type { TankplankState, UnitState } from './rules/state';

type Apply = (a: TankplankAction) => boolean;
type Get = () => TankplankState;

/** How far a squad member may get ahead of the squad's middle man, in inches. */
const SQUAD_SPREAD = 3;
/** How close men close on the last few enemies left in the objective: inside grenade range. */
const ASSAULT_RANGE = 2.5;
/** How close men close on an objective still full of enemies: rifle range, medium band. */
const RIFLE_RANGE = 7;
/** How close an enemy must be before a heavy weapon sets up short of its post. */
const THREAT_RANGE = 8;
/** Own men in the objective before a radio team goes in (unless it is late). */
const ESCORT = 3;
/** Spots along the edge a transport tries before it gives up coming on this turn. */
const ENTRY_TRIES = 8;
/** How far behind its squad a command team's vehicle keeps. */
const ESCORT_GAP = 2.5;
/**
 * Riders of a carrier sent to cover by its crew's morale get out and walk within this of the
 * objective's middle; further out they wait, as a carrier that goes on again gets them there
 * sooner than their feet. From a carrier falling back or routing they always get out.
 */
const WALK_IN = 12;
/**
 * From this turn riders of a carrier that did not move get out and walk however far they are
 * from the objective; before it, far from it, they wait for it (a carrier held up once by the
 * traffic at the edge is no reason to walk 30").
 */
const STILL_WALK_TURN = 4;
/** How near the flank crossing a unit stops heading for it and makes for the objective. */
const FLANK_NEAR = 2;
/** How close to the objective's middle a radio team's vehicle drives before it gets out. */
const RADIO_IN = 1.5;
/** How far short of the objective's middle it waits while the enemy still holds it. */
const RADIO_SHORT = 9;
/** Enemies left in the objective when armour closes in to finish them, and how close it goes. */
const FEW_LEFT = 4;
const CLOSE_IN = 3;

export function moveAll(ctx: TankplankContext, get: Get, plan: SidePlan, apply: Apply): void {
  const entries = new EntrySpots(ctx, plan.side);
  load(ctx, get, plan, apply, entries);
  moveGuns(ctx, get, plan, apply, entries);
  const order = movementOrder(ctx, get(), plan.side);
  for (const id of order) {
    const s = get();
    const u = s.units.get(id)!;
    if (!u.alive || u.spawned || u.embarkedIn) continue;
    const i = info(ctx, s, id);
    if (i.kind === 'gun') continue;
    if (i.kind === 'vehicle') {
      moveVehicle(ctx, get, plan, apply, entries, u, i);
      // Riders get out where their vehicle stopped, and use what is left of their move.
      const after = get().units.get(id)!;
      const stalled = noHeadway(u, after);
      for (const rider of after.passengers) unload(ctx, get, plan, apply, rider, id, stalled);
      continue;
    }
    moveFigure(ctx, get, plan, apply, entries, id);
  }
  leaveHome(ctx, get, plan, apply, entries);
}

/**
 * Our home ground is the enemy's objective, and anyone of ours standing in it is what the enemy
 * must dig out: that is the job of the posts in front of it, not of men and vehicles left idle
 * there (a radio team waiting, an empty jeep, a squad got out of a wreck). Whoever has not moved
 * this turn and stands in it walks or drives out toward the middle.
 */
function leaveHome(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  entries: EntrySpots,
): void {
  if (!plan.home) return;
  const s0 = get();
  for (const u of s0.units.list()) {
    if (u.side !== plan.side || !onTable(u) || u.spawned || u.embarkedIn || u.moved > 0.05)
      continue;
    if (!u.alive || u.immobilised) continue;
    if (!inZone(ctx, plan.home, tablePoint(u.at[0], u.at[1]))) continue;
    const i = info(ctx, s0, u.id);
    if (i.kind === 'gun' || weaponsOf(ctx, i).some(needsSetUp)) continue;
    advance(ctx, get, apply, entries, u.id, plan.waitPoint, 1, 0);
  }
}

/** The role of a unit's formation (crews out of a wreck and new pieces act as an assault). */
function roleOf(plan: SidePlan, u: UnitState) {
  return plan.roles.get(u.formation) ?? 'assault';
}

/**
 * Where the heavy weapons and home defenders stand: on the line from the home centre toward the
 * objective, `postBeyondHome` inches past the home ground's edge (inside it when negative).
 */
function homePost(ctx: TankplankContext, plan: SidePlan, index: number, count: number): TablePoint {
  const home: Zone = plan.home ?? {
    area: { shape: 'point', at: [0, 0] },
    centre: entryMiddle(ctx, plan.side, 4),
  };
  const length = distance(home.centre, plan.goalPoint);
  const at = (d: number) => lerpPoint(home.centre, plan.goalPoint, Math.min(1, d / length));
  // The edge of the home ground along that line, to a tenth of an inch.
  let edge = 0;
  if (plan.home) while (edge < length && inZone(ctx, plan.home, at(edge + 0.1))) edge += 0.1;
  const centre = at(Math.max(0.5, edge + plan.params.postBeyondHome));
  return clampToTable(ctx, spotIn({ ...home, centre }, index, count, 1.4));
}

/**
 * Where a slow piece (a towed gun, a mortar) stands when the style keeps the home ground empty:
 * just outside the home ground along the entry edge, on one flank or the other by its index, so
 * it comes on and sets up without ever standing in the enemy's objective. Inside it would deny
 * the objective, but a gun towed at 2" a turn cannot get out of a 6" strip for turns, and every
 * piece parked there is one more the enemy has to dig out before anyone can win.
 */
function flankPost(ctx: TankplankContext, plan: SidePlan, index: number): TablePoint {
  const home = plan.home!;
  const edge = ctx.entryEdges.get(plan.side)?.edge ?? 'west';
  const across = edge === 'west' || edge === 'east';
  const inward = entryMiddle(ctx, plan.side, 2);
  // Even pieces on the side's left, odd ones on its right, as the side sees them from its edge.
  const sign = (index % 2 === 0 ? -1 : 1) * rightHand(edge);
  const along = (d: number) =>
    across
      ? tablePoint(inward.x, home.centre.y + sign * d)
      : tablePoint(home.centre.x + sign * d, inward.y);
  let d = 0;
  const limit = across ? ctx.map.height : ctx.map.width;
  while (d < limit && inZone(ctx, home, along(d))) d += 0.25;
  return clampToTable(ctx, along(d + 1.5 + Math.floor(index / 2) * 1.5), 1);
}

/** Whether the style keeps its own men and pieces out of its home ground (the enemy's objective). */
function homeKeptClear(plan: SidePlan): boolean {
  return !!plan.home && plan.params.postBeyondHome > 0;
}

/**
 * Which way along its entry edge a side's right hand points, facing into the table: +1 where it
 * is the way the edge's coordinate grows (south on the west edge, east on the south edge), -1
 * where it is the other way. Whatever the bot spreads along its edge it spreads by this, so the
 * two sides of a half-turn symmetric table do the same thing seen from their edges (spread by
 * the table's own axes, both sides' first AT gun went north: side B's into side A's north-east
 * objective, side A's nowhere near side B's).
 */
function rightHand(edge: 'north' | 'south' | 'east' | 'west'): 1 | -1 {
  return edge === 'west' || edge === 'south' ? 1 : -1;
}

function entryMiddle(ctx: TankplankContext, side: string, inward: number): TablePoint {
  const edge = ctx.entryEdges.get(side)?.edge ?? 'west';
  const { width: w, height: h } = ctx.map;
  return edge === 'west'
    ? tablePoint(inward, h / 2)
    : edge === 'east'
      ? tablePoint(w - inward, h / 2)
      : edge === 'north'
        ? tablePoint(w / 2, inward)
        : tablePoint(w / 2, h - inward);
}

function clampToTable(ctx: TankplankContext, p: TablePoint, margin = 0.3): TablePoint {
  return tablePoint(
    Math.min(ctx.map.width - margin, Math.max(margin, p.x)),
    Math.min(ctx.map.height - margin, Math.max(margin, p.y)),
  );
}

/** Points on the side's entry edge, nearest a unit's destination, never two on the same spot. */
class EntrySpots {
  private readonly used = new Map<number, number>();
  constructor(
    private readonly ctx: TankplankContext,
    readonly side: string,
  ) {}

  near(target: TablePoint): TablePoint {
    const e = this.ctx.entryEdges.get(this.side);
    const edge = e?.edge ?? 'west';
    const { width: w, height: h } = this.ctx.map;
    const alongMax = edge === 'west' || edge === 'east' ? h : w;
    const lo = Math.max(0.5, e?.from ?? 0);
    const hi = Math.min(alongMax - 0.5, e?.to ?? alongMax);
    const wanted = edge === 'west' || edge === 'east' ? target.y : target.x;
    const slot = Math.round(Math.min(hi, Math.max(lo, wanted)));
    const n = this.used.get(slot) ?? 0;
    this.used.set(slot, n + 1);
    // Alternate either side of the wanted point, 0.9" apart, the side's right hand first.
    const offset = (n % 2 === 0 ? 1 : -1) * Math.ceil(n / 2) * 0.9 * rightHand(edge);
    const a = Math.min(hi, Math.max(lo, slot + offset));
    switch (edge) {
      case 'west':
        return tablePoint(0, a);
      case 'east':
        return tablePoint(w, a);
      case 'north':
        return tablePoint(a, 0);
      case 'south':
        return tablePoint(a, h);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Getting in

/**
 * Men ride: each empty transport that has not moved takes one group: its own formation (a jeep
 * and its command team), then a radio team without a vehicle, then a squad (and, played
 * aggressively, a heavy-weapon team). A transport still off the table comes on just inside its
 * edge and its group enters beside it; men within a few inches of a transport walk up and get in.
 */
function load(
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
function pullOffRoad(ctx: TankplankContext, get: Get, apply: Apply, id: string): boolean {
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
function byFlank(ctx: TankplankContext, s: TankplankState, id: string): boolean {
  const t = info(ctx, s, id).type;
  return !(t.class === 'transport' && t.mobility === 'wheeled');
}

/**
 * Whether a vehicle on the table spent a good part of its move this turn and ended it about where
 * it began: driving round in a loop against wrecks that shut every crossing it may take, or
 * backing and filling at a corner. Its riders are better off on foot (men walk a footbridge
 * and past a wreck on a bridge).
 */
function noHeadway(before: UnitState, after: UnitState): boolean {
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
function unload(
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
function squadWhere(
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
function routeTarget(p: TablePoint): TablePoint {
  return tablePoint(Math.round(p.x / 2) * 2, Math.round(p.y / 2) * 2);
}

function radioMayGo(plan: SidePlan): boolean {
  // Into an objective clear, or nearly clear with men of ours in it to cover them; never into a
  // fight, however late: a radioman lost is a hold lost (TP-3.3).
  return (
    plan.lastChance ||
    plan.rush ||
    plan.enemiesInGoal.length === 0 ||
    (plan.enemiesInGoal.length <= plan.params.radioWaitsFor && plan.escort >= ESCORT)
  );
}

function armouredVehicle(i: UnitInfo): boolean {
  return i.type.keywords?.includes('armoured') === true;
}

/** The living gun of a formation, if it has one on the table. */
function gunOf(ctx: TankplankContext, s: TankplankState, formation: string): string | undefined {
  return (ctx.formations.get(formation)?.members ?? []).find((id) => {
    const g = s.units.get(id);
    return !!g && g.alive && onTable(g) && info(ctx, s, id).kind === 'gun';
  });
}

/** Whether a vehicle carries a radio team (not an escort) and no assault squad. */
function carriesRadio(plan: SidePlan, s: TankplankState, riders: readonly string[]): boolean {
  const role = (r: string) => {
    const m = s.units.get(r);
    return m ? roleOf(plan, m) : undefined;
  };
  return riders.some((r) => role(r) === 'radio') && !riders.some((r) => role(r) === 'assault');
}

// ---------------------------------------------------------------------------------------------
// Guns and their crews

/** Guns are dragged to their post with their crew around them, then set up facing the enemy. */
function moveGuns(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  entries: EntrySpots,
): void {
  const s0 = get();
  const guns = s0.units
    .list()
    .filter(
      (u) => u.side === plan.side && u.alive && !u.embarkedIn && info(ctx, s0, u.id).kind === 'gun',
    );
  guns.forEach((g, k) => {
    const post = homeKeptClear(plan)
      ? flankPost(ctx, plan, k)
      : homePost(ctx, plan, k, guns.length);
    if (!setUpIfReady(ctx, get, plan, apply, g.id, post))
      advance(ctx, get, apply, entries, g.id, post, 0.4);
    const gp = positionOf(get(), g.id);
    if (!gp) return;
    const crew = (ctx.formations.get(g.formation)?.members ?? []).filter(
      (m) => m !== g.id && get().units.get(m)?.alive,
    );
    crew.forEach((m, j) => {
      const angle = Math.PI / 2 + (j / Math.max(1, crew.length)) * Math.PI;
      const facing = Math.atan2(plan.goalPoint.y - gp.y, plan.goalPoint.x - gp.x);
      let spot = clampToTable(
        ctx,
        tablePoint(gp.x + 0.7 * Math.cos(facing + angle), gp.y + 0.7 * Math.sin(facing + angle)),
      );
      // Not in the home ground when the style keeps it clear: the other side of the gun.
      if (homeKeptClear(plan) && inZone(ctx, plan.home, spot))
        spot = clampToTable(ctx, tablePoint(2 * gp.x - spot.x, 2 * gp.y - spot.y));
      // Straight to the spot: a crewman who looked for cover there would take the wall of the
      // home ground behind him and stand in the enemy's objective.
      advance(ctx, get, apply, entries, m, spot, 0.1, 0);
    });
  });
}

/**
 * A weapon that must be set up before it fires and makes its carrier a piece that takes a post:
 * a team's mortar or machine gun, a gun, a self-propelled gun's main weapon. Not the machine gun
 * on a pintle of a jeep or half-track, which carry men and must keep moving.
 */
function needsSetUp(m: ReturnType<typeof weaponsOf>[number]): boolean {
  return m.weapon.stats?.['needsSetUp'] === true && m.mount !== 'pintle';
}

/**
 * Sets up a heavy weapon at its post, or where it stands once the enemy is near, before it moves
 * (setting up takes a move of its own). True when the weapon is set up and should stay put.
 */
function setUpIfReady(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  id: string,
  post: TablePoint,
): boolean {
  const s = get();
  const u = s.units.get(id)!;
  if (!onTable(u)) return false;
  const i = info(ctx, s, id);
  const w = weaponsOf(ctx, i).find(needsSetUp);
  if (!w) return false;
  if (s.teamWeapons[weaponKey(i, w.weapon)]?.setUp === true) return true;
  const p = tablePoint(u.at[0], u.at[1]);
  // Short of its post a weapon sets up once the enemy is in its reach; but in the home ground
  // (the enemy's objective, where it would stand for the rest of the game) only when the enemy
  // is already close, and never when the style keeps the home ground clear.
  const inHome = inZone(ctx, plan.home, p);
  if (inHome && homeKeptClear(plan)) return false;
  const reach = inHome
    ? THREAT_RANGE
    : w.weapon.kind === 'mortar' || w.weapon.kind === 'howitzer'
      ? 40
      : 16;
  const near = plan.enemies.some((e) => distance(p, tablePoint(e.at[0], e.at[1])) <= reach);
  return (distance(p, post) <= 1.2 || near) && apply({ type: 'setUp', unit: id });
}

// ---------------------------------------------------------------------------------------------
// Vehicles

function moveVehicle(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  entries: EntrySpots,
  u: UnitState,
  i: UnitInfo,
): void {
  const s = get();
  if (weaponsOf(ctx, i).some(needsSetUp)) {
    // Self-propelled artillery is a gun that drives itself to its post.
    const post = homePost(ctx, plan, 0, 1);
    if (!setUpIfReady(ctx, get, plan, apply, u.id, post))
      advance(ctx, get, apply, entries, u.id, post, 0.4);
    return;
  }
  const riders = u.passengers.filter((p) => info(ctx, s, p).kind === 'figure');
  const carrier = (i.type.capacity ?? 0) > 0 && i.type.class !== 'tank';
  const { params } = plan;
  if (carrier && riders.length > 0 && roleOf(plan, u) === 'escort') {
    // A command team's vehicle keeps a little behind its squad (or the squad's carrier).
    const squad = squadWhere(ctx, s, plan.escorts.get(u.formation));
    if (squad)
      advance(ctx, get, apply, entries, u.id, squad.point, ESCORT_GAP, 0, {
        point: routeTarget(squad.point),
        stopAt: ESCORT_GAP,
      });
    return;
  }
  if (carrier && riders.length > 0 && carriesRadio(plan, s, riders)) {
    // A radio team waits off the table until it is time to come on (a radioman in a jeep is the
    // first thing the enemy's machine guns kill, and without him there is no hold); on the table
    // it drives for the objective and waits a little short of it until it is nearly clear, then
    // drives in and gets out inside.
    if (armouredVehicle(i)) {
      // In armour it goes with the assault, a little short of the objective until it is
      // nearly clear, then in.
      const stop = radioMayGo(plan) ? RADIO_IN : RADIO_SHORT;
      if (!radioMayGo(plan) && (!plan.push || !plan.carriersGo)) {
        advance(ctx, get, apply, entries, u.id, plan.waitPoint, 1);
        return;
      }
      if (!radioMayGo(plan) && toFlank(ctx, get, apply, entries, plan, u.id)) return;
      advance(ctx, get, apply, entries, u.id, plan.goalPoint, stop, 0, {
        point: plan.goalPoint,
        stopAt: stop,
      });
      return;
    }
    if (!u.at && !plan.radioEnters) return;
    // Speed is all: the quickest way (on the village the highway), not the flank; short of the
    // objective while the enemy still holds it, into it once it is nearly clear. It comes on
    // where no wreck lies across its first move: a jeep cannot push a truck's wreck aside.
    const stop = radioMayGo(plan) ? RADIO_IN : RADIO_SHORT;
    advance(
      ctx,
      get,
      apply,
      entries,
      u.id,
      plan.goalPoint,
      stop,
      0,
      { point: plan.goalPoint, stopAt: stop },
      true,
    );
    return;
  }
  if (carrier && riders.length > 0) {
    if (!plan.push || !plan.carriersGo) {
      advance(ctx, get, apply, entries, u.id, plan.waitPoint, 1);
      return;
    }
    if (toFlank(ctx, get, apply, entries, plan, u.id)) return;
    advance(ctx, get, apply, entries, u.id, plan.goalPoint, params.unloadWithin, 0, {
      point: plan.goalPoint,
      stopAt: params.unloadWithin,
    });
    return;
  }
  if (carrier) {
    // Empty: a jeep waits for its team; played cautiously a transport goes home to block the
    // enemy's objective; otherwise it screens short of ours.
    if (roleOf(plan, u) === 'escort') return;
    if (roleOf(plan, u) === 'radio') {
      // Its team waits off the table; once they may go, a jeep that lost its team still screens.
      if (radioMayGo(plan) && u.at)
        advance(ctx, get, apply, entries, u.id, plan.goalPoint, 6, 0, {
          point: plan.goalPoint,
          stopAt: 6,
        });
      return;
    }
    if (params.style === 'cautious' && plan.home)
      advance(ctx, get, apply, entries, u.id, plan.home.centre, 2, 0, {
        point: plan.home.centre,
        stopAt: 2,
      });
    else if (!u.at || !pullOffRoad(ctx, get, apply, u.id))
      advance(ctx, get, apply, entries, u.id, plan.goalPoint, params.unloadWithin + 4, 0, {
        point: plan.goalPoint,
        stopAt: params.unloadWithin + 4,
      });
    return;
  }
  if (!plan.push) {
    advance(ctx, get, apply, entries, u.id, plan.waitPoint, 2);
    return;
  }
  // With only a few enemies left in the objective, armour closes in to finish them.
  const standOff =
    plan.enemiesInGoal.length <= FEW_LEFT
      ? Math.min(params.armourStandOff, CLOSE_IN)
      : params.armourStandOff;
  if (toFlank(ctx, get, apply, entries, plan, u.id)) return;
  const here = u.at ? tablePoint(u.at[0], u.at[1]) : undefined;
  const quarry = here ? nearest(plan.enemiesInGoal, here) : undefined;
  if (here && quarry && distance(here, plan.goalPoint) <= ROUTE_BEYOND + params.armourStandOff) {
    // At the objective, a stand-off from its middle is not enough: a house or a tree may hide
    // what is in it. Armour that sees the nearest enemy there stays and shoots; else it drives
    // on at him until it does.
    const q = tablePoint(quarry.at[0], quarry.at[1]);
    if (seesBetween(ctx, s, { unit: u.id, point: here }, { unit: quarry.id, point: q })) return;
    const spot = vantage(ctx, s, u.id, here, quarry, Math.max(standOff, 4));
    if (spot) advance(ctx, get, apply, entries, u.id, spot, 0.3, 0);
    else advance(ctx, get, apply, entries, u.id, q, Math.min(standOff, 2), 0);
    return;
  }
  advance(ctx, get, apply, entries, u.id, plan.goalPoint, standOff, 0, {
    point: plan.goalPoint,
    stopAt: standOff,
  });
}

// ---------------------------------------------------------------------------------------------
// Men on foot

function moveFigure(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  entries: EntrySpots,
  id: string,
): void {
  const s = get();
  const u = s.units.get(id)!;
  const role = roleOf(plan, u);
  const members = ctx.formations.get(u.formation)?.members ?? [id];
  const index = Math.max(0, members.indexOf(id));
  const here = u.at ? tablePoint(u.at[0], u.at[1]) : undefined;
  // A radio team off the table stays there until it is time to come on.
  if (role === 'radio' && !here && !plan.radioEnters) return;
  if (plan.rush && (role === 'escort' || role === 'defend' || role === 'radio')) {
    goForObjective(ctx, get, plan, apply, entries, id, index, members.length);
    return;
  }
  switch (role) {
    case 'heavy':
    case 'defend': {
      // A gun's crew stands by its gun, where moveGuns put it.
      if (role === 'heavy' && gunOf(ctx, s, u.formation) !== undefined) return;
      const mortar =
        role === 'heavy' &&
        weaponsOf(ctx, info(ctx, s, id)).some((m) => m.weapon.kind === 'mortar');
      // A mortar fires over everything: it waits on a flank, out of the objective and of sight.
      const post =
        mortar && homeKeptClear(plan)
          ? flankPost(ctx, plan, 1 + index)
          : homePost(ctx, plan, index, members.length);
      if (here && role === 'defend' && distance(here, post) < 2) return;
      if (!setUpIfReady(ctx, get, plan, apply, id, post))
        advance(ctx, get, apply, entries, id, post, 0.3);
      return;
    }
    case 'escort': {
      // With the squad: within half a move of its men (TP-15.3), in its middle.
      const squad = squadWhere(ctx, s, plan.escorts.get(u.formation));
      if (!squad) {
        if (radioMayGo(plan))
          goForObjective(ctx, get, plan, apply, entries, id, index, members.length);
        return;
      }
      if (!squad.onFoot) return;
      advance(ctx, get, apply, entries, id, squad.point, 0.8, plan.params.coverTrade, {
        point: routeTarget(squad.point),
        stopAt: 0.8,
      });
      return;
    }
    case 'radio':
      // On foot (no vehicle, or it was lost) they walk to the staging point and wait there
      // until the objective is nearly clear, or it is time to go anyway.
      if (!radioMayGo(plan)) {
        advance(ctx, get, apply, entries, id, plan.staging, 1, plan.params.coverTrade, {
          point: plan.staging,
          stopAt: 1,
        });
        return;
      }
      goForObjective(ctx, get, plan, apply, entries, id, index, members.length);
      return;
    case 'assault':
    case 'armour':
    case 'transport':
      goForObjective(ctx, get, plan, apply, entries, id, index, members.length);
      return;
  }
}

/**
 * A man heads for the objective: at the nearest enemy still in it, to grenade range; once it is
 * clear, to a spot of his own inside it, where he stays.
 */
function goForObjective(
  ctx: TankplankContext,
  get: Get,
  plan: SidePlan,
  apply: Apply,
  entries: EntrySpots,
  id: string,
  index: number,
  count: number,
): void {
  const s = get();
  const u = s.units.get(id)!;
  const here = u.at ? tablePoint(u.at[0], u.at[1]) : undefined;
  const enemy = here ? nearest(plan.enemiesInGoal, here) : undefined;
  if (here && inZone(ctx, plan.goal, here) && !enemy) return;
  if (!plan.push) {
    advance(ctx, get, apply, entries, id, plan.waitPoint, 2.5, plan.params.coverTrade);
    return;
  }
  // Men keep with their squad: one well ahead of its middle man waits for the others.
  const middle = plan.rush ? undefined : squadMiddle(ctx, s, u.formation, plan.goalPoint);
  if (here && middle !== undefined && distance(here, plan.goalPoint) < middle - SQUAD_SPREAD)
    return;
  const coverTrade = plan.rush ? 0 : plan.params.coverTrade;
  if (toFlank(ctx, get, apply, entries, plan, id, coverTrade)) return;
  if (enemy) {
    // Many still there: close to rifle range and shoot them out; a few: go in with grenades.
    const stop = plan.enemiesInGoal.length > 4 ? RIFLE_RANGE : ASSAULT_RANGE;
    const q = tablePoint(enemy.at[0], enemy.at[1]);
    if (here && distance(here, q) <= stop + 6) {
      if (
        distance(here, q) <= stop + 0.5 &&
        seesBetween(ctx, s, { unit: id, point: here }, { unit: enemy.id, point: q })
      )
        return;
      const spot = vantage(ctx, s, id, here, enemy, stop);
      if (spot) {
        advance(ctx, get, apply, entries, id, spot, 0.3, 0);
        return;
      }
    }
    advance(ctx, get, apply, entries, id, q, stop, coverTrade, {
      point: plan.goalPoint,
      stopAt: 0,
    });
    return;
  }
  const spot = plan.goal ? clampToTable(ctx, spotIn(plan.goal, index, count)) : plan.goalPoint;
  advance(ctx, get, apply, entries, id, spot, 0.3, coverTrade, {
    point: plan.goalPoint,
    stopAt: 0,
  });
}

/**
 * The nearest spot to `from` within `reach` of an enemy from which the unit would see him (one
 * reached without walking into a house first): an enemy behind a wall or a house is not found by
 * walking straight at him, only by going round.
 * Undefined when no spot on three rings round him (16 bearings each, none in a house) sees him.
 */
function vantage(
  ctx: TankplankContext,
  s: TankplankState,
  id: string,
  from: TablePoint,
  quarry: UnitState & { at: readonly [number, number] },
  reach: number,
): TablePoint | undefined {
  const q = tablePoint(quarry.at[0], quarry.at[1]);
  const spots: TablePoint[] = [];
  for (const r of [Math.max(1, reach * 0.6), reach, reach + VANTAGE_WIDER]) {
    for (let k = 0; k < VANTAGE_BEARINGS; k++) {
      const a = (k / VANTAGE_BEARINGS) * 2 * Math.PI;
      const p = tablePoint(q.x + Math.cos(a) * r, q.y + Math.sin(a) * r);
      if (p.x < 0.3 || p.y < 0.3 || p.x > ctx.map.width - 0.3 || p.y > ctx.map.height - 0.3)
        continue;
      // Not in a house: from inside its walls hide nothing, but getting in is another matter.
      if (ctx.terrain.featuresAt(p).some((e) => e.feature.kind === 'building')) continue;
      spots.push(p);
    }
  }
  // Nearest first; the nearest a straight walk reaches without a house in the way, else the
  // nearest of all. Only spots that see him are asked about houses.
  spots.sort((a, b) => distance(a, from) - distance(b, from));
  let behindHouse: TablePoint | undefined;
  for (const p of spots) {
    if (!seesBetween(ctx, s, { unit: id, point: p }, { unit: quarry.id, point: q })) continue;
    if (!ctx.terrain.crossings(from, p).some((c) => c.entry.feature.kind === 'building')) return p;
    behindHouse ??= p;
  }
  return behindHouse;
}

const VANTAGE_BEARINGS = 16;
/** The outer ring stands this much further out: round a house wider than the inner rings. */
const VANTAGE_WIDER = 3;

/**
 * On its own side of the flank crossing, a unit of the assault makes for the crossing's far end
 * (round the village by the flank road) instead of straight for the objective. True when that
 * was its move.
 */
function toFlank(
  ctx: TankplankContext,
  get: Get,
  apply: Apply,
  entries: EntrySpots,
  plan: SidePlan,
  id: string,
  coverTrade = 0,
): boolean {
  const flank = plan.flank;
  if (!flank) return false;
  if (!byFlank(ctx, get(), id)) return false;
  const u = get().units.get(id)!;
  const here = u.at ? tablePoint(u.at[0], u.at[1]) : entries.near(flank.near);
  // Once at the crossing the way to the objective goes over it (or, for a tracked vehicle, the
  // ford beside it): no need to queue for the bridge's far end.
  if (distance(here, plan.goalPoint) <= distance(flank.near, plan.goalPoint) + FLANK_NEAR)
    return false;
  advance(ctx, get, apply, entries, id, flank.near, 0.3, coverTrade, {
    point: flank.near,
    stopAt: 0,
  });
  return true;
}

/** The middle man's distance to the goal, for a squad with at least three men on the table. */
function squadMiddle(
  ctx: TankplankContext,
  s: TankplankState,
  formation: string,
  goal: TablePoint,
): number | undefined {
  const ds = (ctx.formations.get(formation)?.members ?? [])
    .map((id) => s.units.get(id)!)
    .filter((m) => m.alive && m.at && !m.embarkedIn)
    .map((m) => distance(tablePoint(m.at![0], m.at![1]), goal))
    .sort((a, b) => a - b);
  return ds.length >= 3 ? ds[Math.floor(ds.length / 2)] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Going somewhere

/**
 * Moves a unit toward `target` as far as its allowance and the terrain let it, stopping `stopAt`
 * short; off the table it enters at the edge spot nearest the target. Straight on when that
 * gets it most of the way, else the best of a few detours; a man takes an end in cover when it
 * costs him at most `coverTrade` inches of ground. With `clearOfWrecks` it comes on where no
 * wreck lies across its first move and keeps off bridges a wreck shuts. Returns whether it moved.
 */
function advance(
  ctx: TankplankContext,
  get: Get,
  apply: Apply,
  entries: EntrySpots,
  id: string,
  target: TablePoint,
  stopAt: number,
  coverTrade = 1,
  route?: { readonly point: TablePoint; readonly stopAt: number },
  clearOfWrecks = false,
  again = false,
): boolean {
  const s = get();
  const u = s.units.get(id)!;
  const budget = 1 - u.moved;
  if (budget <= 0.05) return false;
  const { mover } = moverFor(ctx, s, id);
  const figure = info(ctx, s, id).kind === 'figure';
  const start = u.at
    ? tablePoint(u.at[0], u.at[1])
    : entryFor(ctx, entries, mover, target, clearOfWrecks ? s : undefined);
  const d = distance(start, target);
  if (u.at && d <= stopAt + 0.05) return false;
  // Far from where it is going, a unit follows the route field of its objective round creeks,
  // houses and walls: a vehicle drives the way leg by leg; a man heads for the point of the way
  // a move ahead and picks his end there (cover). Near it, or when the route's move is refused,
  // it goes straight.
  let via: TablePoint | undefined;
  if (route && distance(start, route.point) > ROUTE_BEYOND) {
    const stop = Math.max(route.stopAt, ROUTE_BEYOND - 2);
    const way = openWay(ctx, s, id, mover, start, route.point, stop, clearOfWrecks);
    // Aimed a few moves down the way, a detour of 30° costs a man little ground, as it should.
    if (figure) via = pointAlong(start, way, 3 * Math.max(mover.roadRate, mover.offRoadRate));
    else {
      const path = wayWithin(ctx, s, mover, start, way, budget);
      // A way that gets it nowhere (a leg onto a road charged at the off-road rate, a corner
      // it cannot round) is no way: it goes straight instead of inching on turn after turn.
      if (path.length > 1 && distance(start, path[path.length - 1]!) >= MIN_LEG) {
        const legs = (u.at ? path.slice(1) : path).map((p): [number, number] => [p.x, p.y]);
        if (apply({ type: 'move', unit: id, path: legs })) {
          // Cut short (a wreck or a hull across the road the route field does not know of): the
          // rest of the move goes round it, once. A vehicle kept off shut bridges stays on its
          // way: straight at the target would take it back to the wreck it is going round.
          if (!again && 1 - get().units.get(id)!.moved >= LEFT_OVER)
            advance(
              ctx,
              get,
              apply,
              entries,
              id,
              target,
              stopAt,
              coverTrade,
              clearOfWrecks ? route : undefined,
              clearOfWrecks,
              true,
            );
          return true;
        }
      }
    }
  }
  via ??= waypoint(ctx, mover, start, target);
  const aim = via === target && d > 0 ? lerpPoint(start, target, Math.max(0, d - stopAt) / d) : via;
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget;
  const wanted = Math.min(reach, distance(start, aim));
  const ends: { end: TablePoint; progress: number; cover: number; detour: number }[] = [];
  const consider = (detour: number) => {
    const end = furthest(ctx, mover, start, rotateAbout(start, aim, detour), budget);
    if (distance(start, end) < 0.2) return;
    const cover = figure ? coverValue(ctx, end) : 0;
    ends.push({ end, progress: distance(start, aim) - distance(end, aim), cover, detour });
  };
  consider(0);
  // Straight on is good enough when it covers nearly all it could, unless a man looks for cover.
  const straight = ends[0];
  if (!straight || straight.progress < wanted * 0.9 || figure) {
    for (const detour of figure ? [30, -30] : [25, -25, 50, -50]) consider(detour);
    const best = Math.max(0, ...ends.map((e) => e.progress));
    if (best < wanted * 0.5) for (const detour of [60, -60, 90, -90]) consider(detour);
  }
  // Hemmed in (a vehicle nosed into a wall, a hedge or a wreck): any direction that lowers its
  // cost to the route's point on the route field, backing out too.
  const wayOutOf = () =>
    !figure && u.at && route
      ? wayOut(ctx, mover, start, route.point, budget).some((p) =>
          apply({ type: 'move', unit: id, path: [[p.x, p.y]] }),
        )
      : false;
  if ((ends.length === 0 || Math.max(...ends.map((e) => e.progress)) < 0.5) && wayOutOf())
    return true;
  if (ends.length === 0) return false;
  const bestProgress = Math.max(...ends.map((e) => e.progress));
  const rank = (e: (typeof ends)[number]) =>
    e.progress >= bestProgress - coverTrade ? 100 * e.cover - Math.abs(e.detour) : -1000;
  ends.sort((x, y) => rank(y) - rank(x));
  for (const { end } of ends.slice(0, 3)) {
    const path: [number, number][] = u.at
      ? [[end.x, end.y]]
      : [
          [start.x, start.y],
          [end.x, end.y],
        ];
    if (apply({ type: 'move', unit: id, path })) return true;
  }
  return wayOutOf();
}

/**
 * The entry spot for a unit coming on toward `target`: of the spots nearest it along the edge
 * from which the unit can drive or walk a few inches straight in (a field fenced off at the
 * table's edge traps a vehicle that comes on inside it for the whole game), the first, unless
 * another is half a turn cheaper on the route field.
 */
function entryFor(
  ctx: TankplankContext,
  entries: EntrySpots,
  mover: Mover,
  target: TablePoint,
  wrecksOf?: TankplankState,
): TablePoint {
  const field = routeField(ctx.terrain, mover, target);
  const cost = (p: TablePoint) => field.cost[nodeAt(field, clampToTable(ctx, p))] ?? Infinity;
  // Straight in from the edge for a few inches: the field runs through gaps a hull cannot.
  const inward = Math.min(4, Math.max(mover.roadRate, mover.offRoadRate));
  const edgeMid = entryMiddle(ctx, entries.side, 0);
  const inMid = entryMiddle(ctx, entries.side, inward);
  const getsIn = (p: TablePoint) =>
    distance(
      p,
      furthest(ctx, mover, p, tablePoint(p.x + inMid.x - edgeMid.x, p.y + inMid.y - edgeMid.y), 1),
    ) >=
      inward - 0.1 && !wreckAhead(ctx, wrecksOf, p, target);
  let first: TablePoint | undefined;
  let best: { spot: TablePoint; cost: number } | undefined;
  for (let k = 0; k < ENTRY_TRIES; k++) {
    const spot = entries.near(target);
    if (!getsIn(spot)) continue;
    const c = cost(spot);
    first ??= spot;
    if (!best || c < best.cost) best = { spot, cost: c };
    if (k >= 3) break;
  }
  if (!first || !best) return entries.near(target);
  return best.cost < cost(first) - 0.5 ? best.spot : first;
}

/**
 * Whether a wreck lies across the first WRECK_LOOK inches from an entry spot toward the target
 * (a side's own trucks shot up as they came on choke the road in from the edge).
 */
function wreckAhead(
  ctx: TankplankContext,
  s: TankplankState | undefined,
  p: TablePoint,
  target: TablePoint,
): boolean {
  if (!s || s.wrecks.length === 0) return false;
  const d = distance(p, target);
  const end = d > WRECK_LOOK ? lerpPoint(p, target, WRECK_LOOK / d) : target;
  return s.wrecks.some((w) => {
    const t = ctx.catalog.units.get(w.type);
    const hull = rectangleCorners(
      w.at[0],
      w.at[1],
      (t?.size?.length ?? 1.5) + 1.2,
      (t?.size?.width ?? 1) + 1.2,
      w.facing,
    );
    return segmentInsidePolygon(p, end, hull).length > 0;
  });
}

const WRECK_LOOK = 10;

/** A vehicle with this share of its move left after its way was cut short drives on round. */
const LEFT_OVER = 0.25;

/** A vehicle's move along its way shorter than this, in inches, is tried straight instead. */
const MIN_LEG = 1;

/** Further than this from its objective a unit follows the route field. */
const ROUTE_BEYOND = 7;

/**
 * The way to a point over the map, for a vehicle one that no wreck blocks: when wrecks block the
 * best crossing (a bridge, say), the way over each other crossing in turn, cheapest first. With
 * `overOpenBridge` (a radio team's jeep, whose radioman the hold waits for) a bridge with a wreck
 * across its deck is shut outright, even where the way would squeeze past the wreck at its edge.
 */
function openWay(
  ctx: TankplankContext,
  s: TankplankState,
  id: string,
  mover: Mover,
  start: TablePoint,
  target: TablePoint,
  stopAt: number,
  overOpenBridge = false,
): TablePoint[] {
  const i = info(ctx, s, id);
  const margin = (i.type.size?.width ?? 1) / 2;
  const hulls = () => s.wrecks.map((w) => wreckHull(ctx, w, margin));
  let wrecks: TablePoint[][] | undefined;
  if (overOpenBridge && i.kind !== 'figure' && s.wrecks.length > 0) {
    // Bridges a wreck lies across are shut: the way goes over those still open.
    const shut = shutCrossings(ctx, (wrecks = hulls()));
    if (shut.length > 0) {
      const field = routeField(ctx.terrain, mover, target, shut);
      const open = routeFrom(ctx.terrain, field, start, stopAt);
      if (open.length > 0) return open;
    }
  }
  const way = routeFrom(ctx.terrain, routeField(ctx.terrain, mover, target), start, stopAt);
  if (i.kind === 'figure' || s.wrecks.length === 0) return way;
  wrecks ??= hulls();
  const blocked = (w: readonly TablePoint[]) => {
    let at = start;
    for (const p of w) {
      if (wrecks.some((poly) => segmentInsidePolygon(at, p, poly).length > 0)) return true;
      at = p;
    }
    return false;
  };
  if (!blocked(way)) return way;
  const crossings = ctx.terrain.entries
    .filter((e) => e.feature.kind === 'bridge' || e.feature.kind === 'catwalk')
    .map((e) => e.id as string);
  let best: { way: TablePoint[]; cost: number } | undefined;
  for (const via of crossings) {
    const field = routeField(
      ctx.terrain,
      mover,
      target,
      crossings.filter((c) => c !== via),
    );
    const other = routeFrom(ctx.terrain, field, start, stopAt);
    if (other.length === 0 || blocked(other)) continue;
    const n = nodeAt(field, start);
    const cost = n >= 0 ? field.cost[n]! : Infinity;
    if (!best || cost < best.cost) best = { way: other, cost };
  }
  return best?.way ?? way;
}

/**
 * Bridges with a wreck across their deck's middle line (`wrecks`: their hulls widened by half the
 * vehicle's width): no way over for a vehicle that cannot push it aside. Sorted ids, so the route
 * field for the same wrecks is kept and found again.
 */
function shutCrossings(ctx: TankplankContext, wrecks: readonly TablePoint[][]): string[] {
  const shut: string[] = [];
  for (const e of ctx.terrain.entries) {
    if (e.feature.kind !== 'bridge') continue;
    const { near, far } = deckLine(e.box);
    if (wrecks.some((poly) => segmentInsidePolygon(near, far, poly).length > 0)) shut.push(e.id);
  }
  return shut.sort();
}

/** A wreck's outline widened all round by `margin`. */
function wreckHull(
  ctx: TankplankContext,
  w: TankplankState['wrecks'][number],
  margin: number,
): TablePoint[] {
  const t = ctx.catalog.units.get(w.type);
  return rectangleCorners(
    w.at[0],
    w.at[1],
    (t?.size?.length ?? 1.5) + 2 * margin,
    (t?.size?.width ?? 1) + 2 * margin,
    w.facing,
  );
}

/**
 * Ends of a move in eight directions that lower the mover's cost to `target` over the route
 * field, the most first (the moves may still be refused for a hull or a wreck in the way).
 */
function wayOut(
  ctx: TankplankContext,
  mover: Mover,
  start: TablePoint,
  target: TablePoint,
  budget: number,
): TablePoint[] {
  const field = routeField(ctx.terrain, mover, target);
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget;
  const here = field.cost[nodeAt(field, start)] ?? Infinity;
  const outs: { end: TablePoint; cost: number }[] = [];
  for (let k = 0; k < 8; k++) {
    const a = (k * Math.PI) / 4;
    const aim = tablePoint(start.x + Math.cos(a) * reach, start.y + Math.sin(a) * reach);
    const end = furthest(ctx, mover, start, aim, budget);
    if (distance(start, end) < 0.5) continue;
    const cost = field.cost[nodeAt(field, end)] ?? Infinity;
    if (cost < here - 1e-6) outs.push({ end, cost });
  }
  return outs.sort((a, b) => a.cost - b.cost).map((o) => o.end);
}

function nodeAt(field: ReturnType<typeof routeField>, p: TablePoint): number {
  const c = Math.min(field.columns - 1, Math.max(0, Math.round(p.x / field.step)));
  const r = Math.min(field.rows - 1, Math.max(0, Math.round(p.y / field.step)));
  return r * field.columns + c;
}

/** The point `length` inches along a way from `start` (its end when it is shorter). */
function pointAlong(start: TablePoint, way: readonly TablePoint[], length: number) {
  let at = start;
  let left = length;
  for (const p of way) {
    const d = distance(at, p);
    if (d >= left) return lerpPoint(at, p, left / d);
    left -= d;
    at = p;
  }
  return way.length > 0 ? at : undefined;
}

/**
 * The part of a way a unit covers with what is left of its move: whole legs while they fit, then
 * as far along the next as it can get (to ~1/100 of the leg).
 */
function wayWithin(
  ctx: TankplankContext,
  s: TankplankState,
  mover: Mover,
  start: TablePoint,
  way: readonly TablePoint[],
  budget: number,
): TablePoint[] {
  const path = [start];
  const fits = (trial: readonly TablePoint[]) => {
    const end = trial[trial.length - 1]!;
    if (end.x < 0 || end.y < 0 || end.x > ctx.map.width || end.y > ctx.map.height) return false;
    const c = pathCost(ctx.terrain, mover, trial, s.gaps ?? []);
    return c.legal && c.cost <= budget;
  };
  for (const p of way) {
    if (distance(path[path.length - 1]!, p) < 1e-9) continue;
    if (fits([...path, p])) {
      path.push(p);
      continue;
    }
    const last = path[path.length - 1]!;
    let lo = 0;
    let hi = 1;
    for (let k = 0; k < 7; k++) {
      const mid = (lo + hi) / 2;
      if (fits([...path, lerpPoint(last, p, mid)])) lo = mid;
      else hi = mid;
    }
    if (lo > 0) path.push(lerpPoint(last, p, lo));
    break;
  }
  return path;
}

/** How good the cover is where a man would stand: 0 none, 1 light, 2 heavy or better. */
function coverValue(ctx: TankplankContext, p: TablePoint): number {
  const c = coverAt(ctx, p, 0.3);
  return c === 'none' ? 0 : c === 'light' ? 1 : 2;
}

/**
 * Where to head for now: the goal itself, or, when a creek the mover cannot ford lies across the
 * way, the near then the far end of the bridge or catwalk that makes the shortest detour.
 */
function waypoint(
  ctx: TankplankContext,
  mover: Mover,
  start: TablePoint,
  goal: TablePoint,
): TablePoint {
  const direct = pathCost(ctx.terrain, mover, [start, goal]);
  const blocker = direct.blockedBy
    ? ctx.terrain.entries.find((e) => e.id === direct.blockedBy!.featureId)
    : undefined;
  if (!blocker || (blocker.feature.kind !== 'creek' && blocker.feature.kind !== 'gully'))
    return goal;
  let best: { near: TablePoint; far: TablePoint; length: number } | undefined;
  for (const e of ctx.terrain.entries) {
    const f = e.feature;
    if (f.kind !== 'bridge' && f.kind !== 'catwalk') continue;
    if (f.passableBy && !f.passableBy.some((c) => mover.classes.includes(c))) continue;
    if (!f.passableBy && e.rules.impassableTo.some((c) => mover.classes.includes(c))) continue;
    const b = e.box;
    const alongX = b.maxX - b.minX >= b.maxY - b.minY;
    const cy = (b.minY + b.maxY) / 2;
    const cx = (b.minX + b.maxX) / 2;
    const ends = alongX
      ? [tablePoint(b.minX + 0.3, cy), tablePoint(b.maxX - 0.3, cy)]
      : [tablePoint(cx, b.minY + 0.3), tablePoint(cx, b.maxY - 0.3)];
    for (const [near, far] of [
      [ends[0]!, ends[1]!],
      [ends[1]!, ends[0]!],
    ] as const) {
      const length = distance(start, near) + distance(near, far) + distance(far, goal);
      if (!best || length < best.length) best = { near, far, length };
    }
  }
  if (!best) return goal;
  const onDeck = ctx.terrain
    .featuresAt(start)
    .some((e) => e.feature.kind === 'bridge' || e.feature.kind === 'catwalk');
  return onDeck || distance(start, best.near) < 0.3 ? best.far : best.near;
}

function rotateAbout(from: TablePoint, to: TablePoint, deg: number): TablePoint {
  if (deg === 0) return to;
  const r = (deg * Math.PI) / 180;
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  return tablePoint(
    from.x + dx * Math.cos(r) - dy * Math.sin(r),
    from.y + dx * Math.sin(r) + dy * Math.cos(r),
  );
}

/** The furthest point toward `goal` the mover reaches within its budget (to ~1/100 of its reach). */
function furthest(
  ctx: TankplankContext,
  mover: Mover,
  from: TablePoint,
  goal: TablePoint,
  budget: number,
): TablePoint {
  const reach = Math.max(mover.roadRate, mover.offRoadRate) * budget + 0.01;
  const length = distance(from, goal);
  if (length > reach) goal = lerpPoint(from, goal, reach / length);
  // One terrain query for the line, cut at each point tried.
  const costTo = segmentCoster(ctx.terrain, mover, from, goal);
  const end = goal;
  const ok = (t: number) => {
    // The point at t (as lerpPoint works it out) must be on the table.
    const x = from.x + (end.x - from.x) * t;
    const y = from.y + (end.y - from.y) * t;
    if (x < 0 || y < 0 || x > ctx.map.width || y > ctx.map.height) return false;
    // NaN where the way is barred, which is never within the budget.
    return costTo(t) <= budget;
  };
  if (ok(1)) return goal;
  let lo = 0;
  let hi = 1;
  for (let k = 0; k < 7; k++) {
    const mid = (lo + hi) / 2;
    if (ok(mid)) lo = mid;
    else hi = mid;
  }
  return lerpPoint(from, goal, lo);
}
