import type { ScenarioDoc } from '../../format';
import { axialAt, axialKey, axialToOffset } from '../../hex';
import { readTankBoard } from './rules/context';
import { sight } from './rules/los';

/**
 * Point-to-point sight for the sight maps: the hexes under the two points, seen or not by the
 * scenario's own line of sight (Costello's over contours with the layer on, the base game's
 * stand-in otherwise). Units are not on a sight map, so none block; a man and a vehicle see
 * alike in TANK! (sight is from hex to hex). Throws the reason when the map cannot be played.
 */
export function tankSightChecker(
  scenario: ScenarioDoc,
): (from: readonly [number, number], to: readonly [number, number]) => boolean {
  const board = readTankBoard(scenario);
  if (typeof board === 'string') throw new Error(board);
  const { rules, map } = board;
  const memo = new Map<string, boolean>();
  const none = () => false;
  return (a, b) => {
    const from = axialAt(map.grid, [a[0], a[1]]);
    const to = axialAt(map.grid, [b[0], b[1]]);
    if (from.q === to.q && from.r === to.r) return true;
    const key = `${axialKey(from)}>${axialKey(to)}`;
    let seen = memo.get(key);
    if (seen === undefined) {
      const f = axialToOffset(map.grid, from);
      const t = axialToOffset(map.grid, to);
      seen =
        map.hex(from) !== undefined &&
        map.hex(to) !== undefined &&
        sight(rules, map, { col: f.col, row: f.row }, { col: t.col, row: t.row }, none).visible;
      memo.set(key, seen);
    }
    return seen;
  };
}
