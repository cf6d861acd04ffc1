import { withEntry } from '../../game/dict';
import type { ActionRng } from '../../game/gameDef';
import type { TankplankContext } from './rules/context';
import { newGame } from './rules/setup';
import { isTeamWeapon, weaponKey, weaponsOf } from './rules/situation';
import {
  tankplankState,
  unitState,
  type TankplankState,
  type TeamWeaponState,
  type UnitState,
} from './rules/state';

/**
 * Tankplank's state as a side may believe it (`GameDef.determinize`, for the search bot). The
 * table hides nothing but on a screened first turn (TP-4.4, `screenedFirstTurn` in game.ts), when
 * the other side's moves, facings, mounting and setting up of weapons are unseen: there its units
 * and team weapons are put back as the scenario placed them (where they stood, faced, rode and
 * whether set up, unmoved), which is all the viewer knows of them; what the viewer did see (a man
 * shot, ammunition spent) stays. Otherwise the state is the viewer's own. The dice are left alone
 * (the search reseeds them); `rng` is not needed, as the start is one placement.
 */
export function tankplankDeterminize(
  ctx: TankplankContext,
  screened: boolean,
): (state: TankplankState, viewer: string, rng: ActionRng) => TankplankState {
  let start: TankplankState | undefined;
  return (state, viewer) => {
    if (!screened || state.turn > 1) return state;
    start ??= newGame(ctx, { seed: 1 });
    const changes: [string, UnitState][] = [];
    let teamWeapons = state.teamWeapons;
    for (const u of state.units.list()) {
      const was = start.units.get(u.id);
      if (u.side === viewer || !was) continue;
      changes.push([
        u.id,
        unitState({
          ...u,
          at: u.alive ? was.at : u.at,
          facing: was.facing,
          turret: was.turret,
          embarkedIn: was.embarkedIn,
          passengers: was.passengers,
          level: was.level,
          boat: was.boat,
          moved: was.moved,
          movedInches: was.movedInches,
          noFire: was.noFire,
        }),
      ]);
      const info = ctx.units.get(u.id);
      if (!info) continue;
      for (const m of weaponsOf(ctx, info)) {
        if (!isTeamWeapon(m.weapon)) continue;
        const key = weaponKey(info, m.weapon);
        const now = teamWeapons[key];
        const then = start.teamWeapons[key];
        if (!now || !then || (now.setUp === then.setUp && now.setUpTurn === then.setUpTurn))
          continue;
        teamWeapons = withEntry(teamWeapons, key, {
          ...now,
          setUp: then.setUp,
          setUpTurn: then.setUpTurn,
        } satisfies TeamWeaponState);
      }
    }
    if (changes.length === 0 && teamWeapons === state.teamWeapons) return state;
    return tankplankState({
      ...state,
      units: state.units.withAll(changes),
      teamWeapons,
    });
  };
}
