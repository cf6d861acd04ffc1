/** How a table is cut into printed sheets; kept apart from pdf-lib so dialogs can preview it. */
export type PaperSize = 'a4' | 'letter';
export const PAPER_PT: Record<PaperSize, [number, number]> = {
  a4: [595.28, 841.89],
  letter: [612, 792],
};

export interface PdfOptions {
  paper: PaperSize;
  /** Inches each sheet shares with its neighbours, for gluing and aligning. */
  overlap: number;
  /** Unprintable border most printers keep, in inches. */
  margin: number;
  dpi: number;
  title: string;
  /** A last sheet with the map legend. */
  legend?: boolean;
}

/** How the table is cut into pages: sheet orientation, grid and the step between sheets. */
export function planTiles(
  size: { width: number; height: number },
  o: Pick<PdfOptions, 'paper' | 'overlap' | 'margin'>,
) {
  const [pw, ph] = PAPER_PT[o.paper].map((pt) => pt / 72) as [number, number];
  const plan = (landscape: boolean) => {
    const pageW = landscape ? ph : pw;
    const pageH = landscape ? pw : ph;
    const areaW = pageW - 2 * o.margin;
    const areaH = pageH - 2 * o.margin - 0.35; // room for the caption line
    const stepX = areaW - o.overlap;
    const stepY = areaH - o.overlap;
    const cols = Math.max(1, Math.ceil((size.width - o.overlap) / stepX));
    const rows = Math.max(1, Math.ceil((size.height - o.overlap) / stepY));
    return { landscape, pageW, pageH, areaW, areaH, stepX, stepY, cols, rows };
  };
  const a = plan(false);
  const b = plan(true);
  return a.cols * a.rows <= b.cols * b.rows ? a : b;
}
