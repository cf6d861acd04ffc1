/**
 * Hexes of the WWI board: distances, neighbours, what a hex holds (terrain, wire, a unit) and
 * the sections a hex lies in.
 */
import type { HexMap } from '../../../format';
import { entry, type Dict } from '../../../game/dict';
import { hexDistance, hexNeighbours, type Axial } from '../../../hex/coords';
import { hexLabel } from '../../../hex/grid';
import { axialToOffset, offsetToAxial } from '../../../hex/offset';
import type { TerrainSpec, UnitSpec } from './data';
import { type HexCell, type Ww1Board, type Ww1State, type Ww1Unit } from './state';

/** Left, centre and right thirds of a map's columns, for a map that names no sections. */
export function thirds(columns: number): NonNullable<HexMap['sections']> {
  const a = Math.ceil(columns / 3);
  const b = Math.ceil((2 * columns) / 3);
  return [
    { id: 'left', name: 'Left flank', fromCol: 0, toCol: a - 1 },
    { id: 'centre', name: 'Centre', fromCol: a, toCol: b - 1 },
    { id: 'right', name: 'Right flank', fromCol: b, toCol: columns - 1 },
  ];
}

export const cellKey = (c: HexCell): string => `${c.col},${c.row}`;

/** A hex as the map prints it (column and row, 1-based: 0507), for messages. */
export const hexName = (c: HexCell): string => hexLabel(c.col, c.row);

export const toAxial = (b: Ww1Board, c: HexCell): Axial => offsetToAxial(b.map, c);

export function cellDistance(b: Ww1Board, a: HexCell, c: HexCell): number {
  return hexDistance(toAxial(b, a), toAxial(b, c));
}

export function neighbours(b: Ww1Board, c: HexCell): HexCell[] {
  return hexNeighbours(toAxial(b, c))
    .map((h) => axialToOffset(b.map, h))
    .filter((h) => h.col >= 0 && h.row >= 0 && h.col < b.map.columns && h.row < b.map.rows)
    .map((h) => ({ col: h.col, row: h.row }));
}

export interface HexFacts {
  readonly terrain: TerrainSpec | undefined;
  readonly wire: boolean;
  readonly building: boolean;
  readonly stopsMovement: boolean;
}

export function hexFacts(b: Ww1Board, s: Pick<Ww1State, 'wireCleared'>, c: HexCell): HexFacts {
  const hex = b.hexes.get(cellKey(c));
  const cleared = s.wireCleared.includes(cellKey(c));
  let id = hex?.terrain ?? b.map.defaultTerrain ?? 'clear';
  if (cleared && id === 'wire') id = b.map.defaultTerrain ?? 'clear';
  const terrain = entry(b.rules.terrain, id);
  const wire = !cleared && (hex?.wire === true || id === 'wire');
  return {
    terrain,
    wire,
    building: hex?.building === true || terrain?.building === true,
    stopsMovement:
      (hex?.stopsMovement === true && !(cleared && hex.wire === true)) ||
      terrain?.stopsMovement === true ||
      wire,
  };
}

/** Units by hex, built once per units record (states never change in place). */
const OCCUPANCY = new WeakMap<Dict<Ww1Unit>, Map<string, Ww1Unit>>();

export function unitAt(s: Pick<Ww1State, 'units'>, c: HexCell): Ww1Unit | undefined {
  let byHex = OCCUPANCY.get(s.units);
  if (!byHex) {
    byHex = new Map(Object.values(s.units).map((u) => [cellKey(u.at), u]));
    OCCUPANCY.set(s.units, byHex);
  }
  return byHex.get(cellKey(c));
}

export function sectionsOf(b: Ww1Board, c: HexCell): string[] {
  return b.sections
    .filter((sec) => c.col >= sec.fromCol && c.col <= sec.toCol)
    .map((sec) => sec.id);
}

export const specOf = (b: Ww1Board, u: Ww1Unit): UnitSpec => b.rules.units[u.type]!;

export const other = (s: Ww1State, side: string): string =>
  s.sides[(s.sides.indexOf(side) + 1) % s.sides.length]!;
