import { readFile, stat } from 'node:fs/promises';
import { DEFAULT_MAX_BYTES, type ScenarioDoc } from '../engine/format/index';
import type { AnyGameDef } from '../engine/game/gameDef';
import { admitScenario } from '../engine/lab/checkedDocument';
import { labGameOf } from '../engine/lab/worker';
import { playableRulesets, type RulesetLookup } from '../engine/rulesets/lookup';
import type { RulesetModule } from '../engine/rulesets/types';

/**
 * Reads a scenario file and admits it as `sandtable validate` does (the loader, then its layout
 * and forces checks, engine/lab/checkedDocument.ts); prints every problem, located, and returns
 * undefined when validate would reject it, so no command hands the rules a file validate refuses.
 */
export async function readScenario(
  file: string,
  rulesets: RulesetLookup,
): Promise<ScenarioDoc | undefined> {
  let bytes: Uint8Array;
  try {
    const info = await stat(file);
    if (info.isDirectory()) {
      process.stderr.write(`${file}: is a folder; give a scenario file\n`);
      return undefined;
    }
    if (info.size > DEFAULT_MAX_BYTES) {
      process.stderr.write(
        `${file}: the file is ${(info.size / 1048576).toFixed(1)} MB, larger than the ${DEFAULT_MAX_BYTES / 1048576} MB Sandtable opens; it is probably not a Sandtable file\n`,
      );
      return undefined;
    }
    // Bytes, not text: a file that is not UTF-8 is refused at its byte, not silently mended.
    bytes = await readFile(file);
  } catch (e) {
    process.stderr.write(`${file}: cannot read (${(e as Error).message})\n`);
    return undefined;
  }
  const admitted = admitScenario(bytes, file, rulesets);
  if (!admitted.ok) {
    for (const line of admitted.lines) process.stderr.write(`${line}\n`);
    process.stderr.write(`${file}: refused; "sandtable validate ${file}" lists every problem\n`);
    return undefined;
  }
  return admitted.scenario;
}

/**
 * A scenario with the ruleset module that plays it, or undefined after saying in one line why
 * not: the file does not load, or its ruleset has no rules engine yet.
 */
export async function readPlayable(
  file: string,
  rulesets: RulesetLookup,
): Promise<{ scenario: ScenarioDoc; module: RulesetModule } | undefined> {
  const scenario = await readScenario(file, rulesets);
  if (!scenario) return undefined;
  const module = rulesets.get(scenario.ruleset.id);
  if (!module?.game || !module.explain) {
    const playable = playableRulesets(rulesets)
      .map((m) => m.label)
      .join(', ');
    process.stderr.write(
      `${file}: ${module?.label ?? scenario.ruleset.id} has no rules engine yet (playable: ${playable})\n`,
    );
    return undefined;
  }
  return { scenario, module };
}

/**
 * A playable scenario with its game as the lab's workers make it (`readPlayable`, then
 * `labGameOf`): what the commands that play many games read first, so a scenario the workers
 * would refuse is refused here in one line. Undefined after printing why.
 */
export async function readLabGame(
  file: string,
  rulesets: RulesetLookup,
): Promise<{ scenario: ScenarioDoc; game: AnyGameDef } | undefined> {
  const found = await readPlayable(file, rulesets);
  if (!found) return undefined;
  const made = labGameOf(found.scenario, rulesets);
  if ('error' in made) {
    process.stderr.write(`${file}: ${made.error}\n`);
    return undefined;
  }
  return { scenario: found.scenario, game: made.game };
}
