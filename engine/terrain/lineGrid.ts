/**
 * A grid of the table's line features (walls, hedges, fences): which lie in each cell, so a
 * segment meets only the lines of the cells it crosses.
 */
import { type Box } from '../geometry/polygon';
import type { TablePoint } from '../geometry/units';
import { boxCells } from './groundCells';

/** Side of a line-grid cell, in inches. */
const LINE_CELL = 2;

/**
 * Features by grid cell, for the features a segment may meet: the cells along the segment are
 * walked row by row, and each feature listed there is taken once and kept when the segment meets
 * its box. On a table of a few dozen features this is about twice as fast as searching the tree
 * with the segment's box (a long diagonal's box holds most of the table), and on a big table the
 * walk reads only the cells the line crosses. Lines off the grid's table are clamped to its edge
 * cells, which list every feature whose box reaches past the edge.
 */
export class LineGrid {
  private readonly columns: number;
  private readonly rows: number;
  /** The cells' lists one after the other: cell k's are `items[starts[k]]` to `items[starts[k + 1] - 1]`. */
  private readonly starts: Int32Array;
  private readonly items: Int32Array;
  /** minX, minY, maxX, maxY of the box of feature i at 4i. */
  private readonly boxes: Float64Array;
  private readonly seen: Uint32Array;
  private stamp = 0;
  /** The features the last `along` found, by their number in the grid's list, in order. */
  readonly found: Int32Array;

  /**
   * `features[i].box` is the box the segment is tested against for feature i. With `scan` the
   * grid has one cell and `along` tests every feature's box (the benchmark's plain scan).
   */
  constructor(
    features: readonly { readonly box: Box }[],
    width: number,
    height: number,
    scan: boolean,
  ) {
    const { columns, rows, lists } = scan
      ? { columns: 1, rows: 1, lists: [features.map((_, i) => i)] }
      : boxCells(features, LINE_CELL, width, height);
    this.columns = columns;
    this.rows = rows;
    this.starts = new Int32Array(lists.length + 1);
    let at = 0;
    lists.forEach((l, k) => {
      this.starts[k] = at;
      at += l.length;
    });
    this.starts[lists.length] = at;
    this.items = Int32Array.from(lists.flat());
    this.boxes = new Float64Array(features.length * 4);
    const pad = BOX_PAD;
    features.forEach(({ box }, i) =>
      this.boxes.set([box.minX - pad, box.minY - pad, box.maxX + pad, box.maxY + pad], 4 * i),
    );
    this.seen = new Uint32Array(features.length);
    this.found = new Int32Array(features.length);
  }

  /** The features whose box the segment `a`–`b` passes through, into `found`; returns their count. */
  along(a: TablePoint, b: TablePoint): number {
    if (++this.stamp === 0xffffffff) {
      this.seen.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const { columns, rows, starts, items, boxes, seen, found } = this;
    const ax = a.x;
    const ay = a.y;
    const bx = b.x;
    const by = b.y;
    const dx = bx - ax;
    const dy = by - ay;
    let count = 0;
    const r0 = clampCell(Math.min(ay, b.y), rows);
    const r1 = clampCell(Math.max(ay, b.y), rows);
    for (let r = r0; r <= r1; r++) {
      // The part of the segment within this row's band (all of it in the first and last rows
      // when the ends lie beyond the grid), as a range of columns.
      let xLo: number;
      let xHi: number;
      if (r0 === r1 || dy === 0) {
        xLo = Math.min(ax, b.x);
        xHi = Math.max(ax, b.x);
      } else {
        const yLo = r === r0 ? -Infinity : r * LINE_CELL;
        const yHi = r === r1 ? Infinity : (r + 1) * LINE_CELL;
        const tLo = Math.min(1, Math.max(0, ((dy > 0 ? yLo : yHi) - ay) / dy));
        const tHi = Math.min(1, Math.max(0, ((dy > 0 ? yHi : yLo) - ay) / dy));
        const x0 = ax + dx * tLo;
        const x1 = ax + dx * tHi;
        xLo = Math.min(x0, x1);
        xHi = Math.max(x0, x1);
      }
      // A hair wider, so rounding at a cell's side never drops the cell the line runs along.
      const c1 = clampCell(xHi + 1e-9, columns);
      for (let c = clampCell(xLo - 1e-9, columns); c <= c1; c++) {
        const cell = r * columns + c;
        const end = starts[cell + 1]!;
        for (let k = starts[cell]!; k < end; k++) {
          const i = items[k]!;
          if (seen[i] === stamp) continue;
          seen[i] = stamp;
          // Whether the segment passes through the box (a separating-axis test: the box's two
          // axes, then the side of the segment's line each corner lies on), with products only.
          // Written out here rather than called: with the lab's small inlining budget a call
          // boxed its eight numbers, a twentieth of everything a village game allocated.
          const o = 4 * i;
          const minX = boxes[o]!;
          const minY = boxes[o + 1]!;
          const maxX = boxes[o + 2]!;
          const maxY = boxes[o + 3]!;
          if (ax < bx ? bx < minX || ax > maxX : ax < minX || bx > maxX) continue;
          if (ay < by ? by < minY || ay > maxY : ay < minY || by > maxY) continue;
          const x0 = dy * (minX - ax);
          const x1 = dy * (maxX - ax);
          const y0 = dx * (minY - ay);
          const y1 = dx * (maxY - ay);
          // The corners' sides: dx * (y - ay) - dy * (x - ax).
          const c00 = y0 - x0;
          const c10 = y0 - x1;
          const c01 = y1 - x0;
          const c11 = y1 - x1;
          if (c00 > 0 && c10 > 0 && c01 > 0 && c11 > 0) continue;
          if (c00 < 0 && c10 < 0 && c01 < 0 && c11 < 0) continue;
          found[count++] = i;
        }
      }
    }
    return count;
  }
}

/**
 * How much larger than its feature's box a line-grid box is: far above the rounding of
 * the box test in `along`, so that it never drops a feature whose box the segment passes through (it may keep
 * one the segment passes within a hair of; the exact tests after it decide).
 */
const BOX_PAD = 1e-9;

/** The line-grid cell (column or row) of a coordinate, clamped to the grid's `n` cells. */
function clampCell(v: number, n: number): number {
  return Math.min(n - 1, Math.max(0, Math.floor(v / LINE_CELL)));
}
