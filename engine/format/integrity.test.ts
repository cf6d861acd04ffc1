/**
 * The loader's integrity step: what a schema cannot say. Every refusal is a located problem
 * (pointer, line and column), like the loader's others.
 */
import { describe, expect, it } from 'vitest';
import { loadDocument } from './loader';
import { serializeDocument } from './saver';
import { minimalScenario } from './testFixtures';
import type { Feature, ScenarioDoc, Unit } from './types';

function load(edit: (doc: ScenarioDoc) => void) {
  const doc = minimalScenario();
  edit(doc);
  const r = loadDocument(serializeDocument(doc), { file: 'x.scenario.json' });
  return r.ok ? [] : r.problems;
}

const unitsOf = (doc: ScenarioDoc, side: number): Unit[] =>
  doc.forces.sides[side]!.formations[0]!.units;
const jeep = (id: string, passengers: string[] = []): Unit => ({
  id,
  type: 'tp.jeep',
  ...(passengers.length ? { passengers } : {}),
});

describe('who carries whom', () => {
  it('refuses a unit that is its own passenger, at the passenger entry', () => {
    const [p, ...rest] = load((d) => unitsOf(d, 0).push(jeep('j1', ['j1'])));
    expect(rest).toEqual([]);
    expect(p).toMatchObject({
      code: 'carrying',
      pointer: '/forces/sides/0/formations/0/units/2/passengers/0',
    });
    expect(p!.message).toMatch(/"j1" is listed as its own passenger/);
    expect(p!.line).toBeGreaterThan(1);
  });

  it('refuses two vehicles carrying each other, and a longer loop', () => {
    const [two] = load((d) => unitsOf(d, 0).push(jeep('a', ['b']), jeep('b', ['a'])));
    expect(two).toMatchObject({ code: 'carrying' });
    expect(two!.message).toMatch(/carry each other round a loop \("b" in "a" in "b"\)/);
    const [three] = load((d) =>
      unitsOf(d, 0).push(jeep('a', ['b']), jeep('b', ['c']), jeep('c', ['a'])),
    );
    expect(three!.message).toMatch(/round a loop/);
    // A chain without a loop is fine: a jeep on a truck on a ferry.
    expect(load((d) => unitsOf(d, 0).push(jeep('a', ['b']), jeep('b', ['c']), jeep('c')))).toEqual(
      [],
    );
  });

  it('refuses a unit in two transports, and one carried by the other side', () => {
    const [twice] = load((d) => unitsOf(d, 0).push(jeep('c'), jeep('a', ['c']), jeep('b', ['c'])));
    expect(twice).toMatchObject({
      code: 'carrying',
      pointer: '/forces/sides/0/formations/0/units/4/passengers/0',
    });
    expect(twice!.message).toMatch(/already rides in "a"/);
    const [enemy] = load((d) => unitsOf(d, 0).push(jeep('a', [unitsOf(d, 1)[0]!.id])));
    expect(enemy!.message).toMatch(/belongs to side "B".*carries its own side's units/);
  });

  it('refuses a passenger that is not in the file', () => {
    const [p] = load((d) => unitsOf(d, 0).push(jeep('a', ['ghost'])));
    expect(p).toMatchObject({ code: 'reference', found: '"ghost"' });
  });
});

describe('sane bounds stated in the schema', () => {
  it('refuses a crew of 1e308 at its pointer, saying the limit', () => {
    const text = serializeDocument(
      (() => {
        const d = minimalScenario();
        unitsOf(d, 0)[0]!.crew = [{ role: 'driver', count: 1 }];
        return d;
      })(),
    ).replace('"count": 1', '"count": 1e308');
    const r = loadDocument(text);
    const p = r.ok ? undefined : r.problems[0];
    expect(p).toMatchObject({
      code: 'schema',
      pointer: '/forces/sides/0/formations/0/units/0/crew/0/count',
      expected: 'at most 10',
    });
    expect(p!.message).toMatch(/too large/);
  });

  it('refuses coordinates that would overflow the geometry, and outlines of absurd length', () => {
    const [far] = load((d) => {
      (d.map as { features: Feature[] }).features.push({
        id: 't9',
        kind: 'tree',
        x: 1e300,
        y: 4,
        canopyRadius: 1,
      });
    });
    expect(far).toMatchObject({ code: 'schema', pointer: '/map/features/5/x' });
    const [long] = load((d) => {
      (d.map as { features: Feature[] }).features.push({
        id: 'r9',
        kind: 'road',
        width: 2,
        points: Array.from({ length: 10_001 }, (_, i) => [i % 30, 3] as [number, number]),
      });
    });
    expect(long).toMatchObject({ code: 'schema', pointer: '/map/features/5/points' });
    expect(long!.message).toMatch(/10001 entries; at most 10000/);
  });
});

describe('outlines', () => {
  const woods = (points: [number, number][]): Feature => ({ id: 'w', kind: 'woods', points });

  it('refuses an outline that crosses itself, naming the vertex', () => {
    // A bow tie: the edge from vertex 2 to 3 crosses the edge from vertex 0 to 1.
    const [p] = load((d) =>
      (d.map as { features: Feature[] }).features.push(
        woods([
          [2, 2],
          [8, 8],
          [8, 2],
          [2, 8],
        ]),
      ),
    );
    expect(p).toMatchObject({ code: 'polygon', pointer: '/map/features/5/points/2' });
    expect(p!.message).toMatch(/crosses itself: the edge from vertex 2 to vertex 3/);
    expect(p!.line).toBeGreaterThan(1);
  });

  it('refuses an outline that doubles back, and one drawn in a polygon objective', () => {
    const [spike] = load((d) =>
      (d.map as { features: Feature[] }).features.push(
        woods([
          [2, 2],
          [8, 2],
          [5, 2],
          [5, 6],
        ]),
      ),
    );
    expect(spike).toMatchObject({ code: 'polygon', pointer: '/map/features/5/points/1' });
    const [zone] = load((d) => {
      d.objectives[0]!.area = {
        shape: 'polygon',
        points: [
          [1, 1],
          [5, 5],
          [5, 1],
          [1, 5],
        ],
      };
    });
    expect(zone).toMatchObject({ code: 'polygon', pointer: '/objectives/0/area/points/2' });
  });

  it('accepts concave outlines, repeated points and a closing point equal to the first', () => {
    expect(
      load((d) =>
        (d.map as { features: Feature[] }).features.push(
          woods([
            [2, 2],
            [8, 2],
            [8, 8],
            [5, 4],
            [5, 4],
            [2, 8],
            [2, 2],
          ]),
        ),
      ),
    ).toEqual([]);
  });
});
