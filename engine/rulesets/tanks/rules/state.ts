import type { DeckEvent, DeckState } from '../../../random/deck';
import type { RngState } from '../../../random/dice';

/**
 * The TANKS game state, actions and events: plain JSON, so a game is a fold over its action log
 * and a saved game is its seed and actions. The dice and the Critical deck live in the state.
 */

export type Phase = 'deployment' | 'movement' | 'shooting' | 'ended';
export type Elevation = 'low' | 'high';
export type Weapon = 'gun' | 'missiles' | 'rapidFire';

/** A card a model carries, face down until its owner reveals it (TK-8.7). */
export interface HeldCard {
  readonly card: string;
  readonly hidden: boolean;
}

/** A model on (or waiting to come onto) the table. */
export interface ModelState {
  readonly id: string;
  /** Null until the model is deployed. */
  readonly at: readonly [number, number] | null;
  /** Degrees clockwise from east. */
  readonly facing: number;
  /** Helicopters only; tanks have none. */
  readonly elevation: Elevation | null;
  readonly damage: number;
  /** The Speed token beside the model (TK-4.6): 0 when it has none (Stationary, TK-4.5). */
  readonly speedToken: number;
  /** Real moves made this turn. */
  readonly moves: number;
  /** Took Defensive Measures this turn (TK-4.7). */
  readonly defensive: boolean;
  /** Switched elevation this turn (TK-4.8: once a turn). */
  readonly elevationSwitched: boolean;
  /** Changed elevation standing still: that was its whole movement (TK-4.8). */
  readonly switchedInPlace: boolean;
  /** A Wheeled model's move this turn went into, out of or through terrain (TK-4.11). */
  readonly wheeledStop: boolean;
  readonly cards: readonly HeldCard[];
  /** Once-per-game cards already used. */
  readonly spent: readonly string[];
  /** Stat changes left by Critical cards that went to the discard pile (their effect stays). */
  readonly scars: Readonly<Record<string, number>>;
  /** `destroyed` leaves a wreck marker; `removed` leaves nothing (TK-7 step 1, TK-6.2). */
  readonly status: 'active' | 'destroyed' | 'removed';
}

/**
 * A shot whose Hits and Criticals are being cancelled: the side whose dice these are chooses
 * which to cancel (TK-6.7, TK-A12): the target with its 6s, the shooter with the 4s and 5s.
 */
export interface PendingCancel {
  readonly shooter: string;
  readonly target: string;
  readonly weapon: Weapon;
  readonly hits: number;
  readonly criticals: number;
  /** The target's 6s still to allocate. */
  readonly sixes: number;
  /** The 4s and 5s still to allocate. */
  readonly fours: number;
  /** Whose choice it is now. */
  readonly chooser: 'target' | 'shooter';
  /**
   * Before the defence roll: the shooter first chooses how many of `eligible` Criticals become
   * two Hits each (TK-6.12, a card's choice); the defence pool to roll then. Absent otherwise.
   */
  readonly split?: {
    readonly eligible: number;
    /** The target's defence pool (as odds.ts DefenceSpec), rolled once the shooter has chosen. */
    readonly defence: {
      readonly base: number;
      readonly modifiers: readonly PoolModifier[];
      readonly raw: number;
      readonly dice: number;
      readonly cancelMin: number;
    };
  };
}

export interface TanksState {
  readonly turn: number;
  readonly phase: Phase;
  readonly turnLimit: number | undefined;
  readonly attacker: string;
  readonly defender: string;
  /** The side that wins initiative ties this turn (TK-2.4, TK-7 step 4). */
  readonly advantage: string;
  /**
   * The Defender's choice of table edge (TK-2.4) when the scenario leaves it open (two opposite
   * edge strips, no fixed deployment order): `pending` until it chooses, then whether the sides
   * keep the scenario's edges or swap them. Absent when the scenario fixes the edges.
   */
  readonly edgeChoice?: 'pending' | 'kept' | 'swapped';
  /**
   * Objective tokens the players place before deploying (TK-9), in placing order: the side that
   * places each and where it went (null until placed). Absent when the scenario places them all.
   */
  readonly placedObjectives?: readonly {
    readonly id: string;
    readonly side: string;
    readonly at: readonly [number, number] | null;
  }[];
  /**
   * Terrain the players place before anything else (TK-2.2, TK-2.3) when the scenario leaves its
   * forests and buildings to them. Absent when the map fixes every piece.
   */
  readonly terrainPlacement?: TerrainPlacement;
  /** The roll-off for roles when the scenario names no Attacker (TK-2.4), each try's rolls. */
  readonly rollOff: readonly Readonly<Record<string, number>>[];
  readonly models: Readonly<Record<string, ModelState>>;
  /** Models that have finished their activation in this phase. */
  readonly done: readonly string[];
  /** A model part-way through its activation (it moved or deployed and may go on). */
  readonly acting: string | null;
  /** Critical cards: draw pile, discards, and the cards each model holds (repairable ones). */
  readonly deck: DeckState;
  readonly vp: Readonly<Record<string, number>>;
  /** Points each side has destroyed (models with the cards they started with), for time-outs. */
  readonly destroyedPoints: Readonly<Record<string, number>>;
  readonly pending: PendingCancel | null;
  readonly result: { readonly winner: string | 'draw'; readonly reason: string } | null;
  readonly rng: RngState;
}

/** One piece of the terrain pool and where it went. */
export interface PlacedPiece {
  /** The map feature the piece is drawn from. */
  readonly id: string;
  /** Who places it; null until the roll-off has settled the order. */
  readonly side: string | null;
  /** Where its centre went; null until placed. */
  readonly at: readonly [number, number] | null;
  /** Degrees clockwise the piece is turned from how the map draws it. */
  readonly rotation: number;
  /** Left off the table: there was no spot one Measuring Arrow clear of everything (TK-2.3). */
  readonly setAside?: boolean;
}

/** The terrain placing step (TK-2.2): the roll-off, then each piece in placing order. */
export interface TerrainPlacement {
  /** Each try of the roll-off (ties are rolled again); empty until the players roll. */
  readonly rolls: readonly Readonly<Record<string, number>>[];
  /** The higher roller, who places the first Forest; null until rolled. */
  readonly first: string | null;
  /** Forests first, then Buildings, in the order they are placed. */
  readonly pieces: readonly PlacedPiece[];
}

export type TanksAction =
  | {
      readonly type: 'deploy';
      readonly unit: string;
      readonly at: readonly [number, number];
      readonly facing: number;
      readonly elevation?: Elevation;
    }
  | {
      readonly type: 'move';
      readonly unit: string;
      /** Which way the arrow points, degrees clockwise from east. */
      readonly heading: number;
      /** How far the model's centre travels along it, in inches. */
      readonly distance: number;
      /** The facing it ends at. */
      readonly facing: number;
      /** A helicopter's elevation after this move (a change uses its once-a-turn switch). */
      readonly elevation?: Elevation;
    }
  | { readonly type: 'defend'; readonly unit: string; readonly tokens: number }
  | { readonly type: 'switchElevation'; readonly unit: string }
  | {
      readonly type: 'shoot';
      readonly unit: string;
      readonly target: string;
      readonly weapon: Weapon;
      /** Spend the model's once-per-game extra attack dice on this shot. */
      readonly boost?: boolean;
    }
  | { readonly type: 'cancel'; readonly side: string; readonly criticals: number }
  /** The shooter turns this many of its Criticals into two Hits each (TK-6.12). */
  | { readonly type: 'split'; readonly side: string; readonly criticals: number }
  | { readonly type: 'reveal'; readonly unit: string; readonly card: string }
  /** The Defender picks the table edge it deploys on; the Attacker takes the opposite (TK-2.4). */
  | { readonly type: 'chooseEdge'; readonly side: string; readonly edge: string }
  /** A side puts the next objective token on the table (TK-9). */
  | {
      readonly type: 'placeObjective';
      readonly side: string;
      readonly objective: string;
      readonly at: readonly [number, number];
    }
  /** The players roll off for who places the first terrain piece (TK-2.2). */
  | { readonly type: 'rollForTerrain'; readonly side: string }
  /** A side turns the terrain piece it is about to place (absolute degrees from the map's drawing). */
  | {
      readonly type: 'turnTerrain';
      readonly side: string;
      readonly piece: string;
      readonly rotation: number;
    }
  /** A side puts the next terrain piece on the table, its centre at `at` (TK-2.2, TK-2.3). */
  | {
      readonly type: 'placeTerrain';
      readonly side: string;
      readonly piece: string;
      readonly at: readonly [number, number];
      /** Degrees from the map's drawing; omitted keeps the piece's current turn. */
      readonly rotation?: number;
    }
  | { readonly type: 'endPhase'; readonly side: string; readonly timeUp?: boolean };

/** A modifier of a dice pool, with the rule that gives it. */
export interface PoolModifier {
  readonly label: string;
  readonly value: number;
  readonly ruleId: string;
}

/** One re-rolled die: where it was in the roll, what it showed, what it shows now, and why. */
export interface Reroll {
  readonly die: number;
  readonly from: number;
  readonly to: number;
  readonly reason: string;
  readonly ruleId: string;
}

export type TanksEvent =
  | { readonly type: 'TurnStarted'; readonly turn: number }
  | { readonly type: 'PhaseStarted'; readonly phase: Phase | 'command'; readonly turn: number }
  | {
      readonly type: 'ModelDeployed';
      readonly unit: string;
      readonly at: readonly [number, number];
      readonly facing: number;
      readonly elevation: Elevation | null;
    }
  | {
      readonly type: 'ModelMoved';
      readonly unit: string;
      readonly from: readonly [number, number];
      readonly to: readonly [number, number];
      readonly heading: number;
      readonly distance: number;
      readonly facing: number;
      /** Which move of the turn this was (1, 2, ...). */
      readonly move: number;
      readonly speedToken: number;
      readonly elevation: Elevation | null;
      readonly ruleId: string;
    }
  | {
      readonly type: 'DefensiveMeasures';
      readonly unit: string;
      readonly tokens: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'ElevationChanged';
      readonly unit: string;
      readonly elevation: Elevation;
      readonly inPlace: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'ActivationEnded';
      readonly unit: string;
      readonly phase: Phase;
      /** It ended its turn without moving (Stationary) or without shooting (holding fire). */
      readonly passed: boolean;
    }
  | { readonly type: 'CardRevealed'; readonly unit: string; readonly card: string }
  | {
      readonly type: 'ObjectivePlaced';
      readonly side: string;
      readonly objective: string;
      readonly at: readonly [number, number];
      /** False when the side passed and the token went to the default spot. */
      readonly chosen: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'TerrainRollOff';
      /** Each try's rolls (a tie is rolled again). */
      readonly rolls: readonly Readonly<Record<string, number>>[];
      /** The higher roller: it places the first Forest. */
      readonly side: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'TerrainTurned';
      readonly side: string;
      readonly piece: string;
      readonly rotation: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'TerrainPlaced';
      readonly side: string;
      readonly piece: string;
      readonly at: readonly [number, number];
      readonly rotation: number;
      /** False when the side passed and the piece went to the default spot. */
      readonly chosen: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'TerrainSetAside';
      readonly side: string;
      readonly piece: string;
      readonly reason: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'EdgeChosen';
      readonly side: string;
      readonly edge: string;
      readonly attackerEdge: string;
      /** A person chose (false: the default, the scenario's edge, when the side passed). */
      readonly chosen: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'CriticalsSplit';
      readonly unit: string;
      /** Criticals turned into two Hits each, of how many the card allowed. */
      readonly criticals: number;
      readonly of: number;
      /** Hits and Criticals of the shot now. */
      readonly hits: number;
      readonly left: number;
      /** A person chose (false: the default when the side passed). */
      readonly chosen: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'AttackRolled';
      readonly unit: string;
      readonly target: string;
      readonly weapon: Weapon;
      /** What the dice were for ("Attack 4", "AAMG", "Missiles (4)"). */
      readonly pool: string;
      readonly dice: number;
      readonly modifiers: readonly PoolModifier[];
      /** The first roll. */
      readonly rolls: readonly number[];
      readonly rerolls: readonly Reroll[];
      /** The final faces. */
      readonly final: readonly number[];
      readonly hitOn: readonly number[];
      readonly criticalOn: readonly number[];
      /** A Hit made a Critical by Brutal (TK-6.11), as the die's index. */
      readonly brutal: number | null;
      /** Criticals turned into two Hits each (TK-6.12). */
      readonly splitCriticals: number;
      readonly hits: number;
      readonly criticals: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'DefenceRolled';
      readonly unit: string;
      readonly shooter: string;
      readonly base: number;
      readonly modifiers: readonly PoolModifier[];
      /** The pool before the cap and floor. */
      readonly raw: number;
      readonly pool: number;
      readonly rolls: readonly number[];
      readonly sixes: number;
      readonly fours: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'Cancelled';
      readonly by: 'target' | 'shooter';
      readonly side: string;
      readonly hits: number;
      readonly criticals: number;
      readonly chosen: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'DamageTaken';
      readonly unit: string;
      readonly hits: number;
      readonly criticals: number;
      readonly damage: number;
      readonly capacity: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'CriticalCardDrawn';
      readonly unit: string;
      readonly card: string;
      readonly damage: number;
      readonly repairable: boolean;
      readonly effects: readonly string[];
      readonly ruleId: string;
    }
  | {
      readonly type: 'CardsDiscarded';
      readonly unit: string;
      readonly cards: readonly string[];
      readonly reason: string;
    }
  | { readonly type: 'FinalFury'; readonly unit: string; readonly ruleId: string }
  | { readonly type: 'HelicopterCrashed'; readonly unit: string; readonly ruleId: string }
  | {
      readonly type: 'TankDestroyed';
      readonly unit: string;
      readonly removed: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'VictoryPoints';
      readonly side: string;
      readonly objective: string;
      readonly vp: number;
      readonly total: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'RepairRolled';
      readonly unit: string;
      readonly card: string;
      readonly roll: number;
      readonly repaired: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'AdvantageRolled';
      readonly rolls: Readonly<Record<string, number>>;
      readonly side: string;
      readonly tie: boolean;
      readonly ruleId: string;
    }
  | { readonly type: 'SpeedTokensCleared'; readonly ruleId: string }
  | { readonly type: 'Deck'; readonly event: DeckEvent }
  | {
      readonly type: 'GameEnded';
      readonly winner: string | 'draw';
      readonly reason: string;
      readonly ruleId: string;
    };
