/**
 * The Tankplank bot's men on foot: going for the objective, to a vantage point, or round a flank
 * with their squad.
 */
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance } from '../../geometry/vector';
import { inZone, nearest, spotIn, type SidePlan } from './botPlan';
import type { TankplankContext } from './rules/context';
import { info, seesBetween, weaponsOf } from './rules/situation';
import type { TankplankState, UnitState } from './rules/state';
import {
  ASSAULT_RANGE,
  type Apply,
  EntrySpots,
  FLANK_NEAR,
  type Get,
  RIFLE_RANGE,
  SQUAD_SPREAD,
  clampToTable,
  flankPost,
  homeKeptClear,
  homePost,
  roleOf,
} from './botMoveKit';
import { byFlank, gunOf, radioMayGo, routeTarget, squadWhere } from './botRide';
import { setUpIfReady } from './botGuns';
import { advance } from './botAdvance';

// ---------------------------------------------------------------------------------------------
// Men on foot

export function moveFigure(
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
        // All the way onto it: the spot sees him, a step short of it may not (a house corner).
        advance(ctx, get, apply, entries, id, spot, 0, 0);
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
 * Undefined when no spot on five rings round him (16 bearings each, none in a house) sees him.
 */
export function vantage(
  ctx: TankplankContext,
  s: TankplankState,
  id: string,
  from: TablePoint,
  quarry: UnitState & { at: readonly [number, number] },
  reach: number,
): TablePoint | undefined {
  const q = tablePoint(quarry.at[0], quarry.at[1]);
  const spots: TablePoint[] = [];
  for (const r of [
    1,
    Math.max(1, reach * 0.6),
    reach,
    reach + VANTAGE_WIDER,
    reach + 2 * VANTAGE_WIDER,
  ]) {
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
export function toFlank(
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
