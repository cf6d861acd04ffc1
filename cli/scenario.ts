import { readFile } from 'node:fs/promises';
import { formatProblem, loadDocumentBytes, type ScenarioDoc } from '../engine/format/index';
import { playableRulesets, rulesetModule } from '../engine/rulesets/registry';
import type { RulesetModule } from '../engine/rulesets/types';

/** Reads and validates a scenario file; prints problems and returns undefined when it fails. */
export async function readScenario(file: string): Promise<ScenarioDoc | undefined> {
  let bytes: Uint8Array;
  try {
    // Bytes, not text: a file that is not UTF-8 is refused at its byte, not silently mended.
    bytes = await readFile(file);
  } catch (e) {
    process.stderr.write(`${file}: cannot read (${(e as Error).message})\n`);
    return undefined;
  }
  const r = loadDocumentBytes(bytes, { file, expect: ['sandtable.scenario'] });
  if (!r.ok) {
    for (const p of r.problems) process.stderr.write(`${formatProblem(p)}\n`);
    return undefined;
  }
  return r.doc;
}

/**
 * A scenario with the ruleset module that plays it, or undefined after saying in one line why
 * not: the file does not load, or its ruleset has no rules engine yet.
 */
export async function readPlayable(
  file: string,
): Promise<{ scenario: ScenarioDoc; module: RulesetModule } | undefined> {
  const scenario = await readScenario(file);
  if (!scenario) return undefined;
  const module = rulesetModule(scenario.ruleset.id);
  if (!module?.game || !module.explain) {
    const playable = playableRulesets()
      .map((m) => m.label)
      .join(', ');
    process.stderr.write(
      `${file}: ${module?.label ?? scenario.ruleset.id} has no rules engine yet (playable: ${playable})\n`,
    );
    return undefined;
  }
  return { scenario, module };
}
