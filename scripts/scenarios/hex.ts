/**
 * Hex helpers for the generators: flat-topped hexes in "odd" offset columns (odd columns sit half
 * a hex lower), sides numbered clockwise from the top (0 = north, 1 = north-east, ... 5 = north-west),
 * as the map schema defines them.
 */
import type { Hex, HexRef, HexsideRef } from '../../engine/format/index';

export const key = (h: HexRef): string => `${h.col},${h.row}`;

/** Offsets to the neighbour across each side, for even and odd columns. */
const NEIGHBOUR: Record<'even' | 'odd', [number, number][]> = {
  even: [
    [0, -1],
    [1, -1],
    [1, 0],
    [0, 1],
    [-1, 0],
    [-1, -1],
  ],
  odd: [
    [0, -1],
    [1, 0],
    [1, 1],
    [0, 1],
    [-1, 1],
    [-1, 0],
  ],
};

export function neighbour(h: HexRef, side: number): HexRef {
  const [dc, dr] = NEIGHBOUR[h.col % 2 === 0 ? 'even' : 'odd'][side]!;
  return { col: h.col + dc, row: h.row + dr };
}

function cube(h: HexRef): [number, number] {
  return [h.col, h.row - (h.col - (h.col & 1)) / 2];
}

export function distance(a: HexRef, b: HexRef): number {
  const [aq, ar] = cube(a);
  const [bq, br] = cube(b);
  const dq = aq - bq;
  const dr = ar - br;
  return (Math.abs(dq) + Math.abs(dr) + Math.abs(dq + dr)) / 2;
}

/** Corner `i` (0 = east, clockwise) of a unit-size hex, rounded so shared corners compare equal. */
function corner(h: HexRef, i: number): string {
  const cx = 1.5 * h.col;
  const cy = Math.sqrt(3) * (h.row + 0.5 * (h.col & 1));
  const a = (Math.PI / 3) * i;
  return `${(cx + Math.cos(a)).toFixed(3)},${(cy + Math.sin(a)).toFixed(3)}`;
}

/** The two corners a side runs between: side k joins corners k+4 and k+5 (mod 6). */
function ends(s: HexsideRef): [string, string] {
  return [corner(s, (s.side + 4) % 6), corner(s, (s.side + 5) % 6)];
}

/**
 * The hexsides on the edge of a set of hexes, as chains in drawing order (closed loops, or open
 * lines where the set meets the map edge). Each side is named from the hex inside the set.
 */
export function boundaryChains(
  inside: (h: HexRef) => boolean,
  columns: number,
  rows: number,
): HexsideRef[][] {
  const sides: HexsideRef[] = [];
  for (let col = 0; col < columns; col++) {
    for (let row = 0; row < rows; row++) {
      if (!inside({ col, row })) continue;
      for (let side = 0; side < 6; side++) {
        const n = neighbour({ col, row }, side);
        const onMap = n.col >= 0 && n.row >= 0 && n.col < columns && n.row < rows;
        if (onMap && !inside(n)) sides.push({ col, row, side });
      }
    }
  }
  const byCorner = new Map<string, number[]>();
  sides.forEach((s, i) => {
    for (const c of ends(s)) byCorner.set(c, [...(byCorner.get(c) ?? []), i]);
  });
  const used = new Set<number>();
  const chains: HexsideRef[][] = [];
  // Start open chains at their loose ends first, then close the loops that remain.
  const starts = [
    ...sides
      .map((_, i) => i)
      .filter((i) => ends(sides[i]!).some((c) => byCorner.get(c)!.length === 1)),
    ...sides.map((_, i) => i),
  ];
  for (const start of starts) {
    if (used.has(start)) continue;
    const chain: HexsideRef[] = [];
    let current: number | undefined = start;
    let [from] = ends(sides[start]!);
    const [a, b] = ends(sides[start]!);
    if (byCorner.get(a)!.length !== 1 && byCorner.get(b)!.length === 1) from = b;
    while (current !== undefined) {
      used.add(current);
      chain.push(sides[current]!);
      const [p, q] = ends(sides[current]!);
      const to = p === from ? q : p;
      from = to;
      current = byCorner.get(to)!.find((i) => !used.has(i));
    }
    chains.push(chain);
  }
  return chains;
}

/** Merges per-hex properties into one list, sorted by column then row. */
export class HexSheet {
  private readonly cells = new Map<string, Hex>();
  set(h: HexRef, props: Omit<Hex, 'col' | 'row'>): void {
    const k = key(h);
    this.cells.set(k, { ...(this.cells.get(k) ?? { col: h.col, row: h.row }), ...props });
  }
  get(h: HexRef): Hex | undefined {
    return this.cells.get(key(h));
  }
  list(): Hex[] {
    return [...this.cells.values()].sort((a, b) => a.col - b.col || a.row - b.row);
  }
}
