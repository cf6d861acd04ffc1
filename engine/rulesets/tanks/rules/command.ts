import type { Dice } from '../../../random/dice';
import { discardCards, reshuffle } from '../../../random/deck';
import type { TanksContext } from './context';
import { info } from './context';
import { creditKill, removeModel } from './damage';
import { atCapacity, inPlay } from './models';
import { waitingModels } from './order';
import type { ModelState, TanksEvent, TanksState } from './state';
import { checkVictory, defaultEndOut, scoreObjectives, timeOut } from './victory';

/**
 * The turn's course (TK-3): movement, shooting, then the Command phase's five steps (TK-7):
 * destroy tanks at their Damage Capacity, check victory, repair, roll for Advantage, reset. The
 * order of the steps follows interpretation TK-A3. When the last turn is played without a result
 * the mission's time-out decides (TK-9).
 */

export interface Flow {
  readonly state: TanksState;
  readonly events: TanksEvent[];
}

/** Speed tokens and the turn's movement record, cleared (TK-7 step 5). */
export function freshTurn(m: ModelState): ModelState {
  return {
    ...m,
    speedToken: 0,
    moves: 0,
    defensive: false,
    elevationSwitched: false,
    switchedInPlace: false,
    wheeledStop: false,
  };
}

function startTurn(state: TanksState, turn: number, events: TanksEvent[]): TanksState {
  events.push({ type: 'TurnStarted', turn });
  events.push({ type: 'PhaseStarted', phase: 'movement', turn });
  return { ...state, turn, phase: 'movement', done: [], acting: null };
}

/** Moves the game on while nobody is left to act in the current phase. */
export function advance(
  ctx: TanksContext,
  start: TanksState,
  dice: Dice,
  turnLimit: number | undefined,
): Flow {
  const events: TanksEvent[] = [];
  let state = start;
  for (let guard = 0; guard < 8; guard++) {
    if (state.phase === 'ended' || state.pending || state.acting) break;
    if (waitingModels(ctx, state).length > 0) break;
    if (state.phase === 'deployment') {
      // Moves made at deployment (Spearhead) leave no Speed token (TK-A15).
      const models = Object.fromEntries(
        Object.entries(state.models).map(([id, m]) => [id, freshTurn(m)]),
      );
      state = startTurn({ ...state, models }, 1, events);
    } else if (state.phase === 'movement') {
      events.push({ type: 'PhaseStarted', phase: 'shooting', turn: state.turn });
      state = { ...state, phase: 'shooting', done: [], acting: null };
    } else {
      const r = commandPhase(ctx, state, dice, turnLimit);
      events.push(...r.events);
      state = r.state;
    }
  }
  return { state, events };
}

/** The Command phase's five steps, then the next turn or the end of the game. */
export function commandPhase(
  ctx: TanksContext,
  start: TanksState,
  dice: Dice,
  turnLimit: number | undefined,
): Flow {
  const events: TanksEvent[] = [{ type: 'PhaseStarted', phase: 'command', turn: start.turn }];
  let state = start;
  const steps =
    ctx.rules.options.str('TK-A3') === 'overview'
      ? (['destroy', 'repair', 'victory', 'advantage', 'reset'] as const)
      : (['destroy', 'victory', 'repair', 'advantage', 'reset'] as const);
  for (const step of steps) {
    switch (step) {
      case 'destroy':
        state = destroyStep(ctx, state, events);
        break;
      case 'victory': {
        const scored = scoreObjectives(ctx, state);
        state = scored.state;
        events.push(...scored.events);
        const v = checkVictory(ctx, state, turnLimit);
        if (v) return end(state, v, events);
        break;
      }
      case 'repair':
        state = repairStep(ctx, state, dice, events);
        break;
      case 'advantage':
        state = advantageStep(ctx, state, dice, events);
        break;
      case 'reset': {
        const models = Object.fromEntries(
          Object.entries(state.models).map(([id, m]) => [id, freshTurn(m)]),
        );
        events.push({ type: 'SpeedTokensCleared', ruleId: 'TK-7' });
        const r = reshuffle(state.deck, dice);
        if (!r.ok) throw new Error(`Critical deck: ${r.reason}`);
        for (const e of r.events) events.push({ type: 'Deck', event: e });
        state = { ...state, models, deck: r.state };
        break;
      }
    }
  }
  if (turnLimit !== undefined && state.turn >= turnLimit)
    return end(
      state,
      state.turnLimit === undefined ? defaultEndOut(ctx, state, turnLimit) : timeOut(ctx, state),
      events,
    );
  return { state: startTurn(state, state.turn + 1, events), events };
}

function end(
  state: TanksState,
  v: { winner: string; reason: string; ruleId: string },
  events: TanksEvent[],
): Flow {
  events.push({ type: 'GameEnded', winner: v.winner, reason: v.reason, ruleId: v.ruleId });
  return {
    state: {
      ...state,
      phase: 'ended',
      result: { winner: v.winner, reason: v.reason },
      acting: null,
    },
    events,
  };
}

/** Step 1: tanks at their Damage Capacity are destroyed; base Defence 0 ones are removed. */
function destroyStep(ctx: TanksContext, start: TanksState, events: TanksEvent[]): TanksState {
  let state = start;
  for (const id of ctx.order) {
    const m = state.models[id]!;
    if (!inPlay(m) || info(ctx, id).card.kind !== 'tank' || !atCapacity(ctx, state, id)) continue;
    const removed = info(ctx, id).card.defence === 0;
    state = removeModel(ctx, state, id, removed ? 'removed' : 'destroyed', events);
    state = creditKill(ctx, state, id);
    events.push({ type: 'TankDestroyed', unit: id, removed, ruleId: 'TK-7' });
  }
  return state;
}

/** Step 3: each model tries to repair one Repairable Critical card on a 4+ (TK-A22). */
function repairStep(
  ctx: TanksContext,
  start: TanksState,
  dice: Dice,
  events: TanksEvent[],
): TanksState {
  let state = start;
  for (const id of ctx.order) {
    if (!inPlay(state.models[id])) continue;
    const held = state.deck.hands[id] ?? [];
    const card = held[0];
    if (!card) continue;
    const roll = dice.roll(6);
    const repaired = roll >= ctx.rules.dice.repairOn;
    events.push({ type: 'RepairRolled', unit: id, card, roll, repaired, ruleId: 'TK-7' });
    if (!repaired) continue;
    const d = discardCards(state.deck, id, [card]);
    if (!d.ok) throw new Error(`Critical deck: ${d.reason}`);
    for (const e of d.events) events.push({ type: 'Deck', event: e });
    state = { ...state, deck: d.state };
  }
  return state;
}

/** Step 4: both roll; the higher has Advantage next turn, the Attacker on a tie (TK-7). */
function advantageStep(
  ctx: TanksContext,
  state: TanksState,
  dice: Dice,
  events: TanksEvent[],
): TanksState {
  const [a, b] = ctx.sides;
  const ra = dice.roll(6);
  const rb = dice.roll(6);
  const tie = ra === rb;
  const side = tie ? state.attacker : ra > rb ? a : b;
  events.push({ type: 'AdvantageRolled', rolls: { [a]: ra, [b]: rb }, side, tie, ruleId: 'TK-7' });
  return { ...state, advantage: side };
}
