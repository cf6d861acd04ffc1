import type { GameMap } from '../../../../engine/format/types';
import { hexLabel, hexsideCompass } from '../../../../engine/hex';
import type { BoardKind, CounterView, HexCell } from '../../../../engine/playtest';
import type { Point } from '../../../../engine/format/types';

/** A distance as the board measures it: inches on a table, hexes on a hex map. */
export function distanceText(board: BoardKind, d: number): string {
  if (board === 'table') return `${d.toFixed(1)}"`;
  const n = Math.round(d);
  return `${n} ${n === 1 ? 'hex' : 'hexes'}`;
}

const isHexCell = (at: Point | HexCell): at is HexCell => !Array.isArray(at);

/** Where a counter stands and which way it faces, in the board's words. */
export function positionText(
  counter: CounterView<BoardKind>,
  map: GameMap,
  /** The name of a unit by its id (the vehicle a man rides in), never the id itself. */
  nameOf: (id: string) => string | undefined = () => undefined,
): string {
  const at = counter.at;
  if (!at)
    return counter.embarkedIn
      ? `riding in ${nameOf(counter.embarkedIn) ?? 'a vehicle'}`
      : 'off the table';
  if (isHexCell(at)) {
    const side = map.kind === 'hex' ? ` (${hexsideCompass(map.orientation, counter.facing)})` : '';
    return `in hex ${hexLabel(at.col, at.row)}, facing side ${counter.facing}${side}`;
  }
  return `at (${at[0].toFixed(1)}, ${at[1].toFixed(1)}), facing ${Math.round(counter.facing)}°`;
}
