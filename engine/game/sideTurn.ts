import type { BotExplanation, SideTurn } from './gameDef';
import type { Reducer } from './reducer';

/**
 * The loop every bot writes: apply an action to the state it plans from, keep the action and its
 * events if the rules accept it, and stop after a bounded number of steps so a bot that keeps
 * finding something to do cannot stall a game. A bot plans; the builder keeps the books.
 */
export class SideTurnBuilder<S, A, E> {
  private current: S;
  private readonly taken: A[] = [];
  private readonly seen: E[] = [];
  private steps = 0;
  private readonly notes: string[] = [];

  constructor(
    private readonly rules: Reducer<S, A, E>,
    start: S,
    /** Steps the turn may take before `step()` says stop (the step guard). */
    private readonly maxSteps = 200,
  ) {
    this.current = start;
  }

  /** The state after the actions taken so far. */
  get state(): S {
    return this.current;
  }

  /** The actions taken so far, in order. */
  get actions(): readonly A[] {
    return this.taken;
  }

  /**
   * Applies the action if the rules accept it (the state, actions and events move on) and says
   * whether they did; a refused action changes nothing.
   */
  apply(action: A): boolean {
    const r = this.rules(this.current, action);
    if (!r.ok) return false;
    this.current = r.state;
    this.taken.push(action);
    for (const e of r.events) this.seen.push(e);
    return true;
  }

  /**
   * Takes an action the bot has already put through the rules itself (with the state and events
   * they gave), as a bot does that tries variants of a refused action.
   */
  record(action: A, state: S, events: readonly E[]): void {
    this.current = state;
    this.taken.push(action);
    for (const e of events) this.seen.push(e);
  }

  /** Applies the first action of `actions` the rules accept; false when none is. */
  applyFirst(...actions: readonly (A | undefined)[]): boolean {
    for (const a of actions) if (a !== undefined && this.apply(a)) return true;
    return false;
  }

  /** Counts a step of the bot's loop: false once the guard's steps are used up. */
  step(): boolean {
    return this.steps++ < this.maxSteps;
  }

  /** Notes a reason for the turn's explanation ("holding fire: …"); repeats are kept once. */
  note(text: string): void {
    if (!this.notes.includes(text)) this.notes.push(text);
  }

  /**
   * The side turn: the actions taken, the state after them and their events, with the notes as
   * its explanation when the bot made any (and `extra` for a bot that adds candidates).
   */
  done(extra?: Omit<BotExplanation, 'notes'>): SideTurn<S, A, E> {
    const explanation: BotExplanation | undefined =
      this.notes.length > 0 || extra ? { notes: [...this.notes], ...extra } : undefined;
    return {
      actions: this.taken,
      state: this.current,
      events: this.seen,
      ...(explanation ? { explanation } : {}),
    };
  }
}
