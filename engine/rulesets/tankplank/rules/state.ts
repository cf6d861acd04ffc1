import type { IdMap } from '../../../game/idMap';
import type { Gap } from '../../../terrain/gaps';
import type { RngState } from '../../../random/dice';

/** The phases of a Tankplank turn (TP-4.2); `ended` after the game is decided. */
export type TankplankPhase = 'movement' | 'firing' | 'morale' | 'ended';

/** A morale result being carried out (TP-15.2, TP-15.4). */
export interface MoraleOrder {
  readonly result: 'toCover' | 'fallBack' | 'rout';
  /** Turns of forced movement still to come. */
  readonly movesLeft: number;
  /** The turn at whose end the unit tests again. */
  readonly retestTurn: number;
}

/** The state of one element (figure, vehicle or gun) in play. */
export interface UnitState {
  readonly id: string;
  readonly side: string;
  readonly formation: string;
  readonly type: string;
  readonly role?: string;
  /** Position in inches; null while off the table or riding in a vehicle. */
  readonly at: readonly [number, number] | null;
  /** Hull facing in degrees clockwise from east. */
  readonly facing: number;
  /** Turret facing relative to the hull. */
  readonly turret: number;
  readonly alive: boolean;
  /** Hit during this Firing phase: still fires, removed at its end (TP-4.6). */
  readonly doomed: boolean;
  readonly embarkedIn: string | null;
  readonly passengers: readonly string[];
  /** Crew figures still inside a vehicle or gun, by role. */
  readonly crew: Readonly<Record<string, number>>;
  /** Rounds left by kind for the unit's own weapons (AP, HE, bursts). */
  readonly ammo: Readonly<Record<string, number>>;
  /** Share of this turn's movement allowance used. */
  readonly moved: number;
  /** Inches moved this turn. */
  readonly movedInches: number;
  /** May not fire this turn (turned an MG about, set up a weapon, acted as observer). */
  readonly noFire: boolean;
  /** Turn in which the commander was hit (TP-8.8d). */
  readonly commanderHitTurn?: number;
  /**
   * Where a figure stands above the ground: a house's upper floor or roof, or up a tree (absent:
   * on the ground).
   */
  readonly level?: 'upper' | 'roof' | 'tree';
  /** Immobilised for the rest of the game (TW engine hit, TP-A31). */
  readonly immobilised?: boolean;
  /** Created during play (a crew bailing out of a wreck). */
  readonly spawned?: boolean;
  /** The boat a man sits in, waiting to cross (TP-5.3, TP-G7); he stays on the table and can be shot. */
  readonly boat?: string;
  /** Heavy weapon a bailed-out vehicle crewman was ordered to serve (TP-16.5). */
  readonly joinedCrew?: string;
  /** Turn an abandoned enemy AT gun was last fired by its captors (TP-16.7). */
  readonly capturedFireTurn?: number;
  /** Rounds taken from friendly wrecks and carried for other vehicles (TP-17.3c); absent when none. */
  readonly carriedAmmo?: readonly AmmoLot[];
  /** Turn in which the vehicle took ammunition aboard from a wreck (TP-17.3b). */
  readonly recoveringTurn?: number;
  /** Turn in which the vehicle was reloaded from a carrier (TP-17.3d/e, TP-5.13). */
  readonly reloadedTurn?: number;
  /** Turn in which the commander took the AA MG in the Movement phase (TP-5.11). */
  readonly aaMgTurn?: number;
}

/** Recovered rounds of one kind, carried as cargo, with the wreck type they came from (TP-17.5). */
export interface AmmoLot {
  /** Unit type of the wreck the rounds came from: decides who can use them. */
  readonly from: string;
  /** Ammunition kind (AP, HE, bursts). */
  readonly kind: string;
  readonly rounds: number;
}

/** A crew-served weapon shared by a team (HMG, bazooka, mortar) or mounted on a gun. */
export interface TeamWeaponState {
  readonly setUp: boolean;
  readonly setUpTurn: number;
  readonly ammo: number;
  /** A target point called by an observer, and the turn of the call (TP-12.4). */
  readonly call?: {
    readonly at: readonly [number, number];
    readonly turn: number;
    /** Who called it: the weapon fires on the call only while he sees the target (TP-12.4). */
    readonly observer?: string;
    /** The radiomen with an observing officer: one of them must keep the target in sight too. */
    readonly radiomen?: readonly string[];
  };
  /** Artillery: the turn the piece last fired, for its crew's rate of fire (TP-18.7f). */
  readonly lastFiredTurn?: number;
}

/** Per-formation bookkeeping for morale (TP-15). */
export interface FormationState {
  readonly startSize: number;
  readonly sizeAtTurnStart: number;
  readonly lostThisTurn: number;
  readonly quarterReached: boolean;
  /** Formations that attacked this one this turn, with their size. */
  readonly attackers: readonly { readonly formation: string; readonly size: number }[];
  readonly armourAttackers: readonly string[];
  readonly bigGunAttackers: number;
  readonly survivedVehicle: boolean;
  readonly bombardedTurns: readonly number[];
  readonly houseHitByHe: boolean;
  readonly bridgeHmg: boolean;
  readonly morale?: MoraleOrder;
}

/** A side's hidden objective (TP-3). */
export interface ObjectiveState {
  readonly objective: string;
  /** Commitment hash stored when the objective is chosen (TP-3.4). */
  readonly commitment: string;
  readonly revealed: boolean;
  readonly heldTurns: number;
}

/** A wreck left where a vehicle was destroyed (TP-14.4). */
export interface WreckState {
  readonly id: string;
  readonly unit: string;
  readonly type: string;
  readonly side: string;
  readonly at: readonly [number, number];
  readonly facing: number;
  /** Rounds still aboard, recoverable by its own side (TP-17.3). */
  readonly ammo: Readonly<Record<string, number>>;
  /** Turn in which a vehicle last pushed the wreck (1" a turn, TP-5.10). */
  readonly pushedTurn?: number;
}

/**
 * The whole state of a Tankplank game, dice included: plain JSON once written (`units` is an
 * IdMap, written as its record `{ id: unit }`).
 */
export interface TankplankState {
  readonly ruleset: 'tankplank';
  readonly turn: number;
  readonly phase: TankplankPhase;
  /** Order of the movement sweep this turn (TP-4.3): alternates every turn. */
  readonly sweep: 'rightToLeft' | 'leftToRight';
  /** Sides that have ended the current phase. */
  readonly ended: readonly string[];
  /** Units by id: changed with `withUnit` (or `units.with`), one cheap copy per change. */
  readonly units: IdMap<UnitState>;
  readonly formations: IdMap<FormationState>;
  readonly teamWeapons: Readonly<Record<string, TeamWeaponState>>;
  /** Weapon keys and units that fired this Firing phase. */
  readonly fired: Readonly<Record<string, readonly string[]>>;
  readonly wrecks: readonly WreckState[];
  readonly objectives: Readonly<Record<string, ObjectiveState>>;
  /**
   * Breaches made in walls during play (TP-5.9, TP-11.8) and 2" holes shot in house walls
   * (TP-11.5, keyed by the house id); absent when there are none.
   */
  readonly gaps?: readonly Gap[];
  /** Houses whose roof burns after an HE hit on men there: unusable for the game (TP-11.7). */
  readonly burningRoofs?: readonly string[];
  readonly rng: RngState;
  readonly turnLimit: number;
  readonly result?: { readonly winner: string | 'draw'; readonly reason: string };
}

/**
 * A game state with every field, the optional ones too (undefined when not set), always in the
 * same order: the reducer hands every accepted state through here, for the reason `unitState`
 * gives (states that gained breaches, burning roofs or a result key by key took new shapes, and
 * every rule reading `state.units` was compiled again). Undefined is the same as left out.
 */
export function tankplankState(s: TankplankState): TankplankState {
  const all: { readonly [K in keyof Required<TankplankState>]: TankplankState[K] } = {
    ruleset: s.ruleset,
    turn: s.turn,
    phase: s.phase,
    sweep: s.sweep,
    ended: s.ended,
    units: s.units,
    formations: s.formations,
    teamWeapons: s.teamWeapons,
    fired: s.fired,
    wrecks: s.wrecks,
    objectives: s.objectives,
    gaps: s.gaps,
    burningRoofs: s.burningRoofs,
    rng: s.rng,
    turnLimit: s.turnLimit,
    result: s.result,
  };
  return all;
}

/** The state with one unit changed. */
export const withUnit = (
  state: TankplankState,
  id: string,
  patch: Partial<UnitState>,
): TankplankState =>
  tankplankState({
    ...state,
    units: state.units.with(id, unitState({ ...state.units.get(id)!, ...patch })),
  });

/**
 * A unit's state with every field, the optional ones too (undefined when not set), always in the
 * same order. Every unit state is made through here, so all of them share one shape in V8: with
 * fields added in whatever order rules set them (`{ ...u, level }`, `{ ...u, aaMgTurn }`), units
 * took a dozen shapes, and the optimised rules code that reads them was thrown away ("wrong map")
 * and compiled again on a compiler thread a dozen times a game. A field left undefined is the
 * same as one left out: hashes, saves and `toEqual` skip it.
 */
export function unitState(u: UnitState): UnitState {
  const all: { readonly [K in keyof Required<UnitState>]: UnitState[K] } = {
    id: u.id,
    side: u.side,
    formation: u.formation,
    type: u.type,
    role: u.role,
    at: u.at,
    facing: u.facing,
    turret: u.turret,
    alive: u.alive,
    doomed: u.doomed,
    embarkedIn: u.embarkedIn,
    passengers: u.passengers,
    crew: u.crew,
    ammo: u.ammo,
    moved: u.moved,
    movedInches: u.movedInches,
    noFire: u.noFire,
    commanderHitTurn: u.commanderHitTurn,
    level: u.level,
    immobilised: u.immobilised,
    spawned: u.spawned,
    boat: u.boat,
    joinedCrew: u.joinedCrew,
    capturedFireTurn: u.capturedFireTurn,
    carriedAmmo: u.carriedAmmo,
    recoveringTurn: u.recoveringTurn,
    reloadedTurn: u.reloadedTurn,
    aaMgTurn: u.aaMgTurn,
  };
  return all;
}

/** The state with one formation's bookkeeping changed. */
export const withFormation = (
  state: TankplankState,
  id: string,
  patch: Partial<FormationState>,
): TankplankState =>
  tankplankState({
    ...state,
    formations: state.formations.with(id, { ...state.formations.get(id)!, ...patch }),
  });
