import { describe, expect, test } from 'vitest';
import type { Point } from '../../../engine/format/types';
import { hexGrid } from '../../../engine/hex';
import { inArea, layoutFormation, layoutOnHexes } from './formationLayout';
import { layoutLabels, type CounterLabel } from '../objectives/paintSetup';

const men = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `m${i}`, size: null }));
const dist = (a: Point, b: Point) => Math.hypot(a[0] - b[0], a[1] - b[1]);

describe('layoutFormation', () => {
  test('a squad of ten stands in ranks around the drop point, no two men closer than a base', () => {
    const at = layoutFormation({
      at: [10, 10],
      units: men(10),
      facing: 0,
      inside: () => true,
      occupied: [],
    });
    expect(at.size).toBe(10);
    const pts = [...at.values()];
    for (let i = 0; i < pts.length; i++)
      for (let j = i + 1; j < pts.length; j++)
        expect(dist(pts[i]!, pts[j]!)).toBeGreaterThanOrEqual(0.8);
    // Facing east: the front rank is at x = 10, the second one behind it (west).
    expect(Math.max(...pts.map((p) => p[0]))).toBe(10);
    expect(Math.min(...pts.map((p) => p[0]))).toBeLessThan(10);
    // Centred on the drop point across the facing.
    const ys = pts.filter((p) => p[0] === 10).map((p) => p[1]);
    expect((Math.min(...ys) + Math.max(...ys)) / 2).toBeCloseTo(10, 5);
  });

  test('every man lands inside the zone and off the counters already there', () => {
    const zone = { shape: 'rect' as const, x: 0, y: 0, width: 4, height: 20 };
    const occupied = [{ at: [2, 10] as Point, r: 0.4 }];
    const at = layoutFormation({
      at: [1, 10],
      units: men(12),
      facing: 0,
      inside: (p) => inArea(zone, p, 48, 48),
      occupied,
    });
    expect(at.size).toBe(12);
    for (const p of at.values()) {
      expect(inArea(zone, p, 48, 48)).toBe(true);
      expect(dist(p, [2, 10])).toBeGreaterThanOrEqual(0.8);
    }
  });

  test('no man is put on ground closed to him (a building in the way)', () => {
    const house = (p: Point) => p[0] >= 9 && p[0] <= 11 && p[1] >= 8 && p[1] <= 12;
    const at = layoutFormation({
      at: [10, 10],
      units: men(10),
      facing: 0,
      inside: () => true,
      occupied: [],
      blocked: (_id, p) => house(p),
    });
    expect(at.size).toBe(10);
    for (const p of at.values()) expect(house(p)).toBe(false);
  });

  test('a full zone leaves the rest out instead of stacking them', () => {
    const zone = { shape: 'rect' as const, x: 0, y: 0, width: 1, height: 1 };
    const at = layoutFormation({
      at: [0.5, 0.5],
      units: men(5),
      facing: 0,
      inside: (p) => inArea(zone, p, 48, 48),
      occupied: [],
    });
    expect(at.size).toBeLessThan(5);
  });
});

describe('layoutOnHexes', () => {
  test('one unit per hex, nearest first, none on an occupied hex', () => {
    const grid = hexGrid({ orientation: 'flat', offset: 'odd', columns: 10, rows: 10 });
    const at = layoutOnHexes({
      grid,
      start: { col: 5, row: 5 },
      ids: ['a', 'b', 'c'],
      occupied: [{ col: 5, row: 5 }],
    });
    const keys = [...at.values()].map((h) => `${h.col},${h.row}`);
    expect(new Set(keys).size).toBe(3);
    expect(keys).not.toContain('5,5');
  });
});

describe('layoutLabels', () => {
  test('two close counters never print their names over each other', () => {
    const labels: CounterLabel[] = [
      { text: 'Radioman', x: 100, y: 100, reach: 5, selected: false },
      { text: 'Rifleman', x: 104, y: 101, reach: 5, selected: false },
      { text: 'Rifleman', x: 108, y: 102, reach: 5, selected: false },
    ];
    const placed = layoutLabels(labels, (t) => t.length * 6);
    const boxes = placed.map((p) => ({
      x0: p.x,
      x1: p.x + p.label.text.length * 6,
      y0: p.y - 6,
      y1: p.y + 6,
    }));
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i]!;
        const b = boxes[j]!;
        expect(a.x0 < b.x1 && b.x0 < a.x1 && a.y0 < b.y1 && b.y0 < a.y1).toBe(false);
      }
    expect(placed.length).toBeGreaterThan(0);
  });
});
