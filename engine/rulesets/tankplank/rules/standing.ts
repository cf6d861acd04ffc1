import { invalid } from '../../../game/reducer';

type Invalid = ReturnType<typeof invalid>;
import { rectangleCorners } from '../../../geometry/polygon';
import type { TablePoint } from '../../../geometry/units';
import { hullSize, type TankplankContext } from './context';
import { info } from './situation';
import type { TankplankState } from './state';

/** A man's base on the table, as a radius in inches (a 20 mm base is about 0.8" across). */
const FIGURE_RADIUS = 0.2;

type Poly = readonly { readonly x: number; readonly y: number }[];

/** Where a unit stands: a man's round base (as an octagon), a vehicle's or gun's hull. */
export function standingFootprint(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  at: readonly [number, number],
  facing: number,
): Poly {
  const i = info(ctx, state, id);
  if (i.kind === 'figure') {
    return Array.from({ length: 8 }, (_, k) => ({
      x: at[0] + Math.cos((k * Math.PI) / 4) * FIGURE_RADIUS,
      y: at[1] + Math.sin((k * Math.PI) / 4) * FIGURE_RADIUS,
    }));
  }
  const hull = hullSize(i);
  return rectangleCorners(at[0], at[1], hull.length, hull.width, facing) as readonly TablePoint[];
}

/**
 * Refuses a place a unit may not end its move in: with its base or hull partly off the table, so
 * the playtest never draws a piece hanging over the edge (the bot made such moves).
 */
export function standingRefusal(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  at: readonly [number, number],
  facing: number,
): Invalid | undefined {
  const mine = standingFootprint(ctx, state, id, at, facing);
  const { width, height } = ctx.map;
  const eps = 1e-6;
  if (mine.some((v) => v.x < -eps || v.y < -eps || v.x > width + eps || v.y > height + eps))
    return invalid(`${id} would stand partly off the table there; stop a little further in`);
  return undefined;
}
