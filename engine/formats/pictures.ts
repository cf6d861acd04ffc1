import { hasExtension, headText, startsWith, xmlRoot } from './sniff';
import type { ExportFormat, FormatFile } from './types';

/*
 * The table drawn as a picture or for print. The renderer's painter draws them, so their writers
 * live in renderer/src/formats/rendererFormats.ts under the same ids; these say what they are.
 */

const always = () => true;

export const pngExport = {
  id: 'png',
  direction: 'export',
  name: 'PNG picture',
  makes: 'picture',
  menu: 'Export PNG…',
  extensions: ['.png'],
  mime: 'image/png',
  summary: 'the table as a picture at a chosen resolution',
  sniff: (file: FormatFile): boolean =>
    startsWith(file.bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  canWrite: always,
} as const satisfies ExportFormat;

export const svgExport = {
  id: 'svg',
  direction: 'export',
  name: 'SVG drawing',
  makes: 'picture',
  menu: 'Export SVG…',
  extensions: ['.svg'],
  mime: 'image/svg+xml',
  summary: 'the table as a vector drawing sized in real inches',
  sniff: (file: FormatFile): boolean =>
    hasExtension(file.name, ['.svg']) && xmlRoot(headText(file)) === 'svg',
  canWrite: always,
} as const satisfies ExportFormat;

export const pdfExport = {
  id: 'pdf',
  direction: 'export',
  name: 'Print-ready PDF',
  makes: 'print',
  menu: 'Print-ready PDF…',
  extensions: ['.pdf'],
  mime: 'application/pdf',
  summary:
    'the table at 1:1 over A4 or Letter sheets, with overlap lines, crop marks and a 1-inch check bar',
  sniff: (file: FormatFile): boolean => startsWith(file.bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]),
  canWrite: always,
} as const satisfies ExportFormat;
