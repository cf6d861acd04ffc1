/**
 * Instructions a village game costs, counted by valgrind (cachegrind, no cache simulation) with
 * V8 on one thread (`--single-threaded`: compiling and garbage collection counted with the rest)
 * and the V8 flags and young generation the lab's threads run with (LAB_V8_FLAGS,
 * LAB_YOUNG_GENERATION_MB).
 * Wall-clock rates on this shared machine swing by 15% between runs an hour apart; an instruction
 * count is the same to 0.01% run after run, so two versions of the engine can be told apart by a
 * change of 1%. Prints numbers; it is not a test. Needs valgrind (`apt-get install -y valgrind`).
 *
 * Run: npm run bench:instructions [-- --games N] [--warm W] [--scenario file]
 *
 * Plays seeds 1..W and 1..W+N in two runs (in parallel, one a core) and prints both totals and
 * their difference over N: the cost of a game once V8 has compiled the engine, as a lab thread
 * pays it for most of a long run.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSync } from 'esbuild';
import { LAB_V8_FLAGS, LAB_YOUNG_GENERATION_MB } from '../cli/labThreads';

const args = process.argv.slice(2);
const opt = (name: string, otherwise: string): string => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? (args[i + 1] ?? otherwise) : otherwise;
};
const games = Number(opt('games', '20'));
const warm = Number(opt('warm', '40'));
const scenario = resolve(opt('scenario', 'scenarios/tankplank-village.scenario.json'));
if (!(games > 0) || !(warm >= 0)) throw new Error('--games must be above 0 and --warm 0 or more');

try {
  execFileSync('valgrind', ['--version'], { stdio: 'ignore' });
} catch {
  console.error(
    'bench:instructions needs valgrind, which is not installed: apt-get install -y valgrind',
  );
  process.exit(2);
}

const dir = mkdtempSync(join(tmpdir(), 'sandtable-instructions-'));
const entry = join(dir, 'play.ts');
// The games run from a bundle, so that the count is the engine's and not a TypeScript loader's.
writeFileSync(
  entry,
  `import { readFileSync } from 'node:fs';
import { loadDocument } from ${JSON.stringify(resolve('engine/format/index.ts'))};
import { labGameOf } from ${JSON.stringify(resolve('engine/lab/worker.ts'))};
import { BUNDLED_RULESETS } from ${JSON.stringify(resolve('engine/rulesets/registry.ts'))};
import { playLabGame } from ${JSON.stringify(resolve('engine/lab/labGame.ts'))};
const file = process.argv[2];
const loaded = loadDocument(readFileSync(file, 'utf8'), { file, expect: ['sandtable.scenario'] });
if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
const made = labGameOf(loaded.doc, BUNDLED_RULESETS);
if ('error' in made) throw new Error(made.error);
const count = Number(process.argv[3]);
for (let seed = 1; seed <= count; seed++) playLabGame(made.game, seed, { games: count, firstSeed: 1, styles: {} });
`,
);
const bundle = join(dir, 'play.mjs');
buildSync({
  entryPoints: [entry],
  bundle: true,
  platform: 'node',
  format: 'esm',
  mainFields: ['module', 'main'],
  outfile: bundle,
  logLevel: 'error',
});

function count(n: number): Promise<number> {
  return new Promise((done, fail) => {
    const run = spawn(
      'valgrind',
      [
        '--tool=cachegrind',
        '--cache-sim=no',
        '--cachegrind-out-file=/dev/null',
        process.execPath,
        '--single-threaded',
        ...LAB_V8_FLAGS,
        // The lab threads' young generation (a third of it is a semi-space).
        `--max-semi-space-size=${LAB_YOUNG_GENERATION_MB / 3}`,
        bundle,
        scenario,
        String(n),
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let err = '';
    run.stderr.on('data', (b: Buffer) => (err += b.toString()));
    run.on('close', (code) => {
      const m = /I\s+refs:\s+([\d,]+)/.exec(err);
      if (code !== 0 || !m)
        fail(new Error(`valgrind run of ${n} games failed:\n${err.slice(-2000)}`));
      else done(Number(m[1]!.replace(/,/g, '')));
    });
  });
}

const started = Date.now();
console.log(
  `${scenario}: counting instructions for seeds 1-${warm} and 1-${warm + games} (valgrind, about ${30 + 4 * (warm + games)} s)`,
);
const [few, many] = await Promise.all([count(warm), count(warm + games)]);
rmSync(dir, { recursive: true, force: true });
const g = (x: number) => `${(x / 1e9).toFixed(3)} G`;
console.log(`seeds 1-${warm}: ${g(few)} instructions (start-up, compiling, ${warm} games)`);
console.log(`seeds 1-${warm + games}: ${g(many)} instructions`);
console.log(
  `a game once warm: ${g((many - few) / games)} instructions (the ${games} games after the first ${warm}); ${((Date.now() - started) / 1000).toFixed(0)} s`,
);
