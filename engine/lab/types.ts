/**
 * The balance lab's data: what to play, what one game left behind, and what the lab says about
 * many of them. Plain JSON throughout, so it crosses worker boundaries and can be saved.
 */
import type { BotName } from '../game/bots/baseline';
import type { StopReason } from '../game/simulate';

/** What to play: how many games, from which seed, with which bot per side. */
export interface LabSettings {
  readonly games: number;
  /** Games are played with seeds `firstSeed`, `firstSeed + 1`, … `firstSeed + games - 1`. */
  readonly firstSeed: number;
  /**
   * The bot per side id: a style of the ruleset's bot, the random baseline or (where offered) the
   * search bot; a side not named plays balanced. Named `styles` as files from before the other
   * bots have it.
   */
  readonly styles: Readonly<Record<string, BotName>>;
  /**
   * The search bot's strength where a side plays it (1 quick to `SEARCH_STRENGTHS.length`);
   * absent: `DEFAULT_SEARCH_STRENGTH`. Ignored by the other bots.
   */
  readonly searchStrength?: number;
  /** Overrides the scenario's turn limit. */
  readonly turnLimit?: number;
  /**
   * Restricted play (opt-in, it costs games): after the run, the same seeds again for each unit
   * type of each side with that side's units of the type taken out of the scenario's forces,
   * to report how much the side's win share drops without it (`QualityReport.restricted`).
   */
  readonly restricted?: boolean;
}

/** Where a piece fell (or stood when it made a kill), and in which side turn of the game. */
export interface Death {
  readonly side: string;
  readonly type: string;
  readonly at: readonly [number, number];
  readonly sideTurn: number;
}

/** What one game left behind: enough for every statistic, without its action log. */
export interface GameRecord {
  readonly seed: number;
  /** The winning side's id, 'draw', or null when the game did not end (cap or a stuck side). */
  readonly winner: string | null;
  /** The result in words, as the ruleset gives it. */
  readonly text: string;
  /** The turn the game ended in. */
  readonly turns: number;
  readonly sideTurns: number;
  /** 'over' when the game ended; otherwise it did not finish (see `StopReason`). */
  readonly stoppedBy: StopReason;
  readonly reason?: string;
  /** The side that stalled or was stuck, in a game that did not finish. */
  readonly stalledSide?: string;
  /** A draw that ended on the game's turn limit: nobody had won when time ran out. */
  readonly atTurnLimit?: boolean;
  /** Hash of the final state: the same seed and settings always give the same hash. */
  readonly hash: string;
  readonly deaths: readonly Death[];
  /**
   * Where pieces stood when they put another out of action, one entry a kill (`side` and `type`
   * are the killer's); absent when the ruleset's game does not say who killed whom.
   */
  readonly kills?: readonly Death[];
  /** Where the winner's pieces stood when the game ended (empty for a draw). */
  readonly held: readonly (readonly [number, number])[];
  /**
   * Who held each objective turn by turn: `control[objective][t - 1]` is the side holding it at
   * the end of turn t (null: nobody). Absent when the ruleset's game does not report objectives.
   */
  readonly control?: Readonly<Record<string, readonly (string | null)[]>>;
  /**
   * The plan each side's bot followed, by side id, when the ruleset's bot draws one per game
   * (`GameDef.botPlan`); absent otherwise.
   */
  readonly plans?: Readonly<Record<string, string>>;
  /**
   * For a game the turn limit ended: what the side that must take each objective still lacked
   * then (`ObjectiveHolding.lacking`), by objective id; absent otherwise, or when the ruleset
   * does not say.
   */
  readonly lacking?: Readonly<Record<string, string>>;
  /**
   * The side ahead by its standing (GameDef.score, engine/game/score.ts) at the end of each turn:
   * `leaders[t - 1]` for turn t, null when level; the last entry is the final state's. For the
   * lead changes and comebacks; absent in records from before it was kept.
   */
  readonly leaders?: readonly (string | null)[];
  /**
   * The side that moved first this game, when the rules draw it for each game
   * (`GameDef.firstPlayer`); absent otherwise.
   */
  readonly firstPlayer?: string;
}

/** One game of a run, as listed in the report: enough to pick it out and replay it. */
export interface GameSummary {
  readonly seed: number;
  readonly winner: string | null;
  readonly turns: number;
  readonly text: string;
  readonly hash: string;
  /** The plan each side's bot followed, by side id (absent when the bot draws none). */
  readonly plans?: Readonly<Record<string, string>>;
  /** What each objective's taker lacked when the turn limit ended it, by objective id. */
  readonly lacking?: Readonly<Record<string, string>>;
}

/** How many games had each side holding an objective at the end of a turn. */
export interface ControlTurn {
  readonly turn: number;
  /** Games still going at the end of this turn (a game that ended in it counts). */
  readonly games: number;
  /** Games in which each side held the objective then, by side id; the rest: nobody. */
  readonly held: Readonly<Record<string, number>>;
}

/** An objective's control over the games, turn by turn. */
export interface ObjectiveControl {
  readonly id: string;
  readonly name: string;
  readonly byTurn: readonly ControlTurn[];
}

/** A share of games with its 95% Wilson score interval. */
export interface Share {
  readonly count: number;
  readonly of: number;
  /** count / of (0 when no games). */
  readonly share: number;
  readonly low: number;
  readonly high: number;
}

/** The heatmap grid laid over the map: `columns × rows` cells of `cell` map units. */
export interface HeatGrid {
  readonly columns: number;
  readonly rows: number;
  /** Width and height of a cell in map units (inches on a table; 1 = one hex on a hex map). */
  readonly cell: number;
  /** Counts by cell, row by row (index = row * columns + column). */
  readonly counts: readonly number[];
  readonly max: number;
}

export interface SideReport {
  readonly id: string;
  readonly name: string;
  /** The bot that played the side (a style, random or search). */
  readonly style: BotName;
  readonly wins: Share;
  /**
   * This side's wins among the decided games (those a side won): when many games are drawn, who
   * wins when somebody does is the balance question, and its interval can leave out 50% long
   * before the share of all games does. Absent in reports from before it was counted.
   */
  readonly decidedWins?: Share;
  /** Pieces lost per game on average, by unit type. */
  readonly lossesPerGame: Readonly<Record<string, number>>;
  /** Where this side's pieces died. */
  readonly deaths: HeatGrid;
  /**
   * Where this side's pieces stood when they made their kills (absent when the ruleset's game
   * does not say who killed whom).
   */
  readonly kills?: HeatGrid;
}

/**
 * The games in which the bots followed one pair of plans (one plan per side), and how they went:
 * a layout can be even over all games and still hand the game to whoever takes one route.
 */
export interface PlanPair {
  /** The plan of each side, by side id. */
  readonly plans: Readonly<Record<string, string>>;
  readonly games: number;
  /** Each side's wins in these games, by side id, with the interval. */
  readonly wins: Readonly<Record<string, Share>>;
  readonly draws: Share;
  /** Mean length in turns. */
  readonly meanTurns: number;
}

/** One thing an objective's taker lacked at the turn limit, and in how many of those games. */
export interface Shortfall {
  /** In the ruleset's words: "enemy troops in it", "no radioman left", "held 2 of 3 turns". */
  readonly lacking: string;
  /** Games the turn limit ended in which this was what was lacking, of all it ended. */
  readonly games: Share;
}

/**
 * What kept an objective from being won in the games the turn limit ended: each thing its taker
 * lacked then, most games first. A designer reads here whether the limit is short (held, not
 * long enough), the ground too hard to clear (enemy troops in it) or the holders too few.
 */
export interface ObjectiveShortfall {
  readonly id: string;
  readonly name: string;
  readonly shortfalls: readonly Shortfall[];
}

/** What the lab says about a set of games. */
export interface LabReport {
  readonly scenario: string;
  readonly rulesetId: string;
  readonly settings: LabSettings;
  /** Games played (fewer than asked when the run was cancelled). */
  readonly played: number;
  readonly sides: readonly SideReport[];
  readonly draws: Share;
  /** Games won by a side before the turn limit (not a draw, not unfinished). */
  readonly decided: Share;
  /**
   * Draws that ended on the turn limit: the bots ran out of turns before either side won, which
   * says the limit is short for this layout (or the bots slow), not that the sides are even.
   * Absent in reports from before it was counted.
   */
  readonly undecidedAtLimit?: Share;
  /** Games that did not end: the side-turn cap, or a side the rules refused. */
  readonly unfinished: number;
  /** The first reason a game did not end, to look into. */
  readonly firstUnfinished?: { readonly seed: number; readonly reason: string };
  readonly length: {
    readonly mean: number;
    readonly median: number;
    readonly min: number;
    readonly max: number;
    /** Games by the turn they ended in: `byTurn[t]` games ended in turn t. */
    readonly byTurn: readonly number[];
  };
  /** Where the winners' pieces stood when their games ended. */
  readonly held: HeatGrid;
  /** Final-state hash of every game by seed, to compare runs. */
  readonly hashes: readonly { readonly seed: number; readonly hash: string }[];
  /**
   * Who held each objective at the end of every turn, over the games (empty when the ruleset's
   * game does not report objectives).
   */
  readonly objectives?: readonly ObjectiveControl[];
  /** Every game by seed: its result and length, to pick one out and replay it. */
  readonly games?: readonly GameSummary[];
  /**
   * The games split by the pair of plans the bots followed, in the order of the plans' names
   * (absent when the ruleset's bot plays every game one way).
   */
  readonly byPlan?: readonly PlanPair[];
  /**
   * What each objective's taker lacked in the games the turn limit ended (absent when none did,
   * or the ruleset's game does not say).
   */
  readonly atLimit?: readonly ObjectiveShortfall[];
  /**
   * Game-quality measures (decisiveness, draws, length, lead changes, comebacks, first-player
   * advantage, restricted play): engine/lab/quality.ts. Absent in reports from before them.
   */
  readonly quality?: QualityReport;
}

/** A difference of two shares (a − b) with its 95% interval (Newcombe's hybrid score method). */
export interface ShareDifference {
  readonly difference: number;
  readonly low: number;
  readonly high: number;
}

/** Game length in turns, as percentiles over the games. */
export interface LengthPercentiles {
  readonly p10: number;
  readonly p50: number;
  readonly p90: number;
  readonly mean: number;
}

/** Lead changes per game, from the side ahead at the end of each turn. */
export interface LeadChanges {
  /** Games whose leaders were recorded. */
  readonly games: number;
  /** Lead changes per game on average. */
  readonly mean: number;
  /** Games with at least one lead change. */
  readonly anyChange: Share;
}

/** The advantage of moving first, where the rules draw who moves first for each game. */
export type FirstPlayerAdvantage =
  | {
      readonly applies: true;
      /** Decided games the side that moved first won, of the decided games. */
      readonly wins: Share;
      /** Games each side moved first in, by side id. */
      readonly movedFirst: Readonly<Record<string, number>>;
    }
  | {
      readonly applies: false;
      /** Why not, in words ("the scenario fixes who moves first"). */
      readonly why: string;
    };

/** How much one unit type matters to a side: its win share without the type against with it. */
export interface RestrictedType {
  readonly side: string;
  /** Catalog type id and its name. */
  readonly type: string;
  readonly name: string;
  /** Units of the type the side fields. */
  readonly units: number;
  /** Games played without it (the run's seeds); 0 when the variant cannot be played. */
  readonly games: number;
  /** The side's win share without the type. */
  readonly without?: Share;
  /** The side's win share with it (the run's) minus without it, with the 95% interval. */
  readonly drop?: ShareDifference;
  /** Why the scenario cannot be played without the type (it stays unmeasured). */
  readonly unplayable?: string;
}

/** Game-quality measures of a set of games; `QUALITY_MEASURES` says what each means. */
export interface QualityReport {
  /** Games a side won (neither drawn nor unfinished). */
  readonly decisiveness: Share;
  readonly draws: Share;
  /** Draws that ended on the turn limit. */
  readonly drawsAtLimit: Share;
  readonly length: LengthPercentiles;
  /** Absent when no game recorded its leaders. */
  readonly leadChanges?: LeadChanges;
  /**
   * Decided games whose winner was behind by its standing at the end of some turn after the
   * first, before the game ended; absent when no game recorded its leaders.
   */
  readonly comebacks?: Share;
  readonly firstPlayer: FirstPlayerAdvantage;
  /** Restricted play by unit type, side by side (absent unless asked for). */
  readonly restricted?: readonly RestrictedType[];
}

/** How far a run has got. */
export interface LabProgress {
  readonly done: number;
  readonly total: number;
}
