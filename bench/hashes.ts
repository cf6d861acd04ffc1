/**
 * Prints a hash of the final state of every golden case and of bot-vs-bot village games, with
 * the `allowForcedDice` flag left out, so two versions of the engine can be compared line by line
 * (a refactor must print the same lines). Run: npx tsx bench/hashes.ts
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { loadDocument } from '../engine/format';
import type { GameAction } from '../engine/game/gameDef';
import { replay } from '../engine/game/replay';
import { replayLog, simulate, type LogEntry } from '../engine/game/simulate';
import { hashState } from '../engine/game/stateHash';
import { RULESETS, rulesetModule } from '../engine/rulesets/registry';

const load = (file: string) => {
  const d = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
  if (!d.ok) throw new Error(`${file}: ${d.problems.map((p) => p.message).join('; ')}`);
  return d.doc;
};
const plain = (state: unknown) => hashState({ ...(state as object), allowForcedDice: undefined });
const status = (s: unknown) => s as { turn: number; result?: { winner: string } };

for (const m of RULESETS) {
  const root = `engine/rulesets/${m.id}/golden/`;
  if (!existsSync(root)) continue;
  const names = readdirSync(root).sort();
  for (const name of names) {
    const made = m.game!(load(`${root}${name}/scenario.json`));
    if (!made.ok) throw new Error(made.reason);
    const log = JSON.parse(readFileSync(`${root}${name}/actions.json`, 'utf8')) as {
      seed: number;
      allowForcedDice?: boolean;
      actions: LogEntry<GameAction>[];
    };
    const r = replayLog(made.game, made.game.newGame({ seed: log.seed }), log.actions, {
      allowForcedDice: log.allowForcedDice === true,
    });
    console.log(name, plain(r.state), r.events.length, r.refused.length);
  }
}
for (const file of ['tankplank-village', 'tankplank-village-artillery']) {
  const doc = load(`scenarios/${file}.scenario.json`);
  const made = rulesetModule(doc.ruleset.id)!.game!(doc);
  if (!made.ok) throw new Error(made.reason);
  for (const seed of [1, 2, 3]) {
    const g = simulate(made.game, { seed });
    const r = replay(made.game.reduce, made.game.newGame({ seed }), g.actions);
    const s = status(r.state);
    console.log(file, seed, g.actions.length, plain(r.state), s.turn, s.result?.winner ?? '-');
  }
}
