/**
 * The Tankplank bot's Movement phase. Squads ride the trucks and half-tracks to the objective and
 * get out at its edge; they go for the enemy still in it, and once it is clear, into it. The
 * radio teams ride their jeeps and go in when the objective is nearly clear (the hold needs a
 * radioman with other men), tanks and armoured cars close to a stand-off and shoot into it, and
 * the heavy weapons and guns set up in the home ground, which the enemy must clear in turn.
 */
import { tablePoint } from '../../geometry/units';
import { inZone, type SidePlan } from './botPlan';
import type { TankplankContext } from './rules/context';
import { movementOrder } from './rules/movementOrder';
import { info, onTable, weaponsOf } from './rules/situation';
import { type Apply, EntrySpots, type Get } from './botMoveKit';
import { load, noHeadway, unload } from './botRide';
import { moveGuns, needsSetUp } from './botGuns';
import { moveVehicle } from './botVehicles';
import { moveFigure } from './botFigures';
import { advance } from './botAdvance';

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
