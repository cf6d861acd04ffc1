import { useState, useSyncExternalStore } from 'react';
import type { Editor, Session } from '../editor/Editor';

/** Counts changes of a list of values compared by identity. */
function changeCounter() {
  let last: unknown[] = [];
  let version = 0;
  return (now: unknown[]): number => {
    if (now.length !== last.length || now.some((v, i) => v !== last[i])) {
      last = now;
      version++;
    }
    return version;
  };
}

/**
 * The editor's session, re-rendering only when one of `keys` changes (every change when none are
 * given). Panning changes the camera sixty times a second; panels that do not show it must not
 * re-render with it.
 */
export function useSession(editor: Editor, ...keys: (keyof Session)[]): Session {
  const [count] = useState(changeCounter);
  useSyncExternalStore(
    (l) => editor.subscribe(l),
    () => count(keys.length ? keys.map((k) => editor.session[k]) : [editor.session]),
  );
  return editor.session;
}

/** Re-renders on document changes; returns the store revision. */
export function useRevision(editor: Editor): number {
  return useSyncExternalStore(
    (l) => editor.store.subscribe(l),
    () => editor.store.revision,
  );
}
