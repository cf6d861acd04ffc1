import { describe, expect, test } from 'vitest';
import { objectiveLabelSpot, withAlpha, type Box } from './paintTable';

const table = { width: 36, height: 24 };
const size = { w: 3, h: 0.5 };
const hits = (x: number, y: number, counters: readonly Box[]) =>
  counters.filter((c) => c.x0 < x + size.w && x < c.x1 && c.y0 < y + size.h && y < c.y1).length;
const counter = (x: number, y: number, r = 0.5): Box => ({
  x0: x - r,
  y0: y - r,
  x1: x + r,
  y1: y + r,
});

describe('an objective name on the playtest board', () => {
  const area = { x0: 14, y0: 8, x1: 22, y1: 14 };

  test('sits inside the top left corner when no counter is there', () => {
    expect(objectiveLabelSpot(area, size, [counter(20, 12)], table)).toEqual([14.2, 8.2]);
  });

  test('moves to a free corner when counters stand on its usual place (village walk)', () => {
    // Men crowding the zone's north-west corner, where the name was drawn under them.
    const crowd = [counter(14.6, 8.6), counter(15.8, 8.6), counter(17, 8.5), counter(14.7, 9.6)];
    const [x, y] = objectiveLabelSpot(area, size, crowd, table);
    expect(hits(x, y, crowd)).toBe(0);
    expect([x, y]).not.toEqual([14.2, 8.2]);
  });

  test('with every spot taken, covers the fewest counters and stays on the table', () => {
    const crowd: Box[] = [];
    for (let x = 13; x <= 23; x += 1) for (let y = 7; y <= 15; y += 1) crowd.push(counter(x, y));
    crowd.push(counter(14.5, 8.5, 0.1));
    const [x, y] = objectiveLabelSpot({ x0: 0, y0: 0, x1: 4, y1: 3 }, size, crowd, table);
    expect(x).toBeGreaterThanOrEqual(0.2);
    expect(y).toBeGreaterThanOrEqual(0.2);
    const [cx, cy] = objectiveLabelSpot(area, size, crowd, table);
    expect(cx + size.w).toBeLessThanOrEqual(36);
    expect(cy + size.h).toBeLessThanOrEqual(24);
  });
});

test("an objective open to every side ('#333') is shaded, not painted solid", () => {
  expect(withAlpha('#333', 0.1)).toBe('rgba(51,51,51,0.1)');
  expect(withAlpha('#c8352b', 0.5)).toBe('rgba(200,53,43,0.5)');
});
