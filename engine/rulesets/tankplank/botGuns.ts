/**
 * The Tankplank bot's guns: dragged to their post with their crew, then set up facing the enemy.
 */
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance } from '../../geometry/vector';
import { inZone, type SidePlan } from './botPlan';
import type { TankplankContext } from './rules/context';
import { info, onTable, positionOf, weaponKey, weaponsOf } from './rules/situation';
import {
  type Apply,
  EntrySpots,
  type Get,
  THREAT_RANGE,
  clampToTable,
  flankPost,
  homeKeptClear,
  homePost,
} from './botMoveKit';
import { advance } from './botAdvance';

// ---------------------------------------------------------------------------------------------
// Guns and their crews

/** Guns are dragged to their post with their crew around them, then set up facing the enemy. */
export function moveGuns(
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
export function needsSetUp(m: ReturnType<typeof weaponsOf>[number]): boolean {
  return m.weapon.stats?.['needsSetUp'] === true && m.mount !== 'pintle';
}

/**
 * Sets up a heavy weapon at its post, or where it stands once the enemy is near, before it moves
 * (setting up takes a move of its own). True when the weapon is set up and should stay put.
 */
export function setUpIfReady(
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
