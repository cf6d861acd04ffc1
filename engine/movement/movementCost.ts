import { inGap, type Gap } from '../terrain/gaps';
import { featureLabel } from '../terrain/featureLabel';
import type { Feature, MobilityClass } from '../format';
import { pointInPolygon } from '../geometry/polygon';
import { distance, lerpPoint } from '../geometry/vector';
import type { TablePoint } from '../geometry/units';
import type { Crossing, IndexedFeature, TerrainIndex } from '../terrain/terrainIndex';
import { LineCuts } from '../terrain/segmentMemo';
import type { Span } from '../geometry/polygon';

export type { Gap };

/** How a unit moves: the classes features are tested against and its rates in inches per turn. */
export interface Mover {
  /** Every class the mover belongs to, e.g. ['tracked', 'tank', 'allVehicles', 'all']. */
  readonly classes: readonly MobilityClass[];
  readonly roadRate: number;
  readonly offRoadRate: number;
  /**
   * Wheeled rule: the road rate holds only when the whole move stays on the road; any move that
   * leaves or joins the road uses the off-road rate throughout.
   */
  readonly roadRateOnlyIfAllOnRoad: boolean;
  /** Rule cited for the road rate switch. */
  readonly roadRuleId: string;
  /** A man jumps a water gap no wider than `max` inches where he could not ford it. */
  readonly jump?: { readonly max: number; readonly ruleId: string } | undefined;
}

/** One cost or ban met along a path. */
export interface MoveCharge {
  readonly featureId: string;
  readonly kind: Feature['kind'] | 'distance';
  /** Share of the turn's allowance it costs. */
  readonly cost: number;
  readonly ruleId: string;
}

/** The cost of a path: legal or not, and every charge that makes it up. */
export interface PathCost {
  readonly legal: boolean;
  /** Total share of one turn's allowance (1 = a full move). */
  readonly cost: number;
  readonly inches: number;
  /** The rate used, in inches per turn. */
  readonly rate: number;
  readonly allOnRoad: boolean;
  readonly charges: readonly MoveCharge[];
  /** Why the path is illegal: the feature and rule that stop it. */
  readonly blockedBy?:
    | {
        readonly featureId: string;
        readonly ruleId: string;
        readonly reason: string;
      }
    | undefined;
}

/** Whether the mover belongs to a class of `list` (a loop: it runs for every feature crossed). */
function has(mover: Mover, list: readonly MobilityClass[] | undefined): boolean {
  if (list === undefined) return false;
  const classes = mover.classes;
  for (let i = 0; i < list.length; i++) if (classes.includes(list[i]!)) return true;
  return false;
}

/** The summed length of spans, as a share of the segment. */
function spansLength(spans: readonly Span[]): number {
  let sum = 0;
  for (let i = 0; i < spans.length; i++) sum += spans[i]!.t1 - spans[i]!.t0;
  return sum;
}

/**
 * The cost of moving along a path of straight legs over the terrain. Distance costs inches over
 * the rate; features add their entry or crossing cost once per path (a wall climbed, bushes
 * entered, a ford), and features impassable to the mover make the path illegal.
 */
export function pathCost(
  terrain: TerrainIndex,
  mover: Mover,
  path: readonly TablePoint[],
  gaps: readonly Gap[] = [],
): PathCost {
  return costOfPath(terrain, mover, path, gaps, (a, b) => terrain.crossings(a, b));
}

/**
 * The cost of going straight from `from` to each point of the segment `from`–`to`, by the share
 * `t` of the way (0 to 1): `pathCost` of [from, that point] as a share of a turn's allowance, NaN
 * where that path is barred, from one terrain query of the whole segment whose spans are cut at
 * `t`. A bot looking for how far it gets along a line asks this a dozen times per line, and each
 * ask would otherwise search the terrain again. Without gaps the answers are remembered (as
 * numbers): four in five asks in a village game are the same mover, line and cut again.
 */
export function segmentCoster(
  terrain: TerrainIndex,
  mover: Mover,
  from: TablePoint,
  to: TablePoint,
  gaps: readonly Gap[] = [],
): (t: number) => number {
  let whole: readonly Crossing[] | undefined;
  const costAt = (t: number) => {
    whole ??= terrain.crossings(from, to);
    const all = whole;
    const c = costOfPath(
      terrain,
      mover,
      [from, lerpPoint(from, to, t)],
      gaps,
      () => (t >= 1 ? all : crossingsUpTo(all, t)),
      true,
    );
    return c.legal ? c.cost : NaN;
  };
  if (gaps.length > 0) return costAt;
  // The line's row of remembered cuts, found once for all the cuts asked of it.
  const cuts = rememberedCuts(terrain, mover);
  if (cuts.lines >= LINES_KEPT) cuts.clear();
  let generation = cuts.generation;
  let row = cuts.row(from.x, from.y, to.x, to.y);
  return (t) => {
    if (generation !== cuts.generation) {
      // Another line's ask started the memo again since this row was found.
      generation = cuts.generation;
      row = cuts.row(from.x, from.y, to.x, to.y);
    }
    const hit = cuts.get(row, t);
    if (hit !== undefined) return hit;
    const cost = costAt(t);
    cuts.set(row, t, cost);
    return cost;
  };
}

/**
 * `segmentCoster`'s answers without gaps, by terrain, then mover (a key made of every mover field
 * `costOfPath` reads), then segment (its ends' four numbers) and cut.
 */
const costMemo = new WeakMap<TerrainIndex, Map<string, LineCuts>>();
/**
 * Lines whose cuts are kept per mover before its memo starts again (2 MB): a lab thread's games
 * ask many of each other's lines.
 */
const LINES_KEPT = 8_192;

/** Mover keys by mover object: movers never change, and a ruleset hands out the same ones. */
const moverKeys = new WeakMap<Mover, string>();

function moverKey(mover: Mover): string {
  let key = moverKeys.get(mover);
  if (key === undefined) {
    key = `${mover.classes.join(',')}|${mover.roadRate}|${mover.offRoadRate}|${mover.roadRateOnlyIfAllOnRoad}|${mover.roadRuleId}|${mover.jump?.max ?? ''}`;
    moverKeys.set(mover, key);
  }
  return key;
}

function rememberedCuts(terrain: TerrainIndex, mover: Mover): LineCuts {
  let byMover = costMemo.get(terrain);
  if (!byMover) {
    byMover = new Map();
    costMemo.set(terrain, byMover);
  }
  const key = moverKey(mover);
  let cuts = byMover.get(key);
  if (!cuts) {
    cuts = new LineCuts();
    byMover.set(key, cuts);
  }
  return cuts;
}

/** How far, as a share of the whole line, a wall's crossing may lie past the cut. */
const POINT_SLACK = 1e-12;

/** A crossing and its spans as `crossingsUpTo` reuses them. */
interface CutCrossing {
  entry: IndexedFeature;
  readonly spans: { t0: number; t1: number }[];
}

/**
 * `crossingsUpTo`'s answer, made again on every call from the same objects: `costOfPath` reads
 * it and keeps none of it (a charge keeps the feature, not the crossing), and nothing it calls
 * asks for another cut. New lists and spans for every cut were a tenth of what a village game
 * allocated.
 */
const cut: CutCrossing[] = [];
const cutSpans: { t0: number; t1: number }[] = [];
let cutSpansUsed = 0;
/** The crossings of the last cut: the first of `cut`. */
const cutOut: CutCrossing[] = [];

function cutSpan(t0: number, t1: number): { t0: number; t1: number } {
  let s = cutSpans[cutSpansUsed];
  if (s === undefined) cutSpans.push((s = { t0, t1 }));
  else {
    s.t0 = t0;
    s.t1 = t1;
  }
  cutSpansUsed++;
  return s;
}

/**
 * The crossings of a segment's first part, up to `t`, with spans measured along that part. The
 * answer is good until the next call (see `cut`).
 */
function crossingsUpTo(whole: readonly Crossing[], t: number): readonly Crossing[] {
  cutSpansUsed = 0;
  let n = 0;
  for (let i = 0; i < whole.length; i++) {
    const c = whole[i]!;
    let crossing = cut[n];
    if (crossing === undefined) cut.push((crossing = { entry: c.entry, spans: [] }));
    // Written by index and cut to length once: a list emptied with `length = 0` lets its store
    // go, and the next push makes a new one.
    const spans = crossing.spans;
    let m = 0;
    for (let j = 0; j < c.spans.length; j++) {
      const s = c.spans[j]!;
      if (s.t1 === s.t0) {
        // A wall is met at a point (a span of no length), counted at the cut too, as a segment
        // ending on the wall meets it; worked out along the whole line, that point may lie a
        // rounding error beyond the cut.
        if (s.t0 > t + POINT_SLACK) continue;
        const at = Math.min(t, s.t0) / t;
        spans[m++] = cutSpan(at, at);
        continue;
      }
      if (s.t0 > t) continue;
      const end = Math.min(s.t1, t);
      // An area's span that only touches the cut is not inside the part, as
      // segmentInsidePolygon would not count it either.
      if (end - s.t0 < 1e-12) continue;
      spans[m++] = cutSpan(s.t0 / t, end / t);
    }
    if (m > 0) {
      if (spans.length !== m) spans.length = m;
      crossing.entry = c.entry;
      cutOut[n++] = crossing;
    }
  }
  if (n === 0) return NO_CROSSINGS;
  if (cutOut.length !== n) cutOut.length = n;
  return cutOut;
}

const NO_CROSSINGS: readonly Crossing[] = [];

function costOfPath(
  terrain: TerrainIndex,
  mover: Mover,
  path: readonly TablePoint[],
  gaps: readonly Gap[],
  crossingsOf: (a: TablePoint, b: TablePoint) => readonly Crossing[],
  /**
   * Only `legal` and `cost` are read: the answer's `charges` are left empty rather than listed
   * (a bot's cuts along a line ask thousands of times a game).
   */
  costOnly = false,
): PathCost {
  let inches = 0;
  let allOnRoad = true;
  const charges: MoveCharge[] = [];
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1]!;
    const b = path[i]!;
    const leg = distance(a, b);
    inches += leg;
    if (leg === 0) continue;
    if (b.x < 0 || b.y < 0 || b.x > terrain.width || b.y > terrain.height) {
      return blockedCost(inches, charges, 'table-edge', 'TP-1.1', 'the path leaves the table');
    }
    const crossings = crossingsOf(a, b);
    let roadCover = 0;
    for (const { entry, spans } of crossings) {
      const f = entry.feature;
      switch (f.kind) {
        case 'road':
          roadCover = Math.max(roadCover, spansLength(spans));
          break;
        case 'creek': {
          // Where the bed is crossed on a bridge deck or the catwalk, there is no ford.
          // Both ends of each stretch over the bed too: a leg that starts on a deck and steps
          // off its side ends in the water, though the stretch's middle is on the deck.
          // Tested point by point, in order, until one is off the deck (most paths meet the
          // creek where there is no deck: the first point settles it).
          let allOnDeck = true;
          for (let k = 0; k < spans.length && allOnDeck; k++) {
            const s = spans[k]!;
            const e = Math.min(DECK_EDGE / Math.max(leg, 1e-9), (s.t1 - s.t0) / 2);
            allOnDeck =
              onDeck(terrain, s.t0 <= 1e-9 ? a : lerpPoint(a, b, s.t0 + e), mover) &&
              onDeck(terrain, lerpPoint(a, b, (s.t0 + s.t1) / 2), mover) &&
              onDeck(terrain, s.t1 >= 1 - 1e-9 ? b : lerpPoint(a, b, s.t1 - e), mover);
          }
          if (allOnDeck) break;
          if (!fords(entry, mover)) {
            // A mover standing in water it may not ford (thrown clear of a wreck that was
            // fording, say) wades out of it: the path's first leg starts in the water and ends on
            // dry ground or a deck, for the ford's cost. It may not go back into the water.
            if (
              i === 1 &&
              spans.length === 1 &&
              spans[0]!.t0 <= 1e-9 &&
              !inUnfordableWater(terrain, b, mover) &&
              inUnfordableWater(terrain, a, mover)
            ) {
              addCharge(charges, entry, f.fordCost ?? entry.rules.moveCost);
              break;
            }
            // Narrow enough to jump across where the path meets it (TP-5.8): the leg must take
            // off and land on dry ground, never stop in the water.
            const widest = Math.max(...spans.map((s) => (s.t1 - s.t0) * leg));
            const overWater = spans.every((s) => s.t0 > 1e-6 && s.t1 < 1 - 1e-6);
            if (mover.jump && overWater && widest <= mover.jump.max + 1e-9) break;
            return blockedCost(
              inches,
              charges,
              entry.id,
              entry.rules.moveRuleId,
              `cannot ford ${name(f, terrain)}`,
            );
          }
          addCharge(charges, entry, f.fordCost ?? entry.rules.moveCost);
          break;
        }
        case 'bridge':
        case 'catwalk':
          if (f.passableBy && !has(mover, f.passableBy) && spansLength(spans) > 0) {
            return blockedCost(
              inches,
              charges,
              entry.id,
              entry.rules.moveRuleId,
              `${name(f, terrain)} is not open to this mover`,
            );
          }
          if (has(mover, entry.rules.impassableTo) && !f.passableBy) {
            return blockedCost(
              inches,
              charges,
              entry.id,
              entry.rules.moveRuleId,
              `${name(f, terrain)} is not open to this mover`,
            );
          }
          break;
        case 'ground':
        case 'gully':
          break;
        case 'building':
        case 'bushes':
        case 'woods':
        case 'forest':
        case 'obstacle':
        case 'bunker':
        case 'wreck':
        case 'wall':
        case 'fence':
        case 'hedge':
        case 'tree': {
          if (f.kind === 'tree') break;
          if (
            entry.footprint.type === 'line' &&
            spans.every((sp) => inGap(gaps, entry.id, lerpPoint(a, b, sp.t0)))
          )
            break;
          if (has(mover, entry.rules.impassableTo)) {
            return blockedCost(
              inches,
              charges,
              entry.id,
              entry.rules.moveRuleId,
              `${name(f, terrain)} stops this mover`,
            );
          }
          const fp = entry.footprint;
          const entering = fp.type !== 'area' || !fp.polygons.some((p) => pointInPolygon(a, p));
          if (entering && entry.rules.moveCost > 0) addCharge(charges, entry, entry.rules.moveCost);
          break;
        }
      }
    }
    if (roadCover < 1 - 1e-6) allOnRoad = false;
  }
  const rate = mover.roadRateOnlyIfAllOnRoad
    ? allOnRoad
      ? mover.roadRate
      : mover.offRoadRate
    : Math.max(mover.roadRate, mover.offRoadRate);
  const distanceCost = rate > 0 ? inches / rate : inches > 0 ? Infinity : 0;
  if (costOnly) {
    // Summed in the same order as below, so the same number.
    let cost = 0 + distanceCost;
    for (const c of charges) cost += c.cost;
    return {
      legal: true,
      cost,
      inches,
      rate,
      allOnRoad,
      charges: NO_CHARGES,
      blockedBy: undefined,
    };
  }
  const all: MoveCharge[] = [
    { featureId: '', kind: 'distance', cost: distanceCost, ruleId: mover.roadRuleId },
  ];
  // Summed in the charges' order, as before.
  let cost = 0 + distanceCost;
  for (const c of charges) {
    all.push(c);
    cost += c.cost;
  }
  // Every answer has every key, in one order (one V8 shape for legal and blocked answers).
  return { legal: true, cost, inches, rate, allOnRoad, charges: all, blockedBy: undefined };
}

const NO_CHARGES: readonly MoveCharge[] = [];

/** Adds a feature's entry or crossing cost, once per path. */
function addCharge(charges: MoveCharge[], entry: IndexedFeature, cost: number): void {
  if (cost <= 0) return;
  for (const c of charges) if (c.featureId === entry.id) return;
  charges.push({
    featureId: entry.id,
    kind: entry.feature.kind,
    cost,
    ruleId: entry.rules.moveRuleId,
  });
}

/** The answer for a path that may not be taken: the feature and rule that stop it. */
function blockedCost(
  inches: number,
  charges: readonly MoveCharge[],
  featureId: string,
  ruleId: string,
  reason: string,
): PathCost {
  return {
    legal: false,
    cost: Infinity,
    inches,
    rate: 0,
    allOnRoad: false,
    charges,
    blockedBy: { featureId, ruleId, reason },
  };
}

const DECKS: readonly Feature['kind'][] = ['bridge', 'catwalk'];

/**
 * Whether a mover at `p` would stand in water it may not ford: inside a creek it cannot ford,
 * off any bridge deck or catwalk open to it. Nobody should be put there (a man getting out of a
 * carrier that is fording, say); one who is wades out (`pathCost`'s first leg).
 */
export function inUnfordableWater(terrain: TerrainIndex, p: TablePoint, mover: Mover): boolean {
  const wet = terrain.someOfKindsAt(p, CREEKS, (e) => !fords(e, mover));
  return wet && !onDeck(terrain, p, mover);
}

/** Whether a mover may ford a creek: the classes it names, else any its rules do not bar. */
function fords(e: IndexedFeature, mover: Mover): boolean {
  const f = e.feature;
  if (f.kind !== 'creek') return false;
  return f.fordableBy ? has(mover, f.fordableBy) : !has(mover, e.rules.impassableTo);
}

const CREEKS: readonly Feature['kind'][] = ['creek'];
/** How far inside a stretch over a creek bed its ends are tested for a deck, in inches. */
const DECK_EDGE = 0.02;

function onDeck(terrain: TerrainIndex, p: TablePoint, mover: Mover): boolean {
  return terrain.someOfKindsAt(
    p,
    DECKS,
    (e) =>
      (e.feature.kind === 'bridge' || e.feature.kind === 'catwalk') &&
      (!e.feature.passableBy || e.feature.passableBy.some((c) => mover.classes.includes(c))),
  );
}

/** The map's features in order, per terrain index, for numbering unnamed ones in messages. */
const mapFeatures = new WeakMap<TerrainIndex, readonly Feature[]>();

/** A feature as a message names it: its name, else its kind and number ("building 3"). */
function name(f: Feature, terrain: TerrainIndex): string {
  let all = mapFeatures.get(terrain);
  if (!all) {
    all = terrain.entries.map((e) => e.feature);
    mapFeatures.set(terrain, all);
  }
  return featureLabel(f, all);
}
