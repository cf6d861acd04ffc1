/**
 * A shot worked out before the dice: the plan the reducer resolves and the odds read, the rolls it
 * holds (to hit, saves, penetration), a refusal with its rule, and what a caller asks for.
 */
import type { CoverClass, Point, WeaponType } from '../../../format';
import type { Template } from '../../../geometry/templates';
import type { TablePoint } from '../../../geometry/units';
import type { SightResult } from '../../../los/lineOfSight';
import type { Modifier } from './actions';
import type { ArmourFace } from './armourFacing';

/** A d6 test: the natural roll needed after modifiers (7+ means impossible). */
export interface RollStep {
  readonly base: number;
  readonly modifiers: readonly Modifier[];
  /** Natural roll needed; above 6 cannot succeed, 1 or less always succeeds. */
  readonly needed: number;
  readonly ruleId: string;
}

/** A penetration test against one vehicle. */
export interface PenetrationStep {
  readonly target: string;
  readonly face: ArmourFace;
  readonly armour: number;
  readonly impact: number;
  readonly rangeModifier: number;
  /** Natural d6 needed so that d6 + impact + range modifier reaches the armour. */
  readonly needed: number;
  readonly ruleId: string;
}

/** A save for one man caught by a template or burst. */
export interface SaveStep {
  readonly unit: string;
  readonly cover: CoverClass;
  readonly modifiers: readonly Modifier[];
  /** Natural d6 needed to survive; 7 when he is removed without a save. */
  readonly needed: number;
  readonly ruleId: string;
}

/** Everything about one shot that is known before the dice: the plan the reducer resolves. */
export interface ShotPlan {
  readonly shooter: string;
  readonly weapon: WeaponType;
  readonly key: string;
  readonly mode:
    | 'aimed'
    | 'cone'
    | 'he'
    | 'bazookaBlast'
    | 'grenade'
    | 'mortar'
    | 'call'
    /** A rifle grenade aimed at a vehicle or doorway: to hit, then impact 2 and a blast (TP-A49). */
    | 'rifleGrenade'
    /** A rifle grenade fired as area fire: lands by the 2" aiming matrix (TP-A49). */
    | 'rifleGrenadeArea';
  readonly target: string | null;
  readonly at: TablePoint;
  readonly range: number;
  readonly band: string;
  readonly ammoKind: string | null;
  readonly sight: SightResult | undefined;
  readonly toHit?: RollStep;
  /** The vehicle whose exposed commander is the target: a hit stops it next turn (TP-8.8d). */
  readonly commanderOf?: string;
  /** Removed on a hit, no save (aimed small-arms fire, TP-7.4). */
  readonly casualtyOnHit?: string;
  readonly penetration?: PenetrationStep;
  readonly template?: {
    readonly template: Template;
    readonly saves: readonly SaveStep[];
    readonly vehicles: readonly PenetrationStep[];
  };
  readonly grenade?: {
    readonly modifiers: readonly Modifier[];
    readonly vsVehicle: boolean;
    /** What each natural face of the throw die does, 1 to 6, for exact odds (TP-13.2). */
    readonly outcomes?: readonly GrenadeOutcome[];
  };
  /** HE striking a house: the hole or the roof hit (TP-11.5–11.7). */
  readonly house?: HouseHitPlan;
  /** Indirect artillery: every landing of the round by matrix roll, for exact odds (TP-18.7a). */
  readonly matrix?: readonly MatrixOutcome[];
  readonly ruleId: string;
}

/** A refusal with the rule that refuses. */
export interface Refusal {
  readonly refused: true;
  readonly reason: string;
  readonly ruleId?: string;
}

export const refuse = (reason: string, ruleId?: string): Refusal =>
  ruleId === undefined ? { refused: true, reason } : { refused: true, reason, ruleId };

/** The request to plan: who fires what at which unit or point. */
export interface ShotRequest {
  readonly unit: string;
  readonly weapon: string;
  readonly target?: string;
  readonly at?: Point;
  readonly ammo?: 'AP' | 'HE';
  /** Artillery only: fire indirect by the aiming matrix instead of direct (TP-18.7a). */
  readonly indirect?: boolean;
}

/** What every plan starts from: shooter, weapon, target point, range and sight. */
export type PlanBase = Pick<
  ShotPlan,
  'shooter' | 'weapon' | 'key' | 'target' | 'at' | 'range' | 'ammoKind' | 'sight'
>;

/** What one natural face of the throw die does with a planned grenade. */
export interface GrenadeOutcome {
  readonly roll: number;
  /** The throw-table result: dud, short, long or onTarget (TP-13.2). */
  readonly result: string;
  readonly landed: TablePoint | null;
  readonly template: Template | null;
  readonly saves: readonly SaveStep[];
  readonly vehicles: readonly PenetrationStep[];
}

/** What an HE round does to a house it strikes, worked out before the dice. */
export interface HouseHitPlan {
  readonly house: string;
  readonly part: 'wall' | 'roof';
  /** Centre of the hole on the wall, or where the round struck the roof. */
  readonly at: Point;
  /** Men stood on the roof: it burns from now on. */
  readonly burns: boolean;
  readonly ruleId: string;
}

/** One face of the matrix die: where the round lands and whom it catches. */
export interface MatrixOutcome {
  readonly roll: number;
  readonly centre: TablePoint;
  readonly saves: readonly SaveStep[];
  readonly vehicles: readonly PenetrationStep[];
}
