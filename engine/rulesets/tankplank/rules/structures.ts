/**
 * High explosive against houses (TP-11.5–11.7): a wall hit opens a 2" hole and the men behind it
 * save; a roof hit makes the men on the upper floor save; on a roof with men on it a 2" circle
 * kills outright, the far slope saves, the survivors must come down next turn and the roof burns
 * for the rest of the game (a plain flag, TP-G15).
 */
import type { BuildingFeature } from '../../../format';
import {
  distanceToOutline,
  nearestOnOutline,
  pointInPolygon,
  type Polygon,
} from '../../../geometry/polygon';
import { templateContains, type Template } from '../../../geometry/templates';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import { bearing, distance, project } from '../../../geometry/vector';
import { inGap } from '../../../terrain/gaps';
import type { IndexedFeature } from '../../../terrain/terrainIndex';
import type { TankplankEvent } from './actions';
import { constant, num, tableRows, text } from './catalog';
import type { TankplankContext } from './context';
import type { HouseHitPlan, PenetrationStep, SaveStep } from './shotPlan';
import { info, onTable } from './situation';
import { type TankplankState, type UnitState, unitState, tankplankState } from './state';

/** The house (its indexed feature) at a point, or whose walls pass within `tolerance` of it. */
export function houseAt(
  ctx: TankplankContext,
  p: TablePoint,
  tolerance: number,
): (IndexedFeature & { feature: BuildingFeature }) | undefined {
  const box = {
    minX: p.x - tolerance,
    minY: p.y - tolerance,
    maxX: p.x + tolerance,
    maxY: p.y + tolerance,
  };
  return ctx.terrain
    .candidates(box)
    .find(
      (e): e is IndexedFeature & { feature: BuildingFeature } =>
        e.feature.kind === 'building' &&
        outlineOf(e) !== undefined &&
        (pointInPolygon(p, outlineOf(e)!) ||
          distanceToOutline(p, outlineOf(e)!) <= tolerance + 1e-9),
    );
}

function outlineOf(e: IndexedFeature): Polygon | undefined {
  return e.footprint.type === 'area' ? e.footprint.polygons[0] : undefined;
}

/**
 * Which slope of a pitched roof a point lies on (−1 or 1; 0 on the ridge or on a flat roof). The
 * ridge runs along the house's width or depth (`roof.ridge`, the longer side when not given).
 */
export function roofSlope(b: BuildingFeature, p: TablePoint): -1 | 0 | 1 {
  const type = b.roof?.type ?? (b.buildingKind === 'closed' ? 'pitched' : 'partial');
  if (type !== 'pitched') return 0;
  const r = ((b.rotation ?? 0) * Math.PI) / 180;
  const dx = p.x - b.x;
  const dy = p.y - b.y;
  const across =
    (b.roof?.ridge ?? (b.width >= b.depth ? 'width' : 'depth')) === 'width'
      ? -dx * Math.sin(r) + dy * Math.cos(r)
      : dx * Math.cos(r) + dy * Math.sin(r);
  return Math.abs(across) < 1e-9 ? 0 : across > 0 ? 1 : -1;
}

/** Whether the roof of a house burns (TP-11.7). */
export function roofBurning(state: TankplankState, house: string): boolean {
  return state.burningRoofs?.includes(house) ?? false;
}

/** The refusal for climbing onto a burning roof, if the house's roof burns (TP-11.7, TP-G15). */
export function burningRoofRefusal(
  state: TankplankState,
  house: string,
): { reason: string; ruleId: string } | undefined {
  return roofBurning(state, house)
    ? {
        reason: `the roof of ${house} is burning and cannot be used for the rest of the game`,
        ruleId: 'TP-11.7',
      }
    : undefined;
}

/**
 * Adjusts an HE blast for a round that strikes a house (TP-11.5–11.7). A round aimed at a man on
 * the roof, or at a point further inside the outline than `houseWallBand`, strikes the roof;
 * otherwise it strikes the nearest wall. A round aimed at a unit that is not in the house does
 * not strike it. Returns the blast unchanged when no house is hit.
 */
export function heOnHousePlan(
  ctx: TankplankContext,
  state: TankplankState,
  p: { from: TablePoint; at: TablePoint; side: string; target: string | undefined },
  blast: { template: Template; saves: SaveStep[]; vehicles: PenetrationStep[] },
): { template: Template; saves: SaveStep[]; vehicles: PenetrationStep[]; house?: HouseHitPlan } {
  const band = constant(ctx.catalog, 'houseWallBand');
  const entry = houseAt(ctx, p.at, band);
  const poly = entry ? outlineOf(entry) : undefined;
  if (!entry || !poly) return blast;
  const b = entry.feature;
  const posOf = (u: UnitState) => tablePoint(u.at![0], u.at![1]);
  const inHouse = (u: UnitState | undefined): u is UnitState & { at: readonly [number, number] } =>
    onTable(u) && pointInPolygon(posOf(u), poly);
  const target = p.target ? state.units.get(p.target) : undefined;
  if (p.target && !inHouse(target)) return blast;
  const men = state.units
    .list()
    .filter((u) => inHouse(u) && info(ctx, state, u.id).kind === 'figure');
  const enemies = men.filter((u) => u.side !== p.side);
  const open = constant(ctx.catalog, 'heOpenSave');
  const step = (unit: string, needed: number, ruleId: string): SaveStep => ({
    unit,
    cover: 'none',
    modifiers: [],
    needed,
    ruleId,
  });
  const inside = pointInPolygon(p.at, poly);
  const roofHit =
    target?.level === 'roof' || (inside && distanceToOutline(p.at, poly) > band + 1e-9);
  if (!roofHit) {
    // TP-11.5: the men behind the hole, in the blast opening from it, save.
    const hole = nearestOnOutline(p.at, poly).point;
    const t = blast.template;
    const behind: Template = {
      shape: 'sector',
      apex: hole,
      axisDeg: bearing(p.from, hole),
      radius: t.shape === 'sector' ? t.radius : 2,
      angleDeg: t.shape === 'sector' ? t.angleDeg : 90,
    };
    const houseIds = new Set(men.map((u) => u.id));
    const saves = blast.saves.filter((s) => !houseIds.has(s.unit));
    for (const u of enemies)
      if (u.level !== 'roof' && templateContains(behind, posOf(u)))
        saves.push(step(u.id, open, 'TP-11.5'));
    return {
      template: blast.template,
      saves,
      vehicles: blast.vehicles,
      house: { house: b.id, part: 'wall', at: [hole.x, hole.y], burns: false, ruleId: 'TP-11.5' },
    };
  }
  // TP-11.6 and TP-11.7: a roof hit.
  const radius = constant(ctx.catalog, 'roofBlastDiameter') / 2;
  const impact = roofSlope(b, p.at);
  const far = impact !== 0 ? -impact : roofSlope(b, project(p.at, bearing(p.from, p.at), 0.01));
  const onRoof = men.filter((u) => u.level === 'roof' && !u.doomed);
  const saves: SaveStep[] = [];
  for (const u of enemies) {
    if (u.level === 'upper') saves.push(step(u.id, open, 'TP-11.6'));
    else if (u.level === 'roof') {
      if (distance(posOf(u), p.at) <= radius + 1e-9) saves.push(step(u.id, 7, 'TP-11.7'));
      else if (far !== 0 && roofSlope(b, posOf(u)) === far) saves.push(step(u.id, open, 'TP-11.7'));
    }
  }
  return {
    template: { shape: 'circle', centre: p.at, diameter: radius * 2 },
    saves,
    vehicles: [],
    house: {
      house: b.id,
      part: 'roof',
      at: [p.at.x, p.at.y],
      burns: onRoof.length > 0,
      ruleId: onRoof.length > 0 ? 'TP-11.7' : 'TP-11.6',
    },
  };
}

/** Carries out a planned house hit: the hole (kept with the wall breaches) or the burning roof. */
export function applyHouseHit(
  ctx: TankplankContext,
  state: TankplankState,
  shooter: string,
  hit: HouseHitPlan,
  events: TankplankEvent[],
): TankplankState {
  let next = state;
  const at = tablePoint(hit.at[0], hit.at[1]);
  if (hit.part === 'wall' && !inGap(next.gaps ?? [], hit.house, at)) {
    const width = constant(ctx.catalog, 'breachWidth');
    next = tankplankState({
      ...next,
      gaps: [...(next.gaps ?? []), { feature: hit.house, at: hit.at, width }],
    });
  }
  if (hit.burns && !roofBurning(next, hit.house))
    next = tankplankState({ ...next, burningRoofs: [...(next.burningRoofs ?? []), hit.house] });
  events.push({
    type: 'HouseHit',
    unit: shooter,
    house: hit.house,
    part: hit.part,
    at: hit.at,
    burning: hit.burns,
    ruleId: hit.ruleId,
  });
  return next;
}

/**
 * At the start of a turn every man still on a burning roof climbs down, in place of part of his
 * move (TP-11.7).
 */
export function leaveBurningRoofs(
  ctx: TankplankContext,
  state: TankplankState,
  events: TankplankEvent[],
): TankplankState {
  if (!state.burningRoofs?.length) return state;
  const row = tableRows(ctx.catalog, 'actionCosts').find((r) => r['action'] === 'climbOntoRoof');
  const cost = row ? num(row, 'cost') : 0.5;
  const ruleId = row ? text(row, 'ruleId') : 'TP-5.7';
  let units = state.units;
  for (const u of state.units.list()) {
    if (!onTable(u) || u.level !== 'roof') continue;
    const p = tablePoint(u.at[0], u.at[1]);
    const house = houseAt(ctx, p, 0);
    if (!house || !roofBurning(state, house.id)) continue;
    units = units.with(
      u.id,
      unitState({ ...u, level: undefined, moved: Math.min(1, u.moved + cost) }),
    );
    events.push({
      type: 'UnitMoved',
      unit: u.id,
      from: [p.x, p.y],
      to: [p.x, p.y],
      inches: 0,
      cost,
      rate: 0,
      ruleIds: [ruleId, 'TP-11.7'],
      forced: 'the roof is burning',
      level: 'ground',
    });
  }
  return units === state.units ? state : tankplankState({ ...state, units });
}

/** The centre of a house door within reach of `p` (half its width plus ¼"), if any (TP-A49). */
export function doorwayAt(ctx: TankplankContext, p: TablePoint): TablePoint | undefined {
  const reach = 2;
  const box = { minX: p.x - reach, minY: p.y - reach, maxX: p.x + reach, maxY: p.y + reach };
  for (const e of ctx.terrain.candidates(box)) {
    if (e.feature.kind !== 'building') continue;
    const b = e.feature;
    const r = ((b.rotation ?? 0) * Math.PI) / 180;
    for (const o of b.openings ?? []) {
      if (o.type !== 'door') continue;
      const along = o.wall === 'north' || o.wall === 'south';
      const lx = along
        ? -b.width / 2 + o.offset + o.width / 2
        : (o.wall === 'west' ? -1 : 1) * (b.width / 2);
      const ly = along
        ? (o.wall === 'north' ? -1 : 1) * (b.depth / 2)
        : -b.depth / 2 + o.offset + o.width / 2;
      const c = tablePoint(
        b.x + lx * Math.cos(r) - ly * Math.sin(r),
        b.y + lx * Math.sin(r) + ly * Math.cos(r),
      );
      if (distance(p, c) <= o.width / 2 + 0.25 + 1e-9) return c;
    }
  }
  return undefined;
}
