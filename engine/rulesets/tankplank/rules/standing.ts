import { invalid } from '../../../game/reducer';

type Invalid = ReturnType<typeof invalid>;
import { rectangleCorners } from '../../../geometry/polygon';
import type { TablePoint } from '../../../geometry/units';
import { hullSize, type TankplankContext, type UnitInfo } from './context';
import { hullIds, info, onTable } from './situation';
import type { TankplankState, UnitState } from './state';

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
  return footprintOf(info(ctx, state, id), at, facing);
}

/** A figure's outline around its centre: eight points on its base's circle. */
const FIGURE_RING: readonly { readonly dx: number; readonly dy: number }[] = Array.from(
  { length: 8 },
  (_, k) => ({
    dx: Math.cos((k * Math.PI) / 4) * FIGURE_RADIUS,
    dy: Math.sin((k * Math.PI) / 4) * FIGURE_RADIUS,
  }),
);

function footprintOf(i: UnitInfo, at: readonly [number, number], facing: number): Poly {
  if (i.kind === 'figure') return FIGURE_RING.map((o) => ({ x: at[0] + o.dx, y: at[1] + o.dy }));
  const hull = hullSize(i);
  return rectangleCorners(at[0], at[1], hull.length, hull.width, facing) as readonly TablePoint[];
}

const halfDiagonal = (hull: { width: number; length: number }) =>
  Math.sqrt(hull.width * hull.width + hull.length * hull.length) / 2;

/** Whether the boxes around two outlines overlap (strictly: touching boxes do not). */
function boxesMeet(a: Poly, b: Poly): boolean {
  return overlapAlong(a, b, 1, 0, 0) && overlapAlong(a, b, 0, 1, 0);
}

/** True when two convex outlines overlap by more than a hair (touching is allowed). */
function convexOverlap(a: Poly, b: Poly): boolean {
  return !separatedAlongEdges(a, a, b) && !separatedAlongEdges(b, a, b);
}

/**
 * Whether an edge normal of `poly` separates `a` and `b` by at least the gap (the separating
 * axis test): the bot asks this for every end it tries.
 */
function separatedAlongEdges(poly: Poly, a: Poly, b: Poly): boolean {
  for (let k = 0; k < poly.length; k++) {
    const p = poly[k]!;
    const q = poly[(k + 1) % poly.length]!;
    const nx = q.y - p.y;
    const ny = p.x - q.x;
    if (nx === 0 && ny === 0) continue;
    if (!overlapAlong(a, b, nx, ny, 0.01)) return true;
  }
  return false;
}

/**
 * Whether the shadows of `a` and `b` on the direction (nx, ny) overlap by more than `gap`,
 * worked out without making arrays.
 */
function overlapAlong(a: Poly, b: Poly, nx: number, ny: number, gap: number): boolean {
  const len = Math.sqrt(nx * nx + ny * ny);
  shadow(a, nx, ny, len, shadowA);
  shadow(b, nx, ny, len, shadowB);
  return shadowA[0]! < shadowB[1]! - gap && shadowB[0]! < shadowA[1]! - gap;
}

const shadowA = new Float64Array(2);
const shadowB = new Float64Array(2);

/** The least and greatest projection of an outline's corners on (nx, ny) / len, into `out`. */
function shadow(poly: Poly, nx: number, ny: number, len: number, out: Float64Array): void {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of poly) {
    const d = (v.x * nx + v.y * ny) / len;
    if (d < lo) lo = d;
    if (d > hi) hi = d;
  }
  out[0] = lo;
  out[1] = hi;
}

/**
 * The model a vehicle or gun would end on top of: another vehicle's or gun's hull, or a wreck. Men
 * are left out: a gun's crew stands at its trail and a squad boards at a truck's side.
 */
export function overlappedModel(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  at: readonly [number, number],
  facing: number,
): string | undefined {
  const me = info(ctx, state, id);
  if (me.kind === 'figure') return undefined;
  // Two hulls whose circumscribed circles do not meet cannot overlap: most pairs end here, before
  // any outline is built (the bot asks this for every end it tries).
  const myReach = halfDiagonal(hullSize(me));
  let mine: Poly | undefined;
  const overlaps = (poly: Poly) => {
    mine ??= standingFootprint(ctx, state, id, at, facing);
    return boxesMeet(mine, poly) && convexOverlap(mine, poly);
  };
  for (const h of hullsOf(ctx, state)) {
    if (h.id === id) continue;
    const reach = myReach + h.reach;
    const dx = h.x - at[0];
    const dy = h.y - at[1];
    if (dx * dx + dy * dy >= reach * reach) continue;
    h.outline ??= h.outlineOf();
    if (overlaps(h.outline)) return h.name;
  }
  return undefined;
}

/** A vehicle's or gun's hull, or a wreck, standing on the table: what another hull may not cover. */
interface Hull {
  /** The unit's id; null for a wreck (a wreck is never the hull that asks). */
  readonly id: string | null;
  /** What a refusal calls it. */
  readonly name: string;
  readonly x: number;
  readonly y: number;
  /** Half the diagonal of its outline: no hull farther than the two reaches can touch it. */
  readonly reach: number;
  readonly outlineOf: () => Poly;
  outline?: Poly;
}

/**
 * The hulls of a state, listed once per units record and wrecks list (states are never changed),
 * each outline built the first time a hull comes near enough to need it: the bot asks
 * `overlappedModel` for every end it tries, and a village has some 120 men for 20 hulls. A hull
 * is made once per unit state or wreck (never changed either) and shared by the states that
 * hold it.
 */
function hullsOf(ctx: TankplankContext, state: TankplankState): readonly Hull[] {
  const known = hullsKnown.get(state.units);
  if (known && known.wrecks === state.wrecks) return known.hulls;
  const ids = hullIds(ctx, state);
  // Most new units records change men, not hulls: when every hull's unit state is the one the
  // last list was made from, with the same wrecks, that list is this one too.
  const last = lastHulls;
  if (last !== undefined && last.ctx === ctx && last.ids === ids && last.wrecks === state.wrecks) {
    let same = true;
    for (let k = 0; k < ids.length && same; k++) same = state.units.get(ids[k]!) === last.states[k];
    if (same) {
      hullsKnown.set(state.units, { wrecks: state.wrecks, hulls: last.hulls });
      return last.hulls;
    }
  }
  const states: (UnitState | undefined)[] = [];
  const hulls: Hull[] = [];
  for (const id of ids) {
    const u = state.units.get(id)!;
    states.push(u);
    if (!onTable(u)) continue;
    let hull = unitHulls.get(u);
    if (!hull) {
      const i = info(ctx, state, id);
      const at = u.at;
      const facing = u.facing;
      hull = {
        id: u.id,
        name: u.id,
        x: at[0],
        y: at[1],
        reach: halfDiagonal(hullSize(i)),
        outlineOf: () => footprintOf(i, at, facing),
      };
      unitHulls.set(u, hull);
    }
    hulls.push(hull);
  }
  for (const w of state.wrecks) {
    let hull = wreckHulls.get(w);
    if (!hull) {
      const type = ctx.catalog.units.get(w.type);
      const length = type?.size?.length ?? 1.5;
      const width = type?.size?.width ?? 1;
      hull = {
        id: null,
        name: `the wreck of ${w.unit}`,
        x: w.at[0],
        y: w.at[1],
        reach: halfDiagonal({ length, width }),
        outlineOf: () => rectangleCorners(w.at[0], w.at[1], length, width, w.facing) as Poly,
      };
      wreckHulls.set(w, hull);
    }
    hulls.push(hull);
  }
  hullsKnown.set(state.units, { wrecks: state.wrecks, hulls });
  lastHulls = { ctx, ids, states, wrecks: state.wrecks, hulls };
  return hulls;
}

/** The last list `hullsOf` made, with the hull ids and unit states it was made from. */
let lastHulls:
  | {
      readonly ctx: TankplankContext;
      readonly ids: readonly string[];
      readonly states: readonly (UnitState | undefined)[];
      readonly wrecks: TankplankState['wrecks'];
      readonly hulls: readonly Hull[];
    }
  | undefined;

const unitHulls = new WeakMap<UnitState, Hull>();
const wreckHulls = new WeakMap<TankplankState['wrecks'][number], Hull>();

const hullsKnown = new WeakMap<
  TankplankState['units'],
  { wrecks: TankplankState['wrecks']; hulls: readonly Hull[] }
>();

/**
 * Refuses a place a unit may not end its move in: with its base or hull partly off the table
 * (TP-1.1, the table's edge), or a vehicle's or gun's hull on top of another model (TP-5.9: other
 * large objects stop a vehicle), so the playtest never draws a piece hanging over the edge or two
 * pieces on top of each other (the bot made such moves).
 */
export function standingRefusal(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  at: readonly [number, number],
  facing: number,
): Invalid | undefined {
  const me = info(ctx, state, id);
  const { width, height } = ctx.map;
  const eps = 1e-6;
  const off = (x: number, y: number) => x < -eps || y < -eps || x > width + eps || y > height + eps;
  let offTable = false;
  if (me.kind === 'figure') {
    // A man's base, point by point as footprintOf makes it, without making it (most movers).
    for (const o of FIGURE_RING) if (off(at[0] + o.dx, at[1] + o.dy)) offTable = true;
  } else offTable = footprintOf(me, at, facing).some((v) => off(v.x, v.y));
  if (offTable)
    return invalid(
      `${id} would stand partly off the table there; stop a little further in`,
      'TP-1.1',
    );
  const under = overlappedModel(ctx, state, id, at, facing);
  if (under)
    return invalid(
      `${id} would end on top of ${under} at (${fmtAt(at[0])}, ${fmtAt(at[1])}); stop short of it or go around`,
      'TP-5.9',
    );
  return undefined;
}

const fmtAt = (v: number) => String(Math.round(v * 10) / 10);
