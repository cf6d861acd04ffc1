import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { formatProblem, loadDocument, type ScenarioDoc } from '../../engine/format/index';

const dir = path.resolve(import.meta.dirname, '..', '..', 'scenarios');

/**
 * A scenario from the repository's `scenarios/` folder, loaded as the app loads it, for tests.
 * `name` is the file name with or without `.scenario.json` (`'tankplank-village'`). The folder is
 * found from this module, not the working directory, so a test runs the same from any folder.
 * Throws, naming the file, when it is missing or does not load: a test then fails on the cause
 * rather than on whatever it does next with a broken document.
 */
export function bundledScenario(name: string): ScenarioDoc {
  const file = name.endsWith('.scenario.json') ? name : `${name}.scenario.json`;
  if (file !== path.basename(file))
    throw new Error(`${name}: give a bundled scenario's file name, not a path`);
  const full = path.join(dir, file);
  if (!existsSync(full))
    throw new Error(`scenarios/${file} does not exist; the bundled scenarios are in ${dir}`);
  const shown = `scenarios/${file}`;
  const r = loadDocument(readFileSync(full, 'utf8'), {
    file: shown,
    expect: ['sandtable.scenario'],
  });
  if (!r.ok)
    throw new Error(`${shown} does not load:\n${r.problems.map(formatProblem).join('\n')}`);
  return r.doc;
}
