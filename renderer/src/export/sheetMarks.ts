import { rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { planTiles } from './tiles';

/** The ink the sheet furniture is drawn in. */
export const SHEET_INK = rgb(0.1, 0.1, 0.1);

/** One printed sheet of a tiled 1:1 table: where its map area sits and which part it shows. */
export interface Sheet {
  readonly page: PDFPage;
  readonly tiles: ReturnType<typeof planTiles>;
  /** Column and row of this sheet. */
  readonly c: number;
  readonly r: number;
  /** The part of the table it shows, in inches. */
  readonly x0: number;
  readonly y0: number;
  readonly w: number;
  readonly h: number;
  /** Page margin in inches. */
  readonly margin: number;
  readonly title: string;
  readonly font: PDFFont;
}

const pt = (inches: number) => inches * 72;

/**
 * What every sheet carries around its map, raster or vector alike: the border, dashed lines where
 * the neighbouring sheets begin, registration crosses and crop marks on the corners, the caption
 * naming the sheet and the part of the table it shows, and a one-inch check bar.
 */
export function drawSheetMarks(s: Sheet): void {
  const { page, tiles: t, c, r, x0, y0, w, h, font } = s;
  const ink = SHEET_INK;
  const left = pt(s.margin);
  const top = pt(t.pageH - s.margin);
  page.drawRectangle({
    x: left,
    y: top - pt(h),
    width: pt(w),
    height: pt(h),
    borderColor: ink,
    borderWidth: 0.3,
  });
  // Where the next sheets begin: glue the neighbour on this line.
  const dash = { dashArray: [4, 3], thickness: 0.6, color: rgb(0.85, 0.1, 0.1) };
  if (c < t.cols - 1 && t.stepX < w)
    page.drawLine({
      start: { x: left + pt(t.stepX), y: top },
      end: { x: left + pt(t.stepX), y: top - pt(h) },
      ...dash,
    });
  if (r < t.rows - 1 && t.stepY < h)
    page.drawLine({
      start: { x: left, y: top - pt(t.stepY) },
      end: { x: left + pt(w), y: top - pt(t.stepY) },
      ...dash,
    });
  const corners = [
    [left, top, -1, 1],
    [left + pt(w), top, 1, 1],
    [left, top - pt(h), -1, -1],
    [left + pt(w), top - pt(h), 1, -1],
  ] as const;
  const line = (x1: number, y1: number, x2: number, y2: number, thickness: number) =>
    page.drawLine({ start: { x: x1, y: y1 }, end: { x: x2, y: y2 }, thickness, color: ink });
  for (const [cx, cy, sx, sy] of corners) {
    // A registration cross on the corner, and crop marks in the margin in line with its edges.
    line(cx - 8, cy, cx + 8, cy, 0.5);
    line(cx, cy - 8, cx, cy + 8, 0.5);
    line(cx + sx * 10, cy, cx + sx * 22, cy, 0.4);
    line(cx, cy + sy * 10, cx, cy + sy * 22, 0.4);
  }
  const captionY = pt(s.margin) + 6;
  const total = t.cols * t.rows;
  page.drawText(
    `${s.title} - sheet ${r * t.cols + c + 1} of ${total} (row ${r + 1}, column ${c + 1}) - table ${x0.toFixed(1)}-${(x0 + w).toFixed(1)}" x ${y0.toFixed(1)}-${(y0 + h).toFixed(1)}" - print at 100% / actual size`,
    { x: left, y: captionY, size: 7, font, color: ink },
  );
  // A 1-inch check bar in the bottom-right corner.
  const barX = pt(t.pageW - s.margin) - 72;
  page.drawRectangle({ x: barX, y: captionY, width: 72, height: 4, color: ink });
  page.drawText('1 inch', { x: barX + 22, y: captionY + 6, size: 6, font, color: ink });
}
