/**
 * The tank commander on the AA MG (TP-5.11, TP-8.8, TP-A21): declared in the Movement phase, after
 * which the tank may use at most half its move that turn (nothing at all when the option
 * `aamgRequiresStationary` is on). Firing the AA MG is still checked at fire time as well.
 */
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import type { TankplankEvent } from './actions';
import { stat } from './catalog';
import type { TankplankContext } from './context';
import { info, onTable, weaponsOf } from './situation';
import { type TankplankState, type UnitState, unitState, tankplankState } from './state';

/** The AA MG of a vehicle (the weapon that puts the commander out of the hatch), if any. */
export function aaMgOf(ctx: TankplankContext, state: TankplankState, unit: string) {
  const i = info(ctx, state, unit);
  if (i.kind !== 'vehicle') return undefined;
  return weaponsOf(ctx, i).find((m) => m.weapon.stats?.['commanderExposed'] === true)?.weapon;
}

/** Share of its move a tank with the commander on the AA MG may use (TP-5.11, TP-A21). */
export function aaMgMoveLimit(ctx: TankplankContext, state: TankplankState, unit: string): number {
  const w = aaMgOf(ctx, state, unit);
  return ctx.options.bool('TP-A21') ? 0 : stat(w?.stats, 'maxMoveWhenFired', 0.5);
}

/** The commander takes the AA MG for this turn (Movement phase). */
export function manAaMg(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
): Reduction<TankplankState, TankplankEvent> {
  if (state.phase !== 'movement')
    return invalid('the commander takes the AA MG in the Movement phase', 'TP-5.11');
  const u = state.units.get(id);
  if (!onTable(u)) return invalid(`${id} is not on the table`);
  if (state.ended.includes(u.side)) return invalid(`side ${u.side} has ended its movement`);
  const w = aaMgOf(ctx, state, id);
  if (!w) return invalid(`${id} has no AA MG`, 'TP-8.8');
  if (u.aaMgTurn === state.turn) return invalid(`${id}'s commander is already on the AA MG`);
  if ((u.crew['commander'] ?? 1) <= 0 || u.commanderHitTurn === state.turn)
    return invalid(`${id} has no commander to man the AA MG`, 'TP-8.8');
  const limit = aaMgMoveLimit(ctx, state, id);
  if (u.moved > limit + 1e-9)
    return invalid(
      `${id} has already used ${fmt(u.moved)} of its move; with the commander on the AA MG it may use at most ${limit === 0 ? 'none' : fmt(limit)}`,
      ctx.options.bool('TP-A21') ? 'TP-A21' : 'TP-5.11',
    );
  return accepted(
    tankplankState({
      ...state,
      units: state.units.with(id, unitState({ ...u, aaMgTurn: state.turn })),
    }),
    [
      {
        type: 'AaMgManned',
        unit: id,
        weapon: w.id,
        maxMove: limit,
        ruleId: ctx.options.bool('TP-A21') ? 'TP-A21' : 'TP-5.11',
      },
    ],
  );
}

/**
 * Refuses a move that would take a tank whose commander is on the AA MG beyond its limit; `cost`
 * is the move's share of a turn and `inches`/`rate` describe it.
 */
export function aaMgMoveRefusal(
  ctx: TankplankContext,
  state: TankplankState,
  unit: UnitState,
  move: { cost: number; inches: number; rate: number },
): { reason: string; ruleId: string } | undefined {
  if (unit.aaMgTurn !== state.turn) return undefined;
  const limit = aaMgMoveLimit(ctx, state, unit.id);
  if (unit.moved + move.cost <= limit + 1e-9) return undefined;
  const left = Math.max(0, limit - unit.moved) * move.rate;
  return {
    reason:
      limit === 0
        ? `with the commander on the AA MG ${unit.id} may not move this turn`
        : `with the commander on the AA MG ${unit.id} may move at most half a move (${fmt(limit * move.rate)}" at ${move.rate}"/turn, ${fmt(left)}" left); this move is ${fmt(move.inches)}"`,
    ruleId: limit === 0 ? 'TP-A21' : 'TP-5.11',
  };
}

const fmt = (n: number) => (Math.round(n * 100) / 100).toString();
