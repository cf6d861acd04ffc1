import { desktopApi } from '../host/electronHost';
import type { AutosaveStore } from './AutosaveStore';
import { createIndexedDbAutosaveStore } from './indexedDbAutosaveStore';
import { createIpcAutosaveStore } from './ipcAutosaveStore';

let store: AutosaveStore | undefined;

/** This window's autosave store: main's folder in the desktop app, IndexedDB in the browser. */
export function getAutosaveStore(): AutosaveStore {
  if (!store) {
    const api = desktopApi();
    store = api ? createIpcAutosaveStore(api) : createIndexedDbAutosaveStore();
  }
  return store;
}
