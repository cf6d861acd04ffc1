import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ScenarioDoc } from '../format/types';
import { changeProblems, type TouchedEntry } from './changeChecks';
import { scenarioProblems } from './documentChecks';
import { COLLECTIONS, type Json } from './layout';
import { entryProblem } from './recordSchemas';
import { REMOTE, ScenarioStore } from './ScenarioStore';

/**
 * The check of what a change touched (changeChecks.ts) against the check of the whole scenario
 * (documentChecks.ts): random changes of a bundled scenario's records, placements, map fields and
 * root, each entry passing its own schema as the bridge and the server require, must be refused
 * by the one exactly when they are refused by the other.
 */

const scenario = (file: string): ScenarioDoc =>
  JSON.parse(
    readFileSync(path.join(import.meta.dirname, '../../scenarios', file), 'utf8'),
  ) as ScenarioDoc;

const BASES = {
  village: scenario('tankplank-village.scenario.json'),
  hills: scenario('tank-contour-hills.scenario.json'),
};

/** One write of a change: set or delete entry `key` of Y.Doc map `name`. */
interface Op {
  readonly name: string;
  readonly key: string;
  readonly value: Json | undefined;
}

/** Values a field can be given: ids of other records (right kind or not), junk, out of range. */
function valuePool(store: ScenarioStore): Json[] {
  const ids = COLLECTIONS.flatMap((c) => [...store.collection(c).placedKeys()].slice(0, 6));
  return [...ids, 'ghost', '', -1, 0, 3.5, 1e9, null, true, [], {}, ['ghost'], [ids[0] ?? 'x']];
}

/** A change of a few entries, drawn against what the store holds. */
function changeOf(store: ScenarioStore): fc.Arbitrary<Op[]> {
  const pool = valuePool(store);
  const collections = COLLECTIONS.filter((c) => store.collection(c).size > 0);
  const keysOf = (c: string) => [...store.collection(c as never).placedKeys()];
  const parents = [
    ...keysOf('formations').map((k) => `formation:${k}`),
    ...keysOf('sides').map((k) => `side:${k}`),
    'formation:ghost',
    'side:ghost',
  ];
  const record = fc.constantFrom(...collections).chain((c) =>
    fc.record({
      c: fc.constant(c),
      key: fc.oneof(fc.constantFrom(...keysOf(c)), fc.constant('new1')),
    }),
  );
  const mutate: fc.Arbitrary<Op> = fc
    .tuple(record, fc.nat(), fc.constantFrom(...pool), fc.integer({ min: -5, max: 80 }), fc.nat(3))
    .map(([{ c, key }, pick, v, coord, how]) => {
      const from = (store.collection(c).get(key) ??
        store.collection(c).get(keysOf(c)[0]!)) as Record<string, Json>;
      const r = structuredClone(from);
      if (key === 'new1') {
        if ('id' in r) r.id = key;
      }
      const fields = Object.keys(r).filter((k) => k !== 'id');
      const field = fields[pick % Math.max(1, fields.length)];
      if (how === 0 && Array.isArray(r.points) && r.points.length) {
        // Move one vertex of an outline somewhere else: may make it cross itself.
        const pts = r.points as { x: number; y: number }[];
        pts[pick % pts.length] = { x: coord, y: (coord * 7) % 50 };
      } else if (how === 1 && c === 'units') {
        r.passengers = [pick % 2 ? key : String(v)];
      } else if (how === 2 && field !== undefined) {
        delete r[field];
      } else if (field !== undefined) {
        r[field] = v;
      }
      return { name: c, key, value: r as Json };
    });
  const place: fc.Arbitrary<Op> = fc
    .tuple(record, fc.constantFrom(...parents))
    .map(([{ c, key }, parent]) => {
      const p = store.collection(c).placement(key) ?? { order: 'a0' };
      return {
        name: `${c}:at`,
        key,
        value: (p.parent !== undefined ? { ...p, parent } : { ...p }) as unknown as Json,
      };
    });
  const remove: fc.Arbitrary<Op> = fc
    .tuple(record, fc.boolean())
    .map(([{ c, key }, both]) => ({ name: both ? c : `${c}:at`, key, value: undefined }));
  const rootOrMap: fc.Arbitrary<Op> = fc
    .tuple(
      fc.constantFrom('root', 'map'),
      fc.constantFrom('ruleset', 'meta', 'kind', 'width', 'columns', 'sections', 'victory'),
      fc.constantFrom(...pool, undefined),
    )
    .map(([name, key, value]) => ({ name, key, value }));
  // Changes that break the scenario while each entry passes its own schema.
  const outlines = keysOf('features').filter((k) => {
    const pts = (store.features.get(k) as { points?: unknown[] }).points;
    return Array.isArray(pts) && pts.length >= 4;
  });
  const units = keysOf('units');
  const breaker: fc.Arbitrary<Op> = fc
    .tuple(fc.nat(2), fc.nat(), fc.constantFrom('ruleset', 'formatVersion', 'meta', 'victory'))
    .map(([how, pick, rootKey]) => {
      if (how === 0 && outlines.length) {
        const key = outlines[pick % outlines.length]!;
        const r = structuredClone(store.features.get(key)) as { points: unknown[] };
        const i = pick % r.points.length;
        const j = (i + 1) % r.points.length;
        [r.points[i], r.points[j]] = [r.points[j], r.points[i]];
        return { name: 'features', key, value: r as unknown as Json };
      }
      if (how === 1 && units.length) {
        const key = units[pick % units.length]!;
        const r = { ...(store.units.get(key) as object), passengers: [key] };
        return { name: 'units', key, value: r as unknown as Json };
      }
      return pick % 2
        ? { name: 'root', key: rootKey, value: undefined }
        : { name: 'map', key: 'kind', value: undefined };
    });
  return fc.array(fc.oneof(mutate, mutate, mutate, place, remove, rootOrMap, breaker), {
    minLength: 1,
    maxLength: 3,
  });
}

describe('changeProblems', () => {
  for (const [name, base] of Object.entries(BASES)) {
    it(`refuses exactly what the whole-document check refuses (${name}, random changes)`, () => {
      const probe = ScenarioStore.fromScenario(base);
      expect(scenarioProblems(probe.scenarioView())).toEqual([]);
      let broken = 0;
      let kept = 0;
      fc.assert(
        fc.property(changeOf(probe), (ops) => {
          const store = ScenarioStore.fromScenario(base);
          const touched: TouchedEntry[] = [];
          store.ydoc.transact(() => {
            for (const op of ops) {
              const map = store.ydoc.getMap<Json>(op.name);
              if (op.value === undefined) map.delete(op.key);
              else {
                // The bridge and the server refuse an entry that fails its own checks first.
                const fields = Object.fromEntries(store.map.entries());
                if (entryProblem(op.name, op.key, op.value, fields)) continue;
                map.set(op.key, op.value);
              }
              touched.push({ name: op.name, key: op.key });
            }
          }, REMOTE);
          const whole = scenarioProblems(store.scenarioView());
          const touchedOnly = changeProblems(store, touched);
          if (whole.length) broken++;
          else kept++;
          expect(touchedOnly.length > 0, `whole: ${whole.map((p) => p.message).join('; ')}`).toBe(
            whole.length > 0,
          );
          // Every entry set passed entryProblem above, as in the bridge and the guard.
          const trusted = changeProblems(store, touched, { entriesChecked: true });
          expect(trusted.length > 0, `whole: ${whole.map((p) => p.message).join('; ')}`).toBe(
            whole.length > 0,
          );
        }),
        { numRuns: 200, seed: name.length * 7919 },
      );
      // Both verdicts were seen, or the property said little.
      expect(broken).toBeGreaterThan(10);
      expect(kept).toBeGreaterThan(10);
    });
  }

  it('refuses an outline made to cross itself and a unit made its own passenger', () => {
    const store = ScenarioStore.fromScenario(BASES.village);
    const polygon = [...store.features.list()].find(
      (f) => 'points' in f && (f.points as unknown[]).length >= 4,
    ) as unknown as { id: string; points: unknown[] };
    const crossing = structuredClone(polygon);
    [crossing.points[0], crossing.points[1]] = [crossing.points[1], crossing.points[0]];
    store.ydoc.transact(() => store.features.records.set(polygon.id, crossing as never), REMOTE);
    const touched = [{ name: 'features', key: polygon.id }];
    expect(scenarioProblems(store.scenarioView()).length).toBeGreaterThan(0);
    expect(changeProblems(store, touched)[0]?.message).toMatch(/crosses itself|folds back/);

    const unit = [...store.units.placedKeys()][0]!;
    const u = { ...(store.units.get(unit) as object), passengers: [unit] } as Json;
    store.ydoc.transact(() => store.units.records.set(unit, u), REMOTE);
    const problems = changeProblems(store, [{ name: 'units', key: unit }]);
    expect(problems.map((p) => p.message).join()).toMatch(/its own passenger/);
  });
});
