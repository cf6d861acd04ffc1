import type { Point, WeaponType } from '../../../format';
import { rectangleCorners } from '../../../geometry/polygon';
import { tablePoint, type TablePoint } from '../../../geometry/units';
import {
  lineOfSight,
  obstructionsBlockSight,
  terrainLetsSee,
  type Obstruction,
  type SightEnd,
  type SightResult,
} from '../../../los/lineOfSight';
import { distance } from '../../../geometry/vector';
import { constant, stat, unitType, weaponType } from './catalog';
import { hullSize, unitHeight, type TankplankContext, type UnitInfo } from './context';
import type { TankplankState, UnitState } from './state';
import { TANKPLANK_SIGHT_RULES } from './terrainRules';
import type { Gap } from '../../../terrain/gaps';

/** One end of a sight question: a unit (where it stands) or a point, at a height if given. */
export interface AskEnd {
  readonly unit?: string;
  readonly point: TablePoint;
  readonly height?: number;
}

/** Static facts about a unit; throws for an unknown id (callers check first). */
export function info(ctx: TankplankContext, state: TankplankState, id: string): UnitInfo {
  const i = ctx.units.get(id);
  if (i) return i;
  const u = state.units.get(id);
  if (!u) throw new Error(`no unit "${id}"`);
  // A figure created during play (a bailed-out crewman) takes its type from the catalog: made
  // once per context and id, and made again should the unit's facts differ.
  let made = playInfos.get(ctx);
  if (!made) playInfos.set(ctx, (made = new Map()));
  const known = made.get(id);
  if (
    known !== undefined &&
    known.unit.type === u.type &&
    known.side === u.side &&
    known.formation === u.formation &&
    known.role === u.role
  )
    return known;
  const fresh = playInfo(ctx, u);
  made.set(id, fresh);
  return fresh;
}

/** Facts of units created during play, by context and id (`info`). */
const playInfos = new WeakMap<TankplankContext, Map<string, UnitInfo>>();

function playInfo(ctx: TankplankContext, u: UnitState): UnitInfo {
  const type = unitType(ctx.catalog, u.type);
  const kind =
    type.class === 'gun'
      ? 'gun'
      : type.class === 'infantry' || type.class === 'team'
        ? 'figure'
        : 'vehicle';
  return {
    unit: { id: u.id, type: u.type },
    type,
    side: u.side,
    formation: u.formation,
    role: u.role,
    kind,
  };
}

/**
 * Ids of a state's vehicles and guns (every unit that is not a figure), on the table or not, in
 * the units record's order. Worked out once per key list of the record, which every state shares
 * until a unit is added: a new state's hulls are then read without looking at its hundred men.
 */
export function hullIds(ctx: TankplankContext, state: TankplankState): readonly string[] {
  let byKeys = hullIdsKnown.get(ctx);
  if (!byKeys) hullIdsKnown.set(ctx, (byKeys = new WeakMap()));
  const keys = state.units.ids();
  let ids = byKeys.get(keys);
  if (!ids) {
    ids = keys.filter((id) => info(ctx, state, id).kind !== 'figure');
    byKeys.set(keys, ids);
  }
  return ids;
}

const hullIdsKnown = new WeakMap<TankplankContext, WeakMap<readonly string[], readonly string[]>>();

/** Where a unit is: its own position, or its vehicle's while it rides. */
export function positionOf(state: TankplankState, id: string): TablePoint | undefined {
  const u = state.units.get(id);
  if (!u) return undefined;
  if (u.embarkedIn) return positionOf(state, u.embarkedIn);
  return u.at ? tablePoint(u.at[0], u.at[1]) : undefined;
}

/** Whether a unit is in play on the table (alive, placed, not riding). */
export function onTable(
  u: UnitState | undefined,
): u is UnitState & { at: readonly [number, number] } {
  return !!u && u.alive && u.at !== null && u.embarkedIn === null;
}

/** One weapon of a unit, where it is mounted and its arc. */
export interface WeaponMount {
  readonly weapon: WeaponType;
  readonly mount: string;
  readonly arcDeg: number | undefined;
}

/**
 * A unit's weapons: its type's, or the weapon its role carries when the type lists none. One list
 * per context and unit (its facts never change), shared by every caller: do not change it.
 */
export function weaponsOf(ctx: TankplankContext, unitInfo: UnitInfo): readonly WeaponMount[] {
  let byUnit = weaponLists.get(ctx);
  if (!byUnit) weaponLists.set(ctx, (byUnit = new WeakMap()));
  let list = byUnit.get(unitInfo);
  if (!list) byUnit.set(unitInfo, (list = listWeapons(ctx, unitInfo)));
  return list;
}

const weaponLists = new WeakMap<TankplankContext, WeakMap<UnitInfo, readonly WeaponMount[]>>();

function listWeapons(ctx: TankplankContext, unitInfo: UnitInfo): readonly WeaponMount[] {
  const mounts = unitInfo.type.weapons ?? [];
  if (mounts.length > 0) {
    return mounts.map((m) => ({
      weapon: weaponType(ctx.catalog, m.weapon),
      mount: m.mount ?? 'carried',
      arcDeg: m.arcDeg,
    }));
  }
  if (unitInfo.kind !== 'figure') return [];
  const w = ctx.roleWeapons.get(unitInfo.role ?? '') ?? 'tp.pistol';
  return [{ weapon: weaponType(ctx.catalog, w), mount: 'carried', arcDeg: undefined }];
}

/** Whether a weapon is served by a team (its figures share one weapon and its ammo). */
export function isTeamWeapon(w: WeaponType): boolean {
  return w.stats?.['weaponClass'] === 'crew';
}

/**
 * The key a weapon's set-up, ammo and "fired" marks are stored under. One string per unit's facts
 * and weapon (both never change): the records are read by it for every shot the bot plans, and a
 * key made afresh had to be looked up in V8's table of names each time.
 */
export function weaponKey(unitInfo: UnitInfo, w: WeaponType): string {
  let byWeapon = weaponKeys.get(unitInfo);
  if (!byWeapon) weaponKeys.set(unitInfo, (byWeapon = new WeakMap()));
  let key = byWeapon.get(w);
  if (key === undefined) {
    key =
      isTeamWeapon(w) && unitInfo.kind === 'figure'
        ? `${unitInfo.formation}:${w.id}`
        : `${unitInfo.unit.id}:${w.id}`;
    byWeapon.set(w, key);
  }
  return key;
}

const weaponKeys = new WeakMap<UnitInfo, WeakMap<WeaponType, string>>();

/** The sight world of each state (states never change). */
const worldOfState = new WeakMap<TankplankState, SightWorld>();

/**
 * What sight depends on besides the two ends, shared by every state where it is the same: the
 * vehicles and wrecks (one list object while none of them moves, appears or goes) and the sight
 * answers already worked out against that list. Within a Firing phase nothing moves, so every
 * shot of the phase reuses the lines the earlier shots and the bot's planning drew.
 */
interface SightWorld {
  readonly obstructions: Obstruction[];
  /** Answers by the state's breaches (`gaps`) and then by the two ends. */
  readonly answers: WeakMap<readonly Gap[], PairMap<SightResult>>;
  /**
   * Yes/no answers (`seesBetween`) where the full one was not needed and the map leaves the line
   * open (the vehicles' and wrecks' part), keyed the same way.
   */
  readonly yesNo: WeakMap<readonly Gap[], PairMap<boolean>>;
}

/**
 * The last few worlds of a context (newest last), each with the hulls on the table (in the units
 * record's order) and the wrecks it was made for: a state finds its world by comparing where they
 * stand, without writing every hull's place out as text and looking that up.
 */
interface KeptWorld {
  readonly hulls: readonly UnitState[];
  readonly wrecks: TankplankState['wrecks'];
  readonly world: SightWorld;
}

const worlds = new WeakMap<TankplankContext, KeptWorld[]>();
/** How many worlds a context keeps: the bot looks back at most a phase or two. */
const WORLDS_KEPT = 6;
const NO_GAPS: readonly Gap[] = [];

function sightWorld(ctx: TankplankContext, state: TankplankState): SightWorld {
  // The bot asks line after line in one state: the last state's world is kept in a slot.
  if (state === lastWorld.state && lastWorld.world !== undefined) return lastWorld.world;
  let world = worldOfState.get(state);
  if (!world) {
    world = findWorld(ctx, state);
    worldOfState.set(state, world);
  }
  lastWorld.state = state;
  lastWorld.world = world;
  return world;
}

/** The last state `sightWorld` was asked for, and its world (what `worldOfState` holds for it). */
const lastWorld: { state: TankplankState | undefined; world: SightWorld | undefined } = {
  state: undefined,
  world: undefined,
};

function findWorld(ctx: TankplankContext, state: TankplankState): SightWorld {
  let kept = worlds.get(ctx);
  if (!kept) worlds.set(ctx, (kept = []));
  const hulls: UnitState[] = [];
  for (const id of hullIds(ctx, state)) {
    const u = state.units.get(id)!;
    if (onTable(u)) hulls.push(u);
  }
  for (let k = kept.length - 1; k >= 0; k--) {
    const w = kept[k]!;
    if (!sameHulls(w.hulls, hulls) || !sameWrecks(w.wrecks, state.wrecks)) continue;
    // Newest last, so the oldest is the first to go.
    if (k !== kept.length - 1) {
      kept.splice(k, 1);
      kept.push(w);
    }
    return w.world;
  }
  const world: SightWorld = {
    obstructions: computeObstructions(ctx, state),
    answers: new WeakMap(),
    yesNo: new WeakMap(),
  };
  kept.push({ hulls, wrecks: state.wrecks, world });
  if (kept.length > WORLDS_KEPT) kept.shift();
  return world;
}

/** Whether two lists of hulls on the table are the same hulls where they stand, facing the same. */
function sameHulls(a: readonly UnitState[], b: readonly UnitState[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x === y) continue;
    if (x.id !== y.id || x.facing !== y.facing || x.at![0] !== y.at![0] || x.at![1] !== y.at![1])
      return false;
  }
  return true;
}

/** Whether two lists of wrecks are the same wrecks where they lie, facing the same. */
function sameWrecks(a: TankplankState['wrecks'], b: TankplankState['wrecks']): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) {
    const x = a[k]!;
    const y = b[k]!;
    if (x === y) continue;
    if (
      x.id !== y.id ||
      x.type !== y.type ||
      x.facing !== y.facing ||
      x.at[0] !== y.at[0] ||
      x.at[1] !== y.at[1]
    )
      return false;
  }
  return true;
}

/**
 * Vehicles and wrecks as obstructions to sight. The same list object comes back for every state
 * where they stand the same, so answers drawn against it can be reused (never change it).
 */
export function obstructions(ctx: TankplankContext, state: TankplankState): Obstruction[] {
  return sightWorld(ctx, state).obstructions;
}

function computeObstructions(ctx: TankplankContext, state: TankplankState): Obstruction[] {
  const out: Obstruction[] = [];
  for (const id of hullIds(ctx, state)) {
    const u = state.units.get(id)!;
    if (!onTable(u)) continue;
    const i = info(ctx, state, u.id);
    const { width, length } = hullSize(i);
    out.push({
      id: u.id,
      kind: 'vehicle',
      polygon: rectangleCorners(u.at[0], u.at[1], length, width, u.facing),
      height: unitHeight(ctx, i),
      coverClass: 'heavy',
      ruleId: 'TP-7.3',
      strongCover: false,
    });
  }
  for (const w of state.wrecks) {
    const type = ctx.catalog.units.get(w.type);
    const width = type?.size?.width ?? 1;
    const length = type?.size?.length ?? 1.5;
    out.push({
      id: w.id,
      kind: 'wreck',
      polygon: rectangleCorners(w.at[0], w.at[1], length, width, w.facing),
      height: type?.size?.height ?? 0.8,
      coverClass: 'heavy',
      ruleId: 'TP-14.4',
      strongCover: true,
    });
  }
  return out;
}

/** Ids of features a unit stands in, so that its own house or woods does not hide it. */
export function standingIn(ctx: TankplankContext, p: TablePoint): string[] {
  return ctx.terrain
    .featuresAt(p)
    .filter((e) => e.rules.seeFromInside)
    .map((e) => e.id);
}

/**
 * Line of sight from one unit (or point) to another, with its own vehicle ignored. Answers are
 * remembered while the vehicles, wrecks and breaches stay the same (across the states of a
 * phase), keyed by everything of the two ends that sight reads: unit, point, height, the floor or
 * tree a man stands in and the vehicle he rides.
 */
export function sightBetween(
  ctx: TankplankContext,
  state: TankplankState,
  from: AskEnd,
  to: AskEnd,
  obs?: readonly Obstruction[],
): SightResult {
  const world = sightWorld(ctx, state);
  const own = world.obstructions;
  if (obs !== undefined && obs !== own) {
    // Someone else's list of obstructions: answered afresh, never remembered.
    return computeSight(ctx, state, from, to, obs);
  }
  const gaps = state.gaps ?? NO_GAPS;
  let answers = world.answers.get(gaps);
  if (!answers) {
    answers = new Map();
    world.answers.set(gaps, answers);
  }
  const fromKey = endKey(state, from);
  const toKey = endKey(state, to);
  const hit = answers.get(fromKey)?.get(toKey);
  if (hit) return hit;
  const r = computeSight(ctx, state, from, to, own);
  pairSet(answers, fromKey, toKey, r);
  return r;
}

/** Answers by the key of one end, then of the other (no key made of the two). */
type PairMap<T> = Map<string, Map<string, T>>;

function pairSet<T>(map: PairMap<T>, a: string, b: string, value: T): void {
  let row = map.get(a);
  if (!row) map.set(a, (row = new Map()));
  row.set(b, value);
}

/**
 * Only whether one unit (or point) sees another: always `sightBetween(...).visible`, but without
 * working out cover and everything on the line when the full answer is not known yet (the bot
 * asks this of every target it thinks about; most in a village are out of sight).
 */
export function seesBetween(
  ctx: TankplankContext,
  state: TankplankState,
  from: AskEnd,
  to: AskEnd,
): boolean {
  const world = sightWorld(ctx, state);
  const gaps = state.gaps ?? NO_GAPS;
  const fromKey = endKey(state, from);
  const toKey = endKey(state, to);
  // The map's part of the answer outlives the world (vehicles move every turn; men often stand):
  // kept by the context, only the vehicles and wrecks are looked at again. Most lines in a
  // village are shut by the map, and those are answered here without a look at anything else.
  const terrain = terrainSight(ctx, gaps);
  let open = terrain.pairs.get(fromKey)?.get(toKey);
  if (open === false) return false;
  const full = world.answers.get(gaps)?.get(fromKey)?.get(toKey);
  if (full) return full.visible;
  // What the vehicles and wrecks of this world do to lines the map leaves open.
  let known = world.yesNo.get(gaps);
  if (!known) {
    known = new Map();
    world.yesNo.set(gaps, known);
  }
  const hit = known.get(fromKey)?.get(toKey);
  if (hit !== undefined) return hit;
  const a = sightEnd(ctx, state, from);
  const b = sightEnd(ctx, state, to);
  if (open === undefined) {
    open = terrainLetsSee(ctx.terrain, a, b, gaps);
    pairSet(terrain.pairs, fromKey, toKey, open);
    terrain.kept.count++;
    if (!open) return false;
  }
  const yes = !obstructionsBlockSight(ctx.terrain, a, b, world.obstructions);
  pairSet(known, fromKey, toKey, yes);
  return yes;
}

/**
 * Whether the map alone lets one end see the other (`terrainLetsSee`), by context, breaches and
 * the two ends' keys: the same for every world. Started again past `TERRAIN_SIGHT_KEPT` answers,
 * so a lab thread's thousands of games stay within memory.
 */
interface TerrainSights {
  byGaps: WeakMap<readonly Gap[], PairMap<boolean>>;
  count: number;
}

const terrainSights = new WeakMap<TankplankContext, TerrainSights>();
const TERRAIN_SIGHT_KEPT = 200_000;

/**
 * The last context and breaches asked (`terrainSight`), with their answers: the bot asks
 * thousands of lines in a row of the same game, and this spares looking both up each time.
 */
// It holds the last context strongly: one game a thread at most, until another is asked.
let lastTerrainSight:
  | {
      readonly ctx: TankplankContext;
      readonly gaps: readonly Gap[];
      readonly kept: TerrainSights;
      readonly byGaps: WeakMap<readonly Gap[], PairMap<boolean>>;
      readonly pairs: PairMap<boolean>;
    }
  | undefined;

function terrainSight(
  ctx: TankplankContext,
  gaps: readonly Gap[],
): { readonly kept: TerrainSights; readonly pairs: PairMap<boolean> } {
  const last = lastTerrainSight;
  if (
    last !== undefined &&
    last.ctx === ctx &&
    last.gaps === gaps &&
    last.byGaps === last.kept.byGaps &&
    last.kept.count < TERRAIN_SIGHT_KEPT
  )
    return last;
  let kept = terrainSights.get(ctx);
  if (!kept) terrainSights.set(ctx, (kept = { byGaps: new WeakMap(), count: 0 }));
  if (kept.count >= TERRAIN_SIGHT_KEPT) {
    kept.byGaps = new WeakMap();
    kept.count = 0;
  }
  let pairs = kept.byGaps.get(gaps);
  if (!pairs) kept.byGaps.set(gaps, (pairs = new Map()));
  lastTerrainSight = { ctx, gaps, kept, byGaps: kept.byGaps, pairs };
  return lastTerrainSight;
}

/**
 * `sightBetween` for a caller that only wants the ends that see each other: undefined when they
 * do not, asked yes or no first (`seesBetween`) so that cover is worked out only for those seen.
 * With someone else's obstructions the full answer is asked, as `seesBetween` knows only ours.
 */
export function sightIfSeen(
  ctx: TankplankContext,
  state: TankplankState,
  from: AskEnd,
  to: AskEnd,
  obs?: readonly Obstruction[],
): SightResult | undefined {
  const ours = obs === undefined || obs === obstructions(ctx, state);
  if (ours && !seesBetween(ctx, state, from, to)) return undefined;
  const seen = sightBetween(ctx, state, from, to, obs);
  return seen.visible ? seen : undefined;
}

/** End keys of units seen where they stand, by their (never changed) state object. */
const standingKeys = new WeakMap<UnitState, string>();

function endKey(state: TankplankState, end: AskEnd): string {
  const u = end.unit === undefined ? undefined : state.units.get(end.unit);
  // Most ends are a unit where it stands: its key is made once per unit state (numbers written
  // out as text are the dear part of a key).
  const standing =
    u !== undefined &&
    end.height === undefined &&
    u.at !== null &&
    u.at[0] === end.point.x &&
    u.at[1] === end.point.y;
  if (standing) {
    const known = standingKeys.get(u);
    if (known !== undefined) return known;
  }
  const made = `${end.unit ?? ''}@${end.point.x},${end.point.y},${end.height ?? ''},${u?.level ?? ''},${u?.embarkedIn ?? ''}`;
  // One string object per key: a unit that stays put gets a new state every turn, and with it a
  // new key, which the answers' maps would compare letter by letter with the one they hold.
  let key = sameKeys.get(made);
  if (key === undefined) {
    if (sameKeys.size >= KEYS_KEPT) sameKeys.clear();
    sameKeys.set(made, made);
    key = made;
  }
  if (standing) standingKeys.set(u, key);
  return key;
}

/** End keys by their text, each the first string object made for it (`endKey`). */
const sameKeys = new Map<string, string>();
/** Keys kept before they are let go (a new string for a key is still found by its text). */
const KEYS_KEPT = 100_000;

/** `sightBetween` worked out afresh, nothing remembered: for the tests of what is. */
export function sightAfresh(
  ctx: TankplankContext,
  state: TankplankState,
  from: AskEnd,
  to: AskEnd,
): SightResult {
  return computeSight(ctx, state, from, to, obstructions(ctx, state));
}

function computeSight(
  ctx: TankplankContext,
  state: TankplankState,
  from: AskEnd,
  to: AskEnd,
  obs: readonly Obstruction[],
): SightResult {
  return lineOfSight(
    ctx.terrain,
    sightEnd(ctx, state, from),
    sightEnd(ctx, state, to),
    TANKPLANK_SIGHT_RULES,
    obs,
    state.gaps ?? [],
  );
}

const NO_IDS: readonly string[] = [];

/** One end of a sight line: its height, what it stands on, what it never blocks (itself). */
function sightEnd(ctx: TankplankContext, state: TankplankState, end: AskEnd): SightEnd {
  const u = end.unit;
  const height =
    end.height ?? (u ? unitHeight(ctx, info(ctx, state, u)) : constant(ctx.catalog, 'manHeight'));
  let ignore: readonly string[] = NO_IDS;
  if (u) {
    const s = state.units.get(u);
    // A man up a tree looks out past its own trunk.
    if (s?.level === 'tree') {
      const perch = ctx.terrain
        .featuresAt(end.point)
        .filter((e) => e.feature.kind === 'tree')
        .map((e) => e.id);
      ignore = [u, ...(s.embarkedIn ? [s.embarkedIn] : []), ...perch];
    } else ignore = s?.embarkedIn ? [u, s.embarkedIn] : [u];
  }
  return {
    point: end.point,
    height,
    standingOn: raised(ctx, state, u, end.point),
    ignore,
  };
}

/** How far above the ground a figure on an upper floor, a roof or up a tree stands. */
export function raised(
  ctx: TankplankContext,
  state: TankplankState,
  unit: string | undefined,
  p: TablePoint,
): number {
  const level = unit ? state.units.get(unit)?.level : undefined;
  if (!level) return 0;
  if (level === 'tree') {
    // Up a tree a man sits in the branches, at the canopy base (TP-G13, TP-G20).
    const tree = ctx.terrain.featuresAt(p).find((e) => e.feature.kind === 'tree');
    if (!tree || tree.feature.kind !== 'tree') return 0;
    return tree.feature.canopyBase ?? ctx.terrain.defaults.canopyBase;
  }
  const house = ctx.terrain.featuresAt(p).find((e) => e.feature.kind === 'building');
  if (!house || house.feature.kind !== 'building') return 0;
  const floor = house.feature.floorHeight ?? ctx.terrain.defaults.floorHeight;
  return level === 'upper' ? floor : house.top - house.base;
}

/** Distance between two points given as [x, y]. */
export function dist(a: Point | TablePoint, b: Point | TablePoint): number {
  const pa = Array.isArray(a) ? tablePoint(a[0]!, a[1]!) : (a as TablePoint);
  const pb = Array.isArray(b) ? tablePoint(b[0]!, b[1]!) : (b as TablePoint);
  return distance(pa, pb);
}

/** Alive figures (and vehicles, each counting one) of a formation: its size (TP-A39, TP-G21). */
export function formationSize(
  ctx: TankplankContext,
  state: TankplankState,
  formation: string,
): number {
  let sizes = formationSizes.get(state.units);
  if (!sizes) formationSizes.set(state.units, (sizes = new Map()));
  let n = sizes.get(formation);
  if (n !== undefined) return n;
  // The formation's men from the scenario and whoever is in it now (a crew out of its wreck),
  // each counted once, without building a set of their ids.
  const members = ctx.formations.get(formation)?.members ?? [];
  n = 0;
  for (let k = 0; k < members.length; k++) {
    const id = members[k]!;
    const u = state.units.get(id);
    if (u && u.alive && !u.doomed && members.indexOf(id) === k) n++;
  }
  for (const u of formationUnits(state, formation))
    if (u.alive && !u.doomed && !members.includes(u.id)) n++;
  sizes.set(formation, n);
  return n;
}

// Both depend on the units record alone, which a state never changes in place.
const formationSizes = new WeakMap<object, Map<string, number>>();
const formationIndex = new WeakMap<object, Map<string, readonly UnitState[]>>();

/**
 * The units whose formation is `formation` now, wherever they are, in the units' order: found once
 * per units map and formation as they are asked for, which costs less than listing every
 * formation's units for each new units map (0.575 -> 0.573 G instructions a village game).
 */
export function formationUnits(state: TankplankState, formation: string): readonly UnitState[] {
  let byFormation = formationIndex.get(state.units);
  if (!byFormation) formationIndex.set(state.units, (byFormation = new Map()));
  let found = byFormation.get(formation);
  if (!found) {
    const list: UnitState[] = [];
    for (const u of state.units.list()) if (u.formation === formation) list.push(u);
    byFormation.set(formation, (found = list));
  }
  return found;
}

/** A unit's base rate in inches per turn (off road), for "within half a move" checks. */
export function baseRate(unitInfo: UnitInfo): number {
  return stat(unitInfo.type.speeds, 'offRoad', stat(unitInfo.type.speeds, 'road', 0));
}
