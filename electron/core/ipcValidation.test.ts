import { describe, expect, it, vi } from 'vitest';
import {
  ARG_SCHEMAS,
  createSandtableApi,
  INVOKE_CHANNELS,
  type InvokeChannel,
} from './ipcContract';
import {
  createIpcRouter,
  IpcRefusedError,
  isTrustedSender,
  validateArgs,
  type Handlers,
} from './ipcValidation';

const refusal = (fn: () => unknown): IpcRefusedError => {
  try {
    fn();
  } catch (error) {
    expect(error).toBeInstanceOf(IpcRefusedError);
    return error as IpcRefusedError;
  }
  throw new Error('expected a refusal');
};

describe('validateArgs', () => {
  it('accepts well-formed payloads', () => {
    expect(
      validateArgs('file:save', [{ text: '{}', suggestedName: 'Village.scenario.json' }]),
    ).toBeTruthy();
    expect(validateArgs('file:open', [])).toEqual([]);
    expect(
      validateArgs('file:open', [[{ name: 'Scenarios', extensions: ['sandtable', 'json'] }]]),
    ).toBeTruthy();
    expect(validateArgs('window:setTitle', ['Village', true])).toBeTruthy();
    expect(
      validateArgs('file:export', [
        { data: new Uint8Array(4), suggestedName: 'map.png', mime: 'image/png' },
      ]),
    ).toBeTruthy();
    expect(
      validateArgs('window:setMenu', [
        [
          {
            label: 'File',
            items: [
              { commandId: 'file.save', label: 'Save', shortcut: 'Mod+S' },
              { separator: true },
            ],
          },
        ],
      ]),
    ).toBeTruthy();
  });

  const bad: [InvokeChannel, unknown[], RegExp][] = [
    ['file:save', [], /arguments must NOT have fewer than 1 items/],
    ['file:save', [{ text: 42, suggestedName: 'a' }], /argument 1 \(text\) must be string/],
    [
      'file:save',
      [{ text: '', suggestedName: 'a', extra: 1 }],
      /must NOT have additional properties 'extra'/,
    ],
    [
      'file:save',
      [{ text: '', suggestedName: '../../etc/passwd' }],
      /argument 1 \(suggestedName\) must match pattern/,
    ],
    [
      'file:save',
      [{ text: '', suggestedName: 'a' }, 'more'],
      /arguments must NOT have more than 1 items/,
    ],
    [
      'file:writeCompanion',
      ['/m/a.json', 'notes', '{}'],
      /must be equal to one of the allowed values/,
    ],
    ['file:openRecent', [''], /argument 1 must NOT have fewer than 1 characters/],
    ['window:setTitle', ['x', 'yes'], /argument 2 must be boolean/],
    [
      'shell:openExternal',
      ['file:///etc/passwd'],
      /argument 1 must match pattern "\^https\?:\/\/"/,
    ],
    ['shell:openExternal', ['javascript:alert(1)'], /must match pattern/],
    ['autosave:restore', ['../../secrets'], /argument 1 must match pattern/],
    ['autosave:write', [{ title: 't', name: 'n' }], /must have required property 'text'/],
    [
      'file:export',
      [{ data: { length: 3 }, suggestedName: 'a.png', mime: 'image/png' }],
      /argument 1 \(data\)/,
    ],
    [
      'file:export',
      [{ data: 'x', suggestedName: 'a.png', mime: 'not a mime' }],
      /argument 1 \(mime\) must match pattern/,
    ],
    [
      'window:setMenu',
      [[{ label: 'File', items: [{ commandId: 'x; rm -rf', label: 'X' }] }]],
      /argument 1/,
    ],
  ];
  for (const [channel, args, message] of bad) {
    it(`refuses ${channel} ${JSON.stringify(args).slice(0, 60)} with a clear error`, () => {
      const error = refusal(() => validateArgs(channel, args));
      expect(error.reason).toBe('invalid-payload');
      expect(error.message).toMatch(new RegExp(`^IPC ${channel} refused: `));
      expect(error.message).toMatch(message);
    });
  }

  it('has a schema for every channel of the contract', () => {
    expect(INVOKE_CHANNELS.sort()).toEqual(Object.keys(ARG_SCHEMAS).sort());
    for (const channel of INVOKE_CHANNELS)
      expect(() => validateArgs(channel, [1, 2, 3, 4, 5])).toThrow();
  });
});

describe('isTrustedSender', () => {
  it('trusts the app origin and, in development, the dev server only', () => {
    expect(isTrustedSender('app://sandtable/index.html')).toBe(true);
    expect(isTrustedSender('app://evil/index.html')).toBe(false);
    expect(isTrustedSender('https://example.com/')).toBe(false);
    expect(isTrustedSender('file:///tmp/index.html')).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isTrustedSender('not a url')).toBe(false);
    expect(isTrustedSender('http://127.0.0.1:5173/', 'http://127.0.0.1:5173')).toBe(true);
    expect(isTrustedSender('http://127.0.0.1:5174/', 'http://127.0.0.1:5173')).toBe(false);
  });
});

describe('createIpcRouter', () => {
  const handlers = Object.fromEntries(
    INVOKE_CHANNELS.map((c) => [c, vi.fn(async () => `handled ${c}`)]),
  ) as unknown as Handlers<{ window: number }>;
  const dispatch = createIpcRouter(handlers);
  const app = { frameUrl: 'app://sandtable/index.html', isMainFrameOfKnownWindow: true };

  it('dispatches a valid request from an app window to its handler with the window context', async () => {
    await expect(dispatch(app, { window: 1 }, 'window:setTitle', ['Village', false])).resolves.toBe(
      'handled window:setTitle',
    );
    expect(handlers['window:setTitle']).toHaveBeenCalledWith({ window: 1 }, 'Village', false);
  });

  it('refuses unknown channels, untrusted senders and bad payloads before any handler runs', async () => {
    const calls = () =>
      INVOKE_CHANNELS.reduce((n, c) => n + vi.mocked(handlers[c]).mock.calls.length, 0);
    const before = calls();
    await expect(dispatch(app, { window: 1 }, 'fs:readAnything', ['/etc/passwd'])).rejects.toThrow(
      'IPC fs:readAnything refused: no such channel',
    );
    await expect(
      dispatch(
        { frameUrl: 'https://evil.example/', isMainFrameOfKnownWindow: true },
        { window: 1 },
        'file:recent',
        [],
      ),
    ).rejects.toThrow(/untrusted-sender|is not an app window/);
    await expect(
      dispatch({ ...app, isMainFrameOfKnownWindow: false }, { window: 1 }, 'file:recent', []),
    ).rejects.toThrow(/is not an app window/);
    await expect(dispatch(app, { window: 1 }, 'file:openRecent', [{ path: '/x' }])).rejects.toThrow(
      /IPC file:openRecent refused: argument 1 must be string/,
    );
    expect(calls()).toBe(before);
  });
});

describe('createSandtableApi (the preload API)', () => {
  it('is a Host of named functions, each invoking its own channel', async () => {
    const invoke = vi.fn(async (..._args: unknown[]) => null);
    const off = vi.fn();
    const subscribe = vi.fn(() => off);
    const api = createSandtableApi(invoke as never, subscribe as never, 'linux');
    expect(Object.keys(api).sort()).toEqual(
      [
        'autosave',
        'bundledScenarios',
        'exportFile',
        'hostSession',
        'joinSession',
        'kind',
        'leaveSession',
        'newWindow',
        'onMenuCommand',
        'onOpenFile',
        'openExternal',
        'openFile',
        'openRecent',
        'platform',
        'readCompanion',
        'recentFiles',
        'saveFile',
        'saveFileAs',
        'setMenu',
        'setTitle',
        'stopHostedSession',
        'writeCompanion',
      ].sort(),
    );
    expect(api.kind).toBe('electron');
    await api.saveFile('t', { suggestedName: 'a' });
    expect(invoke).toHaveBeenLastCalledWith('file:save', { text: 't', suggestedName: 'a' });
    await api.saveFileAs('t', { path: '/m/a.sandtable', suggestedName: 'a' });
    expect(invoke).toHaveBeenLastCalledWith('file:save', {
      text: 't',
      path: '/m/a.sandtable',
      suggestedName: 'a',
      saveAs: true,
    });
    await api.exportFile('<svg/>', 'map.svg', 'image/svg+xml');
    expect(invoke).toHaveBeenLastCalledWith('file:export', {
      data: '<svg/>',
      suggestedName: 'map.svg',
      mime: 'image/svg+xml',
    });
    await api.readCompanion!('/m/village.scenario.json', 'lab');
    expect(invoke).toHaveBeenLastCalledWith(
      'file:readCompanion',
      '/m/village.scenario.json',
      'lab',
    );
    await api.writeCompanion!('/m/village.scenario.json', 'lab', '{}');
    expect(invoke).toHaveBeenLastCalledWith(
      'file:writeCompanion',
      '/m/village.scenario.json',
      'lab',
      '{}',
    );
    await api.autosave.restore('abc');
    expect(invoke).toHaveBeenLastCalledWith('autosave:restore', 'abc');
    await api.hostSession();
    expect(invoke).toHaveBeenLastCalledWith('collab:host');
    await api.joinSession('wss://collab.club.example/room');
    expect(invoke).toHaveBeenLastCalledWith('collab:join', 'wss://collab.club.example/room');
    await api.leaveSession();
    expect(invoke).toHaveBeenLastCalledWith('collab:leave');
    const listener = () => undefined;
    expect(api.onOpenFile(listener)).toBe(off);
    expect(subscribe).toHaveBeenCalledWith('host:openFile', listener);
    expect(invoke).toHaveBeenLastCalledWith('window:ready');
    // Every call the API makes passes main's validation.
    for (const [channel, ...args] of invoke.mock.calls) {
      expect(() => validateArgs(channel as InvokeChannel, args)).not.toThrow();
    }
  });

  it('hands the page the sentence main wrote, without Electron’s wrapping', async () => {
    const invoke = vi.fn(async () => {
      throw new Error(
        "Error invoking remote method 'file:save': SaveRefusedError: village.sandtable is read-only, so it was not replaced",
      );
    });
    const api = createSandtableApi(invoke as never, vi.fn() as never, 'linux');
    await expect(api.saveFile('t', { suggestedName: 'a' })).rejects.toThrow(
      /^village\.sandtable is read-only, so it was not replaced$/,
    );
  });

  it('accepts only ws(s) server addresses for a session', () => {
    expect(() => validateArgs('collab:join', ['ws://192.168.1.5:4400'])).not.toThrow();
    expect(() => validateArgs('collab:join', ['https://evil.example/'])).toThrow(
      /collab:join refused/,
    );
    expect(() => validateArgs('collab:join', [])).toThrow(/collab:join refused/);
  });

  it('offers no way to name a file to open: drops reach main as navigations it sees itself', () => {
    const api = createSandtableApi(vi.fn() as never, vi.fn() as never, 'darwin');
    expect(INVOKE_CHANNELS).not.toContain('file:openDropped' as InvokeChannel);
    expect(Object.keys(api).filter((k) => /drop/i.test(k))).toEqual([]);
    expect(api.platform).toBe('darwin');
  });
});
