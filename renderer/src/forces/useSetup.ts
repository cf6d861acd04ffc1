import { useSyncExternalStore } from 'react';
import type { Editor } from '../editor/Editor';
import { setupOf, type SetupModel } from './setupModel';

/** The set-up model of an editor; re-renders on set-up session and document changes. */
export function useSetup(editor: Editor): SetupModel {
  const model = setupOf(editor);
  useSyncExternalStore(
    (l) => model.subscribe(l),
    () => model.sessionVersion,
  );
  useSyncExternalStore(
    (l) => editor.store.subscribe(l),
    () => editor.store.revision,
  );
  return model;
}
