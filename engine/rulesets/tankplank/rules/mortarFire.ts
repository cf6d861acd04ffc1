/**
 * Mortar fire: range, a position clear of canopies, spotting by the crew or an observer's call, and
 * every landing by the aiming matrix (TP-12).
 */
import { tablePoint } from '../../../geometry/units';
import { constant, stat } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import { dist, obstructions, onTable, positionOf, seesBetween } from './situation';
import type { TankplankState } from './state';
import { indirectPositionRefusal, matrixCircles, mortarShelter } from './canopy';
import { callLapsed } from './observers';
import { blastEffects } from './blasts';
import { type PlanBase, type Refusal, refuse, type ShotPlan } from './shotPlan';

export function planMortar(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
): ShotPlan | Refusal {
  const w = base.weapon;
  const min = w.minRange ?? constant(ctx.catalog, 'mortarMinRange');
  const max = (w.ranges ?? [])[0]?.max ?? constant(ctx.catalog, 'mortarMaxRange');
  if (base.range < min - 1e-9) return refuse(`the mortar's minimum range is ${min}"`, 'TP-12.3');
  if (base.range > max + 1e-9) return refuse(`the mortar's maximum range is ${max}"`, 'TP-12.3');
  const from = positionOf(state, base.shooter)!;
  const standOff = stat(w.stats, 'canopyStandOff', 4);
  const badPosition = indirectPositionRefusal(ctx, from, base.at, standOff, 'a mortar');
  if (badPosition) return refuse(badPosition, 'TP-12.3');
  // Spotting: the crew sees enemy at the point now, or an observer called it on an earlier turn.
  const obs = obstructions(ctx, state);
  const enemyThere = state.units
    .list()
    .some(
      (u) =>
        onTable(u) &&
        u.side !== sInfo.side &&
        dist([u.at[0], u.at[1]], base.at) <= (w.template?.width ?? 2),
    );
  if (!enemyThere)
    return refuse('a mortar fires only where enemy troops or vehicles are seen', 'TP-12.1');
  const crewSees = state.units
    .list()
    .some(
      (u) =>
        onTable(u) &&
        u.formation === sInfo.formation &&
        seesBetween(
          ctx,
          state,
          { unit: u.id, point: tablePoint(u.at[0], u.at[1]) },
          { point: base.at },
        ),
    );
  const call = state.teamWeapons[base.key]?.call;
  const called =
    !!call &&
    call.turn < state.turn &&
    dist([call.at[0], call.at[1]], base.at) <= (w.template?.width ?? 2);
  const lapsed =
    !crewSees && called ? callLapsed(ctx, state, call, w.template?.width ?? 2) : undefined;
  if (lapsed) return refuse(lapsed, 'TP-12.4');
  if (!crewSees && !called)
    return refuse(
      'the crew cannot see the target and no observer has called fire on it',
      'TP-12.4',
    );
  // Every landing by matrix roll, less the men the round cannot reach (TP-12.3): exact odds.
  const matrix = matrixCircles(
    ctx,
    base.at,
    from,
    w.template?.width ?? 2,
    (t) => blastEffects(ctx, state, t, sInfo.side, obs, undefined),
    (landed, unit) => mortarShelter(ctx, state, from, landed, unit, standOff),
  );
  return { ...base, mode: 'mortar', band: 'indirect', matrix, ruleId: 'TP-12.2' };
}
