import type { Point } from '../../../engine/format/types';
import type { Editor } from '../editor/Editor';

/**
 * Where the pointer is over the table, in table inches, for the status bar. Kept beside the
 * editor rather than in its session: it changes on every mouse move and nothing but the status
 * bar reads it, so it must not wake the canvas layers or the panels.
 */
interface CursorStore {
  point: Point | null;
  readonly listeners: Set<() => void>;
}

const stores = new WeakMap<Editor, CursorStore>();

function storeOf(editor: Editor): CursorStore {
  let s = stores.get(editor);
  if (!s) {
    s = { point: null, listeners: new Set() };
    stores.set(editor, s);
  }
  return s;
}

export function setCursor(editor: Editor, point: Point | null): void {
  const s = storeOf(editor);
  if (s.point === point || (s.point && point && s.point[0] === point[0] && s.point[1] === point[1]))
    return;
  s.point = point;
  for (const l of s.listeners) l();
}

export function cursorOf(editor: Editor): Point | null {
  return storeOf(editor).point;
}

export function subscribeCursor(editor: Editor, listener: () => void): () => void {
  const s = storeOf(editor);
  s.listeners.add(listener);
  return () => s.listeners.delete(listener);
}
