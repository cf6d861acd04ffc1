import { readFileSync } from 'node:fs';
import { loadDocument } from '../../engine/format/index';
import { WW1_BUNDLED } from '../../engine/rulesets/ww1/catalogs';
import { makeWw1Game } from '../../engine/rulesets/ww1/game';

/** The bundled WWI scenario (ww1-wire) as a game, for the WWI bench scripts. */
export function ww1WireGame(): Exclude<ReturnType<typeof makeWw1Game>, string> {
  const file = new URL('../../scenarios/ww1-wire.scenario.json', import.meta.url);
  const loaded = loadDocument(readFileSync(file, 'utf8'), { expect: ['sandtable.scenario'] });
  if (!loaded.ok) throw new Error(loaded.problems.map((p) => p.message).join('; '));
  const made = makeWw1Game(loaded.doc, WW1_BUNDLED);
  if (typeof made === 'string') throw new Error(made);
  return made;
}
