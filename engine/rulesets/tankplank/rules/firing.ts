/**
 * The Firing phase's two actions: a unit fires (the plan from fire.ts, its dice, the round spent),
 * and an observer calls a mortar or artillery piece onto a point he sees (TP-12.4, TP-18.7a).
 */
import { entry, withEntry } from '../../../game/dict';
import { type TankplankState, type UnitState, withUnit, tankplankState } from './state';
import type { Point } from '../../../format';
import { Dice } from '../../../random/dice';
import { accepted, invalid } from '../../../game/reducer';
import { tablePoint } from '../../../geometry/units';
import type { TankplankAction } from './actions';
import { stat } from './catalog';
import type { TankplankContext } from './context';
import { ammoLeft, planShot } from './fire';
import { dist, info, isTeamWeapon, onTable, positionOf, weaponKey, weaponsOf } from './situation';
import { loseCarriedAmmo } from './logistics';
import { artilleryCallRefusal, artilleryFired, indirectDiameter, isArtillery } from './artillery';
import type { Events, Result } from './reduction';
import { seesEnemyAt } from './observers';
import { resolveShot } from './shotResolution';

export function callFire(
  ctx: TankplankContext,
  state: TankplankState,
  observerId: string,
  mortarId: string,
  at: Point,
): Result {
  if (state.phase !== 'firing') return invalid('fire is called in the Firing phase', 'TP-12.4');
  const observer = state.units.get(observerId);
  const crew = state.units.get(mortarId);
  if (!observer || !observer.alive || !positionOf(state, observerId))
    return invalid(`observer ${observerId} is not on the table`);
  if (!onTable(crew)) return invalid(`mortar crew ${mortarId} is not on the table`);
  if (crew.side !== observer.side) return invalid("an observer calls only his own side's mortar");
  const cInfo = info(ctx, state, mortarId);
  const mortar = weaponsOf(ctx, cInfo).find(
    (w) => w.weapon.kind === 'mortar' || isArtillery(w.weapon),
  );
  if (!mortar) return invalid(`${mortarId} serves no mortar or artillery piece`);
  const notCallable = artilleryCallRefusal(ctx, mortar.weapon);
  if (notCallable) return invalid(notCallable.reason, notCallable.ruleId);
  if ((state.fired[observerId]?.length ?? 0) > 0)
    return invalid('an observer who has fired this turn cannot call fire', 'TP-12.4');
  const oInfo = info(ctx, state, observerId);
  const reach = ctx.options.num('TP-A29');
  const op = positionOf(state, observerId)!;
  const radiomen = state.units
    .list()
    .filter(
      (u): u is UnitState & { at: readonly [number, number] } =>
        onTable(u) && u.side === observer.side && u.role === 'radioman' && !u.doomed,
    );
  const isObserver =
    oInfo.kind === 'vehicle'
      ? oInfo.type.keywords?.includes('observer') === true
      : observer.role === 'officer' &&
        radiomen.some((r) => dist([r.at[0], r.at[1]], op) <= reach + 1e-9);
  if (!isObserver)
    return invalid(
      `${observerId} is not an observer: an officer with a radioman, or an observer vehicle`,
      'TP-12.4',
    );
  const mp = tablePoint(crew.at[0], crew.at[1]);
  if (!radiomen.some((r) => dist([r.at[0], r.at[1]], mp) <= reach + 1e-9)) {
    return invalid(`no radioman within ${reach}" of the mortar to pass the orders`, 'TP-A29');
  }
  const p = tablePoint(at[0], at[1]);
  const diameter = indirectDiameter(ctx, mortar.weapon);
  if (!seesEnemyAt(ctx, state, observerId, p, diameter))
    return invalid('the observer must see enemy troops or vehicles at that point', 'TP-12.1');
  const key = weaponKey(cInfo, mortar.weapon);
  const tw = state.teamWeapons[key] ?? {
    setUp: false,
    setUpTurn: 0,
    ammo: stat(mortar.weapon.stats, 'ammo', 6),
  };
  let next: TankplankState = tankplankState({
    ...state,
    teamWeapons: withEntry(state.teamWeapons, key, {
      ...tw,
      call: {
        at: [p.x, p.y],
        turn: state.turn,
        observer: observerId,
        // An officer observes with his radioman; an observer vehicle has its own radio.
        radiomen:
          oInfo.kind === 'vehicle'
            ? []
            : radiomen.filter((r) => dist([r.at[0], r.at[1]], op) <= reach + 1e-9).map((r) => r.id),
      },
    }),
  });
  next = withUnit(next, observerId, { noFire: true });
  next = tankplankState({
    ...next,
    fired: withEntry(next.fired, observerId, [
      ...(next.fired[observerId] ?? []),
      `${observerId}:call`,
    ]),
  });
  return accepted(next, [
    {
      type: 'FireCalled',
      observer: observerId,
      weapon: mortar.weapon.id,
      at: [p.x, p.y],
      ruleId: isArtillery(mortar.weapon) ? 'TP-18.7a' : 'TP-12.4',
    },
  ]);
}

export function fire(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<TankplankAction, { type: 'fire' }>,
): Result {
  if (state.phase !== 'firing') return invalid('weapons fire only in the Firing phase', 'TP-4.2');
  const shooter = state.units.get(action.unit);
  if (shooter && state.ended.includes(shooter.side))
    return invalid(`side ${shooter.side} has ended its firing`);
  const plan = planShot(ctx, state, action);
  if ('refused' in plan) return invalid(plan.reason, plan.ruleId);
  const dice = new Dice(state.rng);
  const events: Events = [];
  let next = resolveShot(ctx, state, plan, dice, events);
  next = loseCarriedAmmo(ctx, next, events);
  // Spend the round and mark the weapon as fired this phase.
  const sInfo = info(ctx, state, plan.shooter);
  const left = ammoLeft(state, sInfo, plan.weapon, plan.key, plan.ammoKind);
  if (left !== undefined && Number.isFinite(left)) {
    if (isTeamWeapon(plan.weapon) && sInfo.kind === 'figure') {
      const tw = next.teamWeapons[plan.key]!;
      next = tankplankState({
        ...next,
        teamWeapons: withEntry(next.teamWeapons, plan.key, { ...tw, ammo: tw.ammo - 1 }),
      });
    } else {
      const kind = plan.ammoKind ?? 'AP';
      const u = next.units.get(plan.shooter)!;
      next = withUnit(next, plan.shooter, {
        ammo: withEntry(u.ammo, kind, (entry(u.ammo, kind) ?? 0) - 1),
      });
    }
  }
  next = tankplankState({
    ...next,
    fired: withEntry(next.fired, plan.shooter, [...(next.fired[plan.shooter] ?? []), plan.key]),
    rng: dice.state(),
  });
  next = artilleryFired(next, plan);
  return accepted(next, events);
}
