import type { ScenarioDoc } from '../../../engine/format/types';
import type { BotPlay, PlaytestGame } from '../../../engine/playtest';
import type { FromBotWorker, ToBotWorker } from './botWorker';

/** How long the strong bot may think about one side turn in the playtest. */
export const BOT_THINK_MS = 2000;

/**
 * The search strength the playtest asks for (SEARCH_STRENGTHS' 'strong'): in the browser it
 * mostly finishes well inside BOT_THINK_MS, and where it would not the deadline stops it with
 * the best so far.
 */
export const PLAYTEST_SEARCH_STRENGTH = 4;

/** What a side turn's thinking ended with. */
export type Thought =
  | { readonly kind: 'turn'; readonly play: BotPlay; readonly ms: number }
  /** Stopped where the search could not be asked for its best so far (no shared memory). */
  | { readonly kind: 'stopped' }
  | { readonly kind: 'failed'; readonly message: string };

/** One side turn being thought about. */
export interface Thinking {
  readonly result: Promise<Thought>;
  /** Ends the search now with the best turn so far (or, without shared memory, none). */
  stop(): void;
  /** Forgets the question: nothing will be applied (the game moved on, or the screen closed). */
  cancel(): void;
}

/**
 * The strong bot's worker for one playtest (one scenario and seed). The worker is made when first
 * asked and kept between side turns (it keeps the game it replayed and its warm code); a search
 * ended from outside, without shared memory to tell it, ends the worker, and the next question
 * makes a new one.
 */
export class BotWorker {
  private worker: Worker | undefined;
  private next = 1;

  constructor(
    private readonly scenario: ScenarioDoc,
    private readonly seed: number,
  ) {}

  private take(): Worker {
    if (this.worker) return this.worker;
    const w = new Worker(new URL('./botWorker.ts', import.meta.url), { type: 'module' });
    const hello: ToBotWorker = { type: 'game', scenario: this.scenario, seed: this.seed };
    w.postMessage(hello);
    this.worker = w;
    return w;
  }

  private drop(): void {
    this.worker?.terminate();
    this.worker = undefined;
  }

  /** Asks for the search bot's turn for `side` after the game's log so far. */
  think(
    game: PlaytestGame,
    side: string,
    onProgress: (done: number, total: number) => void,
    options: { readonly budgetMs?: number; readonly strength?: number } = {},
  ): Thinking {
    const id = this.next++;
    // Shared memory lets Stop reach a search that is busy; only a cross-origin isolated page has it.
    const stop =
      typeof SharedArrayBuffer !== 'undefined' && globalThis.crossOriginIsolated === true
        ? new SharedArrayBuffer(4)
        : undefined;
    const flag = stop ? new Int32Array(stop) : undefined;
    let settle: (t: Thought) => void = () => {};
    let over = false;
    const result = new Promise<Thought>((resolve) => {
      settle = (t) => {
        if (over) return;
        over = true;
        resolve(t);
      };
    });
    const worker = this.take();
    worker.onmessage = (e: MessageEvent<FromBotWorker>) => {
      const m = e.data;
      if (m.id !== id && m.id !== -1) return;
      if (m.type === 'progress') onProgress(m.done, m.total);
      else if (m.type === 'turn')
        settle({
          kind: 'turn',
          play: { actions: m.actions, ...(m.explanation ? { explanation: m.explanation } : {}) },
          ms: m.ms,
        });
      else settle({ kind: 'failed', message: m.message });
    };
    worker.onerror = (e) => {
      e.preventDefault();
      this.drop();
      settle({ kind: 'failed', message: e.message || 'the bot worker stopped with an error' });
    };
    const ask: ToBotWorker = {
      type: 'think',
      id,
      actions: game.entries.map((x) => x.action),
      side,
      budgetMs: options.budgetMs ?? BOT_THINK_MS,
      strength: options.strength ?? PLAYTEST_SEARCH_STRENGTH,
      ...(stop ? { stop } : {}),
    };
    worker.postMessage(ask);
    return {
      result,
      stop: () => {
        if (over) return;
        if (flag) Atomics.store(flag, 0, 1);
        else {
          this.drop();
          settle({ kind: 'stopped' });
        }
      },
      cancel: () => {
        if (over) return;
        if (flag) Atomics.store(flag, 0, 1);
        else this.drop();
        settle({ kind: 'failed', message: 'cancelled' });
      },
    };
  }

  /** Ends the worker (the playtest closed). */
  dispose(): void {
    this.drop();
  }
}
