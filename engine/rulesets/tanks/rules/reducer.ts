import { accepted, invalid, type Reduction } from '../../../game/reducer';
import { Dice } from '../../../random/dice';
import { advance } from './command';
import type { TanksContext } from './context';
import { enemyOf, info, sideName } from './context';
import { defaultDeployment, deployProblem, edgeChoices } from './deployment';
import { hasKeyword, inPlay, isHelicopter, speedOf } from './models';
import {
  defaultObjectiveSpot,
  objectiveLabel,
  objectivePlaceProblem,
  objectiveToPlace,
} from './objectives';
import { checkMove, isRefusal, placementProblem, someLegalMove } from './movement';
import { currentActor, mayActNow } from './order';
import {
  applyCancel,
  boostOf,
  cancelChoices,
  defaultCancel,
  isRefused,
  meanCriticalDamage,
  planShot,
  rollAttack,
  settleCancel,
} from './shooting';
import type { ModelState, PendingCancel, TanksAction, TanksEvent, TanksState } from './state';
import {
  defaultTerrainSpot,
  pieceLabel,
  terrainPlaceProblem,
  terrainRollPending,
  terrainToPlace,
  withPlacers,
} from './terrainPlacement';
import { gameEnd, timeLimitOut } from './victory';

/**
 * The TANKS rules as a pure reducer: `(state, action) -> {state, events} | invalid(reason, rule)`.
 * Each action is one step of a model's activation (TK-2.5, TK-4, TK-6) or a side's choice; after
 * it the game moves itself on through phases nobody acts in and the Command phase (TK-7).
 */

type Result = Reduction<TanksState, TanksEvent>;

const setModel = (state: TanksState, m: ModelState): TanksState => ({
  ...state,
  models: { ...state.models, [m.id]: m },
});

/** Ends a model's activation in this phase (`passed`: it did nothing in it). */
function finish(state: TanksState, unit: string, events: TanksEvent[], passed = false): TanksState {
  events.push({ type: 'ActivationEnded', unit, phase: state.phase, passed });
  return {
    ...state,
    acting: null,
    done: state.done.includes(unit) ? state.done : [...state.done, unit],
  };
}

export function tanksReducer(
  ctx: TanksContext,
): (state: TanksState, action: TanksAction) => Result {
  return (state, action) => {
    if (state.phase === 'ended') return invalid('the game is over', 'TK-7');
    const dice = new Dice(state.rng);
    const out = step(ctx, state, action, dice);
    if (!out.ok) return out;
    const flowed = advance(ctx, out.state, dice, gameEnd(ctx, state)?.turn);
    return accepted({ ...flowed.state, rng: dice.state() }, [...out.events, ...flowed.events]);
  };
}

/** Checks that a model exists and may take its turn now. */
function actor(ctx: TanksContext, state: TanksState, unit: string): ModelState | string {
  if (!ctx.models.has(unit)) return `no model "${unit}" in this game`;
  const m = state.models[unit]!;
  if (m.status !== 'active')
    return `${info(ctx, unit).name} is out of the game (${m.status === 'destroyed' ? 'destroyed' : 'removed'})`;
  const wrong = mayActNow(ctx, state, unit);
  if (wrong) return wrong;
  return m;
}

const ruleOfPhase = (state: TanksState) =>
  state.phase === 'shooting' ? 'TK-6.1' : state.phase === 'movement' ? 'TK-4.1' : 'TK-2.5';

function step(ctx: TanksContext, state: TanksState, action: TanksAction, dice: Dice): Result {
  if (
    state.pending &&
    action.type !== 'cancel' &&
    action.type !== 'split' &&
    action.type !== 'endPhase' &&
    action.type !== 'reveal'
  ) {
    const p = state.pending;
    const who = info(ctx, p.chooser === 'target' ? p.target : p.shooter).side;
    if (p.split)
      return invalid(
        `${sideName(ctx, who)} must first choose whether its Criticals become two Hits each`,
        'TK-6.12',
      );
    return invalid(
      `${sideName(ctx, who)} must first choose what its ${p.chooser === 'target' ? '6s' : '4s and 5s'} cancel`,
      'TK-6.7',
    );
  }
  // The terrain goes down before anything else (TK-2.2).
  const terrainStep =
    action.type === 'rollForTerrain' ||
    action.type === 'turnTerrain' ||
    action.type === 'placeTerrain' ||
    action.type === 'endPhase' ||
    action.type === 'reveal';
  if (terrainRollPending(state) && !terrainStep)
    return invalid(
      'the players first roll off for the terrain: the higher roller places the first Forest',
      'TK-2.2',
    );
  const piece = terrainToPlace(state);
  if (piece && !terrainStep)
    return invalid(
      `${sideName(ctx, piece.side!)} first places ${pieceLabel(ctx, piece.id)}; the terrain goes down before the roles, the edges and the models`,
      'TK-2.2',
    );
  const terrainOpen = terrainRollPending(state) || piece !== undefined;
  if (
    !terrainOpen &&
    state.edgeChoice === 'pending' &&
    action.type !== 'chooseEdge' &&
    action.type !== 'endPhase' &&
    action.type !== 'reveal'
  )
    return invalid(
      `${sideName(ctx, state.defender)} (Defender) first chooses its table edge; ${sideName(ctx, state.attacker)} takes the opposite one`,
      'TK-2.4',
    );
  const placing =
    terrainOpen || state.edgeChoice === 'pending' ? undefined : objectiveToPlace(state);
  if (
    placing &&
    action.type !== 'placeObjective' &&
    action.type !== 'endPhase' &&
    action.type !== 'reveal'
  )
    return invalid(
      `${sideName(ctx, placing.side)} first places ${objectiveLabel(ctx, placing.id)} within one Measuring Arrow of ${sideName(ctx, enemyOf(ctx, placing.side))}'s edge`,
      'TK-9',
    );
  switch (action.type) {
    case 'rollForTerrain':
      return rollForTerrain(ctx, state, action.side, dice);
    case 'turnTerrain':
      return turnTerrain(ctx, state, action.side, action.piece, action.rotation);
    case 'placeTerrain':
      return placeTerrain(ctx, state, action.side, action.piece, action.at, action.rotation, true);
    case 'placeObjective':
      return placeObjective(ctx, state, action.side, action.objective, action.at, true);
    case 'chooseEdge':
      return chooseEdge(ctx, state, action.side, action.edge, true);
    case 'deploy': {
      if (state.phase !== 'deployment') return invalid('every model is already deployed', 'TK-2.5');
      const m = actor(ctx, state, action.unit);
      if (typeof m === 'string') return invalid(m, 'TK-2.5');
      if (m.at !== null)
        return invalid(`${info(ctx, m.id).name} is already on the table`, 'TK-2.5');
      const wrong = deployProblem(ctx, state, m.id, action.at, action.facing, action.elevation);
      if (wrong) return invalid(wrong.reason, wrong.ruleId);
      const placed: ModelState = {
        ...m,
        at: [action.at[0], action.at[1]],
        facing: ((action.facing % 360) + 360) % 360,
        elevation: isHelicopter(ctx, m.id) ? (action.elevation ?? 'low') : null,
      };
      const events: TanksEvent[] = [
        {
          type: 'ModelDeployed',
          unit: m.id,
          at: placed.at!,
          facing: placed.facing,
          elevation: placed.elevation,
        },
      ];
      let s = setModel(state, placed);
      // A Spearhead model may move at once (TK-2.8); others are done.
      if (hasKeyword(ctx, s, m.id, 'Spearhead')) s = { ...s, acting: m.id };
      else s = finish(s, m.id, events);
      return accepted(s, events);
    }
    case 'move': {
      const spearhead = state.phase === 'deployment' && state.acting === action.unit;
      if (state.phase !== 'movement' && !spearhead)
        return invalid(
          state.phase === 'deployment'
            ? 'models move in the Movement phase (only a Spearhead model moves right after deploying, TK-2.8)'
            : 'models move in the Movement phase, not the Shooting phase',
          'TK-3',
        );
      const m = actor(ctx, state, action.unit);
      if (typeof m === 'string') return invalid(m, ruleOfPhase(state));
      if (!inPlay(m)) return invalid(`${info(ctx, m.id).name} is not on the table`, 'TK-4');
      const r = checkMove(
        ctx,
        state,
        m,
        action.heading,
        action.distance,
        action.facing,
        action.elevation,
      );
      if (isRefusal(r)) return invalid(r.reason, r.ruleId);
      const moves = m.moves + 1;
      const moved: ModelState = {
        ...m,
        at: r.to,
        facing: r.facing,
        elevation: r.elevation,
        moves,
        speedToken: spearhead ? 0 : moves,
        elevationSwitched: m.elevationSwitched || r.elevationChanged,
        wheeledStop: m.wheeledStop || r.wheeledStop,
      };
      const events: TanksEvent[] = [
        {
          type: 'ModelMoved',
          unit: m.id,
          from: m.at,
          to: r.to,
          heading: action.heading,
          distance: action.distance,
          facing: r.facing,
          move: moves,
          speedToken: moved.speedToken,
          elevation: r.elevation,
          ruleId: isHelicopter(ctx, m.id) ? 'TK-4.4' : 'TK-4.3',
        },
      ];
      if (r.elevationChanged)
        events.push({
          type: 'ElevationChanged',
          unit: m.id,
          elevation: r.elevation!,
          inPlace: false,
          ruleId: 'TK-4.8',
        });
      let s = setModel(state, moved);
      s = { ...s, acting: m.id };
      if (moves >= speedOf(ctx, s, m.id) || moved.wheeledStop) s = finish(s, m.id, events);
      return accepted(s, events);
    }
    case 'defend': {
      if (state.phase !== 'movement')
        return invalid('Defensive Measures are taken in the Movement phase', 'TK-4.7');
      const m = actor(ctx, state, action.unit);
      if (typeof m === 'string') return invalid(m, 'TK-4.1');
      const name = info(ctx, m.id).name;
      if (m.moves > 0 || m.switchedInPlace)
        return invalid(
          `${name} has moved this turn: Defensive Measures are instead of moving`,
          'TK-4.7',
        );
      if (
        hasKeyword(ctx, state, m.id, 'Predator') &&
        ctx.rules.options.str('TK-A17') === 'realMoveIfLegal' &&
        someLegalMove(ctx, state, m)
      )
        return invalid(
          `${name} is a Predator: it must make a real move while one is legal`,
          'TK-A17',
        );
      const speed = speedOf(ctx, state, m.id);
      if (!Number.isInteger(action.tokens) || action.tokens < 1 || action.tokens > speed)
        return invalid(`${name} may take 1 to ${speed} Speed tokens (its Speed)`, 'TK-4.7');
      const events: TanksEvent[] = [
        { type: 'DefensiveMeasures', unit: m.id, tokens: action.tokens, ruleId: 'TK-4.7' },
      ];
      const s = setModel(state, { ...m, speedToken: action.tokens, defensive: true });
      return accepted(finish(s, m.id, events), events);
    }
    case 'switchElevation': {
      if (state.phase !== 'movement')
        return invalid('helicopters change elevation in the Movement phase', 'TK-4.8');
      const m = actor(ctx, state, action.unit);
      if (typeof m === 'string') return invalid(m, 'TK-4.1');
      const name = info(ctx, m.id).name;
      if (!isHelicopter(ctx, m.id))
        return invalid(`${name} is a tank: only helicopters fly high or low`, 'TK-4.8');
      if (m.moves > 0 || m.defensive)
        return invalid(`${name} has already moved or taken Defensive Measures this turn`, 'TK-4.8');
      if (m.elevationSwitched)
        return invalid(`${name} has already changed elevation this turn`, 'TK-4.8');
      const elevation = m.elevation === 'high' ? 'low' : 'high';
      const wrong = placementProblem(
        ctx,
        state,
        m.id,
        { at: m.at!, facing: m.facing },
        elevation === 'high' ? 'highHelicopter' : 'lowHelicopter',
      );
      if (wrong) return invalid(`${name} cannot drop low here: ${wrong.reason}`, wrong.ruleId);
      const events: TanksEvent[] = [
        { type: 'ElevationChanged', unit: m.id, elevation, inPlace: true, ruleId: 'TK-4.8' },
      ];
      const s = setModel(state, {
        ...m,
        elevation,
        speedToken: 1,
        switchedInPlace: true,
        elevationSwitched: true,
      });
      return accepted(finish(s, m.id, events), events);
    }
    case 'shoot': {
      if (state.phase !== 'shooting') return invalid('models shoot in the Shooting phase', 'TK-3');
      const m = actor(ctx, state, action.unit);
      if (typeof m === 'string') return invalid(m, 'TK-6.1');
      if (!ctx.models.has(action.target))
        return invalid(`no model "${action.target}" in this game`, 'TK-6');
      const plan = planShot(ctx, state, m.id, action.target, action.weapon, action.boost === true);
      if (isRefused(plan)) return invalid(plan.refused, plan.ruleId);
      const events: TanksEvent[] = [];
      let s = state;
      if (plan.boost) {
        const spent = boostOf(ctx, s, m.id).cards;
        s = setModel(s, { ...s.models[m.id]!, spent: [...s.models[m.id]!.spent, ...spent] });
      }
      // A card that lets Criticals become two Hits (TK-6.12) is its owner's choice, made before
      // the defence roll; the roll itself keeps them.
      const choose = plan.attack.splitChoice === true;
      const a = rollAttack(choose ? { ...plan.attack, splitCriticals: false } : plan.attack, dice);
      events.push({
        type: 'AttackRolled',
        unit: m.id,
        target: plan.target,
        weapon: plan.weapon,
        ...a,
      });
      const eligible = a.criticals - (a.brutal !== null ? 1 : 0);
      const pending: PendingCancel = {
        shooter: m.id,
        target: plan.target,
        weapon: plan.weapon,
        hits: a.hits,
        criticals: a.criticals,
        sixes: 0,
        fours: 0,
        chooser: 'shooter',
      };
      if (choose && eligible > 0)
        return accepted(
          { ...s, pending: { ...pending, split: { eligible, defence: plan.defence } } },
          events,
        );
      return defendAndSettle(ctx, s, pending, plan.defence, dice, events);
    }
    case 'cancel':
      if (state.pending?.split)
        return invalid('first choose whether the Criticals become two Hits each', 'TK-6.12');
      return cancel(ctx, state, action.side, action.criticals, true, dice);
    case 'split':
      return split(ctx, state, action.side, action.criticals, true, dice);
    case 'reveal': {
      if (!ctx.models.has(action.unit))
        return invalid(`no model "${action.unit}" in this game`, 'TK-8.7');
      const m = state.models[action.unit]!;
      const name = info(ctx, m.id).name;
      const held = m.cards.find((c) => c.card === action.card);
      if (!held) return invalid(`${name} carries no card "${action.card}"`, 'TK-8.7');
      if (!held.hidden)
        return invalid(`${name}'s ${cardName(ctx, action.card)} is already face up`, 'TK-8.7');
      const s = setModel(state, {
        ...m,
        cards: m.cards.map((c) => (c.card === action.card ? { ...c, hidden: false } : c)),
      });
      return accepted(s, [{ type: 'CardRevealed', unit: m.id, card: action.card }]);
    }
    case 'endPhase':
      return endActivation(ctx, state, action.side, action.timeUp === true, dice);
  }
}

const cardName = (ctx: TanksContext, id: string) => ctx.rules.cat.cards.get(id)?.name ?? id;

/** The Defender's edge (TK-2.4); undefined keeps the scenario's edge. */
function chooseEdge(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  edge: string | undefined,
  chosen: boolean,
): Result {
  const choices = edgeChoices(ctx);
  if (state.edgeChoice !== 'pending' || !choices)
    return invalid('the table edges are already settled', 'TK-2.4');
  if (side !== state.defender)
    return invalid(
      `${sideName(ctx, state.defender)} is the Defender and chooses the edge, not ${sideName(ctx, side)}`,
      'TK-2.4',
    );
  const own = choices.find((c) => c.side === side)!.edge;
  const other = choices.find((c) => c.side !== side)!.edge;
  const pick = edge ?? own;
  if (pick !== own && pick !== other)
    return invalid(`choose the ${own} or the ${other} edge, not "${pick}"`, 'TK-2.4');
  const attackerEdge = pick === own ? other : own;
  return accepted({ ...state, edgeChoice: pick === own ? 'kept' : 'swapped' }, [
    { type: 'EdgeChosen', side, edge: pick, attackerEdge, chosen, ruleId: 'TK-2.4' },
  ]);
}

/** The roll-off for the terrain (TK-2.2): each player rolls a die, ties rolled again. */
function rollForTerrain(ctx: TanksContext, state: TanksState, side: string, dice: Dice): Result {
  const t = state.terrainPlacement;
  if (!t) return invalid('the scenario places all its terrain itself', 'TK-2.2');
  if (t.first !== null)
    return invalid(
      `the roll-off is over: ${sideName(ctx, t.first)} placed the first Forest`,
      'TK-2.2',
    );
  if (!ctx.sides.includes(side)) return invalid(`no side "${side}" in this game`, 'TK-2.2');
  const [a, b] = ctx.sides;
  const rolls: Record<string, number>[] = [];
  let first: string;
  for (;;) {
    const ra = dice.roll(6);
    const rb = dice.roll(6);
    rolls.push({ [a]: ra, [b]: rb });
    if (ra !== rb) {
      first = ra > rb ? a : b;
      break;
    }
  }
  return accepted({ ...state, terrainPlacement: withPlacers(ctx, { ...t, rolls }, first) }, [
    { type: 'TerrainRollOff', rolls, side: first, ruleId: 'TK-2.2' },
  ]);
}

const normalised = (deg: number) => (((Math.round(deg * 1000) / 1000) % 360) + 360) % 360;

/** The placing side turns the piece it is about to put down. */
function turnTerrain(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  piece: string,
  rotation: number,
): Result {
  const next = terrainToPlace(state);
  if (!next)
    return invalid(
      terrainRollPending(state)
        ? 'roll off first: the higher roller places the first Forest'
        : 'every terrain piece is already placed',
      'TK-2.2',
    );
  if (next.side !== side || next.id !== piece)
    return invalid(
      `${sideName(ctx, next.side!)} is placing ${pieceLabel(ctx, next.id)}; only that piece may be turned now`,
      'TK-2.2',
    );
  if (!Number.isFinite(rotation)) return invalid(`${rotation} is no angle`, 'TK-2.2');
  const r = normalised(rotation);
  const t = state.terrainPlacement!;
  return accepted(
    {
      ...state,
      terrainPlacement: {
        ...t,
        pieces: t.pieces.map((p) => (p.id === piece ? { ...p, rotation: r } : p)),
      },
    },
    [{ type: 'TerrainTurned', side, piece, rotation: r, ruleId: 'TK-2.2' }],
  );
}

/**
 * A side puts the next terrain piece down (TK-2.2), refused within one Measuring Arrow of another
 * piece or an edge (TK-2.3). `at` undefined: a pass, the default spot; with no legal spot left
 * anywhere the piece is set aside.
 */
function placeTerrain(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  piece: string | undefined,
  at: readonly [number, number] | undefined,
  rotation: number | undefined,
  chosen: boolean,
): Result {
  const next = terrainToPlace(state);
  const t = state.terrainPlacement;
  if (!next || !t)
    return invalid(
      terrainRollPending(state)
        ? 'roll off first: the higher roller places the first Forest'
        : 'every terrain piece is already placed',
      'TK-2.2',
    );
  const set = (p: typeof next): TanksState => ({
    ...state,
    terrainPlacement: { ...t, pieces: t.pieces.map((x) => (x.id === p.id ? p : x)) },
  });
  let where = at;
  let turn = rotation ?? next.rotation;
  if (!where) {
    if (side !== next.side)
      return invalid(
        `${sideName(ctx, next.side!)} places ${pieceLabel(ctx, next.id)}, not ${sideName(ctx, side)}`,
        'TK-2.2',
      );
    const spot = defaultTerrainSpot(ctx, state);
    if (!spot) {
      const reason = `no spot on the table lies one Measuring Arrow (${ctx.rules.arrow.total}") from every edge and every piece already down`;
      return accepted(set({ ...next, setAside: true }), [
        { type: 'TerrainSetAside', side, piece: next.id, reason, ruleId: 'TK-2.3' },
      ]);
    }
    where = spot.at;
    turn = spot.rotation;
  }
  const wrong = terrainPlaceProblem(ctx, state, side, piece ?? next.id, where, turn);
  if (wrong) return invalid(wrong.reason, wrong.ruleId);
  const placedAt: [number, number] = [where[0], where[1]];
  const r = normalised(turn);
  return accepted(set({ ...next, at: placedAt, rotation: r }), [
    {
      type: 'TerrainPlaced',
      side,
      piece: next.id,
      at: placedAt,
      rotation: r,
      chosen,
      ruleId: 'TK-2.2',
    },
  ]);
}

/** A side puts the next objective token down (TK-9); `at` undefined: the default spot (a pass). */
function placeObjective(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  objective: string | undefined,
  at: readonly [number, number] | undefined,
  chosen: boolean,
): Result {
  const next = objectiveToPlace(state);
  if (!next) return invalid('every objective token is already placed', 'TK-9');
  const spot = at ?? defaultObjectiveSpot(ctx, state);
  if (!spot) return invalid(`there is nowhere to place ${objectiveLabel(ctx, next.id)}`, 'TK-9');
  const wrong = objectivePlaceProblem(ctx, state, side, objective ?? next.id, spot);
  if (wrong) return invalid(wrong.reason, wrong.ruleId);
  const where: [number, number] = [spot[0], spot[1]];
  return accepted(
    {
      ...state,
      placedObjectives: state.placedObjectives!.map((p) =>
        p.id === next.id ? { ...p, at: where } : p,
      ),
    },
    [{ type: 'ObjectivePlaced', side, objective: next.id, at: where, chosen, ruleId: 'TK-9' }],
  );
}

/** The defence roll and the cancelling that follows it (TK-6.6, TK-6.7). */
function defendAndSettle(
  ctx: TanksContext,
  s: TanksState,
  shot: PendingCancel,
  defence: NonNullable<PendingCancel['split']>['defence'],
  dice: Dice,
  events: TanksEvent[],
): Result {
  const rolls: number[] = [];
  for (let i = 0; i < defence.dice; i++) rolls.push(dice.roll(6));
  const sixes = rolls.filter((r) => r === 6).length;
  const fours = rolls.filter((r) => r >= defence.cancelMin && r < 6).length;
  events.push({
    type: 'DefenceRolled',
    unit: shot.target,
    shooter: shot.shooter,
    base: defence.base,
    modifiers: defence.modifiers,
    raw: defence.raw,
    pool: defence.dice,
    rolls,
    sixes,
    fours,
    ruleId: 'TK-6.6',
  });
  const first = ctx.rules.options.str('TK-A12') === 'shooterFirst' ? 'shooter' : 'target';
  const settled = settleCancel(
    ctx,
    { ...s, pending: null },
    {
      shooter: shot.shooter,
      target: shot.target,
      weapon: shot.weapon,
      hits: shot.hits,
      criticals: shot.criticals,
      sixes,
      fours,
      chooser: first,
    },
    dice,
  );
  events.push(...settled.events);
  let next = settled.state;
  if (!settled.waiting) next = finish(next, shot.shooter, events);
  return accepted(next, events);
}

/**
 * The shooter's choice of TK-6.12: `criticals` of its Criticals become two Hits each (undefined:
 * the default of the re-roll policy, which splits when a Critical card deals under 2 on average).
 */
function split(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  criticals: number | undefined,
  chosen: boolean,
  dice: Dice,
): Result {
  const p = state.pending;
  if (!p?.split) return invalid('no Criticals are waiting to be turned into Hits', 'TK-6.12');
  const shooterSide = info(ctx, p.shooter).side;
  if (side !== shooterSide)
    return invalid(
      `it is ${sideName(ctx, shooterSide)}'s choice, not ${sideName(ctx, side)}'s`,
      'TK-6.12',
    );
  const k = criticals ?? defaultSplit(ctx, state);
  if (!Number.isInteger(k) || k < 0 || k > p.split.eligible)
    return invalid(
      `${p.split.eligible} Critical${p.split.eligible === 1 ? '' : 's'} may become two Hits each: choose 0 to ${p.split.eligible}, not ${k}`,
      'TK-6.12',
    );
  const shot: PendingCancel = {
    shooter: p.shooter,
    target: p.target,
    weapon: p.weapon,
    hits: p.hits + 2 * k,
    criticals: p.criticals - k,
    sixes: 0,
    fours: 0,
    chooser: 'shooter',
  };
  const events: TanksEvent[] = [
    {
      type: 'CriticalsSplit',
      unit: p.shooter,
      criticals: k,
      of: p.split.eligible,
      hits: shot.hits,
      left: shot.criticals,
      chosen,
      ruleId: 'TK-6.12',
    },
  ];
  return defendAndSettle(ctx, state, shot, p.split.defence, dice, events);
}

/**
 * The game's time limit in minutes (TK-G8): the scenario's, else the catalogs' usual one; the
 * players choose in the playtest whether to play to it.
 */
export function timeLimitMinutes(ctx: TanksContext): number | undefined {
  const own = ctx.scenario.victory.timeLimitMinutes;
  if (own !== undefined && own > 0) return own;
  const c = ctx.rules.cat.constants['timeLimitMinutes'];
  return typeof c === 'number' && c > 0 ? c : undefined;
}

/** What the policy (and a side that passes) does with TK-6.12: all or nothing, as odds.ts. */
export function defaultSplit(ctx: TanksContext, state: TanksState): number {
  const p = state.pending;
  if (!p?.split) return 0;
  return meanCriticalDamage(ctx, info(ctx, p.target).card.kind) < 2 ? p.split.eligible : 0;
}

function cancel(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  criticals: number | undefined,
  chosen: boolean,
  dice: Dice,
): Result {
  const p = state.pending;
  if (!p) return invalid('no Hits or Criticals are waiting to be cancelled', 'TK-6.7');
  const chooserSide = info(ctx, p.chooser === 'target' ? p.target : p.shooter).side;
  if (side !== chooserSide)
    return invalid(
      `it is ${sideName(ctx, chooserSide)}'s choice, not ${sideName(ctx, side)}'s`,
      'TK-6.7',
    );
  const c = cancelChoices(p);
  const k = criticals ?? defaultCancel(p);
  if (!Number.isInteger(k) || k < c.min || k > c.max)
    return invalid(
      `${c.dice} ${p.chooser === 'target' ? 'sixes' : 'fours and fives'} against ${p.hits} Hits and ${p.criticals} Criticals may cancel ${c.min} to ${c.max} Criticals, not ${k}`,
      'TK-6.7',
    );
  const r = applyCancel(ctx, p, k, chosen);
  const events: TanksEvent[] = [r.event];
  const settled = settleCancel(ctx, state, r.next, dice);
  events.push(...settled.events);
  let s = settled.state;
  if (!settled.waiting) s = finish(s, p.shooter, events);
  return accepted(s, events);
}

function endActivation(
  ctx: TanksContext,
  state: TanksState,
  side: string,
  timeUp: boolean,
  dice: Dice,
): Result {
  // The game clock ran out (TK-G8): the game ends now and is scored as a time-out (TK-9, TK-A25).
  if (timeUp) {
    const minutes = timeLimitMinutes(ctx);
    if (minutes === undefined) return invalid('this game is not played to a time limit', 'TK-G8');
    const v = timeLimitOut(ctx, state);
    const reason = `the ${minutes}-minute time limit ran out: ${v.reason.replace(/^time is up(: |; )?/, '')}`;
    return accepted(
      {
        ...state,
        phase: 'ended',
        pending: null,
        acting: null,
        result: { winner: v.winner, reason },
      },
      [{ type: 'GameEnded', winner: v.winner, reason, ruleId: 'TK-G8' }],
    );
  }
  if (terrainRollPending(state)) return rollForTerrain(ctx, state, side, dice);
  if (terrainToPlace(state))
    return placeTerrain(ctx, state, side, undefined, undefined, undefined, false);
  if (state.edgeChoice === 'pending') return chooseEdge(ctx, state, side, undefined, false);
  if (objectiveToPlace(state)) return placeObjective(ctx, state, side, undefined, undefined, false);
  if (state.pending?.split) return split(ctx, state, side, undefined, false, dice);
  if (state.pending) return cancel(ctx, state, side, undefined, false, dice);
  const unit = currentActor(ctx, state);
  if (!unit) return invalid('nobody is acting now', ruleOfPhase(state));
  const i = info(ctx, unit);
  if (i.side !== side)
    return invalid(
      `it is ${sideName(ctx, i.side)}'s turn (${i.name}), not ${sideName(ctx, side)}'s`,
      ruleOfPhase(state),
    );
  const m = state.models[unit]!;
  // A model left to the rules to place is deployed where they find room (TK-2.5), so a player
  // who ends the phase, or plays nothing at all, does not hold the game in set-up.
  if (state.phase === 'deployment' && m.at === null) {
    const spot = defaultDeployment(ctx, state, unit);
    if (!spot)
      return invalid(
        `${i.name} must be deployed before the game goes on, and its deployment zone has no room left for it: place it by hand`,
        'TK-2.5',
      );
    return step(ctx, state, { type: 'deploy', unit, at: spot.at, facing: spot.facing }, dice);
  }
  // A Predator must move every turn (TK-4.12): a real move, or Defensive Measures when no move
  // is legal or the reading TK-A17 lets tokens do.
  if (state.phase === 'movement' && m.moves === 0 && hasKeyword(ctx, state, unit, 'Predator'))
    return invalid(
      `${i.name} is a Predator and must move this turn${someLegalMove(ctx, state, m) ? '' : ': it has no legal move, so it takes Defensive Measures'}`,
      'TK-4.12',
    );
  const events: TanksEvent[] = [];
  const passed =
    state.phase === 'shooting' ||
    (state.phase === 'movement' && m.moves === 0 && m.speedToken === 0);
  return accepted(finish(state, unit, events, passed), events);
}
