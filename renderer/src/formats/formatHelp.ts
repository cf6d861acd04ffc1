import { EXPORT_FORMATS, IMPORT_FORMATS, extensionsLabel } from '../../../engine/formats/registry';
import type { AnyFormat } from '../../../engine/formats/types';

/** Every format of the registry, imports first: what the help lists. */
export const ALL_FORMATS: readonly AnyFormat[] = [...IMPORT_FORMATS, ...EXPORT_FORMATS];

/**
 * One help line per format, from its registry entry: the File menu item (with its shortcut when
 * it has one), the file endings, and what is read or written. A format added to the registry is
 * listed without touching the help.
 */
export function formatHelpLines(
  formats: readonly AnyFormat[],
  shortcutOf: (f: AnyFormat) => string | undefined,
): { key: string; text: string }[] {
  return formats.map((f) => {
    const shortcut = shortcutOf(f);
    return {
      key: `${f.direction}.${f.id}`,
      text: `File ▸ ${f.menu}${shortcut ? ` (${shortcut})` : ''}: ${f.name}, ${extensionsLabel(f)}; ${f.direction === 'import' ? 'reads' : 'writes'} ${f.summary}.`,
    };
  });
}
