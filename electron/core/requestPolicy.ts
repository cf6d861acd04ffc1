/**
 * Which network requests the desktop app's pages may make. main.ts hands every request of the
 * default session (`session.webRequest.onBeforeRequest`) to `RequestPolicy.allows`; what is not
 * allowed is cancelled. No Electron imports, so Node tests cover every rule.
 *
 * Allowed:
 * - the app itself: `app://sandtable/...`, `data:` and `blob:` URLs it makes, `devtools:`;
 * - in development only, the Vite dev server's origin over http(s) and its hot-reload WebSocket;
 * - `ws:`/`wss:` to the origin of a co-editing session a window joined, shared into or hosts,
 *   recorded by main when the page asks through the validated IPC (`collab:join`, `collab:host`)
 *   and forgotten when it leaves or the window closes.
 * Everything else (any other site, any other WebSocket server, file:) is refused.
 */

import { APP_HOST, APP_SCHEME } from './appProtocol';

/** The part of a request the policy looks at (Electron's OnBeforeRequestListenerDetails). */
export interface RequestDetails {
  readonly url: string;
  /** The page that made the request, when Electron knows it. */
  readonly webContentsId?: number;
  readonly resourceType?: string;
}

function parse(url: string): URL | null {
  try {
    return new URL(url);
  } catch {
    return null;
  }
}

/**
 * The origin of a co-editing server address (`ws://host:port`), or a sentence saying why it is
 * not one. Only ws: and wss: are servers; no user name or password may ride along.
 */
export function sessionOrigin(server: string): { origin: string } | { problem: string } {
  const url = parse(server);
  if (!url || (url.protocol !== 'ws:' && url.protocol !== 'wss:'))
    return {
      problem: `"${server.slice(0, 200)}" is not a session server address: give ws://host:port or wss://host:port.`,
    };
  if (url.username || url.password)
    return { problem: 'A session server address cannot carry a user name or password.' };
  if (!url.hostname) return { problem: `"${server.slice(0, 200)}" names no host.` };
  return { origin: `${url.protocol}//${url.host}` };
}

/** The WebSocket origin a dev server's hot reload uses: same host and port, ws or wss. */
function webSocketOriginOf(httpOrigin: string): string {
  return httpOrigin.replace(/^http/, 'ws');
}

export class RequestPolicy {
  /** Session origins by the window (webContents id) that joined or hosts them. */
  private readonly sessions = new Map<number, Set<string>>();
  private readonly devOrigin: string | undefined;

  constructor(options: { devOrigin?: string | undefined } = {}) {
    const dev = options.devOrigin ? parse(options.devOrigin) : null;
    this.devOrigin =
      dev && (dev.protocol === 'http:' || dev.protocol === 'https:') ? dev.origin : undefined;
  }

  /**
   * Records that window `owner` joined (or shares into, or hosts) the session at `server`; its
   * WebSocket may now connect there. Throws, saying why, when `server` is not a ws(s) address.
   */
  join(owner: number, server: string): string {
    const checked = sessionOrigin(server);
    if ('problem' in checked) throw new Error(checked.problem);
    const set = this.sessions.get(owner) ?? new Set<string>();
    set.add(checked.origin);
    this.sessions.set(owner, set);
    return checked.origin;
  }

  /** Window `owner` left its session(s), or `server`'s only; their sockets may no longer open. */
  leave(owner: number, server?: string): void {
    if (server === undefined) {
      this.sessions.delete(owner);
      return;
    }
    const checked = sessionOrigin(server);
    const set = this.sessions.get(owner);
    if (!set || 'problem' in checked) return;
    set.delete(checked.origin);
    if (set.size === 0) this.sessions.delete(owner);
  }

  /** Every session origin some window may reach now. */
  sessionOrigins(): string[] {
    return [...new Set([...this.sessions.values()].flatMap((s) => [...s]))].sort();
  }

  /** Whether the request may go ahead. */
  allows(details: RequestDetails): boolean {
    const url = parse(details.url);
    if (!url) return false;
    switch (url.protocol) {
      case `${APP_SCHEME}:`:
        return url.host === APP_HOST;
      case 'data:':
      case 'blob:':
      case 'devtools:':
        return true;
      case 'http:':
      case 'https:':
        return this.devOrigin !== undefined && url.origin === this.devOrigin;
      case 'ws:':
      case 'wss:': {
        const origin = `${url.protocol}//${url.host}`;
        if (this.devOrigin !== undefined && origin === webSocketOriginOf(this.devOrigin))
          return true;
        if (url.username || url.password) return false;
        // A socket from a page main knows must be to a session that page joined; one Electron
        // cannot attribute (no webContents) only to a session some window joined.
        const owner = details.webContentsId;
        const held =
          owner !== undefined && this.sessions.has(owner)
            ? this.sessions.get(owner)!
            : owner === undefined
              ? new Set(this.sessionOrigins())
              : undefined;
        return held?.has(origin) ?? false;
      }
      default:
        return false;
    }
  }
}
