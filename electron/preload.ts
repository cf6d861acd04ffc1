/**
 * The preload of every document window. Sandboxed: it may require only `electron` (and a few
 * Node shims), so it is bundled to one CommonJS file. It exposes `window.sandtable`, a few named
 * functions over the IPC contract, never `ipcRenderer` itself.
 */
import { contextBridge, ipcRenderer } from 'electron';
import {
  createSandtableApi,
  EVENT_CHANNELS,
  type EventChannel,
  type EventContract,
} from './core/ipcContract';

const api = createSandtableApi(
  (channel, ...args) => ipcRenderer.invoke(channel, ...args),
  <E extends EventChannel>(channel: E, listener: (payload: EventContract[E]) => void) => {
    if (!EVENT_CHANNELS.includes(channel)) throw new Error(`Unknown event ${channel}`);
    // Hand the page the payload only, never the IpcRendererEvent (it carries `sender`).
    const wrapped = (_event: unknown, payload: EventContract[E]) => listener(payload);
    ipcRenderer.on(channel, wrapped);
    return () => {
      ipcRenderer.removeListener(channel, wrapped);
    };
  },
  process.platform,
);

contextBridge.exposeInMainWorld('sandtable', api);

// A scenario file dragged from the desktop onto a window is not handled here: where the page
// does not take the drop, Chromium navigates to the file, and main, which sees that navigation,
// cancels it and opens the file (electron/main.ts, will-navigate). The page cannot name a path.
