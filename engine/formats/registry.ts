import { battleScribeImport } from './battlescribe';
import { pdfExport, pngExport, svgExport } from './pictures';
import { tiledImport, tmxExport } from './tiled';
import type { AnyFormat, ExportFormat, FormatFile, ImportFormat } from './types';

/**
 * Every format Sandtable reads or writes, as Tiled's `MapFormat` plugins: the CLI
 * (`sandtable import`), the File menu, the file pickers and the help all read these lists, so a
 * format added here appears in each. Order is menu order.
 */
export const IMPORT_FORMATS = [tiledImport, battleScribeImport] as const;
export const EXPORT_FORMATS = [pngExport, svgExport, pdfExport, tmxExport] as const;

export type ImportFormatId = (typeof IMPORT_FORMATS)[number]['id'];
export type ExportFormatId = (typeof EXPORT_FORMATS)[number]['id'];

/** The format with this id, if the list has one. */
export function findFormat<F extends AnyFormat>(formats: readonly F[], id: string): F | undefined {
  return formats.find((f) => f.id === id);
}

/** The formats that recognise the file (none, one, or several when it is ambiguous). */
export function sniffFormats<F extends AnyFormat>(formats: readonly F[], file: FormatFile): F[] {
  return formats.filter((f) => {
    try {
      return f.sniff(file);
    } catch {
      return false;
    }
  });
}

/** A file input's `accept` list for the format: its endings and those of its companions. */
export function acceptOf(format: AnyFormat): string {
  return [...format.extensions, ...(format.companions ?? [])].join(',');
}

/** A save dialog's filter for the format (Electron's `FileFilter` shape). */
export function filterOf(format: AnyFormat): { name: string; extensions: string[] } {
  return { name: format.name, extensions: format.extensions.map((e) => e.slice(1)) };
}

/** The endings a user sees for the format: ".tmx, .tmj or .json (with .tsx, .tsj)". */
export function extensionsLabel(format: AnyFormat): string {
  const list = (xs: readonly string[]) =>
    xs.length > 1 ? `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}` : (xs[0] ?? '');
  const with_ = format.companions?.length ? ` (with ${format.companions.join(', ')})` : '';
  return `${list(format.extensions)}${with_}`;
}

/** One line per format for the help and the docs: menu item, endings and what it does. */
export function formatLines(
  formats: readonly AnyFormat[],
): { id: string; direction: 'import' | 'export'; menu: string; text: string }[] {
  return formats.map((f) => ({
    id: f.id,
    direction: f.direction,
    menu: f.menu,
    text: `${f.name} (${extensionsLabel(f)}): ${f.direction === 'import' ? 'reads' : 'writes'} ${f.summary}`,
  }));
}

export type { AnyFormat, ExportFormat, ImportFormat };
