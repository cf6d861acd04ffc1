/**
 * WWI line of sight between hexes: the line, what blocks it.
 */
import { hexLine } from '../../../hex/line';
import { axialToOffset } from '../../../hex/offset';
import { type HexCell, type Ww1Board, type Ww1State } from './state';
import { hexFacts, toAxial, unitAt } from './board';

/** The hexes a line between two hexes passes through on each tie path, ends included. */
export function sightLine(
  b: Ww1Board,
  from: HexCell,
  to: HexCell,
  tie: 'left' | 'right',
): HexCell[] {
  return hexLine(toAxial(b, from), toAxial(b, to), tie).hexes.map((h) => {
    const c = axialToOffset(b.map, h);
    return { col: c.col, row: c.row };
  });
}

/** What blocks the line between two hexes (WW-G6), or undefined when one tie path is clear. */
export function sightBlock(
  b: Ww1Board,
  s: Pick<Ww1State, 'units' | 'wireCleared'>,
  from: HexCell,
  to: HexCell,
): { at: HexCell; what: string } | undefined {
  let first: { at: HexCell; what: string } | undefined;
  for (const tie of ['left', 'right'] as const) {
    const blocked = sightLine(b, from, to, tie)
      .slice(1, -1)
      .map((c) => {
        const u = unitAt(s, c);
        if (u) return { at: c, what: `unit ${u.id}` };
        const t = hexFacts(b, s, c).terrain;
        return t?.blocksLos ? { at: c, what: t.name } : undefined;
      })
      .find((x) => x !== undefined);
    if (!blocked) return undefined;
    first ??= blocked;
  }
  return first;
}

/** Clear sight between two hexes: no blocking terrain or unit between them on either tie path. */
export function hasSight(b: Ww1Board, s: Ww1State, from: HexCell, to: HexCell): boolean {
  return sightBlock(b, s, from, to) === undefined;
}
