import fontkit from '@pdf-lib/fontkit';
import { strToU8, zlibSync } from 'fflate';
import { PDFDocument, type PDFFont, type PDFName, type PDFPage } from 'pdf-lib';
import { paintScene, type Scene } from '../canvas/paintTerrain';
import { legendEntries, legendSheets, legendSize, paintLegend } from '../canvas/legend';
import { PdfContext, type PdfFonts } from './PdfContext';
import { drawSheetMarks, SHEET_INK } from './sheetMarks';
import { planTiles, type PdfOptions } from './tiles';
import { woffToSfnt } from './woff';

/** The font files the PDF embeds (subset to the glyphs used): WOFF or TrueType bytes. */
export interface PdfFontFiles {
  readonly regular: Uint8Array;
  readonly bold: Uint8Array;
}

/** A picture printed under the terrain (only when the user asks for the underlay in print). */
export interface PdfUnderlay {
  readonly bytes: Uint8Array;
  readonly mime: 'image/png' | 'image/jpeg';
  /** Top-left corner in table inches. */
  readonly x: number;
  readonly y: number;
  /** Size in table inches (before rotation). */
  readonly width: number;
  readonly height: number;
  /** Degrees clockwise about the top-left corner. */
  readonly rotation: number;
  readonly opacity: number;
}

export interface VectorPdfOptions extends Omit<PdfOptions, 'dpi' | 'legend'> {
  readonly fonts: PdfFontFiles;
  /** The legend on a last sheet of its own, at 1:1 like the map, also as vectors. */
  readonly legend?: boolean;
  readonly underlay?: PdfUnderlay;
}

const pt = (inches: number) => inches * 72;
const num = (v: number) => String(Math.round(v * 10000) / 10000);

/**
 * Adds content-stream text to a page as its own compressed stream, after what the page has so
 * far; pdf-lib's own drawing calls made later go into a stream after it.
 */
function addContent(pdf: PDFDocument, page: PDFPage, text: string): void {
  // fflate, not pdf-lib's own deflate: a textured sheet is megabytes of operators, and fflate
  // compresses them several times faster at the same size.
  const bytes = zlibSync(strToU8(text, true), { level: 6 });
  const stream = pdf.context.stream(bytes, { Filter: 'FlateDecode', Length: bytes.length });
  page.node.addContentStream(pdf.context.register(stream));
}

/** WOFF fonts unwrapped to TrueType (see woff.ts); TrueType passes through. */
const sfnt = (bytes: Uint8Array) =>
  bytes[0] === 0x77 && bytes[1] === 0x4f && bytes[2] === 0x46 && bytes[3] === 0x46
    ? woffToSfnt(bytes)
    : bytes;

/** Page resources for {@link PdfContext}: font and transparency names, added on first use. */
function pageResources(pdf: PDFDocument, page: PDFPage) {
  const fontKeys = new Map<PDFFont, PDFName>();
  const alphaKeys = new Map<number, PDFName>();
  return {
    fontKey(font: PDFFont): PDFName {
      let key = fontKeys.get(font);
      if (!key) fontKeys.set(font, (key = page.node.newFontDictionary(font.name, font.ref)));
      return key;
    },
    alphaKey(alpha: number): PDFName {
      let key = alphaKeys.get(alpha);
      if (!key) {
        const gs = pdf.context.obj({ Type: 'ExtGState', ca: alpha, CA: alpha });
        alphaKeys.set(alpha, (key = page.node.newExtGState('GS', gs)));
      }
      return key;
    },
  };
}

/**
 * A print-ready PDF of the table at 1:1 scale, tiled over A4 or Letter sheets, with the terrain,
 * labels and marks as vectors and the text in an embedded font. Each sheet overlaps its
 * neighbours by `overlap`; dashed lines mark where the next sheet's image begins, crop marks and
 * crosses mark the image corners, and a 1-inch bar checks that it was printed at actual size.
 * Pure: no canvas or DOM, so it also runs in Node (tests, benchmark).
 */
export async function exportVectorPdf(
  scene: Scene,
  size: { width: number; height: number },
  o: VectorPdfOptions,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(fontkit);
  pdf.setTitle(o.title);
  pdf.setCreator('Sandtable');
  pdf.setProducer('Sandtable (pdf-lib)');
  const fonts: PdfFonts = {
    regular: await pdf.embedFont(sfnt(o.fonts.regular), { subset: true }),
    bold: await pdf.embedFont(sfnt(o.fonts.bold), { subset: true }),
  };
  const underlay = o.underlay
    ? o.underlay.mime === 'image/png'
      ? await pdf.embedPng(o.underlay.bytes)
      : await pdf.embedJpg(o.underlay.bytes)
    : undefined;
  const t = planTiles(size, o);
  const ink = SHEET_INK;
  for (let r = 0; r < t.rows; r++) {
    for (let c = 0; c < t.cols; c++) {
      const x0 = c * t.stepX;
      const y0 = r * t.stepY;
      const w = Math.min(t.areaW, size.width - x0);
      const h = Math.min(t.areaH, size.height - y0);
      const page = pdf.addPage([pt(t.pageW), pt(t.pageH)]);
      const left = pt(o.margin);
      const top = pt(t.pageH - o.margin);
      // Table inches to page points: y grows down the table and up the page.
      const resources = pageResources(pdf, page);
      const toPage = `72 0 0 -72 ${num(left - pt(x0))} ${num(top + pt(y0))} cm\n`;
      const ctx = new PdfContext(fonts, resources);
      paintScene(ctx, scene, { box: { minX: x0, minY: y0, maxX: x0 + w, maxY: y0 + h } });
      let content = `q\n${num(left)} ${num(top - pt(h))} ${num(pt(w))} ${num(pt(h))} re\nW\nn\nq\n${toPage}${ctx.content()}Q\n`;
      if (underlay && o.underlay) {
        // Over the terrain at its opacity, as the editor shows it.
        const u = o.underlay;
        const a = (u.rotation * Math.PI) / 180;
        const key = page.node.newXObject('Image', underlay.ref).toString();
        const gs = resources.alphaKey(Math.round(u.opacity * 1000) / 1000).toString();
        const turn = [Math.cos(a), Math.sin(a), -Math.sin(a), Math.cos(a), u.x, u.y]
          .map(num)
          .join(' ');
        // The image's unit square, flipped to y-down, scaled, turned and placed.
        content += `q\n${gs} gs\n${toPage}${turn} cm\n${num(u.width)} 0 0 ${num(-u.height)} 0 ${num(u.height)} cm\n${key} Do\nQ\n`;
      }
      addContent(pdf, page, `${content}Q\n`);

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
        font: fonts.regular,
      });
    }
  }
  if (o.legend) {
    // The map legend at 1:1 like the map, as vectors (issue 18), on as many last sheets as it
    // takes: a long legend flows on to another sheet rather than off the paper's edge.
    const entries = legendEntries(scene);
    const sheets = legendSheets(entries.length, { width: t.pageW, height: t.pageH }, o.margin);
    sheets.forEach((sheet, k) => {
      const [pw, ph] = sheet.landscape
        ? [Math.max(t.pageW, t.pageH), Math.min(t.pageW, t.pageH)]
        : [Math.min(t.pageW, t.pageH), Math.max(t.pageW, t.pageH)];
      const page = pdf.addPage([pt(pw), pt(ph)]);
      const part = entries.slice(sheet.from, sheet.to);
      const ctx = new PdfContext(fonts, pageResources(pdf, page));
      paintLegend(ctx, scene, part, sheet.columns, scene.style ?? 'printed');
      addContent(
        pdf,
        page,
        `q\n72 0 0 -72 ${num(pt(o.margin))} ${num(pt(ph - o.margin))} cm\n${ctx.content()}Q\n`,
      );
      const box = legendSize(part.length, sheet.columns);
      page.drawText(
        `${o.title} - legend${sheets.length > 1 ? ` (sheet ${k + 1} of ${sheets.length})` : ''}`,
        {
          x: pt(o.margin),
          y: pt(ph - o.margin - box.height) - 12,
          size: 7,
          font: fonts.regular,
          color: ink,
        },
      );
    });
  }
  return pdf.save();
}
