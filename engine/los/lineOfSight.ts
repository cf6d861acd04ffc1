import { inGap, type Gap } from '../terrain/gaps';
import type { CoverClass, FeatureKind } from '../format';
import {
  boxOf,
  pointInPolygon,
  segmentInsidePolygon,
  segmentInsidePolygonInto,
  type Polygon,
  type Span,
} from '../geometry/polygon';
import { distance, lerpPoint } from '../geometry/vector';
import { inches, type Inches, type TablePoint } from '../geometry/units';
import {
  featureSpans,
  SightRole,
  trenchSpans,
  trunkSpan,
  type IndexedFeature,
  type TerrainIndex,
} from '../terrain/terrainIndex';
import { GROUND_SHAPING_KINDS } from '../terrain/kinds';

/** One end of a sight line: a point on the table and a height above the ground there. */
export interface SightEnd {
  readonly point: TablePoint;
  /** Eye height of an observer, or the height of the top of a target, above its ground. */
  readonly height: number;
  /** Extra height from standing on something not in the map (a roof, a second floor). */
  readonly standingOn?: number;
  /** Ids of features and obstructions this end stands in or is (its own vehicle); never block it. */
  readonly ignore?: readonly string[];
}

/** Something on the table that is not a map feature but blocks sight: a vehicle or a wreck. */
export interface Obstruction {
  readonly id: string;
  readonly kind: 'vehicle' | 'wreck';
  readonly polygon: Polygon;
  /** Height above the ground it stands on. */
  readonly height: number;
  readonly coverClass: CoverClass;
  readonly ruleId: string;
  readonly strongCover?: boolean;
}

/** What a crossed feature did to the sight line. */
export type SightEffect =
  /** It is solid above the line: the line stops here. */
  | 'blocks'
  /** It hides part of the target (or canopy it looks through), near enough to give cover. */
  | 'cover'
  /** One end stands inside it (a house, woods); it neither blocks nor hides. */
  | 'inside'
  /** The line passes over or through it without effect. */
  | 'clear';

/** One feature on the sight line, in order from the observer. */
export interface FeatureOnLine {
  readonly id: string;
  readonly kind: FeatureKind | 'vehicle' | 'wreck' | 'baseGround';
  /** Distance from the observer where the line meets it and leaves it, in inches. */
  readonly from: Inches;
  readonly to: Inches;
  readonly effect: SightEffect;
  /** Lowest height of the sight line over the feature, above base ground. */
  readonly lineHeight: number;
  /** Height of the feature's top above base ground. */
  readonly top: number;
  readonly coverClass: CoverClass;
  readonly ruleId: string;
  readonly strongCover: boolean;
}

/** The answer to "can A see B", with everything it is based on. */
export interface SightResult {
  readonly visible: boolean;
  readonly distance: Inches;
  /** Eye height of the observer and top of the target, above base ground. */
  readonly fromHeight: number;
  readonly toHeight: number;
  /** Every feature the line meets, in order from the observer. */
  readonly crossed: readonly FeatureOnLine[];
  /** The first feature that blocks the line, if any. */
  readonly blockedBy: FeatureOnLine | undefined;
  /** The best cover the target has against this observer (none when not visible). */
  readonly cover: CoverClass;
  readonly coverFrom: FeatureOnLine | undefined;
  /** Rule that decides the answer: the blocking rule, the cover rule, or the open-ground rule. */
  readonly ruleId: string;
}

/** Rule ids the line of sight cites when no feature is involved. */
export interface SightRuleIds {
  readonly clear: string;
  readonly ground: string;
}

const COVER_RANK: Record<CoverClass, number> = {
  none: 0,
  light: 1,
  heavy: 2,
  strong: 3,
  fortification: 4,
};

/** Whether cover class `a` is better than `b`. */
export function betterCover(a: CoverClass, b: CoverClass): boolean {
  return COVER_RANK[a] > COVER_RANK[b];
}

const EPS = 1e-9;
/** How far above its ground the low sight line aims, to ask what hides the target's lower part. */
const BASE_AIM = 0.1;

/**
 * 2.5-D line of sight over a table map: ground bands and the creek/gully bed shape the ground;
 * buildings, walls, hedges, bushes, woods, trees, obstacles, vehicles and wrecks stand on it with
 * their heights. The line runs from the observer's eye to the top of the target; what hides the
 * target's lower part close to it gives cover. Visibility is symmetric when both ends have the
 * same height; cover belongs to the target end.
 */
export function lineOfSight(
  terrain: TerrainIndex,
  from: SightEnd,
  to: SightEnd,
  ruleIds: SightRuleIds,
  obstructions: readonly Obstruction[] = [],
  gaps: readonly Gap[] = [],
): SightResult {
  const a = from.point;
  const b = to.point;
  const len = distance(a, b);
  const groundA = terrain.groundAt(a).height + (from.standingOn ?? 0);
  const groundB = terrain.groundAt(b).height + (to.standingOn ?? 0);
  const zA = groundA + from.height;
  const zB = groundB + to.height;
  const zBase = groundB + Math.min(BASE_AIM, to.height);
  const lineZ = (t: number) => zA + (zB - zA) * t;
  const baseZ = (t: number) => zA + (zBase - zA) * t;
  const ignored = new Set([...(from.ignore ?? []), ...(to.ignore ?? [])]);
  const proximity = terrain.defaults.coverProximity;
  const nearTarget = (s: Span) => (1 - s.t1) * len <= proximity + EPS;

  const crossed: FeatureOnLine[] = [];
  const crossings = len === 0 ? [] : terrain.crossings(a, b);
  const reliefBreaks: number[] = [];
  let hasRelief = false;
  // The ground can only rise above the line where some crossed band, deck or trench rim is higher
  // than the lower end of the line; most lines skip the profile test entirely.
  let reliefTop = -Infinity;
  for (const { entry, spans } of crossings) {
    const f = entry.feature;
    switch (f.kind) {
      case 'ground':
      case 'bridge':
      case 'catwalk':
        hasRelief = true;
        reliefTop = Math.max(reliefTop, entry.top);
        for (const s of spans) reliefBreaks.push(s.t0, s.t1);
        crossed.push(record(entry, spans, 'clear', lineZ, len));
        break;
      case 'creek':
      case 'gully':
        hasRelief = true;
        reliefTop = Math.max(reliefTop, 0);
        for (const s of trenchSpans(entry.footprint, a, b)) reliefBreaks.push(s.t0, s.t1);
        crossed.push(record(entry, spans, 'clear', lineZ, len));
        break;
      case 'road':
        // A flat road lowers the ground where it runs through a raised band: probe its edges.
        if (f.elevationMode === 'flat') for (const s of spans) reliefBreaks.push(s.t0, s.t1);
        crossed.push(record(entry, spans, 'clear', lineZ, len));
        break;
      case 'tree': {
        const trunk = trunkSpan(entry.footprint, a, b);
        const canopyBase = entry.base + (f.canopyBase ?? terrain.defaults.canopyBase);
        for (const s of spans) {
          const low = Math.min(lineZ(s.t0), lineZ(s.t1));
          const high = Math.max(lineZ(s.t0), lineZ(s.t1));
          let effect: SightEffect = 'clear';
          // A trunk hides what is behind it, not a man standing at it: every line to an end
          // inside the trunk's circle crosses it, and he could be seen from nowhere.
          const between = trunk !== undefined && trunk.t0 > EPS && trunk.t1 < 1 - EPS;
          if (between && !ignored.has(entry.id) && low < entry.top && entry.rules.blocksSight) {
            effect = 'blocks';
          } else if (high > canopyBase && low < entry.top && nearTarget(s)) {
            effect = 'cover';
          } else if (s.t1 >= 1 - EPS) {
            // A target standing among the trees has their cover even below the leaves (TP-A51).
            effect = 'cover';
          }
          const spanRecord = effect === 'blocks' && trunk ? trunk : s;
          crossed.push(record(entry, [spanRecord], effect, lineZ, len));
        }
        break;
      }
      case 'wall':
      case 'fence':
      case 'hedge':
      case 'building':
      case 'bushes':
      case 'woods':
      case 'forest':
      case 'obstacle':
      case 'bunker':
      case 'wreck':
        for (const s of spans) {
          if (entry.footprint.type === 'line' && inGap(gaps, entry.id, lerpPoint(a, b, s.t0))) {
            // The line passes through a breach in the wall.
            crossed.push(record(entry, [s], 'clear', lineZ, len));
            continue;
          }
          if (f.kind === 'building' && throughHoles(gaps, entry.id, a, b, s)) {
            // The line goes in and out of the house through holes shot in its walls.
            crossed.push(record(entry, [s], 'clear', lineZ, len));
            continue;
          }
          crossed.push(
            solidEffect(entry, s, {
              lineZ,
              baseZ,
              len,
              nearTarget,
              ignored,
              insideA: s.t0 <= EPS && groundA < entry.top,
              insideB: s.t1 >= 1 - EPS && groundB < entry.top,
            }),
          );
        }
        break;
    }
  }

  const pieceBoxes = piecesBoxes(obstructions);
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  for (let k = 0; k < obstructions.length; k++) {
    const o = obstructions[k]!;
    if (ignored.has(o.id) || len === 0) continue;
    if (outsideBox(pieceBoxes, k, minX, minY, maxX, maxY)) continue;
    const base = terrain.groundAt(lerpPoint(a, b, 0.5)).height;
    const spans = segmentInsidePolygon(a, b, o.polygon);
    const inA = pointInPolygon(a, o.polygon);
    const inB = pointInPolygon(b, o.polygon);
    for (const s of spans) {
      const top = base + o.height;
      const low = Math.min(lineZ(s.t0), lineZ(s.t1));
      const lowBase = Math.min(baseZ(s.t0), baseZ(s.t1));
      let effect: SightEffect = 'clear';
      if ((s.t0 <= EPS && inA) || (s.t1 >= 1 - EPS && inB)) effect = 'inside';
      else if (low < top) effect = 'blocks';
      else if (lowBase < top && nearTarget(s)) effect = 'cover';
      crossed.push({
        id: o.id,
        kind: o.kind,
        from: inches(s.t0 * len),
        to: inches(s.t1 * len),
        effect,
        lineHeight: low,
        top,
        coverClass: o.coverClass,
        ruleId: o.ruleId,
        strongCover: o.strongCover ?? false,
      });
    }
  }

  if (hasRelief && Math.min(zA, zB) < Math.max(reliefTop, groundA, groundB) + 1e-9) {
    const relief = reliefBlock(terrain, a, b, len, reliefBreaks, lineZ, baseZ, crossings, {
      nearTarget,
      groundRule: ruleIds.ground,
      // No ground under the line stands higher than the highest band or deck it crosses (a bed
      // or a flat road only lowers it), so a probe where the line is above that cannot touch.
      highest: Math.max(reliefTop, 0),
    });
    crossed.push(...relief);
  }

  crossed.sort(
    (x, y) => x.from - y.from || x.to - y.to || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0),
  );
  const blockedBy = crossed.find((c) => c.effect === 'blocks');
  let coverFrom: FeatureOnLine | undefined;
  if (!blockedBy) {
    for (const c of crossed) {
      const gives =
        c.effect === 'cover' ||
        (c.effect === 'inside' && c.to >= len - 1e-6 && c.kind !== 'vehicle');
      if (gives && (!coverFrom || betterCover(c.coverClass, coverFrom.coverClass))) coverFrom = c;
    }
  }
  const cover: CoverClass = coverFrom?.coverClass ?? 'none';
  return {
    visible: !blockedBy,
    distance: len,
    fromHeight: zA,
    toHeight: zB,
    crossed,
    blockedBy,
    cover,
    coverFrom,
    ruleId: blockedBy?.ruleId ?? (coverFrom && cover !== 'none' ? coverFrom.ruleId : ruleIds.clear),
  };
}

/**
 * Only whether A sees B: the same answer as `lineOfSight(...).visible`, without the list of what
 * the line crosses, and stopping at the first thing that blocks it. For sight maps and the
 * benchmark, which ask it hundreds of thousands of times.
 */
export function lineOfSightVisible(
  terrain: TerrainIndex,
  from: SightEnd,
  to: SightEnd,
  obstructions: readonly Obstruction[] = [],
  gaps: readonly Gap[] = [],
): boolean {
  return (
    terrainLetsSee(terrain, from, to, gaps) &&
    !obstructionsBlockSight(terrain, from, to, obstructions)
  );
}

/**
 * The map's part of `lineOfSightVisible`: whether no feature and no rise of the ground blocks
 * the line, vehicles and wrecks aside. It depends on the two ends and the breaches alone, so a
 * caller may keep it while the pieces move (`obstructionsBlockSight` is the rest).
 */
export function terrainLetsSee(
  terrain: TerrainIndex,
  from: SightEnd,
  to: SightEnd,
  gaps: readonly Gap[] = [],
): boolean {
  const a = from.point;
  const b = to.point;
  const len = distance(a, b);
  if (len === 0) return true;
  const groundA = terrain.groundHeightAt(a) + (from.standingOn ?? 0);
  const groundB = terrain.groundHeightAt(b) + (to.standingOn ?? 0);
  const zA = groundA + from.height;
  const zB = groundB + to.height;
  const ignoreA = from.ignore;
  const ignoreB = to.ignore;
  const ignored = (id: string) =>
    (ignoreA !== undefined && ignoreA.includes(id)) ||
    (ignoreB !== undefined && ignoreB.includes(id));
  const lowEnd = Math.min(zA, zB);
  const dz = zB - zA;
  const sight = terrain.sight;
  const { entries, role, top, seeFromInside } = sight;
  const count = sight.along(a, b);
  const found = sight.found;
  // Features that shape the ground (raised bands, decks, beds, flat roads), for the relief test
  // at the end, which most lines never need: their spans are found only then.
  if (shapingScratch.length < count) shapingScratch = new Int32Array(count);
  const shaping = shapingScratch;
  let shapingCount = 0;
  let shapingTop = -Infinity;
  for (let k = 0; k < count; k++) {
    const i = found[k]!;
    const r = role[i]!;
    if (r <= SightRole.flatRoad) {
      shaping[shapingCount++] = i;
      if (r === SightRole.band || r === SightRole.deck) shapingTop = Math.max(shapingTop, top[i]!);
      else if (r === SightRole.trench) shapingTop = Math.max(shapingTop, 0);
      continue;
    }
    // The line is nowhere lower than its lower end: a feature no higher than that is passed over.
    const t = top[i]!;
    if (t <= lowEnd) continue;
    const entry = entries[i]!;
    if (ignored(entry.id)) continue;
    const fp = entry.footprint;
    if (r === SightRole.tree) {
      // Only the trunk blocks, where the line passes below the tree's top; not a trunk an end
      // stands in (see lineOfSight).
      const trunk = trunkSpan(fp, a, b);
      if (!trunk || trunk.t0 <= EPS || trunk.t1 >= 1 - EPS) continue;
      for (const s of featureSpans(fp, a, b)) {
        if (Math.min(zA + dz * s.t0, zA + dz * s.t1) < t) return false;
      }
      continue;
    }
    if (r === SightRole.area && fp.type === 'area' && fp.polygons.length === 1) {
      const poly = fp.polygons[0]!;
      if (spanScratch.length < 2 * (poly.length + 1))
        spanScratch = new Float64Array(2 * (poly.length + 1));
      const spans = spanScratch;
      const n = segmentInsidePolygonInto(a, b, poly, spans);
      for (let m = 0; m < n; m++) {
        const t0 = spans[2 * m]!;
        const t1 = spans[2 * m + 1]!;
        if (Math.min(zA + dz * t0, zA + dz * t1) >= t) continue;
        if (seeFromInside[i] === 1) {
          const insideA = t0 <= EPS && groundA < t;
          const insideB = t1 >= 1 - EPS && groundB < t;
          if (insideA || insideB) continue;
        }
        if (entry.feature.kind === 'building' && throughHoles(gaps, entry.id, a, b, { t0, t1 }))
          continue;
        return false;
      }
      continue;
    }
    for (const s of featureSpans(fp, a, b)) {
      const low = Math.min(zA + dz * s.t0, zA + dz * s.t1);
      if (low >= t) continue;
      if (seeFromInside[i] === 1) {
        const insideA = s.t0 <= EPS && groundA < t;
        const insideB = s.t1 >= 1 - EPS && groundB < t;
        if (insideA || insideB) continue;
      }
      if (fp.type === 'line' && inGap(gaps, entry.id, lerpPoint(a, b, s.t0))) continue;
      if (entry.feature.kind === 'building' && throughHoles(gaps, entry.id, a, b, s)) continue;
      return false;
    }
  }

  // The ground can only rise above the line where a band, deck or bank rim under it is higher
  // than the line's lower end (as in lineOfSight, with every box the line passes counted). The
  // ground test below finds a block only where the line is more than 1e-9 below the highest of
  // them (and 0): a line nowhere that low skips it (most lines between men on open ground).
  if (shapingCount > 0 && lowEnd < Math.max(shapingTop, 0) - 1e-9) {
    // Where the ground profile bends (the ends of each feature's spans, a creek's bed and banks
    // apart, a road's strips merged) and the features with any span, in order: into scratch.
    let breaks = 0;
    let reliefTop = -Infinity;
    let hasRelief = false;
    grounds.length = 0;
    for (let k = 0; k < shapingCount; k++) {
      const i = shaping[k]!;
      const entry = entries[i]!;
      const fp = entry.footprint;
      const before = breaks;
      if (fp.type === 'trench') {
        for (const poly of fp.floor) breaks = polygonBreaks(a, b, poly, breaks);
        for (const poly of fp.outer) breaks = polygonBreaks(a, b, poly, breaks);
      } else if (fp.type === 'area' && fp.polygons.length === 1) {
        breaks = polygonBreaks(a, b, fp.polygons[0]!, breaks);
      } else {
        for (const s of featureSpans(fp, a, b)) breaks = pushBreaks(breaks, s.t0, s.t1);
      }
      if (breaks === before) continue;
      grounds.push(entry);
      const r = role[i]!;
      if (r === SightRole.flatRoad) continue;
      hasRelief = true;
      reliefTop = Math.max(reliefTop, r === SightRole.trench ? 0 : top[i]!);
    }
    if (hasRelief && lowEnd < Math.max(reliefTop, groundA, groundB) + 1e-9) {
      if (groundBlocks(terrain, a, b, zA, zB, breaks, grounds, Math.max(reliefTop, 0)))
        return false;
    }
  }
  return true;
}

/**
 * The pieces' part of `lineOfSightVisible`: whether a vehicle or wreck of `obstructions` (not
 * one an end ignores) stands in the way of the line.
 */
export function obstructionsBlockSight(
  terrain: TerrainIndex,
  from: SightEnd,
  to: SightEnd,
  obstructions: readonly Obstruction[],
): boolean {
  if (obstructions.length === 0) return false;
  const a = from.point;
  const b = to.point;
  if (distance(a, b) === 0) return false;
  // The ends' heights are worked out for the first piece whose box the line meets (most lines
  // pass every piece's box by).
  let zA = NaN;
  let zB = NaN;
  const ignoreA = from.ignore;
  const ignoreB = to.ignore;
  const boxes = piecesBoxes(obstructions);
  const minX = Math.min(a.x, b.x);
  const maxX = Math.max(a.x, b.x);
  const minY = Math.min(a.y, b.y);
  const maxY = Math.max(a.y, b.y);
  for (let k = 0; k < obstructions.length; k++) {
    // The box first (numbers in one array): most lines pass every piece's box by.
    if (outsideBox(boxes, k, minX, minY, maxX, maxY)) continue;
    const o = obstructions[k]!;
    if (
      (ignoreA !== undefined && ignoreA.includes(o.id)) ||
      (ignoreB !== undefined && ignoreB.includes(o.id))
    )
      continue;
    const poly = o.polygon;
    if (pieceSpans.length < 2 * (poly.length + 1))
      pieceSpans = new Float64Array(2 * (poly.length + 1));
    const spans = pieceSpans;
    const n = segmentInsidePolygonInto(a, b, poly, spans);
    if (n === 0) continue;
    if (Number.isNaN(zA)) {
      zA = terrain.groundHeightAt(a) + (from.standingOn ?? 0) + from.height;
      zB = terrain.groundHeightAt(b) + (to.standingOn ?? 0) + to.height;
    }
    const top = terrain.groundAt(lerpPoint(a, b, 0.5)).height + o.height;
    for (let m = 0; m < n; m++) {
      const t0 = spans[2 * m]!;
      const t1 = spans[2 * m + 1]!;
      const low = Math.min(zA + (zB - zA) * t0, zA + (zB - zA) * t1);
      if (low >= top) continue;
      if (t0 <= EPS && pointInPolygon(a, poly)) continue;
      if (t1 >= 1 - EPS && pointInPolygon(b, poly)) continue;
      return true;
    }
  }
  return false;
}

/**
 * Whether a line crosses a house only through holes in its walls: every point where it enters or
 * leaves the outline (not counting an end that stands inside) lies in a hole.
 */
function throughHoles(
  gaps: readonly Gap[],
  id: string,
  a: TablePoint,
  b: TablePoint,
  s: Span,
): boolean {
  if (!gaps.some((g) => g.feature === id)) return false;
  const ends: TablePoint[] = [];
  if (s.t0 > EPS) ends.push(lerpPoint(a, b, s.t0));
  if (s.t1 < 1 - EPS) ends.push(lerpPoint(a, b, s.t1));
  return ends.length > 0 && ends.every((p) => inGap(gaps, id, p));
}

function record(
  entry: IndexedFeature,
  spans: readonly Span[],
  effect: SightEffect,
  lineZ: (t: number) => number,
  len: number,
): FeatureOnLine {
  const t0 = spans[0]!.t0;
  const t1 = spans[spans.length - 1]!.t1;
  return {
    id: entry.id,
    kind: entry.feature.kind,
    from: inches(t0 * len),
    to: inches(t1 * len),
    effect,
    lineHeight: Math.min(lineZ(t0), lineZ(t1)),
    top: entry.top,
    coverClass: entry.rules.coverClass,
    ruleId: effect === 'blocks' ? entry.rules.blockRuleId : entry.rules.ruleId,
    strongCover: entry.rules.strongCover,
  };
}

interface SolidContext {
  readonly lineZ: (t: number) => number;
  readonly baseZ: (t: number) => number;
  readonly len: number;
  readonly nearTarget: (s: Span) => boolean;
  readonly ignored: ReadonlySet<string>;
  readonly insideA: boolean;
  readonly insideB: boolean;
}

function solidEffect(entry: IndexedFeature, s: Span, c: SolidContext): FeatureOnLine {
  const low = Math.min(c.lineZ(s.t0), c.lineZ(s.t1));
  const lowBase = Math.min(c.baseZ(s.t0), c.baseZ(s.t1));
  const isArea = entry.footprint.type === 'area';
  let effect: SightEffect = 'clear';
  if (c.ignored.has(entry.id)) effect = 'inside';
  else if (isArea && (c.insideA || c.insideB) && entry.rules.seeFromInside) effect = 'inside';
  else if (low < entry.top && entry.rules.blocksSight) effect = 'blocks';
  else if (lowBase < entry.top && c.nearTarget(s)) effect = 'cover';
  else if (isArea && c.insideB) effect = 'cover';
  return {
    id: entry.id,
    kind: entry.feature.kind,
    from: inches(s.t0 * c.len),
    to: inches(s.t1 * c.len),
    effect,
    lineHeight: low,
    top: entry.top,
    coverClass: entry.rules.coverClass,
    ruleId: effect === 'blocks' ? entry.rules.blockRuleId : entry.rules.ruleId,
    strongCover: entry.rules.strongCover,
  };
}

/**
 * Tests the sight line against the ground profile: raised bands, bridge decks and the creek and
 * gully beds. Between the breaks the profile is flat or an even slope, so testing the breaks and
 * the midpoints between them is exact.
 */
function reliefBlock(
  terrain: TerrainIndex,
  a: TablePoint,
  b: TablePoint,
  len: number,
  breaks: number[],
  lineZ: (t: number) => number,
  baseZ: (t: number) => number,
  crossings: readonly { entry: IndexedFeature; spans: readonly Span[] }[],
  ctx: {
    nearTarget: (s: Span) => boolean;
    groundRule: string;
    highest: number;
  },
): FeatureOnLine[] {
  const { nearTarget, groundRule, highest } = ctx;
  const ts = [...new Set(breaks.filter((t) => t > 1e-6 && t < 1 - 1e-6))].sort((x, y) => x - y);
  const probes: number[] = [];
  const all = [0, ...ts, 1];
  for (let i = 0; i < all.length; i++) {
    const t = all[i]!;
    if (t > 1e-6 && t < 1 - 1e-6) probes.push(t - 1e-7, t + 1e-7);
    const next = all[i + 1];
    if (next !== undefined) probes.push((t + next) / 2);
  }
  let cover: FeatureOnLine | undefined;
  // Every ground feature under the line is among the crossings, so no index search is needed;
  // only the kinds that shape the ground count (in their order: the first deck wins).
  const grounds = crossings
    .map((c) => c.entry)
    .filter((e) => GROUND_SHAPING_KINDS.has(e.feature.kind));
  for (const t of probes) {
    if (t <= 1e-6 || t >= 1 - 1e-6) continue;
    if (Math.min(lineZ(t), baseZ(t)) >= highest - 1e-9) continue;
    const p = lerpPoint(a, b, t);
    const g = terrain.groundAmong(grounds, p);
    const owner = g.featureId ?? trenchAt(crossings, t);
    const blocked = lineZ(t) < g.height - 1e-9;
    const hides = !blocked && baseZ(t) < g.height - 1e-9 && nearTarget({ t0: t, t1: t });
    if (!blocked && !hides) continue;
    const entry = crossings.find((c) => c.entry.id === owner)?.entry;
    const hit: FeatureOnLine = {
      id: owner ?? 'baseGround',
      kind: entry?.feature.kind ?? 'baseGround',
      from: inches(t * len),
      to: inches(t * len),
      effect: blocked ? 'blocks' : 'cover',
      lineHeight: lineZ(t),
      top: g.height,
      coverClass: entry?.rules.coverClass ?? 'light',
      ruleId: (blocked ? entry?.rules.blockRuleId : entry?.rules.ruleId) ?? groundRule,
      strongCover: entry?.rules.strongCover ?? false,
    };
    if (blocked) return [hit];
    cover ??= hit;
  }
  return cover ? [cover] : [];
}

/**
 * Whether the ground rises above the line anywhere: whether `reliefBlock` finds a block,
 * probing the same points (either side of each break and midway between breaks) without making
 * the findings, closures and lists a full answer needs. The breaks are the first `count` numbers
 * of `breakScratch`. A sight map asks it for thousands of lines from one viewer.
 */
function groundBlocks(
  terrain: TerrainIndex,
  a: TablePoint,
  b: TablePoint,
  zA: number,
  zB: number,
  count: number,
  grounds: readonly IndexedFeature[],
  highest: number,
): boolean {
  const dz = zB - zA;
  // In numeric order, as Array.prototype.sort with (x, y) => x - y puts them (-0 and 0, the only
  // numbers it may leave the other way round, are both skipped below).
  const breaks = breakScratch.subarray(0, count).sort();
  let last = 0;
  for (let k = 0; k < count; k++) {
    const t = breaks[k]!;
    if (t <= 1e-6 || t >= 1 - 1e-6 || t === last) continue;
    if (
      groundAt(terrain, a, b, zA, dz, highest, grounds, (last + t) / 2) ||
      groundAt(terrain, a, b, zA, dz, highest, grounds, t - 1e-7) ||
      groundAt(terrain, a, b, zA, dz, highest, grounds, t + 1e-7)
    )
      return true;
    last = t;
  }
  return groundAt(terrain, a, b, zA, dz, highest, grounds, (last + 1) / 2);
}

/** Whether the ground stands above the line at `t` (one probe of `groundBlocks`). */
function groundAt(
  terrain: TerrainIndex,
  a: TablePoint,
  b: TablePoint,
  zA: number,
  dz: number,
  highest: number,
  grounds: readonly IndexedFeature[],
  t: number,
): boolean {
  if (t <= 1e-6 || t >= 1 - 1e-6) return false;
  const z = zA + dz * t;
  if (z >= highest - 1e-9) return false;
  return terrain.groundAbove(grounds, lerpPoint(a, b, t), z);
}

/** The ground-shaping features a yes/no line meets, by their number in `terrain.sight`. */
let shapingScratch = new Int32Array(64);
/** Spans of a line in one polygon, t0 and t1 in turn. */
let spanScratch = new Float64Array(64);
/** Ground-shaping features with a span on the current yes/no line, in order (scratch). */
const grounds: IndexedFeature[] = [];
/** Where the ground profile along the current yes/no line may bend (scratch). */
let breakScratch = new Float64Array(256);

/** Adds two breaks after the first `count`; returns the new count. */
function pushBreaks(count: number, t0: number, t1: number): number {
  if (breakScratch.length < count + 2) {
    const grown = new Float64Array(breakScratch.length * 2);
    grown.set(breakScratch);
    breakScratch = grown;
  }
  breakScratch[count] = t0;
  breakScratch[count + 1] = t1;
  return count + 2;
}

/** Adds the ends of the spans of segment `a`–`b` inside `poly` as breaks; returns the new count. */
function polygonBreaks(a: TablePoint, b: TablePoint, poly: Polygon, count: number): number {
  if (spanScratch.length < 2 * (poly.length + 1))
    spanScratch = new Float64Array(2 * (poly.length + 1));
  const n = segmentInsidePolygonInto(a, b, poly, spanScratch);
  for (let m = 0; m < n; m++)
    count = pushBreaks(count, spanScratch[2 * m]!, spanScratch[2 * m + 1]!);
  return count;
}

/** Whether the `k`th box of `boxes` (`piecesBoxes`) lies wholly to one side of the given box. */
const outsideBox = (
  boxes: Float64Array,
  k: number,
  minX: number,
  minY: number,
  maxX: number,
  maxY: number,
): boolean =>
  boxes[4 * k + 2]! < minX ||
  boxes[4 * k]! > maxX ||
  boxes[4 * k + 3]! < minY ||
  boxes[4 * k + 1]! > maxY;

/** Spans of a line inside one piece (`obstructionsBlockSight`), kept for the next line. */
let pieceSpans: Float64Array = new Float64Array(64);

/**
 * The boxes of a list of pieces (minX, minY, maxX, maxY of each, in the list's order), by list:
 * a sight line reads one array instead of looking each outline's box up in a WeakMap by outline
 * (its inserts, one per hull of every new set of pieces, cost a hundredth of a village game). The
 * last list asked is kept in a slot, as a phase asks hundreds of lines against one list. Lists
 * are never changed (`obstructions` hands out one per set of pieces where they stand); one whose
 * length no longer matches is worked out again.
 */
const NO_BOXES = new Float64Array(0);
const listBoxes = new WeakMap<readonly Obstruction[], Float64Array>();
let lastList: readonly Obstruction[] | undefined;
let lastBoxes: Float64Array = new Float64Array(0);

function piecesBoxes(list: readonly Obstruction[]): Float64Array {
  if (list.length === 0) return NO_BOXES;
  if (list === lastList && lastBoxes.length === 4 * list.length) return lastBoxes;
  let boxes = listBoxes.get(list);
  if (boxes === undefined || boxes.length !== 4 * list.length) {
    boxes = new Float64Array(4 * list.length);
    for (let k = 0; k < list.length; k++) {
      const box = boxOf(list[k]!.polygon);
      boxes[4 * k] = box.minX;
      boxes[4 * k + 1] = box.minY;
      boxes[4 * k + 2] = box.maxX;
      boxes[4 * k + 3] = box.maxY;
    }
    listBoxes.set(list, boxes);
  }
  lastList = list;
  lastBoxes = boxes;
  return boxes;
}

function trenchAt(
  crossings: readonly { entry: IndexedFeature; spans: readonly Span[] }[],
  t: number,
): string | undefined {
  for (const c of crossings) {
    if (c.entry.footprint.type !== 'trench') continue;
    if (c.spans.some((s) => t >= s.t0 - 1e-6 && t <= s.t1 + 1e-6)) return c.entry.id;
  }
  return undefined;
}
