/**
 * Objectives and victory: a side's secret objective is revealed when its men first stand in it
 * (TP-3.2), and a side wins by holding it (TP-3.3, TP-A47); the game also ends on a wipe-out or
 * the turn limit (TP-G12).
 */
import { dictKeys, withEntry } from '../../../game/dict';
import { tankplankState, type TankplankState, type UnitState } from './state';
import { hashState } from '../../../game/stateHash';
import { tablePoint } from '../../../geometry/units';
import type { TankplankContext } from './context';
import { info, onTable } from './situation';
import { shapeContains } from './zones';
import { countsAsTroops } from './salvage';
import type { Events } from './reduction';

/**
 * The last units record `revealObjectives` returned: after it no unrevealed objective has a unit
 * of its side inside (it reveals each objective somebody stands in), and objectives are only ever
 * revealed, never hidden again. A move is applied to the state the last one left (the bot's next
 * action, or its retry of a refused one), so one slot finds nearly every such record; a WeakSet of
 * them all cost a hundredth of a village game's CPU in its `add` and `has` alone.
 */
let noneInside: object | undefined;

/**
 * Reveals each hidden objective a unit of its side now stands in (TP-3.2). After a move from a
 * state this function already saw (`moved`), only the unit that moved can have walked in, so only
 * it is looked at: the same answer, without going through every unit after every move.
 */
export function revealObjectives(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
  moved?: { readonly before: TankplankState; readonly unit: string },
): TankplankState {
  const next = revealObjectivesOf(ctx, state, events, moved);
  noneInside = next.units;
  return next;
}

function revealObjectivesOf(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
  moved: { readonly before: TankplankState; readonly unit: string } | undefined,
): TankplankState {
  let next = state;
  const onlyMover = moved !== undefined && moved.before.units === noneInside;
  // The record's kept key list (every move asks; `Object.entries` made pairs each time).
  for (const side of dictKeys(state.objectives)) {
    const o = state.objectives[side]!;
    if (o.revealed) continue;
    const obj = ctx.objectives.find((x) => x.id === o.objective);
    if (!obj?.area) continue;
    const stands = (u: UnitState | undefined) =>
      u !== undefined &&
      u.side === side &&
      onTable(u) &&
      shapeContains(obj.area!, tablePoint(u.at[0], u.at[1]), ctx.map);
    const inside = onlyMover
      ? stands(state.units.get(moved.unit))
      : state.units.list().some(stands);
    if (!inside) continue;
    const verified = hashState({ side, objective: obj.id, area: obj.area }) === o.commitment;
    next = tankplankState({
      ...next,
      objectives: withEntry(next.objectives, side, { ...o, revealed: true }),
    });
    events.push({
      type: 'ObjectiveRevealed',
      side,
      objective: obj.id,
      commitment: o.commitment,
      verified,
      ruleId: 'TP-3.2',
    });
  }
  return next;
}

type Objective = TankplankContext['objectives'][number];

/**
 * Whether a side holds its objective now (TP-3.3): its infantry in it with a radioman among them
 * (the objective's holders), and no enemy troops in it. When it does not, `lacking` says what
 * stands in the way, the thing that can never change first: "no radioman left" (none of the
 * side's radiomen lives), "enemy troops in it", "none of the taker's infantry in it", "no radioman
 * among the taker's men in it", "too few of the taker's men in it" (a lone radioman holds
 * nothing).
 */
export function holdTest(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  obj: Objective,
): { readonly holds: boolean; readonly lacking?: string } {
  if (!obj.area) return { holds: false, lacking: 'no area on the map' };
  const area = obj.area;
  const inZone = state.units
    .list()
    .filter((u) => onTable(u) && shapeContains(area, tablePoint(u.at[0], u.at[1]), ctx.map));
  // The men who can hold it: figures of the classes the objective names (any, if none named).
  const classes = obj.holders?.classes;
  const own = inZone.filter((u) => {
    if (u.side !== side) return false;
    const i = info(ctx, state, u.id);
    return i.kind === 'figure' && (!classes || classes.includes(i.type.class ?? ''));
  });
  // Enemy troops keep it from being held (TP-3.3); a dropped weapon lying there (TP-16.8) is no
  // troops, and it cannot be shot either, so counting it would make the objective untakeable.
  const enemy = inZone.filter((u) => u.side !== side && countsAsTroops(ctx, state, u.id));
  const roles = obj.holders?.requiredRoles ?? [];
  const missing = roles.find((r) => own.filter((u) => u.role === r.role).length < r.min);
  // Infantry "with a radioman" (TP-3.3): the required roles come with the holders, so there must
  // be more men than those roles alone ask for; a lone radioman holds nothing.
  const withRoles = roles.reduce((n, r) => n + r.min, 0);
  const excludeEnemy = obj.holders?.excludeEnemy !== false;
  const holds = own.length > withRoles && !missing && (!excludeEnemy || enemy.length === 0);
  if (holds) return { holds };
  const gone = roles.find(
    (r) =>
      state.units.list().filter((u) => u.side === side && u.alive && u.role === r.role).length <
      r.min,
  );
  const lacking = gone
    ? `no ${gone.role} left`
    : excludeEnemy && enemy.length > 0
      ? 'enemy troops in it'
      : own.length === 0
        ? `none of the taker's ${classes?.join(' or ') ?? 'men'} in it`
        : missing
          ? `no ${missing.role} among the taker's men in it`
          : "too few of the taker's men in it";
  return { holds, lacking };
}

/**
 * What a side still lacks to win by its objective, in words for the balance lab: what stands in
 * the way of holding it now (`holdTest`), or, held, for how many of the turns the hold needs
 * ("held 1 of 3 turns"); undefined once the hold is complete. `heldTurns` is the side's count.
 */
export function objectiveLacking(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
  obj: Objective,
  heldTurns: number,
): string | undefined {
  const { holds, lacking } = holdTest(ctx, state, side, obj);
  if (!holds) return lacking;
  const needed = obj.holdTurns ?? ctx.options.num('TP-A47');
  return heldTurns < needed ? `held ${heldTurns} of ${needed} turns` : undefined;
}

export function checkVictory(
  ctx: TankplankContext,
  state: TankplankState,
  events: Events,
): TankplankState {
  let next = state;
  const holdTurns = ctx.options.num('TP-A47');
  const winners: string[] = [];
  for (const [side, o] of Object.entries(state.objectives)) {
    const obj = ctx.objectives.find((x) => x.id === o.objective);
    if (!obj?.area) continue;
    const { holds } = holdTest(ctx, next, side, obj);
    const heldTurns = holds ? o.heldTurns + 1 : 0;
    next = tankplankState({
      ...next,
      objectives: withEntry(next.objectives, side, { ...o, heldTurns }),
    });
    if (holds)
      events.push({
        type: 'ObjectiveHeld',
        side,
        objective: obj.id,
        turns: heldTurns,
        ruleId: 'TP-A47',
      });
    if (heldTurns >= (obj.holdTurns ?? holdTurns)) winners.push(side);
  }
  const end = (winner: string, reason: string, ruleId: string): TankplankState => {
    events.push({ type: 'GameEnded', winner, reason, ruleId });
    return tankplankState({ ...next, phase: 'ended', result: { winner, reason } });
  };
  if (winners.length > 1)
    return end('draw', 'both sides completed their hold in the same turn', 'TP-G12');
  if (winners.length === 1)
    return end(winners[0]!, 'took its objective and held it for three turns', 'TP-3.3');
  const alive = ctx.sides.filter((s) =>
    next.units.list().some((u) => u.side === s && u.alive && countsAsTroops(ctx, next, u.id)),
  );
  if (alive.length === 1)
    return end(alive[0]!, 'the other side has no units left (non-source end condition)', 'TP-G12');
  if (alive.length === 0) return end('draw', 'no units left on either side', 'TP-G12');
  if (next.turn >= next.turnLimit)
    return end('draw', `turn limit ${next.turnLimit} reached`, 'TP-G12');
  return next;
}
