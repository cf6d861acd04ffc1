import type { Host } from './Host';
import { createBrowserHost } from './browserHost';

export type { Host } from './Host';

let host: Host | undefined;

/** The Electron preload's host when running in the desktop app, else the browser host. */
export function getHost(): Host {
  if (!host) {
    const electron = (window as unknown as { sandtable?: Host }).sandtable;
    host = electron ?? createBrowserHost();
  }
  return host;
}
