import { dict } from '../../../game/dict';
import { IdMap } from '../../../game/idMap';
import { seedRng } from '../../../random/dice';
import { hashState } from '../../../game/stateHash';
import { constant, stat } from './catalog';
import type { TankplankContext } from './context';
import type {
  FormationState,
  ObjectiveState,
  TankplankState,
  TeamWeaponState,
  UnitState,
} from './state';
import { tankplankState, unitState } from './state';
import { formationSize, isTeamWeapon, weaponKey, weaponsOf } from './situation';

/** Options for a new game. */
export interface NewGameOptions {
  readonly seed: number;
  readonly turnLimit?: number;
}

/**
 * The state at the start of turn 1, movement phase: units at their scenario positions (or off
 * the table), passengers aboard, ammunition from the catalog, objectives committed by hash.
 */
export function newGame(ctx: TankplankContext, opts: NewGameOptions): TankplankState {
  // Keyed by ids from the file: records without a prototype (game/dict.ts).
  const units = dict<UnitState>();
  const teamWeapons = dict<TeamWeaponState>();
  const embarked = new Map<string, string>();
  for (const i of ctx.units.values())
    for (const p of i.unit.passengers ?? []) embarked.set(p, i.unit.id);
  for (const i of ctx.units.values()) {
    const u = i.unit;
    const crew = dict<number>();
    // A vehicle without a crew list has its catalog crew; a gun's crew are figures of its team
    // unless the scenario lists them on the gun itself.
    for (const c of u.crew ?? (i.kind === 'vehicle' ? (i.type.crew ?? []) : []))
      crew[c.role] = (crew[c.role] ?? 0) + c.count;
    const ammo = dict<number>();
    for (const m of i.type.weapons ?? [])
      for (const [k, v] of Object.entries(m.ammo ?? {})) ammo[k] = (ammo[k] ?? 0) + v;
    Object.assign(ammo, u.ammo ?? {});
    const pos =
      u.position && Array.isArray(u.position) ? ([u.position[0], u.position[1]] as const) : null;
    const carrier = embarked.get(u.id) ?? null;
    units[u.id] = unitState({
      id: u.id,
      side: i.side,
      formation: i.formation,
      type: u.type,
      ...(i.role !== undefined ? { role: i.role } : {}),
      at: carrier ? null : pos,
      facing: u.facing ?? defaultFacing(ctx, i.side),
      turret: u.turretFacing ?? 0,
      alive: true,
      doomed: false,
      embarkedIn: carrier,
      passengers: u.passengers ?? [],
      crew,
      ammo,
      moved: 0,
      movedInches: 0,
      noFire: false,
    });
    for (const m of weaponsOf(ctx, i)) {
      if (!isTeamWeapon(m.weapon)) continue;
      const key = weaponKey(i, m.weapon);
      // Scenario-placed teams may start set up (x-setUp on the unit).
      const setUp = u['x-setUp'] === true;
      teamWeapons[key] ??= {
        setUp,
        setUpTurn: 0,
        ammo: stat(m.weapon.stats, 'ammo', stat(m.weapon.stats, 'ammoAP', 99)),
      };
    }
  }
  const state0 = {
    ruleset: 'tankplank' as const,
    turn: 1,
    phase: 'movement' as const,
    sweep: 'rightToLeft' as const,
    ended: [],
    units: IdMap.of(units),
    formations: IdMap.of<FormationState>(),
    teamWeapons,
    fired: dict<readonly string[]>(),
    wrecks: [],
    objectives: dict<ObjectiveState>(),
    rng: seedRng(opts.seed),
    turnLimit:
      opts.turnLimit ?? ctx.scenario.victory.turnLimit ?? constant(ctx.catalog, 'turnLimit'),
  };
  const formations = dict<FormationState>();
  for (const f of ctx.formations.values()) {
    const size = formationSize(ctx, state0, f.id);
    formations[f.id] = {
      startSize: size,
      sizeAtTurnStart: size,
      lostThisTurn: 0,
      quarterReached: false,
      attackers: [],
      armourAttackers: [],
      bigGunAttackers: 0,
      survivedVehicle: false,
      bombardedTurns: [],
      houseHitByHe: false,
      bridgeHmg: false,
    };
  }
  const objectives = dict<ObjectiveState>();
  for (const o of ctx.objectives) {
    if (o.kind !== 'holdZone' || !o.owner) continue;
    objectives[o.owner] = {
      objective: o.id,
      commitment: hashState({ side: o.owner, objective: o.id, area: o.area }),
      revealed: o.hidden !== true,
      heldTurns: 0,
    };
  }
  return tankplankState({
    ...state0,
    units: IdMap.of(units),
    formations: IdMap.of(formations),
    objectives,
  });
}

/** A side faces away from its entry edge, into the table. */
function defaultFacing(ctx: TankplankContext, side: string): number {
  const edge = ctx.entryEdges.get(side)?.edge;
  switch (edge) {
    case 'west':
      return 0;
    case 'east':
      return 180;
    case 'north':
      return 90;
    case 'south':
      return 270;
    case undefined:
      return 0;
  }
}
