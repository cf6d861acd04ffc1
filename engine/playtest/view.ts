import type { Feature, Hex, Point, Shape } from '../format';
import type { GameAction, GameDef, GameResult, SideInfo, Viewer } from '../game/gameDef';
import type { CostGrid } from '../movement/reachableArea';

/**
 * What the playtest screen shows of a game: phases, counters, what a unit may do, odds, the log.
 * The headless game (`GameDef`: new game, reduce, result, bots) is apart from it, so the CLI, the
 * bench and the balance lab never load any of this. A ruleset provides `view(game)`; the screen
 * picks its board (a table in inches or a hex grid) by the view's `board`.
 */

export type { GameAction, GameResult, SideInfo, Viewer };

/** A hex of the map, as the scenario file names it (offset column and row). */
export interface HexCell {
  readonly col: number;
  readonly row: number;
}

/**
 * The two boards a game is played on. On a table, positions are points in inches and facings
 * degrees clockwise from east (the table's x axis); on a hex map, positions are hexes and facings
 * hexside numbers 0–5 as the hex core numbers them.
 */
export interface Boards {
  readonly table: { readonly place: Point; readonly facing: number };
  readonly hex: { readonly place: HexCell; readonly facing: number };
}
export type BoardKind = keyof Boards;
export type Place<B extends BoardKind> = Boards[B]['place'];

/**
 * What the game asks of the side that acts now, one kind per turn structure in the rulesets:
 * - `move`: move units (all a side's units in one phase, as Tankplank's simultaneous movement);
 * - `fire`: fire with units that may still fire;
 * - `orders`: give every unit an order, then all orders resolve together;
 * - `activate`: one unit acts, in initiative order (`unit`), the order given in `queue`;
 * - `plot`: write each unit's mission in secret (`pending` units still lack one); plots resolve
 *   when every side has plotted;
 * - `cards`: play a card from the hand (`hand`) to order units;
 * - `resolve`: every side has given its orders and a person plays the turn's steps one by one
 *   (`next`) or all at once (`all`), seeing what each step did;
 * - `wait`: nothing to do for the viewer now (another side acts, or the game is over).
 */
export type Prompt =
  | { readonly kind: 'move' }
  | { readonly kind: 'fire' }
  | {
      readonly kind: 'orders';
      readonly pending: readonly string[];
      /** What ordering means in this ruleset, when not every unit gets an order. */
      readonly hint?: string;
    }
  | { readonly kind: 'activate'; readonly unit: string; readonly queue: readonly string[] }
  | { readonly kind: 'plot'; readonly pending: readonly string[] }
  | { readonly kind: 'cards'; readonly hand: readonly CardView[] }
  | ResolvePrompt
  | { readonly kind: 'wait'; readonly for: readonly string[] };

/**
 * A turn resolved step by step, as players at a table do: the steps of the sequence of play in
 * order, how many are done, what the last one did (as the viewer may know it) and the actions that
 * play the next step or every step left.
 */
export interface ResolvePrompt {
  readonly kind: 'resolve';
  readonly steps: readonly {
    readonly id: string;
    readonly label: string;
    readonly ruleId?: string;
  }[];
  readonly done: number;
  /** What the last step played did: its log lines, a shot's line of sight with its line. */
  readonly happened: readonly ResolvedLine[];
  readonly next: GameAction | undefined;
  readonly all: GameAction | undefined;
}

/** A line of what a step did, with the line of sight of a shot so the board can draw it. */
export interface ResolvedLine {
  readonly line: LogLine;
  readonly sight?: SightView<'hex'> | SightView<'table'>;
  /** What else the line read, in words (the table row and column of a shot). */
  readonly detail?: readonly string[];
}

/** A card in a hand, with what playing it does now or why it cannot be played. */
export interface CardView {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly action: GameAction | undefined;
  readonly disabledReason?: string;
  readonly ruleId?: string;
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
  /** What the acting side is asked to do now. */
  readonly prompt: Prompt;
  readonly over: boolean;
}

/** A unit as its counter shows it. */
export interface CounterView<B extends BoardKind = 'table'> {
  readonly id: string;
  readonly side: string;
  /** Full name for panels and the log. */
  readonly label: string;
  /** One or two letters drawn on the counter. */
  readonly glyph: string;
  readonly kind: 'figure' | 'vehicle' | 'gun' | 'wreck';
  readonly formation: string;
  readonly formationLabel: string;
  /** Null while off the board or riding in a vehicle. */
  readonly at: Place<B> | null;
  /** Degrees on a table, a hexside 0–5 on a hex map. */
  readonly facing: number;
  /** Turret facing relative to the hull, for turreted vehicles. */
  readonly turret: number | undefined;
  /** Footprint: a disc for figures, a hull rectangle for vehicles and guns. */
  readonly size: { readonly length: number; readonly width: number };
  readonly embarkedIn: string | null;
  readonly passengers: readonly string[];
  /** Short markers drawn beside the counter and listed in the panel ("hit", "set up", "fired"). */
  readonly status: readonly string[];
  /**
   * Tokens drawn on the counter itself, a few characters each (a Speed token "S2", damage
   * "2/4"), for rulesets whose players keep them beside the model.
   */
  readonly badges?: readonly string[];
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

/** A hex a unit can reach this phase and what getting there costs. */
export interface HexReach {
  readonly cell: HexCell;
  /** Share of the allowance the cheapest path there costs, as `ReachView.budget` counts it. */
  readonly cost: number;
  /** Reached only thanks to a road (shaded apart from off-road hexes). */
  readonly viaRoad?: boolean;
}

/**
 * Where a unit can go this phase, shaded by cost: on a table a cost grid over the table, on a hex
 * map the list of hexes within reach.
 */
export interface ReachView {
  /** Table boards: the cost of each grid cell; undefined on a hex map. */
  readonly grid: CostGrid | undefined;
  /** Cells of `grid` reached only thanks to the road rate (shaded apart from off-road ones). */
  readonly viaRoad?: readonly boolean[];
  /**
   * Hex boards: every hex the unit can reach with what is left of its allowance (`cost` at most
   * `budget`), its own hex left out. The board shades them and a click on one moves there.
   */
  readonly hexes?: readonly HexReach[];
  /**
   * For units entering the table: the edge strip they enter through, how deep they can get and
   * the rule that says so.
   */
  readonly entry?: {
    readonly area: Shape;
    readonly depth: number;
    readonly ruleId?: string;
    /** What the area is, when it is not an edge units enter from (where a piece may be put). */
    readonly label?: string;
  };
  /** Share of the allowance left. */
  readonly budget: number;
  readonly rate: string;
  /**
   * When the shades show where something is put down (a terrain piece, an objective token)
   * rather than how far the unit moves: the panel says `placing` instead of the rate and the
   * move left.
   */
  readonly placing?: string;
  /** What the shades mean, cheapest first (`max` is the share of a turn). */
  readonly bands: readonly { readonly max: number; readonly label: string }[];
}

/** A planned move: the action, where it really ends (snapped) and what it costs. */
export type MovePlan<B extends BoardKind = 'table'> =
  | {
      readonly ok: true;
      readonly action: GameAction;
      readonly to: Place<B>;
      readonly path: readonly Place<B>[];
      /** Whether the point asked for was out of reach and the move was shortened. */
      readonly snapped: boolean;
      readonly explanation: string;
      /** Measuring tools drawn to scale with the move (a ruleset's arrow or template). */
      readonly shapes?: readonly TemplateView[];
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
export interface SightView<B extends BoardKind = 'table'> {
  readonly from: Place<B>;
  readonly to: Place<B>;
  /** On a hex map, the hexes the line passes through in order, ends included. */
  readonly hexes?: readonly HexCell[];
  readonly visible: boolean;
  /** Inches on a table, hexes on a hex map. */
  readonly distance: number;
  /** The first thing that blocks the line, named. */
  readonly blockedBy?: {
    readonly id: string;
    readonly name: string;
    readonly kind: string;
    /** Where along the line it stops sight (from the shooter, in inches or hexes as `distance`). */
    readonly at: number;
    readonly ruleId: string;
    readonly outline?: readonly Point[];
  };
  readonly cover: string;
  readonly coverFrom?: string;
  readonly ruleId: string;
  /** Everything the line meets, in words. */
  readonly crossed: readonly string[];
  /**
   * Further lines that decide cover (to each corner of a hull, to a stem), drawn thin: green
   * when clear, red when terrain is in the way.
   */
  readonly rays?: readonly {
    readonly to: Place<B>;
    readonly clear: boolean;
    readonly label?: string;
  }[];
}

/** Everything known about a shot before the dice: what the screen shows when hovering a target. */
export interface FirePreview<B extends BoardKind = 'table'> {
  readonly legal: boolean;
  readonly reason?: string;
  readonly ruleId?: string;
  readonly sight: SightView<B> | undefined;
  readonly range: number | undefined;
  /**
   * How the range was measured when it is not the line of sight's length ("between the nearest
   * edges of the two hulls, TK-A13"), so two different distances for one shot are explained.
   */
  readonly rangeNote?: string;
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
  /**
   * `game`: one clock for the whole game, shared by both sides, that runs whoever acts (a game
   * played to a time limit); absent or `phase`: each side's timed phase starts a full clock.
   */
  readonly scope?: 'phase' | 'game';
}

/**
 * What a hex ruleset marks on its map besides the counters: hexes the game changed since the
 * scenario was drawn (wire a tank cut), and hexes lit for the step now (the sections a card orders
 * in).
 */
export interface HexMarks {
  /** Each changed hex with the fields it now has (drawn over the scenario's hex). */
  readonly changed: readonly {
    readonly cell: HexCell;
    readonly set: Readonly<Partial<Omit<Hex, 'col' | 'row'>>>;
  }[];
  readonly highlight?: { readonly hexes: readonly HexCell[]; readonly label: string };
  /**
   * Hexes veiled for a while (smoke laid by a mortar): drawn as a cloud with its caption. What
   * the cloud does to sight and fire is the ruleset's own matter.
   */
  readonly clouds?: readonly { readonly cell: HexCell; readonly label: string }[];
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
  /** Turns it must be held; 0 when the rules do not score it (the board shows its name alone). */
  readonly needed: number;
  readonly text: string;
}

export interface ScoreLine {
  readonly side: string;
  readonly label: string;
  readonly value: string;
}

/**
 * A game as the playtest screen drives it. `B` is the board: positions, facings, moves and
 * targets are table points and degrees, or hexes and hexsides. The state `S` is the game's own.
 */
export interface PlaytestView<S = unknown, E = unknown, B extends BoardKind = BoardKind> {
  readonly board: B;
  /** The headless game this view shows. */
  readonly game: GameDef<S, GameAction, E>;
  readonly label: string;
  /** The board's size: inches for a table, columns and rows for a hex map. */
  readonly table: { readonly width: number; readonly height: number };
  phase(state: S): PhaseInfo;
  /** Counters the viewer may see (the view filter for hidden information). */
  counters(state: S, viewer: Viewer): readonly CounterView<B>[];
  objectives(state: S, viewer: Viewer): readonly ObjectiveView[];
  score(state: S): readonly ScoreLine[];
  /** Whether a side may act with this unit now. */
  canAct(state: S, unit: string, side: string): boolean;
  commands(state: S, unit: string): readonly UnitCommand[];
  reachable(state: S, unit: string): ReachView | undefined;
  planMove(state: S, unit: string, to: Place<B>, offset?: Place<B>): MovePlan<B>;
  faceAction(state: S, unit: string, facing: number): GameAction | undefined;
  weapons(state: S, unit: string): readonly WeaponChoice[];
  previewFire(
    state: S,
    shooter: string,
    weapon: string,
    ammo: string | undefined,
    target: { readonly unit?: string; readonly at?: Place<B> },
  ): FirePreview<B>;
  /**
   * The real-time limit on the current phase when the players choose to play against the clock,
   * or undefined when this phase has none.
   */
  clock(state: S): PhaseClock | undefined;
  /**
   * Log lines for one event; the state is the one after the action that produced it. With a
   * viewer, the lines name only what that side may know (an unspotted enemy stays unnamed).
   */
  describe(event: E, state: S, viewer?: Viewer): readonly LogLine[];
  /**
   * Optional: the action a person's "End phase" takes, when it differs from the headless game's
   * `endPhaseAction` (orders that resolve step by step on the screen but at once for bots).
   */
  personEndsPhase?(state: S, side: string): GameAction;
  /**
   * The prompt as a viewer may see it (a hand of cards only to its owner). Optional: without it
   * the screen shows `phase(state).prompt`.
   */
  promptFor?(state: S, viewer: Viewer): Prompt;
  /**
   * Optional: a refusal or other message of the rules in the players' words, as the state names
   * things (unit and feature ids become their names). Without it the screen shows the text as is.
   */
  words?(state: S, text: string): string;
  /** Optional, hex boards: hexes the game changed and hexes lit for the current step. */
  hexMarks?(state: S, viewer: Viewer): HexMarks;
  /**
   * Optional, table boards: the map's terrain features as they stand in this game, for rulesets
   * whose players lay terrain out during the game. The board draws these instead of the
   * scenario's features; pieces not on the table yet are left out.
   */
  terrain?(state: S): readonly Feature[];
}

/** A view on a table in inches. */
export type TablePlaytestView<S = unknown, E = unknown> = PlaytestView<S, E, 'table'>;
/** A view on a hex map. */
export type HexPlaytestView<S = unknown, E = unknown> = PlaytestView<S, E, 'hex'>;
/** The view type the screen holds: state and events opaque, the board told by `board`. */
export type AnyPlaytestView = TablePlaytestView | HexPlaytestView;
