import { loadDocument, type ScenarioDoc } from '../format';
import { labGameOf } from './worker';
import { BUNDLED_RULESETS } from '../rulesets/registry';

/**
 * A scenario's document and its lab game from the file's text, for lab tests (they read the
 * bundled `scenarios/<name>.scenario.json`; engine code reads no files); throws when it cannot
 * be played.
 */
export function labGameOfText(name: string, text: string) {
  const r = loadDocument(text, { expect: ['sandtable.scenario'] });
  if (!r.ok) throw new Error(`${name} does not load`);
  const doc = r.doc as ScenarioDoc;
  const made = labGameOf(doc, BUNDLED_RULESETS);
  if ('error' in made) throw new Error(made.error);
  return { doc, game: made.game };
}
