import { useSyncExternalStore } from 'react';
import type { Editor } from '../editor/Editor';

/** Re-renders on session changes (selection, tool, camera). */
export function useSession(editor: Editor) {
  useSyncExternalStore(
    (l) => editor.subscribe(l),
    () => editor.version,
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
