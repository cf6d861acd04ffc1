import { describe, expect, it } from 'vitest';
import { centreHexes, hexAreaCentres, hexAreaHas, hexAreaHasPoint } from './area';
import { hexCentre, hexGrid, offsetNeighbour } from './grid';
import { OFFSET_LAYOUTS } from './offset';

describe('areas drawn as sets of hexes', () => {
  const zone = [
    { col: 3, row: 2 },
    { col: 4, row: 2 },
    { col: 4, row: 3 },
  ];

  it('a hex is inside when the set lists it', () => {
    expect(hexAreaHas(zone, { col: 4, row: 2 })).toBe(true);
    expect(hexAreaHas(zone, { col: 2, row: 4 })).toBe(false);
    expect(hexAreaHas([], { col: 0, row: 0 })).toBe(false);
  });

  it('a point on the table is inside when its hex is, in all four layouts', () => {
    for (const l of OFFSET_LAYOUTS) {
      const g = hexGrid({ ...l, columns: 8, rows: 6, hexSize: { inches: 1.5 } });
      for (const h of zone) {
        const [x, y] = hexCentre(g, h.col, h.row);
        expect(hexAreaHasPoint(g, zone, [x, y])).toBe(true);
        // Most of the way to a neighbour's centre is in the neighbour.
        for (let side = 0; side < 6; side++) {
          const n = offsetNeighbour(g, h.col, h.row, side);
          const [nx, ny] = hexCentre(g, n.col, n.row);
          const p: [number, number] = [x + 0.8 * (nx - x), y + 0.8 * (ny - y)];
          expect(hexAreaHasPoint(g, zone, p)).toBe(hexAreaHas(zone, n));
        }
      }
      expect(hexAreaHasPoint(g, zone, [-1, -1])).toBe(false);
    }
  });

  it('the centres of the hexes on the map stand for the area', () => {
    const g = hexGrid({ orientation: 'flat', offset: 'odd', columns: 8, rows: 6 });
    expect(hexAreaCentres(g, [...zone, { col: 40, row: 1 }])).toEqual(
      zone.map((h) => hexCentre(g, h.col, h.row)),
    );
  });

  it('the centre hex: one when the middle of the map is a hex centre, two on a hexside', () => {
    // 15 columns: column 7 is the middle one; 11 rows of an odd-q map: the odd column is half a
    // hex lower, so the middle of the extent is the centre of (7, 5).
    const odd = hexGrid({ orientation: 'flat', offset: 'odd', columns: 15, rows: 11 });
    expect(centreHexes(odd)).toEqual([{ col: 7, row: 5 }]);
    // With 14 columns the middle falls on the hexside between (6, 5) and (7, 5).
    const even = hexGrid({ orientation: 'flat', offset: 'odd', columns: 14, rows: 11 });
    expect(centreHexes(even)).toEqual([
      { col: 6, row: 5 },
      { col: 7, row: 5 },
    ]);
  });
});
