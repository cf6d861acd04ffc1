/**
 * What the Tankplank bot's movement shares: its distances and counts, where each role posts
 * on its side's ground, entry spots along an edge, and a few table helpers.
 */
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance, lerpPoint } from '../../geometry/vector';
import { inZone, spotIn, type SidePlan, type Zone } from './botPlan';
import type { TankplankAction } from './rules/actions';
import type { TankplankContext } from './rules/context';
import type { TankplankState, UnitState } from './rules/state';

export type Apply = (a: TankplankAction) => boolean;

export type Get = () => TankplankState;

/** How far a squad member may get ahead of the squad's middle man, in inches. */
export const SQUAD_SPREAD = 3;

/** How close men close on the last few enemies left in the objective: inside grenade range. */
export const ASSAULT_RANGE = 2.5;

/** How close men close on an objective still full of enemies: rifle range, medium band. */
export const RIFLE_RANGE = 7;

/** How close an enemy must be before a heavy weapon sets up short of its post. */
export const THREAT_RANGE = 8;

/** Own men in the objective before a radio team goes in (unless it is late). */
export const ESCORT = 3;

/** Spots along the edge a transport tries before it gives up coming on this turn. */
export const ENTRY_TRIES = 8;

/** How far behind its squad a command team's vehicle keeps. */
export const ESCORT_GAP = 2.5;

/**
 * Riders of a carrier sent to cover by its crew's morale get out and walk within this of the
 * objective's middle; further out they wait, as a carrier that goes on again gets them there
 * sooner than their feet. From a carrier falling back or routing they always get out.
 */
export const WALK_IN = 12;

/**
 * From this turn riders of a carrier that did not move get out and walk however far they are
 * from the objective; before it, far from it, they wait for it (a carrier held up once by the
 * traffic at the edge is no reason to walk 30").
 */
export const STILL_WALK_TURN = 4;

/** How near the flank crossing a unit stops heading for it and makes for the objective. */
export const FLANK_NEAR = 2;

/** How close to the objective's middle a radio team's vehicle drives before it gets out. */
export const RADIO_IN = 1.5;

/** How far short of the objective's middle it waits while the enemy still holds it. */
export const RADIO_SHORT = 9;

/** Enemies left in the objective when armour closes in to finish them, and how close it goes. */
export const FEW_LEFT = 4;

export const CLOSE_IN = 3;

/** The role of a unit's formation (crews out of a wreck and new pieces act as an assault). */
export function roleOf(plan: SidePlan, u: UnitState) {
  return plan.roles.get(u.formation) ?? 'assault';
}

/**
 * Where the heavy weapons and home defenders stand: on the line from the home centre toward the
 * objective, `postBeyondHome` inches past the home ground's edge (inside it when negative).
 */
export function homePost(
  ctx: TankplankContext,
  plan: SidePlan,
  index: number,
  count: number,
): TablePoint {
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
export function flankPost(ctx: TankplankContext, plan: SidePlan, index: number): TablePoint {
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
export function homeKeptClear(plan: SidePlan): boolean {
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

export function entryMiddle(ctx: TankplankContext, side: string, inward: number): TablePoint {
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

export function clampToTable(ctx: TankplankContext, p: TablePoint, margin = 0.3): TablePoint {
  return tablePoint(
    Math.min(ctx.map.width - margin, Math.max(margin, p.x)),
    Math.min(ctx.map.height - margin, Math.max(margin, p.y)),
  );
}

/** Points on the side's entry edge, nearest a unit's destination, never two on the same spot. */
export class EntrySpots {
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
