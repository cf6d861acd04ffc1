/**
 * The turn sequence: a side ends a phase; when both have, Movement gives way to Firing, and Firing
 * to the end of the turn (casualties, morale, victory) and the next turn's start (TP-4.2 to TP-4.7).
 */
import { dict } from '../../../game/dict';
import {
  type FormationState,
  type TankplankState,
  type UnitState,
  unitState,
  tankplankState,
} from './state';
import { Dice } from '../../../random/dice';
import { accepted, invalid } from '../../../game/reducer';
import type { TankplankContext } from './context';
import { formationSize } from './situation';
import { leaveBurningRoofs } from './structures';
import { leftBehind } from './salvage';
import type { Events, Result } from './reduction';
import { checkVictory } from './victory';
import { removeCasualties } from './casualties';
import { crewBehaviour, forcedMoves } from './forcedMoves';
import { moralePhase } from './morale';

export function endPhase(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  timeUp = false,
): Result {
  if (!ctx.sides.includes(side)) return invalid(`no side ${side}`);
  if (state.ended.includes(side))
    return invalid(`side ${side} has already ended the ${state.phase} phase`);
  if (timeUp && state.phase !== 'movement')
    return invalid('only the Movement phase is played against the clock', 'TP-4.3');
  const events: Events = [
    timeUp
      ? { type: 'PhaseEnded', side, phase: state.phase, timeUp, ruleId: 'TP-4.3' }
      : { type: 'PhaseEnded', side, phase: state.phase },
  ];
  const ended = [...state.ended, side];
  if (ended.length < ctx.sides.length) return accepted(tankplankState({ ...state, ended }), events);
  const dice = new Dice(state.rng);
  let next: TankplankState = tankplankState({ ...state, ended: [] });
  if (state.phase === 'movement') {
    next = tankplankState({ ...next, phase: 'firing', fired: dict() });
    events.push({ type: 'PhaseStarted', turn: state.turn, phase: 'firing', ruleId: 'TP-4.6' });
  } else {
    next = leftBehind(ctx, state, removeCasualties(ctx, next, dice, events), events);
    events.push({ type: 'PhaseStarted', turn: state.turn, phase: 'morale', ruleId: 'TP-4.7' });
    next = moralePhase(ctx, tankplankState({ ...next, phase: 'morale' }), dice, events);
    next = checkVictory(ctx, next, events);
    if (next.phase !== 'ended') next = startTurn(ctx, next, dice, events);
  }
  return accepted(tankplankState({ ...next, rng: dice.state() }), events);
}

export function startTurn(
  ctx: TankplankContext,
  state: TankplankState,
  dice: Dice,
  events: Events,
): TankplankState {
  const turn = state.turn + 1;
  const sweep = state.sweep === 'rightToLeft' ? 'leftToRight' : 'rightToLeft';
  const fresh: [string, UnitState][] = [];
  const ids = state.units.ids();
  const all = state.units.list();
  for (let k = 0; k < ids.length; k++) {
    const u = all[k]!;
    if (u.moved || u.movedInches || u.noFire)
      fresh.push([ids[k]!, unitState({ ...u, moved: 0, movedInches: 0, noFire: false })]);
  }
  const units = state.units.withAll(fresh);
  const formations = state.formations.withAll(
    [...state.formations.entries()].map(([id, f]): [string, FormationState] => [
      id,
      {
        ...f,
        sizeAtTurnStart: formationSize(ctx, state, id),
        lostThisTurn: 0,
        attackers: [],
        armourAttackers: [],
        bigGunAttackers: 0,
        survivedVehicle: false,
        houseHitByHe: false,
        bridgeHmg: false,
      },
    ]),
  );
  let next: TankplankState = tankplankState({
    ...state,
    turn,
    sweep,
    phase: 'movement',
    units,
    formations,
    fired: dict(),
  });
  events.push({ type: 'TurnStarted', turn, sweep, ruleId: 'TP-4.3' });
  events.push({ type: 'PhaseStarted', turn, phase: 'movement', ruleId: 'TP-4.3' });
  next = leaveBurningRoofs(ctx, next, events);
  next = forcedMoves(ctx, next, events);
  next = crewBehaviour(ctx, next, events);
  void dice;
  return next;
}
