import type { BotStyle, GameAction, GameDef } from '../gameDef';
import { actionRng } from '../legal';
import { playSide } from '../simulate';
import { hashState } from '../stateHash';

/** The styles the search plays and reads, in the order its rollouts take them. */
export const SEARCH_STYLES: readonly BotStyle[] = ['balanced', 'aggressive', 'cautious'];

/**
 * Which styles the other side of a two-sided game plays, read from its turns between the side's
 * own: from the state the side left, each style still in question plays the other side's turns
 * (the rules and bots are deterministic and the dice live in the state) and stays in question
 * where that gives the state the side finds on its next turn. A style ruled out stays out; where
 * no style gives it (a person, the random bot, a search), the reader gives up and the search
 * models every style from then on.
 *
 * It never peeks. Where the ruleset hides something (`GameDef.determinize`), the turns are
 * replayed from the state as the side believes it and the states are compared as the side sees
 * them (each drawn by the same fixed draw, which depends only on what the side can see): what
 * the other side holds in secret never enters the reading. There a turn that turned on something
 * hidden fits no style, and that turn tells the reader nothing rather than ending the reading.
 * The dice are the state's own: the rolls of the turns replayed are the ones the side saw.
 */
export class StyleReader<S, A extends GameAction, E> {
  private left: S | undefined;
  private styles: readonly BotStyle[] = SEARCH_STYLES;
  private lost = false;
  private readonly other: string | undefined;

  constructor(
    private readonly game: GameDef<S, A, E>,
    private readonly side: string,
  ) {
    const sides = game.sides.map((x) => x.id);
    this.other = sides.length === 2 ? sides.find((x) => x !== side) : undefined;
  }

  /** The styles the other side may be playing as the side's turn starts in `state`; undefined: any. */
  before(state: S): readonly BotStyle[] | undefined {
    const { game, other, left } = this;
    if (other === undefined || left === undefined || this.lost) return undefined;
    this.left = undefined;
    const hidden = game.determinize;
    // The state as the side sees it: where something is hidden, one fixed draw of it.
    const seen = hidden
      ? (st: S) => hashState(hidden(st, this.side, actionRng(READ_DRAW)))
      : (st: S) => hashState(st);
    const start = hidden ? hidden(left, this.side, actionRng(READ_DRAW + 1)) : left;
    const target = seen(state);
    const fits = this.styles.filter((style) => {
      let s: S = start;
      for (let k = 0; k <= MAX_READ_TURNS; k++) {
        if (seen(s) === target) return true;
        const st = game.status(s);
        if (k === MAX_READ_TURNS || st.over || st.waitingFor[0] !== other) return false;
        const t = playSide(game, s, other, { kind: 'bot', style });
        if ('refused' in t) return false;
        s = t.state;
      }
      return false;
    });
    // With hidden parts a turn no style fits may have turned on them: it says nothing.
    if (fits.length === 0) {
      if (!hidden) this.lost = true;
    } else this.styles = fits;
    return this.lost || this.styles.length === SEARCH_STYLES.length ? undefined : this.styles;
  }

  /** The state the side's turn left. */
  after(state: S): void {
    this.left = state;
  }
}

/** Side turns of the other side in a row the style reader replays at most. */
const MAX_READ_TURNS = 4;

/** The fixed draw the style reader believes and sees hidden parts by (any number would do). */
const READ_DRAW = 0x5eed;
