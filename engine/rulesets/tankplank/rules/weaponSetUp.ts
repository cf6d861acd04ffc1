/**
 * Setting up and breaking down team weapons, AT guns, mortars and artillery (TP-5.3, TP-5.6, TP-A28).
 */
import { withEntry } from '../../../game/dict';
import { type TankplankState, withUnit, tankplankState } from './state';
import { accepted, invalid } from '../../../game/reducer';
import { stat } from './catalog';
import type { TankplankContext } from './context';
import { info, onTable, weaponKey, weaponsOf } from './situation';
import { isArtillery } from './artillery';
import { actionCost, movable } from './movement';
import type { Result } from './reduction';

export function setUp(
  ctx: TankplankContext,
  state: TankplankState,
  id: string,
  up: boolean,
): Result {
  const m = movable(ctx, state, id);
  if ('refuse' in m) return m.refuse;
  const unit = m.unit;
  if (!onTable(unit)) return invalid(`${id} is not on the table`);
  const i = info(ctx, state, id);
  const mountW = weaponsOf(ctx, i).find((w) => w.weapon.stats?.['needsSetUp'] === true);
  if (!mountW) return invalid(`${id} has nothing to set up`);
  const key = weaponKey(i, mountW.weapon);
  const tw = state.teamWeapons[key] ?? {
    setUp: false,
    setUpTurn: 0,
    ammo: stat(mountW.weapon.stats, 'ammo', 6),
  };
  if (tw.setUp === up)
    return invalid(`${mountW.weapon.name} is already ${up ? 'set up' : 'broken down'}`);
  const action = up
    ? isArtillery(mountW.weapon)
      ? 'setUpArtillery'
      : mountW.weapon.kind === 'mortar'
        ? 'setUpMortar'
        : mountW.weapon.kind === 'cannon'
          ? 'setUpAtGun'
          : 'setUpHmg'
    : 'breakDown';
  const { cost, ruleId } = actionCost(ctx, action);
  if (unit.moved + cost > 1 + 1e-9)
    return invalid(
      `${up ? 'setting up' : 'breaking down'} takes ${cost === 1 ? 'a full' : 'half a'} move`,
      ruleId,
    );
  let next = withUnit(state, id, {
    moved: unit.moved + cost,
    ...(up && !ctx.options.bool('TP-A28') ? { noFire: true } : {}),
  });
  next = tankplankState({
    ...next,
    teamWeapons: withEntry(next.teamWeapons, key, { ...tw, setUp: up, setUpTurn: state.turn }),
  });
  return accepted(next, [
    up
      ? { type: 'WeaponSetUp', unit: id, weapon: mountW.weapon.id, ruleId }
      : { type: 'WeaponBrokenDown', unit: id, weapon: mountW.weapon.id, ruleId },
  ]);
}
