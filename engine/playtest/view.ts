import type { Point, Shape } from '../format';
import type { Reduction } from '../game/reducer';
import type { CostGrid } from '../movement/reachableArea';

/**
 * What the playtest screen needs from a ruleset. The screen reads everything it shows (phases,
 * counters, what a unit may do, odds, the log) through this interface, so a new ruleset plugs in
 * by writing one adapter beside `tankplank.ts`, with no new screens.
 */

/** An action as it is stored in a game record: plain JSON with a `type`. */
export type GameAction = { readonly type: string } & Readonly<Record<string, unknown>>;

/** Who looks at the table: a side id, or `null` for everybody (bot-vs-bot, replay, game over). */
export type Viewer = string | null;

export interface SideInfo {
  readonly id: string;
  readonly name: string;
  /** CSS colour for the side's counters. */
  readonly colour: string;
  /** Where its units come from before they are on the table, in words ("enters from edge A, west"). */
  readonly deployment: string;
}

/** Where the game stands: turn, phase, who must act and what is left for them. */
export interface PhaseInfo {
  readonly turn: number;
  readonly turnLimit: number | undefined;
  readonly phase: string;
  readonly phaseLabel: string;
  readonly phaseRuleId: string | undefined;
  /** The phases of a turn, in order, for the tracker. */
  readonly phases: readonly { readonly id: string; readonly label: string }[];
  /** Sides still to act in this phase, in the order they act on a shared device. */
  readonly waitingFor: readonly string[];
  /** Per side, what is left to do this phase ("12 units have not moved"). */
  readonly todo: Readonly<Record<string, readonly string[]>>;
  /** Whether units may be moved (movement commands) or fire (fire commands) now. */
  readonly mode: 'move' | 'fire' | 'none';
  readonly over: boolean;
}

/** A unit as its counter shows it. */
export interface CounterView {
  readonly id: string;
  readonly side: string;
  /** Full name for panels and the log. */
  readonly label: string;
  /** One or two letters drawn on the counter. */
  readonly glyph: string;
  readonly kind: 'figure' | 'vehicle' | 'gun' | 'wreck';
  readonly formation: string;
  readonly formationLabel: string;
  /** Null while off the table or riding in a vehicle. */
  readonly at: Point | null;
  readonly facing: number;
  /** Turret facing relative to the hull, for turreted vehicles. */
  readonly turret: number | undefined;
  /** Footprint: a disc for figures, a hull rectangle for vehicles and guns. */
  readonly size: { readonly length: number; readonly width: number };
  readonly embarkedIn: string | null;
  readonly passengers: readonly string[];
  /** Short markers drawn beside the counter and listed in the panel ("hit", "set up", "fired"). */
  readonly status: readonly string[];
  /** Share of this turn's movement used (0..1). */
  readonly moved: number;
  readonly alive: boolean;
}

/** Something a unit may do other than move or fire: set up, break down, mount, dismount, face. */
export interface UnitCommand {
  readonly id: string;
  readonly label: string;
  readonly action: GameAction | undefined;
  /** Why it is not possible now (and the rule), when `action` is undefined. */
  readonly disabledReason?: string;
  readonly ruleId?: string;
  /** Share of the movement allowance it costs. */
  readonly cost?: number;
}

/** Where a unit can go this phase, shaded by cost. */
export interface ReachView {
  readonly grid: CostGrid | undefined;
  /** Cells of `grid` reached only thanks to the road rate (shaded apart from off-road ones). */
  readonly viaRoad?: readonly boolean[];
  /** For units entering the table: the edge strip they enter through and how deep they can get. */
  readonly entry?: { readonly area: Shape; readonly depth: number };
  /** Share of the allowance left. */
  readonly budget: number;
  readonly rate: string;
  /** What the shades mean, cheapest first (`max` is the share of a turn). */
  readonly bands: readonly { readonly max: number; readonly label: string }[];
}

/** A planned move: the action, where it really ends (snapped) and what it costs. */
export type MovePlan =
  | {
      readonly ok: true;
      readonly action: GameAction;
      readonly to: Point;
      readonly path: readonly Point[];
      /** Whether the point asked for was out of reach and the move was shortened. */
      readonly snapped: boolean;
      readonly explanation: string;
    }
  | { readonly ok: false; readonly reason: string; readonly ruleId?: string };

export interface WeaponChoice {
  readonly id: string;
  readonly label: string;
  /** Ammunition kinds the player picks between (AP/HE), empty when there is no choice. */
  readonly ammo: readonly string[];
  /** Whether it fires at a point (mortar, grenade) rather than only at a unit. */
  readonly atPoint: boolean;
  readonly maxRange: number | undefined;
  readonly remaining: string;
}

/** A template drawn to scale on the table. */
export type TemplateView =
  | {
      readonly shape: 'circle';
      readonly centre: Point;
      readonly diameter: number;
      readonly label?: string;
    }
  | { readonly shape: 'polygon'; readonly points: readonly Point[]; readonly label?: string }
  | {
      readonly shape: 'sector';
      readonly apex: Point;
      readonly axisDeg: number;
      readonly radius: number;
      readonly angleDeg: number;
      readonly label?: string;
    };

/** The line of sight as the screen draws and explains it. */
export interface SightView {
  readonly from: Point;
  readonly to: Point;
  readonly visible: boolean;
  readonly distance: number;
  /** The first thing that blocks the line, named. */
  readonly blockedBy?: {
    readonly id: string;
    readonly name: string;
    readonly kind: string;
    /** Where along the line it stops sight (inches from the shooter). */
    readonly at: number;
    readonly ruleId: string;
    readonly outline?: readonly Point[];
  };
  readonly cover: string;
  readonly coverFrom?: string;
  readonly ruleId: string;
  /** Everything the line meets, in words. */
  readonly crossed: readonly string[];
}

/** Everything known about a shot before the dice: what the screen shows when hovering a target. */
export interface FirePreview {
  readonly legal: boolean;
  readonly reason?: string;
  readonly ruleId?: string;
  readonly sight: SightView | undefined;
  readonly range: number | undefined;
  readonly band: string | undefined;
  /** The rolls the shot needs, each with its modifiers and rule ids. */
  readonly steps: readonly {
    readonly label: string;
    readonly base: string;
    readonly modifiers: readonly {
      readonly label: string;
      readonly value: number;
      readonly ruleId: string;
    }[];
    readonly needed: string;
    readonly ruleId: string;
  }[];
  /** Exact probabilities, in words and numbers. */
  readonly odds: readonly { readonly label: string; readonly p: number }[];
  readonly templates: readonly TemplateView[];
  readonly action: GameAction | undefined;
}

/** A phase played against the clock: how long each side has, and the rule that says so. */
export interface PhaseClock {
  readonly seconds: number;
  readonly ruleId: string;
  /** What happens when time runs out, in words. */
  readonly onTimeUp: string;
}

/** One line of the readable log. */
export interface LogLine {
  readonly text: string;
  readonly ruleIds: readonly string[];
  /** Natural dice rolled for this line. */
  readonly dice: readonly number[];
  readonly tone: 'phase' | 'move' | 'fire' | 'roll' | 'result' | 'end';
  /** Units the line is about, so the screen can mark "hit" results on their counters. */
  readonly units: readonly string[];
}

/** An objective as a side sees it. */
export interface ObjectiveView {
  readonly id: string;
  readonly name: string;
  readonly owner: string | undefined;
  readonly area: Shape | undefined;
  /** False when the viewer may not see where it is (the enemy's secret objective). */
  readonly known: boolean;
  readonly revealed: boolean;
  readonly held: number;
  readonly needed: number;
  readonly text: string;
}

export interface ScoreLine {
  readonly side: string;
  readonly label: string;
  readonly value: string;
}

export interface GameResult {
  readonly winner: string | 'draw';
  readonly text: string;
}

/** A ruleset as the playtest screen drives it. */
export interface PlaytestRuleset<S, A extends GameAction, E> {
  readonly id: string;
  readonly label: string;
  readonly table: { readonly width: number; readonly height: number };
  sides(): readonly SideInfo[];
  newGame(seed: number): S;
  reduce(state: S, action: A): Reduction<S, E>;
  phase(state: S): PhaseInfo;
  /** Counters the viewer may see (the view filter for hidden information). */
  counters(state: S, viewer: Viewer): readonly CounterView[];
  objectives(state: S, viewer: Viewer): readonly ObjectiveView[];
  score(state: S): readonly ScoreLine[];
  result(state: S): GameResult | undefined;
  /** Whether a side may act with this unit now. */
  canAct(state: S, unit: string, side: string): boolean;
  commands(state: S, unit: string): readonly UnitCommand[];
  reachable(state: S, unit: string): ReachView | undefined;
  planMove(state: S, unit: string, to: Point, offset?: Point): MovePlan;
  faceAction(state: S, unit: string, facing: number): A | undefined;
  weapons(state: S, unit: string): readonly WeaponChoice[];
  previewFire(
    state: S,
    shooter: string,
    weapon: string,
    ammo: string | undefined,
    target: { readonly unit?: string; readonly at?: Point },
  ): FirePreview;
  /** Ends the side's phase; `timeUp` when its real-time limit ran out. */
  endPhaseAction(state: S, side: string, timeUp?: boolean): A;
  /**
   * The real-time limit on the current phase when the players choose to play against the clock,
   * or undefined when this phase has none.
   */
  clock(state: S): PhaseClock | undefined;
  /** The side an action is taken for (so undo can step back over the bot's turns). */
  actionSide(state: S, action: A): string | undefined;
  /** Log lines for one event; the state is the one after the action that produced it. */
  describe(event: E, state: S): readonly LogLine[];
  /** Whether a viewer may see an event in the log (hidden movement, secret objectives). */
  eventVisible(event: E, viewer: Viewer, state: S): boolean;
  /** The bot's actions for a side in the current phase (the last one ends the phase). */
  botActions(state: S, side: string): readonly A[];
  hash(state: S): string;
}

/** The ruleset type the screen holds: actions are plain JSON, state and events opaque. */
export type AnyPlaytestRuleset = PlaytestRuleset<unknown, GameAction, unknown>;
