/**
 * WWI line of sight between hexes: the line, what blocks it.
 */
import { hexLine } from '../../../hex/line';
import { axialToOffset } from '../../../hex/offset';
import { type HexCell, type Ww1Board, type Ww1State } from './state';
import { hexFacts, toAxial, unitAt } from './board';

/** Sight lines by board, "from to tie": the board never changes, and bots ask for the same lines often. */
const LINES = new WeakMap<Ww1Board, Map<string, readonly HexCell[]>>();

/** The hexes a line between two hexes passes through on each tie path, ends included. */
export function sightLine(
  b: Ww1Board,
  from: HexCell,
  to: HexCell,
  tie: 'left' | 'right',
): HexCell[] {
  return [...lineOf(b, from, to, tie)];
}

function lineOf(
  b: Ww1Board,
  from: HexCell,
  to: HexCell,
  tie: 'left' | 'right',
): readonly HexCell[] {
  let lines = LINES.get(b);
  if (!lines) LINES.set(b, (lines = new Map()));
  const key = `${from.col},${from.row} ${to.col},${to.row} ${tie}`;
  let line = lines.get(key);
  if (!line) {
    line = hexLine(toAxial(b, from), toAxial(b, to), tie).hexes.map((h) => {
      const c = axialToOffset(b.map, h);
      return { col: c.col, row: c.row };
    });
    lines.set(key, line);
  }
  return line;
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
    const line = lineOf(b, from, to, tie);
    let blocked: { at: HexCell; what: string } | undefined;
    // The first hex between the ends that blocks, in the line's order.
    for (let i = 1; i < line.length - 1 && !blocked; i++) {
      const c = line[i]!;
      const u = unitAt(s, c);
      if (u) blocked = { at: c, what: `unit ${u.id}` };
      else {
        const t = hexFacts(b, s, c).terrain;
        if (t?.blocksLos) blocked = { at: c, what: t.name };
      }
    }
    if (!blocked) return undefined;
    first ??= blocked;
  }
  return first;
}

/** Clear sight between two hexes: no blocking terrain or unit between them on either tie path. */
export function hasSight(b: Ww1Board, s: Ww1State, from: HexCell, to: HexCell): boolean {
  return sightBlock(b, s, from, to) === undefined;
}
