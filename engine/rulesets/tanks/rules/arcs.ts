import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { TanksContext } from './context';
import { info } from './context';
import {
  ahead,
  discPolygonOverlap,
  footprintGap,
  hullFront,
  polygonsOverlap,
  unitVector,
} from './geometry';
import { footprint, hasKeyword, stemOf } from './models';
import type { ModelState, TanksState } from './state';

/**
 * Firing arcs (TK-5.6, TK-5.7), Close Range (TK-6.6 step 5, TK-A13) and Side Shots (TK-6.6 step 6,
 * TK-A8), all from the models' footprints: hulls without gun barrels, bases as discs.
 */

/** Whether the target lies in the shooter's arc, with the reason when it does not. */
export function inArc(
  ctx: TanksContext,
  state: TanksState,
  shooter: ModelState,
  target: ModelState,
): { ok: true; text: string } | { ok: false; reason: string; ruleId: string } {
  const card = info(ctx, shooter.id).card;
  const tf = footprint(ctx, target);
  const targetName = info(ctx, target.id).name;
  if (card.kind === 'helicopter') {
    // Wholly in front of the line through the base centre (TK-5.7).
    const origin = tablePoint(shooter.at![0], shooter.at![1]);
    const inFront =
      tf.shape === 'hull'
        ? tf.corners.every((c) => ahead(c, origin, shooter.facing) > 0)
        : ahead(tf.centre, origin, shooter.facing) > tf.radius;
    return inFront
      ? { ok: true, text: 'wholly in front of the helicopter (TK-5.7)' }
      : {
          ok: false,
          reason: `${targetName} is not wholly in front of the line across the helicopter's base; helicopters shoot only ahead`,
          ruleId: 'TK-5.7',
        };
  }
  if (!hasKeyword(ctx, state, shooter.id, 'Forward Firing'))
    return { ok: true, text: 'the turret fires all round (TK-5.6)' };
  const front = hullFront(shooter.at![0], shooter.at![1], shooter.facing, card.length);
  // (a) the whole hull, or the stem of a helicopter, in front of the front line.
  const whole =
    tf.shape === 'hull'
      ? tf.corners.every((c) => ahead(c, front, shooter.facing) > 0)
      : ahead(stemOf(ctx, target), front, shooter.facing) > 0;
  if (whole) return { ok: true, text: 'wholly in front of its hull front (TK-5.6)' };
  // (b) some part of it in the strip straight ahead of the hull.
  const strip = forwardStrip(front, shooter.facing, card.width, ctx.table.width + ctx.table.height);
  const ahead_ =
    tf.shape === 'hull'
      ? polygonsOverlap(tf.corners, strip)
      : discPolygonOverlap(tf.centre, tf.radius, strip);
  return ahead_
    ? { ok: true, text: 'part of it is straight ahead of the hull (TK-5.6)' }
    : {
        ok: false,
        reason: `${targetName} is partly behind the Forward Firing tank's front and not straight ahead of its hull`,
        ruleId: 'TK-5.6',
      };
}

function forwardStrip(
  front: TablePoint,
  facing: number,
  width: number,
  reach: number,
): TablePoint[] {
  const u = unitVector(facing);
  const n = tablePoint(-u.y, u.x);
  const hw = width / 2;
  const p = (along: number, side: number) =>
    tablePoint(front.x + u.x * along + n.x * side, front.y + u.y * along + n.y * side);
  return [p(0, -hw), p(reach, -hw), p(reach, hw), p(0, hw)];
}

/** The shooter is within one whole Measuring Arrow of the target (TK-6.6 step 5, TK-A13). */
export function closeRange(
  ctx: TanksContext,
  shooter: ModelState,
  target: ModelState,
): { close: boolean; gap: number } {
  const gap =
    ctx.rules.options.str('TK-A13') === 'centres'
      ? Math.hypot(shooter.at![0] - target.at![0], shooter.at![1] - target.at![1])
      : footprintGap(footprint(ctx, shooter), footprint(ctx, target));
  return { close: gap <= ctx.rules.arrow.total + 1e-9, gap };
}

/**
 * A side shot (TK-6.6 step 6): part of the shooting tank's hull, or the shooting helicopter's
 * stem, behind the front of the target. A tank's front is its hull's front edge; a helicopter's
 * the line through its base centre across its facing (TK-A8).
 */
export function sideShot(ctx: TanksContext, shooter: ModelState, target: ModelState): boolean {
  const tcard = info(ctx, target.id).card;
  const origin =
    tcard.kind === 'tank'
      ? hullFront(target.at![0], target.at![1], target.facing, tcard.length)
      : tablePoint(target.at![0], target.at![1]);
  const sf = footprint(ctx, shooter);
  const points = sf.shape === 'hull' ? sf.corners : [stemOf(ctx, shooter)];
  return points.some((p) => ahead(p, origin, target.facing) < -1e-9);
}
