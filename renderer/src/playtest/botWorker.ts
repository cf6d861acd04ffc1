/// <reference lib="webworker" />
import type { ScenarioDoc } from '../../../engine/format/types';
import {
  applyActions,
  LogStyleReader,
  playtestFor,
  replayGame,
  searchBotPlay,
  type AnyPlaytestView,
  type GameAction,
  type PlaytestGame,
} from '../../../engine/playtest';
import type { BotExplanation } from '../../../engine/game/gameDef';
import { BUNDLED_RULESETS } from '../../../engine/rulesets/registry';

/**
 * The playtest's strong bot on a Web Worker: the screen sends the scenario and the dice seed once,
 * then for each side turn the action log so far; the worker replays the log from the seed (the
 * engine's state never crosses postMessage, so nothing depends on it surviving a structured
 * clone), reads the other side's style from its turns in the log (`LogStyleReader`) and runs the
 * search bot, posting its progress and then its turn. A shared stop flag,
 * where the page is cross-origin isolated, lets Stop end the search at once with the best turn so
 * far; elsewhere the page ends the worker instead.
 */

export type ToBotWorker =
  | { readonly type: 'game'; readonly scenario: ScenarioDoc; readonly seed: number }
  | {
      readonly type: 'think';
      readonly id: number;
      readonly actions: readonly GameAction[];
      readonly side: string;
      readonly strength?: number;
      /** Milliseconds the search may take; it starts no rollout after them. */
      readonly budgetMs: number;
      /** Set to 1 by the page to stop the search with the best so far (shared memory). */
      readonly stop?: SharedArrayBuffer;
    };

export type FromBotWorker =
  | {
      readonly type: 'progress';
      readonly id: number;
      readonly done: number;
      readonly total: number;
    }
  | {
      readonly type: 'turn';
      readonly id: number;
      readonly actions: readonly GameAction[];
      readonly explanation?: BotExplanation;
      readonly ms: number;
    }
  | { readonly type: 'error'; readonly id: number; readonly message: string };

const scope = self as unknown as DedicatedWorkerGlobalScope;
let view: AnyPlaytestView | undefined;
let seed = 0;
// The last game replayed, to extend it by the new actions rather than replay from the start.
let last: PlaytestGame | undefined;
// Per side the search plays, what the other side's turns in the log say of its style.
const readers = new Map<string, LogStyleReader>();

const post = (m: FromBotWorker) => scope.postMessage(m);

/** The game after `actions`: the last one replayed, extended, when the log only grew since. */
function gameAfter(actions: readonly GameAction[]): PlaytestGame | string {
  if (!view) return 'the bot worker was asked to think before it had the scenario';
  const known = last?.entries ?? [];
  const grew =
    last !== undefined &&
    known.length <= actions.length &&
    known.every((e, i) => JSON.stringify(e.action) === JSON.stringify(actions[i]));
  if (last && grew) {
    const more = actions.slice(known.length);
    if (more.length === 0) return last;
    const r = applyActions(last, more);
    if (r.ok && r.game.entries.length === actions.length) {
      last = r.game;
      return last;
    }
  }
  // Undone, or a new game: replay from the seed, each action checked as a loaded game's are.
  const { game, refused } = replayGame(view, seed, {}, actions);
  if (refused.length > 0)
    return `the log did not replay on the worker (action ${refused[0]!.index}: ${refused[0]!.reason})`;
  last = game;
  return game;
}

scope.onmessage = (e: MessageEvent<ToBotWorker>) => {
  const m = e.data;
  if (m.type === 'game') {
    const made = playtestFor(m.scenario, BUNDLED_RULESETS);
    if (!made.ok) {
      post({ type: 'error', id: -1, message: made.reason });
      return;
    }
    view = made.view;
    seed = m.seed;
    last = undefined;
    readers.clear();
    return;
  }
  const started = performance.now();
  try {
    const game = gameAfter(m.actions);
    if (typeof game === 'string') {
      post({ type: 'error', id: m.id, message: game });
      return;
    }
    const flag = m.stop ? new Int32Array(m.stop) : undefined;
    let shown = 0;
    let reader = readers.get(m.side);
    if (!reader) readers.set(m.side, (reader = new LogStyleReader(game.view.game, m.side)));
    const otherStyles = reader.read(game);
    const play = searchBotPlay(game, m.side, {
      ...(otherStyles ? { otherStyles } : {}),
      ...(m.strength !== undefined ? { strength: m.strength } : {}),
      deadline: started + m.budgetMs,
      now: () => performance.now(),
      ...(flag ? { shouldStop: () => Atomics.load(flag, 0) === 1 } : {}),
      onProgress: (done, total) => {
        // A few messages a second are enough for a progress bar.
        const t = performance.now();
        if (t - shown < 80 && done < total) return;
        shown = t;
        post({ type: 'progress', id: m.id, done, total });
      },
    });
    post({
      type: 'turn',
      id: m.id,
      actions: play.actions,
      ...(play.explanation ? { explanation: play.explanation } : {}),
      ms: Math.round(performance.now() - started),
    });
  } catch (err) {
    post({ type: 'error', id: m.id, message: err instanceof Error ? err.message : String(err) });
  }
};
