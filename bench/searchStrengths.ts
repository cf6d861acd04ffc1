/**
 * What a side turn of the search bot costs at each strength (the playtest's "Strong bot's
 * strength" words, renderer/src/playtest/botChoices.ts): on one bundled scenario of each ruleset,
 * one game per strength, the search bot on the first side against the balanced bot, seed 1,
 * timing its first side turns (at most --turns). Prints CPU milliseconds a side turn (mean,
 * median, max), which a machine busy with other work stretches less than the wall clock.
 * Prints numbers; it is not a test.
 *
 * Run: npm run bench:strengths [-- --strengths 1,2,3,4,5] [--turns 10] [--scenario file[,file…]]
 */
import { readFileSync } from 'node:fs';
import { loadDocument } from '../engine/format/index';
import { SEARCH_STRENGTHS, searchTurn } from '../engine/game/bots/search';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';
import { playtestFor } from '../engine/playtest/rulesets';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
};
const files = (
  arg('scenario') ??
  'scenarios/tanks-your-first-game.scenario.json,scenarios/ww1-wire.scenario.json,scenarios/tankplank-village.scenario.json,scenarios/tank-contour-hills.scenario.json'
).split(',');
const strengths = (arg('strengths') ?? SEARCH_STRENGTHS.map((_, i) => i + 1).join(','))
  .split(',')
  .map(Number);
const maxTurns = Number(arg('turns') ?? 10);

for (const file of files) {
  const loaded = loadDocument(readFileSync(file, 'utf8'), { file, expect: ['sandtable.scenario'] });
  if (!loaded.ok) throw new Error(`${file}: ${loaded.problems.map((p) => p.message).join('; ')}`);
  const made = playtestFor(loaded.doc as never, BUNDLED_RULESETS);
  if (!made.ok) throw new Error(`${file}: ${made.reason}`);
  const game = made.view.game;
  const searchSide = game.sides[0]!.id;
  for (const strength of strengths) {
    let state = game.newGame({ seed: 1 });
    const cpu: number[] = [];
    for (let t = 0; t < 400 && !game.status(state).over && cpu.length < maxTurns; t++) {
      const side = game.status(state).waitingFor[0];
      if (side === undefined) break;
      if (side !== searchSide) {
        state = game.bot(state, side, 'balanced').state;
        continue;
      }
      const before = process.cpuUsage();
      state = searchTurn(game, state, side, { seed: t + 1, strength }).state;
      const used = process.cpuUsage(before);
      cpu.push((used.user + used.system) / 1000);
    }
    const sorted = [...cpu].sort((a, b) => a - b);
    const mean = cpu.reduce((a, b) => a + b, 0) / Math.max(1, cpu.length);
    console.log(
      `${file.split('/').pop()} strength ${strength} (${SEARCH_STRENGTHS[strength - 1]?.label ?? '?'}): ${cpu.length} side turns, CPU ms mean ${mean.toFixed(0)}, median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)}, max ${(sorted[sorted.length - 1] ?? 0).toFixed(0)}`,
    );
  }
}
