/* eslint-disable no-restricted-imports -- this test runs in Node: it reads the shipped font files and the village scenario from disk */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFName, PDFRawStream, PDFDict } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { bundledScenario } from '../../../scripts/testing/bundled';
import { exportVectorPdf, type PdfFontFiles } from './vectorPdf';
import { PAPER_PT } from './tiles';
import type { Scene } from '../canvas/paintTerrain';
import { legendEntries, legendSheets, legendSize } from '../canvas/legend';

const root = join(import.meta.dirname, '../../..');
export const testFonts = (): PdfFontFiles => ({
  regular: readFileSync(
    join(root, 'node_modules/@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff'),
  ),
  bold: readFileSync(
    join(root, 'node_modules/@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff'),
  ),
});

function village(): { scene: Scene; size: { width: number; height: number } } {
  const doc = bundledScenario('tankplank-village');
  if (doc.map.kind !== 'table') throw new Error('village is a table');
  return {
    scene: {
      kind: 'table',
      width: doc.map.width,
      height: doc.map.height,
      features: doc.map.features,
    },
    size: { width: doc.map.width, height: doc.map.height },
  };
}

/** The decoded content streams of a page. */
function contentOf(doc: PDFDocument, index: number): string {
  const page = doc.getPage(index);
  const contents = page.node.get(PDFName.of('Contents'));
  const refs = contents instanceof PDFArray ? contents.asArray() : [contents];
  return refs
    .map((ref) => {
      const s = doc.context.lookup(ref);
      if (!(s instanceof PDFRawStream)) return '';
      return new TextDecoder('latin1').decode(decodePDFRawStream(s).decode());
    })
    .join('\n');
}

describe('vector PDF export', () => {
  it('draws the village at 1:1 on A4 as vectors with an embedded font', async () => {
    const { scene, size } = village();
    const bytes = await exportVectorPdf(scene, size, {
      paper: 'a4',
      overlap: 0.5,
      margin: 0.4,
      title: 'Village',
      fonts: testFonts(),
    });
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBeGreaterThan(1);
    const [w, h] = PAPER_PT.a4;
    for (const page of doc.getPages()) {
      const s = page.getSize();
      // Portrait or landscape A4, to the point.
      expect([Math.round(s.width), Math.round(s.height)].sort()).toEqual(
        [Math.round(w), Math.round(h)].sort(),
      );
    }
    const ops = contentOf(doc, 0);
    // Paths: move, line, Bézier curve (trees and circles), close; fills and strokes.
    for (const op of [/ m\n/, / l\n/, / c\n/, /\bh\n/, /\nf\n/, /\nS\n/, / re\n/, /\nW\n/])
      expect(ops).toMatch(op);
    // Inches to points at 1:1: the table transform scales by exactly 72.
    expect(ops).toMatch(/72 0 0 -72 [\d.-]+ [\d.-]+ cm/);
    // Text in the embedded font, no raster image of the terrain.
    expect(ops).toMatch(/BT[\s\S]*Tf[\s\S]*Tj[\s\S]*ET/);
    expect(ops).not.toMatch(/\/Image|\bDo\b/);
    let fontFiles = 0;
    for (const [, obj] of doc.context.enumerateIndirectObjects()) {
      if (
        obj instanceof PDFDict &&
        (obj.get(PDFName.of('FontFile2')) || obj.get(PDFName.of('FontFile3')))
      )
        fontFiles++;
    }
    expect(fontFiles).toBeGreaterThanOrEqual(1);
  });

  it('clips each sheet to its part of the table and overlaps its neighbour', async () => {
    const bytes = await exportVectorPdf(
      { kind: 'table', width: 30, height: 10, features: [] },
      { width: 30, height: 10 },
      { paper: 'letter', overlap: 1, margin: 0.4, title: 't', fonts: testFonts() },
    );
    const doc = await PDFDocument.load(bytes);
    const first = contentOf(doc, 0);
    const second = contentOf(doc, 1);
    // Sheet 2 starts one overlap before sheet 1 ends: its transform shifts by (area - overlap).
    const shift = (ops: string) => Number(/72 0 0 -72 ([\d.-]+) /.exec(ops)![1]);
    const landscapeArea = 11 - 0.8;
    expect(shift(first) - shift(second)).toBeCloseTo((landscapeArea - 1) * 72, 3);
  });
});

describe('legend sheets', () => {
  it('every legend entry lands on a sheet, and every sheet fits its paper', () => {
    const count = legendEntries(village().scene).length;
    expect(count).toBeGreaterThanOrEqual(20);
    for (const paper of [
      { width: 8.27, height: 11.69 },
      { width: 8.5, height: 11 },
    ]) {
      const sheets = legendSheets(count, paper, 0.4);
      expect(sheets.reduce((n, s) => n + (s.to - s.from), 0)).toBe(count);
      for (const s of sheets) {
        const box = legendSize(s.to - s.from, s.columns);
        const [w, h] = s.landscape ? [paper.height, paper.width] : [paper.width, paper.height];
        expect(box.width).toBeLessThanOrEqual(w - 0.8 + 1e-9);
        expect(box.height).toBeLessThanOrEqual(h - 0.8 - 0.3 + 1e-9);
      }
    }
  });

  it("the village's PDF legend is drawn whole: each legend sheet's panel fits on its page", async () => {
    const { scene, size } = village();
    const count = legendEntries(scene).length;
    const withLegend = await PDFDocument.load(
      await exportVectorPdf(scene, size, {
        paper: 'a4',
        overlap: 0.5,
        margin: 0.4,
        title: 'Village',
        fonts: testFonts(),
        legend: true,
      }),
    );
    const without = await PDFDocument.load(
      await exportVectorPdf(scene, size, {
        paper: 'a4',
        overlap: 0.5,
        margin: 0.4,
        title: 'Village',
        fonts: testFonts(),
      }),
    );
    const first = without.getPageCount();
    expect(withLegend.getPageCount()).toBeGreaterThan(first);
    let rows = 0;
    for (let i = first; i < withLegend.getPageCount(); i++) {
      const page = withLegend.getPage(i);
      const ops = contentOf(withLegend, i);
      // The legend panel's background is the first rectangle drawn, in inches at 72 pt each.
      const m = /\b0 0 m\n([\d.]+) 0 l\n[\d.]+ ([\d.]+) l\n/.exec(ops);
      if (!m) throw new Error(`no legend panel on page ${i}: ${ops.slice(0, 300)}`);
      const panelH = Number(m[2]);
      expect(panelH * 72).toBeLessThanOrEqual(page.getSize().height - 0.8 * 72 + 1e-6);
      rows += panelH;
    }
    expect(rows).toBeGreaterThan(0);
    expect(count).toBeGreaterThan(0);
  });
});
