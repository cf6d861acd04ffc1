import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Feature, Point, ScenarioDoc } from '../format';
import { checkLayout } from './layoutChecks';
import { occupiedArea } from './footprintPolygons';
import { retrace } from './denseFixtures';
import { BUNDLED_CATALOGS, BUNDLED_RULESETS } from '../rulesets/registry';

/**
 * The layout checks on outlines traced with many points: the same shape gives the same answers
 * at any number of points, and a dense outline costs what its shape costs. Defects these once
 * showed: a road traced with 2,000 points (or the village road with 5,000) "did not reach" its
 * bridge deck, building overlaps went missing on a dense curve, and a creek of 500 points took
 * half a minute (1,000 points minutes) with a wrong "bridge does not reach across" on the way.
 */

const village = JSON.parse(
  readFileSync(
    join(import.meta.dirname, '..', '..', 'scenarios', 'tankplank-village.scenario.json'),
    'utf8',
  ),
) as ScenarioDoc;

function redrawn(doc: ScenarioDoc, id: string, points: Point[]): ScenarioDoc {
  const copy = structuredClone(doc);
  if (copy.map.kind !== 'table') throw new Error('table map expected');
  const f = copy.map.features.find((x) => x.id === id);
  if (!f || !('points' in f)) throw new Error(`no feature ${id} with points`);
  f.points = points;
  return copy;
}

function feature(doc: ScenarioDoc, id: string): Feature & { points: Point[] } {
  if (doc.map.kind !== 'table') throw new Error('table map expected');
  return doc.map.features.find((x) => x.id === id) as Feature & { points: Point[] };
}

/** The problems as check, severity and subjects: what a user is told, without the figures. */
const found = (doc: ScenarioDoc) =>
  checkLayout(doc, BUNDLED_CATALOGS, { rulesets: BUNDLED_RULESETS })
    .map((p) => `${p.check} ${p.severity} ${p.subjects.map((s) => s.id).join(' + ')}`)
    .sort();

describe('layout checks on densely traced outlines', () => {
  it('finds no layout problem in the bundled village', () => {
    expect(found(village)).toEqual([]);
  });

  it('a road redrawn with 2,000 points still reaches its bridge deck', () => {
    const road = feature(village, 'road-1');
    // Exactly on the legs, and off them by up to a ten-thousandth of an inch (too much to be
    // taken out as a straight run, so the dense strips themselves are measured).
    for (const wobble of [0, 1e-4]) {
      const doc = redrawn(village, 'road-1', retrace(road.points, 2000, wobble));
      expect(feature(doc, 'road-1').points.length).toBeGreaterThan(1900);
      expect(found(doc)).toEqual([]);
    }
  });

  it('the village highway redrawn with 5,000 points still reaches its bridge deck', () => {
    const road = feature(village, 'road-3');
    for (const wobble of [0, 1e-4]) {
      const doc = redrawn(village, 'road-3', retrace(road.points, 5000, wobble, 7));
      expect(found(doc)).toEqual([]);
    }
  });

  it('a creek of 10,000 points gives the answer of its 6 and is measured as 5 strips', () => {
    const creek = feature(village, 'creek');
    const dense = retrace(creek.points, 9_990, 1e-8, 3);
    expect(dense.length).toBeGreaterThan(9_900); // the schema allows 10,000
    const doc = redrawn(village, 'creek', dense);
    expect(found(doc)).toEqual([]);
    // The floor is measured as its legs, not as 10,000 strips.
    expect(occupiedArea(feature(doc, 'creek'))).toHaveLength(creek.points.length - 1);
    // A bridge that stops short of the east bank is still found out on the dense creek.
    const short = structuredClone(doc);
    feature(short, 'bridge-2').points = [
      [14.1, 17.75],
      [18.5, 17.75],
      [18.5, 20.25],
      [14.1, 20.25],
    ];
    expect(found(short)).toEqual(['bridge-span error bridge-2 + creek']);
  });

  it('a creek of 10,000 points each off its legs by up to 0.1 in still carries its bridges', () => {
    // Too many overlapping strips near each deck to clip one by one: counted on a grid.
    const creek = feature(village, 'creek');
    const doc = redrawn(village, 'creek', retrace(creek.points, 9_990, 0.1, 4));
    const bridges = (d: ScenarioDoc) => found(d).filter((p) => p.startsWith('bridge-span'));
    expect(bridges(doc)).toEqual([]);
    const short = structuredClone(doc);
    feature(short, 'bridge-2').points = [
      [14.1, 17.75],
      [18.5, 17.75],
      [18.5, 20.25],
      [14.1, 20.25],
    ];
    expect(bridges(short)).toEqual(['bridge-span error bridge-2 + creek']);
  });

  it('a curving road over the village overlaps the same buildings at 500 and 5,000 points', () => {
    const curve = (n: number): Point[] =>
      Array.from({ length: n }, (_, i) => [2 + (32 * i) / n, 12 + 8 * Math.sin((10 * i) / n)]);
    const buildingsUnder = (n: number) => {
      const doc = structuredClone(village);
      if (doc.map.kind === 'table')
        doc.map.features.push({ id: 'curve', kind: 'road', points: curve(n), width: 2 });
      return found(doc).filter((p) => p.startsWith('overlap') && p.includes('bldg-'));
    };
    const coarse = buildingsUnder(500);
    // At 5,000 points the measure runs on scanlines (too many crossings for the sweep); they
    // once never met a building's vertical sides, and 8 of these 11 overlaps went missing.
    expect(coarse).toHaveLength(11);
    expect(buildingsUnder(5000)).toEqual(coarse);
  });

  it('stops measuring overlaps at its work budget on a table of dense wiggly roads, and says so', () => {
    // 40 roads of 10,000 points, each off its curve by up to 0.1 in (a 20 MB file): measured
    // pair by pair this is minutes of work; the check stops and lists what it found.
    let seed = 5;
    const noise = () =>
      ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 0.2 - 0.1;
    const doc = structuredClone(village);
    if (doc.map.kind !== 'table') throw new Error('table map expected');
    for (let r = 0; r < 40; r++)
      doc.map.features.push({
        id: `w${r}`,
        kind: 'road',
        width: 2,
        points: Array.from({ length: 10_000 }, (_, i): Point => [
          2 + (32 * i) / 10_000 + noise(),
          3 + r / 2 + 8 * Math.sin((40 * i) / 10_000 + r) + noise(),
        ]),
      });
    const overlaps = checkLayout(doc, BUNDLED_CATALOGS, { rulesets: BUNDLED_RULESETS }).filter(
      (p) => p.check === 'overlap',
    );
    const stop = overlaps.filter((p) => p.subjects.length === 0);
    expect(stop).toHaveLength(1);
    expect(stop[0]!.message).toMatch(/stopped at feature .*traced with very many points/);
    expect(overlaps.length).toBeGreaterThan(1);
  });
});
