import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { utf8 } from '../fuzz/mutations';
import { simulate } from '../game/simulate';
import { admitScenario, admitScenarioValue } from './checkedDocument';
import { labGameOf } from './worker';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const village = readFileSync(
  join(import.meta.dirname, '..', '..', 'scenarios', 'tankplank-village.scenario.json'),
  'utf8',
);

/** The village with every crew list set to `roles` roles of `count` men. */
function crews(roles: number, count: number): string {
  const doc = JSON.parse(village) as { forces: unknown };
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) o.forEach(walk);
    else if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o as Record<string, unknown>))
        if (k === 'crew' && Array.isArray(v))
          (o as Record<string, unknown>)[k] = Array.from({ length: roles }, (_, i) => ({
            role: `role${i}`,
            count,
          }));
        else walk(v);
  };
  walk(doc.forces);
  return JSON.stringify(doc);
}

test('crews of 1,000 men (a bot game took minutes) are refused where they stand', () => {
  const r = admitScenario(utf8(crews(2, 1000)), 'crews.json', BUNDLED_RULESETS);
  expect(r.ok).toBe(false);
  if (r.ok) return;
  expect(r.lines[0]).toMatch(
    /^crews\.json:1:\d+ at \/forces\/sides\/0\/formations\/\d+\/units\/\d+\/crew\/0\/count: .*too large.*at most 10/,
  );
  // Eleven roles are more than a crew list holds.
  expect(admitScenario(utf8(crews(11, 1)), 'roles.json', BUNDLED_RULESETS).ok).toBe(false);
});

test('crews at the maxima are admitted and a bot game with them ends', () => {
  const r = admitScenario(utf8(crews(10, 10)), 'crews.json', BUNDLED_RULESETS);
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  const made = labGameOf(r.scenario, BUNDLED_RULESETS);
  if ('error' in made) throw new Error(made.error);
  const game = simulate(made.game, { seed: 1, record: false });
  expect(game.stoppedBy, game.reason).toBe('over');
});

test('a scenario as a value (a queue job) is admitted as its file is, and refused located', () => {
  const doc = JSON.parse(village) as {
    forces: { sides: { formations: { units: { type: string }[] }[] }[] };
  };
  expect(admitScenarioValue(doc, 'job 1', BUNDLED_RULESETS).ok).toBe(true);
  doc.forces.sides[0]!.formations[0]!.units[0]!.type = 'tp.nope';
  const r = admitScenarioValue(doc, 'job 1', BUNDLED_RULESETS);
  expect(r.ok).toBe(false);
  if (!r.ok)
    expect(r.lines[0]).toMatch(
      /^FAIL job 1 at \/forces\/sides\/0\/formations\/0\/units\/0 \(unknown-type\)/,
    );
  expect(admitScenarioValue(undefined, 'job 2', BUNDLED_RULESETS)).toEqual({
    ok: false,
    lines: ['job 2: the job has no scenario'],
  });
  const loop: Record<string, unknown> = {};
  loop['self'] = loop;
  const circular = admitScenarioValue(loop, 'job 3', BUNDLED_RULESETS);
  expect(circular.ok).toBe(false);
});
