import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkLayout, type LayoutCheckId } from './layoutChecks';
import { minimalScenario } from '../format/testFixtures';
import type { CatalogDoc, Feature, ScenarioDoc } from '../format';
import { BUNDLED_RULESETS } from '../rulesets/registry';

function withFeatures(features: Feature[], edit?: (d: ScenarioDoc) => void): ScenarioDoc {
  const doc = minimalScenario();
  doc.map = { kind: 'table', width: 36, height: 24, features };
  edit?.(doc);
  return doc;
}

const checks = (doc: ScenarioDoc, catalogs: CatalogDoc[] = []) =>
  checkLayout(doc, catalogs, { rulesets: BUNDLED_RULESETS }).map((p) => p.check as LayoutCheckId);

const catalog = (
  ruleset: CatalogDoc['ruleset'],
  constants: CatalogDoc['constants'],
): CatalogDoc => ({
  format: 'sandtable.catalog',
  formatVersion: 1,
  app: { name: 'sandtable', version: '0' },
  meta: { title: 'c' },
  id: 'c',
  ruleset,
  layer: 'base',
  constants,
});

const creek: Feature = {
  id: 'creek',
  kind: 'creek',
  points: [
    [18, 0],
    [18, 24],
  ],
  width: 3,
  bedDepth: 1,
};
const road: Feature = {
  id: 'road',
  kind: 'road',
  points: [
    [0, 12],
    [36, 12],
  ],
  width: 2,
};
const square = (
  id: string,
  x: number,
  y: number,
  w: number,
  h: number,
  kind: 'forest' | 'bridge' = 'forest',
): Feature => ({
  id,
  kind,
  points: [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ],
});

describe('layout checks', () => {
  it('the minimal scenario is clean', () => {
    expect(checkLayout(minimalScenario(), [], { rulesets: BUNDLED_RULESETS })).toEqual([]);
  });

  it('outside-table: features, zones, objectives and units off the table', () => {
    expect(checks(withFeatures([road]))).toEqual([]);
    const doc = withFeatures([{ id: 't', kind: 'tree', x: 40, y: 5, canopyRadius: 1 }], (d) => {
      d.deployment.zones = [
        { id: 'z', side: 'A', area: { shape: 'rect', x: 30, y: 0, width: 10, height: 5 } },
      ];
      d.forces.sides[1]!.formations[0]!.units[0]!.position = [50, 50];
    });
    const problems = checkLayout(doc, [], { rulesets: BUNDLED_RULESETS });
    expect(problems.map((p) => [p.check, p.subjects[0]?.id])).toEqual([
      ['outside-table', 't'],
      ['outside-table', 'z'],
      ['outside-table', 'b-t1'],
    ]);
    expect(problems[2]!.pointer).toBe('/forces/sides/1/formations/0/units/0');
  });

  it('overlap: a building on a road is flagged, one beside it is not', () => {
    const house = (y: number): Feature => ({
      id: 'h',
      kind: 'building',
      x: 8,
      y,
      width: 3,
      depth: 2,
      buildingKind: 'closed',
      floors: 1,
    });
    expect(checks(withFeatures([road, house(12)]))).toEqual(['overlap']);
    expect(checks(withFeatures([road, house(8)]))).toEqual([]);
    const [p] = checkLayout(withFeatures([road, house(12)]), [], { rulesets: BUNDLED_RULESETS });
    expect(p!.subjects.map((s) => s.id)).toEqual(['road', 'h']);
    expect(p!.message).toMatch(/overlap by 6\.0 sq in/);
  });

  it('overlap: a cluttered table lists the first 100 overlaps and says there are more', () => {
    const sheds: Feature[] = Array.from({ length: 130 }, (_, i) => ({
      id: `shed-${i}`,
      kind: 'building',
      x: 0.2 + (i % 130) * 0.27,
      y: 12,
      width: 0.2,
      depth: 1,
      buildingKind: 'closed',
      floors: 1,
    }));
    const problems = checkLayout(withFeatures([road, ...sheds]), [], {
      rulesets: BUNDLED_RULESETS,
    }).filter((p) => p.check === 'overlap');
    expect(problems).toHaveLength(101);
    expect(problems[100]!.message).toMatch(
      /^the first 100 overlapping pairs are listed and there are more/,
    );
    // One problem per pair: no pair of features is named twice.
    const pairs = problems.slice(0, 100).map((p) => p.subjects.map((x) => x.id).join('+'));
    expect(new Set(pairs).size).toBe(100);
  });

  it('overlap: a road of 50 spokes through one point, over a house, is measured once', () => {
    const spokes: Feature = {
      id: 'spokes',
      kind: 'road',
      width: 2,
      points: Array.from({ length: 50 }, (_, i) =>
        i % 2 === 0
          ? ([18, 12] as [number, number])
          : ([18 + 10 * Math.cos(i * 0.38), 12 + 10 * Math.sin(i * 0.38)] as [number, number]),
      ),
    };
    const house: Feature = {
      id: 'house',
      kind: 'building',
      x: 15,
      y: 9,
      width: 6,
      depth: 6,
      buildingKind: 'closed',
      floors: 1,
    };
    const problems = checkLayout(withFeatures([spokes, house]), [], {
      rulesets: BUNDLED_RULESETS,
    }).filter((p) => p.check === 'overlap');
    expect(problems).toHaveLength(1);
    // The spokes cover most of the house around the hub; the exact figure comes from the sweep.
    const area = Number(/overlap by ([\d.]+) sq in/.exec(problems[0]!.message)![1]);
    expect(area).toBeGreaterThan(10);
    expect(area).toBeLessThanOrEqual(36);
  });

  it('overlap: past a budget of measured pairs the check stops and says how far it got', () => {
    // Trees on a grid under a wide road: every trunk's box meets the road's box, none overlaps.
    const trees: Feature[] = Array.from({ length: 45_000 }, (_, i) => ({
      id: `t${i}`,
      kind: 'tree',
      x: 1 + (i % 300) * 0.1,
      y: 1 + Math.floor(i / 300) * 0.1,
      canopyRadius: 0.01,
      trunkRadius: 0.001,
    }));
    const road: Feature = {
      id: 'ring',
      kind: 'road',
      width: 0.5,
      points: [
        [0.5, 0.5],
        [35, 0.5],
        [35, 23],
        [0.5, 23],
        [0.5, 0.6],
      ],
    };
    const problems = checkLayout(withFeatures([road, ...trees]), [], {
      rulesets: BUNDLED_RULESETS,
    }).filter((p) => p.check === 'overlap');
    expect(problems.at(-1)!.message).toMatch(
      /the overlap check measured 40000 pairs of features lying close together and stopped/,
    );
  });

  it('bridge-span: a bridge must reach dry ground on both banks and carry its road', () => {
    const spanning = {
      ...square('b', 15, 11, 6, 2, 'bridge'),
      spans: 'creek',
      carries: 'road',
    } as Feature;
    expect(checks(withFeatures([creek, road, spanning]))).toEqual([]);
    const short = { ...square('b', 17, 11, 2, 2, 'bridge'), spans: 'creek' } as Feature;
    expect(checks(withFeatures([creek, road, short]))).toEqual(['bridge-span']);
    const offRoad = {
      ...square('b', 15, 2, 6, 2, 'bridge'),
      spans: 'creek',
      carries: 'road',
    } as Feature;
    expect(checks(withFeatures([creek, road, offRoad]))).toEqual(['bridge-span']);
    const dry = square('b', 2, 2, 4, 2, 'bridge');
    expect(
      checkLayout(withFeatures([creek, dry]), [], { rulesets: BUNDLED_RULESETS })[0]!.message,
    ).toMatch(/does not cross any creek/);
  });

  it('terrain count and spacing come from the catalog', () => {
    const tanks = catalog('tanks', {
      'measuringArrow.total': 6,
      'layout.spacing': 'measuringArrow.total',
      'layout.pieceKinds': 'forest,building',
      'layout.required.forest': 2,
    });
    const spaced = (doc: ScenarioDoc) => ((doc.ruleset = { id: 'tanks' }), doc);
    const good = spaced(withFeatures([square('f1', 7, 7, 4, 4), square('f2', 20, 7, 4, 4)]));
    expect(checks(good, [tanks])).toEqual([]);
    // Without the catalog no rule applies.
    expect(checks(spaced(withFeatures([square('f1', 1, 1, 4, 4)])))).toEqual([]);
    const crowded = spaced(withFeatures([square('f1', 7, 7, 4, 4), square('f2', 13, 7, 4, 4)]));
    const problems = checkLayout(crowded, [tanks], { rulesets: BUNDLED_RULESETS });
    expect(problems.map((p) => p.check)).toEqual(['terrain-spacing']);
    expect(problems[0]!.message).toContain('2.0" apart');
    expect(problems[0]!.message).toContain('6" (measuringArrow.total)');
    const edge = spaced(withFeatures([square('f1', 2, 7, 4, 4), square('f2', 20, 7, 4, 4)]));
    expect(checks(edge, [tanks])).toEqual(['terrain-spacing']);
    expect(checks(spaced(withFeatures([square('f1', 7, 7, 4, 4)])), [tanks])).toEqual([
      'terrain-count',
    ]);
  });

  it('objective-placement: a hidden objective must sit near the far edge (TP-3.1)', () => {
    const tp = catalog('tankplank', { 'layout.hiddenObjectiveEdgeDistance': 6 });
    const near = minimalScenario();
    expect(checks(near, [tp])).toEqual([]);
    const far = minimalScenario();
    far.objectives[0]!.area = { shape: 'rect', x: 20, y: 2, width: 4, height: 4 };
    const problems = checkLayout(far, [tp], { rulesets: BUNDLED_RULESETS });
    expect(problems.map((p) => [p.check, p.ruleId])).toEqual([['objective-placement', 'TP-3.1']]);
    expect(problems[0]!.message).toContain('16.0" from the east edge');
  });
});

describe('hex maps keep their set-up on the grid', () => {
  const wire = (): ScenarioDoc =>
    JSON.parse(readFileSync('scenarios/ww1-wire.scenario.json', 'utf8')) as ScenarioDoc;

  it('the bundled WWI scenario is clean', () => {
    expect(checkLayout(wire(), [], { rulesets: BUNDLED_RULESETS })).toEqual([]);
  });

  it('a unit off the grid, a unit at a point in inches and an objective drawn in inches are errors', () => {
    const doc = wire();
    const units = doc.forces.sides[0]!.formations[0]!.units;
    units[0]!.position = { col: 20, row: 3 };
    units[1]!.position = [4, 5];
    doc.objectives[0]!.area = { shape: 'rect', x: 0, y: 0, width: 2, height: 2 };
    const found = checkLayout(doc, [], { rulesets: BUNDLED_RULESETS }).map((p) => [
      p.check,
      p.severity,
      p.subjects[0]!.id,
      p.message,
    ]);
    expect(found).toEqual([
      [
        'outside-table',
        'error',
        doc.objectives[0]!.id,
        expect.stringContaining('must be a set of hexes'),
      ],
      ['outside-table', 'error', units[0]!.id, expect.stringContaining('off the 13×9 hex map')],
      ['outside-table', 'error', units[1]!.id, expect.stringContaining('units stand on hexes')],
    ]);
  });
});

describe('table maps place units at points', () => {
  it('a unit given a hex on a table map is an error', () => {
    const doc = withFeatures([], (d) => {
      const u = d.forces.sides[0]?.formations[0]?.units[0];
      if (u) u.position = { col: 1, row: 1 };
    });
    const unit = doc.forces.sides[0]?.formations[0]?.units[0];
    expect(unit).toBeDefined();
    expect(
      checkLayout(doc, [], { rulesets: BUNDLED_RULESETS }).find(
        (p) => p.subjects[0]?.id === unit!.id,
      )?.message,
    ).toMatch(/table map: give it a point in inches/);
  });
});
