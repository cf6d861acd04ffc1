import type { Point } from '../../../engine/format/types';
import type { ImportFormatId } from '../../../engine/formats/registry';

/**
 * Which of the import and underlay dialogs is open: session state, never in the document. Each
 * import format of the registry has a dialog (ImportDialogs' switch covers them all).
 */
export type ImportDialog =
  { kind: ImportFormatId } | { kind: 'underlay' } | { kind: 'calibrate'; a: Point; b: Point };

let open: ImportDialog | null = null;
const listeners = new Set<() => void>();

/** Opens and closes the dialogs; commands and tools call it, ImportDialogs shows it. */
export const importUi = {
  get: (): ImportDialog | null => open,
  open(d: ImportDialog): void {
    open = d;
    for (const l of listeners) l();
  },
  close(): void {
    open = null;
    for (const l of listeners) l();
  },
  subscribe(fn: () => void): () => void {
    listeners.add(fn);
    return () => listeners.delete(fn);
  },
};
