/**
 * What the Tankplank bot makes of the table at the start of a phase: the objective it must take
 * and the one it must deny, who of the enemy stands in them, what each formation is for, and the
 * numbers a style sets.
 */
import { featureLabelById } from '../../terrain/featureLabel';
import type { Shape } from '../../format';
import type { BotStyle } from '../../game/gameDef';
import { tablePoint, type TablePoint } from '../../geometry/units';
import { distance, lerpPoint } from '../../geometry/vector';
import { seedShare } from '../../random/seedShare';
import type { TankplankContext } from './rules/context';
import { constant } from './rules/catalog';
import { info, onTable } from './rules/situation';
import { countsAsTroops } from './rules/salvage';
import type { TankplankState, UnitState } from './rules/state';
import { shapeContains } from './rules/zones';

/** How a style plays: distances in inches, bonuses as multipliers of a target's worth. */
export interface StyleParams {
  readonly style: BotStyle;
  /** How far short of the objective's centre armour stops. */
  readonly armourStandOff: number;
  /** How close to the objective's centre a transport drives before its riders get out. */
  readonly unloadWithin: number;
  /** The radio team goes in once no more than this many enemies are left in the objective. */
  readonly radioWaitsFor: number;
  /** Squads kept back to hold the home ground (the enemy's objective). */
  readonly squadsAtHome: number;
  /**
   * Where the heavy weapons and home squads stand, in inches past the edge of the enemy's
   * objective toward the table's middle: negative stands inside it, which blocks the enemy's
   * hold outright but leaves the enemy nothing to do but dig them out.
   */
  readonly postBeyondHome: number;
  /** Machine guns and bazookas ride forward with the assault instead of covering home. */
  readonly heavyForward: boolean;
  /** Worth of a target standing in the objective the bot must clear. */
  readonly clearBonus: number;
  /** Worth of a target standing in the ground the bot must deny. */
  readonly denyBonus: number;
  /** Least expected result worth a round of counted ammunition. */
  readonly ammoThreshold: number;
  /** Inches of progress a man gives up to end his move in cover. */
  readonly coverTrade: number;
  /**
   * The assault waits on its own half until this turn, unless it is this much stronger than the
   * enemy (worth of troops left, both sides counted alike): it lets the enemy come on first.
   */
  readonly pushTurn: number;
  readonly pushWhenStronger: number;
  /**
   * Loaded carriers wait short of the fight until the enemy's guns that can kill them (tanks,
   * armoured cars, AT guns, bazookas) are down to this share of our own armour, or until
   * `carriersGoTurn`: a half-track that meets a tank on the way takes its squad with it.
   */
  readonly carriersGoAt: number;
  readonly carriersGoTurn: number;
  /**
   * Command teams that go with the assault squads (an officer close by steadies a squad's
   * morale, TP-15.3); the others are radio teams kept off the table until the objective is
   * nearly taken, as a radioman in a jeep is the first thing the enemy's machine guns kill.
   */
  readonly escorts: number;
  /**
   * The share of the turn limit, counted back from it, in which the side plays as the aggressive
   * style does (its plan still names its own style): a draw at the limit wins nothing, so a side
   * that stood off must still go in for the objective while there is time to get there, clear it
   * and hold it. 0: never. The cautious style's 3/4 (from turn 6 of 24; until then it waits and
   * stands off, and all game it keeps a squad home and its heavy weapons back) was measured against
   * the random bot, 200 games a scenario (sides swapped, seeds 1-100): it won 95.5% on the village,
   * 92.5% with its artillery and 98.0% mirrored, where it won 88.0%, 85.0% and 90.5% without; 2/3
   * won 92.0%, 92.0% and 89.5%, 1/3 87.0% and 89.5% (village, artillery).
   */
  readonly pressShare: number;
}

export const STYLES: Readonly<Record<BotStyle, StyleParams>> = {
  cautious: {
    style: 'cautious',
    armourStandOff: 12,
    unloadWithin: 8,
    radioWaitsFor: 0,
    squadsAtHome: 1,
    postBeyondHome: -1.5,
    heavyForward: false,
    clearBonus: 2.5,
    denyBonus: 3,
    ammoThreshold: 0.15,
    coverTrade: 2,
    pushTurn: 4,
    pushWhenStronger: 1.4,
    carriersGoAt: 0.5,
    carriersGoTurn: 3,
    escorts: 0,
    pressShare: 3 / 4,
  },
  balanced: {
    style: 'balanced',
    armourStandOff: 7,
    unloadWithin: 4.5,
    radioWaitsFor: 1,
    squadsAtHome: 0,
    postBeyondHome: 2.5,
    heavyForward: false,
    clearBonus: 3,
    denyBonus: 2,
    ammoThreshold: 0.08,
    coverTrade: 1,
    pushTurn: 2,
    pushWhenStronger: 1.2,
    carriersGoAt: 0.8,
    carriersGoTurn: 2,
    escorts: 0,
    pressShare: 0,
  },
  aggressive: {
    style: 'aggressive',
    armourStandOff: 3,
    unloadWithin: 2.5,
    radioWaitsFor: 4,
    squadsAtHome: 0,
    postBeyondHome: 2.5,
    heavyForward: true,
    clearBonus: 4,
    denyBonus: 1.5,
    ammoThreshold: 0.04,
    coverTrade: 0.5,
    pushTurn: 1,
    pushWhenStronger: 1,
    carriersGoAt: 1.5,
    carriersGoTurn: 1,
    escorts: 0,
    pressShare: 0,
  },
};

/** What a formation is for this phase. */
export type Role =
  /** Rides or walks to the objective and clears it. */
  | 'assault'
  /** Carries the radioman the hold needs: goes in when the objective is nearly clear. */
  | 'radio'
  /**
   * A command team (officer and radioman) that goes with a squad: an officer close by steadies
   * its morale (TP-15.3), and its radioman is there when the squad takes the objective (TP-3.3).
   */
  | 'escort'
  /** Crews a heavy weapon or gun from a post in the home ground. */
  | 'heavy'
  /** Holds the home ground. */
  | 'defend'
  /** Tanks and armoured cars: fire into the objective from a stand-off. */
  | 'armour'
  /** Carries others; empty, it screens. */
  | 'transport';

export interface Zone {
  readonly area: Shape;
  readonly centre: TablePoint;
}

/** The bot's view of the table for one side and phase. */
export interface SidePlan {
  readonly side: string;
  readonly params: StyleParams;
  /** The objective this side must take (its far point when it has none). */
  readonly goal: Zone | undefined;
  readonly goalPoint: TablePoint;
  /** The objective the enemy must take: this side's home ground. */
  readonly home: Zone | undefined;
  readonly enemies: readonly (UnitState & { at: readonly [number, number] })[];
  readonly enemiesInGoal: readonly (UnitState & { at: readonly [number, number] })[];
  readonly enemiesInHome: readonly (UnitState & { at: readonly [number, number] })[];
  readonly roles: ReadonlyMap<string, Role>;
  /** The assault goes for the objective now (else it waits on its own half). */
  readonly push: boolean;
  /**
   * The crossing the assault takes, the ends nearer home and nearer the objective: the bridge
   * furthest to one side of the line from home to the objective (the shorter way three games in
   * four, by `flankOf`), round the main road instead of head on along it.
   */
  readonly flank: Crossing | undefined;
  /** Loaded carriers drive in now (the enemy's anti-armour is beaten, or it is time). */
  readonly carriersGo: boolean;
  /** Where the assault waits on its own half. */
  readonly waitPoint: TablePoint;
  /**
   * Late in the game the radio teams go for the objective whatever stands in it: just in time to
   * get there and hold it for the turns the hold needs before the turn limit.
   */
  readonly late: boolean;
  /**
   * The last turn a radio team can get in and still hold for the turns the hold needs before
   * the turn limit: it goes in now whatever stands there, as waiting can only lose.
   */
  readonly lastChance: boolean;
  /**
   * The objective is all but clear and the turns left are few: every man of ours heads into it
   * the shortest way, radio teams too, without waiting for his squad or looking for cover.
   */
  readonly rush: boolean;
  /** Where a radio team waits for the objective to be cleared: out of the fight, a move away. */
  readonly staging: TablePoint;
  /** Own men (other than radio teams) in the objective: the escort the radio team goes in to. */
  readonly escort: number;
  /**
   * Radio teams waiting off the table come on now: some of our men are near the objective, and
   * no enemy stands in our home ground, through which they come on, or the objective is clear
   * (an enemy attack stuck in our home ground must not keep them off the table while our men
   * stand in an objective that only wants a radioman to be held).
   */
  readonly radioEnters: boolean;
  /** The squad each escorting command team goes with. */
  readonly escorts: ReadonlyMap<string, string>;
  /** The style presses as the aggressive one does, the turn limit being near (`pressShare`). */
  readonly pressing: boolean;
}

function centreOf(area: Shape, map: { width: number; height: number }): TablePoint {
  switch (area.shape) {
    case 'point':
      return tablePoint(area.at[0], area.at[1]);
    case 'edgeStrip': {
      const along = area.edge === 'north' || area.edge === 'south' ? map.width : map.height;
      const mid = ((area.from ?? 0) + (area.to ?? along)) / 2;
      const d = area.depth / 2;
      return area.edge === 'west'
        ? tablePoint(d, mid)
        : area.edge === 'east'
          ? tablePoint(map.width - d, mid)
          : area.edge === 'north'
            ? tablePoint(mid, d)
            : tablePoint(mid, map.height - d);
    }
    case 'rect':
      return tablePoint(area.x + area.width / 2, area.y + area.height / 2);
    case 'circle':
      return tablePoint(area.center[0], area.center[1]);
    case 'polygon': {
      const n = Math.max(1, area.points.length);
      return tablePoint(
        area.points.reduce((a, p) => a + p[0], 0) / n,
        area.points.reduce((a, p) => a + p[1], 0) / n,
      );
    }
    case 'hexes':
      return tablePoint(0, 0);
  }
}

function enemyOf(ctx: TankplankContext, side: string): string {
  return ctx.sides.find((s) => s !== side) ?? side;
}

/** The middle of the table edge opposite a side's entry edge, 3" in. */
export function farPoint(ctx: TankplankContext, side: string): TablePoint {
  const edge = ctx.entryEdges.get(side)?.edge;
  const w = ctx.map.width;
  const h = ctx.map.height;
  return edge === 'west'
    ? tablePoint(w - 3, h / 2)
    : edge === 'east'
      ? tablePoint(3, h / 2)
      : edge === 'north'
        ? tablePoint(w / 2, h - 3)
        : tablePoint(w / 2, 3);
}

export function inZone(ctx: TankplankContext, zone: Zone | undefined, p: TablePoint): boolean {
  return !!zone && shapeContains(zone.area, p, ctx.map);
}

const objectiveOf = (ctx: TankplankContext, owner: (o: string | undefined) => boolean) =>
  ctx.objectives.find((x) => owner(x.owner) && x.area && x.area.shape !== 'hexes');

const zoneOfArea = (ctx: TankplankContext, area: Shape): Zone => ({
  area,
  centre: centreOf(area, ctx.map),
});

/**
 * Where the enemy's secret objective may lie, as far as this side knows before it is revealed:
 * anywhere within the objective strip's depth of this side's own entry edge (TP-3.1, TP-A46).
 * The bot guards that whole strip, its middle as the point to hold.
 */
function guessedHome(ctx: TankplankContext, side: string): Zone | undefined {
  const edge = ctx.entryEdges.get(side)?.edge;
  if (!edge) return undefined;
  return zoneOfArea(ctx, {
    shape: 'edgeStrip',
    edge,
    depth: constant(ctx.catalog, 'objectiveStripDepth'),
  });
}

/**
 * The side's objective and home ground (the enemy's objective), and where its plan runs from and
 * to: the middle of each, or the far and the near table edge where there is none. The bot reads
 * the enemy's objective only once it is revealed (TP-3.2) or when the scenario shows it openly;
 * a hidden one it guesses (`guessedHome`). Where the plan runs from does not change when the
 * objective is revealed: the bot's plan stays the one it drew for the game.
 */
function planEnds(ctx: TankplankContext, state: TankplankState, side: string) {
  const own = objectiveOf(ctx, (o) => o === side);
  const goal = own?.area ? zoneOfArea(ctx, own.area) : undefined;
  const theirs = objectiveOf(ctx, (o) => o !== undefined && o !== side);
  const known = theirs?.area && theirs.hidden !== true ? zoneOfArea(ctx, theirs.area) : undefined;
  const guess = theirs?.area && !known ? guessedHome(ctx, side) : undefined;
  const revealed =
    theirs?.area && theirs.owner && state.objectives[theirs.owner]?.revealed === true
      ? zoneOfArea(ctx, theirs.area)
      : undefined;
  return {
    goal,
    home: known ?? revealed ?? guess,
    goalPoint: goal?.centre ?? farPoint(ctx, side),
    start: (known ?? guess)?.centre ?? farPoint(ctx, enemyOf(ctx, side)),
  };
}

/** The side's plan for this phase. */
export function sidePlan(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  style: BotStyle,
): SidePlan {
  const params = styleNow(style, state);
  const { goal, home, goalPoint, start } = planEnds(ctx, state, side);
  // Enemy troops: dropped weapons and boats neither hold ground nor can be shot.
  const enemies = state.units
    .list()
    .filter(
      (u): u is UnitState & { at: readonly [number, number] } =>
        onTable(u) && u.side !== side && !u.doomed && countsAsTroops(ctx, state, u.id),
    );
  const at = (u: { at: readonly [number, number] }) => tablePoint(u.at[0], u.at[1]);
  const enemiesInGoal = goal ? enemies.filter((u) => inZone(ctx, goal, at(u))) : [];
  const enemiesInHome = home ? enemies.filter((u) => inZone(ctx, home, at(u))) : [];
  // Worth of troops left, ours and theirs (only asked before the push turn).
  const stronger = () => {
    let mine = 0;
    let theirs = 0;
    for (const u of state.units.list()) {
      if (!u.alive || !countsAsTroops(ctx, state, u.id)) continue;
      const w = info(ctx, state, u.id).kind === 'figure' ? 1 : 4;
      if (u.side === side) mine += w;
      else theirs += w;
    }
    return mine / Math.max(1, theirs) >= params.pushWhenStronger;
  };
  // Anti-armour left, ours and theirs (only asked before the turn the carriers go anyway).
  const antiArmourBeaten = () => {
    let mine = 0;
    let theirs = 0;
    for (const u of state.units.list()) {
      if (!u.alive || u.doomed) continue;
      const w = antiArmourWorth(ctx, state, u);
      if (u.side === side) mine += w;
      else theirs += w;
    }
    return theirs <= params.carriersGoAt * mine + 1e-9;
  };
  const carriersGo = state.turn >= params.carriersGoTurn || antiArmourBeaten();
  const roles = new Map(formationRoles(ctx, state, side, params, !!home));
  const escorts = pairEscorts(ctx, state, roles, params.escorts);
  const near = goal ? nearGoal(ctx, state, side, goal) : 0;
  const flank = flankOf(ctx, state, side, start, goalPoint);
  return {
    side,
    params,
    goal,
    goalPoint,
    home,
    enemies,
    enemiesInGoal,
    enemiesInHome,
    roles,
    escorts,
    // A radio team needs a turn or two to get in and three ends of turn in it (TP-A47).
    late: state.turn >= state.turnLimit - 5,
    lastChance: state.turn >= state.turnLimit - 3,
    rush: state.turn >= state.turnLimit - RUSH_TURNS && enemiesInGoal.length <= RUSH_ENEMIES,
    staging: stagingPoint(flank, start, goalPoint),
    escort: goal ? escortIn(ctx, state, side, goal) : 0,
    radioEnters:
      !goal ||
      (near >= RADIO_NEAR_MEN && (enemiesInHome.length === 0 || enemiesInGoal.length === 0)),
    // With no ground of its own to deny there is nothing to wait for.
    push: !home || state.turn >= params.pushTurn || stronger(),
    waitPoint: lerpPoint(start, goalPoint, 0.33),
    carriersGo,
    flank,
    pressing: params !== STYLES[style],
  };
}

/** The numbers a style plays by this turn: the aggressive style's once it presses late. */
function styleNow(style: BotStyle, state: TankplankState): StyleParams {
  const own = STYLES[style];
  return pressesNow(own, state) ? PRESSING[style] : own;
}

/** Whether a style presses this turn (`pressShare`). */
function pressesNow(p: StyleParams, state: { turn: number; turnLimit: number }): boolean {
  return p.pressShare > 0 && state.turnLimit - state.turn <= p.pressShare * state.turnLimit;
}

/**
 * Each style pressing late: the aggressive numbers under the style's own name, but with its own
 * formations' roles (the squads it keeps home and where its heavy weapons stand), which are made
 * once a game (a home squad sent late would not get there in time anyway).
 */
const PRESSING: Readonly<Record<BotStyle, StyleParams>> = {
  cautious: pressing(STYLES.cautious),
  balanced: pressing(STYLES.balanced),
  aggressive: STYLES.aggressive,
};

function pressing(own: StyleParams): StyleParams {
  return {
    ...STYLES.aggressive,
    style: own.style,
    squadsAtHome: own.squadsAtHome,
    heavyForward: own.heavyForward,
    pressShare: own.pressShare,
  };
}

/** The rush starts this many turns before the limit, with at most this many enemies left in. */
const RUSH_TURNS = 6;
const RUSH_ENEMIES = 2;

/**
 * Radio teams come on from off the table once RADIO_NEAR_MEN of our men stand within RADIO_NEAR
 * inches of the objective; not merely because it is late: with none of ours near, a jeep that
 * comes on only dies in our own home ground or stands in it, and takes no objective.
 */
const RADIO_NEAR = 15;
const RADIO_NEAR_MEN = 2;

/** Own men on foot (not radio teams) in the objective or within RADIO_NEAR of its middle. */
function nearGoal(ctx: TankplankContext, state: TankplankState, side: string, goal: Zone): number {
  let n = 0;
  for (const u of state.units.list()) {
    if (u.side !== side || !onTable(u) || u.doomed || u.role === 'radioman' || u.spawned) continue;
    const p = tablePoint(u.at[0], u.at[1]);
    if (distance(p, goal.centre) > RADIO_NEAR && !inZone(ctx, goal, p)) continue;
    if (info(ctx, state, u.id).kind === 'figure') n++;
  }
  return n;
}

/** How far short of the objective's middle a radio team waits, in inches. */
const STAGING = 12;

function stagingPoint(flank: SidePlan['flank'], start: TablePoint, goal: TablePoint): TablePoint {
  if (flank && distance(flank.far, goal) <= STAGING + 4) return flank.far;
  const length = distance(start, goal);
  return lerpPoint(goal, start, Math.min(1, STAGING / Math.max(1e-6, length)));
}

/** A flank crossing: the bridge, its ends nearer home and nearer the objective. */
export interface Crossing {
  readonly near: TablePoint;
  readonly far: TablePoint;
  /** The bridge's name on the map, with the side of the table it is on ("Bridge 2, south"). */
  readonly name: string;
}

/** Per context: the crossing is the same all game for the same home, objective and hand. */
const FLANKS = new WeakMap<TankplankContext, Map<string, Crossing | undefined>>();

/**
 * The plan a side's bot follows this game, in words for the balance lab to split its results
 * by: the bridge its assault goes round by ("by Bridge 2, south"), drawn per game (`flankOf`);
 * undefined on a map without bridges, where every game is played the same way.
 */
export function botPlanName(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
): string | undefined {
  const { goalPoint, start } = planEnds(ctx, state, side);
  const flank = flankOf(ctx, state, side, start, goalPoint);
  return flank && `by ${flank.name}`;
}

/**
 * The flank crossing a side's assault takes this game: drawn once per game and side from the
 * game's seed, the same all game and in every replay of it. Of the two bridges furthest to
 * either hand of the line from home to the objective, the one that makes the shorter way there
 * three games in four, the other in the fourth. A player who takes the same way every game is
 * read by his opponent, and a balance run that only ever saw one plan would measure that habit
 * instead of the layout; but half the games spent on the long way round was a bot that did not
 * play to win: on the village, with both sides going the long way round, 70% of the games ran
 * to the turn limit undecided (400 games at 24 turns).
 */
function flankOf(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  start: TablePoint,
  goal: TablePoint,
): Crossing | undefined {
  const right = flankCrossing(ctx, start, goal, 1);
  const left = flankCrossing(ctx, start, goal, -1);
  const length = (c: Crossing | undefined) =>
    c ? distance(start, c.near) + distance(c.near, c.far) + distance(c.far, goal) : 0;
  const [short, long] = length(right) <= length(left) ? [right, left] : [left, right];
  return flankDraw(state, ctx.sides.indexOf(side)) < DIRECT_SHARE ? short : long;
}

/** The share of games in which a side takes the shorter of its two flank crossings. */
const DIRECT_SHARE = 0.75;

/** The flank draw of a side and game: the seed's share for the flank (`seedShare`). */
function flankDraw(state: TankplankState, sideIndex: number): number {
  return seedShare(state.rng.seed, FLANK_SALT, Math.max(0, sideIndex) + 1);
}

/** Keeps the flank hash apart from other uses of the seed. */
const FLANK_SALT = 0x5f1a;

function flankCrossing(
  ctx: TankplankContext,
  start: TablePoint,
  goal: TablePoint,
  hand: 1 | -1,
): Crossing | undefined {
  let cache = FLANKS.get(ctx);
  if (!cache) FLANKS.set(ctx, (cache = new Map()));
  const key = `${start.x},${start.y}>${goal.x},${goal.y}|${hand}`;
  if (cache.has(key)) return cache.get(key);
  const length = Math.max(1e-6, distance(start, goal));
  // Facing the objective, the right hand (table y grows southward).
  const right = { x: -(goal.y - start.y) / length, y: (goal.x - start.x) / length };
  const mid = lerpPoint(start, goal, 0.5);
  let best: { near: TablePoint; far: TablePoint; offset: number; name: string } | undefined;
  for (const e of ctx.terrain.entries) {
    if (e.feature.kind !== 'bridge') continue;
    const { near: p, far: q } = deckLine(e.box);
    const cx = (p.x + q.x) / 2;
    const cy = (p.y + q.y) / 2;
    const [near, far] = distance(p, start) <= distance(q, start) ? [p, q] : [q, p];
    const offset = hand * ((cx - mid.x) * right.x + (cy - mid.y) * right.y);
    if (!best || offset > best.offset)
      best = { near, far, offset, name: bridgeName(ctx, e.feature, tablePoint(cx, cy)) };
  }
  const flank = best && { near: best.near, far: best.far, name: best.name };
  cache.set(key, flank);
  return flank;
}

/**
 * A bridge as a designer reads it on the map: its name ("bridge 1" without one), and the side of the
 * table it stands on when it is off the middle ("Bridge 2, south").
 */
function bridgeName(
  ctx: TankplankContext,
  feature: { readonly id: string; readonly name?: string },
  at: TablePoint,
): string {
  const { width, height } = ctx.map;
  const dx = (at.x - width / 2) / width;
  const dy = (at.y - height / 2) / height;
  const off = Math.max(Math.abs(dx), Math.abs(dy));
  const side =
    off < 1 / 6
      ? undefined
      : Math.abs(dy) >= Math.abs(dx)
        ? dy > 0
          ? 'south'
          : 'north'
        : dx > 0
          ? 'east'
          : 'west';
  const name = featureLabelById(feature.id, ctx.map.features);
  return side ? `${name}, ${side}` : name;
}

/** A bridge's middle line along its length, 0.3" in from each end (by its box). */
export function deckLine(b: {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}): { readonly near: TablePoint; readonly far: TablePoint } {
  const cx = (b.minX + b.maxX) / 2;
  const cy = (b.minY + b.maxY) / 2;
  return b.maxX - b.minX >= b.maxY - b.minY
    ? { near: tablePoint(b.minX + 0.3, cy), far: tablePoint(b.maxX - 0.3, cy) }
    : { near: tablePoint(cx, b.minY + 0.3), far: tablePoint(cx, b.maxY - 0.3) };
}

/**
 * What a unit weighs against armour: a tank 3, an armoured car 1.5, a crewed AT gun 2, a man
 * with a bazooka 0.5; the rest nothing.
 */
function antiArmourWorth(ctx: TankplankContext, state: TankplankState, u: UnitState): number {
  const i = info(ctx, state, u.id);
  if (i.kind === 'vehicle') {
    if (i.type.class === 'tank') return 3;
    return i.type.keywords?.includes('armoured') && (i.type.capacity ?? 0) === 0 ? 1.5 : 0;
  }
  if (i.kind === 'gun') return countsAsTroops(ctx, state, u.id) ? 2 : 0;
  return (i.type.weapons ?? []).some((w) => ctx.catalog.weapons.get(w.weapon)?.kind === 'bazooka')
    ? 0.5
    : 0;
}

function escortIn(ctx: TankplankContext, state: TankplankState, side: string, goal: Zone): number {
  let n = 0;
  for (const u of state.units.list()) {
    if (u.side !== side || !onTable(u) || u.doomed || u.role === 'radioman') continue;
    if (!inZone(ctx, goal, tablePoint(u.at[0], u.at[1]))) continue;
    if (info(ctx, state, u.id).kind === 'figure') n++;
  }
  return n;
}

/**
 * Command teams whose officer lives go with the assault squads still standing, one each, in the
 * order of their ids; the rest stay radio teams.
 */
function pairEscorts(
  ctx: TankplankContext,
  state: TankplankState,
  roles: Map<string, Role>,
  most: number,
): Map<string, string> {
  const escorts = new Map<string, string>();
  if (most <= 0) return escorts;
  const alive = (fid: string, test: (u: UnitState) => boolean) =>
    (ctx.formations.get(fid)?.members ?? []).some((id) => {
      const u = state.units.get(id);
      return !!u && u.alive && !u.doomed && test(u);
    });
  const squads = [...roles]
    .filter(
      ([fid, role]) =>
        role === 'assault' &&
        ctx.formations.get(fid)?.kind === 'squad' &&
        alive(fid, (u) => info(ctx, state, u.id).kind === 'figure'),
    )
    .map(([fid]) => fid)
    .sort();
  const teams = [...roles]
    .filter(
      ([fid, role]) =>
        role === 'radio' &&
        ctx.formations.get(fid)?.kind === 'commandTeam' &&
        alive(fid, (u) => u.role === 'officer'),
    )
    .map(([fid]) => fid)
    .sort();
  // The last team stays a radio team in reserve, off the table until the objective is clear.
  if (teams.length > 1) teams.pop();
  teams.slice(0, most).forEach((fid, k) => {
    const squad = squads[k];
    if (squad === undefined) return;
    escorts.set(fid, squad);
    roles.set(fid, 'escort');
  });
  return escorts;
}

/**
 * Per context, side and style: what each formation is for before escorts are paired. It follows
 * from the formations' make-up alone (their members' types and roles), the same all game; each
 * plan copies it, as pairing escorts changes some roles.
 */
const ROLES = new WeakMap<TankplankContext, Map<string, ReadonlyMap<string, Role>>>();

function formationRoles(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  params: StyleParams,
  hasHome: boolean,
): ReadonlyMap<string, Role> {
  let cache = ROLES.get(ctx);
  if (!cache) ROLES.set(ctx, (cache = new Map()));
  const key = `${side}\u0000${params.style}\u0000${hasHome}`;
  let roles = cache.get(key);
  if (!roles) cache.set(key, (roles = rolesOf(ctx, state, side, params, hasHome)));
  return roles;
}

function rolesOf(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  params: StyleParams,
  hasHome: boolean,
): Map<string, Role> {
  const roles = new Map<string, Role>();
  const squads: string[] = [];
  for (const f of ctx.formations.values()) {
    if (f.side !== side) continue;
    const members = f.members.map((id) => info(ctx, state, id));
    const vehicles = members.filter((m) => m.kind === 'vehicle');
    const figures = members.filter((m) => m.kind === 'figure');
    const hasGun = members.some((m) => m.kind === 'gun');
    const teamWeapon = figures.some((m) => m.type.keywords?.includes('heavyWeapons'));
    const radio = figures.some((m) => m.role === 'radioman');
    let role: Role;
    if (radio) role = 'radio';
    else if (hasGun) role = 'heavy';
    else if (teamWeapon) {
      // A mortar fires from home whatever the style; the others ride forward when told to.
      const mortar = figures.some((m) =>
        (m.type.weapons ?? []).some((w) => ctx.catalog.weapons.get(w.weapon)?.kind === 'mortar'),
      );
      role = params.heavyForward && !mortar ? 'assault' : 'heavy';
    } else if (figures.length > 0) {
      role = 'assault';
      if (f.kind === 'squad') squads.push(f.id);
    } else if (vehicles.some((v) => (v.type.capacity ?? 0) > 0 && v.type.class !== 'tank'))
      role = 'transport';
    else role = 'armour';
    roles.set(f.id, role);
  }
  // The last squads stay home, when there is a home to hold.
  if (hasHome) {
    for (const id of squads.sort().slice(squads.length - params.squadsAtHome))
      roles.set(id, 'defend');
  }
  return roles;
}

/** Where a man of a formation should stand in a zone: spread around its centre by his index. */
export function spotIn(zone: Zone, index: number, count: number, spread = 1.6): TablePoint {
  if (count <= 1) return zone.centre;
  const ring = Math.floor(index / 6) + 1;
  const angle = (index / Math.min(6, count)) * 2 * Math.PI;
  return tablePoint(
    zone.centre.x + Math.cos(angle) * spread * ring * 0.7,
    zone.centre.y + Math.sin(angle) * spread * ring,
  );
}

/** The nearest of some units to a point, or undefined. */
export function nearest<U extends { at: readonly [number, number] }>(
  units: readonly U[],
  p: TablePoint,
): U | undefined {
  let best: U | undefined;
  let bestD = Infinity;
  for (const u of units) {
    const d = distance(p, tablePoint(u.at[0], u.at[1]));
    if (d < bestD) {
      bestD = d;
      best = u;
    }
  }
  return best;
}
