import { StyleReader } from '../game/bots/styleReader';
import type { AnyGameDef, BotStyle, GameAction } from '../game/gameDef';
import type { LogEntry, PlaytestGame } from './session';

/**
 * Reads, from a playtest's log, which style the side facing the search bot plays, as the search
 * bot of the ladder and the lab does from the turns it sees (`StyleReader`): a side played by a
 * style of the ruleset's bot is then foreseen by the search but for the dice; a person (or the
 * random bot) fits no style, and the search weighs every style against them as before.
 *
 * The log is cut into runs of the search's side's actions and the other side's (by the rules'
 * `actionSide`); each of the other side's runs between two of the side's is read once. The
 * reader keeps what it fed, so a playtest's worker reads only what the log gained since its last
 * turn; where the log was undone or replaced it reads it again, from the side's last
 * `LOOKBACK_RUNS` runs only, so its cost stays bounded however long the game.
 */
export class LogStyleReader {
  private reader: StyleReader<unknown, GameAction, unknown>;
  /** The entries fed so far (the same objects as the log's, to see that the log only grew). */
  private fed: readonly LogEntry[] = [];
  /** The side that took the last action fed (actions of neither side leave it as it was). */
  private lastActor: string | undefined;
  /** Where the side's next run was already read from (a turn asked for before it was played). */
  private readAt: number | undefined;
  private styles: readonly BotStyle[] | undefined;

  constructor(
    private readonly rules: AnyGameDef,
    private readonly side: string,
  ) {
    this.reader = new StyleReader(rules, side);
  }

  /**
   * The styles the other side may be playing when the side's turn starts at the end of `game`'s
   * log; undefined when that is not known (no turn of the other side read yet, or one that fit no
   * style).
   */
  read(game: PlaytestGame): readonly BotStyle[] | undefined {
    const entries = game.entries;
    const grew = this.fed.length <= entries.length && this.fed.every((e, i) => entries[i] === e);
    let from = this.fed.length;
    if (!grew) {
      this.reader = new StyleReader(this.rules, this.side);
      this.lastActor = undefined;
      this.readAt = undefined;
      this.styles = undefined;
      from = this.lookbackStart(game);
      if (from > 0) this.lastActor = this.actor(game, from - 1);
    }
    for (let i = from; i < entries.length; i++) {
      const actor = this.actor(game, i);
      if (actor === undefined) continue;
      if (actor === this.side && this.lastActor !== this.side && this.readAt !== i)
        this.styles = this.reader.before(stateBefore(game, i));
      else if (actor !== this.side && this.lastActor === this.side)
        this.reader.after(stateBefore(game, i));
      if (actor === this.side) this.readAt = undefined;
      this.lastActor = actor;
    }
    this.fed = entries;
    const n = entries.length;
    // The side is asked now: what the other side did since the side's last run is read here,
    // once, and not again when the turn asked for is played.
    if (this.lastActor !== this.side && this.readAt !== n) {
      this.styles = this.reader.before(stateBefore(game, n));
      this.readAt = n;
    }
    return this.styles;
  }

  /** The side that took the log's `i`th action. */
  private actor(game: PlaytestGame, i: number): string | undefined {
    return this.rules.actionSide(stateBefore(game, i), game.entries[i]!.action);
  }

  /** The first action of the side's `LOOKBACK_RUNS`th run from the log's end (0 if fewer). */
  private lookbackStart(game: PlaytestGame): number {
    let runs = 0;
    let after: string | undefined;
    for (let i = game.entries.length - 1; i >= 0; i--) {
      const actor = this.actor(game, i);
      if (actor === undefined) continue;
      // A run of the side begins after `i` where the action after it was the side's.
      if (after === this.side && actor !== this.side && ++runs >= LOOKBACK_RUNS) return i + 1;
      after = actor;
    }
    return 0;
  }
}

/** Runs of the side's actions a reader goes back over when it reads a log anew. */
const LOOKBACK_RUNS = 6;

const stateBefore = (game: PlaytestGame, i: number): unknown =>
  i <= 0 ? game.start : game.entries[i - 1]!.state;
