import type { Point } from '../../format';

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
  | { readonly type: 'climb'; readonly unit: string; readonly to: 'ground' | 'upper' | 'roof' }
  /** Recover half the rounds left in a friendly wreck (TP-17.3). */
  | { readonly type: 'recoverAmmo'; readonly unit: string; readonly wreck: string }
  | { readonly type: 'endPhase'; readonly side: string }
  /** Test set-ups only: the next dice rolls. */
  | { readonly type: 'forceDice'; readonly rolls: readonly number[] };

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
  | { readonly type: 'PhaseEnded'; readonly side: string; readonly phase: string }
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
      readonly level?: 'ground' | 'upper' | 'roof';
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
      readonly type: 'GameEnded';
      readonly winner: string | 'draw';
      readonly reason: string;
      readonly ruleId: string;
    };
