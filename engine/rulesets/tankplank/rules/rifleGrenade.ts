/**
 * Rifle grenades (TW, TP-19.3, TP-A49): aimed like a rifle with their own bands at a vehicle or a
 * doorway, where a hit rolls impact 2 against the vehicle and bursts in a 2" circle; fired at
 * anything else they are area fire and land by the 2" aiming matrix, like a light mortar's round.
 */
import type { Obstruction } from '../../../los/lineOfSight';
import { stat } from './catalog';
import { matrixCircles } from './canopy';
import type { TankplankContext, UnitInfo } from './context';
import { blastEffects } from './blasts';
import { coverModifier, neededFor, penetrationStep } from './hitAndPenetration';
import type { PlanBase, Refusal, ShotPlan } from './shotPlan';
import { positionOf } from './situation';
import type { TankplankState } from './state';
import { doorwayAt } from './structures';

/** Plans a rifle-grenade shot (TP-A49); the caller has checked sight, arc and the shooter. */
export function planRifleGrenade(
  ctx: TankplankContext,
  state: TankplankState,
  base: PlanBase,
  sInfo: UnitInfo,
  tInfo: UnitInfo | undefined,
  obs: Obstruction[],
): ShotPlan | Refusal {
  const w = base.weapon;
  const bands = w.ranges ?? [];
  const min = w.minRange ?? 0;
  const max = bands[bands.length - 1]?.max ?? 0;
  if (base.range < min - 1e-9 || base.range > max + 1e-9)
    return {
      refused: true,
      reason: `a rifle grenade reaches ${min}" to ${max}"`,
      ruleId: 'TP-19.3',
    };
  const upper = ctx.options.bool('TP-A4');
  const band =
    bands.find((b) => (upper ? base.range <= b.max + 1e-9 : base.range < b.max - 1e-9)) ??
    bands[bands.length - 1]!;
  const from = positionOf(state, base.shooter)!;
  const diameter = w.template?.width ?? 2;
  const vehicle = tInfo?.kind === 'vehicle' ? tInfo : undefined;
  const door = vehicle ? undefined : doorwayAt(ctx, base.at);
  if (ctx.options.bool('TP-A49') && (vehicle || door)) {
    // Aimed like a rifle: the target's cover counts against a vehicle; a doorway is the aim itself.
    const mods = vehicle
      ? coverModifier(ctx, 'smallArmsCover', base.sight?.cover ?? 'none', '')
      : [];
    const toHitBase = band.toHit ?? 6;
    const centre = door ?? base.at;
    return {
      ...base,
      at: centre,
      mode: 'rifleGrenade',
      band: band.band,
      toHit: {
        base: toHitBase,
        modifiers: mods,
        needed: neededFor(ctx, toHitBase, mods),
        ruleId: 'TP-A49',
      },
      ...(vehicle
        ? {
            penetration: penetrationStep(
              ctx,
              state,
              vehicle.unit.id,
              from,
              stat(w.stats, 'impact', 2),
              0,
            ),
          }
        : {}),
      template: blastEffects(
        ctx,
        state,
        { shape: 'circle', centre, diameter },
        sInfo.side,
        obs,
        vehicle?.unit.id,
      ),
      ruleId: 'TP-A49',
    };
  }
  // Area fire: a natural 1 misses, 2–6 pick a circle of the 2" matrix (TP-19.5).
  const matrix = matrixCircles(ctx, base.at, from, diameter, (t) =>
    blastEffects(ctx, state, t, sInfo.side, obs, undefined),
  );
  return { ...base, mode: 'rifleGrenadeArea', band: band.band, matrix, ruleId: 'TP-A49' };
}
