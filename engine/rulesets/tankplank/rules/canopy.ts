/**
 * What a mortar round can and cannot reach (TP-12.3): tree canopies hide the men under them and
 * shelter a strip behind them; a closed-house roof is hit only on the slope the round lands on; in
 * an open house only men not under a roof are hit; trees close in front of the tube stop it firing.
 * Also the aiming-matrix circles with who in each can be hit, so previews show exact odds.
 */
import { featureLabel, featureLabelById } from '../../../terrain/featureLabel';
import type { BuildingFeature } from '../../../format';
import { distanceToOutline, pointInPolygon, segmentEntersPolygon } from '../../../geometry/polygon';
import type { Template } from '../../../geometry/templates';
import type { TablePoint } from '../../../geometry/units';
import { bearing, distance, distanceToSegment, project } from '../../../geometry/vector';
import type { IndexedFeature } from '../../../terrain/terrainIndex';
import { num, tableRows } from './catalog';
import type { TankplankContext } from './context';
import type { PenetrationStep, SaveStep } from './shotPlan';
import { positionOf } from './situation';
import type { TankplankState, UnitState } from './state';
import { houseAt, roofSlope } from './structures';

/** A tree's crown or a wood's outline: the leaves and branches a mortar round cannot pass. */
export interface Canopy {
  readonly id: string;
  readonly kind: 'tree' | 'woods' | 'forest';
  /** Whether the point is under the leaves. */
  contains(p: TablePoint): boolean;
  /** Distance from a point outside to the nearest leaves (0 inside). */
  distanceTo(p: TablePoint): number;
  /** Whether the straight line a–b passes under the leaves. */
  crosses(a: TablePoint, b: TablePoint): boolean;
}

function canopyOf(e: IndexedFeature): Canopy | undefined {
  const f = e.feature;
  const fp = e.footprint;
  if (f.kind === 'tree' && fp.type === 'circle') {
    const inside = (p: TablePoint) => distance(p, fp.centre) <= fp.radius + 1e-9;
    return {
      id: e.id,
      kind: 'tree',
      contains: inside,
      distanceTo: (p) => Math.max(0, distance(p, fp.centre) - fp.radius),
      crosses: (a, b) => distanceToSegment(fp.centre, a, b).distance <= fp.radius + 1e-9,
    };
  }
  if ((f.kind === 'woods' || f.kind === 'forest') && fp.type === 'area') {
    const polys = fp.polygons;
    const inside = (p: TablePoint) => polys.some((poly) => pointInPolygon(p, poly));
    return {
      id: e.id,
      kind: f.kind,
      contains: inside,
      distanceTo: (p) =>
        inside(p) ? 0 : Math.min(...polys.map((poly) => distanceToOutline(p, poly))),
      crosses: (a, b) =>
        inside(a) || inside(b) || polys.some((poly) => segmentEntersPolygon(a, b, poly)),
    };
  }
  return undefined;
}

/** Every canopy on the table. */
export function canopies(ctx: TankplankContext): Canopy[] {
  return ctx.terrain.entries.map(canopyOf).filter((c): c is Canopy => !!c);
}

/** Why a man cannot be hit by a mortar round landing at `landed` (undefined: he can be). */
export interface Shelter {
  readonly unit: string;
  readonly reason: string;
  readonly ruleId: string;
}

/**
 * Whether a mortar round fired from `from` and landing at `landed` can hit the man `unit`
 * (TP-12.3). `standOff` is the 4" measured from the leaves.
 */
export function mortarShelter(
  ctx: TankplankContext,
  state: TankplankState,
  from: TablePoint,
  landed: TablePoint,
  unit: string,
  standOff: number,
): Shelter | undefined {
  const u = state.units.get(unit);
  const p = positionOf(state, unit);
  if (!u || !p) return undefined;
  for (const c of canopies(ctx)) {
    if (c.contains(p))
      return {
        unit,
        reason: `under the ${featureLabelById(c.id, ctx.map.features)}`,
        ruleId: 'TP-12.3',
      };
    if (c.distanceTo(p) <= standOff + 1e-9 && c.crosses(from, p)) {
      return {
        unit,
        reason: `within ${standOff}" behind the ${featureLabelById(c.id, ctx.map.features)} as seen from the mortar`,
        ruleId: 'TP-12.3',
      };
    }
  }
  const house = houseAt(ctx, p, 0);
  if (house && house.feature.kind === 'building') {
    const b = house.feature;
    if (b.buildingKind === 'closed' && u.level === 'roof') {
      const mine = roofSlope(b, p);
      const hit = roofSlope(b, landed);
      if (mine !== 0 && hit !== 0 && mine !== hit)
        return {
          unit,
          reason: `on the other slope of the roof of ${featureLabel(b, ctx.map.features)}`,
          ruleId: 'TP-12.3',
        };
    } else if (b.buildingKind !== 'closed' && underRoof(b, u.level)) {
      return {
        unit,
        reason: `under the roof of the open house ${featureLabel(b, ctx.map.features)}`,
        ruleId: 'TP-12.3',
      };
    }
  }
  return undefined;
}

/**
 * Whether a man in an open house is under a roof: on the ground floor when there is a floor or a
 * roof over him; on the upper floor only when the house has a full (pitched or flat) roof.
 */
function underRoof(b: BuildingFeature, level: UnitState['level']): boolean {
  const roof = b.roof?.type ?? 'partial';
  if (level === 'upper') return roof === 'pitched' || roof === 'flat';
  if (level === 'roof') return false;
  return b.floors >= 2 || roof !== 'none';
}

/**
 * Where indirect fire may not be fired from (TP-12.3; artillery by TP-18.7a): under trees or a
 * roof, or with trees on the line of fire within `standOff` of the tube. The reason, or undefined.
 */
export function indirectPositionRefusal(
  ctx: TankplankContext,
  from: TablePoint,
  at: TablePoint,
  standOff: number,
  what: string,
): string | undefined {
  const covered = ctx.terrain
    .featuresAt(from)
    .some(
      (e) =>
        e.feature.kind === 'tree' ||
        e.feature.kind === 'woods' ||
        e.feature.kind === 'forest' ||
        e.feature.kind === 'building',
    );
  if (covered) return `${what} may not fire from under trees or a roof`;
  return treesTooClose(ctx, from, at, standOff);
}

/**
 * Trees between the mortar and its target: the nearest leaves must be at least `standOff` from
 * the tube (TP-12.3). Returns the refusal reason, or undefined when the line is clear.
 */
export function treesTooClose(
  ctx: TankplankContext,
  from: TablePoint,
  at: TablePoint,
  standOff: number,
): string | undefined {
  for (const c of canopies(ctx)) {
    if (!c.crosses(from, at)) continue;
    const d = c.distanceTo(from);
    if (d < standOff - 1e-9)
      return `the ${c.kind} ${c.id} between the mortar and the target is ${d.toFixed(1)}" from the tube; its nearest branches must be at least ${standOff}" away`;
  }
  return undefined;
}

/** One circle of an aiming matrix: the roll that picks it and who in it can be hit. */
export interface MatrixCircle {
  readonly roll: number;
  readonly centre: TablePoint;
  readonly diameter: number;
  readonly saves: readonly SaveStep[];
  readonly vehicles: readonly PenetrationStep[];
  /** Men in the circle the round cannot reach (TP-12.3). */
  readonly sheltered: readonly Shelter[];
}

/** Where the circle for a roll lies: matrix offsets in diameters, x toward the firer (TP-G2). */
export function matrixCentre(
  ctx: TankplankContext,
  at: TablePoint,
  from: TablePoint,
  roll: number,
  diameter: number,
): TablePoint | undefined {
  const row = tableRows(ctx.catalog, 'aimingMatrix').find((r) => num(r, 'roll') === roll);
  if (!row) return undefined;
  const towardFirer = bearing(at, from);
  return project(
    project(at, towardFirer, -num(row, 'dx') * diameter),
    towardFirer + 90,
    num(row, 'dy') * diameter,
  );
}

/**
 * The circles of an aiming matrix centred on `at` with who each one catches (`blast`), less the
 * men `shelter` says cannot be hit.
 */
export function matrixCircles(
  ctx: TankplankContext,
  at: TablePoint,
  from: TablePoint,
  diameter: number,
  blast: (t: Template) => { saves: readonly SaveStep[]; vehicles: readonly PenetrationStep[] },
  shelter: (landed: TablePoint, unit: string) => Shelter | undefined = () => undefined,
): MatrixCircle[] {
  const out: MatrixCircle[] = [];
  for (const row of tableRows(ctx.catalog, 'aimingMatrix')) {
    const roll = num(row, 'roll');
    const centre = matrixCentre(ctx, at, from, roll, diameter)!;
    const b = blast({ shape: 'circle', centre, diameter });
    const sheltered: Shelter[] = [];
    const saves = b.saves.filter((s) => {
      const why = shelter(centre, s.unit);
      if (why) sheltered.push(why);
      return !why;
    });
    out.push({ roll, centre, diameter, saves, vehicles: b.vehicles, sheltered });
  }
  return out;
}

/** Exact chance each unit becomes a casualty from one matrix round: every face of the d6 counted. */
export function matrixOdds(circles: readonly MatrixCircle[]): { unit: string; p: number }[] {
  const pFace = 1 / 6;
  const reach = (needed: number) => {
    let faces = 0;
    for (let f = 1; f <= 6; f++) if (f >= needed) faces++;
    return faces / 6;
  };
  const acc = new Map<string, number>();
  for (const c of circles) {
    for (const s of c.saves)
      acc.set(s.unit, (acc.get(s.unit) ?? 0) + pFace * (1 - reach(s.needed)));
    for (const v of c.vehicles)
      acc.set(v.target, (acc.get(v.target) ?? 0) + pFace * reach(v.needed));
  }
  return [...acc.entries()].map(([unit, p]) => ({ unit, p }));
}
