/**
 * The preload of every document window. Sandboxed: it may require only `electron` (and a few
 * Node shims), so it is bundled to one CommonJS file. It exposes `window.sandtable`, a few named
 * functions over the IPC contract, never `ipcRenderer` itself.
 */
import { contextBridge, ipcRenderer, webUtils } from 'electron';
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
  (file) => webUtils.getPathForFile(file),
  process.platform,
);

contextBridge.exposeInMainWorld('sandtable', api);

// A scenario file dragged from the desktop onto any window opens (here, or in a window of its
// own). Only drags that carry files are taken, and only if the page did not handle the drop.
window.addEventListener('dragover', (event) => {
  if (!event.dataTransfer?.types.includes('Files')) return;
  event.preventDefault();
  event.dataTransfer.dropEffect = 'copy';
});
window.addEventListener('drop', (event) => {
  const file = event.dataTransfer?.files[0];
  if (!file || event.defaultPrevented) return;
  event.preventDefault();
  void api.openDroppedFile(file).catch((error: unknown) => {
    console.error(error);
  });
});
