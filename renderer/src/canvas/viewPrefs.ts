import type { Editor } from '../editor/Editor';
import type { MapStyle } from './mapStyle';

/**
 * How the map is shown in this window: its style and whether the legend is up. View state like
 * the camera: never saved into the scenario, never undone. Kept beside the editor (not in its
 * session) so switching it repaints the terrain without touching the document model.
 */
export interface ViewPrefs {
  readonly style: MapStyle;
  readonly legend: boolean;
}

interface Store {
  prefs: ViewPrefs;
  readonly listeners: Set<() => void>;
}

const stores = new WeakMap<Editor, Store>();

function storeOf(editor: Editor): Store {
  let s = stores.get(editor);
  if (!s) {
    s = { prefs: { style: 'printed', legend: false }, listeners: new Set() };
    stores.set(editor, s);
  }
  return s;
}

export function viewPrefs(editor: Editor): ViewPrefs {
  return storeOf(editor).prefs;
}

export function setViewPrefs(editor: Editor, patch: Partial<ViewPrefs>): void {
  const s = storeOf(editor);
  s.prefs = { ...s.prefs, ...patch };
  for (const l of s.listeners) l();
}

export function subscribeViewPrefs(editor: Editor, listener: () => void): () => void {
  const s = storeOf(editor);
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}
