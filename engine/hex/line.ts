import {
  addAxial,
  axial,
  axialKey,
  hexDistance,
  hexNeighbours,
  roundAxial,
  sameHex,
  subAxial,
  type Axial,
  type HexOrientation,
} from './coords';
import { hexsideBetween, type Hexside } from './hexside';

/**
 * Which hex a line takes where it runs exactly along a hexside (between two hexes, touching both
 * and entering neither): `left` or `right` of a walker going from the first hex to the second,
 * as seen on the map with north at the top; or `both` hexes. TANK! variants ask for each of
 * these (a Costello LOS along a hexside is blocked only if both hexes block: trace with `both`).
 */
export type HexLineTie = 'both' | 'left' | 'right';

/** The line passing from one hex to the next. */
export interface HexLineCrossing {
  readonly from: Axial;
  readonly to: Axial;
  /** The hexside between them, named from `from` (`hexsideKey` gives the name both agree on). */
  readonly hexside: Hexside;
  /**
   * `side`: through the hexside's middle part. `corner`: through one of its two end corners only,
   * where a third hex meets them; the line touches that hex at the one point (`touches`).
   */
  readonly through: 'side' | 'corner';
  readonly touches?: Axial;
}

/** A stretch where the line runs along the hexside between two hexes. */
export interface HexLinePair {
  readonly left: Axial;
  readonly right: Axial;
  /** The hexside the line runs along, named from `left`. */
  readonly hexside: Hexside;
}

/** What a line between two hex centres passes through, in order from the first hex. */
export interface HexLine {
  /**
   * Every hex whose inside the line passes through, first and last included, in order, each a
   * neighbour of the one before; plus, where the line runs along a hexside, the hex the tie rule
   * picks (with `both`, the pair, left hex first). That is at least distance + 1 hexes, and can be
   * more: a line may clip the corner of a hex off the shortest path ((0, 0) to (-9, -7) passes
   * through 18 hexes in 16 steps). `hexLine` gives the shortest straight path instead.
   */
  readonly hexes: readonly Axial[];
  /**
   * Each passage from one listed hex to the next one the line enters. With `both`, the line
   * enters both hexes of a pair from the hex before and leaves both for the hex after, so a pair
   * contributes four crossings (two in, two out) and none between its own two hexes.
   */
  readonly crossings: readonly HexLineCrossing[];
  /** Where the line runs along a hexside, with the hex on each side (whatever the tie rule). */
  readonly ambiguous: readonly HexLinePair[];
}

/**
 * Traces the straight line from the centre of `from` to the centre of `to`, exactly: the hexes
 * and hexsides that line of sight between the two crosses.
 *
 * Every position on the line is a rational multiple of the two hexes' coordinates, and every
 * hexside lies on a line where one of q − r, r − s, s − q is an integer, so the walk compares
 * small integers and never rounds: a line that grazes a corner or runs along a hexside is seen
 * as doing so, never nudged into one hex by floating-point error. Such lines are common (any
 * line between two hexes whose cube offset has all three components congruent mod 3 passes
 * through corners; the six directions between neighbour directions run along hexsides).
 */
export function traceHexLine(
  orientation: HexOrientation,
  from: Axial,
  to: Axial,
  tie: HexLineTie,
): HexLine {
  const cells = walk(subAxial(to, from));
  const at = (h: Axial) => addAxial(h, from);
  const resolve = (c: Cell): Axial[] =>
    c.kind === 'hex'
      ? [at(c.hex)]
      : tie === 'left'
        ? [at(c.left)]
        : tie === 'right'
          ? [at(c.right)]
          : [at(c.left), at(c.right)];
  const hexes: Axial[] = [];
  const crossings: HexLineCrossing[] = [];
  const ambiguous: HexLinePair[] = [];
  let before: Axial[] = [];
  for (const c of cells) {
    const now = resolve(c);
    if (c.kind === 'along') {
      const left = at(c.left);
      ambiguous.push({
        left,
        right: at(c.right),
        hexside: between(orientation, left, at(c.right)),
      });
    }
    const meeting = c.meeting.map(at);
    for (const f of before)
      for (const t of now) {
        const third = meeting.find((m) => !sameHex(m, f) && !sameHex(m, t));
        crossings.push({
          from: f,
          to: t,
          hexside: between(orientation, f, t),
          through: third ? 'corner' : 'side',
          ...(third ? { touches: third } : {}),
        });
      }
    hexes.push(...now);
    before = now;
  }
  return { hexes, crossings, ambiguous };
}

function between(orientation: HexOrientation, a: Axial, b: Axial): Hexside {
  const s = hexsideBetween(orientation, a, b);
  if (!s) throw new Error(`hex line: ${axialKey(a)} and ${axialKey(b)} are not neighbours`);
  return s;
}

/**
 * What the line passes through next: a hex's inside, or the hexside between two hexes. `meeting`
 * lists the hexes whose closed area holds the point where the line arrives here (two through a
 * hexside, three at a corner); empty for the first cell.
 */
type Cell =
  | { kind: 'hex'; hex: Axial; meeting: Axial[] }
  | { kind: 'along'; left: Axial; right: Axial; meeting: Axial[] };

/** A parameter along the line, n / d with d > 0: 0 at the first centre, 1 at the last. */
interface Param {
  readonly n: number;
  readonly d: number;
}

/**
 * The three "difference" coordinates of a cube position: a = q − r, b = r − s, c = s − q. A hex
 * h is the region |a − a(h)| ≤ 1, |b − b(h)| ≤ 1, |c − c(h)| ≤ 1; its sides lie on those bounds.
 */
function diffs(h: Axial): [number, number, number] {
  const s = -h.q - h.r;
  return [h.q - h.r, h.r - s, s - h.q];
}

type After = 'inside' | 'outside' | 'along';

/**
 * Where the line point at `t` lies relative to hex `h` (relative to the first hex): whether the
 * closed hex holds it, and whether the line just after `t` is inside the hex, outside it, or
 * running along one of its sides. Exact: every term is an integer.
 */
function classify(dd: readonly number[], h: Axial, t: Param): { holds: boolean; after: After } {
  const hd = diffs(h);
  let after: After = 'inside';
  for (let k = 0; k < 3; k++) {
    const D = dd[k]!;
    const hk = hd[k]!;
    // Slack to the upper bound (hk + 1) and to the lower bound (hk - 1), times t.d, with the
    // sign of their change as t grows.
    const bounds: [number, number][] = [
      [(hk + 1) * t.d - t.n * D, -D],
      [t.n * D - (hk - 1) * t.d, D],
    ];
    for (const [slack, change] of bounds) {
      if (slack < 0) return { holds: false, after: 'outside' };
      if (slack > 0) continue;
      if (change < 0) after = 'outside';
      else if (change === 0 && after === 'inside') after = 'along';
    }
  }
  return { holds: true, after };
}

/** The parameter at which the line leaves the closed hex `h` (the least outward bound). */
function exitParam(dd: readonly number[], h: Axial): Param {
  const hd = diffs(h);
  let best: Param | undefined;
  for (let k = 0; k < 3; k++) {
    const D = dd[k]!;
    if (D === 0) continue;
    const p: Param = D > 0 ? { n: hd[k]! + 1, d: D } : { n: 1 - hd[k]!, d: -D };
    if (!best || p.n * best.d < best.n * p.d) best = p;
  }
  if (!best) throw new Error('hex line: a line of zero length has no exit');
  return best;
}

/** The cells of the line from axial (0, 0) to `to`, in order. */
function walk(to: Axial): Cell[] {
  const dd = diffs(to);
  const origin = axial(0, 0);
  const cells: Cell[] = [{ kind: 'hex', hex: origin, meeting: [] }];
  // Each cell is entered once and the line has at most 2·distance + 1 of them.
  const limit = 3 * (Math.abs(to.q) + Math.abs(to.r)) + 4;
  for (let guard = 0; guard < limit; guard++) {
    const cur = cells[cells.length - 1]!;
    if (cur.kind === 'hex' && sameHex(cur.hex, to)) return cells;
    const own = cur.kind === 'hex' ? [cur.hex] : [cur.left, cur.right];
    const t = exitParam(dd, own[0]!);
    const seen = new Set(own.map(axialKey));
    const around: Axial[] = [...own];
    for (const o of own)
      for (const n of hexNeighbours(o))
        if (!seen.has(axialKey(n))) {
          seen.add(axialKey(n));
          around.push(n);
        }
    const meeting: Axial[] = [];
    const inside: Axial[] = [];
    const along: Axial[] = [];
    for (const h of around) {
      const c = classify(dd, h, t);
      if (!c.holds) continue;
      meeting.push(h);
      if (c.after === 'inside') inside.push(h);
      else if (c.after === 'along') along.push(h);
    }
    if (inside.length === 1) {
      cells.push({ kind: 'hex', hex: inside[0]!, meeting });
    } else if (inside.length === 0 && along.length === 2) {
      const [a, b] = along as [Axial, Axial];
      // Left of the walker: the cross product of the line's direction and the hex's offset is
      // negative on the table (y grows south), and axial-to-table keeps its sign on both
      // orientations.
      const aLeft = to.q * a.r - to.r * a.q < 0;
      cells.push({ kind: 'along', left: aLeft ? a : b, right: aLeft ? b : a, meeting });
    } else {
      throw new Error(
        `hex line to ${axialKey(to)}: ${inside.length} hexes ahead at ${t.n}/${t.d}, ${along.length} alongside`,
      );
    }
  }
  throw new Error(`hex line to ${axialKey(to)} did not arrive`);
}

/** A straight path of hexes: the hexes nearest to evenly spaced points of a line. */
export interface HexPath {
  /**
   * distance + 1 hexes from the first to the last, each a neighbour of the one before. With
   * `both`, each tied pair is listed left hex first, so there are distance + 1 + ambiguous.length.
   */
  readonly hexes: readonly Axial[];
  /** The points of the line that lie on a hexside, midway between two hexes. */
  readonly ambiguous: readonly { readonly left: Axial; readonly right: Axial }[];
}

/**
 * The straight path of hexes from `from` to `to`: for each of the distance + 1 points evenly
 * spaced along the line between their centres, the hex that holds it (Red Blob Games' hex line
 * drawing). It is a shortest path, so it suits a straight move or a counted range; it is not
 * every hex the line touches (a line can clip the corner of a hex between two points), which is
 * what line of sight needs: use `traceHexLine` for that.
 *
 * A point that lies exactly on a hexside (the line's points are rationals, checked exactly, never
 * nudged) is a tie between the hexes on its two sides, which always lie one left and one right
 * of the line; `tie` picks.
 */
export function hexLine(from: Axial, to: Axial, tie: HexLineTie): HexPath {
  const d = subAxial(to, from);
  const n = hexDistance(from, to);
  if (n === 0) return { hexes: [from], ambiguous: [] };
  const dd = diffs(d);
  const hexes: Axial[] = [];
  const ambiguous: { left: Axial; right: Axial }[] = [];
  for (let i = 0; i <= n; i++) {
    const near = roundAxial((i * d.q) / n, (i * d.r) / n);
    const t: Param = { n: i, d: n };
    const holding = [near, ...hexNeighbours(near)].filter((h) => classify(dd, h, t).holds);
    if (holding.length === 1) {
      hexes.push(addAxial(holding[0]!, from));
      continue;
    }
    // Never a corner: a line meets corners only when its cube offset's components are all equal
    // mod 3 and not 0; they then lie at thirds of each primitive step, whose length (its largest
    // component) is not a multiple of 3, so no point i/n is one. A tie is between two hexes.
    if (holding.length !== 2)
      throw new Error(
        `hex line to ${axialKey(d)}: point ${i}/${n} lies in ${holding.length} hexes`,
      );
    const [a, b] = holding as [Axial, Axial];
    const aLeft = d.q * (a.r * n - i * d.r) - d.r * (a.q * n - i * d.q) < 0;
    const left = addAxial(aLeft ? a : b, from);
    const right = addAxial(aLeft ? b : a, from);
    ambiguous.push({ left, right });
    if (tie === 'left') hexes.push(left);
    else if (tie === 'right') hexes.push(right);
    else hexes.push(left, right);
  }
  return { hexes, ambiguous };
}
