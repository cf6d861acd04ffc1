import { type TankplankState, tankplankState } from './state';
import { accepted, invalid, type Reducer } from '../../../game/reducer';
import type { TankplankAction, TankplankEvent } from './actions';
import type { TankplankContext } from './context';
import { manAaMg } from './aaMg';
import { boardBoat, crossInBoat } from './boats';
import { dropWeapon, fireCaptured, joinCrew, pickUpWeapon } from './salvage';
import { handAmmo, pushWreck, recoverAmmo } from './logistics';
import { dismount, mount } from './embarking';
import { climb, face, movable, move } from './movement';
import type { Result } from './reduction';
import { setUp } from './weaponSetUp';
import { callFire, fire } from './firing';
import { endPhase } from './turnSequence';

/**
 * The Tankplank reducer: `(state, action) -> { state, events } | invalid(reason)`. The turn runs
 * Movement → Firing → Morale (TP-4.2); each side ends a phase with `endPhase`, and when both
 * have, the next phase starts. The Morale phase needs no decisions and runs at once.
 */
export function tankplankReducer(
  ctx: TankplankContext,
): Reducer<TankplankState, TankplankAction, TankplankEvent> {
  return (state, action) => {
    const r = reduceAction(ctx, state, action);
    // Every state the game goes through has one shape (see tankplankState).
    return r.ok ? accepted(tankplankState(r.state), r.events) : r;
  };
}

function reduceAction(
  ctx: TankplankContext,
  state: TankplankState,
  action: TankplankAction,
): ReturnType<Reducer<TankplankState, TankplankAction, TankplankEvent>> {
  if (state.phase === 'ended') return invalid('the game is over');
  switch (action.type) {
    case 'move':
      return move(ctx, state, action.unit, action.path, action.facing);
    case 'face':
      return face(ctx, state, action.unit, action.facing, action.turret);
    case 'mount':
      return mount(ctx, state, action.unit, action.vehicle);
    case 'dismount':
      return dismount(ctx, state, action.unit, action.at);
    case 'setUp':
      return setUp(ctx, state, action.unit, true);
    case 'breakDown':
      return setUp(ctx, state, action.unit, false);
    case 'fire':
      return fire(ctx, state, action);
    case 'callFire':
      return callFire(ctx, state, action.unit, action.mortar, action.at);
    case 'manAaMg':
      return manAaMg(ctx, state, action.unit);
    case 'climb':
      return climb(ctx, state, action.unit, action.to);
    case 'recoverAmmo':
    case 'handAmmo':
    case 'pushWreck': {
      // Ammunition logistics and pushing wrecks live in logistics.ts (TP-17.3, TP-5.10).
      const m = movable(ctx, state, action.unit);
      if ('refuse' in m) return m.refuse;
      if (action.type === 'recoverAmmo') return recoverAmmo(ctx, state, action.unit, action.wreck);
      if (action.type === 'handAmmo') return handAmmo(ctx, state, action.unit, action.to);
      return pushWreck(ctx, state, action.unit, action.wreck, action.to);
    }
    case 'boardBoat':
    case 'crossInBoat':
    case 'pickUpWeapon':
    case 'dropWeapon':
    case 'joinCrew':
    case 'fireCaptured':
      return salvageOrBoat(ctx, state, action);
    case 'endPhase':
      return endPhase(ctx, state, action.side, action.timeUp === true);
  }
}

/** Boats (boats.ts, TP-5.3, TP-G7) and heavy weapons without their crews (salvage.ts, TP-16). */
function salvageOrBoat(
  ctx: TankplankContext,
  state: TankplankState,
  action: Extract<
    TankplankAction,
    {
      type:
        'boardBoat' | 'crossInBoat' | 'pickUpWeapon' | 'dropWeapon' | 'joinCrew' | 'fireCaptured';
    }
  >,
): Result {
  const check = (s: TankplankState, id: string) => {
    const m = movable(ctx, s, id);
    return 'refuse' in m ? m.refuse : undefined;
  };
  switch (action.type) {
    case 'boardBoat':
      return boardBoat(ctx, state, action, check);
    case 'crossInBoat':
      return crossInBoat(ctx, state, state.units.get(action.unit)?.boat ?? action.unit);
    case 'pickUpWeapon':
      return pickUpWeapon(ctx, state, action, check);
    case 'dropWeapon':
      return dropWeapon(ctx, state, action.unit, check);
    case 'joinCrew':
      return joinCrew(ctx, state, action, check);
    case 'fireCaptured':
      return fireCaptured(ctx, state, action, (s, a) => fire(ctx, s, a));
  }
}

// ---------------------------------------------------------------------------------------------
// Movement phase

// ---------------------------------------------------------------------------------------------
// Firing phase

// ---------------------------------------------------------------------------------------------
// Phase changes, end of firing, morale and victory
