import type { RngState } from '../random/dice';
import type { GameAction } from './action';
import type { ActionSchema } from './actionSchema';
import type { Reduction } from './reducer';

/**
 * A game without a screen: what the headless driver, the CLI, the bench, the balance lab and the
 * golden runner need from a ruleset. The playtest screen adds a `PlaytestView` on top of it.
 */

export type { GameAction } from './action';

/** Who looks at the game: a side id, or `null` for everybody (bot-vs-bot, replay, game over). */
export type Viewer = string | null;

export interface SideInfo {
  readonly id: string;
  readonly name: string;
  /** CSS colour for the side's counters. */
  readonly colour: string;
  /** Where its units come from before they are on the board, in words ("enters from edge A, west"). */
  readonly deployment: string;
}

export interface GameResult {
  readonly winner: string | 'draw';
  readonly text: string;
}

/** Where a game stands, as much as a driver needs to know to ask the right side for actions. */
export interface GameStatus {
  readonly turn: number;
  readonly phase: string;
  /**
   * The turn after which the game ends on time, when it has one: the balance lab counts the
   * draws that ran into it, which say the bots ran out of turns, not that the sides are even.
   */
  readonly turnLimit?: number;
  /** Sides that must act before the game moves on, in the order they act on a shared device. */
  readonly waitingFor: readonly string[];
  readonly over: boolean;
}

/** One side's part of a phase: the actions it took, the state after them and their events. */
export interface SideTurn<S, A, E> {
  readonly actions: readonly A[];
  readonly state: S;
  readonly events: readonly E[];
  /** Why a bot played the turn as it did (absent for a person's turn or a bot that says nothing). */
  readonly explanation?: BotExplanation;
}

/**
 * Why a bot played a side turn as it did, for the playtest's view of the bot's turn: its plan and
 * reasons in words, and for a bot that weighed whole side turns (the search bot) the candidates.
 */
export interface BotExplanation {
  /**
   * The plan and the reasons, in order, in the words a player uses ("advance on the church by the
   * north bridge", "holding fire: the Panther waits until the Sherman breaks cover").
   */
  readonly notes: readonly string[];
  /** The side turns a search weighed, the chosen one first. */
  readonly candidates?: readonly BotCandidate[];
}

/** One side turn a searching bot weighed: what it was and how well it scored. */
export interface BotCandidate {
  /** What the side turn does, in words ("balanced bot's turn", "hold and fire"). */
  readonly label: string;
  /**
   * Its score from 0 (lost) to 1 (won): the mean outcome of its rollouts for the side (the search
   * bot's: the worst such mean against any one style of the other side).
   */
  readonly score: number;
  /** The rollouts (or evaluations) the score rests on. */
  readonly games: number;
  readonly chosen: boolean;
}

/** How a bot plays: a designer picks one per side in the scenario's playtest settings. */
export type BotStyle = 'cautious' | 'balanced' | 'aggressive';

export interface NewGameOptions {
  readonly seed: number;
  /** Ends the game after this many turns (a draw unless a side has won), over the scenario's. */
  readonly turnLimit?: number;
}

/** A piece on the board as the balance lab sees it: whose it is, what it is and where it stands. */
export interface BoardPiece {
  readonly id: string;
  readonly side: string;
  /** Its catalog type id, for casualties by unit type. */
  readonly type: string;
  /**
   * Where it stands in the map's own coordinates (inches on a table; column and row on a hex
   * map); a rider stands where its vehicle is; null while off the board.
   */
  readonly at: readonly [number, number] | null;
  readonly alive: boolean;
  /**
   * What the players call it, as the board and the log name it ("T-64", "Rifleman 2"), for text
   * made outside the ruleset such as the search bot's explanation; absent, such text falls back
   * to the last part of its id.
   */
  readonly name?: string;
}

/** One piece put out of action by another, by piece id (`GameDef.kills`). */
export interface PieceKill {
  readonly killer: string;
  readonly victim: string;
}

/** Sees one game's side turns' events in order and says the kills in each (`GameDef.kills`). */
export interface KillCounter<E> {
  killsIn(events: readonly E[]): readonly PieceKill[];
}

/** An objective and who holds it, as the balance lab charts its control over the game. */
export interface ObjectiveHolding {
  readonly id: string;
  /** Its name for charts and reports (the id when the scenario gives none). */
  readonly name: string;
  /** The side holding it now by the ruleset's own test, or null when nobody does. */
  readonly holder: string | null;
  /**
   * What the side that must take it still lacks to win by it, in a few words by the ruleset's
   * own test ("enemy troops in it", "no radioman left", "held 1 of 3 turns"): the balance lab
   * counts these over the games the turn limit ended, to say what kept them from being won.
   * Absent when the objective has no owner, its hold is complete, or the ruleset does not say.
   */
  readonly lacking?: string;
}

/** A ruleset's game as pure functions of its state `S`, actions `A` and events `E`. */
export interface GameDef<S = unknown, A extends GameAction = GameAction, E = unknown> {
  readonly rulesetId: string;
  readonly sides: readonly SideInfo[];
  newGame(options: NewGameOptions): S;
  reduce(state: S, action: A): Reduction<S, E>;
  status(state: S): GameStatus;
  result(state: S): GameResult | undefined;
  hash(state: S): string;
  /** Whether a viewer may see an event (hidden movement, secret objectives, plotted orders). */
  eventVisible(event: E, viewer: Viewer, state: S): boolean;
  /** The side an action is taken for (so undo can step back over the bot's turns). */
  actionSide(state: S, action: A): string | undefined;
  /** Ends the side's part of the current phase; `timeUp` when its real-time limit ran out. */
  endPhaseAction(state: S, side: string, timeUp?: boolean): A;
  /**
   * The bot plays a side now, until it has nothing more to do in this phase (its last action ends
   * its part): the actions it took with the state after them and their events, since the bot
   * applies each action to plan the next. No actions when the side is not asked to act.
   */
  bot(state: S, side: string, style?: BotStyle): SideTurn<S, A, E>;
  /**
   * The bot the search bot plays its own side with, where the ruleset has one that weighs its
   * choices more exactly than its styles do (WWI: each battle by its exact odds). The search's
   * candidate turns start from this bot's in each style and its rollouts play the side with it;
   * the other side is still foreseen by `bot`, in the styles read from its turns. Absent: `bot`.
   */
  searchBot?(state: S, side: string, style?: BotStyle): SideTurn<S, A, E>;
  /**
   * Every action the side may take now, when the ruleset can list them (hex moves, card plays,
   * phase choices): each is accepted by `reduce`. Actions that differ in nothing the rules look at
   * (two routes to the same hex) may be listed once. Empty when the side is not asked to act.
   * `engine/game/legal.ts` says how drivers use it with `sampleAction`.
   */
  legalActions?(state: S, side: string): readonly A[];
  /**
   * One action the side may take now, drawn with `rng`, when there are too many to list (a move
   * to any point of a table): accepted by `reduce`; undefined when the side is not asked to act.
   */
  sampleAction?(state: S, side: string, rng: ActionRng): A | undefined;
  /**
   * A few actions the side may take now that aim at the scenario's objectives, one a unit at most
   * (a unit's move to the reachable place nearest an objective it must take or deny): the search
   * bot weighs its styles' turns with one or all of them in place of those units' own actions,
   * as the styles' plans may never try them and random draws rarely find them. Each is accepted
   * by `reduce`. Absent, or empty, when the ruleset names none.
   */
  aimedActions?(state: S, side: string): readonly A[];
  /**
   * Phases in which standing (the side ending its part at once: no move) is a plan the search
   * bot should weigh for the whole game, not only this turn: it plays the styles' turns with the
   * side standing in that phase, this turn and in every rollout after it, as a plan whose worth
   * shows over several turns (a TANKS tank that stays Stationary re-rolls its misses, TK-4.5).
   * Absent or empty: no such plan.
   */
  readonly standPhases?: readonly string[];
  /**
   * How far the search bot looks ahead from `state`, where the ruleset knows better than the
   * strength's preset: rollouts `horizon` game turns long at least (the budget of side turns
   * stays the preset's). Absent, or undefined here: the preset's. Counted in turns, never in
   * time, so play stays reproducible.
   */
  searchLook?(state: S): { readonly horizon: number } | undefined;
  /**
   * The state with its dice keyed to `key` and to what each roll is for (WWI: the turn, the side,
   * the battle's unit and target), not to the rolls before it: the search bot's rollouts start
   * from it, so candidate turns that fight the same battle meet the same dice in it and their
   * paired scores differ by the choice more than by luck. Only the search's rollouts use it;
   * a game's dice never change. Absent: the rollouts reseed the running dice (`dice.set`).
   */
  keyedDice?(state: S, key: number): S;
  /**
   * The side turns the search bot's rollouts may play for a strength whose preset allows `work`
   * (`SearchStrength.work`), where the ruleset wants more (never fewer): a game the dice decide
   * as much as its choices, whose candidate turns differ by a few points and need more rollouts
   * to tell apart, and whose side turns cost little (WWI). Counted in side turns, never in time,
   * so play stays reproducible. Absent: the preset's.
   */
  searchWork?(work: number): number;
  /**
   * More side turns for the search bot to weigh, from the ruleset's own bot (WWI: its turn with
   * one decision taken as its second choice: the card, the orders, a unit's place, a battle):
   * each labelled in words and with the style the side plays on in its rollouts. Absent: none.
   */
  searchTurns?(
    state: S,
    side: string,
  ): readonly {
    readonly label: string;
    readonly turn: SideTurn<S, A, E>;
    readonly style: BotStyle;
  }[];
  /**
   * The plan the bot follows for a side this game, in words ("by Bridge 2, south"), for a bot
   * that draws one of several plans per game from the seed: the balance lab splits its results by
   * each pair of plans, as a layout can be fair over all games and still favour one route. The
   * same for every state of a game. Absent (or undefined) when the bot plays every game one way.
   */
  botPlan?(state: S, side: string): string | undefined;
  /**
   * The actions `reduce` accepts, as data (game/actionSchema.ts): saved games, action logs and
   * the CLI check every action against it before the reducer sees it. Every ruleset module's
   * game has one (engine/rulesets/registry.test.ts); only throwaway test games leave it out.
   */
  readonly actions?: ActionSchema;
  /**
   * Every piece and where it stands, for the balance lab's casualty counts and heatmaps (where
   * units died, which ground the winner held). A game without it is still played by the lab,
   * without those two.
   */
  pieces?(state: S): readonly BoardPiece[];
  /**
   * A fresh kill counter for one game, for the balance lab's heatmap of where kills were made
   * from: fed every side turn's events in order, it says which piece put which out of action in
   * them (a man shot, a vehicle knocked out), by piece id. A counter may remember earlier side
   * turns (a hit in the firing, the tank removed at the end of the round). A game without it is
   * still played by the lab, without that heatmap.
   */
  kills?(): KillCounter<E>;
  /**
   * The scenario's objectives and who holds each now, for the balance lab's objective control
   * turn by turn. A game without it is still played by the lab, without that chart. Asked with
   * `{ lacking: false }` (the stall watch, which reads only who holds), a game may leave out
   * `lacking`; every other field must be as without it.
   */
  objectives?(state: S, ask?: { readonly lacking: false }): readonly ObjectiveHolding[];
  /**
   * Each side's standing now by material and objectives, by side id, higher is better and the
   * sides' numbers comparable (engine/game/score.ts says the scale): the balance lab's lead
   * changes and comebacks and the search bot's evaluation read it. Without it, `standing()` in
   * score.ts estimates one from `pieces` and `objectives`.
   */
  score?(state: S): Readonly<Record<string, number>>;
  /**
   * The side that moves first this game, when the rules draw it for each game (a roll-off, a
   * toss for the first turn): the balance lab weighs the advantage of moving first by it. Absent
   * when the scenario fixes who goes first or the sides act at once: the lab then says the
   * measure does not apply. The same for every state of a game.
   */
  firstPlayer?(state: S): string | undefined;
  /**
   * The state as `viewer` may believe it to be: what the side can see kept, what it cannot see
   * (the other side's secret plots, its hand and the deck's order, units screened from view)
   * drawn anew with `rng`, so a search that plays games on from it never reads hidden state. It
   * leaves the dice alone: a search reseeds them itself (`dice.set`). Absent when the ruleset
   * hides nothing from a side but the dice. `style`, when given, is the style the viewer believes
   * the other sides play (a search weighing its turn against each): what they did in secret is
   * drawn as their bot in that style would have done it; absent, the ruleset draws a style.
   */
  determinize?(state: S, viewer: string, rng: ActionRng, style?: BotStyle): S;
  /**
   * Where the seeded dice live in the state: the driver reads and writes them to fix rolls in
   * tests (forced dice are a driver feature, never an action a file can carry).
   */
  readonly dice: {
    get(state: S): RngState;
    set(state: S, rng: RngState): S;
  };
}

/** Whole numbers drawn for choosing among actions (a `Dice` is one): 0 to `n` - 1. */
export interface ActionRng {
  index(n: number): number;
}

/** The game type shared code holds: state and events opaque, actions plain JSON. */
export type AnyGameDef = GameDef<unknown, GameAction, unknown>;
