/**
 * A unit placed off the table (an error for `sandtable validate`) no longer reaches the game: the
 * Tankplank engine declines the scenario in words. And a position far off the table no longer
 * sizes the reachable-area grid by a negative span (it ran out of memory when such a unit was
 * selected in the playtest).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument, type ScenarioDoc } from '../../format';
import { tablePoint } from '../../geometry/units';
import { reachableArea } from '../../movement/reachableArea';
import { rulesetModule } from '../registry';
import { createContext } from './rules';

const village = () => {
  const text = readFileSync(
    path.join(
      import.meta.dirname,
      '..',
      '..',
      '..',
      'scenarios',
      'tankplank-village.scenario.json',
    ),
    'utf8',
  );
  const r = loadDocument(text);
  if (!r.ok) throw new Error('village does not load');
  return r.doc as ScenarioDoc;
};

describe('units off the table', () => {
  it('the engine declines a scenario with a unit off the table, naming it', () => {
    const doc = village();
    const unit = doc.forces.sides[0]!.formations[0]!.units[0]!;
    unit.position = [9000, -9000];
    const made = rulesetModule('tankplank')!.game!(doc);
    expect(made.ok).toBe(false);
    expect(made.ok ? '' : made.reason).toMatch(
      new RegExp(`${unit.name ?? unit.id} of .* stands off the 36"×24" table at \\(9000, -9000\\)`),
    );
  });

  it('a reachable area from far off the table is empty, not a grid of billions of cells', () => {
    const ctx = createContext(village());
    const grid = reachableArea(
      ctx.terrain,
      { roadRate: 6, offRoadRate: 4 } as Parameters<typeof reachableArea>[1],
      tablePoint(9000, -9000),
      1,
      0.25,
    );
    expect(grid.cols * grid.rows).toBe(0);
  });
});
