import type { HexRef } from '../../../format';
import type { Dict } from '../../../game/dict';
import type { RngState } from '../../../random/dice';
import type { MoraleResult } from './tables';

/**
 * The missions a unit may plot (OT-G7, TC-G2): direct fire, pinning fire on a vehicle (OT-32.8),
 * infantry close assault (OT-32.11), opportunity fire, simultaneous movement and fire
 * (OT-32.14), movement along a path, movement in reverse keeping the facing (MVR), overrun (a
 * vehicle's move into soft targets, OT-G6), facing change, a mortar's indirect fire (IF, TC-4.4)
 * or smoke (SF, TC-4.2) on a hex, and infantry mounting a friendly vehicle (MT) or dismounting
 * from it into a hex (DT, OT-32.8 (8)), infantry digging in where it stands (EN, TC-4.8) and sappers
 * clearing the rubble out of a street (CLR, TC-4.9); the placeholder missions table says where each
 * resolves.
 */
export const MISSIONS = [
  'DF',
  'DF-P',
  'DF-CA',
  'OF',
  'SMF',
  'MV',
  'MVR',
  'OV',
  'FC',
  'IF',
  'SF',
  'MT',
  'DT',
  'EN',
  'CLR',
] as const;
export type Mission = (typeof MISSIONS)[number];

export interface Plot {
  readonly mission: Mission;
  readonly target?: string;
  readonly hex?: HexRef;
  readonly path?: readonly HexRef[];
  readonly facing?: number;
  /**
   * The fire step a fire mission was plotted for; DF-P may not be plotted for OF (OT-32.8). A DF
   * plotted for OF is opportunity fire held for its one target: it fires when that unit moves.
   */
  readonly phase?: 'DF' | 'OF';
  /** Set by a morale result (TC-6.4) or a panic under indirect fire (OT-G5), not by the player. */
  readonly forced?: MoraleResult | 'panic';
  /** A forced move that walks off the map edge (Retreat or Flee off the entry edge, TC-6.4). */
  readonly offMap?: boolean;
  /** What the unit does instead if a morale result cancels all its missions: FC or MVR (TC-6.4). */
  readonly fallback?: Plot;
}

/** Why a unit carries a morale marker into the next turn's test (TC-6.1). */
export type MoraleMark = 'isolated' | 'firstLethalFire' | 'platoonLoss' | 'retreating';

export interface UnitState {
  /** Null once off the map (fled, TC-6.4). */
  readonly at: HexRef | null;
  readonly facing: number;
  readonly alive: boolean;
  readonly pinned: boolean;
  /** Spotted by the enemy (TC-7.3); always true without the Costello layer. */
  readonly spotted: boolean;
  readonly spottedTurn: number;
  readonly platoon: string | null;
  /** Panic level this turn after cohesion (OT-32.10). */
  readonly panic: number;
  readonly marks: readonly MoraleMark[];
  readonly retreating: boolean;
  readonly fled: boolean;
  /** Fled units are not tested again (TC-6.4). */
  readonly noMoreTests: boolean;
  /** Has been under lethal fire before (TC-6.1 b: the first time only). */
  readonly firedOn: boolean;
  /** Was fired on by an unspotted unit last turn (TC-6.3). */
  readonly firedOnByUnspotted: boolean;
  /** HE points of indirect fire on its hex this turn (TC-6.3). */
  readonly underIfHe: number;
  /** The friendly vehicle carrying this infantry unit (MT/DT, OT-32.8 (8)), or null. */
  readonly carriedBy: string | null;
  /** The last turn infantry must stay in the terrain it entered before leaving it (TC-4.6); 0 for none. */
  readonly stuckUntil: number;
  /**
   * Infantry digging in (EN, TC-4.8): the hex and the turns dug there. At the catalog's
   * entrenchTurns the hex is an Improved Position for this unit until it leaves; null otherwise.
   */
  readonly entrench: { readonly at: HexRef; readonly turns: number } | null;
  /**
   * An M marker (TC-3 steps 4-5, TC-G2): the unit fired in the DF step or moved (or fired on the
   * move) in the MV step. It stays until the start of the next DF step, where the automatic
   * spotting reads it (TC-7.3, TC-A10).
   */
  readonly mMarker: boolean;
}

/** A smoke marker (SF, TC-3 step 2): blocks sight through its hex until the cleanup of `until`. */
export interface Smoke {
  /** Mortar smoke (SF) or a vehicle-smoke marker over a burning wreck (TC-3 step 8). */
  readonly kind: 'mortar' | 'vehicle';
  readonly hex: HexRef;
  readonly side: string;
  readonly unit: string;
  readonly placed: number;
  readonly until: number;
}

export interface MortarCall {
  readonly unit: string;
  /** IF (high explosive) or SF (smoke, TC-4.2). */
  readonly kind: 'IF' | 'SF';
  readonly side: string;
  readonly hex: HexRef;
  readonly he: number;
  readonly called: number;
  readonly lands: number;
}

export interface TankState {
  readonly turn: number;
  readonly phase: 'plot' | 'over';
  readonly units: Dict<UnitState>;
  /** Each side's plots this turn, by unit. */
  readonly plots: Dict<Dict<Plot>>;
  /** Sides that have finished plotting this turn. */
  readonly done: readonly string[];
  readonly calls: readonly MortarCall[];
  /** Smoke markers on the map (SF); sight reads them through the state. */
  readonly smoke: readonly Smoke[];
  /**
   * Hexes turned to rubble in play (TC-1.3): destroyed buildings, and streets the rubble scattered
   * into, which vehicles cannot pass (`blocksVehicles`). The rules read the map through them.
   */
  readonly rubble: readonly { readonly hex: HexRef; readonly blocksVehicles: boolean }[];
  /** What last turn left for this turn's morale tests (TC-6.3). */
  readonly last: {
    readonly retreated: readonly { readonly unit: string; readonly at: HexRef }[];
    readonly destroyed: readonly { readonly unit: string; readonly at: HexRef }[];
  };
  /** Consecutive turns the holding side has held the objective. */
  readonly held: number;
  readonly result: { readonly winner: string; readonly text: string } | null;
  readonly turnLimit: number;
  readonly rng: RngState;
}

export type TankAction =
  | {
      readonly type: 'plot';
      readonly unit: string;
      readonly mission: Mission;
      readonly target?: string;
      readonly at?: readonly [number, number];
      readonly path?: readonly (readonly [number, number])[];
      readonly facing?: number;
      readonly phase?: 'DF' | 'OF';
      /** Write this FC or MVR as the unit's fallback if morale cancels all its missions (TC-6.4). */
      readonly fallback?: boolean;
    }
  | { readonly type: 'clearPlot'; readonly unit: string }
  | { readonly type: 'endPlot'; readonly side: string };

export interface ModView {
  readonly label: string;
  readonly value: number;
  readonly ruleId: string;
}

export type FireResult = 'destroyed' | 'eliminated' | 'pinned' | 'noEffect';

export type TankEvent =
  | { readonly type: 'turnStarted'; readonly turn: number }
  | { readonly type: 'plotted'; readonly side: string; readonly unit: string; readonly plot: Plot }
  | { readonly type: 'plotCleared'; readonly side: string; readonly unit: string }
  | { readonly type: 'plotsDone'; readonly side: string }
  | { readonly type: 'step'; readonly step: string; readonly ruleId: string }
  | {
      readonly type: 'cohesion';
      readonly unit: string;
      readonly panic: number;
      readonly ruleId: 'OT-32.10';
    }
  | {
      readonly type: 'spotted';
      readonly unit: string;
      readonly by: string | null;
      readonly ruleId: string;
      /** Automatic spotting (TC-A10): the range, the autoSpotting row's reach and why it applies. */
      readonly range?: number;
      readonly reach?: number;
      readonly why?: string;
    }
  | { readonly type: 'dummyRemoved'; readonly unit: string; readonly ruleId: 'TC-7.1' }
  | {
      readonly type: 'fire';
      readonly kind: 'DF' | 'DF-P' | 'DF-CA' | 'SMF' | 'OF';
      readonly firers: readonly string[];
      readonly target: string;
      readonly range: number;
      readonly attack: number;
      readonly defence: number;
      readonly differential: number;
      readonly threshold: number | null;
      readonly mods: readonly ModView[];
      readonly roll: number;
      readonly adjusted: number;
      readonly killMax?: number;
      readonly result: FireResult;
      readonly ruleId: string;
      /** Opportunity fire during movement: the target's hex when fired at, and the MP it had spent. */
      readonly at?: HexRef;
      readonly impulse?: number;
    }
  | {
      readonly type: 'noFire';
      readonly unit: string;
      readonly target: string;
      readonly reason: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'mortarCalled';
      readonly unit: string;
      readonly side: string;
      readonly hex: HexRef;
      readonly he: number;
      readonly lands: number;
      readonly ruleId: string;
    }
  | {
      readonly type: 'indirectFire';
      readonly hex: HexRef;
      readonly he: number;
      readonly column: string;
      readonly threshold: number | null;
      readonly ruleId: 'TC-4.7';
    }
  | {
      readonly type: 'indirectResult';
      readonly unit: string;
      readonly side: string;
      readonly roll: number;
      readonly result: FireResult;
      readonly ruleId: string;
    }
  | {
      readonly type: 'moved';
      readonly unit: string;
      readonly path: readonly HexRef[];
      readonly mp: number;
      readonly facing: number;
      readonly stopped?: string;
    }
  | { readonly type: 'leftMap'; readonly unit: string; readonly ruleId: 'TC-6.4' }
  | {
      readonly type: 'overrun';
      readonly unit: string;
      readonly target: string;
      readonly roll: number | null;
      readonly result: FireResult;
      readonly ruleId: string;
    }
  | { readonly type: 'faced'; readonly unit: string; readonly facing: number }
  | {
      readonly type: 'pinRecovery';
      readonly unit: string;
      readonly roll: number | null;
      readonly unpinned: boolean;
      readonly ruleId: string;
    }
  | {
      readonly type: 'leftBehind';
      readonly unit: string;
      readonly platoon: string;
      readonly ruleId: 'OT-32.81';
    }
  | {
      readonly type: 'marked';
      readonly unit: string;
      readonly mark: MoraleMark;
      readonly ruleId: string;
    }
  | {
      readonly type: 'morale';
      readonly unit: string;
      readonly roll: number;
      readonly panic: number;
      readonly mods: readonly ModView[];
      readonly score: number;
      readonly result: MoraleResult;
      readonly ruleId: 'TC-6.4';
    }
  | {
      readonly type: 'smokePlaced';
      readonly unit: string;
      readonly hex: HexRef;
      readonly until: number;
      readonly ruleId: 'TC-4.2';
    }
  | { readonly type: 'smokeLifted'; readonly hexes: readonly HexRef[]; readonly ruleId: 'TC-3' }
  | {
      readonly type: 'rubble';
      readonly hex: HexRef;
      readonly roll: number;
      readonly collapseMax: number;
      readonly collapsed: boolean;
      /** The street the rubble scattered into, closed to vehicles (TC-G5). */
      readonly scatter?: HexRef;
      readonly scatterRoll?: number;
      readonly ruleId: 'TC-1.3';
    }
  | {
      readonly type: 'mounted';
      readonly unit: string;
      readonly carrier: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'dismounted';
      readonly unit: string;
      readonly carrier: string;
      readonly hex: HexRef;
      /** Why, when it was not the unit's own DT: hit while riding, or its carrier destroyed. */
      readonly why?: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'noMount';
      readonly unit: string;
      readonly carrier: string;
      readonly reason: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'fallback';
      readonly unit: string;
      readonly plot: Plot;
      readonly ruleId: 'TC-6.4';
    }
  | {
      readonly type: 'panic';
      readonly unit: string;
      readonly roll: number;
      readonly panicPct: number;
      readonly panicked: boolean;
      /** Pinned units forced to move stay where they are (OT-32.81 (4), OT-32.91 (2)). */
      readonly stays: boolean;
      readonly scatterRoll?: number;
      readonly path: readonly HexRef[];
      readonly ruleId: string;
    }
  | {
      readonly type: 'stuck';
      readonly unit: string;
      readonly hex: HexRef;
      readonly until: number;
      readonly ruleId: 'TC-4.6';
    }
  | {
      readonly type: 'entrenched';
      readonly unit: string;
      readonly hex: HexRef;
      readonly turns: number;
      /** The turns the catalog asks for (entrenchTurns); at that count the hex is an Improved Position. */
      readonly needed: number;
      readonly ruleId: 'TC-4.8';
    }
  | {
      readonly type: 'cleared';
      readonly unit: string;
      readonly hex: HexRef;
      readonly ruleId: 'TC-4.9';
    }
  | {
      readonly type: 'vehicleSmoke';
      readonly units: readonly string[];
      readonly hexes: readonly HexRef[];
      readonly until: number;
      readonly ruleId: 'TC-3';
    }
  | {
      readonly type: 'impactScattered';
      readonly unit: string;
      readonly from: HexRef;
      /** Where it came down; the called hex if the roll keeps it there or points off the map. */
      readonly to: HexRef;
      readonly roll: number;
      readonly ruleId: 'TC-G5';
    }
  | {
      readonly type: 'mMarkers';
      readonly step: string;
      readonly units: readonly string[];
      readonly ruleId: 'TC-3';
    }
  | {
      readonly type: 'airlanded';
      readonly unit: string;
      readonly hex: HexRef;
      readonly roll: number;
      readonly result: 'landed' | 'pinned' | 'eliminated';
      readonly ruleId: 'TC-4.9';
    }
  | { readonly type: 'held'; readonly side: string; readonly turns: number }
  | { readonly type: 'gameOver'; readonly winner: string; readonly text: string };
