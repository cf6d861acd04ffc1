import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { bundledScenario } from '../../scripts/testing/bundled';
import type { Feature } from '../format';
import { tablePoint } from '../geometry/units';
import { createContext } from '../rulesets/tankplank/rules/context';
import { fixtureScenario } from '../rulesets/tankplank/rules/fixtures';
import { TANKPLANK_SIGHT_RULES } from '../rulesets/tankplank/rules/terrainRules';
import { lineOfSight, lineOfSightVisible } from './lineOfSight';

const features: Feature[] = [
  {
    id: 'wall',
    kind: 'wall',
    points: [
      [10, 5],
      [10, 15],
    ],
    height: 0.5,
    strength: 'small',
  },
  {
    id: 'house',
    kind: 'building',
    x: 20,
    y: 10,
    width: 3,
    depth: 3,
    buildingKind: 'closed',
    floors: 2,
  },
  {
    id: 'open-house',
    kind: 'building',
    x: 20,
    y: 3,
    width: 3,
    depth: 3,
    buildingKind: 'underConstruction',
    floors: 2,
  },
  {
    id: 'woods',
    kind: 'woods',
    points: [
      [25, 15],
      [30, 15],
      [30, 20],
      [25, 20],
    ],
    height: 4,
  },
  {
    id: 'gully',
    kind: 'gully',
    points: [
      [0, 22],
      [36, 22],
    ],
    width: 2,
    depth: 1,
    bankWidth: 1,
  },
  { id: 'oak', kind: 'tree', x: 4, y: 17, canopyRadius: 1.5, height: 3, canopyBase: 1 },
];
const ctx = createContext(fixtureScenario({ title: 'LOS fixture', features, units: [] }));
const man = 0.75;
const look = (ax: number, ay: number, bx: number, by: number, ha = man, hb = man) =>
  lineOfSight(
    ctx.terrain,
    { point: tablePoint(ax, ay), height: ha },
    { point: tablePoint(bx, by), height: hb },
    TANKPLANK_SIGHT_RULES,
  );

describe('line of sight on a fixture table', () => {
  test('open ground: visible, no cover, the sight rule', () => {
    const r = look(2, 2, 8, 2);
    expect(r).toMatchObject({ visible: true, cover: 'none', ruleId: 'TP-7.1', crossed: [] });
  });

  test('a man behind a small wall is seen over it and has light cover (TP-7.3)', () => {
    const r = look(4, 10, 10.5, 10);
    expect(r.visible).toBe(true);
    expect(r.cover).toBe('light');
    expect(r.coverFrom?.id).toBe('wall');
    expect(r.ruleId).toBe('TP-7.3');
    expect(r.crossed.map((c) => [c.id, c.effect])).toEqual([['wall', 'cover']]);
  });

  test('the same wall far from the target gives no cover', () => {
    const r = look(9.5, 10, 16, 10);
    expect(r.visible).toBe(true);
    expect(r.cover).toBe('none');
  });

  test('a closed house blocks the line and names itself (TP-7.1)', () => {
    const r = look(14, 10, 25, 10);
    expect(r.visible).toBe(false);
    expect(r.blockedBy).toMatchObject({
      id: 'house',
      kind: 'building',
      effect: 'blocks',
      ruleId: 'TP-7.1',
    });
  });

  test('a man inside an open house is seen and has heavy cover', () => {
    const r = look(14, 3, 20, 3);
    expect(r.visible).toBe(true);
    expect(r.cover).toBe('heavy');
    expect(r.coverFrom?.id).toBe('open-house');
  });

  test('a target inside woods is seen with light cover; one beyond them is hidden (TP-A51)', () => {
    const inside = look(20, 17, 27, 17);
    expect(inside.visible).toBe(true);
    expect(inside.cover).toBe('light');
    expect(inside.ruleId).toBe('TP-A51');
    const beyond = look(20, 17, 32, 17);
    expect(beyond.visible).toBe(false);
    expect(beyond.blockedBy?.id).toBe('woods');
    expect(beyond.blockedBy?.ruleId).toBe('TP-A51');
  });

  test('a man in the gully bed is hidden from afar by its rim, seen from the rim', () => {
    const far = look(10, 12, 10, 22);
    expect(far.visible).toBe(false);
    expect(far.blockedBy?.id).toBe('gully');
    const rim = look(10, 19.9, 10, 22);
    expect(rim.visible).toBe(true);
  });

  test('a line under a tree canopy near the target gives light cover', () => {
    const r = look(10, 17, 4.6, 17.6);
    expect(r.visible).toBe(true);
    expect(r.cover).toBe('light');
    expect(r.coverFrom?.id).toBe('oak');
  });

  test('a man at a trunk is seen from every side with its cover; the trunk hides a man behind it', () => {
    // Morale sends men to the nearest cover, a tree's middle: every line to a man inside the
    // trunk's circle crosses the trunk, and he could be seen from nowhere.
    for (const [x, y] of [
      [10, 17],
      [4, 23],
      [-1, 17],
      [4, 12],
    ]) {
      const r = look(x!, y!, 4, 17);
      expect(r.visible, `from ${x},${y}`).toBe(true);
      const ends = [tablePoint(x!, y!), tablePoint(4, 17)].map((point) => ({ point, height: man }));
      expect(lineOfSightVisible(ctx.terrain, ends[0]!, ends[1]!), `fast, from ${x},${y}`).toBe(
        true,
      );
      expect(r.cover).toBe('light');
      expect(r.coverFrom?.id).toBe('oak');
    }
    const behind = look(10, 17, 3.6, 17, man, 0.5);
    expect(behind.visible).toBe(false);
    expect(behind.blockedBy?.id).toBe('oak');
    const ends = [tablePoint(10, 17), tablePoint(3.6, 17)];
    expect(
      lineOfSightVisible(
        ctx.terrain,
        { point: ends[0]!, height: man },
        { point: ends[1]!, height: 0.5 },
      ),
    ).toBe(false);
  });

  test('vehicles and wrecks block like solid features', () => {
    const r = lineOfSight(
      ctx.terrain,
      { point: tablePoint(2, 2), height: man },
      { point: tablePoint(8, 2), height: man },
      TANKPLANK_SIGHT_RULES,
      [
        {
          id: 'truck',
          kind: 'vehicle',
          polygon: [tablePoint(4, 1), tablePoint(6, 1), tablePoint(6, 3), tablePoint(4, 3)],
          height: 1.1,
          coverClass: 'heavy',
          ruleId: 'TP-7.3',
        },
      ],
    );
    expect(r.visible).toBe(false);
    expect(r.blockedBy?.id).toBe('truck');
  });
});

describe('line of sight on the village (properties)', () => {
  const doc = bundledScenario('tankplank-village');
  const rtree = createContext(doc);
  const scan = createContext(doc, { indexMode: 'scan' });
  const pt = fc.record({
    x: fc.double({ min: 0.1, max: 35.9, noNaN: true }),
    y: fc.double({ min: 0.1, max: 23.9, noNaN: true }),
  });

  test('between two men, visibility is symmetric', () => {
    fc.assert(
      fc.property(pt, pt, (a, b) => {
        const ab = lineOfSight(
          rtree.terrain,
          { point: tablePoint(a.x, a.y), height: man },
          { point: tablePoint(b.x, b.y), height: man },
          TANKPLANK_SIGHT_RULES,
        );
        const ba = lineOfSight(
          rtree.terrain,
          { point: tablePoint(b.x, b.y), height: man },
          { point: tablePoint(a.x, a.y), height: man },
          TANKPLANK_SIGHT_RULES,
        );
        expect(ab.visible).toBe(ba.visible);
      }),
      { numRuns: 400, seed: 20261121 },
    );
  });

  test('the R-tree and a plain scan give the same answer', () => {
    fc.assert(
      fc.property(pt, pt, (a, b) => {
        const from = { point: tablePoint(a.x, a.y), height: man };
        const to = { point: tablePoint(b.x, b.y), height: man };
        const x = lineOfSight(rtree.terrain, from, to, TANKPLANK_SIGHT_RULES);
        const y = lineOfSight(scan.terrain, from, to, TANKPLANK_SIGHT_RULES);
        expect(x.visible).toBe(y.visible);
        expect(x.cover).toBe(y.cover);
        expect(x.crossed.map((c) => c.id)).toEqual(y.crossed.map((c) => c.id));
      }),
      { numRuns: 300, seed: 7 },
    );
  });
});
