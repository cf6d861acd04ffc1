import Flatbush from 'flatbush';
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
  occupiedArea,
  occupiedAreaNear,
  occupiedBox,
  withoutIdlePoints,
  outlineGap,
  overlapArea,
  partsNear,
  type MultiPolygon,
} from './footprintPolygons';
import { composeRulesetCatalog } from '../forces/rulesetCatalog';
import { checkMissionPlacement } from './missionPlacement';
import type { RulesetLookup } from '../rulesets/lookup';
import { extentBox } from './tableExtent';
import { checkReachability } from './reachability';
import type { WorkMeter } from '../geometry/sharedArea';
import { deckSplitsFloor } from './bridgeSpan';
import type { LayoutCheckId, LayoutProblem } from './layoutProblem';

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
  options: LayoutCheckOptions = {},
): LayoutProblem[] {
  const out: LayoutProblem[] = [];
  const progress = new Progress(options.onProgress);
  if (doc.map.kind !== 'table') {
    checkOnHexMap(doc, doc.map, out);
    if (options.rulesets)
      checkMissionPlacement(
        doc,
        doc.map,
        composeRulesetCatalog(doc.ruleset, catalogs, doc.catalog),
        out,
        options.rulesets,
      );
    return capped(out);
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
  progress.step('table', 0, 1);
  checkOnTable(doc, map, out);
  checkOverlaps(map, area, out, progress);
  progress.step('bridge', 0, 1);
  checkBridges(map, area, out);
  checkPieces(map, profile, out, progress, area);
  checkObjectivePlacement(doc, map, profile, out);
  const cat = composeRulesetCatalog(doc.ruleset, catalogs, doc.catalog);
  progress.step('mission', 0, 1);
  if (options.rulesets) checkMissionPlacement(doc, map, cat, out, options.rulesets);
  progress.step('reach', 0, 1);
  const typeOf = options.rulesets?.get(doc.ruleset.id)?.terrainTypeOf;
  checkReachability(doc, map, cat, typeOf, (side) => entryOf(doc, side), out, area);
  progress.step('reach', 1, 1);
  return capped(out);
}

/** The phases of the layout checks, in order, for a progress bar. */
export const LAYOUT_PHASES = ['table', 'overlap', 'bridge', 'spacing', 'mission', 'reach'] as const;
export type LayoutPhase = (typeof LAYOUT_PHASES)[number];

export interface LayoutCheckOptions {
  /**
   * Told how far the checks are: the phase, and within it `done` of `total` steps. A worker
   * passes this on to the page, which shows it and can stop the worker.
   */
  readonly onProgress?: (fraction: number, phase: LayoutPhase) => void;
  /**
   * The rulesets the caller plays with (the registry's `BUNDLED_RULESETS` at an entry point):
   * the scenario's ruleset module adds its mission placement checks and says which catalog
   * terrain type a feature plays as. Without it only the checks every ruleset shares run.
   */
  readonly rulesets?: RulesetLookup;
}

/** Turns phase steps into one fraction of the whole run. */
class Progress {
  constructor(private readonly report?: (fraction: number, phase: LayoutPhase) => void) {}
  step(phase: LayoutPhase, done: number, total: number): void {
    if (!this.report) return;
    const i = LAYOUT_PHASES.indexOf(phase);
    this.report((i + (total > 0 ? done / total : 1)) / LAYOUT_PHASES.length, phase);
  }
}

/**
 * Problems of one check listed one by one; past this many the rest are one summary, so a file
 * with thousands of stray units still gives a readable list (and the overlap check has its own).
 */
const MAX_LISTED_PER_CHECK = 100;

function capped(problems: LayoutProblem[]): LayoutProblem[] {
  const counts = new Map<LayoutCheckId, number>();
  const out: LayoutProblem[] = [];
  const extra = new Map<LayoutCheckId, { n: number; first: LayoutProblem; errors: boolean }>();
  for (const p of problems) {
    const n = (counts.get(p.check) ?? 0) + 1;
    counts.set(p.check, n);
    if (n <= MAX_LISTED_PER_CHECK || p.check === 'overlap') out.push(p);
    else {
      const e = extra.get(p.check);
      if (e) {
        e.n++;
        e.errors ||= p.severity === 'error';
      } else extra.set(p.check, { n: 1, first: p, errors: p.severity === 'error' });
    }
  }
  for (const [check, e] of extra) {
    out.push({
      check,
      severity: e.errors ? 'error' : 'warning',
      message: `${e.n} more problems of this kind (${check}) are not listed; fix the ${MAX_LISTED_PER_CHECK} listed and check again`,
      subjects: [],
      pointer: e.first.pointer,
    });
  }
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

const featureIndexes = new WeakMap<TableMap, Map<string, number>>();

/** Pointer of a feature by id; the index is built once per map, not searched per problem. */
function featurePointer(map: TableMap, id: string): string {
  let index = featureIndexes.get(map);
  if (!index) {
    index = new Map(map.features.map((f, i) => [f.id, i]));
    featureIndexes.set(map, index);
  }
  return `/map/features/${index.get(id) ?? -1}`;
}

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
    // The outline without its idle points: a bank traced with thousands of points a hair off
    // the table edge is the bank drawn with its corners on it.
    const box = extentBox(withoutIdlePoints(f));
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

const unitIndexes = new WeakMap<ScenarioDoc, Map<string, string>>();

/** Pointer of a unit by id; all units' pointers are found in one walk per document. */
function unitPointer(doc: ScenarioDoc, id: string): string {
  let index = unitIndexes.get(doc);
  if (!index) {
    const found = new Map<string, string>();
    doc.forces.sides.forEach((s, i) => {
      const walk = (fs: typeof s.formations, base: string) =>
        fs.forEach((f, j) => {
          f.units.forEach((u, k) => {
            if (!found.has(u.id)) found.set(u.id, `${base}/${j}/units/${k}`);
          });
          walk(f.formations ?? [], `${base}/${j}/formations`);
        });
      walk(s.formations, `/forces/sides/${i}/formations`);
    });
    index = found;
    unitIndexes.set(doc, index);
  }
  return index.get(id) ?? '';
}

/**
 * Overlaps listed one by one; past this many the check stops and says there may be more, so a
 * table full of clutter still checks in well under a second and the panel stays readable.
 */
const MAX_OVERLAPS_LISTED = 100;
/**
 * At most this many pairs of features lying close together are measured. A scenario the loader
 * accepts can hold 100,000 features and tens of millions of such pairs; past this the check
 * stops and says how far it got, so it ends in a few seconds whatever the file.
 */
const MAX_PAIRS_MEASURED = 40_000;
/**
 * And at most this much measuring work (edge steps, see `WorkMeter`; a second or two): pairs
 * of outlines traced with thousands of points cost thousands of times a plain pair, and a file
 * can hold hundreds of them.
 */
const MAX_OVERLAP_WORK = 100_000_000;

/** Kinds that must not share ground with some other kind: the only ones an overlap can involve. */
const OVERLAP_KINDS = new Set<FeatureKind>(
  (Object.entries(MUST_NOT_OVERLAP) as [FeatureKind, readonly FeatureKind[]][]).flatMap(
    ([k, vs]) => [k, ...vs],
  ),
);

function checkOverlaps(
  map: TableMap,
  area: (f: Feature) => MultiPolygon,
  out: LayoutProblem[],
  progress: Progress,
): void {
  const features = map.features;
  const involved = features.map((_, i) => i).filter((i) => OVERLAP_KINDS.has(features[i]!.kind));
  if (involved.length === 0) return;
  const index = new Flatbush(involved.length);
  const boxes = features.map((f) => (OVERLAP_KINDS.has(f.kind) ? occupiedBox(f) : undefined));
  for (const i of involved) {
    const b = boxes[i]!;
    index.add(b.minX, b.minY, b.maxX, b.maxY);
  }
  index.finish();
  let listed = 0;
  let measured = 0;
  const meter: WorkMeter = { work: 0 };
  let stoppedAt: number | undefined;
  let capped = false;
  outer: for (const [n, i] of involved.entries()) {
    if (n % 256 === 0) progress.step('overlap', n, involved.length);
    const a = features[i]!;
    const box = boxes[i]!;
    // Each pair once (j > i), and only pairs whose boxes meet: the index finds them.
    const near = index
      .search(box.minX, box.minY, box.maxX, box.maxY)
      .map((k) => involved[k]!)
      .filter((j) => j > i && forbiddenPair(a.kind, features[j]!.kind))
      .sort((p, q) => p - q);
    for (const j of near) {
      const b = features[j]!;
      // A bridge is meant to sit over its creek and carry its road.
      if (bridgeRelation(a, b) || bridgeRelation(b, a)) continue;
      if (listed >= MAX_OVERLAPS_LISTED) {
        capped = true;
        stoppedAt = i;
        break outer;
      }
      if (measured >= MAX_PAIRS_MEASURED || meter.work > MAX_OVERLAP_WORK) {
        stoppedAt = i;
        break outer;
      }
      measured++;
      // Of a line (a road, a creek), only its strips near the other feature.
      const shared = overlapArea(
        occupiedAreaNear(a, boxes[j]!) ?? area(a),
        occupiedAreaNear(b, box) ?? area(b),
        meter,
      );
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
  }
  if (stoppedAt !== undefined) {
    out.push({
      check: 'overlap',
      severity: 'warning',
      message: capped
        ? `the first ${MAX_OVERLAPS_LISTED} overlapping pairs are listed and there are more; fix these and check again`
        : `the overlap check measured ${measured} pairs of features lying close together and stopped at feature ${stoppedAt}: this table has more than it goes through in a few seconds${measured < MAX_PAIRS_MEASURED ? ' (outlines traced with very many points: trace them with fewer)' : ''}. The overlaps listed are real; others may remain`,
      subjects: [],
      pointer: `/map/features/${stoppedAt}`,
    });
  }
}

function ringsBox(mp: MultiPolygon): { minX: number; minY: number; maxX: number; maxY: number } {
  const b = { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
  for (const poly of mp)
    for (const [x, y] of poly[0] ?? []) {
      b.minX = Math.min(b.minX, x);
      b.minY = Math.min(b.minY, y);
      b.maxX = Math.max(b.maxX, x);
      b.maxY = Math.max(b.maxY, y);
    }
  return b;
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
  const byId = new Map(map.features.map((f) => [f.id, f]));
  for (const bridge of map.features) {
    if (bridge.kind !== 'bridge' && bridge.kind !== 'catwalk') continue;
    const deck = area(bridge);
    const deckBox = ringsBox(deck);
    const named = bridge.spans ? byId.get(bridge.spans) : undefined;
    const candidates =
      named && (named.kind === 'creek' || named.kind === 'gully')
        ? [named]
        : trenches.filter((t) => overlapArea(occupiedAreaNear(t, deckBox) ?? area(t), deck) > 0);
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
      // Only the stretch of water near the deck decides whether the deck spans it: a long creek
      // is not merged end to end for every bridge.
      const around = {
        minX: deckBox.minX - 2,
        minY: deckBox.minY - 2,
        maxX: deckBox.maxX + 2,
        maxY: deckBox.maxY + 2,
      };
      const floor = occupiedAreaNear(water, around) ?? area(water);
      const splits = deckSplitsFloor(partsNear(floor, deckBox, 2), deck);
      if (splits === undefined) continue; // geometry polyclip cannot split: no verdict
      if (!splits) {
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
    const road = bridge.carries ? byId.get(bridge.carries) : undefined;
    if (
      road &&
      overlapArea(occupiedAreaNear(road, deckBox) ?? area(road), deck) <= OVERLAP_TOLERANCE
    ) {
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

function checkPieces(
  map: TableMap,
  profile: LayoutProfile,
  out: LayoutProblem[],
  progress: Progress,
  area: (f: Feature) => MultiPolygon,
): void {
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
  // Only pieces whose boxes come within the spacing of each other can be too close.
  const index = new Flatbush(Math.max(1, pieces.length));
  for (const b of boxes) index.add(b.minX, b.minY, b.maxX, b.maxY);
  if (pieces.length === 0) index.add(0, 0, 0, 0);
  index.finish();
  pieces.forEach((f, i) => {
    if (i % 256 === 0) progress.step('spacing', i, pieces.length);
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
    const near = index
      .search(b.minX - spacing, b.minY - spacing, b.maxX + spacing, b.maxY + spacing)
      .filter((j) => j > i && j < pieces.length)
      .sort((p, q) => p - q);
    for (const j of near) {
      const gap = outlineGap(area(pieces[i]!), area(pieces[j]!), spacing);
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
