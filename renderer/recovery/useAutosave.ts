import { useEffect, useRef } from 'react';
import type { AutosaveDraft, AutosaveStore } from './AutosaveStore';
import { getAutosaveStore } from './defaultAutosaveStore';

/** How soon after an unsaved change it is autosaved, and how often while changes continue. */
export const AUTOSAVE_INTERVAL_MS = 3000;

export interface AutosaveMeta {
  readonly title: string;
  readonly name?: string;
  readonly path?: string;
}

/**
 * Autosaves the open document while it has unsaved changes: within `intervalMs` of a change, then
 * at most once per interval while editing goes on, and once more when the page is hidden or
 * closed. When the document becomes clean (saved, or changes discarded) the autosave is removed.
 *
 * `text` is the document's serialized text (`serializeDocument(doc)`), or a function returning it,
 * so a large document is serialized only when an autosave is due; null when no document is open.
 */
export function useAutosave(
  text: string | (() => string) | null,
  dirty: boolean,
  meta: AutosaveMeta,
  options: { intervalMs?: number; store?: AutosaveStore } = {},
): void {
  const store = options.store ?? getAutosaveStore();
  const interval = options.intervalMs ?? store.intervalMs ?? AUTOSAVE_INTERVAL_MS;
  const latest = useRef({ text, dirty, meta });
  const written = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const flushRef = useRef<() => Promise<void>>(async () => undefined);

  useEffect(() => {
    latest.current = { text, dirty, meta };
  });

  useEffect(() => {
    flushRef.current = async () => {
      clearTimeout(timer.current);
      timer.current = undefined;
      const { text: source, dirty: isDirty, meta: m } = latest.current;
      if (!isDirty || source === null) return;
      const value = typeof source === 'function' ? source() : source;
      if (value === written.current) return;
      const draft: AutosaveDraft = {
        title: m.title,
        name: m.name ?? `${m.title || 'Untitled'}.scenario.json`,
        ...(m.path !== undefined ? { path: m.path } : {}),
        text: value,
      };
      written.current = value;
      try {
        await store.write(draft);
      } catch (error) {
        written.current = null;
        console.warn('Autosave failed; will retry.', error);
      }
    };
  }, [store]);

  // A change (new text while dirty) schedules an autosave unless one is already due.
  useEffect(() => {
    if (!dirty || text === null) return;
    timer.current ??= setTimeout(() => void flushRef.current(), interval);
  }, [text, dirty, interval]);

  // Clean again: the autosave has done its job.
  useEffect(() => {
    if (dirty) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    if (written.current !== null) {
      written.current = null;
      void store.clear().catch(() => undefined);
    }
  }, [dirty, store]);

  useEffect(() => {
    const flush = () => void flushRef.current();
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      clearTimeout(timer.current);
      timer.current = undefined;
    };
  }, []);
}
