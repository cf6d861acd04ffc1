import type { AutosaveEntry } from '../host/Host';

export type { AutosaveEntry };

/** What is autosaved of the open document. */
export interface AutosaveDraft {
  readonly title: string;
  /** File name, for display and a later Save As. */
  readonly name: string;
  /** The document's file (browser: an opaque handle); the desktop host tracks it itself. */
  readonly path?: string;
  readonly text: string;
}

/**
 * Where autosaves go: the app's data folder through main in the desktop app, IndexedDB in the
 * browser. Each window or tab writes one slot of its own; slots left by a session that ended
 * without saving (a crash, a closed tab) are what recovery offers.
 */
export interface AutosaveStore {
  /**
   * How soon after an edit this store wants the autosave, in ms (default AUTOSAVE_INTERVAL_MS).
   * The browser's store is cheap to write and a tab can vanish at any moment, so it asks for
   * less than a second.
   */
  readonly intervalMs?: number;
  /** Writes this session's autosave, replacing the previous one. */
  write(draft: AutosaveDraft): Promise<void>;
  /** Removes this session's autosave: the document was saved or deliberately discarded. */
  clear(): Promise<void>;
  /** Autosaves of sessions that are gone, newest first. */
  list(): Promise<readonly AutosaveEntry[]>;
  /** Takes an autosave into this session's slot (so it stays safe) and returns its text. */
  restore(id: string): Promise<{ entry: AutosaveEntry; text: string }>;
  /** Deletes an autosave for good. */
  discard(id: string): Promise<void>;
}
