import type { Gap } from '../../terrain/gaps';
import type { RngState } from '../../random/dice';

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
  /** Where a figure stands in a house: the upper floor or the roof (absent: on the ground). */
  readonly level?: 'upper' | 'roof';
  /** Immobilised for the rest of the game (TW engine hit, TP-A31). */
  readonly immobilised?: boolean;
  /** Created during play (a crew bailing out of a wreck). */
  readonly spawned?: boolean;
}

/** A crew-served weapon shared by a team (HMG, bazooka, mortar) or mounted on a gun. */
export interface TeamWeaponState {
  readonly setUp: boolean;
  readonly setUpTurn: number;
  readonly ammo: number;
  /** A target point called by an observer, and the turn of the call (TP-12.4). */
  readonly call?: { readonly at: readonly [number, number]; readonly turn: number };
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
}

/** The whole state of a Tankplank game: plain JSON, dice included. */
export interface TankplankState {
  readonly ruleset: 'tankplank';
  readonly turn: number;
  readonly phase: TankplankPhase;
  /** Order of the movement sweep this turn (TP-4.3): alternates every turn. */
  readonly sweep: 'rightToLeft' | 'leftToRight';
  /** Sides that have ended the current phase. */
  readonly ended: readonly string[];
  readonly units: Readonly<Record<string, UnitState>>;
  readonly formations: Readonly<Record<string, FormationState>>;
  readonly teamWeapons: Readonly<Record<string, TeamWeaponState>>;
  /** Weapon keys and units that fired this Firing phase. */
  readonly fired: Readonly<Record<string, readonly string[]>>;
  readonly wrecks: readonly WreckState[];
  readonly objectives: Readonly<Record<string, ObjectiveState>>;
  /** Breaches made in walls during play (TP-5.9); absent when there are none. */
  readonly gaps?: readonly Gap[];
  readonly rng: RngState;
  readonly turnLimit: number;
  /** Forced dice are accepted only in test set-ups. */
  readonly allowForcedDice: boolean;
  readonly result?: { readonly winner: string | 'draw'; readonly reason: string };
}
