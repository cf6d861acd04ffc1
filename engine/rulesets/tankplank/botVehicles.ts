/**
 * The Tankplank bot's vehicles: tanks and armoured cars close to a stand-off and keep the way
 * open; transports follow their riders' plan.
 */
import { tablePoint } from '../../geometry/units';
import { distance } from '../../geometry/vector';
import { nearest, type SidePlan } from './botPlan';
import type { TankplankContext, UnitInfo } from './rules/context';
import { info, seesBetween, weaponsOf } from './rules/situation';
import type { UnitState } from './rules/state';
import {
  type Apply,
  CLOSE_IN,
  ESCORT_GAP,
  EntrySpots,
  FEW_LEFT,
  type Get,
  RADIO_IN,
  RADIO_SHORT,
  homePost,
  roleOf,
} from './botMoveKit';
import { needsSetUp, setUpIfReady } from './botGuns';
import { ROUTE_BEYOND, advance } from './botAdvance';
import {
  armouredVehicle,
  carriesRadio,
  pullOffRoad,
  radioMayGo,
  routeTarget,
  squadWhere,
} from './botRide';
import { toFlank, vantage } from './botFigures';

// ---------------------------------------------------------------------------------------------
// Vehicles

export function moveVehicle(
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
    if (spot) advance(ctx, get, apply, entries, u.id, spot, 0, 0);
    else advance(ctx, get, apply, entries, u.id, q, Math.min(standOff, 2), 0);
    return;
  }
  advance(ctx, get, apply, entries, u.id, plan.goalPoint, standOff, 0, {
    point: plan.goalPoint,
    stopAt: standOff,
  });
}
