import type { BotStyle, SideTurn } from '../../game/gameDef';
import { SideTurnBuilder } from '../../game/sideTurn';
import { tablePoint } from '../../geometry/units';
import {
  attacksOf,
  boostOf,
  checkMove,
  currentActor,
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
  objectiveToPlace,
  terrainRollPending,
  terrainToPlace,
  oddsOf,
  planShot,
  pointPolygonDistance,
  someLegalMove,
  sightBetween,
  speedOf,
  tanksReducer,
  type ShotOptions,
  type SightResult,
  type ModelState,
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
 *   (with the Speed tokens the move gives it), plus holding objectives; Defensive Measures are
 *   one of the choices, taken when it is exposed and has nothing to shoot;
 * - shooting, it takes the shot with the best expected damage and chance to destroy;
 * - cancelling, it takes the book's usual choice (the target cancels Criticals, the shooter Hits).
 * Its face-down cards are turned up the first time it acts, so their effects apply.
 */

const WEIGHTS: Record<BotStyle, { offence: number; threat: number; approach: number }> = {
  cautious: { offence: 0.8, threat: 1.4, approach: 0.01 },
  balanced: { offence: 1, threat: 1, approach: 0.02 },
  aggressive: { offence: 1.3, threat: 0.6, approach: 0.04 },
};

const setModel = (state: TanksState, m: ModelState): TanksState => ({
  ...state,
  models: { ...state.models, [m.id]: m },
});

/**
 * The best shot one model could make at another with any of its weapons: expected damage and
 * kill; 0 when it has none. The line of sight, the same for every weapon, is drawn once, briefly.
 */
function shotValue(ctx: TanksContext, state: TanksState, shooter: string, target: string): number {
  let sight: SightResult | undefined;
  const options: ShotOptions = {
    sight: () => (sight ??= sightBetween(ctx, state, shooter, target, { brief: true })),
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

/** The best shot a model could make at anyone from where it stands: expected damage and kill. */
function bestShotValue(ctx: TanksContext, state: TanksState, shooter: string): number {
  let best = 0;
  for (const e of enemiesOf(ctx, state, info(ctx, shooter).side))
    best = Math.max(best, shotValue(ctx, state, shooter, e));
  return best;
}

function enemiesOf(ctx: TanksContext, state: TanksState, side: string): string[] {
  return ctx.order.filter((id) => info(ctx, id).side !== side && inPlay(state.models[id]));
}

/** How much a model standing here (with this Speed token) is worth to its side now. */
function placeValue(ctx: TanksContext, state: TanksState, unit: string, style: BotStyle): number {
  const w = WEIGHTS[style];
  const side = info(ctx, unit).side;
  const me = state.models[unit]!;
  const offence = bestShotValue(ctx, state, unit);
  let threat = 0;
  let nearest = Infinity;
  for (const e of enemiesOf(ctx, state, side)) {
    const em = state.models[e]!;
    nearest = Math.min(nearest, Math.hypot(em.at![0] - me.at![0], em.at![1] - me.at![1]));
    threat += shotValue(ctx, state, e, unit);
  }
  let objective = 0;
  if (info(ctx, unit).card.kind === 'tank') {
    for (const o of objectivesOf(ctx, state)) {
      const c = objectiveCentre(o);
      if (!c) continue;
      const scores =
        ctx.mission?.scorer === 'attacker'
          ? side === state.attacker
          : ctx.mission?.scorer === 'placer'
            ? o.owner === side
            : o.owner
              ? o.owner === side
              : true;
      const f = footprintAt(ctx, unit, me.at!, me.facing);
      const d = f.shape === 'hull' ? pointPolygonDistance(tablePoint(c[0], c[1]), f.corners) : 0;
      if (scores) objective += d <= ctx.rules.holdDistance ? 1.5 : -0.08 * d;
      // Standing near an objective the enemy scores spoils its hold.
      else if (d <= ctx.rules.holdDistance && holderOf(ctx, state, o) !== side) objective += 0.6;
    }
  }
  const approach = offence === 0 && Number.isFinite(nearest) ? -w.approach * nearest : 0;
  return w.offence * offence - w.threat * threat + objective + approach;
}

interface Choice {
  readonly action: TanksAction;
  readonly value: number;
}

/** Candidate single moves for a model: headings all round, full and half arrow, both ends first. */
function candidateMoves(ctx: TanksContext, state: TanksState, m: ModelState): TanksAction[] {
  const heli = isHelicopter(ctx, m.id);
  const len = moveLength(ctx, m.id);
  const out: TanksAction[] = [];
  const elevations: (undefined | 'low' | 'high')[] =
    heli && !m.elevationSwitched
      ? [undefined, m.elevation === 'high' ? 'low' : 'high']
      : [undefined];
  for (let k = 0; k < 12; k++) {
    const heading = k * 30;
    for (const distance of [len, len / 2]) {
      const facings = heli ? [heading, m.facing] : [heading, (heading + 180) % 360];
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

/** The bot's next movement step for the acting model: a move, Defensive Measures, or stop. */
function movementStep(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  style: BotStyle,
): TanksAction {
  const m = state.models[unit]!;
  const side = info(ctx, unit).side;
  const speed = speedOf(ctx, state, unit);
  const stopValue = placeValue(ctx, setModel(state, { ...m, speedToken: m.moves }), unit, style);
  const mustMove =
    hasKeyword(ctx, state, unit, 'Predator') && m.moves === 0 && someLegalMove(ctx, state, m);
  let best: Choice | undefined = mustMove
    ? undefined
    : { action: { type: 'endPhase', side }, value: stopValue };
  if (m.moves === 0 && !mustMove) {
    const v = placeValue(ctx, setModel(state, { ...m, speedToken: speed }), unit, style);
    if (v > best!.value + 1e-9)
      best = { action: { type: 'defend', unit, tokens: speed }, value: v };
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
    const v = placeValue(ctx, setModel(state, moved), unit, style);
    if (!best || v > best.value + 1e-9) best = { action: a, value: v };
  }
  if (best) return best.action;
  return { type: 'defend', unit, tokens: Math.max(1, speed) };
}

function deploymentStep(
  ctx: TanksContext,
  state: TanksState,
  unit: string,
  style: BotStyle,
): TanksAction {
  const side = info(ctx, unit).side;
  const zones = zonesOf(ctx, state, side);
  let best: Choice | undefined;
  for (let x = 0.5; x < ctx.table.width; x += 1.5) {
    for (let y = 0.5; y < ctx.table.height; y += 1.5) {
      const at: [number, number] = [x, y];
      if (!zones.some((z) => inShape(tablePoint(x, y), z, ctx.table))) continue;
      const facing = facingInto(ctx, at);
      if (deployProblem(ctx, state, unit, at, facing, undefined)) continue;
      const placed = setModel(state, { ...state.models[unit]!, at, facing });
      const v = placeValue(ctx, placed, unit, style);
      if (!best || v > best.value)
        best = { action: { type: 'deploy', unit, at, facing }, value: v };
    }
  }
  if (best) return best.action;
  // No legal place found on the bot's grid: say so through the reducer's refusal.
  return { type: 'deploy', unit, at: [ctx.table.width / 2, ctx.table.height / 2], facing: 0 };
}

function shootingStep(ctx: TanksContext, state: TanksState, unit: string): TanksAction {
  const side = info(ctx, unit).side;
  let best: Choice | undefined;
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
          };
      }
    }
  }
  return best?.action ?? { type: 'endPhase', side };
}

/** Plays a side until another side must act (or the game ends). */
export function botTurn(
  ctx: TanksContext,
  start: TanksState,
  side: string,
  style: BotStyle = 'balanced',
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
      const spot = defaultTerrainSpot(ctx, state);
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
        : apply({ type: 'cancel', side, criticals: defaultCancel(p) });
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
    if (state.phase === 'deployment')
      action =
        m.at === null
          ? deploymentStep(ctx, state, unit, style)
          : movementStep(ctx, state, unit, style);
    else if (state.phase === 'movement') action = movementStep(ctx, state, unit, style);
    else action = shootingStep(ctx, state, unit);
    if (!apply(action)) {
      // Whatever went wrong, the turn must not stall: pass this model's turn.
      if (!apply({ type: 'endPhase', side })) break;
    }
  }
  return turn.done();
}
