import type { HexRef, ScenarioDoc, Shape, Unit } from '../format';
import { gridAxial, hexDistance, hexGrid } from '../hex';

/**
 * Where the balance advisor's "add one unit" lever puts the added unit on a hex map, where a hex
 * holds one unit (WWI refuses a set-up that stacks two; TANK!'s stacks are the scenario's own
 * choice, not the advisor's): a free hex of the side's deployment zone, else (a scenario whose
 * units are placed without zones) a free hex beside the unit it copies. A hex is legal for the
 * added unit when nothing stands on it and its terrain is open or one a unit of the same type
 * already stands on in the scenario: the set-up accepts what it accepted before, and the advisor
 * does not judge the rules' terrain table on its own.
 */

/** Hexes to try, nearest the copied unit first; or why there is none. */
export type AddedUnitHexes =
  | {
      readonly ok: true;
      readonly hexes: readonly HexRef[];
      /** Where they are, in words: "in its deployment zone", "beside its other units". */
      readonly where: string;
    }
  | { readonly ok: false; readonly why: string };

/** How far from the copied unit a free hex may be when the side has no deployment zone. */
export const BESIDE_RANGE = 3;

const key = (h: HexRef) => `${h.col},${h.row}`;

function isHex(p: Unit['position']): p is HexRef {
  return p !== undefined && !Array.isArray(p) && typeof (p as HexRef).col === 'number';
}

/** The hexes of a deployment zone's area on a hex map; undefined for a shape drawn in inches. */
function zoneHexes(area: Shape, columns: number, rows: number): HexRef[] | undefined {
  switch (area.shape) {
    case 'hexes':
      return area.hexes.map((h) => ({ col: h.col, row: h.row }));
    case 'edgeStrip': {
      const out: HexRef[] = [];
      const alongRows = area.edge === 'west' || area.edge === 'east';
      for (let col = 0; col < columns; col++)
        for (let row = 0; row < rows; row++) {
          const along = alongRows ? row : col;
          if (along < (area.from ?? 0) || along > (area.to ?? Infinity)) continue;
          const depth = {
            north: row,
            south: rows - 1 - row,
            west: col,
            east: columns - 1 - col,
          }[area.edge];
          if (depth < area.depth) out.push({ col, row });
        }
      return out;
    }
    case 'polygon':
    case 'circle':
    case 'point':
    case 'rect':
      return undefined;
  }
}

/**
 * The free, legal hexes for one more unit of `copy`'s type on side `sideId`, nearest `copy`
 * first (then by column and row, so the order is the same on every machine), at most `max`.
 */
export function hexesForAddedUnit(
  scenario: ScenarioDoc,
  sideId: string,
  copy: Unit,
  typeName = copy.type,
  max = 6,
): AddedUnitHexes {
  const map = scenario.map;
  if (map.kind !== 'hex' || !isHex(copy.position))
    return { ok: false, why: 'the unit it copies does not stand on a hex' };
  const from = copy.position;
  const grid = hexGrid(map);
  const terrain = new Map(map.hexes.map((h) => [key(h), h.terrain]));
  const taken = new Set<string>();
  const ownTerrain = new Set<string | undefined>([undefined]);
  for (const side of scenario.forces.sides) {
    const walk = (fs: typeof side.formations) => {
      for (const f of fs) {
        for (const u of f.units)
          if (isHex(u.position)) {
            taken.add(key(u.position));
            if (u.type === copy.type) ownTerrain.add(terrain.get(key(u.position)));
          }
        walk(f.formations ?? []);
      }
    };
    walk(side.formations);
  }
  const legal = (h: HexRef) =>
    h.col >= 0 &&
    h.row >= 0 &&
    h.col < map.columns &&
    h.row < map.rows &&
    !taken.has(key(h)) &&
    ownTerrain.has(terrain.get(key(h)));
  const at = gridAxial(grid, from.col, from.row);
  const nearest = (hs: HexRef[]) =>
    [...new Map(hs.map((h) => [key(h), h])).values()]
      .filter(legal)
      .map((h) => ({ h, d: hexDistance(at, gridAxial(grid, h.col, h.row)) }))
      .sort((a, b) => a.d - b.d || a.h.col - b.h.col || a.h.row - b.h.row)
      .slice(0, max)
      .map((x) => x.h);

  const sideName = scenario.forces.sides.find((s) => s.id === sideId)?.name ?? sideId;
  const zones = (scenario.deployment.zones ?? []).filter((z) => z.side === sideId);
  if (zones.length > 0) {
    const inZones = zones.map((z) => zoneHexes(z.area, map.columns, map.rows));
    if (inZones.every((z) => z === undefined))
      return {
        ok: false,
        why: `${sideName}'s deployment zone is not drawn in hexes, so no hex of it can be named for the added unit`,
      };
    const hexes = nearest(inZones.flatMap((z) => z ?? []));
    return hexes.length > 0
      ? { ok: true, hexes, where: 'in its deployment zone' }
      : {
          ok: false,
          why: `no free hex in ${sideName}'s deployment zone whose terrain a ${typeName} already stands on (one unit a hex)`,
        };
  }
  const around: HexRef[] = [];
  for (let col = from.col - 2 * BESIDE_RANGE; col <= from.col + 2 * BESIDE_RANGE; col++)
    for (let row = from.row - 2 * BESIDE_RANGE; row <= from.row + 2 * BESIDE_RANGE; row++)
      if (
        col >= 0 &&
        row >= 0 &&
        hexDistance(at, gridAxial(grid, col, row)) <= BESIDE_RANGE &&
        (col !== from.col || row !== from.row)
      )
        around.push({ col, row });
  const hexes = nearest(around);
  return hexes.length > 0
    ? { ok: true, hexes, where: 'beside its other units' }
    : {
        ok: false,
        why: `${sideName} has no deployment zone and no free hex within ${BESIDE_RANGE} of its ${typeName} whose terrain it can stand on (one unit a hex)`,
      };
}
