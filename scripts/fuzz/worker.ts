/**
 * A fuzz worker: runs cases the fuzz script sends and answers with each report. A case that
 * never answers is a hang; the script terminates this worker and starts another.
 * `workerData.harness` may name another harness module (to measure an older build).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
import type { CaseReport, HarnessOptions } from '../../engine/fuzz/harness';
import { mutateText, type MutationPlan } from '../../engine/fuzz/mutations';
import { runCommands, type CommandsReport } from './commands';
import { corpus } from './corpus';
import { BUNDLED_RULESETS } from '../../engine/rulesets/registry';

interface Harness {
  runScenarioFile(bytes: Uint8Array, options: HarnessOptions): CaseReport;
  runGameFile(bytes: Uint8Array, options: HarnessOptions): CaseReport;
}

const { harness: harnessFile } = workerData as { harness?: string };
const harness = (await import(
  harnessFile ? pathToFileURL(harnessFile).href : '../../engine/fuzz/harness'
)) as Harness;
const bases = corpus();

parentPort!.on('message', (msg: { id: number; plan: MutationPlan }) => {
  const base = bases[msg.plan.base]!;
  let report: CaseReport;
  let commands: CommandsReport | undefined;
  try {
    const bytes = mutateText(base.text, msg.plan);
    const run = base.kind === 'game' ? harness.runGameFile : harness.runScenarioFile;
    report = run(bytes, {
      now: () => performance.now(),
      rulesets: BUNDLED_RULESETS,
      sideTurns: 4,
      selections: 4,
    });
    // The same file through every command's path (validate, los, odds, play, simulate).
    if (base.kind === 'scenario')
      commands = runCommands(bytes, { now: () => performance.now(), sideTurns: 4 });
  } catch (error) {
    // Thrown past the harness itself (it turns step errors into reports): still a crash.
    report = {
      ms: {},
      failure: {
        kind: 'crash',
        step: 'load',
        error: String((error as Error)?.stack ?? error).slice(0, 500),
      },
    };
  }
  parentPort!.postMessage({ id: msg.id, report, ...(commands ? { commands } : {}) });
});
parentPort!.postMessage({ ready: bases.map((b) => b.name) });
