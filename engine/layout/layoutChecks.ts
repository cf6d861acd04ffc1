import Flatbush from 'flatbush';
import * as polyclip from 'polyclip-ts';
import type {
  CatalogDoc,
  Edge,
  Feature,
  FeatureKind,
  HexMap,
  HexRef,
  Point,
  ScenarioDoc,
  Shape,
  Stats,
  TableMap,
} from '../format';
import { footprintBox, footprintOf } from '../terrain/featureGeometry';
import {
  areasTouch,
  merged,
  occupiedArea,
  outlineGap,
  overlapArea,
  type MultiPolygon,
} from './footprintPolygons';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import { checkMissionPlacement } from './missionPlacement';
import { extentBox } from './tableExtent';
import { checkReachability } from './reachability';
import type { LayoutProblem } from './layoutProblem';

export type { LayoutCheckId, LayoutProblem, LayoutSeverity, LayoutSubject } from './layoutProblem';

/** Square inches of overlap below which two features only touch. */
const OVERLAP_TOLERANCE = 0.05;

/**
 * Which kinds may not share ground. Symmetric; kinds not listed may overlap freely (a road across
 * raised ground, a tree's canopy over a wall).
 */
const MUST_NOT_OVERLAP: Partial<Record<FeatureKind, readonly FeatureKind[]>> = {
  building: [
    'building',
    'road',
    'creek',
    'gully',
    'bridge',
    'catwalk',
    'tree',
    'woods',
    'forest',
    'bunker',
    'wreck',
    'obstacle',
  ],
  forest: ['forest', 'woods', 'building'],
  bunker: ['bunker', 'road', 'creek'],
  tree: ['road', 'creek', 'bridge', 'catwalk'],
  wreck: ['wreck'],
};

function forbiddenPair(a: FeatureKind, b: FeatureKind): boolean {
  return (MUST_NOT_OVERLAP[a]?.includes(b) ?? false) || (MUST_NOT_OVERLAP[b]?.includes(a) ?? false);
}

/**
 * What the ruleset's catalogs say about layouts (catalog `constants`):
 * `layout.required.<kind>` counts, `layout.pieceKinds` (comma list) and `layout.spacing` (inches,
 * or the name of another constant such as a Measuring Arrow length) between pieces and from edges,
 * and `layout.hiddenObjectiveEdgeDistance` for objectives at the far edge.
 */
export interface LayoutProfile {
  readonly required: Partial<Record<FeatureKind, number>>;
  readonly pieceKinds: readonly FeatureKind[];
  readonly spacing?: number;
  readonly spacingName?: string;
  readonly hiddenObjectiveEdgeDistance?: number;
}

export function layoutProfile(doc: ScenarioDoc, catalogs: readonly CatalogDoc[]): LayoutProfile {
  const constants: Stats = {};
  for (const c of catalogs)
    if (c.ruleset === doc.ruleset.id) Object.assign(constants, c.constants ?? {});
  const num = (key: string): number | undefined => {
    const v = constants[key];
    if (typeof v === 'number') return v;
    if (typeof v === 'string' && typeof constants[v] === 'number') return constants[v] as number;
    return undefined;
  };
  const required: Partial<Record<FeatureKind, number>> = {};
  for (const [key, value] of Object.entries(constants)) {
    const m = /^layout\.required\.([a-z]+)$/.exec(key);
    const count = m ? num(key) : undefined;
    if (m && count !== undefined && value !== undefined) required[m[1] as FeatureKind] = count;
  }
  const kinds = constants['layout.pieceKinds'];
  const spacingRef = constants['layout.spacing'];
  return {
    required,
    pieceKinds:
      typeof kinds === 'string' ? (kinds.split(',').map((k) => k.trim()) as FeatureKind[]) : [],
    spacing: num('layout.spacing'),
    spacingName: typeof spacingRef === 'string' ? spacingRef : undefined,
    hiddenObjectiveEdgeDistance: num('layout.hiddenObjectiveEdgeDistance'),
  };
}

/**
 * Checks a scenario's layout against good sense and its ruleset: everything on the table, nothing
 * built on top of something it cannot share ground with, bridges that span their creek, terrain
 * counts and spacing, objectives where their rules put them. Pure; runs live in the editor and in
 * `sandtable validate`.
 */
export function checkLayout(
  doc: ScenarioDoc,
  catalogs: readonly CatalogDoc[] = [],
): LayoutProblem[] {
  const out: LayoutProblem[] = [];
  if (doc.map.kind !== 'table') {
    checkOnHexMap(doc, doc.map, out);
    checkMissionPlacement(
      doc,
      doc.map,
      composeRulesetCatalog(doc.ruleset, catalogs, doc.catalog),
      out,
    );
    return out;
  }
  const map = doc.map;
  const profile = layoutProfile(doc, catalogs);
  const areas = new Map<string, MultiPolygon>();
  const area = (f: Feature) => {
    let a = areas.get(f.id);
    if (!a) {
      a = occupiedArea(f);
      areas.set(f.id, a);
    }
    return a;
  };
  checkOnTable(doc, map, out);
  checkOverlaps(map, area, out);
  checkBridges(map, area, out);
  checkPieces(map, profile, out);
  checkObjectivePlacement(doc, map, profile, out);
  const cat = composeRulesetCatalog(doc.ruleset, catalogs, doc.catalog);
  checkMissionPlacement(doc, map, cat, out);
  checkReachability(doc, map, cat, (side) => entryOf(doc, side), out, area);
  return out;
}

/** The edge (and stretch of it) a side comes on from: its entry edge, else its edge strip. */
function entryOf(
  doc: ScenarioDoc,
  sideId: string,
): { edge: Edge; from?: number; to?: number } | undefined {
  const e = doc.deployment.entryEdges?.find((x) => x.side === sideId);
  if (e) return { edge: e.edge, from: e.from, to: e.to };
  const z = doc.deployment.zones?.find((x) => x.side === sideId && x.area.shape === 'edgeStrip');
  return z && z.area.shape === 'edgeStrip'
    ? { edge: z.area.edge, from: z.area.from, to: z.area.to }
    : undefined;
}

const featurePointer = (map: TableMap, id: string) =>
  `/map/features/${map.features.findIndex((f) => f.id === id)}`;

function label(f: Feature): string {
  return f.name ? `${f.kind} "${f.name}"` : `${f.kind} ${f.id}`;
}

function shapePoints(shape: Shape, map: TableMap): Point[] {
  switch (shape.shape) {
    case 'polygon':
      return shape.points;
    case 'circle': {
      const [x, y] = shape.center;
      const r = shape.radius;
      return [
        [x - r, y - r],
        [x + r, y + r],
      ];
    }
    case 'point':
      return [shape.at];
    case 'rect':
      return [
        [shape.x, shape.y],
        [shape.x + shape.width, shape.y + shape.height],
      ];
    case 'edgeStrip':
      return edgeStripPoints(shape.edge, shape.depth, map, shape.from, shape.to);
    case 'hexes':
      return [];
  }
}

function edgeStripPoints(edge: Edge, depth: number, map: TableMap, from = 0, to?: number): Point[] {
  switch (edge) {
    case 'north':
      return [
        [from, 0],
        [to ?? map.width, depth],
      ];
    case 'south':
      return [
        [from, map.height - depth],
        [to ?? map.width, map.height],
      ];
    case 'west':
      return [
        [0, from],
        [depth, to ?? map.height],
      ];
    case 'east':
      return [
        [map.width - depth, from],
        [map.width, to ?? map.height],
      ];
  }
}

/** Why a set of hexes cannot stand on a table map. */
const HEXES_ON_TABLE =
  'is a set of hexes, but this is a table map without a hex grid: draw it in inches';

function checkOnTable(doc: ScenarioDoc, map: TableMap, out: LayoutProblem[]): void {
  const inside = ([x, y]: Point) => x >= 0 && y >= 0 && x <= map.width && y <= map.height;
  const size = `${map.width}"×${map.height}"`;
  map.features.forEach((f, i) => {
    const box = extentBox(f);
    const corners: Point[] = [
      [box.minX, box.minY],
      [box.maxX, box.maxY],
    ];
    if (!corners.every(inside)) {
      const whollyOut =
        box.maxX < 0 || box.maxY < 0 || box.minX > map.width || box.minY > map.height;
      out.push({
        check: 'outside-table',
        severity: whollyOut ? 'error' : 'warning',
        message: `${label(f)} ${whollyOut ? 'is off' : 'runs off'} the ${size} table`,
        subjects: [{ kind: 'feature', id: f.id }],
        pointer: `/map/features/${i}`,
      });
    }
  });
  (doc.deployment.zones ?? []).forEach((z, i) => {
    if (z.area.shape === 'hexes' || !shapePoints(z.area, map).every(inside)) {
      out.push({
        check: 'outside-table',
        severity: 'error',
        message: `deployment zone ${z.name ?? z.id} of side ${z.side} ${z.area.shape === 'hexes' ? HEXES_ON_TABLE : `reaches outside the ${size} table`}`,
        subjects: [{ kind: 'zone', id: z.id }],
        pointer: `/deployment/zones/${i}`,
      });
    }
  });
  doc.objectives.forEach((o, i) => {
    if (o.area && (o.area.shape === 'hexes' || !shapePoints(o.area, map).every(inside))) {
      out.push({
        check: 'outside-table',
        severity: 'error',
        message: `objective ${o.name ?? o.id} ${o.area.shape === 'hexes' ? HEXES_ON_TABLE : `reaches outside the ${size} table`}`,
        subjects: [{ kind: 'objective', id: o.id }],
        pointer: `/objectives/${i}`,
      });
    }
  });
  unitPlacementProblems(doc, out, (u) =>
    u.position && !Array.isArray(u.position)
      ? `is placed on hex ${u.position.col},${u.position.row}, but this is a table map: give it a point in inches`
      : Array.isArray(u.position) && !inside(u.position)
        ? `is placed off the table at (${u.position.join(', ')})`
        : undefined,
  );
}

/** An error for every placed unit `why` finds fault with, named with its side. */
function unitPlacementProblems(
  doc: ScenarioDoc,
  out: LayoutProblem[],
  why: (
    u: ScenarioDoc['forces']['sides'][number]['formations'][number]['units'][number],
  ) => string | undefined,
): void {
  doc.forces.sides.forEach((side) => {
    const walk = (formations: ScenarioDoc['forces']['sides'][number]['formations']) => {
      for (const f of formations) {
        for (const u of f.units) {
          const fault = why(u);
          if (fault)
            out.push({
              check: 'outside-table',
              severity: 'error',
              message: `unit ${u.name ?? u.id} of ${side.name} ${fault}`,
              subjects: [{ kind: 'unit', id: u.id }],
              pointer: unitPointer(doc, u.id),
            });
        }
        walk(f.formations ?? []);
      }
    };
    walk(side.formations);
  });
}

/**
 * A hex map's set-up stays on its grid: units stand on hexes of the map (not at points in
 * inches), objectives and zones are sets of its hexes.
 */
function checkOnHexMap(doc: ScenarioDoc, map: HexMap, out: LayoutProblem[]): void {
  const size = `${map.columns}×${map.rows} hex map`;
  const onGrid = (h: HexRef) => h.col >= 0 && h.row >= 0 && h.col < map.columns && h.row < map.rows;
  const offGrid = (hexes: readonly HexRef[]) =>
    hexes
      .filter((h) => !onGrid(h))
      .map((h) => `${h.col},${h.row}`)
      .join('; ');
  const areaProblem = (area: Shape | undefined): string | undefined => {
    if (!area) return undefined;
    if (area.shape !== 'hexes')
      return `is drawn as a ${area.shape} in inches; on a hex map it must be a set of hexes`;
    const bad = offGrid(area.hexes);
    return bad ? `has hexes off the ${size} (${bad})` : undefined;
  };
  (doc.deployment.zones ?? []).forEach((z, i) => {
    const why = areaProblem(z.area);
    if (why)
      out.push({
        check: 'outside-table',
        severity: 'error',
        message: `deployment zone ${z.name ?? z.id} of side ${z.side} ${why}`,
        subjects: [{ kind: 'zone', id: z.id }],
        pointer: `/deployment/zones/${i}`,
      });
  });
  doc.objectives.forEach((o, i) => {
    const why = areaProblem(o.area);
    if (why)
      out.push({
        check: 'outside-table',
        severity: 'error',
        message: `objective ${o.name ?? o.id} ${why}`,
        subjects: [{ kind: 'objective', id: o.id }],
        pointer: `/objectives/${i}`,
      });
  });
  unitPlacementProblems(doc, out, (u) =>
    !u.position
      ? undefined
      : Array.isArray(u.position)
        ? `is placed at (${u.position.join(', ')}) in inches; on a hex map units stand on hexes`
        : onGrid(u.position)
          ? undefined
          : `is placed on hex ${u.position.col},${u.position.row}, off the ${size}`,
  );
}

function unitPointer(doc: ScenarioDoc, id: string): string {
  let found = '';
  doc.forces.sides.forEach((s, i) => {
    const walk = (fs: typeof s.formations, base: string) =>
      fs.forEach((f, j) => {
        const k = f.units.findIndex((u) => u.id === id);
        if (k >= 0) found = `${base}/${j}/units/${k}`;
        walk(f.formations ?? [], `${base}/${j}/formations`);
      });
    walk(s.formations, `/forces/sides/${i}/formations`);
  });
  return found;
}

/**
 * Overlaps listed one by one; past this many the rest are summed up in one problem, so a table
 * full of clutter still checks in well under a second and the panel stays readable.
 */
const MAX_OVERLAPS_LISTED = 100;

function checkOverlaps(
  map: TableMap,
  area: (f: Feature) => MultiPolygon,
  out: LayoutProblem[],
): void {
  const features = map.features;
  if (features.length === 0) return;
  const index = new Flatbush(features.length);
  const boxes = features.map((f) => footprintBox(footprintOf(f, 0.25)));
  for (const b of boxes) index.add(b.minX, b.minY, b.maxX, b.maxY);
  index.finish();
  let listed = 0;
  let more = 0;
  let firstMore: number | undefined;
  features.forEach((a, i) => {
    const box = boxes[i]!;
    for (const j of index.search(box.minX, box.minY, box.maxX, box.maxY)) {
      if (j <= i) continue;
      const b = features[j]!;
      if (!forbiddenPair(a.kind, b.kind)) continue;
      // A bridge is meant to sit over its creek and carry its road.
      if (bridgeRelation(a, b) || bridgeRelation(b, a)) continue;
      // A plain-float test first: polyclip's exact arithmetic is only paid for real overlaps.
      if (!areasTouch(area(a), area(b))) continue;
      if (listed >= MAX_OVERLAPS_LISTED) {
        more++;
        firstMore ??= i;
        continue;
      }
      const shared = overlapArea(area(a), area(b));
      if (shared > OVERLAP_TOLERANCE) {
        listed++;
        out.push({
          check: 'overlap',
          severity: 'warning',
          message: `${label(a)} and ${label(b)} overlap by ${shared.toFixed(1)} sq in; move one of them apart`,
          subjects: [
            { kind: 'feature', id: a.id },
            { kind: 'feature', id: b.id },
          ],
          pointer: `/map/features/${i}`,
        });
      }
    }
  });
  if (more > 0) {
    out.push({
      check: 'overlap',
      severity: 'warning',
      message: `about ${more} more pairs of features overlap; fix the ${MAX_OVERLAPS_LISTED} listed and check again`,
      subjects: [],
      pointer: `/map/features/${firstMore ?? 0}`,
    });
  }
}

function bridgeRelation(bridge: Feature, other: Feature): boolean {
  return (
    (bridge.kind === 'bridge' || bridge.kind === 'catwalk') &&
    (bridge.spans === other.id ||
      bridge.carries === other.id ||
      other.kind === 'creek' ||
      other.kind === 'gully')
  );
}

function checkBridges(
  map: TableMap,
  area: (f: Feature) => MultiPolygon,
  out: LayoutProblem[],
): void {
  const trenches = map.features.filter((f) => f.kind === 'creek' || f.kind === 'gully');
  for (const bridge of map.features) {
    if (bridge.kind !== 'bridge' && bridge.kind !== 'catwalk') continue;
    const deck = area(bridge);
    const named = bridge.spans ? trenches.find((t) => t.id === bridge.spans) : undefined;
    const candidates = named ? [named] : trenches.filter((t) => overlapArea(area(t), deck) > 0);
    const pointer = featurePointer(map, bridge.id);
    if (candidates.length === 0) {
      out.push({
        check: 'bridge-span',
        severity: 'warning',
        message: `${label(bridge)} does not cross any creek or gully; drag it across the water`,
        subjects: [{ kind: 'feature', id: bridge.id }],
        pointer,
      });
      continue;
    }
    for (const water of candidates) {
      const floor = merged(area(water));
      const before = floor.length;
      let after: number;
      try {
        after = (polyclip.difference(floor, deck) as MultiPolygon).length;
      } catch {
        continue; // geometry polyclip cannot split: no verdict rather than a wrong one
      }
      if (after <= before) {
        out.push({
          check: 'bridge-span',
          severity: 'error',
          message: `${label(bridge)} does not reach across ${label(water)}: its deck must touch dry ground on both banks; lengthen it or move it onto the crossing`,
          subjects: [
            { kind: 'feature', id: bridge.id },
            { kind: 'feature', id: water.id },
          ],
          pointer,
        });
      }
    }
    const road = bridge.carries ? map.features.find((f) => f.id === bridge.carries) : undefined;
    if (road && overlapArea(area(road), deck) <= OVERLAP_TOLERANCE) {
      out.push({
        check: 'bridge-span',
        severity: 'error',
        message: `${label(bridge)} is meant to carry ${label(road)}, but the road does not reach the deck`,
        subjects: [
          { kind: 'feature', id: bridge.id },
          { kind: 'feature', id: road.id },
        ],
        pointer,
      });
    }
  }
}

function checkPieces(map: TableMap, profile: LayoutProfile, out: LayoutProblem[]): void {
  for (const [kind, want] of Object.entries(profile.required) as [FeatureKind, number][]) {
    const have = map.features.filter((f) => f.kind === kind).length;
    if (have !== want) {
      out.push({
        check: 'terrain-count',
        severity: 'warning',
        message: `the ruleset's set-up asks for ${want} ${kind} piece(s); the table has ${have}`,
        subjects: [],
        pointer: '/map/features',
      });
    }
  }
  const spacing = profile.spacing;
  if (spacing === undefined || profile.pieceKinds.length === 0) return;
  const what = profile.spacingName ? `${spacing}" (${profile.spacingName})` : `${spacing}"`;
  const pieces = map.features.filter((f) => profile.pieceKinds.includes(f.kind));
  const boxes = pieces.map((f) => footprintBox(footprintOf(f, 0.25)));
  pieces.forEach((f, i) => {
    const b = boxes[i]!;
    const edgeGap = Math.min(b.minX, b.minY, map.width - b.maxX, map.height - b.maxY);
    if (edgeGap < spacing - 1e-9) {
      out.push({
        check: 'terrain-spacing',
        severity: 'warning',
        message: `${label(f)} is ${Math.max(0, edgeGap).toFixed(1)}" from the table edge; pieces must be at least ${what} from every edge`,
        subjects: [{ kind: 'feature', id: f.id }],
        pointer: featurePointer(map, f.id),
      });
    }
    for (let j = i + 1; j < pieces.length; j++) {
      const gap = footprintGap(pieces[i]!, pieces[j]!);
      if (gap < spacing - 1e-9) {
        out.push({
          check: 'terrain-spacing',
          severity: 'warning',
          message: `${label(f)} and ${label(pieces[j]!)} are ${gap.toFixed(1)}" apart; pieces must be at least ${what} apart`,
          subjects: [
            { kind: 'feature', id: f.id },
            { kind: 'feature', id: pieces[j]!.id },
          ],
          pointer: featurePointer(map, f.id),
        });
      }
    }
  });
}

/** Shortest distance between the outlines of two area features (0 when they overlap). */
function footprintGap(a: Feature, b: Feature): number {
  return outlineGap(occupiedArea(a), occupiedArea(b));
}

const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };

function distanceFromEdge([x, y]: Point, edge: Edge, map: TableMap): number {
  switch (edge) {
    case 'north':
      return y;
    case 'south':
      return map.height - y;
    case 'west':
      return x;
    case 'east':
      return map.width - x;
  }
}

function checkObjectivePlacement(
  doc: ScenarioDoc,
  map: TableMap,
  profile: LayoutProfile,
  out: LayoutProblem[],
): void {
  const limit = profile.hiddenObjectiveEdgeDistance;
  if (limit === undefined) return;
  doc.objectives.forEach((o, i) => {
    if (!o.hidden || !o.owner || !o.area) return;
    const entry = doc.deployment.entryEdges?.find((e) => e.side === o.owner);
    if (!entry) return;
    const far = OPPOSITE[entry.edge];
    const points = shapePoints(o.area, map);
    const worst = Math.max(...points.map((p) => distanceFromEdge(p, far, map)));
    if (worst > limit + 1e-9) {
      out.push({
        check: 'objective-placement',
        severity: 'error',
        message: `hidden objective ${o.name ?? o.id} of side ${o.owner} reaches ${worst.toFixed(1)}" from the ${far} edge; it must lie within ${limit}" of the far edge from the side's entry edge (${entry.edge})`,
        subjects: [{ kind: 'objective', id: o.id }],
        pointer: `/objectives/${i}`,
        ruleId: 'TP-3.1',
      });
    }
  });
}
