import { tablePoint, type TablePoint } from '../../../geometry/units';
import type { TankplankContext } from './context';
import { dist, onTable, positionOf, seesBetween } from './situation';
import type { TankplankState, TeamWeaponState } from './state';

/** An observer's call as the weapon keeps it (TP-12.4). */
export type FireCall = NonNullable<TeamWeaponState['call']>;

/**
 * Whether a unit sees enemy troops or vehicles within `reach` of a point: seeing a building or a
 * landmark there is not enough (TP-12.1).
 */
export function seesEnemyAt(
  ctx: TankplankContext,
  state: TankplankState,
  viewer: string,
  at: TablePoint,
  reach: number,
): boolean {
  const v = state.units.get(viewer);
  const from = positionOf(state, viewer);
  if (!v || !v.alive || !from) return false;
  return state.units
    .list()
    .some(
      (u) =>
        onTable(u) &&
        u.side !== v.side &&
        dist([u.at[0], u.at[1]], at) <= reach &&
        seesBetween(
          ctx,
          state,
          { unit: viewer, point: from },
          { unit: u.id, point: tablePoint(u.at[0], u.at[1]) },
        ),
    );
}

/**
 * Why a weapon may no longer fire on a call, or undefined while it may: the call holds only so
 * long as the observer and the radioman with him keep the target in sight (TP-12.4). A call
 * recorded without its observer (a game saved before observers were kept) holds as it did.
 */
export function callLapsed(
  ctx: TankplankContext,
  state: TankplankState,
  call: FireCall,
  reach: number,
): string | undefined {
  if (call.observer === undefined) return undefined;
  const at = tablePoint(call.at[0], call.at[1]);
  const again = 'an observer who sees the target must call fire again';
  const observer = state.units.get(call.observer);
  if (!observer?.alive || !positionOf(state, call.observer))
    return `observer ${call.observer} is no longer in play: ${again}`;
  if (!seesEnemyAt(ctx, state, call.observer, at, reach))
    return `observer ${call.observer} no longer sees enemy troops or vehicles at the called point: ${again}`;
  const radiomen = call.radiomen ?? [];
  if (radiomen.length > 0 && !radiomen.some((r) => seesEnemyAt(ctx, state, r, at, reach)))
    return `radioman ${radiomen.join(' or ')} with observer ${call.observer} no longer has the target in sight (out of action or hidden): ${again}`;
  return undefined;
}
