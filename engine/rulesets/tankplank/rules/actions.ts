import type { Point } from '../../../format';

/** An action a player (or the bot) submits to a Tankplank game. */
export type TankplankAction =
  /**
   * Move along straight legs. For a unit on the table the path starts at its position (the
   * position itself may be omitted); for a unit off the table the first point is where it
   * enters, on its side's entry edge (TP-4.1).
   */
  | {
      readonly type: 'move';
      readonly unit: string;
      readonly path: readonly Point[];
      readonly facing?: number;
    }
  /** Turn in place; vehicles turn freely (TP-G19), an MG team turning about spends a move (TP-8.5). */
  | {
      readonly type: 'face';
      readonly unit: string;
      readonly facing: number;
      readonly turret?: number;
    }
  | { readonly type: 'mount'; readonly unit: string; readonly vehicle: string }
  | { readonly type: 'dismount'; readonly unit: string; readonly at: Point }
  | { readonly type: 'setUp'; readonly unit: string }
  | { readonly type: 'breakDown'; readonly unit: string }
  /**
   * Fire one weapon at a unit or a point. `ammo` picks AP or HE for guns that carry both.
   */
  | {
      readonly type: 'fire';
      readonly unit: string;
      readonly weapon: string;
      readonly target?: string;
      readonly at?: Point;
      readonly ammo?: 'AP' | 'HE';
      /** Artillery only: fire indirect by the aiming matrix, on a call or own sight (TP-18.7). */
      readonly indirect?: boolean;
    }
  /**
   * An observer `unit` (an officer with a radioman at hand, or an observer vehicle) calls a mortar onto
   * a point where it sees the enemy; the mortar may fire there from the next turn (TP-12.4).
   */
  | {
      readonly type: 'callFire';
      readonly unit: string;
      readonly mortar: string;
      readonly at: Point;
    }
  /** Climb to the upper floor or roof of the house the figure stands in, or back down (TP-5.3, TP-5.7). */
  | {
      readonly type: 'climb';
      readonly unit: string;
      readonly to: 'ground' | 'upper' | 'roof' | 'tree';
    }
  /** Recover half the rounds left in a friendly wreck (TP-17.3). */
  | { readonly type: 'recoverAmmo'; readonly unit: string; readonly wreck: string }
  /** A carrier hands recovered rounds to a friendly vehicle within reach that can use them (TP-17.3c). */
  | { readonly type: 'handAmmo'; readonly unit: string; readonly to: string }
  /** Push a lighter wreck so that its centre ends at `to`, at most 1" away (TP-5.10). */
  | {
      readonly type: 'pushWreck';
      readonly unit: string;
      readonly wreck: string;
      readonly to: Point;
    }
  /**
   * Movement phase: the tank's commander takes the AA MG; from now on this turn the tank may move
   * at most half a move (TP-5.11, TP-A21).
   */
  | { readonly type: 'manAaMg'; readonly unit: string }
  /**
   * The side is done with the phase. `timeUp` when the real-time limit ran out (TP-4.3): units
   * that had not moved stay where they are.
   */
  | { readonly type: 'endPhase'; readonly side: string; readonly timeUp?: boolean }
  /** A man gets into a boat at the creek: a full move (TP-5.3, TP-G7). */
  | { readonly type: 'boardBoat'; readonly unit: string; readonly boat: string }
  /** A boat with men aboard goes straight across the creek and they land on the far bank: a full move (TP-5.3). */
  /** `unit` is the boat or any man aboard it. */
  | { readonly type: 'crossInBoat'; readonly unit: string }
  /** A man picks up a dropped or abandoned heavy weapon, his own side's or the enemy's (TP-16.8, TP-16.7). */
  | { readonly type: 'pickUpWeapon'; readonly unit: string; readonly piece: string }
  /** A man puts down the heavy weapon he carries where he stands (TP-16.8). */
  | { readonly type: 'dropWeapon'; readonly unit: string }
  /** An officer beside a dismounted vehicle crewman orders him into a heavy-weapons crew (TP-16.5). */
  | {
      readonly type: 'joinCrew';
      readonly officer: string;
      readonly unit: string;
      /** The gun, dropped weapon or heavy-weapons team figure whose crew he joins. */
      readonly crew: string;
    }
  /** An AT or armoured-vehicle crewman works an abandoned enemy AT gun, every other turn (TP-16.7). */
  | {
      readonly type: 'fireCaptured';
      readonly unit: string;
      readonly gun: string;
      readonly target?: string;
      readonly at?: Point;
      readonly ammo?: 'AP' | 'HE';
    };

/** A modifier to a roll, with the rule it comes from. */
export interface Modifier {
  readonly label: string;
  readonly value: number;
  readonly ruleId: string;
}

/** What happened, in the game's words. Every roll is in the event that used it. */
export type TankplankEvent =
  | {
      readonly type: 'TurnStarted';
      readonly turn: number;
      readonly sweep: 'rightToLeft' | 'leftToRight';
      readonly ruleId: string;
    }
  | {
      readonly type: 'PhaseStarted';
      readonly turn: number;
      readonly phase: 'movement' | 'firing' | 'morale';
      readonly ruleId: string;
    }
  | {
      readonly type: 'PhaseEnded';
      readonly side: string;
      readonly phase: string;
      /** The side's real-time limit ran out (TP-4.3, TP-4.4). */
      readonly timeUp?: boolean;
      readonly ruleId?: string;
    }
  | {
      readonly type: 'UnitMoved';
      readonly unit: string;
      readonly from: Point | null;
      readonly to: Point;
      readonly inches: number;
      readonly cost: number;
      readonly rate: number;
      readonly ruleIds: readonly string[];
      readonly forced?: string;
      /** Set when the move is a climb: where the figure now stands in the house. */
      readonly level?: 'ground' | 'upper' | 'roof' | 'tree';
    }
  | {
      readonly type: 'UnitFaced';
      readonly unit: string;
      readonly facing: number;
      readonly turret: number;
      readonly cost: number;
    }
  | {
      readonly type: 'UnitMounted';
      readonly unit: string;
      readonly vehicle: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'UnitDismounted';
      readonly unit: string;
      readonly vehicle: string;
      readonly at: Point;
      readonly ruleId: string;
    }
  | {
      readonly type: 'WeaponSetUp';
      readonly unit: string;
      readonly weapon: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'WeaponBrokenDown';
      readonly unit: string;
      readonly weapon: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'ShotResolved';
      readonly unit: string;
      readonly weapon: string;
      readonly target: string | null;
      readonly at: Point;
      readonly range: number;
      readonly band: string;
      readonly base: number;
      readonly modifiers: readonly Modifier[];
      readonly needed: number;
      readonly roll: number;
      readonly hit: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'PenetrationResolved';
      readonly unit: string;
      readonly target: string;
      readonly face: 'front' | 'side' | 'rear';
      readonly armour: number;
      readonly impact: number;
      readonly rangeModifier: number;
      readonly roll: number;
      readonly total: number;
      readonly penetrated: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'TemplatePlaced';
      readonly unit: string;
      readonly weapon: string;
      readonly template: 'cone' | 'strip' | 'sector' | 'circle';
      readonly at: Point;
      readonly caught: readonly string[];
      readonly ruleId: string;
    }
  | {
      readonly type: 'GrenadeThrown';
      readonly unit: string;
      readonly roll: number;
      readonly modifiers: readonly Modifier[];
      readonly result: string;
      readonly landed: Point | null;
      readonly ruleId: string;
    }
  | {
      readonly type: 'MortarRound';
      readonly unit: string;
      readonly roll: number;
      readonly landed: Point | null;
      readonly ruleId: string;
    }
  | {
      readonly type: 'FireCalled';
      readonly observer: string;
      readonly weapon: string;
      readonly at: Point;
      readonly ruleId: string;
    }
  | {
      readonly type: 'SaveRolled';
      readonly unit: string;
      readonly needed: number;
      readonly roll: number;
      readonly saved: boolean;
      readonly modifiers: readonly Modifier[];
      readonly ruleId: string;
    }
  | {
      readonly type: 'CasualtyMarked';
      readonly unit: string;
      readonly by: string;
      readonly ruleId: string;
    }
  | { readonly type: 'CasualtyRemoved'; readonly unit: string; readonly ruleId: string }
  | {
      readonly type: 'VehicleDestroyed';
      readonly unit: string;
      readonly wreck: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'CrewBailedOut';
      readonly vehicle: string;
      readonly unit: string;
      readonly role: string;
      readonly at: Point;
      readonly ruleId: string;
    }
  | {
      readonly type: 'MoraleTested';
      readonly formation: string;
      readonly triggers: readonly { readonly trigger: string; readonly ruleId: string }[];
      readonly roll: number;
      readonly modifiers: readonly Modifier[];
      readonly score: number;
      readonly result: 'hold' | 'toCover' | 'fallBack' | 'rout';
      readonly ruleId: string;
    }
  | {
      readonly type: 'AmmoRecovered';
      readonly unit: string;
      readonly wreck: string;
      readonly rounds: Readonly<Record<string, number>>;
      /** Rounds that went into the recovering vehicle's own stowage. */
      readonly loaded?: Readonly<Record<string, number>>;
      /** Rounds it carries as cargo for other vehicles (TP-17.3c). */
      readonly carried?: Readonly<Record<string, number>>;
      readonly ruleId: string;
    }
  | {
      readonly type: 'AmmoHandedOver';
      readonly unit: string;
      readonly to: string;
      readonly rounds: Readonly<Record<string, number>>;
      /** Rounds the carrier still carries afterwards. */
      readonly left: Readonly<Record<string, number>>;
      readonly ruleId: string;
    }
  | {
      readonly type: 'CarriedAmmoLost';
      readonly unit: string;
      readonly rounds: Readonly<Record<string, number>>;
      readonly ruleId: string;
    }
  | {
      readonly type: 'WreckPushed';
      readonly unit: string;
      readonly wreck: string;
      readonly from: Point;
      readonly to: Point;
      readonly ruleId: string;
    }
  | {
      readonly type: 'ObjectiveRevealed';
      readonly side: string;
      readonly objective: string;
      readonly commitment: string;
      readonly verified: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'ObjectiveHeld';
      readonly side: string;
      readonly objective: string;
      readonly turns: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'AaMgManned';
      readonly unit: string;
      readonly weapon: string;
      /** Share of a move the tank may use this turn (0 when it must stay still, TP-A21). */
      readonly maxMove: number;
      readonly ruleId: string;
    }
  | {
      /** HE struck a house: a 2" hole in a wall (TP-11.5) or a roof hit (TP-11.6, TP-11.7). */
      readonly type: 'HouseHit';
      readonly unit: string;
      readonly house: string;
      readonly part: 'wall' | 'roof';
      readonly at: Point;
      /** The roof had men on it and now burns for the rest of the game (TP-11.7, TP-G15). */
      readonly burning: boolean;
      readonly ruleId: string;
    }
  | {
      /** A rifle grenade fired as area fire lands by the 2" aiming matrix (TP-A49). */
      readonly type: 'RifleGrenadeLanded';
      readonly unit: string;
      readonly roll: number;
      readonly landed: Point | null;
      readonly ruleId: string;
    }
  | {
      readonly type: 'BoatBoarded';
      readonly unit: string;
      readonly boat: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'BoatCrossed';
      readonly boat: string;
      readonly from: Point;
      readonly to: Point;
      /** Where each man stepped ashore on the far bank. */
      readonly landed: readonly { readonly unit: string; readonly at: Point }[];
      readonly ruleId: string;
    }
  | { readonly type: 'BoatSwamped'; readonly boat: string; readonly ruleId: string }
  | {
      readonly type: 'WeaponAbandoned';
      readonly piece: string;
      readonly weapon: string;
      readonly formation: string;
      readonly at: Point;
      readonly ruleId: string;
    }
  | {
      readonly type: 'WeaponPickedUp';
      readonly unit: string;
      readonly piece: string;
      readonly weapon: string;
      /** Carried away from the enemy (TP-16.7). */
      readonly captured: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'WeaponDropped';
      readonly unit: string;
      readonly piece: string;
      readonly at: Point;
      readonly ruleId: string;
    }
  | {
      readonly type: 'CrewJoined';
      readonly officer: string;
      readonly unit: string;
      readonly crew: string;
      readonly weapon: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'CapturedGunFired';
      readonly unit: string;
      readonly gun: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'GameEnded';
      readonly winner: string | 'draw';
      readonly reason: string;
      readonly ruleId: string;
    };
