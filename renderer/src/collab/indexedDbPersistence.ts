import { IndexeddbPersistence } from 'y-indexeddb';
import type * as Y from 'yjs';
import type { LocalPersistence } from './CollabSession';

/**
 * Keeps a room's shared document in IndexedDB (y-indexeddb): edits made while offline survive a
 * reload or a closed tab, and merge with the room when the connection returns.
 */
export function indexedDbPersistence(doc: Y.Doc, name: string): LocalPersistence {
  const p = new IndexeddbPersistence(name, doc);
  return {
    whenSynced: p.whenSynced,
    destroy: () => p.destroy(),
  };
}
