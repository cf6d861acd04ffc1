import type { Forces, HexRef, Point, ScenarioDoc } from '../../../engine/format/types';
import { allUnits, embarkedIds, sideEdge, updateUnit } from '../../../engine/forces';
import { hexCentre, hexLabel } from '../../../engine/hex';
import type { Editor } from '../editor/Editor';
import { hexRefAt, hexsideAwayFrom, isHexRef } from '../objectives/hexSetup';
import { shapeOutline } from '../objectives/setupOutlines';
import { inArea, layoutFormation, layoutOnHexes, reachOf, type Occupied } from './formationLayout';
import { facingAwayFrom, setupOf, type SetupModel } from './setupModel';
import { rulesetModule } from '../../../engine/rulesets/registry';
import { occupiedArea } from '../../../engine/layout/footprintPolygons';
import { moverClasses } from '../../../engine/layout/reachability';
import { pointInPolygon } from '../../../engine/geometry/polygon';
import { tablePoint } from '../../../engine/geometry/units';

/**
 * Putting many units on the table at once: a formation dropped from the force tree, or a side's
 * unplaced units deployed into its zone. Each is one undo step; what could not be placed is said
 * in the hint.
 */

/** Units of a formation (its sub-formations too) or the one unit with this id, riders left out. */
export function unitsUnder(doc: ScenarioDoc, id: string): string[] {
  const riders = embarkedIds(doc.forces);
  return allUnits(doc.forces)
    .filter((p) => p.unit.id === id || p.path.some((f) => f.id === id))
    .filter((p) => !riders.has(p.unit.id))
    .map((p) => p.unit.id);
}

function sizeOf(m: SetupModel, type: string): { length: number; width: number } | null {
  const t = m.catalog().units.get(type);
  return t?.size?.length && t.size.width ? { length: t.size.length, width: t.size.width } : null;
}

/**
 * Ground each unit may not stand on: features whose rules (or terrain type's) bar its mobility
 * class, the way the set-up checks read them, except where a bridge or catwalk carries it over.
 */
function blockedGround(m: SetupModel): (unitId: string, p: Point) => boolean {
  const doc = m.scenario();
  if (doc.map.kind !== 'table') return () => false;
  const cat = m.catalog();
  const typeOf = rulesetModule(cat.ruleset)?.terrainTypeOf;
  const shaped: { poly: Point[][]; bans: readonly string[]; deck: boolean }[] = [];
  for (const f of doc.map.features) {
    const bans =
      f.rules?.impassableTo ??
      cat.terrainTypes.get(typeOf ? typeOf(f) : f.kind)?.rules?.impassableTo ??
      [];
    const deck = f.kind === 'bridge' || f.kind === 'catwalk';
    if (bans.length === 0 && !deck) continue;
    for (const poly of occupiedArea(f)) if (poly[0]) shaped.push({ poly, bans, deck });
  }
  const within = (poly: Point[][], p: Point) =>
    pointInPolygon(
      tablePoint(p[0], p[1]),
      poly[0]!.map(([x, y]) => tablePoint(x, y)),
    );
  const units = new Map(allUnits(doc.forces).map((pu) => [pu.unit.id, pu.unit.type]));
  return (unitId, p) => {
    const type = cat.units.get(units.get(unitId) ?? '');
    const classes = type ? moverClasses(type) : null;
    if (!classes) return false;
    if (shaped.some((s) => s.deck && within(s.poly, p))) return false;
    return shaped.some(
      (s) => s.bans.some((b) => (classes as string[]).includes(b)) && within(s.poly, p),
    );
  };
}

/** Counters on the table that are not among `moving`. */
function occupiedBy(m: SetupModel, moving: ReadonlySet<string>): Occupied[] {
  const doc = m.scenario();
  const riders = embarkedIds(doc.forces);
  const out: Occupied[] = [];
  for (const p of allUnits(doc.forces)) {
    if (moving.has(p.unit.id) || riders.has(p.unit.id) || !Array.isArray(p.unit.position)) continue;
    out.push({
      at: p.unit.position as Point,
      r: reachOf({ id: p.unit.id, size: sizeOf(m, p.unit.type) }),
    });
  }
  return out;
}

/** The way a side's units face: away from their entry edge, else toward the table's middle. */
function sideFacing(doc: ScenarioDoc, side: string, at: Point, w: number, h: number): number {
  const edge = sideEdge(doc, side);
  if (edge) return facingAwayFrom(edge);
  const deg = (Math.atan2(h / 2 - at[1], w / 2 - at[0]) * 180) / Math.PI;
  return Math.round(deg / 45) * 45;
}

/** The side's deployment zone that holds `at`, if any. */
function zoneAt(ed: Editor, doc: ScenarioDoc, side: string, at: Point) {
  const { width: w, height: h } = ed.mapSize();
  const layout = ed.hexLayout();
  const hex = layout ? hexRefAt(layout, at) : null;
  return (doc.deployment.zones ?? []).find((z) => {
    if (z.side !== side) return false;
    if (z.area.shape === 'hexes')
      return !!hex && z.area.hexes.some((x) => x.col === hex.col && x.row === hex.row);
    return inArea(z.area, at, w, h);
  });
}

/** Positions (and facings) for `ids` around `at`, inside the zone under `at` or the table. */
function positionsAround(
  ed: Editor,
  ids: readonly string[],
  at: Point,
  occupiedExtra: Occupied[] = [],
  hexBusy: HexRef[] = [],
): { positions: Map<string, Point | HexRef>; facing: number; zone: string | null } {
  const m = setupOf(ed);
  const doc = m.scenario();
  const units = allUnits(doc.forces).filter((p) => ids.includes(p.unit.id));
  const side = units[0]?.side.id ?? '';
  const zone = zoneAt(ed, doc, side, at);
  const layout = ed.hexLayout();
  if (layout) {
    const start = hexRefAt(layout, at);
    const facing = hexsideAwayFrom(layout, sideEdge(doc, side));
    if (!start) return { positions: new Map(), facing, zone: null };
    const moving = new Set(ids);
    const occupied = [
      ...allUnits(doc.forces)
        .filter((p) => !moving.has(p.unit.id) && isHexRef(p.unit.position))
        .map((p) => p.unit.position as HexRef),
      ...hexBusy,
    ];
    const positions = layoutOnHexes({
      grid: layout,
      start,
      ids: units.map((p) => p.unit.id),
      ...(zone?.area.shape === 'hexes' ? { allowed: zone.area.hexes } : {}),
      occupied,
    });
    return { positions, facing, zone: zone?.name ?? zone?.id ?? null };
  }
  const { width: w, height: h } = ed.mapSize();
  const facing = sideFacing(doc, side, at, w, h);
  const inside = zone
    ? (p: Point) => inArea(zone.area, p, w, h)
    : (p: Point) => p[0] >= 0 && p[1] >= 0 && p[0] <= w && p[1] <= h;
  const positions = layoutFormation({
    at,
    units: units.map((p) => ({ id: p.unit.id, size: sizeOf(m, p.unit.type) })),
    facing,
    inside,
    occupied: [...occupiedBy(m, new Set(ids)), ...occupiedExtra],
    blocked: blockedGround(m),
  });
  return { positions, facing, zone: zone?.name ?? zone?.id ?? null };
}

function applyPositions(
  f: Forces,
  positions: ReadonlyMap<string, Point | HexRef>,
  facing: number,
  keepFacing: ReadonlyMap<string, number | undefined>,
): Forces {
  let out = f;
  for (const [id, position] of positions)
    out = updateUnit(out, id, { position, facing: keepFacing.get(id) ?? facing });
  return out;
}

/**
 * Drops a unit or a whole formation at `at` (table inches): laid out in ranks around the point
 * (hex maps: one hex each, nearest first), each on a free spot inside the side's zone when the
 * drop is in one, else on the table. One undo step. Returns how many were placed.
 */
export function dropUnits(ed: Editor, id: string, at: Point): number {
  const m = setupOf(ed);
  const doc = m.scenario();
  const ids = unitsUnder(doc, id);
  const formation = allUnits(doc.forces)
    .flatMap((p) => p.path)
    .find((f) => f.id === id);
  const name = formation
    ? (formation.name ?? formation.id)
    : (allUnits(doc.forces).find((p) => p.unit.id === id)?.unit.name ?? id);
  if (ids.length === 0) {
    ed.update({ hint: `${name} has no units to place` });
    return 0;
  }
  const { positions, facing, zone } = positionsAround(ed, ids, at);
  const single = !formation && ids.length === 1;
  // A single unit moved again keeps the way it faced; a formation turns as one.
  const keep = new Map<string, number | undefined>();
  if (single) {
    const u = allUnits(doc.forces).find((p) => p.unit.id === ids[0])?.unit;
    if (u?.facing !== undefined) keep.set(u.id, u.facing);
  }
  if (positions.size > 0) m.editForces((f) => applyPositions(f, positions, facing, keep));
  const first = [...positions.values()][0];
  const where =
    first && isHexRef(first)
      ? `hex ${hexLabel(first.col, first.row)}`
      : first
        ? `(${first.join(', ')})`
        : '';
  const missed = ids.length - positions.size;
  m.update({
    selected: formation ? { kind: 'formation', id } : { kind: 'unit', id: ids[0]! },
    activeSide: allUnits(doc.forces).find((p) => p.unit.id === ids[0])?.side.id ?? null,
  });
  ed.update({
    hint:
      positions.size === 0
        ? `${name} not placed: no free spot ${zone ? `in ${zone}` : 'on the table'} near there`
        : single
          ? `${name} placed at ${where}`
          : `${name}: ${positions.size} units placed ${zone ? `in ${zone}` : 'on the table'}${missed ? `; ${missed} found no free spot` : ''}`,
  });
  return positions.size;
}

/**
 * Gridless tables: the free spot nearest `at` for one unit (another counter there moves it
 * aside), inside the zone under `at` or the table; `at` itself when no spot is free.
 */
export function freeSpotNear(ed: Editor, unitId: string, at: Point): Point {
  const p = positionsAround(ed, [unitId], at).positions.get(unitId);
  return p && !isHexRef(p) ? p : at;
}

/** Points spread along a zone's long axis, one per group, in table inches. */
function spreadIn(
  ed: Editor,
  area: NonNullable<ScenarioDoc['deployment']['zones']>[number]['area'],
  k: number,
): Point[] {
  const { width: w, height: h } = ed.mapSize();
  const layout = ed.hexLayout();
  if (area.shape === 'hexes') {
    const hexes = [...area.hexes].sort((a, b) => a.col - b.col || a.row - b.row);
    return Array.from({ length: k }, (_, i) => {
      const hx = hexes[Math.floor(((i + 0.5) / k) * hexes.length)]!;
      return layout ? hexCentre(layout, hx.col, hx.row) : [hx.col, hx.row];
    });
  }
  if (area.shape === 'circle') return Array.from({ length: k }, () => area.center);
  if (area.shape === 'point') return Array.from({ length: k }, () => area.at);
  const pts = shapeOutline(area, w, h);
  const xs = pts.map((p) => p[0]);
  const ys = pts.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const wide = x1 - x0 >= y1 - y0;
  return Array.from({ length: k }, (_, i): Point => {
    const t = (i + 0.5) / k;
    return wide ? [x0 + t * (x1 - x0), (y0 + y1) / 2] : [(x0 + x1) / 2, y0 + t * (y1 - y0)];
  });
}

/**
 * Auto-deploy: every unplaced unit of the side goes into its deployment zone, formation by
 * formation, the formations spread along the zone. One undo step. Returns how many were placed.
 */
export function autoDeploy(ed: Editor, sideId: string): number {
  const m = setupOf(ed);
  const doc = m.scenario();
  const side = doc.forces.sides.find((s) => s.id === sideId);
  if (!side) return 0;
  const zones = (doc.deployment.zones ?? []).filter((z) => z.side === sideId);
  const zone = zones.find((z) => z.turn === undefined) ?? zones[0];
  if (!zone) {
    ed.update({
      hint: `Auto-deploy: ${side.name} has no deployment zone; draw one with the Deployment zone tool (Shift+D)`,
    });
    return 0;
  }
  const riders = embarkedIds(doc.forces);
  const unplaced = allUnits(doc.forces).filter(
    (p) => p.side.id === sideId && !p.unit.position && !riders.has(p.unit.id),
  );
  if (unplaced.length === 0) {
    ed.update({ hint: `Auto-deploy: every unit of ${side.name} is already on the table` });
    return 0;
  }
  // Groups: the top formations, in the order of the force tree.
  const groups = new Map<string, string[]>();
  for (const p of unplaced) {
    const top = p.path[0]?.id ?? '';
    groups.set(top, [...(groups.get(top) ?? []), p.unit.id]);
  }
  // Vehicles first: big footprints find room while the zone is empty, men fill in around them.
  const reachOfId = (id: string) => {
    const type = allUnits(doc.forces).find((p) => p.unit.id === id)!.unit.type;
    return reachOf({ id, size: sizeOf(m, type) });
  };
  const ordered = [...groups.values()]
    .map((ids, k) => ({ ids, k, big: Math.max(...ids.map(reachOfId)) }))
    .sort((a, b) => b.big - a.big || a.k - b.k);
  const points = spreadIn(ed, zone.area, groups.size);
  const all = new Map<string, Point | HexRef>();
  const extra: Occupied[] = [];
  const hexBusy: HexRef[] = [];
  let facing = 0;
  // Each formation keeps its place along the zone (the force tree's order).
  ordered.forEach(({ ids, k }) => {
    const r = positionsAround(ed, ids, points[k]!, extra, hexBusy);
    facing = r.facing;
    for (const [id, pos] of r.positions) {
      all.set(id, pos);
      if (isHexRef(pos)) hexBusy.push(pos);
      else extra.push({ at: pos, r: reachOfId(id) });
    }
  });
  if (all.size > 0) m.editForces((f) => applyPositions(f, all, facing, new Map()));
  const missed = unplaced.length - all.size;
  ed.update({
    hint: `Auto-deploy: ${all.size} units of ${side.name} placed in ${zone.name ?? zone.id}${missed ? `; ${missed} found no free spot (the zone is full)` : ''}`,
  });
  return all.size;
}
