import { describe, expect, it } from 'vitest';
import type { HexMap, Shape } from '../../../format';
import { tablePoint } from '../../../geometry/units';
import { hexCentre, hexGrid } from '../../../hex';
import { shapeContains } from './zones';

const hexMap: HexMap = {
  kind: 'hex',
  orientation: 'pointy',
  offset: 'even',
  columns: 10,
  rows: 8,
  hexSize: { inches: 1.5 },
  defaultTerrain: 'clear',
  hexes: [],
};
const grid = hexGrid(hexMap);
const at = (col: number, row: number) => {
  const [x, y] = hexCentre(grid, col, row);
  return tablePoint(x, y);
};

describe('areas drawn as hexes', () => {
  const zone: Shape = {
    shape: 'hexes',
    hexes: [
      { col: 2, row: 3 },
      { col: 3, row: 3 },
    ],
  };

  it('on a hex map a point is inside when the hex under it is in the set', () => {
    expect(shapeContains(zone, at(2, 3), hexMap)).toBe(true);
    expect(shapeContains(zone, at(3, 3), hexMap)).toBe(true);
    expect(shapeContains(zone, at(4, 3), hexMap)).toBe(false);
    expect(shapeContains(zone, at(2, 4), hexMap)).toBe(false);
    // Half a hex east of (3, 3)'s centre is still (3, 3); a whole hex east is (4, 3).
    const c = at(3, 3);
    expect(shapeContains(zone, tablePoint(c.x + 0.6, c.y), hexMap)).toBe(true);
    expect(shapeContains(zone, tablePoint(c.x + 1.5, c.y), hexMap)).toBe(false);
  });

  it('on a table map a set of hexes holds nothing: there is no grid to lie on', () => {
    expect(shapeContains(zone, tablePoint(3, 4), { width: 36, height: 24 })).toBe(false);
  });

  it('other shapes on a hex map measure against the map in inches', () => {
    const strip: Shape = { shape: 'edgeStrip', edge: 'east', depth: 2 };
    expect(shapeContains(strip, tablePoint(grid.width - 1, 3), hexMap)).toBe(true);
    expect(shapeContains(strip, tablePoint(grid.width - 3, 3), hexMap)).toBe(false);
  });
});
