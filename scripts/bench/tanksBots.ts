/**
 * TANKS bots benchmark (issue 39, item 2: no passive bot): on every bundled TANKS scenario, each
 * style (cautious, balanced, aggressive)
 * - against a side that never acts once deployed (`sittingSide`, engine/rulesets/tanks/testing.ts):
 *   how many games it wins, and whether any stalls (the headless driver's stall detector);
 * - against `random` (the baseline bot of engine/game/bots/baseline.ts), the two taking the first
 *   and the second side in turn by seed: its win share with a 95% Wilson interval, draws, stalls;
 * - against itself: stalls, draws and game lengths.
 * Prints numbers; it is not a test (engine/rulesets/tanks/passive.test.ts is the small one).
 *
 * Run: npm run bench:tanks-bots [-- --games N (200)] [--passive N (6)] [--scenario word]
 *      [--styles cautious,balanced]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { loadDocument } from '../../engine/format/index';
import type { AnyGameDef, BotStyle } from '../../engine/game/gameDef';
import { botPlayer } from '../../engine/game/bots/baseline';
import { simulate, type Player, type SimulateResult } from '../../engine/game/simulate';
import { wilson } from '../../engine/lab/wilson';
import { makeTanksGame } from '../../engine/rulesets/tanks/game';
import { TANKS_BUNDLED } from '../../engine/rulesets/tanks/catalogs';
import { sittingSide } from '../../engine/rulesets/tanks/testing';

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const games = Number(opt('games') ?? 200);
const passiveGames = Number(opt('passive') ?? 6);
const only = opt('scenario');
const styles = (opt('styles') ?? 'cautious,balanced,aggressive').split(',') as BotStyle[];
if (!(games >= 0) || !(passiveGames >= 0))
  throw new Error('--games and --passive are counts, 0 or more');

const files = readdirSync('scenarios')
  .filter((f) => f.startsWith('tanks-') && f.endsWith('.scenario.json'))
  .filter((f) => !only || f.includes(only))
  .sort();

interface Tally {
  wins: number;
  losses: number;
  draws: number;
  stalls: number;
  other: number;
  turns: number;
  played: number;
  /** The first stall's seed and reason, to replay it. */
  firstStall?: string;
}
const tally = (): Tally => ({
  wins: 0,
  losses: 0,
  draws: 0,
  stalls: 0,
  other: 0,
  turns: 0,
  played: 0,
});

function count(
  t: Tally,
  r: SimulateResult<unknown, unknown>,
  side: string,
  seed: number,
  turn: number,
) {
  t.played++;
  t.turns += turn;
  if (r.stoppedBy === 'stalled') {
    t.stalls++;
    t.firstStall ??= `seed ${seed}: ${r.reason ?? ''}`;
  } else if (r.stoppedBy !== 'over') t.other++;
  else if (r.result?.winner === side) t.wins++;
  else if (r.result?.winner === 'draw') t.draws++;
  else t.losses++;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const line = (t: Tally) => {
  const w = wilson(t.wins, t.played);
  return `wins ${t.wins}/${t.played} ${pct(w.share)} [${pct(w.low)}, ${pct(w.high)}], draws ${t.draws}, losses ${t.losses}, stalls ${t.stalls}${t.other ? `, unfinished ${t.other}` : ''}; ${(t.turns / Math.max(1, t.played)).toFixed(1)} turns a game`;
};

let failures = 0;
for (const file of files) {
  const loaded = loadDocument(readFileSync(`scenarios/${file}`, 'utf8'), {
    file,
    expect: ['sandtable.scenario'],
  });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
  const made = makeTanksGame(loaded.doc, TANKS_BUNDLED);
  if (typeof made === 'string') throw new Error(`${file}: ${made}`);
  const game = made.game as unknown as AnyGameDef;
  const passive = sittingSide(made.game) as Player;
  const [a, b] = game.sides.map((s) => s.id) as [string, string];
  const turnOf = (r: SimulateResult<unknown, unknown>) => game.status(r.state).turn;
  console.log(`${loaded.doc.meta.title} (${file}):`);
  for (const style of styles) {
    const t0 = performance.now();
    // Against a side that never acts: the bot must find it and win, never stall.
    const still = tally();
    for (let seed = 1; seed <= passiveGames; seed++) {
      const botSide = seed % 2 ? a : b;
      const other = botSide === a ? b : a;
      const r = simulate(game, {
        seed,
        record: false,
        players: { [botSide]: { kind: 'bot', style }, [other]: passive },
      });
      count(still, r, botSide, seed, turnOf(r));
    }
    // Against random, sides taken in turn.
    const random = tally();
    for (let seed = 1; seed <= games; seed++) {
      const botSide = seed % 2 ? a : b;
      const other = botSide === a ? b : a;
      const r = simulate(game, {
        seed,
        record: false,
        players: { [botSide]: { kind: 'bot', style }, [other]: botPlayer(game, 'random', seed) },
      });
      count(random, r, botSide, seed, turnOf(r));
    }
    // Against itself: only stalls and draws count.
    const self = tally();
    for (let seed = 1; seed <= games; seed++) {
      const r = simulate(game, {
        seed,
        record: false,
        players: { [a]: { kind: 'bot', style }, [b]: { kind: 'bot', style } },
      });
      count(self, r, a, seed, turnOf(r));
    }
    const share = random.wins / Math.max(1, random.played);
    const ok =
      still.wins === still.played &&
      still.stalls + random.stalls + self.stalls === 0 &&
      (games === 0 || share >= 0.9);
    if (!ok) failures++;
    console.log(
      `  ${style}${ok ? '' : ' (BELOW THE MARK)'}: ${((performance.now() - t0) / 1000).toFixed(1)} s\n` +
        `    against a side that never acts: ${line(still)}\n` +
        `    against random: ${line(random)}\n` +
        `    against itself: ${self.played} games, stalls ${self.stalls}, draws ${self.draws}, unfinished ${self.other}; ${(self.turns / Math.max(1, self.played)).toFixed(1)} turns a game`,
    );
    for (const [name, t] of [
      ['passive', still],
      ['random', random],
      ['self', self],
    ] as const)
      if (t.firstStall) console.log(`    first stall against ${name}: ${t.firstStall}`);
  }
}
console.log(
  failures === 0
    ? 'Every style met the marks: beat a side that never acts every game, 90% or more against random, no stalls.'
    : `${failures} style and scenario pairs missed a mark (every game against a side that never acts, 90% against random, no stalls).`,
);
