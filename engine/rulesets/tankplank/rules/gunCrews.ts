/**
 * The men at hand to serve a team weapon or a gun: its own team, men trained for it and crew aboard
 * (TP-G10, TP-16.3 to TP-16.5).
 */
import type { TablePoint } from '../../../geometry/units';
import { constant } from './catalog';
import type { TankplankContext, UnitInfo } from './context';
import { dist, info, isTeamWeapon, onTable, weaponsOf } from './situation';
import type { TankplankState } from './state';

export function crewNear(
  ctx: TankplankContext,
  state: TankplankState,
  sInfo: UnitInfo,
  at: TablePoint,
): number {
  const reach = constant(ctx.catalog, 'crewProximity');
  const weapon = weaponsOf(ctx, sInfo).find((m) => isTeamWeapon(m.weapon))?.weapon.id;
  const helpers = crossTrained(ctx, weapon);
  let n = 0;
  for (const u of state.units.list()) {
    if (!onTable(u) || u.side !== sInfo.side || u.doomed) continue;
    // The team itself, or any man trained to serve the weapon standing by it (TP-16.3, TP-16.4).
    // A vehicle crewman an officer put into this team counts as one of it (TP-16.5).
    const own =
      u.formation === sInfo.formation && (u.type === sInfo.type.id || u.joinedCrew === weapon);
    if (!own && !(u.role !== undefined && helpers.has(u.role))) continue;
    if (dist([u.at[0], u.at[1]], at) <= reach + 1e-9) n++;
  }
  return n;
}

/** Men at a gun who can serve it: crew aboard, its own team, men trained for it (TP-16.3). */
export function gunCrew(
  ctx: TankplankContext,
  state: TankplankState,
  gun: string,
  at: TablePoint,
): number {
  const reach = constant(ctx.catalog, 'crewProximity');
  const g = state.units.get(gun)!;
  let n = Object.values(g.crew).reduce((s, c) => s + c, 0);
  const helpers = crossTrained(ctx, weaponsOf(ctx, info(ctx, state, gun))[0]?.weapon.id);
  for (const u of state.units.list()) {
    if (!onTable(u) || u.side !== g.side || u.id === gun || u.doomed) continue;
    // The cheap tests first: who may serve it and whether he stands by it, then what he is.
    if (u.formation !== g.formation && !(u.role !== undefined && helpers.has(u.role))) continue;
    if (!(dist([u.at[0], u.at[1]], at) <= reach + 1e-9)) continue;
    if (info(ctx, state, u.id).kind === 'figure') n++;
  }
  return n;
}

/** Roles trained to serve a crew weapon besides its own team (catalog `crossTraining`). */
function crossTrained(ctx: TankplankContext, weapon: string | undefined): Set<string> {
  const row = ctx.catalog.tables['crossTraining']?.rows.find((r) => r['weapon'] === weapon);
  const roles = row?.['roles'];
  return new Set(Array.isArray(roles) ? roles.map(String) : []);
}
