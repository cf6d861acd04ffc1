/**
 * Whether the Tankplank and TANK! bots play to win against weak opponents (issue 39, item 2):
 * every style against `random` (the baseline bot, uniformly sampled legal actions) and against a
 * side that never acts, on every bundled scenario of the two rulesets, the bot taking the first
 * side on odd seeds and the second on even ones. Prints per scenario and style the games won,
 * drawn (with those that ran into the turn limit), lost and stalled, and the win share with its
 * 95% Wilson interval; the issue asks at least 90% against `random` and no stall. Prints numbers;
 * it is not a test.
 *
 * Run: npm run bench:tank-bots-vs-weak [-- --games 200] [--idle-games 4] [--seed 1]
 *      [--scenarios tankplank-village,tank-contour-hills] [--styles cautious,balanced]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument } from '../../engine/format/index';
import type { AnyGameDef, BotStyle } from '../../engine/game/gameDef';
import { botPlayer } from '../../engine/game/bots/baseline';
import { simulate, type Player } from '../../engine/game/simulate';
import { rulesetModule } from '../../engine/rulesets/registry';
import { wilson } from '../../engine/lab/stats';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const count = (name: string, otherwise: number): number => {
  const v = Number(opt(name) ?? otherwise);
  if (!Number.isInteger(v) || v < 0) {
    console.error(`--${name} ${opt(name)}: give a whole number, 0 or more`);
    process.exit(2);
  }
  return v;
};
const games = count('games', 200);
const idleGames = count('idle-games', 4);
const firstSeed = count('seed', 1);
const RULESETS = ['tankplank', 'tank'];
const STYLES: readonly BotStyle[] = ['cautious', 'balanced', 'aggressive'];
const styles = (opt('styles') ?? STYLES.join(',')).split(',') as BotStyle[];
for (const s of styles)
  if (!STYLES.includes(s)) {
    console.error(`--styles: "${s}" is not a style; use ${STYLES.join(', ')}`);
    process.exit(2);
  }
const wanted = opt('scenarios')?.split(',');

const scenarios: { name: string; game: AnyGameDef }[] = [];
for (const file of readdirSync('scenarios')
  .filter((f) => f.endsWith('.scenario.json'))
  .sort()) {
  const name = file.replace(/\.scenario\.json$/, '');
  if (wanted && !wanted.includes(name)) continue;
  const loaded = loadDocument(readFileSync(`scenarios/${file}`, 'utf8'), {
    file,
    expect: ['sandtable.scenario'],
  });
  if (!loaded.ok || !RULESETS.includes(loaded.doc.ruleset.id)) continue;
  const made = rulesetModule(loaded.doc.ruleset.id)?.game?.(loaded.doc);
  if (!made?.ok) {
    console.error(`${file}: ${made ? made.reason : 'no game'}`);
    process.exit(1);
  }
  scenarios.push({ name, game: made.game as AnyGameDef });
}
if (scenarios.length === 0) {
  console.error('no Tankplank or TANK! scenario matched --scenarios');
  process.exit(2);
}

const idle: Player = { kind: 'source', next: () => [] };
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

interface Tally {
  won: number;
  drawn: number;
  atLimit: number;
  lost: number;
  stalled: number;
  turns: number;
}

function play(game: AnyGameDef, style: BotStyle, n: number, against: 'random' | 'idle'): Tally {
  const [a, b] = game.sides.map((s) => s.id) as [string, string];
  const t: Tally = { won: 0, drawn: 0, atLimit: 0, lost: 0, stalled: 0, turns: 0 };
  for (let seed = firstSeed; seed < firstSeed + n; seed++) {
    const botSide = seed % 2 ? a : b;
    const other = botSide === a ? b : a;
    const r = simulate(game, {
      seed,
      players: {
        [botSide]: botPlayer(game, style, seed),
        [other]: against === 'idle' ? idle : botPlayer(game, 'random', seed),
      },
    });
    const status = game.status(r.state);
    t.turns += status.turn;
    if (r.stoppedBy !== 'over') t.stalled++;
    else if (r.result?.winner === botSide) t.won++;
    else if (r.result?.winner === other) t.lost++;
    else {
      t.drawn++;
      if (status.turnLimit !== undefined && status.turn >= status.turnLimit) t.atLimit++;
    }
  }
  return t;
}

let failed = false;
console.log(
  `Bots against weak opponents: ${games} games against random and ${idleGames} against a side that never acts per scenario and style, seeds from ${firstSeed}, sides alternated by seed`,
);
for (const { name, game } of scenarios) {
  for (const style of styles) {
    for (const [against, n] of [
      ['random', games],
      ['idle', idleGames],
    ] as const) {
      if (n === 0) continue;
      const t0 = performance.now();
      const t = play(game, style, n, against);
      const w = wilson(t.won, n);
      const ok = against === 'random' ? w.share >= 0.9 && t.stalled === 0 : t.won === n;
      failed ||= !ok;
      console.log(
        `${name.padEnd(28)} ${style.padEnd(10)} vs ${against.padEnd(6)} ${String(n).padStart(4)} games: won ${pct(w.share)} [${pct(w.low)}, ${pct(w.high)}], drawn ${t.drawn} (${t.atLimit} at the turn limit), lost ${t.lost}, stalled ${t.stalled}; mean ${(t.turns / n).toFixed(1)} turns; ${((performance.now() - t0) / 1000).toFixed(1)} s ${ok ? '' : ' BELOW THE BAR'}`,
      );
    }
  }
}
console.log(
  failed
    ? 'some bot is below the bar (90% against random, every game against idle, no stall)'
    : 'every bot clears the bar',
);
