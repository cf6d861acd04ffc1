import fc from 'fast-check';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Point, ScenarioDoc } from '../format';
import { checkLayout } from './layoutChecks';
import { retrace } from './denseFixtures';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../rulesets/registry';

/**
 * The layout checks answer for the shape, not for how many points trace it: every bundled
 * scenario on a table, and the village with mistakes put in, gives the same problems (the same
 * checks, subjects and messages, areas included) when each feature is redrawn with 3, 10 or 100
 * times its points on its own legs, exactly or off them by less than the outline tolerance.
 */

const dir = join(import.meta.dirname, '..', '..', 'scenarios');
const bundled = readdirSync(dir)
  .filter((f) => f.endsWith('.scenario.json'))
  .map((f) => [f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as ScenarioDoc] as const)
  .filter(([, doc]) => doc.map.kind === 'table');

/** The village with one of each problem the shape checks find. */
function villageWithMistakes(): ScenarioDoc {
  const doc = structuredClone(bundled.find(([f]) => f === 'tankplank-village.scenario.json')![1]);
  if (doc.map.kind !== 'table') throw new Error('the village is on a table');
  for (const f of doc.map.features) {
    // A house in the highway, a tree in the south road.
    if (f.id === 'bldg-w5' && f.kind === 'building') [f.x, f.y] = [11, 12.5];
    if (f.id === 'tree-10' && f.kind === 'tree') [f.x, f.y] = [12, 19.4];
    // A bridge short of the east bank; another said to carry a road that is nowhere near it.
    if (f.id === 'bridge-1' && f.kind === 'bridge')
      f.points = [
        [13.98, 4.25],
        [18.2, 4.25],
        [18.2, 6.75],
        [13.98, 6.75],
      ];
    if (f.id === 'bridge-2' && f.kind === 'bridge') f.carries = 'road-1';
  }
  return doc;
}

const cases: (readonly [string, ScenarioDoc])[] = [
  ...bundled,
  ['village with mistakes', villageWithMistakes()],
];

/** Kinds whose points are a closed outline; the other kinds with points are lines. */
const RINGS = new Set([
  'ground',
  'bridge',
  'catwalk',
  'bushes',
  'woods',
  'forest',
  'obstacle',
  'bunker',
]);

function redrawAll(doc: ScenarioDoc, times: number, wobble: number, seed: number): ScenarioDoc {
  const copy = structuredClone(doc);
  if (copy.map.kind !== 'table') return copy;
  copy.map.features.forEach((f, i) => {
    if (!('points' in f)) return;
    const n = f.points.length * times;
    if (RINGS.has(f.kind)) {
      const closed: Point[] = [...f.points, f.points[0]!];
      f.points = retrace(closed, n + 1, wobble, seed + i).slice(0, -1);
    } else f.points = retrace(f.points, n, wobble, seed + i);
  });
  return copy;
}

const found = (doc: ScenarioDoc) =>
  checkLayout(doc, BUNDLED_CATALOGS, { rulesets: BUNDLED_RULESETS })
    .map((p) => `${p.check} ${p.severity} ${p.pointer}: ${p.message}`)
    .sort();

describe('the layout checks answer for the shape, whatever the number of points', () => {
  const answers = new Map(cases.map(([name, doc]) => [name, found(doc)]));

  it('the village with mistakes has one of each problem', () => {
    const subjects = checkLayout(villageWithMistakes(), BUNDLED_CATALOGS, {
      rulesets: BUNDLED_RULESETS,
    })
      .map((p) => `${p.check} ${p.subjects.map((x) => x.id).join(' + ')}`)
      .sort();
    expect(subjects).toEqual([
      'bridge-span bridge-1 + creek',
      'bridge-span bridge-2 + road-1',
      'overlap road-2 + tree-10',
      'overlap road-3 + bldg-w5',
    ]);
  });

  it('gives the same problems for every feature redrawn with 3x, 10x or 100x points', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: cases.length - 1 }),
        fc.constantFrom(3, 10, 100),
        fc.constantFrom(0, 1e-9, 1e-7),
        fc.integer({ min: 1, max: 1_000_000 }),
        (which, times, wobble, seed) => {
          const [name, doc] = cases[which]!;
          expect(found(redrawAll(doc, times, wobble, seed))).toEqual(answers.get(name));
        },
      ),
      { seed: 37, numRuns: 60 },
    );
  });
});
