/**
 * Where a lab thread's first games go: the same seeds played three times in one process with the
 * lab threads' V8 flags and young generation (LAB_V8_FLAGS, LAB_YOUNG_GENERATION_MB):
 *
 * 1. on a fresh V8 with a fresh game (what a lab thread pays at its start);
 * 2. on that V8, now warm, with a second game object made from the same scenario (its route
 *    fields, terrain and sight memos empty again);
 * 3. on the second game object again (memos full).
 *
 * So 1 - 2 is V8 warming up (compiling, running code not yet compiled) and 2 - 3 is the memos
 * filling. Every `--step` games (50) it prints the CPU of the JavaScript thread and of the rest
 * of the process (V8's compiler and garbage-collector threads), read from /proc on Linux, and at
 * the end whether the three rounds gave the same records (they must: a game is a pure function
 * of its seed). CPU, not wall clock, so it can be read on a busy machine; say the load anyway.
 * Prints numbers; it is not a test.
 *
 * Run: npm run bench:lab-warmup [-- --games N (100)] [--step S (50)] [--scenario file]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { LAB_V8_FLAGS, LAB_YOUNG_GENERATION_MB, THREAD_BUNDLE_OPTIONS } from '../cli/labThreads';

const args = process.argv.slice(2);
const opt = (name: string, otherwise: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? otherwise) : otherwise;
};
const games = Number(opt('games', '100'));
const step = Number(opt('step', '50'));
const scenario = resolve(opt('scenario', 'scenarios/tankplank-village.scenario.json'));
if (!Number.isSafeInteger(games) || games < 1 || !Number.isSafeInteger(step) || step < 1)
  throw new Error('--games and --step must be whole numbers from 1');

const dir = mkdtempSync(join(tmpdir(), 'sandtable-warmup-'));
const entry = join(dir, 'warmup.ts');
// The games run from a bundle, as the lab's threads run them, not through a TypeScript loader.
writeFileSync(
  entry,
  `import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { loadDocument } from ${JSON.stringify(resolve('engine/format/index.ts'))};
import { labGameOf } from ${JSON.stringify(resolve('engine/lab/worker.ts'))};
import { BUNDLED_RULESETS } from ${JSON.stringify(resolve('engine/rulesets/registry.ts'))};
import { playLabGame } from ${JSON.stringify(resolve('engine/lab/labGame.ts'))};
const [file, count, step] = [process.argv[2], Number(process.argv[3]), Number(process.argv[4])];
const loaded = loadDocument(readFileSync(file, 'utf8'), { file, expect: ['sandtable.scenario'] });
if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
const make = () => {
  const made = labGameOf(loaded.doc, BUNDLED_RULESETS);
  if ('error' in made) throw new Error(made.error);
  return made.game;
};
// CPU seconds of this thread and of the whole process; the thread's is undefined off Linux.
const cpu = () => {
  const p = process.cpuUsage();
  let thread;
  try {
    const fields = readFileSync('/proc/thread-self/stat', 'utf8').split(') ')[1].split(' ');
    thread = (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {}
  return { thread, process: (p.user + p.system) / 1e6 };
};
const round = (name, game) => {
  const h = createHash('sha1');
  let last = cpu();
  const start = last;
  const parts = [];
  for (let seed = 1; seed <= count; seed++) {
    h.update(JSON.stringify(playLabGame(game, seed, { games: count, firstSeed: 1, styles: {} })));
    if (seed % step === 0 || seed === count) {
      const now = cpu();
      parts.push({ to: seed, thread: now.thread === undefined ? undefined : now.thread - last.thread, process: now.process - last.process });
      last = now;
    }
  }
  console.log(JSON.stringify({ name, parts, total: last.process - start.process, records: h.digest('hex') }));
};
round('fresh', make());
const second = make();
round('warm V8', second);
round('warm', second);
`,
);
const bundle = join(dir, 'warmup.mjs');
buildSync({
  entryPoints: [entry],
  ...THREAD_BUNDLE_OPTIONS,
  outfile: bundle,
  logLevel: 'error',
});

console.log(
  `${scenario}: seeds 1-${games} three times on one thread (lab V8 flags, ${LAB_YOUNG_GENERATION_MB} MB young generation); load average ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
);
const run = spawnSync(
  process.execPath,
  [
    ...LAB_V8_FLAGS,
    // The lab threads' young generation (a third of it is a semi-space).
    `--max-semi-space-size=${LAB_YOUNG_GENERATION_MB / 3}`,
    bundle,
    scenario,
    String(games),
    String(step),
  ],
  { encoding: 'utf8', maxBuffer: 1 << 24 },
);
rmSync(dir, { recursive: true, force: true });
if (run.status !== 0) {
  console.error(`the games failed (exit ${run.status}):\n${run.stderr.slice(-2000)}`);
  process.exit(1);
}

interface Round {
  name: string;
  parts: { to: number; thread?: number; process: number }[];
  total: number;
  records: string;
}
const rounds = run.stdout
  .split('\n')
  .filter((l) => l.startsWith('{'))
  .map((l) => JSON.parse(l) as Round);
const label: Record<string, string> = {
  fresh: 'fresh V8, fresh game:     ',
  'warm V8': 'warm V8, a new game:      ',
  warm: 'warm V8, the same game:   ',
};
const s = (x: number) => `${x.toFixed(2)} s`;
for (const r of rounds) {
  let from = 1;
  const parts = r.parts.map((p) => {
    const text =
      p.thread === undefined
        ? `games ${from}-${p.to} ${s(p.process)}`
        : `games ${from}-${p.to} ${s(p.process)} (JS thread ${s(p.thread)}, V8's other threads ${s(p.process - p.thread)})`;
    from = p.to + 1;
    return text;
  });
  console.log(`${label[r.name] ?? r.name} ${s(r.total)} CPU; ${parts.join('; ')}`);
}
const [fresh, warmV8, warm] = rounds;
if (!fresh || !warmV8 || !warm) throw new Error(`expected three rounds, got ${rounds.length}`);
console.log(
  `of seeds 1-${games}: V8 warming up ${s(fresh.total - warmV8.total)}, the memos filling ${s(warmV8.total - warm.total)}, once warm ${(warm.total / games).toFixed(4)} CPU s a game; the same records in all three rounds: ${rounds.every((r) => r.records === fresh.records) ? 'yes' : 'NO'}`,
);
if (!rounds.every((r) => r.records === fresh.records)) process.exitCode = 1;
