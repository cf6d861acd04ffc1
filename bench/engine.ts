/**
 * Engine benchmark: line-of-sight checks per second on the Tankplank village (seeded random pairs
 * of points, R-tree index against a plain scan of every feature) and whole bot-versus-bot village
 * games per second on one core. Prints numbers; it is not a test. Run: npm run bench:engine
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument } from '../engine/format/index';
import { tablePoint, type TablePoint } from '../engine/geometry/units';
import { lineOfSight } from '../engine/los/lineOfSight';
import { Dice, seedRng } from '../engine/random/dice';
import { createContext, newGame, TANKPLANK_SIGHT_RULES } from '../engine/rules/tankplank/index';
import { playBotGame } from '../engine/bot/tankplankBot';

const file = new URL('../scenarios/tankplank-village.scenario.json', import.meta.url);
const loaded = loadDocument(readFileSync(file, 'utf8'), {
  file: 'tankplank-village.scenario.json',
  expect: ['sandtable.scenario'],
});
if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
const doc = loaded.doc;
const args = process.argv.slice(2);
const games = Number(args[args.indexOf('--games') + 1]) || 5;

// Seeded random pairs of points (the game's own dice, so the pairs are the same every run).
const dice = new Dice(seedRng(2026));
const coord = (max: number) => ((dice.roll(1000) - 0.5) / 1000) * max;
const width = doc.map.kind === 'table' ? doc.map.width : 36;
const height = doc.map.kind === 'table' ? doc.map.height : 24;
const pairs: [TablePoint, TablePoint][] = [];
for (let i = 0; i < 20000; i++) {
  pairs.push([tablePoint(coord(width), coord(height)), tablePoint(coord(width), coord(height))]);
}

function losRate(mode: 'rtree' | 'scan'): { perSecond: number; visible: number } {
  const ctx = createContext(doc, { indexMode: mode });
  let visible = 0;
  // Warm up, then time.
  for (let i = 0; i < 1000; i++)
    lineOfSight(
      ctx.terrain,
      { point: pairs[i]![0], height: 0.75 },
      { point: pairs[i]![1], height: 0.75 },
      TANKPLANK_SIGHT_RULES,
    );
  const t0 = performance.now();
  for (const [a, b] of pairs) {
    if (
      lineOfSight(
        ctx.terrain,
        { point: a, height: 0.75 },
        { point: b, height: 0.75 },
        TANKPLANK_SIGHT_RULES,
      ).visible
    )
      visible++;
  }
  const ms = performance.now() - t0;
  return { perSecond: (pairs.length / ms) * 1000, visible };
}

const features = doc.map.kind === 'table' ? doc.map.features.length : 0;
const rtree = losRate('rtree');
const scan = losRate('scan');
console.log(
  `village: ${features} features, ${pairs.length} seeded random point pairs, man-height both ends`,
);
console.log(
  `LOS with R-tree index : ${Math.round(rtree.perSecond).toLocaleString('en')} checks/s (${((rtree.visible / pairs.length) * 100).toFixed(1)}% visible)`,
);
console.log(
  `LOS with plain scan   : ${Math.round(scan.perSecond).toLocaleString('en')} checks/s (${((scan.visible / pairs.length) * 100).toFixed(1)}% visible)`,
);
console.log(`index speed-up        : ${(rtree.perSecond / scan.perSecond).toFixed(2)}x`);

const ctx = createContext(doc);
let turns = 0;
let actions = 0;
const results: Record<string, number> = {};
const t0 = performance.now();
for (let g = 0; g < games; g++) {
  const game = playBotGame(ctx, newGame(ctx, { seed: 1000 + g }));
  turns += game.state.turn;
  actions += game.actions.length;
  const key = game.state.result?.winner ?? 'unfinished';
  results[key] = (results[key] ?? 0) + 1;
}
const seconds = (performance.now() - t0) / 1000;
console.log(
  `bot v bot village games: ${games} in ${seconds.toFixed(2)} s = ${(games / seconds).toFixed(2)} games/s on one core (${(turns / games).toFixed(1)} turns, ${Math.round(actions / games)} actions per game; results ${JSON.stringify(results)})`,
);
