import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { loadDocument, type ScenarioDoc } from '../../engine/format/index';
import { sampleGameText } from '../../engine/fuzz/harness';
import { BUNDLED_RULESETS } from '../../engine/rulesets/registry';

/** One good file the fuzz suite mutates. */
export interface Base {
  readonly name: string;
  readonly kind: 'scenario' | 'game';
  readonly text: string;
}

const dir = path.resolve(import.meta.dirname, '..', '..', 'scenarios');

/** Every bundled scenario, and a short saved game (bot against bot) on each playable one. */
export function corpus(): Base[] {
  const scenarios: Base[] = readdirSync(dir)
    .filter((f) => f.endsWith('.scenario.json'))
    .sort()
    .map((f) => ({ name: f, kind: 'scenario', text: readFileSync(path.join(dir, f), 'utf8') }));
  const games: Base[] = [];
  for (const s of scenarios) {
    const r = loadDocument(s.text);
    const text = r.ok ? sampleGameText(r.doc as ScenarioDoc, BUNDLED_RULESETS) : undefined;
    if (text)
      games.push({ name: s.name.replace('.scenario.json', '.game.json'), kind: 'game', text });
  }
  return [...scenarios, ...games];
}
