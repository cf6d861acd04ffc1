import type { BotStyle, SideTurn } from '../../game/gameDef';
import { SideTurnBuilder } from '../../game/sideTurn';
import { tablePoint } from '../../geometry/units';
import { contactMap, vantageMap } from './contact';
import {
  attacksOf,
  boostOf,
  cancelChoices,
  checkMove,
  criticalDamage,
  currentActor,
  deckDamage,
  defaultCancel,
  deployProblem,
  defaultSplit,
  facingInto,
  footprintAt,
  hasKeyword,
  holderOf,
  info,
  inPlay,
  inShape,
  isHelicopter,
  isRefusal,
  isRefused,
  moveLength,
  objectiveCentre,
  objectivesOf,
  defaultObjectiveSpot,
  defaultTerrainSpot,
  poolPiece,
  terrainPlaceProblem,
  objectiveToPlace,
  terrainRollPending,
  terrainToPlace,
  oddsOf,
  planShot,
  pointPolygonDistance,
  someLegalMove,
  sightBetween,
  statOf,
  speedOf,
  squareFacings,
  tanksReducer,
  gameEnd,
  timeLimitOut,
  timeOut,
  type ShotOdds,
  type ShotOptions,
  type SightResult,
  type ModelState,
  type PendingCancel,
  type TanksAction,
  type TanksContext,
  type TanksEvent,
  type TanksState,
  type Weapon,
  zonesOf,
} from './rules';

/**
 * The TANKS bot. It plays one activation at a time, as a player would:
 * - deploying, it takes the place in its zone that the enemy can shoot least and that lies
 *   nearest the objectives or the enemy;
 * - moving, it weighs each place it could reach by its exact odds: the damage it could deal
 *   from there (Stationary if it stays put) against the damage every enemy could deal it there
 *   (with the Speed tokens the move gives it), plus holding objectives, and what the place is worth
 *   to hold: the exchange from there once it stands still (Stationary) from next turn, so a move
 *   into cover, hull-down behind a building's corner or inside a wood, is worth this turn's poorer
 *   shot; Defensive Measures are one of the choices, taken when it is exposed and has nothing to
 *   shoot;
 * - it never sits a game out: unless holding back serves an aim it can name (ahead at the turn
 *   limit with the end near, so the enemy must come to it, or objectives to hold), it presses:
 *   a place with a shot beats any without, and with no shot it goes the shortest way round the
 *   terrain to the nearest place it could shoot from (contact.ts);
 * - shooting, it takes the shot with the best expected damage and chance to destroy, and holds
 *   fire only when no shot could do Damage, saying so;
 * - cancelling, it takes the book's usual choice (the target cancels Criticals, the shooter Hits).
 * Its face-down cards are turned up the first time it acts, so their effects apply. Each side turn
 * carries notes in words: the plan (advance on, firing position, hold) and why it held fire.
 */

const WEIGHTS: Record<
  BotStyle,
  {
    offence: number;
    threat: number;
    /** Value of an inch nearer a firing position, for a place with no shot. */
    approach: number;
    /** Turns before the end within which a side ahead at the turn limit holds back (0: never). */
    hold: number;
  }
> = {
  cautious: { offence: 0.8, threat: 1.4, approach: 0.25, hold: 3 },
  balanced: { offence: 1, threat: 1, approach: 0.3, hold: 2 },
  aggressive: { offence: 1.3, threat: 0.6, approach: 0.4, hold: 0 },
};

/**
 * What a place with a shot is worth over any without while the bot presses for a fight: more than
 * any exchange of odds can take away, so pressing always ends where it can shoot when it can.
 */
const CONTACT = 10;

/**
 * What the exchange of shots from a place, held Stationary from next turn, counts beside this
 * turn's: about the turns a duel of TANKS lasts after this one.
 */
const HOLD = 2;

/** Turns of full moves within which a vantage spot draws a tank pressing for a fight. */
const VANTAGE_TURNS = 3;

/** What an inch nearer a vantage spot is worth at even weights of offence and threat. */
const VANTAGE_PULL = 0.3;

/** Inches from a vantage spot's square within which a place is judged by its own shot alone. */
const VANTAGE_NEAR = 2;

/** The least a shot counts and the most the enemy's odds count while pressing, any style. */
const PRESS_OFFENCE = 1;
const PRESS_THREAT = 1.1;

/** Why the bot moves as it does this activation: press for a fight, hold, or deploy. */
interface Aim {
  readonly kind: 'press' | 'hold' | 'objectives' | 'deploy';
  /** In words, for the notes. */
  readonly why: string;
}

const setModel = (state: TanksState, m: ModelState): TanksState => ({
  ...state,
  models: { ...state.models, [m.id]: m },
});

/** Sights drawn for one place, by shooter and target: the same for the place's every Speed token. */
type Sights = Map<string, SightResult>;

/**
 * The best shot one model could make at another with any of its weapons: expected damage and
 * kill; 0 when it has none. The line of sight, the same for every weapon, is drawn once, briefly
 * (once for the place, with `sights`).
 */
function shotValue(
  ctx: TanksContext,
  state: TanksState,
  shooter: string,
  target: string,
  sights: Sights = new Map(),
): number {
  const key = `${shooter}|${target}`;
  const options: ShotOptions = {
    sight: () => {
      let sight = sights.get(key);
      if (!sight)
        sights.set(key, (sight = sightBetween(ctx, state, shooter, target, { brief: true })));
      return sight;
    },
  };
  let best = 0;
  for (const w of attacksOf(ctx, state, shooter)) {
    const plan = planShot(ctx, state, shooter, target, w, false, options);
    if (isRefused(plan)) continue;
    const o = oddsOf(ctx, state, plan);
    best = Math.max(best, o.expectedDamage + 2 * o.pDestroyed);
  }
  return best;
}

/** The best shot a model could make at anyone from where it stands, and at whom. */
function bestShot(
  ctx: TanksContext,
  state: TanksState,
  shooter: string,
  sights?: Sights,
): { value: number; target: string | undefined } {
  let best = 0;
  let target: string | undefined;
  for (const e of enemiesOf(ctx, state, info(ctx, shooter).side)) {
    const v = shotValue(ctx, state, shooter, e, sights);
    if (v > best) {
      best = v;
      target = e;
    }
  }
  return { value: best, target };
}

function enemiesOf(ctx: TanksContext, state: TanksState, side: string): string[] {
  return ctx.order.filter((id) => info(ctx, id).side !== side && inPlay(state.models[id]));
}

/** What a place is worth to a model, and what it is worth for. */
interface PlaceValue {
  readonly value: number;
  /** The best shot from there (0: none) and its target. */
  readonly offence: number;
  readonly target: string | undefined;
  /** What every enemy could deal the model there. */
  readonly threat: number;
  /** Inches to the nearest firing position (0 on one; Infinity when none can be reached). */
  readonly toContact: number;
}

/** How much a model standing here (with this Speed token) is worth to its side now. */
function placeValue(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  style: BotStyle,
  aim: Aim,
): PlaceValue {
  const w = WEIGHTS[style];
  const side = info(ctx, unit).side;
  const me = state.models[unit]!;
  const sights: Sights = new Map();
  const shot = bestShot(ctx, state, unit, sights);
  const offence = shot.value;
  let threat = 0;
  let nearest = Infinity;
  for (const e of enemiesOf(ctx, state, side)) {
    const em = state.models[e]!;
    nearest = Math.min(nearest, Math.hypot(em.at![0] - me.at![0], em.at![1] - me.at![1]));
    threat += shotValue(ctx, state, e, unit, sights);
  }
  // The place as one to hold: the shots both ways once the model stands still there next turn
  // (Stationary, no Speed token), the enemy where it stands. A move that ends in cover pays for
  // its own poor shot this turn with the even exchange it can keep; one that only dodges (Speed
  // tokens in the open) does not. Judged at even weights whatever the style: it is what the
  // place is worth, not how boldly the bot plays this turn. A helicopter's cover is its flight
  // (Speed tokens, elevation), so it is judged by this turn alone, as before (and its many ways
  // to move would double the bot's cost).
  let holdOffence = offence;
  let holdThreat = threat;
  if (me.speedToken > 0 && aim.kind !== 'deploy' && !isHelicopter(ctx, unit)) {
    const still = setModel(state, { ...me, speedToken: 0 });
    holdOffence = bestShot(ctx, still, unit, sights).value;
    holdThreat = 0;
    for (const e of enemiesOf(ctx, still, side))
      holdThreat += shotValue(ctx, still, e, unit, sights);
  }
  let objective = 0;
  if (info(ctx, unit).card.kind === 'tank') {
    for (const o of objectivesOf(ctx, state)) {
      const c = objectiveCentre(o);
      if (!c) continue;
      const scores = scoresFor(ctx, state, side, o);
      const f = footprintAt(ctx, unit, me.at!, me.facing);
      const d = f.shape === 'hull' ? pointPolygonDistance(tablePoint(c[0], c[1]), f.corners) : 0;
      if (scores) objective += d <= ctx.rules.holdDistance ? 1.5 : -0.08 * d;
      // Standing near an objective the enemy scores spoils its hold.
      else if (d <= ctx.rules.holdDistance && holderOf(ctx, state, o) !== side) objective += 0.6;
    }
  }
  // With no shot from here: the way to the nearest place with one, round the terrain (or
  // straight to the nearest enemy when the map finds none).
  let toContact = 0;
  if (offence === 0 && Number.isFinite(nearest)) {
    const map = contactMap(ctx, state, unit);
    toContact = map.reachable ? map.distance(me.at!) : nearest;
  }
  const pull = aim.kind === 'deploy' ? 0.02 : aim.kind === 'hold' ? 0 : w.approach;
  const approach = offence === 0 && Number.isFinite(toContact) ? -pull * toContact : 0;
  const contact = aim.kind === 'press' && offence > 0 ? CONTACT : 0;
  // Pressing, a cautious bot still trades shots: a draw at the limit wins nothing, and a shot is
  // worth at least what the same odds against it cost.
  const wo = aim.kind === 'press' ? Math.max(w.offence, PRESS_OFFENCE) : w.offence;
  const wt = aim.kind === 'press' ? Math.min(w.threat, PRESS_THREAT) : w.threat;
  // Pressing, a vantage spot within a few turns' moves (where it could shoot and no enemy could
  // shoot it, as they stand) draws the tank to it, out of sight on the way where it can be: the
  // way there counts as a place to fight from, nearer better, by the style's own odds (an inch
  // nearer outweighs what a bold style makes of an exchange on the way as a careful one's).
  let vantage = 0;
  if (aim.kind === 'press' && info(ctx, unit).card.kind === 'tank') {
    const map = vantageMap(ctx, state, unit);
    if (map.reachable) {
      const reach = VANTAGE_TURNS * speedOf(ctx, state, unit) * moveLength(ctx, unit);
      const d = map.distance(me.at!);
      // Come to a spot the map took for one and found no shot there: the map's squares are
      // coarse, so the place is judged as it is.
      if (d <= reach && (offence > 0 || d > VANTAGE_NEAR))
        vantage = VANTAGE_PULL * (wo / wt) * (reach - d) + (offence > 0 ? 0 : CONTACT);
    }
  }
  // Deploying, the place is judged as before: where the enemy can shoot it least.
  const hold =
    aim.kind === 'deploy' || isHelicopter(ctx, unit) ? 0 : HOLD * (holdOffence - holdThreat);
  return {
    value: wo * offence - wt * threat + hold + objective + approach + contact + vantage,
    offence,
    target: shot.target,
    threat,
    toContact,
  };
}

/**
 * What this activation's moves are for. A side ahead if the game ended now holds back in the
 * last turns (its style's `hold`): the enemy must come to it. A side with objectives to score
 * goes for them. Any other presses for a fight: a draw at the turn limit wins nothing.
 */
function aimOf(ctx: TanksContext, state: TanksState, side: string, style: BotStyle): Aim {
  const end = gameEnd(ctx, state);
  const left = end ? end.turn - state.turn : Infinity;
  const verdict = state.turnLimit === undefined ? timeLimitOut(ctx, state) : timeOut(ctx, state);
  if (verdict.winner === side && left <= WEIGHTS[style].hold)
    return {
      kind: 'hold',
      why: `${verdict.reason} (${left} turn${left === 1 ? '' : 's'} to go): the enemy must come`,
    };
  for (const o of objectivesOf(ctx, state))
    if (scoresFor(ctx, state, side, o))
      return { kind: 'objectives', why: `${o.name ?? o.id} to hold` };
  return { kind: 'press', why: 'a draw at the turn limit wins nothing' };
}

/** Whether holding this objective scores for the side (TK-9, by the mission's scorer). */
function scoresFor(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  o: ReturnType<typeof objectivesOf>[number],
): boolean {
  return ctx.mission?.scorer === 'attacker'
    ? side === state.attacker
    : ctx.mission?.scorer === 'placer'
      ? o.owner === side
      : o.owner
        ? o.owner === side
        : true;
}

/**
 * Candidate single moves for a model: headings all round, full and half arrow. A tank ends each
 * facing along its move, or, of the four ways it may end square to the arrow (TK-A9), the one
 * nearest to facing the nearest enemy: a tank that slides sideways into cover keeps its front to
 * the enemy, where ending along its move turned it side-on and an enemy moving after it took the
 * Side Shot. (Ending back along the arrow, which the bot weighed before, is that way when it
 * backs away from the enemy.)
 */
function candidateMoves(ctx: TanksContext, state: TanksState, m: ModelState): TanksAction[] {
  const heli = isHelicopter(ctx, m.id);
  const len = moveLength(ctx, m.id);
  const out: TanksAction[] = [];
  const elevations: (undefined | 'low' | 'high')[] =
    heli && !m.elevationSwitched
      ? [undefined, m.elevation === 'high' ? 'low' : 'high']
      : [undefined];
  const enemy = heli ? undefined : nearestEnemyBearing(ctx, state, m);
  for (let k = 0; k < 12; k++) {
    const heading = k * 30;
    for (const distance of [len, len / 2]) {
      const facings = heli
        ? [heading, m.facing]
        : enemy === undefined
          ? [heading, (heading + 180) % 360]
          : facingsToward(heading, enemy);
      for (const facing of facings)
        for (const elevation of elevations)
          out.push({
            type: 'move',
            unit: m.id,
            heading,
            distance,
            facing,
            ...(elevation ? { elevation } : {}),
          });
    }
  }
  return out;
}

/** The bearing (degrees clockwise from east, as facings) to the nearest enemy in play. */
function nearestEnemyBearing(
  ctx: TanksContext,
  state: TanksState,
  m: ModelState,
): number | undefined {
  let best: number | undefined;
  let d = Infinity;
  for (const e of enemiesOf(ctx, state, info(ctx, m.id).side)) {
    const at = state.models[e]!.at!;
    const k = Math.hypot(at[0] - m.at![0], at[1] - m.at![1]);
    if (k < d) {
      d = k;
      best = (Math.atan2(at[1] - m.at![1], at[0] - m.at![0]) * 180) / Math.PI;
    }
  }
  return best;
}

/** The heading itself, and the facing square to it nearest the bearing, if another. */
function facingsToward(heading: number, bearing: number): number[] {
  let toward = heading;
  let off = Infinity;
  for (const f of squareFacings(heading)) {
    const a = Math.abs(((f - bearing + 540) % 360) - 180);
    if (a < off - 1e-9) {
      off = a;
      toward = f;
    }
  }
  return toward === heading ? [heading] : [heading, toward];
}

interface Choice {
  readonly action: TanksAction;
  readonly place: PlaceValue;
}

/** The bot's next movement step for the acting model: a move, Defensive Measures, or stop. */
function movementStep(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  style: BotStyle,
  aim: Aim,
  note: (text: string) => void,
): TanksAction {
  const m = state.models[unit]!;
  const side = info(ctx, unit).side;
  const speed = speedOf(ctx, state, unit);
  const stay = placeValue(ctx, setModel(state, { ...m, speedToken: m.moves }), unit, style, aim);
  const mustMove =
    hasKeyword(ctx, state, unit, 'Predator') && m.moves === 0 && someLegalMove(ctx, state, m);
  let best: Choice | undefined = mustMove
    ? undefined
    : { action: { type: 'endPhase', side }, place: stay };
  // Defensive Measures cost the model's own shots the Speed tokens too (TK-6.6): while pressing
  // for a fight it takes them only with nothing to shoot.
  if (m.moves === 0 && !mustMove && (aim.kind !== 'press' || stay.offence === 0)) {
    const v = placeValue(ctx, setModel(state, { ...m, speedToken: speed }), unit, style, aim);
    if (v.value > best!.place.value + 1e-9)
      best = { action: { type: 'defend', unit, tokens: speed }, place: v };
  }
  for (const a of candidateMoves(ctx, state, m)) {
    if (a.type !== 'move') continue;
    const r = checkMove(ctx, state, m, a.heading, a.distance, a.facing, a.elevation);
    if (isRefusal(r)) continue;
    const moved: ModelState = {
      ...m,
      at: r.to,
      facing: r.facing,
      elevation: r.elevation,
      moves: m.moves + 1,
      speedToken: m.moves + 1,
    };
    const v = placeValue(ctx, setModel(state, moved), unit, style, aim);
    if (!best || v.value > best.place.value + 1e-9) best = { action: a, place: v };
  }
  const turn = pivot(ctx, state, m, style, aim, speed, best?.place.value ?? -Infinity);
  if (turn) {
    note(
      `${info(ctx, unit).name} turns on its spot, out along the arrow and back, to face ${Math.round(turn.facing)}°: its hull there is worth the Speed tokens (${turn.place.threat.toFixed(1)} Damage expected against it, ${stay.threat.toFixed(1)} as it stands)`,
    );
    return turn.action;
  }
  const action = best?.action ?? { type: 'defend', unit, tokens: Math.max(1, speed) };
  note(planNote(ctx, state, unit, aim, action, best?.place ?? stay, stay));
  return action;
}

/**
 * A tank turns only by moving (TK-4.3): out along the arrow and back is the way to face another
 * way on the same spot, with two Speed tokens. Its hull then lies another way, and a hull turned
 * behind a building's corner can leave the enemy fewer than three clear corners (cover, TK-5.8)
 * where it had none: the M1 of Your First Game, behind the Cottage, gains cover by facing west.
 * Weighed at the tank's first move of a turn with Speed 2 or more: the spot, faced each of the
 * twelve ways the bot's moves can end, as a place like any other (so it is taken only when the
 * hull there is worth the tokens against moving or standing); the facing it has is left out, as
 * out and back facing the same way is Defensive Measures by another name (which a bot pressing
 * for a fight with a shot does not take). The move returned is the way out; the bot's next step
 * weighs the way back among its moves, and takes it or better.
 */
function pivot(
  ctx: TanksContext,
  state: TanksState,
  m: ModelState,
  style: BotStyle,
  aim: Aim,
  speed: number,
  beat: number,
): { action: TanksAction; place: PlaceValue; facing: number } | undefined {
  if (m.moves !== 0 || speed < 2 || aim.kind === 'deploy' || isHelicopter(ctx, m.id)) return;
  const sameWay = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180) < 1e-6;
  const ways: { facing: number; value: number }[] = [];
  for (let k = 0; k < 12; k++) {
    const facing = k * 30;
    if (Math.abs(((facing - m.facing + 540) % 360) - 180) < 1) continue;
    const turned: ModelState = { ...m, facing, moves: 2, speedToken: 2 };
    const value = placeValue(ctx, setModel(state, turned), m.id, style, aim).value;
    if (value > beat + 1e-9) ways.push({ facing, value });
  }
  ways.sort((a, b) => b.value - a.value);
  const len = moveLength(ctx, m.id);
  // The best facing first; one the hull cannot take there (terrain, a wreck) is passed over.
  for (const way of ways.slice(0, 3))
    for (const distance of [len / 2, len])
      for (let k = 0; k < 12; k++) {
        const heading = k * 30;
        const back = (heading + 180) % 360;
        const out = checkMove(ctx, state, m, heading, distance, heading, undefined);
        if (isRefusal(out)) continue;
        const moved: ModelState = {
          ...m,
          at: out.to,
          facing: out.facing,
          moves: 1,
          speedToken: 1,
        };
        const there = setModel(state, moved);
        // The way back must offer the facing among the bot's own moves (along the arrow, or
        // square to it toward the nearest enemy), so its next step weighs it.
        const bearing = nearestEnemyBearing(ctx, there, moved);
        const facings =
          bearing === undefined ? [back, (back + 180) % 360] : facingsToward(back, bearing);
        if (!facings.some((f) => sameWay(f, way.facing))) continue;
        const home = checkMove(ctx, there, moved, back, distance, way.facing, undefined);
        if (isRefusal(home)) continue;
        const ended: ModelState = {
          ...moved,
          at: home.to,
          facing: home.facing,
          moves: 2,
          speedToken: 2,
        };
        const place = placeValue(ctx, setModel(there, ended), m.id, style, aim);
        if (place.value <= beat + 1e-9) continue;
        return {
          action: { type: 'move', unit: m.id, heading, distance, facing: heading },
          place,
          facing: way.facing,
        };
      }
  return undefined;
}

/** The plan behind a model's movement step, in words. */
function planNote(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  aim: Aim,
  action: TanksAction,
  place: PlaceValue,
  stay: PlaceValue,
): string {
  const name = info(ctx, unit).name;
  const at = (p: PlaceValue) => (p.target ? info(ctx, p.target).name : 'the enemy');
  const nearest = () => {
    const side = info(ctx, unit).side;
    const me = state.models[unit]!;
    let best: string | undefined;
    let d = Infinity;
    for (const e of enemiesOf(ctx, state, side)) {
      const em = state.models[e]!;
      const k = Math.hypot(em.at![0] - me.at![0], em.at![1] - me.at![1]);
      if (k < d) {
        d = k;
        best = e;
      }
    }
    return best ? info(ctx, best).name : 'the enemy';
  };
  if (action.type === 'defend')
    return `${name} takes Defensive Measures: exposed with no shot worth more than cover`;
  const moving = action.type === 'move';
  switch (aim.kind) {
    case 'hold':
      return moving
        ? `${name} holds back, out of the worst of the fire: ${aim.why}`
        : `${name} holds its ground: ${aim.why}`;
    case 'objectives':
      return `${name} ${moving ? 'moves' : 'stays'} for the objectives: ${aim.why}`;
    case 'deploy':
      return `${name} deploys where the enemy can shoot it least`;
    case 'press':
      if (place.offence > 0)
        return moving
          ? `${name} takes a firing position against ${at(place)}`
          : `${name} stays in its firing position against ${at(place)}`;
      if (!Number.isFinite(stay.toContact) && !Number.isFinite(place.toContact))
        return `${name} has no enemy in play to go after`;
      return `${name} advances on ${nearest()}: no shot from here, about ${Math.round(place.toContact)}" to the nearest place with one`;
  }
}

function deploymentStep(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  style: BotStyle,
): TanksAction {
  const side = info(ctx, unit).side;
  const zones = zonesOf(ctx, state, side);
  const aim: Aim = { kind: 'deploy', why: 'deploying' };
  let best: { action: TanksAction; value: number } | undefined;
  for (let x = 0.5; x < ctx.table.width; x += 1.5) {
    for (let y = 0.5; y < ctx.table.height; y += 1.5) {
      const at: [number, number] = [x, y];
      if (!zones.some((z) => inShape(tablePoint(x, y), z, ctx.table))) continue;
      const facing = facingInto(ctx, at);
      if (deployProblem(ctx, state, unit, at, facing, undefined)) continue;
      const placed = setModel(state, { ...state.models[unit]!, at, facing });
      const v = placeValue(ctx, placed, unit, style, aim).value;
      if (!best || v > best.value)
        best = { action: { type: 'deploy', unit, at, facing }, value: v };
    }
  }
  if (best) return best.action;
  // No legal place found on the bot's grid: say so through the reducer's refusal.
  return { type: 'deploy', unit, at: [ctx.table.width / 2, ctx.table.height / 2], facing: 0 };
}

const WEAPON_WORDS: Record<Weapon, string> = {
  gun: 'gun',
  missiles: 'missiles',
  rapidFire: 'Rapid Fire',
};

function shootingStep(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  note: (text: string) => void,
): TanksAction {
  const side = info(ctx, unit).side;
  const name = info(ctx, unit).name;
  let best: { action: TanksAction; value: number; odds: ShotOdds; target: string } | undefined;
  const hasBoost = boostOf(ctx, state, unit).dice > 0;
  for (const e of enemiesOf(ctx, state, side)) {
    for (const w of attacksOf(ctx, state, unit)) {
      for (const boost of hasBoost ? [false, true] : [false]) {
        const plan = planShot(ctx, state, unit, e, w as Weapon, boost);
        if (isRefused(plan)) continue;
        const o = oddsOf(ctx, state, plan);
        // A once-a-game boost is kept for a shot it changes much.
        const v = o.expectedDamage + 3 * o.pDestroyed - (boost ? 0.35 : 0);
        if (!best || v > best.value)
          best = {
            action: {
              type: 'shoot',
              unit,
              target: e,
              weapon: w,
              ...(boost ? { boost: true } : {}),
            },
            value: v,
            odds: o,
            target: e,
          };
      }
    }
  }
  if (!best) {
    note(`${name} has no shot: no enemy in its sight and arc`);
    return { type: 'endPhase', side };
  }
  if (best.odds.expectedDamage <= 0 && best.odds.pDestroyed <= 0) {
    note(`${name} holds fire: no shot it has can do Damage`);
    return { type: 'endPhase', side };
  }
  const a = best.action;
  note(
    `${name} fires ${a.type === 'shoot' ? WEAPON_WORDS[a.weapon] : 'gun'}${a.type === 'shoot' && a.boost ? ' with its once-a-game dice' : ''} at ${info(ctx, best.target).name}: ${best.odds.expectedDamage.toFixed(1)} Damage expected, ${Math.round(100 * best.odds.pDestroyed)}% to destroy`,
  );
  return a;
}

/**
 * How many Criticals the bot cancels with its dice (TK-6.7): the choice that gives the shooter
 * the best chance, and the target the least, that this shot destroys the target (the other side
 * then allocating its dice the usual way, the Critical cards drawn from the deck as it stands);
 * the book's usual choice (`defaultCancel`) when it makes no difference. Near the end of a duel
 * it does: with one Damage left a Hit destroys for certain, a Critical only when its card deals
 * Damage.
 */
function cancelChoice(ctx: TanksContext, state: TanksState, p: PendingCancel): number {
  const usual = defaultCancel(p);
  const c = cancelChoices(p);
  if (c.min === c.max) return usual;
  const left = Math.max(
    0,
    statOf(ctx, state, p.target, 'damageCapacity') - state.models[p.target]!.damage,
  );
  const deck = deckDamage(ctx, state, info(ctx, p.target).card.kind);
  const destroys = (k: number): number => {
    let hits = p.hits - (c.dice - k);
    let crits = p.criticals - k;
    // The other side's dice, allocated the usual way: the target's 6s take Criticals first,
    // the shooter's 4s and 5s Hits first.
    if (p.chooser === 'shooter') {
      const six = Math.min(p.sixes, crits);
      crits -= six;
      hits -= Math.min(p.sixes - six, hits);
    } else {
      const four = Math.min(p.fours, hits);
      hits -= four;
      crits -= Math.min(p.fours - four, crits);
    }
    let chance = 0;
    for (const [damage, q] of criticalDamage(crits, deck.pile, deck.discard))
      if (hits + damage >= left) chance += q;
    return chance;
  };
  const wants = p.chooser === 'shooter' ? 1 : -1;
  let best = usual;
  let bestValue = wants * destroys(usual);
  for (let k = c.min; k <= c.max; k++) {
    const v = wants * destroys(k);
    if (v > bestValue + 1e-9) {
      best = k;
      bestValue = v;
    }
  }
  return best;
}

/** How the bot plays besides its style (the search bot's own side: game.ts `searchBot`). */
export interface BotOptions {
  /**
   * Placing terrain (TK-2.2), a Forest goes as near the side's own tank as TK-2.3 allows, so the
   * tank can drive into it, where it has Cover from everywhere and still sees out (TK-5.10);
   * buildings where the styles put them. On Terrain by players the T-64 so placed wins 30.8% of
   * the decided games against the balanced M1, 15.1% as the styles place it (200 games each),
   * and the M1 93.1%, 84.9% (docs/tanks-bot.md). The styles place as before.
   */
  readonly forestByTank?: boolean;
}

/**
 * Where a Forest goes by the side's own tank (see `BotOptions.forestByTank`): the half-inch spot
 * nearest the tank's centre that TK-2.2 and TK-2.3 allow, turned as the piece lies. Undefined
 * for a building, or where the side has no tank on the table yet or no spot is allowed.
 */
export function forestByTankSpot(
  ctx: TanksContext,
  state: TanksState,
): { at: [number, number]; rotation: number } | undefined {
  const next = terrainToPlace(state);
  if (!next?.side || poolPiece(ctx, next.id)?.type !== 'forest') return undefined;
  const tank = ctx.order.find(
    (id) =>
      info(ctx, id).side === next.side &&
      info(ctx, id).card.kind === 'tank' &&
      inPlay(state.models[id]),
  );
  const at = tank !== undefined ? state.models[tank]!.at : null;
  if (!at) return undefined;
  const spots: { x: number; y: number; d: number }[] = [];
  for (let y = 0.5; y < ctx.table.height; y += 0.5)
    for (let x = 0.5; x < ctx.table.width; x += 0.5)
      spots.push({ x, y, d: Math.hypot(x - at[0], y - at[1]) });
  spots.sort((a, b) => a.d - b.d);
  for (const { x, y } of spots)
    if (!terrainPlaceProblem(ctx, state, next.side, next.id, [x, y], next.rotation))
      return { at: [x, y], rotation: next.rotation };
  return undefined;
}

/** Plays a side until another side must act (or the game ends). */
export function botTurn(
  ctx: TanksContext,
  start: TanksState,
  side: string,
  style: BotStyle = 'balanced',
  options: BotOptions = {},
): SideTurn<TanksState, TanksAction, TanksEvent> {
  const turn = new SideTurnBuilder(tanksReducer(ctx), start);
  const apply = (a: TanksAction): boolean => turn.apply(a);
  while (turn.state.phase !== 'ended' && turn.step()) {
    const state = turn.state;
    // TK-2.2: the bot rolls off when asked, and puts its terrain where it gives its own side
    // cover (terrainPlacement.ts says where); with no legal spot left it passes, setting it aside.
    if (terrainRollPending(state)) {
      const asked = currentActor(ctx, state);
      if (!asked || info(ctx, asked).side !== side) break;
      if (!apply({ type: 'rollForTerrain', side })) break;
      continue;
    }
    const piece = terrainToPlace(state);
    if (piece) {
      if (piece.side !== side) break;
      const spot =
        (options.forestByTank ? forestByTankSpot(ctx, state) : undefined) ??
        defaultTerrainSpot(ctx, state);
      const ok = spot
        ? apply({
            type: 'placeTerrain',
            side,
            piece: piece.id,
            at: spot.at,
            rotation: spot.rotation,
          })
        : apply({ type: 'endPhase', side });
      if (!ok) break;
      continue;
    }
    // TK-2.4: the bot keeps the scenario's edge.
    if (state.edgeChoice === 'pending') {
      if (side !== state.defender || !apply({ type: 'endPhase', side })) break;
      continue;
    }
    // TK-9: the bot puts its objective token at the default spot (objectives.ts says why there).
    const token = objectiveToPlace(state);
    if (token) {
      const at = defaultObjectiveSpot(ctx, state);
      if (token.side !== side || !at) break;
      if (!apply({ type: 'placeObjective', side, objective: token.id, at })) break;
      continue;
    }
    if (state.pending) {
      const p = state.pending;
      if (info(ctx, p.chooser === 'target' ? p.target : p.shooter).side !== side) break;
      // TK-6.12: the bot splits its Criticals when the policy of the odds does.
      const ok = p.split
        ? apply({ type: 'split', side, criticals: defaultSplit(ctx, state) })
        : apply({ type: 'cancel', side, criticals: cancelChoice(ctx, state, p) });
      if (!ok) break;
      continue;
    }
    const unit = currentActor(ctx, state);
    if (!unit || info(ctx, unit).side !== side) break;
    // Face-down cards work only face up: the bot shows them the first time it acts.
    const hidden = ctx.order.flatMap((id) =>
      info(ctx, id).side === side
        ? state.models[id]!.cards.filter((c) => c.hidden).map((c) => ({ id, card: c.card }))
        : [],
    );
    if (hidden.length) {
      for (const h of hidden) apply({ type: 'reveal', unit: h.id, card: h.card });
      continue;
    }
    let action: TanksAction;
    const m = state.models[unit]!;
    const note = (text: string) => turn.note(text);
    if (state.phase === 'deployment')
      action =
        m.at === null
          ? deploymentStep(ctx, state, unit, style)
          : movementStep(ctx, state, unit, style, { kind: 'deploy', why: 'deploying' }, note);
    else if (state.phase === 'movement')
      action = movementStep(ctx, state, unit, style, aimOf(ctx, state, side, style), note);
    else action = shootingStep(ctx, state, unit, note);
    if (!apply(action)) {
      // Whatever went wrong, the turn must not stall: pass this model's turn.
      if (!apply({ type: 'endPhase', side })) break;
    }
  }
  return turn.done();
}
