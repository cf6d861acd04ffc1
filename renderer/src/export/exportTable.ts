import { PDFDocument, StandardFonts } from 'pdf-lib';
import { paintScene, type Scene } from '../canvas/paintTerrain';
import { legendEntries, legendSheets, legendSize, paintLegend } from '../canvas/legend';
import { SvgContext } from './SvgContext';
import { drawSheetMarks, SHEET_INK } from './sheetMarks';
import { planTiles, type PdfOptions } from './tiles';

/** Browsers refuse canvases beyond this many pixels a side. */
export const MAX_CANVAS_SIDE = 16_384;

function renderRegion(
  scene: Scene,
  x: number,
  y: number,
  w: number,
  h: number,
  dpi: number,
): HTMLCanvasElement {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(w * dpi));
  canvas.height = Math.max(1, Math.round(h * dpi));
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw to a canvas');
  ctx.scale(dpi, dpi);
  ctx.translate(-x, -y);
  paintScene(ctx, scene, { box: { minX: x, minY: y, maxX: x + w, maxY: y + h } });
  return canvas;
}

function canvasBytes(canvas: HTMLCanvasElement): Promise<Uint8Array> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => {
      if (!blob) return reject(new Error('The image could not be encoded'));
      void blob.arrayBuffer().then((b) => resolve(new Uint8Array(b)));
    }, 'image/png'),
  );
}

/** Where the legend goes below a map: its columns, size and top edge, in inches. */
export function legendLayout(scene: Scene, size: { width: number; height: number }) {
  const entries = legendEntries(scene);
  const columns = Math.max(1, Math.min(4, Math.floor((size.width - 0.5) / 3.6)));
  const box = legendSize(entries.length, columns);
  return { entries, columns, ...box, top: size.height + 0.25 };
}

/** The whole map as a PNG at `dpi` pixels per inch, with the legend below it if asked. */
export async function exportPng(
  scene: Scene,
  size: { width: number; height: number },
  dpi: number,
  legend = false,
): Promise<Uint8Array> {
  const key = legend ? legendLayout(scene, size) : null;
  const width = Math.max(size.width, key?.width ?? 0);
  const height = key ? key.top + key.height : size.height;
  if (width * dpi > MAX_CANVAS_SIDE || height * dpi > MAX_CANVAS_SIDE) {
    throw new Error(
      `At ${dpi} px per inch the image would be wider than ${MAX_CANVAS_SIDE} px; choose a lower resolution.`,
    );
  }
  if (!key) return canvasBytes(renderRegion(scene, 0, 0, size.width, size.height, dpi));
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(width * dpi);
  canvas.height = Math.round(height * dpi);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw to a canvas');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(renderRegion(scene, 0, 0, size.width, size.height, dpi), 0, 0);
  ctx.scale(dpi, dpi);
  ctx.translate(0, key.top);
  paintLegend(ctx, scene, key.entries, key.columns, scene.style ?? 'printed');
  return canvasBytes(canvas);
}

/** The whole map as SVG in real inches, with the legend below it if asked. */
export function exportSvg(
  scene: Scene,
  size: { width: number; height: number },
  title: string,
  legend = false,
): string {
  const ctx = new SvgContext();
  paintScene(ctx, scene);
  if (!legend) return ctx.toSvg(size.width, size.height, title);
  const key = legendLayout(scene, size);
  ctx.save();
  ctx.translate(0, key.top);
  paintLegend(ctx, scene, key.entries, key.columns, scene.style ?? 'printed');
  ctx.restore();
  return ctx.toSvg(Math.max(size.width, key.width), key.top + key.height, title);
}

/** The legend alone as an image, for the last sheet of a PDF. */
export function legendCanvas(
  scene: Scene,
  columns: number,
  dpi: number,
  part?: { from: number; to: number },
): HTMLCanvasElement {
  const all = legendEntries(scene);
  const entries = part ? all.slice(part.from, part.to) : all;
  const box = legendSize(entries.length, columns);
  const canvas = document.createElement('canvas');
  canvas.width = Math.round(box.width * dpi);
  canvas.height = Math.round(box.height * dpi);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('This browser cannot draw to a canvas');
  ctx.scale(dpi, dpi);
  paintLegend(ctx, scene, entries, columns, scene.style ?? 'printed');
  return canvas;
}

/**
 * A print-ready PDF of the table at 1:1 scale, tiled over A4 or Letter sheets. Each sheet overlaps
 * its neighbours; dashed lines mark where the next sheet's image begins, crosses mark shared
 * corners, and a 1-inch bar on every page checks that it was printed at actual size.
 */
export async function exportPdf(
  scene: Scene,
  size: { width: number; height: number },
  o: PdfOptions,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(o.title);
  pdf.setCreator('Sandtable');
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const t = planTiles(size, o);
  const pt = (inches: number) => inches * 72;
  const ink = SHEET_INK;
  for (let r = 0; r < t.rows; r++) {
    for (let c = 0; c < t.cols; c++) {
      const x0 = c * t.stepX;
      const y0 = r * t.stepY;
      const w = Math.min(t.areaW, size.width - x0);
      const h = Math.min(t.areaH, size.height - y0);
      const page = pdf.addPage([pt(t.pageW), pt(t.pageH)]);
      const png = await pdf.embedPng(await canvasBytes(renderRegion(scene, x0, y0, w, h, o.dpi)));
      // PDF y grows upwards: the tile's top-left sits at (margin, pageH - margin).
      const left = pt(o.margin);
      const top = pt(t.pageH - o.margin);
      page.drawImage(png, { x: left, y: top - pt(h), width: pt(w), height: pt(h) });
      drawSheetMarks({
        page,
        tiles: t,
        c,
        r,
        x0,
        y0,
        w,
        h,
        margin: o.margin,
        title: o.title,
        font,
      });
    }
  }
  if (o.legend) {
    // The key at 1:1 like the map, on as many last sheets as it takes to hold every entry.
    const count = legendEntries(scene).length;
    const sheets = legendSheets(count, { width: t.pageW, height: t.pageH }, o.margin);
    for (const [k, sheet] of sheets.entries()) {
      const [pw, ph] = sheet.landscape
        ? [Math.max(t.pageW, t.pageH), Math.min(t.pageW, t.pageH)]
        : [Math.min(t.pageW, t.pageH), Math.max(t.pageW, t.pageH)];
      const page = pdf.addPage([pt(pw), pt(ph)]);
      const image = legendCanvas(scene, sheet.columns, o.dpi, sheet);
      const png = await pdf.embedPng(await canvasBytes(image));
      const w = image.width / o.dpi;
      const h = image.height / o.dpi;
      page.drawImage(png, {
        x: pt(o.margin),
        y: pt(ph - o.margin - h),
        width: pt(w),
        height: pt(h),
      });
      page.drawText(
        `${o.title} - legend${sheets.length > 1 ? ` (sheet ${k + 1} of ${sheets.length})` : ''}`,
        {
          x: pt(o.margin),
          y: pt(o.margin) + 6,
          size: 7,
          font,
          color: ink,
        },
      );
    }
  }
  return pdf.save();
}
