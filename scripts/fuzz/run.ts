/**
 * `npm run fuzz`: the long fuzz run. Mutates the bundled scenarios and saved games
 * (engine/fuzz/mutations.ts) and runs each through load, checks, game start, bot turns, replay
 * and unit selection (engine/fuzz/harness.ts), then a scenario through every command's path
 * (validate, los, odds, play --bot, simulate: scripts/fuzz/commands.ts), in a worker; the bases
 * are every bundled scenario, so all four rulesets; a case that takes longer than
 * --timeout is a hang (the worker is replaced). Prints what it tried and every failure, and
 * writes each failing file to --out to open or re-run.
 *
 *   npm run fuzz -- [--seed 19] [--runs 2000] [--timeout 60000] [--out bench/out/fuzz] [--verbose]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import type { CaseReport } from '../../engine/fuzz/harness';
import type { CommandsReport } from './commands';
import { describePlan, mutateText, planArb, type MutationPlan } from '../../engine/fuzz/mutations';
import { corpus } from './corpus';

const { values } = parseArgs({
  options: {
    seed: { type: 'string', default: '19' },
    runs: { type: 'string', default: '2000' },
    timeout: { type: 'string', default: '60000' },
    out: { type: 'string', default: path.join('bench', 'out', 'fuzz') },
    harness: { type: 'string' },
    verbose: { type: 'boolean', default: false },
  },
});
const seed = Number(values.seed);
const runs = Number(values.runs);
const timeout = Number(values.timeout);
const bases = corpus();
const names = bases.map((b) => b.name);
const games = bases.flatMap((b, i) => (b.kind === 'game' ? [i] : []));
const plans = fc.sample(planArb(bases.length, games), { seed, numRuns: runs });

console.log(
  `fuzz: ${runs} mutated files from ${bases.length} bases (${names.join(', ')}), seed ${seed}, ${timeout} ms per case`,
);

function startWorker(): Promise<Worker> {
  const w = new Worker(new URL('./worker.mjs', import.meta.url), {
    workerData: { harness: values.harness ? path.resolve(values.harness) : undefined },
    resourceLimits: { maxOldGenerationSizeMb: 4096 },
  });
  return new Promise((resolve, reject) => {
    w.once('message', () => resolve(w));
    w.once('error', reject);
  });
}

type Result = { report: CaseReport; commands?: CommandsReport } | { hang: true } | { died: string };

function runCase(w: Worker, id: number, plan: MutationPlan): Promise<Result> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      cleanup();
      resolve({ hang: true });
    }, timeout);
    const onMessage = (m: { id: number; report: CaseReport; commands?: CommandsReport }) => {
      if (m.id !== id) return;
      cleanup();
      resolve({ report: m.report, ...(m.commands ? { commands: m.commands } : {}) });
    };
    const onError = (e: Error) => {
      cleanup();
      resolve({ died: `${e.name}: ${e.message}` });
    };
    const onExit = (code: number) => {
      cleanup();
      resolve({ died: `worker exited with code ${code}` });
    };
    const cleanup = () => {
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    w.on('message', onMessage);
    w.on('error', onError);
    w.on('exit', onExit);
    w.postMessage({ id, plan });
  });
}

mkdirSync(values.out!, { recursive: true });
const counts = new Map<string, number>();
const count = (k: string) => counts.set(k, (counts.get(k) ?? 0) + 1);
const failures: string[] = [];
// What the commands did with each ruleset's scenarios: refused (located) or answered.
const byRuleset = new Map<string, Map<string, number>>();
const noteRuleset = (ruleset: string, what: string) => {
  const row = byRuleset.get(ruleset) ?? new Map<string, number>();
  byRuleset.set(ruleset, row);
  row.set(what, (row.get(what) ?? 0) + 1);
};
let worker = await startWorker();
const started = performance.now();
for (const [i, plan] of plans.entries()) {
  const what = describePlan(plan, names);
  const result = await runCase(worker, i, plan);
  let line: string;
  const commands = 'report' in result ? result.commands : undefined;
  if (commands?.failure) {
    const f = commands.failure;
    count(`command ${f.kind}`);
    noteRuleset(commands.ruleset ?? '?', `${f.command} ${f.kind}`);
    const file = path.join(values.out!, `case-${seed}-${i}.json`);
    writeFileSync(file, mutateText(bases[plan.base]!.text, plan));
    failures.push(`#${i} ${what} -> ${f.command}: ${f.kind} ${f.detail} (file: ${file})`);
    line = `FAIL ${f.command}: ${f.kind} ${f.detail}`;
  } else if ('report' in result && !result.report.failure) {
    if (commands?.outcome) noteRuleset(commands.ruleset ?? '?', commands.outcome);
    const o = result.report.outcome!;
    count(o.kind);
    line = `${o.kind}${o.kind === 'refused' ? `: ${o.problems[0] ?? ''}` : ''}`;
  } else {
    const failure =
      'hang' in result
        ? `hang (no answer in ${timeout} ms)`
        : 'died' in result
          ? `crash (the worker died: ${result.died})`
          : `${result.report.failure!.kind}: ${JSON.stringify(result.report.failure)}`;
    count('hang' in result ? 'hang' : 'died' in result ? 'crash' : result.report.failure!.kind);
    const file = path.join(values.out!, `case-${seed}-${i}.json`);
    writeFileSync(file, mutateText(bases[plan.base]!.text, plan));
    failures.push(`#${i} ${what} -> ${failure} (file: ${file})`);
    line = `FAIL ${failure}`;
    if (!('report' in result)) {
      await worker.terminate();
      worker = await startWorker();
    }
  }
  if (values.verbose || line.startsWith('FAIL'))
    console.log(`#${i} ${what} -> ${line.slice(0, 300)}`);
  else if ((i + 1) % 100 === 0) console.log(`... ${i + 1} tried`);
}
await worker.terminate();
const secs = ((performance.now() - started) / 1000).toFixed(0);
console.log(`\nfuzz: tried ${plans.length} mutated files in ${secs} s`);
for (const [k, n] of [...counts].sort()) console.log(`  ${k.padEnd(10)} ${n}`);
console.log(
  `crashes ${counts.get('crash') ?? 0}, hangs ${counts.get('hang') ?? 0}, slow steps ${counts.get('slow') ?? 0}, pollution ${counts.get('pollution') ?? 0}, replay divergence ${counts.get('diverged') ?? 0}`,
);
console.log('\nthe commands (validate, los, odds, play --bot, simulate) by ruleset:');
for (const [ruleset, row] of [...byRuleset].sort())
  console.log(
    `  ${ruleset.padEnd(10)} ${[...row]
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ')}`,
  );
if (failures.length) {
  console.log('\nfailures:');
  for (const f of failures) console.log(`  ${f}`);
}
process.exitCode = failures.length ? 1 : 0;
