import type { AutosaveEntry, AutosaveStore } from './AutosaveStore';

const DB_NAME = 'sandtable-autosave';
const STORE = 'autosaves';
const LOCK_PREFIX = 'sandtable-autosave:';
/**
 * The browser host autosaves this soon after an edit: a tab can be closed or crash at any
 * moment, and an IndexedDB write of a scenario takes milliseconds, so at most this much work
 * (plus the write) is ever lost.
 */
export const BROWSER_AUTOSAVE_MS = 750;

/** One autosave as stored: the entry plus its text. */
interface AutosaveRecord extends AutosaveEntry {
  readonly text: string;
}

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error ?? new Error('IndexedDB request failed'));
  });
}

function openDb(name: string): Promise<IDBDatabase> {
  const req = indexedDB.open(name, 1);
  req.onupgradeneeded = () => {
    req.result.createObjectStore(STORE, { keyPath: 'id' });
  };
  return request(req);
}

/** Resolves when the transaction commits: only then is an autosave on disk. */
function done(tx: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onabort = tx.onerror = () => reject(tx.error ?? new Error('IndexedDB transaction failed'));
  });
}

const newId = () =>
  typeof crypto.randomUUID === 'function'
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/**
 * The browser store. Each tab owns one slot for its lifetime, marked by holding a Web Lock named
 * after it; the browser releases the lock when the tab closes or crashes, which is how another
 * tab tells a live slot from an orphan without a heartbeat.
 */
export function createIndexedDbAutosaveStore(
  options: { dbName?: string; now?: () => Date } = {},
): AutosaveStore {
  const dbName = options.dbName ?? DB_NAME;
  const now = options.now ?? (() => new Date());
  const slot = newId();
  let db: Promise<IDBDatabase> | undefined;
  const database = () => (db ??= openDb(dbName));
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  // Held until the tab goes away; the callback's promise never settles.
  if (locks) void locks.request(LOCK_PREFIX + slot, () => new Promise<void>(() => undefined));

  const liveIds = async (): Promise<Set<string>> => {
    const live = new Set([slot]);
    if (!locks) return live;
    const state = await locks.query();
    for (const lock of [...(state.held ?? []), ...(state.pending ?? [])]) {
      if (lock.name?.startsWith(LOCK_PREFIX)) live.add(lock.name.slice(LOCK_PREFIX.length));
    }
    return live;
  };

  const get = async (id: string): Promise<AutosaveRecord | undefined> => {
    const tx = (await database()).transaction(STORE, 'readonly');
    return request(tx.objectStore(STORE).get(id) as IDBRequest<AutosaveRecord | undefined>);
  };

  const put = async (record: AutosaveRecord, remove?: string) => {
    const tx = (await database()).transaction(STORE, 'readwrite');
    tx.objectStore(STORE).put(record);
    if (remove !== undefined) tx.objectStore(STORE).delete(remove);
    await done(tx);
  };

  const remove = async (id: string) => {
    const tx = (await database()).transaction(STORE, 'readwrite');
    tx.objectStore(STORE).delete(id);
    await done(tx);
  };

  return {
    intervalMs: BROWSER_AUTOSAVE_MS,
    async write({ title, name, path, text }) {
      await put({
        id: slot,
        title,
        name,
        ...(path !== undefined ? { path } : {}),
        savedAt: now().toISOString(),
        bytes: new TextEncoder().encode(text).byteLength,
        text,
      });
    },
    clear: () => remove(slot),
    async list() {
      const live = await liveIds();
      const tx = (await database()).transaction(STORE, 'readonly');
      const all = await request(tx.objectStore(STORE).getAll() as IDBRequest<AutosaveRecord[]>);
      return all
        .filter((r) => !live.has(r.id))
        .map(({ text: _text, ...entry }) => entry)
        .sort((a, b) => (a.savedAt < b.savedAt ? 1 : a.savedAt > b.savedAt ? -1 : 0));
    },
    async restore(id) {
      if ((await liveIds()).has(id)) throw new Error('That document is open in another tab.');
      const record = await get(id);
      if (!record) throw new Error('That autosave no longer exists.');
      // One transaction moves it into this tab's slot: never in neither place, never in both.
      const mine: AutosaveRecord = { ...record, id: slot };
      await put(mine, id);
      const { text, ...entry } = mine;
      return { entry, text };
    },
    async discard(id) {
      if ((await liveIds()).has(id)) throw new Error('That document is open in another tab.');
      await remove(id);
    },
  };
}
