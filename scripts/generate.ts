/**
 * One command writes every generated file of the repository: `npm run generate`.
 * `npm run generate -- --check` writes them all, lists every file that differs from what is
 * committed (or that a generator added or removed), puts the tree back as it was, and exits 1 if
 * any differed: CI runs it, so a generator and its output cannot drift apart.
 *
 * Each step is a script run in its own process (the generators write files as they go and some
 * end the process themselves); the steps run in this order because later ones read what earlier
 * ones wrote (the scenarios read the catalogs, the validators read the schemas).
 */
import { spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

interface Step {
  /** What it writes, in a few words (printed as it runs). */
  readonly what: string;
  readonly script: string;
  readonly args?: readonly string[];
}

const STEPS: readonly Step[] = [
  { what: 'Tankplank catalogs', script: 'scripts/catalogs/buildTankplankCatalogs.ts' },
  {
    what: 'set-up catalogs (missions, order of battle)',
    script: 'scripts/forces/buildSetupCatalogs.ts',
  },
  { what: 'bundled scenarios and the other catalogs', script: 'scripts/scenarios/generate.ts' },
  { what: 'Tankplank golden cases', script: 'scripts/catalogs/buildTankplankGolden.ts' },
  { what: 'TANKS golden cases', script: 'scripts/catalogs/buildTanksGolden.ts' },
  { what: 'TANK! golden cases', script: 'scripts/golden/tank.ts' },
  { what: 'Tiled test maps', script: 'scripts/makeTiledFixtures.ts' },
  {
    what: 'ruleset ids (RulesetId, schema enums) from the registry',
    script: 'scripts/rulesetIds.ts',
  },
  { what: 'compiled schema validators', script: 'scripts/compileValidators.ts' },
  { what: 'rules reference (docs/rules)', script: 'scripts/docs/rulesReference.ts' },
];

/** Folders the steps write into: what `--check` compares and puts back. */
const OUTPUTS = [
  'scenarios',
  'engine/rulesets/tankplank/golden',
  'engine/rulesets/tanks/golden',
  'engine/rulesets/tank/golden',
  'engine/rulesets/ww1/golden',
  'engine/import/tiled/testdata',
  'engine/format/generated',
  'docs/rules',
];

/** Generated JSON that the repository keeps in Prettier's layout (the rest is ignored by it). */
const PRETTIER_OUTPUTS = OUTPUTS.filter((d) => d.includes('/golden'));

function snapshot(): Map<string, Buffer> {
  const files = new Map<string, Buffer>();
  const walk = (dir: string) => {
    if (!existsSync(dir)) return;
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(ROOT, path), readFileSync(path));
    }
  };
  for (const d of OUTPUTS) walk(join(ROOT, d));
  return files;
}

function run(cmd: string, args: readonly string[]): boolean {
  const r = spawnSync(cmd, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
    encoding: 'utf8',
  });
  return r.status === 0;
}

const check = process.argv.includes('--check');
const before = check ? snapshot() : undefined;
let failed = 0;
for (const step of STEPS) {
  const ok = run(process.execPath, ['--import', 'tsx', step.script, ...(step.args ?? [])]);
  console.log(`${ok ? 'wrote' : 'FAILED'}: ${step.what} (${step.script})`);
  if (!ok) failed++;
}
const prettier = join(ROOT, 'node_modules', 'prettier', 'bin', 'prettier.cjs');
if (!run(process.execPath, [prettier, '--log-level', 'warn', '--write', ...PRETTIER_OUTPUTS])) {
  console.log('FAILED: prettier on the golden cases');
  failed++;
}

if (before) {
  const after = snapshot();
  const differ: string[] = [];
  for (const [path, bytes] of after)
    if (!before.get(path)?.equals(bytes))
      differ.push(before.has(path) ? `changed: ${path}` : `added: ${path}`);
  for (const path of before.keys()) if (!after.has(path)) differ.push(`removed: ${path}`);
  // Put the tree back as it was, so a check never edits what someone is working on.
  for (const path of after.keys()) if (!before.has(path)) rmSync(join(ROOT, path));
  for (const [path, bytes] of before) {
    if (after.get(path)?.equals(bytes)) continue;
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), bytes);
  }
  for (const d of differ.sort()) console.log(`differs from its generator: ${d}`);
  if (differ.length > 0)
    console.log(
      `${differ.length} generated file(s) differ: run \`npm run generate\` and commit the result, or fix the generator`,
    );
  else if (failed === 0) console.log('every generated file is what its generator writes');
  process.exit(failed > 0 || differ.length > 0 ? 1 : 0);
}
process.exit(failed > 0 ? 1 : 0);
