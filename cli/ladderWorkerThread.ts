// A strength-ladder worker thread: plays the ladder games it is sent (engine/game/bots/ladder.ts)
// and posts a record per game. cli/ladder.ts bundles this file with the engine into one module
// and starts it as a thread for `sandtable ladder` and `npm run bench:ladder`.
import { parentPort } from 'node:worker_threads';
import type { AnyGameDef } from '../engine/game/gameDef';
import {
  ladderTimeBudgetMs,
  playLadderGame,
  type LadderGame,
  type LadderRecord,
} from '../engine/game/bots/ladder';
import { labGameOf } from '../engine/lab/worker';
import type { ScenarioDoc } from '../engine/format/index';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';

/** What the ladder's main thread sends: the scenario once, then games to play. */
export type ToLadderWorker =
  | {
      readonly type: 'start';
      readonly scenario: ScenarioDoc;
      readonly turnLimit?: number;
      readonly searchStrength?: number;
    }
  | { readonly type: 'play'; readonly games: readonly LadderGame[] };

/** What a ladder thread answers: one record a game, or why it cannot go on. */
export type FromLadderWorker =
  | { readonly type: 'game'; readonly record: LadderRecord }
  | { readonly type: 'error'; readonly message: string };

const port = parentPort;
if (!port)
  throw new Error('cli/ladderWorkerThread.ts runs only as a worker thread (see cli/ladder.ts)');
const post = (m: FromLadderWorker) => port.postMessage(m);
let game: AnyGameDef | undefined;
let turnLimit: number | undefined;
let searchStrength: number | undefined;
// Messages sent while the module loaded wait in the port until this listener starts it.
port.on('message', (m: ToLadderWorker) => {
  if (m.type === 'start') {
    const made = labGameOf(m.scenario, BUNDLED_RULESETS);
    if ('error' in made) {
      post({ type: 'error', message: made.error });
      return;
    }
    game = made.game;
    turnLimit = m.turnLimit;
    searchStrength = m.searchStrength;
    return;
  }
  if (!game) {
    post({ type: 'error', message: 'the ladder thread was sent games before its scenario' });
    return;
  }
  for (const g of m.games) {
    try {
      const record = playLadderGame(game, g, {
        ...(turnLimit !== undefined ? { turnLimit } : {}),
        ...(searchStrength !== undefined ? { searchStrength } : {}),
        timeBudget: { ms: ladderTimeBudgetMs(g), now: () => performance.now() },
      });
      post({ type: 'game', record });
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      post({
        type: 'error',
        message: `the game of seed ${g.seed}, ${g.players[0]} v ${g.players[1]}, failed: ${why}`,
      });
      return;
    }
  }
});
