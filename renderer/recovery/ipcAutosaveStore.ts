import type { SandtableApi } from '../host/electronHost';
import type { AutosaveStore } from './AutosaveStore';

/**
 * The desktop store: main writes each window's autosave atomically into
 * `<userData>/autosave/<slot>.json` and knows which slots belong to live windows.
 */
export function createIpcAutosaveStore(api: SandtableApi): AutosaveStore {
  return {
    // Main refuses names with path separators and over-long titles; a title may contain anything.
    write: ({ title, name, text }) =>
      api.autosave.write({
        title: title.slice(0, 300),
        name: name.replace(/[/\\\0]/g, '-').slice(0, 255) || 'Untitled',
        text,
      }),
    clear: () => api.autosave.clear(),
    list: () => api.autosave.list(),
    restore: (id) => api.autosave.restore(id),
    discard: (id) => api.autosave.discard(id),
  };
}
