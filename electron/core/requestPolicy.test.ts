import { describe, expect, it } from 'vitest';
import { RequestPolicy, sessionOrigin } from './requestPolicy';

const WIN = 7;
const OTHER_WIN = 8;

const allows = (policy: RequestPolicy, url: string, webContentsId: number | undefined = WIN) =>
  policy.allows({ url, resourceType: url.startsWith('ws') ? 'webSocket' : 'xhr', webContentsId });

describe('RequestPolicy: what the app itself needs', () => {
  const policy = new RequestPolicy();

  it('allows the app origin, data:, blob: and devtools:', () => {
    expect(allows(policy, 'app://sandtable/index.html')).toBe(true);
    expect(allows(policy, 'app://sandtable/assets/worker.js')).toBe(true);
    expect(allows(policy, 'data:image/png;base64,AAAA')).toBe(true);
    expect(allows(policy, 'blob:app://sandtable/0c3e-11')).toBe(true);
    expect(allows(policy, 'devtools://devtools/bundled/inspector.html')).toBe(true);
  });

  it('refuses another app: host, file:, http and https anywhere, and garbage', () => {
    expect(allows(policy, 'app://elsewhere/index.html')).toBe(false);
    expect(allows(policy, 'file:///etc/passwd')).toBe(false);
    expect(allows(policy, 'http://example.org/')).toBe(false);
    expect(allows(policy, 'https://tracker.example/x.js')).toBe(false);
    expect(allows(policy, 'http://127.0.0.1:4400/')).toBe(false);
    expect(allows(policy, 'not a url')).toBe(false);
  });

  it('refuses every WebSocket while no session was joined', () => {
    expect(allows(policy, 'ws://127.0.0.1:4400/')).toBe(false);
    expect(allows(policy, 'wss://collab.club.example/')).toBe(false);
    expect(allows(policy, 'ws://localhost:5173/')).toBe(false);
  });
});

describe('RequestPolicy: the dev server (unpackaged app only)', () => {
  const policy = new RequestPolicy({ devOrigin: 'http://localhost:5173' });

  it('allows the dev origin over http and its hot-reload socket', () => {
    expect(allows(policy, 'http://localhost:5173/src/main.tsx')).toBe(true);
    expect(allows(policy, 'ws://localhost:5173/?token=abc')).toBe(true);
  });

  it('refuses look-alikes of the dev origin: another port, scheme or host', () => {
    // A prefix test would let http://localhost:51730 through.
    expect(allows(policy, 'http://localhost:51730/')).toBe(false);
    expect(allows(policy, 'https://localhost:5173/')).toBe(false);
    expect(allows(policy, 'http://localhost.evil.example:5173/')).toBe(false);
    expect(allows(policy, 'wss://localhost:5173/')).toBe(false);
    expect(allows(policy, 'ws://localhost:5174/')).toBe(false);
  });

  it('ignores a dev origin that is not http(s)', () => {
    const odd = new RequestPolicy({ devOrigin: 'ws://localhost:5173' });
    expect(allows(odd, 'ws://localhost:5173/')).toBe(false);
  });
});

describe('RequestPolicy: co-editing sessions', () => {
  it('allows ws: to the session a window joined, and nothing else', () => {
    const policy = new RequestPolicy();
    expect(policy.join(WIN, 'ws://192.168.1.20:4400/some-room')).toBe('ws://192.168.1.20:4400');
    expect(allows(policy, 'ws://192.168.1.20:4400/')).toBe(true);
    expect(allows(policy, 'ws://192.168.1.20:4400/other-path?x=1')).toBe(true);
    // The same host on http, another port, wss, or a stranger's server: refused.
    expect(allows(policy, 'http://192.168.1.20:4400/')).toBe(false);
    expect(allows(policy, 'https://192.168.1.20:4400/')).toBe(false);
    expect(allows(policy, 'ws://192.168.1.20:4401/')).toBe(false);
    expect(allows(policy, 'wss://192.168.1.20:4400/')).toBe(false);
    expect(allows(policy, 'ws://stranger.example:4400/')).toBe(false);
    expect(allows(policy, 'ws://user:pw@192.168.1.20:4400/')).toBe(false);
  });

  it('allows wss: to a joined wss session, with its default port', () => {
    const policy = new RequestPolicy();
    policy.join(WIN, 'wss://collab.club.example');
    expect(allows(policy, 'wss://collab.club.example/')).toBe(true);
    expect(allows(policy, 'wss://collab.club.example:443/')).toBe(true);
    expect(allows(policy, 'ws://collab.club.example/')).toBe(false);
    expect(allows(policy, 'wss://collab.club.example.evil.example/')).toBe(false);
  });

  it('keeps one window to its own session; a socket Electron cannot attribute needs some window’s', () => {
    const policy = new RequestPolicy();
    policy.join(WIN, 'ws://127.0.0.1:4400');
    expect(allows(policy, 'ws://127.0.0.1:4400/', OTHER_WIN)).toBe(false);
    expect(allows(policy, 'ws://127.0.0.1:4400/', undefined)).toBe(true);
    expect(allows(policy, 'ws://127.0.0.1:9999/', undefined)).toBe(false);
  });

  it('denies the session again once the window leaves it or closes', () => {
    const policy = new RequestPolicy();
    policy.join(WIN, 'ws://127.0.0.1:4400');
    policy.join(WIN, 'wss://collab.club.example');
    policy.leave(WIN, 'ws://127.0.0.1:4400/room');
    expect(allows(policy, 'ws://127.0.0.1:4400/')).toBe(false);
    expect(allows(policy, 'wss://collab.club.example/')).toBe(true);
    policy.leave(WIN);
    expect(allows(policy, 'wss://collab.club.example/')).toBe(false);
    expect(allows(policy, 'wss://collab.club.example/', undefined)).toBe(false);
    expect(policy.sessionOrigins()).toEqual([]);
  });

  it('follows the session when the window moves to another one', () => {
    const policy = new RequestPolicy();
    policy.join(WIN, 'ws://10.0.0.5:4400');
    policy.leave(WIN);
    policy.join(WIN, 'ws://10.0.0.6:4400');
    expect(allows(policy, 'ws://10.0.0.5:4400/')).toBe(false);
    expect(allows(policy, 'ws://10.0.0.6:4400/')).toBe(true);
  });

  it('refuses to record an address that is not a ws(s) server, saying why', () => {
    const policy = new RequestPolicy();
    expect(() => policy.join(WIN, 'http://10.0.0.5:4400')).toThrow(
      /is not a session server address: give ws:\/\/host:port/,
    );
    expect(() => policy.join(WIN, 'ws://me:secret@10.0.0.5:4400')).toThrow(/user name or password/);
    expect(() => policy.join(WIN, 'javascript:alert(1)')).toThrow(/not a session server/);
    expect(policy.sessionOrigins()).toEqual([]);
    expect(sessionOrigin('ws://[::1]:4400/r')).toEqual({ origin: 'ws://[::1]:4400' });
  });
});
