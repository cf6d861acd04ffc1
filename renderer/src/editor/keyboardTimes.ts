/**
 * A key press that typed into a text field. Times are in ms on the page's `performance.now()`
 * clock, the one `Event.timeStamp` uses.
 */
export interface Keystroke {
  /** The key (`KeyboardEvent.code`); '' for input no key of its own made (a drop, a menu paste). */
  readonly key: string;
  /** When the browser took the key press (its keydown's time stamp), not when the app handled it. */
  readonly at: number;
}

/**
 * The keyboard as the user worked it, so that a pause in typing can be told from a pause of the
 * app. A key press waits in the page's queue while the app is busy (a long task, a loaded
 * machine); the event keeps the time it was made. The page feeds every keydown, keyup and input
 * event here before the app's own handlers see it (App: capture listeners on the window).
 */
export class KeyboardTimes {
  private pressed: Keystroke | null = null;
  private typing: Keystroke | null = null;
  private readonly released = new Map<string, number>();

  constructor(readonly now: () => number = () => performance.now()) {}

  keyDown(key: string, at: number): void {
    this.pressed = { key, at };
  }

  /** An input event begins: typed by the key pressed last, or, without one, made at `at`. */
  inputStarts(at: number): void {
    this.typing = this.pressed ?? { key: '', at };
    this.pressed = null;
  }

  /** The input event has been handled. */
  inputEnds(): void {
    this.typing = null;
  }

  /** The app has handled the release of `key`, now. */
  keyUp(key: string): void {
    this.released.set(key, this.now());
    // A key that typed nothing (an arrow, a modifier) is no keystroke for a later input.
    if (this.pressed?.key === key) this.pressed = null;
  }

  /** The keystroke whose input event is being handled, or null outside one. */
  current(): Keystroke | null {
    return this.typing;
  }

  /** When the app last handled the release of `key`, if it has. */
  releasedAt(key: string): number | undefined {
    return this.released.get(key);
  }
}

/** The page's keyboard (one per window; the editors of every open document read it). */
export const keyboardTimes = new KeyboardTimes();
