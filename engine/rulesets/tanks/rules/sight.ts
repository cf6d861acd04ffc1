import { pointInPolygon, type Box, type Polygon } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { TanksContext } from './context';
import { info } from './context';
import {
  centroid,
  discPolygonOverlap,
  footprintsOverlap,
  insideSpans,
  outlineSamples,
  polygonsOverlap,
  type Footprint,
} from './geometry';
import {
  eyeOf,
  footprint,
  footprintBox,
  hasKeyword,
  inPlay,
  moverOf,
  outline,
  stemOf,
} from './models';
import type { ModelState, TanksState } from './state';
import { pieceOf, type Mover, type TerrainPiece } from './terrain';
import { placedTerrain } from './terrainPlacement';

/**
 * Line of sight and cover (TK-5). A line is drawn from where the shooter sees (turret, hull front
 * or stem) to the target; terrain blocks by the catalog's rules for the shooter's kind (forests
 * only when the line goes in and out again, TK-A7), other tanks block tanks (TK-5.5, TK-A5),
 * high-flying helicopters see and are seen by all (TK-5.4). The terrain a shooter stands in is
 * ignored (TK-5.10, read as TK-A6). Cover: a tank is in cover when three of its four hull corners cannot be seen
 * clearly (TK-5.8), a helicopter when the line to its stem is not clear (TK-5.9).
 */

const EPS = 1e-6;

/** Something a line meets. */
export interface LineHit {
  readonly id: string;
  readonly name: string;
  /** What it is: a terrain type name, or "tank". */
  readonly kind: string;
  /** Inches from the line's start to where it meets it. */
  readonly at: number;
  readonly outline: readonly TablePoint[];
}

/** One line checked: does it pass, and if not, what stops it; what it passes through. */
export interface LineCheck {
  readonly from: TablePoint;
  readonly to: TablePoint;
  /** The first thing that blocks sight along it, if any. */
  readonly blockedBy: LineHit | undefined;
  /** The first concealing or blocking terrain it passes through (what gives cover). */
  readonly concealedBy: LineHit | undefined;
  readonly crossed: readonly string[];
}

export interface CornerLine {
  readonly corner: TablePoint;
  readonly clear: boolean;
  readonly by: string | undefined;
}

export interface SightResult {
  readonly visible: boolean;
  /** The rule that decides it. */
  readonly ruleId: string;
  /** Where the shooter sees from, in words. */
  readonly eyeFrom: string;
  readonly from: TablePoint;
  /** The point of the target the drawn line goes to. */
  readonly to: TablePoint;
  readonly blockedBy: (LineHit & { readonly ruleId: string }) | undefined;
  /** No sight check at all: a high-flying helicopter is at one end (TK-5.4). */
  readonly highFlyer: boolean;
  readonly cover: boolean;
  readonly coverRuleId: string;
  /** Why it has cover or not, in words. */
  readonly coverText: string;
  /** Tank targets: the line to each hull corner (TK-5.8). */
  readonly corners: readonly CornerLine[];
  /** Helicopter targets: the line to the stem (TK-5.9). */
  readonly stemLine: LineCheck | undefined;
  /** Terrain the shooter stands in and ignores (TK-A6). */
  readonly ignored: readonly string[];
  readonly crossed: readonly string[];
}

/**
 * Terrain on the table now: the map's pieces, those the players have placed (TK-2.2) and the
 * markers of destroyed tanks (TK-7). The same list while neither changes: sight, cover and every
 * move the bot weighs read it many times in a row, so the last answer is kept per context and
 * reused while the placed pieces and the wrecks (which model, where, which way) are the same.
 */
export function terrainNow(ctx: TanksContext, state: TanksState): readonly TerrainPiece[] {
  const placed = placedTerrain(ctx, state);
  const wrecks: ModelState[] = [];
  for (const id in state.models) {
    const m = state.models[id]!;
    if (m.status === 'destroyed' && m.at) wrecks.push(m);
  }
  const last = TERRAIN_NOW.get(ctx);
  if (last && sameTerrain(last, placed, wrecks)) return last.pieces;
  const out = [...ctx.terrain.pieces, ...placed];
  for (const m of wrecks) {
    const f = footprint(ctx, m);
    out.push(pieceOf(`wreck:${m.id}`, `wreck of ${info(ctx, m.id).name}`, ctx.wreck, outline(f)));
  }
  TERRAIN_NOW.set(ctx, {
    placed,
    wrecks: wrecks.map((m) => ({ id: m.id, x: m.at![0], y: m.at![1], facing: m.facing })),
    pieces: out,
  });
  return out;
}

/** The last terrain worked out for a context, and what it was worked out from. */
interface TerrainMemo {
  readonly placed: readonly TerrainPiece[];
  readonly wrecks: readonly { id: string; x: number; y: number; facing: number }[];
  readonly pieces: readonly TerrainPiece[];
}
const TERRAIN_NOW = new WeakMap<TanksContext, TerrainMemo>();

function sameTerrain(
  memo: TerrainMemo,
  placed: readonly TerrainPiece[],
  wrecks: readonly ModelState[],
): boolean {
  // placedTerrain gives the same array for the same placing; an empty one may be new each time.
  if (memo.placed !== placed && (memo.placed.length > 0 || placed.length > 0)) return false;
  if (memo.wrecks.length !== wrecks.length) return false;
  for (let i = 0; i < wrecks.length; i++) {
    const w = memo.wrecks[i]!;
    const m = wrecks[i]!;
    if (w.id !== m.id || w.x !== m.at![0] || w.y !== m.at![1] || w.facing !== m.facing)
      return false;
  }
  return true;
}

function overlapsFootprint(piece: TerrainPiece, f: Footprint): boolean {
  const b = piece.box;
  if (f.shape === 'disc') {
    const c = f.centre;
    const r = f.radius;
    if (b.maxX < c.x - r || b.minX > c.x + r || b.maxY < c.y - r || b.minY > c.y + r) return false;
  } else {
    let minX = Infinity;
    let maxX = -Infinity;
    let minY = Infinity;
    let maxY = -Infinity;
    for (const p of f.corners) {
      minX = Math.min(minX, p.x);
      maxX = Math.max(maxX, p.x);
      minY = Math.min(minY, p.y);
      maxY = Math.max(maxY, p.y);
    }
    if (b.maxX < minX || b.minX > maxX || b.maxY < minY || b.minY > maxY) return false;
  }
  return f.shape === 'hull'
    ? polygonsOverlap(f.corners, piece.polygon)
    : discPolygonOverlap(f.centre, f.radius, piece.polygon);
}

/** The parameter where a line from inside a footprint leaves it. */
function exitOf(from: TablePoint, to: TablePoint, f: Footprint): number {
  const poly: Polygon = f.shape === 'hull' ? f.corners : outline(f);
  const spans = insideSpans(from, to, poly);
  return spans.length && spans[0]!.t0 < EPS ? spans[0]!.t1 : 0;
}

interface LineSetup {
  readonly shooter: ModelState;
  readonly target: ModelState;
  readonly shooterMover: Mover;
  readonly pieces: readonly TerrainPiece[];
  /** Pieces ignored whole (TK-A6 'piece'). */
  readonly ignoredPieces: ReadonlySet<string>;
  /** Under 'footprint': the part of each line inside the shooter's own footprint is ignored. */
  readonly footprintOnly: boolean;
  readonly shooterPrint: Footprint;
  /** Tanks whose hulls block this line of sight. */
  readonly blockingModels: readonly { id: string; name: string; corners: Polygon; box: Box }[];
  readonly forestTouched: boolean;
  /** Say in words what each line crosses (off for `brief` checks, which only need the answer). */
  readonly explain: boolean;
}

/** How much of a sight check to work out. */
export interface SightOptions {
  /**
   * Only what a shot needs: whether the target can be seen and, when it can, its cover. No words
   * for what each line crosses, and no cover lines to a target out of sight (the bot weighs
   * thousands of shots a turn and throws the refused ones away). Whether it is visible and its
   * cover are the same as a full check's.
   */
  readonly brief?: boolean;
}

function setup(
  ctx: TanksContext,
  state: TanksState,
  shooter: ModelState,
  target: ModelState,
  explain: boolean,
): LineSetup {
  const all = terrainNow(ctx, state);
  const own = `:${shooter.id}`;
  const pieces = all.some((p) => p.id.endsWith(own)) ? all.filter((p) => !p.id.endsWith(own)) : all;
  const shooterPrint = footprint(ctx, shooter);
  const mode = ctx.rules.options.str('TK-A6');
  const ignoredPieces =
    mode === 'piece' ? standingIn(all, pieces, shooter, shooterPrint) : NO_PIECES;
  const shooterMover = moverOf(ctx, shooter);
  const blockingModels: { id: string; name: string; corners: Polygon; box: Box }[] = [];
  const tanksBlock =
    (shooterMover === 'tank' && !hasKeyword(ctx, state, shooter.id, 'Artillery')) ||
    (shooterMover === 'lowHelicopter' && ctx.rules.options.bool('TK-A5'));
  if (tanksBlock) {
    for (const id in state.models) {
      const m = state.models[id]!;
      if (m.id === shooter.id || m.id === target.id || !inPlay(m)) continue;
      if (info(ctx, m.id).card.kind !== 'tank') continue;
      const f = footprint(ctx, m);
      if (f.shape === 'hull')
        blockingModels.push({
          id: m.id,
          name: info(ctx, m.id).name,
          corners: f.corners,
          box: footprintBox(ctx, m),
        });
    }
  }
  return {
    shooter,
    target,
    shooterMover,
    pieces,
    ignoredPieces,
    footprintOnly: mode === 'footprint',
    shooterPrint,
    blockingModels,
    forestTouched: ctx.rules.options.str('TK-A7') === 'touched',
    explain,
  };
}

const NO_PIECES: ReadonlySet<string> = new Set();

/**
 * The pieces a shooter stands in (TK-A6 'piece'), kept for the terrain and the model state they
 * were worked out for: a model is asked about from the same place for every target and weapon.
 */
function standingIn(
  terrain: readonly TerrainPiece[],
  pieces: readonly TerrainPiece[],
  shooter: ModelState,
  print: Footprint,
): ReadonlySet<string> {
  let byModel = STANDING_IN.get(terrain);
  if (!byModel) STANDING_IN.set(terrain, (byModel = new WeakMap()));
  const known = byModel.get(shooter);
  if (known) return known;
  const inside = new Set<string>();
  for (const p of pieces) if (overlapsFootprint(p, print)) inside.add(p.id);
  byModel.set(shooter, inside);
  return inside;
}
const STANDING_IN = new WeakMap<
  readonly TerrainPiece[],
  WeakMap<ModelState, ReadonlySet<string>>
>();

/** Checks one line against terrain and models. */
function checkLine(s: LineSetup, from: TablePoint, to: TablePoint, noBlocking: boolean): LineCheck {
  const len = Math.hypot(to.x - from.x, to.y - from.y);
  const start = s.footprintOnly ? exitOf(from, to, s.shooterPrint) : 0;
  let blocked: LineHit | undefined;
  let concealed: LineHit | undefined;
  const crossed: string[] = [];
  const minX = Math.min(from.x, to.x);
  const maxX = Math.max(from.x, to.x);
  const minY = Math.min(from.y, to.y);
  const maxY = Math.max(from.y, to.y);
  for (const p of s.pieces) {
    if (s.ignoredPieces.has(p.id)) continue;
    if (p.box.maxX < minX || p.box.minX > maxX || p.box.maxY < minY || p.box.minY > maxY) continue;
    // The spans inside the piece, each from past the shooter's own footprint; only their first
    // start and whether one ends inside or goes through count.
    let first = -1;
    let endsInside = false;
    let through = false;
    for (const sp of insideSpans(from, to, p.polygon)) {
      const t0 = Math.max(sp.t0, start);
      if (sp.t1 - t0 <= EPS) continue;
      if (first < 0) first = t0;
      if (sp.t1 > 1 - EPS) endsInside = true;
      if (sp.t1 < 1 - EPS) through = true;
    }
    if (first < 0) continue;
    const at = first * len;
    const blocksKind = !noBlocking && p.blocksSightFor.has(s.shooterMover);
    // A forest stops a line that goes in and out again; one that ends inside it only conceals.
    const blocks = blocksKind && (p.blocksOnlyWhenCrossed && !s.forestTouched ? through : true);
    const conceals = p.concealing || p.blocksSightFor.size > 0;
    if ((blocks && (!blocked || at < blocked.at)) || !concealed || at < concealed.at) {
      const hit: LineHit = { id: p.id, name: p.name, kind: p.typeName, at, outline: p.polygon };
      if (blocks && (!blocked || at < blocked.at)) blocked = hit;
      if ((blocks || conceals) && (!concealed || at < concealed.at)) concealed = hit;
    }
    if (s.explain)
      crossed.push(
        `${p.name} (${p.typeName}): ${blocks ? 'blocks' : conceals ? 'conceals' : 'no effect'}${endsInside && !through ? ', the line ends inside it' : ''}`,
      );
  }
  for (const m of s.blockingModels) {
    if (m.box.maxX < minX || m.box.minX > maxX || m.box.maxY < minY || m.box.minY > maxY) continue;
    const spans = insideSpans(from, to, m.corners).filter(
      (sp) => sp.t1 - Math.max(sp.t0, start) > EPS,
    );
    if (spans.length === 0) continue;
    const at = Math.max(spans[0]!.t0, start) * len;
    const hit: LineHit = { id: m.id, name: m.name, kind: 'tank', at, outline: m.corners };
    // Tanks are blocking terrain to other tanks (TK-5.5), for sight and for cover alike.
    if (!noBlocking && (!blocked || at < blocked.at)) blocked = hit;
    if (!concealed || at < concealed.at) concealed = hit;
    if (s.explain) crossed.push(`${m.name} (tank): ${noBlocking ? 'conceals' : 'blocks'}`);
  }
  return { from, to, blockedBy: blocked, concealedBy: concealed, crossed };
}

/**
 * Points of the target a line of sight may reach: its hull or base (TK-5.2). The same points for
 * the same model state, so they are worked out once for each.
 */
function targetPoints(ctx: TanksContext, target: ModelState): readonly TablePoint[] {
  let byModel = TARGET_POINTS.get(ctx);
  if (!byModel) TARGET_POINTS.set(ctx, (byModel = new WeakMap()));
  const known = byModel.get(target);
  if (known) return known;
  const f = footprint(ctx, target);
  const centre = f.shape === 'hull' ? centroid(f.corners) : f.centre;
  const points = [centre, ...outlineSamples(outline(f), f.shape === 'hull' ? 4 : 1)];
  byModel.set(target, points);
  return points;
}
const TARGET_POINTS = new WeakMap<TanksContext, WeakMap<ModelState, readonly TablePoint[]>>();

/**
 * Whether a line is stopped (`blocks`) or, for cover, passes anything that blocks or conceals
 * (`conceals`), as `checkLine` would find, without naming it: the first piece or tank that does is
 * enough. `pieces` are the setup's pieces near the line's end points, the ignored ones left out.
 */
function lineMeets(
  s: LineSetup,
  pieces: readonly TerrainPiece[],
  from: TablePoint,
  to: TablePoint,
  what: 'blocks' | 'conceals',
): boolean {
  const start = s.footprintOnly ? exitOf(from, to, s.shooterPrint) : 0;
  const minX = Math.min(from.x, to.x);
  const maxX = Math.max(from.x, to.x);
  const minY = Math.min(from.y, to.y);
  const maxY = Math.max(from.y, to.y);
  for (const p of pieces) {
    // A piece that blocks sight for the shooter's kind also conceals (blocksSightFor is not empty).
    if (what === 'blocks' ? !p.blocksSightFor.has(s.shooterMover) : !conceals(p)) continue;
    if (p.box.maxX < minX || p.box.minX > maxX || p.box.maxY < minY || p.box.minY > maxY) continue;
    let inside = false;
    let through = false;
    for (const sp of insideSpans(from, to, p.polygon)) {
      if (sp.t1 - Math.max(sp.t0, start) <= EPS) continue;
      inside = true;
      if (sp.t1 < 1 - EPS) through = true;
    }
    if (!inside) continue;
    if (what === 'conceals' || !p.blocksOnlyWhenCrossed || s.forestTouched || through) return true;
  }
  for (const m of s.blockingModels) {
    if (m.box.maxX < minX || m.box.minX > maxX || m.box.maxY < minY || m.box.minY > maxY) continue;
    for (const sp of insideSpans(from, to, m.corners))
      if (sp.t1 - Math.max(sp.t0, start) > EPS) return true;
  }
  return false;
}

const conceals = (p: TerrainPiece): boolean => p.concealing || p.blocksSightFor.size > 0;

/**
 * `sightBetween` briefly (`SightOptions.brief`): whether the target can be seen and, when it can,
 * whether it is in cover, by the same lines; nothing in words, no corner lines, nothing named.
 */
function briefSight(
  ctx: TanksContext,
  state: TanksState,
  shooter: ModelState,
  target: ModelState,
): SightResult {
  const s = setup(ctx, state, shooter, target, false);
  const eye = eyeOf(ctx, state, shooter);
  const highFlyer =
    s.shooterMover === 'highHelicopter' || moverOf(ctx, target) === 'highHelicopter';
  const points = targetPoints(ctx, target);
  const tf = footprint(ctx, target);
  // Every line runs from the eye to the target's footprint or a helicopter's stem.
  const tb = footprintBox(ctx, target);
  const stem = tf.shape === 'disc' ? stemOf(ctx, target) : eye.point;
  const minX = Math.min(eye.point.x, tb.minX, stem.x);
  const maxX = Math.max(eye.point.x, tb.maxX, stem.x);
  const minY = Math.min(eye.point.y, tb.minY, stem.y);
  const maxY = Math.max(eye.point.y, tb.maxY, stem.y);
  const near = s.pieces.filter(
    (p) =>
      !s.ignoredPieces.has(p.id) &&
      !(p.box.maxX < minX || p.box.minX > maxX || p.box.maxY < minY || p.box.minY > maxY),
  );
  let visible = highFlyer;
  let to = points[0]!;
  if (!highFlyer) {
    for (const p of points) {
      if (lineMeets(s, near, eye.point, p, 'blocks')) continue;
      visible = true;
      to = p;
      break;
    }
  }
  let cover = false;
  if (visible && tf.shape === 'hull') {
    // TK-5.8: in cover with at most two of the four corners clear.
    let hidden = 0;
    let clear = 0;
    for (const c of tf.corners) {
      if (lineMeets(s, near, eye.point, c, 'conceals')) hidden++;
      else clear++;
      if (hidden >= 2 || clear >= 3) break;
    }
    cover = hidden >= 2;
  } else if (visible) cover = lineMeets(s, near, eye.point, stem, 'conceals');
  return {
    visible,
    ruleId: highFlyer ? 'TK-5.4' : s.shooterMover === 'tank' ? 'TK-5.2' : 'TK-5.3',
    eyeFrom: eye.from,
    from: eye.point,
    to,
    blockedBy: undefined,
    highFlyer,
    cover,
    coverRuleId: tf.shape === 'hull' ? 'TK-5.8' : 'TK-5.9',
    coverText: !visible ? 'not worked out: out of sight' : cover ? 'in cover' : 'not in cover',
    corners: [],
    stemLine: undefined,
    ignored: [],
    crossed: [],
  };
}

/**
 * A quick test of where a model could see a target from: `(from) => whether a line from that
 * point reaches the target's centre or one of its corners (a helicopter's base: four points
 * round it)`, past terrain only (tanks in the way are left out, since they move), ignoring the
 * pieces `from` lies in as a shooter ignores what it stands in (TK-A6). What the bot's search for
 * firing positions asks many times a turn; the shot itself is judged by `sightBetween`.
 */
export function sightProbe(
  ctx: TanksContext,
  state: TanksState,
  shooter: ModelState,
  target: ModelState,
): (from: TablePoint) => boolean {
  const s: LineSetup = {
    ...setup(ctx, state, shooter, target, false),
    blockingModels: [],
    footprintOnly: false,
  };
  if (s.shooterMover === 'highHelicopter' || moverOf(ctx, target) === 'highHelicopter')
    return () => true;
  const all = targetPoints(ctx, target);
  const step = footprint(ctx, target).shape === 'hull' ? 4 : 6;
  const points = all.filter((_, i) => i === 0 || (i - 1) % step === 0);
  const pieces = s.pieces.filter((p) => p.blocksSightFor.has(s.shooterMover));
  return (from) => {
    const here = pieces.filter(
      (p) =>
        from.x < p.box.minX ||
        from.x > p.box.maxX ||
        from.y < p.box.minY ||
        from.y > p.box.maxY ||
        !pointInPolygon(from, p.polygon),
    );
    for (const p of points) if (!lineMeets(s, here, from, p, 'blocks')) return true;
    return false;
  };
}

/** Line of sight from one model to another, with cover, explained. */
export function sightBetween(
  ctx: TanksContext,
  state: TanksState,
  shooterId: string,
  targetId: string,
  options: SightOptions = {},
): SightResult {
  const brief = options.brief === true;
  const shooter = state.models[shooterId]!;
  const target = state.models[targetId]!;
  if (brief) return briefSight(ctx, state, shooter, target);
  const s = setup(ctx, state, shooter, target, true);
  const eye = eyeOf(ctx, state, shooter);
  const targetMover = moverOf(ctx, target);
  const highFlyer = s.shooterMover === 'highHelicopter' || targetMover === 'highHelicopter';
  const ignored =
    s.ignoredPieces.size === 0
      ? []
      : [...s.ignoredPieces].map((id) => s.pieces.find((p) => p.id === id)?.name ?? id);

  const points = targetPoints(ctx, target);
  let visible = true;
  let to = points[0]!;
  let blockedBy: SightResult['blockedBy'];
  let crossed: readonly string[] = [];
  const sightRule = s.shooterMover === 'tank' ? 'TK-5.2' : 'TK-5.3';
  if (highFlyer) {
    crossed = checkLine(s, eye.point, to, true).crossed;
  } else {
    visible = false;
    let firstBlocked: LineCheck | undefined;
    for (const p of points) {
      const line = checkLine(s, eye.point, p, false);
      if (!line.blockedBy) {
        visible = true;
        to = p;
        crossed = line.crossed;
        break;
      }
      firstBlocked ??= line;
    }
    if (!visible && firstBlocked) {
      to = firstBlocked.to;
      crossed = firstBlocked.crossed;
      const b = firstBlocked.blockedBy!;
      blockedBy = {
        ...b,
        ruleId: b.kind === 'tank' ? 'TK-5.5' : b.id.startsWith('wreck:') ? 'TK-7' : 'TK-5.5',
      };
    }
  }

  // Cover: corner lines for tanks, the stem line for helicopters.
  let corners: CornerLine[] = [];
  let stemLine: LineCheck | undefined;
  let cover: boolean;
  let coverText: string;
  let coverRuleId: string;
  const tf = footprint(ctx, target);
  if (tf.shape === 'hull') {
    corners = tf.corners.map((c) => {
      const line = checkLine(s, eye.point, c, false);
      return { corner: c, clear: !line.concealedBy, by: line.concealedBy?.name };
    });
    const clear = corners.filter((c) => c.clear).length;
    cover = clear <= 2;
    coverRuleId = 'TK-5.8';
    const by = [...new Set(corners.filter((c) => !c.clear).map((c) => c.by))].join(', ');
    coverText = cover
      ? `in cover: ${clear} of 4 hull corners clear${by ? ` (${by} in the way)` : ''}`
      : `not in cover: ${clear} of 4 hull corners clear`;
  } else {
    stemLine = checkLine(s, eye.point, stemOf(ctx, target), false);
    cover = !!stemLine.concealedBy;
    coverRuleId = 'TK-5.9';
    coverText = cover
      ? `in cover: the line to its stem passes ${stemLine.concealedBy!.name}`
      : 'not in cover: the line to its stem is clear';
  }
  return {
    visible,
    ruleId: highFlyer ? 'TK-5.4' : sightRule,
    eyeFrom: eye.from,
    from: eye.point,
    to,
    blockedBy,
    highFlyer,
    cover,
    coverRuleId,
    coverText,
    corners,
    stemLine,
    ignored,
    crossed,
  };
}

/** Whether two footprints would share area (used by moves and deployment). */
export { footprintsOverlap };

/** A point on the table as a table point. */
export const pt = (p: readonly [number, number]): TablePoint => tablePoint(p[0], p[1]);
