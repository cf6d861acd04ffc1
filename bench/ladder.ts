/**
 * Bot strength ladder benchmark: `sandtable ladder` on one bundled scenario of every ruleset
 * (Tankplank's village, TANKS' Your First Game, TANK!'s Contour hills, the WWI game's wire;
 * `--all` for all nine bundled scenarios), each pair of bots on the same seeds both ways round on
 * worker threads. Per scenario it prints the ladder's tables (Elo with 95% intervals, each pair's
 * wins with Wilson intervals, draws, stalls, lengths) and the two numbers issue 39 item 2 asks
 * for: the games that stalled (or did not finish otherwise), and each heuristic style's share of
 * the games won against `random`, of all games and of the decided ones, with its 95% interval and
 * whether it reaches 90%; with `search` playing, its share of the decided games against the best
 * rated style (item 3 asks 65%), and its expected score against it on an even table (the ladder's
 * fit with the first side's edge). Then a summary line a scenario. Prints numbers; it is not a test.
 *
 * Run: npm run bench:ladder [-- --all] [--games N (20 a pair)] [--workers W (2)] [--seed S]
 *      [--bots random,cautious,balanced,aggressive] [--against random] [--turn-limit T]
 *      [--search-strength N] [--scenario file]
 *
 * The default bots are `random` and the three styles (the fast bots): the search bot thinks for
 * seconds a side turn, so it plays only when `--bots` names it (bench:search measures it alone).
 * `--against random --games 200` plays item 2's measure: 200 games of each style against random.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadDocument, type ScenarioDoc } from '../engine/format/index';
import { isBotName, type BotName } from '../engine/game/bots/baseline';
import {
  ladderLines,
  ladderPairs,
  ladderSettingsProblem,
  shareText,
  type LadderReport,
  type LadderSettings,
} from '../engine/game/bots/ladder';
import type { Share } from '../engine/lab/types';
import { labGameOf } from '../engine/lab/worker';
import { ladderReportOf, runLadder } from '../cli/ladder';
import { tuneV8ForLab } from '../cli/labThreads';
import { BUNDLED_RULESETS } from '../engine/rulesets/registry';

// The lab threads' V8 flags, as `sandtable ladder` runs with them, before any code is hot.
tuneV8ForLab();

const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const FAST_BOTS: readonly BotName[] = ['random', 'cautious', 'balanced', 'aggressive'];
const STYLES: readonly BotName[] = ['cautious', 'balanced', 'aggressive'];
/** One bundled scenario of each ruleset: the village, Your First Game, Contour hills, the wire. */
const ONE_A_RULESET = [
  'tankplank-village',
  'tanks-your-first-game',
  'tank-contour-hills',
  'ww1-wire',
].map((n) => `scenarios/${n}.scenario.json`);

const botsText = opt('bots');
const bots = botsText === undefined ? [...FAST_BOTS] : botsText.split(',').filter(Boolean);
for (const b of bots) if (!isBotName(b)) throw new Error(`--bots: "${b}" is not a bot`);
const against = opt('against');
if (against !== undefined && !isBotName(against))
  throw new Error(`--against: "${against}" is not a bot`);
const turnLimit = opt('turn-limit');
const strength = opt('search-strength');
const settings: LadderSettings = {
  bots: bots as BotName[],
  gamesPerPair: Number(opt('games') ?? 20),
  firstSeed: Number(opt('seed') ?? 1),
  ...(turnLimit !== undefined ? { turnLimit: Number(turnLimit) } : {}),
  ...(against !== undefined ? { against } : {}),
  ...(strength !== undefined ? { searchStrength: Number(strength) } : {}),
};
const problem = ladderSettingsProblem(settings);
if (problem) throw new Error(problem);
const workers = Number(opt('workers') ?? 2);
const files =
  opt('scenario') !== undefined
    ? [opt('scenario')!]
    : args.includes('--all')
      ? readdirSync('scenarios')
          .filter((f) => f.endsWith('.scenario.json'))
          .sort()
          .map((f) => `scenarios/${f}`)
      : ONE_A_RULESET;

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** A pair's report with `x` as its first bot (the ladder lists each pair once). */
function pairOf(r: LadderReport, x: BotName, y: BotName) {
  const p = r.pairs.find((q) => q.bots.includes(x) && q.bots.includes(y));
  if (!p) return undefined;
  const k = p.bots[0] === x ? 0 : 1;
  const e = p.evenScore;
  const even = k === 0 ? e : { score: 1 - e.score, low: 1 - e.high, high: 1 - e.low };
  return { wins: p.wins[k], decided: p.decidedWins[k], draws: p.draws, games: p.games, even };
}

interface Summary {
  readonly title: string;
  readonly played: number;
  readonly unfinished: number;
  readonly stalls: number;
  readonly vsRandom: Partial<Record<BotName, { wins: Share; decided: Share }>>;
  readonly seconds: number;
}
const summaries: Summary[] = [];

console.log(
  `bench:ladder: bots ${settings.bots.join(', ')}${against ? ` (only the pairs with ${against})` : ''}, ${settings.gamesPerPair} games a pair (seeds ${settings.firstSeed}-${settings.firstSeed + settings.gamesPerPair / 2 - 1}, each both ways round), ${workers} worker thread${workers === 1 ? '' : 's'}; load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')} on this machine`,
);
for (const file of files) {
  const loaded = loadDocument(readFileSync(file, 'utf8'), {
    file,
    expect: ['sandtable.scenario'],
  });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
  const scenario = loaded.doc as ScenarioDoc;
  const made = labGameOf(scenario, BUNDLED_RULESETS);
  if ('error' in made) {
    console.log(`\n${file}: skipped (${made.error})`);
    continue;
  }
  const sides = made.game.sides.map((s) => ({ id: s.id, name: s.name }));
  const total = ladderPairs(settings).length * settings.gamesPerPair;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  // Progress: on a terminal in place; otherwise (a run under nohup) a line every 30 s.
  let shown = -Infinity;
  const records = await runLadder(scenario, settings, {
    workers,
    onProgress: (p) => {
      if (process.stderr.isTTY) process.stderr.write(`\r${file}: ${p.done}/${p.total} games`);
      else if (performance.now() - shown > 30_000 || p.done === p.total) {
        shown = performance.now();
        process.stderr.write(`${file}: ${p.done}/${p.total} games\n`);
      }
    },
  }).done;
  if (process.stderr.isTTY) process.stderr.write('\r\x1b[K');
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(cpu0);
  const report = ladderReportOf(scenario, sides, settings, records);
  console.log(
    `\n== ${report.scenario} (${report.rulesetId}, ${file}): ${report.played} of ${total} games in ${seconds.toFixed(1)} s (${Math.round((report.played / seconds) * 60)} games/min wall clock, ${((cpu.user + cpu.system) / 1e6 / Math.max(1, report.played)).toFixed(2)} CPU s a game, all threads)`,
  );
  for (const line of ladderLines(report)) console.log(line);
  // Issue 39 item 2: no stalls, and each style beats random in at least 90% of games.
  const stalls = report.ratings.reduce((n, b) => n + b.stalls, 0);
  console.log(
    `item 2: stalls ${stalls} of ${report.played} games (unfinished for any reason: ${report.unfinished})${
      stalls
        ? `; by bot: ${report.ratings
            .filter((b) => b.stalls > 0)
            .map((b) => `${b.bot} ${b.stalls}`)
            .join(', ')}`
        : ''
    }`,
  );
  const vsRandom: Summary['vsRandom'] = {};
  if (settings.bots.includes('random'))
    for (const style of STYLES) {
      const p = pairOf(report, style, 'random');
      if (!p) continue;
      vsRandom[style] = { wins: p.wins, decided: p.decided };
      console.log(
        `  ${style.padEnd(10)} v random: won ${shareText(p.wins)} of ${p.games} games (${p.wins.low >= 0.9 ? 'interval above 90%' : p.wins.share >= 0.9 ? 'at least 90%' : 'BELOW 90%'}), ${shareText(p.decided)} of the ${p.decided.of} decided; draws ${pct(p.draws.share)}`,
      );
    }
  if (settings.bots.includes('search')) {
    const best = report.ratings.find((b) => STYLES.includes(b.bot as BotName));
    const p = best && pairOf(report, 'search', best.bot as BotName);
    if (best && p)
      console.log(
        `  search v ${best.bot} (the best rated style): won ${shareText(p.decided)} of the ${p.decided.of} decided games (item 3 asks 65%), ${shareText(p.wins)} of all ${p.games}; expected score on an even table (the first side's edge fitted apart) ${pct(p.even.score)} [${(100 * p.even.low).toFixed(1)}–${pct(p.even.high)}]`,
      );
  }
  summaries.push({
    title: report.scenario,
    played: report.played,
    unfinished: report.unfinished,
    stalls,
    vsRandom,
    seconds,
  });
}

// One line a scenario: the stalls and each style's wins against random (all games / decided).
if (summaries.length > 1) {
  const styles = STYLES.filter((s) => summaries.some((x) => x.vsRandom[s]));
  const head = [
    'scenario',
    'games',
    'stalls',
    'unfinished',
    ...styles.map((s) => `${s} v random: all / decided`),
    'seconds',
  ];
  const rows = [
    head,
    ...summaries.map((s) => [
      s.title,
      String(s.played),
      String(s.stalls),
      String(s.unfinished),
      ...styles.map((st) => {
        const v = s.vsRandom[st];
        return v ? `${shareText(v.wins)} / ${pct(v.decided.share)}` : '-';
      }),
      s.seconds.toFixed(0),
    ]),
  ];
  const widths = head.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  console.log('\nsummary (item 2: 0 stalls, each style at least 90% of games against random):');
  for (const r of rows)
    console.log(
      `  ${r.map((cell, c) => (c === 0 ? cell.padEnd(widths[c]!) : cell.padStart(widths[c]!))).join('  ')}`,
    );
}
