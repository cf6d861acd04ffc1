/**
 * The main process as wiring: electron/main.ts bundled with `electron` replaced by a fake
 * (electron/testing/fakeElectron.ts), then driven as the renderer and the OS would. Covers what
 * the Playwright _electron tests cover, on machines without the Electron binary.
 */
import { build } from 'esbuild';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeBrowserWindow, FakeState } from './testing/fakeElectron';

const root = path.resolve(import.meta.dirname, '..');
let tmp: string;
let userData: string;
let docs: string;
let fake: FakeState;

const settle = () => new Promise((resolve) => setTimeout(resolve, 30));

async function until(condition: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

async function invoke(win: FakeBrowserWindow, channel: string, ...args: unknown[]) {
  const handler = fake.handlers.get(channel);
  if (!handler) throw new Error(`no handler for ${channel}`);
  return handler({ sender: win.webContents, senderFrame: win.webContents.mainFrame }, ...args);
}

const live = () => fake.windows.filter((w) => !w.destroyed);
const lastWindow = () => live().at(-1)!;

beforeAll(async () => {
  tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'sandtable-main-'));
  userData = path.join(tmp, 'userData');
  docs = path.join(tmp, 'docs');
  await fs.mkdir(path.join(tmp, 'dist', 'renderer', 'assets'), { recursive: true });
  await fs.mkdir(path.join(tmp, 'scenarios'), { recursive: true });
  await fs.mkdir(docs, { recursive: true });
  await fs.symlink(path.join(root, 'node_modules'), path.join(tmp, 'node_modules'), 'dir');
  await fs.copyFile(
    path.join(root, 'renderer', 'index.html'),
    path.join(tmp, 'dist', 'renderer', 'index.html'),
  );
  await fs.writeFile(path.join(tmp, 'dist', 'renderer', 'assets', 'app.js'), 'console.log(1)');
  await fs.writeFile(path.join(tmp, 'scenarios', 'demo.scenario.json'), '{"demo":true}\n');
  await build({
    entryPoints: [path.join(root, 'electron', 'main.ts')],
    outfile: path.join(tmp, 'dist-electron', 'main.js'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    alias: { electron: path.join(root, 'electron', 'testing', 'fakeElectron.ts') },
    // As scripts/buildElectron.mjs: the hosted session server's native module stays outside,
    // found through the node_modules link below.
    external: ['better-sqlite3', 'bufferutil', 'utf-8-validate'],
    banner: {
      js: "import { createRequire as __r } from 'node:module'; const require = __r(import.meta.url);",
    },
    logLevel: 'silent',
  });
  process.env.SANDTABLE_USER_DATA = userData;
  await import(pathToFileURL(path.join(tmp, 'dist-electron', 'main.js')).href);
  fake = (globalThis as unknown as { __fakeElectron: FakeState }).__fakeElectron;
  fake.app.makeReady();
  // Start-up reads the data folder first: wait for its window, not for a fixed time.
  await until(() => fake.windows.length > 0, 30_000);
  await settle();
  // Bundling the main process takes a few seconds, many more on a busy machine.
}, 120_000);

afterAll(async () => {
  delete process.env.SANDTABLE_USER_DATA;
  await fs.rm(tmp, { recursive: true, force: true });
});

describe('start-up', () => {
  it('opens one hardened window on app://, with a native menu', () => {
    expect(live()).toHaveLength(1);
    const win = live()[0]!;
    expect(win.webContents.url).toBe('app://sandtable/index.html');
    expect(win.options.webPreferences).toMatchObject({
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
    });
    expect(String((win.options.webPreferences as { preload: string }).preload)).toMatch(
      /dist-electron[\\/]preload\.cjs$/,
    );
    expect(fake.app.paths.userData).toBe(userData);
    if (process.platform !== 'darwin') expect(win.menu).toBeTruthy();
  });

  it('serves the renderer and its worker scripts with the strict CSP, and nothing outside it', async () => {
    const serve = fake.protocolHandlers.get('app')!;
    const page = await serve({ url: 'app://sandtable/index.html' });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'/);
    const html = await page.text();
    // The dev server's sources are gone; WebSocket (live co-editing) is the one way out.
    expect(html).not.toMatch(/localhost|127\.0\.0\.1|http:/);
    expect(html).toContain("connect-src 'self' ws: wss:;");
    const script = await serve({ url: 'app://sandtable/assets/app.js' });
    expect(script.headers.get('content-type')).toMatch(/javascript/);
    // A worker's policy comes from its own script response: the same strict one, no eval.
    expect(script.headers.get('content-security-policy')).toBe(
      page.headers.get('content-security-policy'),
    );
    expect(script.headers.get('content-security-policy')).not.toMatch(/unsafe-eval/);
    expect(
      (await serve({ url: 'app://sandtable/..%2F..%2Fscenarios/demo.scenario.json' })).status,
    ).toBe(404);
    expect((await serve({ url: 'app://sandtable/missing.js' })).status).toBe(404);
  });
});

describe('security wiring', () => {
  it('denies navigation, window.open and permissions; external links only after confirming', async () => {
    const win = live()[0]!;
    let prevented = false;
    fake.answers.messageBox.push(1); // Cancel
    win.webContents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      'https://example.org/',
    );
    await settle();
    expect(prevented).toBe(true);
    expect(fake.opened).toEqual([]);
    expect(win.webContents.windowOpenHandler!({ url: 'file:///etc/passwd' })).toEqual({
      action: 'deny',
    });
    fake.answers.messageBox.push(0); // Open Link
    expect(win.webContents.windowOpenHandler!({ url: 'https://example.org/rules' })).toEqual({
      action: 'deny',
    });
    await until(() => fake.opened.length > 0);
    expect(fake.opened).toEqual(['https://example.org/rules']);
    let granted: boolean | undefined;
    fake.permissionHandler!({}, 'geolocation', (ok) => (granted = ok));
    expect(granted).toBe(false);
    let cancelled: boolean | undefined;
    fake.beforeRequest!({ url: 'https://tracker.example/x.js' }, (r) => (cancelled = r.cancel));
    expect(cancelled).toBe(true);
    fake.beforeRequest!({ url: 'app://sandtable/assets/app.js' }, (r) => (cancelled = r.cancel));
    expect(cancelled).toBe(false);
  });

  it('refuses requests from a frame that is not the app, and malformed payloads', async () => {
    const win = live()[0]!;
    const handler = fake.handlers.get('file:recent')!;
    await expect(
      handler({ sender: win.webContents, senderFrame: { url: 'https://evil.example/' } }),
    ).rejects.toThrow(/untrusted-sender|is not an app window/);
    await expect(invoke(win, 'window:setTitle', 'x', 'dirty')).rejects.toThrow(
      'IPC window:setTitle refused: argument 2 must be boolean',
    );
  });
});

describe('co-editing sessions', () => {
  /** Whether main cancels a WebSocket handshake from `win` to `url`. */
  const cancels = (win: FakeBrowserWindow, url: string) => {
    let cancel: boolean | undefined;
    fake.beforeRequest!(
      { url, webContentsId: win.webContents.id, resourceType: 'webSocket' },
      (r) => (cancel = r.cancel),
    );
    return cancel;
  };

  it('lets a window’s WebSocket through only to the session it joined, until it leaves', async () => {
    const win = live()[0]!;
    expect(cancels(win, 'ws://127.0.0.1:4455/')).toBe(true);
    await invoke(win, 'collab:join', 'ws://127.0.0.1:4455/room');
    expect(cancels(win, 'ws://127.0.0.1:4455/')).toBe(false);
    expect(cancels(win, 'ws://stranger.example:4455/')).toBe(true);
    expect(cancels(win, 'http://127.0.0.1:4455/')).toBe(true);
    // Joining another session forgets the first.
    await invoke(win, 'collab:join', 'wss://collab.club.example');
    expect(cancels(win, 'ws://127.0.0.1:4455/')).toBe(true);
    expect(cancels(win, 'wss://collab.club.example/')).toBe(false);
    await invoke(win, 'collab:leave');
    expect(cancels(win, 'wss://collab.club.example/')).toBe(true);
    await expect(invoke(win, 'collab:join', 'https://collab.club.example')).rejects.toThrow(
      /IPC collab:join refused/,
    );
  });

  it('hosts on this computer only unless the person opens it to the network in main’s own dialog', async () => {
    const win = live()[0]!;
    fake.answers.messageBox.push(0); // Only This Computer
    const info = (await invoke(win, 'collab:host')) as { local: string; lan: string[] };
    expect(fake.dialogs.at(-1)!.options).toMatchObject({
      message: 'Who may join the session you host?',
      cancelId: 0,
    });
    expect(info).toMatchObject({ network: false, lan: [] });
    expect(info.local).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/);
    // The window that hosts may reach its own server.
    expect(cancels(win, `${info.local}/room`)).toBe(false);
    await invoke(win, 'collab:stopHost');
    await invoke(win, 'collab:leave');
  });
});

describe('documents', () => {
  it('saves where the user picks, keeps a .bak, and refuses paths never picked', async () => {
    const win = live()[0]!;
    const target = path.join(docs, 'village.scenario.json');
    fake.answers.save.push(target);
    expect(await invoke(win, 'file:save', { text: 'one', suggestedName: 'Village' })).toEqual({
      path: target,
      name: 'village.scenario.json',
    });
    await invoke(win, 'file:save', { text: 'two', path: target, suggestedName: 'Village' });
    expect(await fs.readFile(target, 'utf8')).toBe('two');
    expect(await fs.readFile(`${target}.bak`, 'utf8')).toBe('one');
    expect(await invoke(win, 'file:recent')).toEqual([expect.objectContaining({ path: target })]);
    await expect(
      invoke(win, 'file:save', {
        text: 'x',
        path: path.join(docs, 'other.json'),
        suggestedName: 'x',
      }),
    ).rejects.toThrow(/is not a file this window opened/);
  });

  it('keeps the lab results beside a scenario it saved, and nowhere else', async () => {
    const win = live()[0]!;
    const target = path.join(docs, 'village.scenario.json');
    expect(await invoke(win, 'file:readCompanion', target, 'lab')).toBeNull();
    expect(await invoke(win, 'file:writeCompanion', target, 'lab', '{"runs":[]}')).toEqual({
      path: path.join(docs, 'village.lab.json'),
      name: 'village.lab.json',
    });
    expect(await fs.readFile(path.join(docs, 'village.lab.json'), 'utf8')).toBe('{"runs":[]}');
    expect(await invoke(win, 'file:readCompanion', target, 'lab')).toBe('{"runs":[]}');
    await expect(
      invoke(win, 'file:writeCompanion', path.join(docs, 'other.json'), 'lab', '{}'),
    ).rejects.toThrow(/is not a file this window opened or saved; save the scenario first/);
  });

  it('reports a file changed on disk as a conflict; saves beside it, or overwrites exactly that version', async () => {
    const win = live()[0]!;
    const target = path.join(docs, 'village.scenario.json');
    await fs.writeFile(target, 'theirs');
    await invoke(win, 'window:ready');
    const save = (extra: object = {}) =>
      invoke(win, 'file:save', { text: 'mine', path: target, suggestedName: 'v', ...extra });
    const conflict = (await save()) as { onDisk: string };
    expect(conflict).toEqual({
      conflict: true,
      path: target,
      name: 'village.scenario.json',
      onDisk: expect.stringMatching(/^6:[0-9a-f]{64}$/),
    });
    expect(await fs.readFile(target, 'utf8')).toBe('theirs');
    // Main asks nothing itself: the page shows the choice.
    const asked = fake.dialogs.length;
    const beside = path.join(docs, 'village (2).scenario.json');
    expect(await save({ beside: true })).toEqual({
      path: beside,
      name: 'village (2).scenario.json',
    });
    expect(await fs.readFile(beside, 'utf8')).toBe('mine');
    expect(await fs.readFile(target, 'utf8')).toBe('theirs');
    expect(fake.dialogs.length).toBe(asked);
    // The window's document is now the file beside; back to the first one for "overwrite".
    await invoke(win, 'file:openRecent', target);
    await fs.writeFile(target, 'third party');
    const first = (await save()) as { onDisk: string };
    await fs.writeFile(target, 'changed again');
    // Overwriting the version the person saw, when the file changed once more, is a new conflict.
    const second = (await save({ overwrite: first.onDisk })) as { conflict: true; onDisk: string };
    expect(second.conflict).toBe(true);
    expect(second.onDisk).not.toBe(first.onDisk);
    expect(await fs.readFile(target, 'utf8')).toBe('changed again');
    expect(await save({ overwrite: second.onDisk })).toEqual({
      path: target,
      name: 'village.scenario.json',
    });
    expect(await fs.readFile(target, 'utf8')).toBe('mine');
    expect(await fs.readFile(`${target}.bak`, 'utf8')).toBe('changed again');
  });

  it('refuses a read-only file with a message naming it and what to do', async () => {
    const win = live()[0]!;
    const target = path.join(docs, 'village.scenario.json');
    await fs.chmod(target, 0o444);
    try {
      await expect(
        invoke(win, 'file:save', { text: 'x', path: target, suggestedName: 'v' }),
      ).rejects.toThrow(
        /^village\.scenario\.json is read-only, so it was not replaced; nothing was written\. Use Save As/,
      );
      expect(await fs.readFile(target, 'utf8')).toBe('mine');
    } finally {
      await fs.chmod(target, 0o644);
    }
  });

  it('on focus, reloads a clean document changed on disk and asks about a dirty one', async () => {
    const win = live()[0]!;
    const target = path.join(docs, 'village.scenario.json');
    await fs.writeFile(target, 'edited elsewhere');
    win.webContents.sent = [];
    win.emit('focus');
    // Focus reads the file, compares and reloads: wait for that, not for a fixed time.
    await until(() => win.webContents.sent.length > 0);
    expect(win.webContents.sent).toEqual([
      ['host:openFile', { path: target, name: 'village.scenario.json', text: 'edited elsewhere' }],
    ]);
    await invoke(win, 'window:setTitle', 'Village', true);
    await fs.writeFile(target, 'edited again');
    const asked = fake.dialogs.length;
    fake.answers.messageBox.push(0); // Keep Mine
    win.emit('focus');
    await until(() => fake.dialogs.length > asked);
    await settle();
    expect(fake.dialogs.at(-1)!.options.message).toMatch(/changed on disk\./);
    win.emit('focus');
    await settle();
    expect(fake.dialogs.length).toBe(asked + 1); // asked once, not on every focus
    // Keeping mine means the next save replaces the other version without asking again.
    await invoke(win, 'file:save', { text: 'mine', path: target, suggestedName: 'v' });
    expect(await fs.readFile(target, 'utf8')).toBe('mine');
    expect(fake.dialogs.length).toBe(asked + 1);
    await invoke(win, 'window:setTitle', 'Village', false);
  });

  it('opens a dropped file in an untouched window, and the next one in a window of its own', async () => {
    const first = path.join(docs, 'dropped.scenario.json');
    const second = path.join(docs, 'second.sandtable');
    await fs.writeFile(first, 'FIRST');
    await fs.writeFile(second, 'SECOND');
    await invoke(live()[0]!, 'window:new');
    const fresh = lastWindow();
    // Chromium navigates to a dropped file the page did not take; main cancels and opens it.
    const drop = async (win: FakeBrowserWindow, file: string) => {
      let prevented = false;
      win.webContents.emit(
        'will-navigate',
        { preventDefault: () => (prevented = true) },
        pathToFileURL(file).href,
      );
      expect(prevented).toBe(true);
      // The open runs on its own (nothing awaits an event): wait until main has read the file.
      await until(() => fake.app.recentDocuments.includes(file));
      await settle();
    };
    await drop(fresh, first);
    expect(fresh.webContents.sent).toEqual([]); // queued until the page subscribes
    await invoke(fresh, 'window:ready');
    await until(() => fresh.webContents.sent.length > 0);
    expect(fresh.webContents.sent).toEqual([
      ['host:openFile', { path: first, name: 'dropped.scenario.json', text: 'FIRST' }],
    ]);
    const before = live().length;
    await drop(fresh, second);
    expect(live()).toHaveLength(before + 1);
    const other = lastWindow();
    await invoke(other, 'window:ready');
    await until(() => other.webContents.sent.length > 0);
    expect(other.webContents.sent[0]).toEqual([
      'host:openFile',
      { path: second, name: 'second.sandtable', text: 'SECOND' },
    ]);
    // Opening a file that is already open focuses its window instead.
    fake.app.emit('second-instance', {}, ['sandtable', first], docs);
    await settle();
    expect(live()).toHaveLength(before + 1);
    expect(fresh.focused).toBe(true);
    // A dropped file that is not a scenario is neither opened nor granted.
    const notes = path.join(docs, 'notes.txt');
    await fs.writeFile(notes, 'x');
    let prevented = false;
    fresh.webContents.emit(
      'will-navigate',
      { preventDefault: () => (prevented = true) },
      pathToFileURL(notes).href,
    );
    await settle();
    expect(prevented).toBe(true);
    expect(live()).toHaveLength(before + 1);
    expect(fake.app.recentDocuments).not.toContain(notes);
  });

  it('grants a dropped file only through a drop main saw: the page cannot name a path', async () => {
    const win = live()[0]!;
    expect(fake.handlers.has('file:openDropped')).toBe(false);
    const victim = path.join(docs, 'package.json');
    await fs.writeFile(victim, '{"name":"project"}');
    // Without a drop, saving to a path the page names is refused, and the file is untouched.
    await expect(
      invoke(win, 'file:save', { text: 'pwned', path: victim, suggestedName: 'package.json' }),
    ).rejects.toThrow(/not a file this window opened; use Save As/);
    expect(await fs.readFile(victim, 'utf8')).toBe('{"name":"project"}');
  });

  it('shows bytes that are not UTF-8 as a problem, and does not adopt the file', async () => {
    await invoke(live()[0]!, 'window:new');
    const win = lastWindow();
    await invoke(win, 'window:ready');
    const latin = path.join(docs, 'latin.sandtable');
    await fs.writeFile(latin, Buffer.from('{"meta":{"title":"Caf\xe9"}}', 'latin1'));
    fake.answers.open.push(latin);
    const opened = (await invoke(win, 'file:open')) as {
      text: string;
      problems?: { code: string; message: string }[];
    };
    expect(opened.text).toBe('');
    expect(opened.problems?.[0]?.code).toBe('encoding');
    expect(opened.problems?.[0]?.message).toMatch(/at byte 21 /);
    // Not this window's document: a save without a path still asks where.
    fake.answers.save.push(null);
    await invoke(win, 'file:save', { text: 't', suggestedName: 'x' });
    expect(fake.dialogs.at(-1)!.kind).toBe('save');
  });

  it('lists the bundled scenarios', async () => {
    expect(await invoke(live()[0]!, 'file:bundled')).toEqual([
      { id: 'demo', file: 'demo.scenario.json', text: '{"demo":true}\n' },
    ]);
  });
});

describe('closing with unsaved changes', () => {
  it('Cancel keeps the window; Save saves through the page and then closes', async () => {
    await invoke(live()[0]!, 'window:new');
    const win = lastWindow();
    await invoke(win, 'window:setTitle', 'Ridge', true);
    expect(win.title).toBe('• Ridge — Sandtable');
    fake.answers.messageBox.push(2); // Cancel
    win.close();
    await settle();
    expect(win.destroyed).toBe(false);
    expect(fake.dialogs.at(-1)!.options.message).toMatch(/save the changes you made to “Ridge”/);

    fake.answers.messageBox.push(0); // Save
    win.close();
    await settle();
    expect(win.destroyed).toBe(false);
    expect(win.webContents.sent.at(-1)).toEqual(['host:menuCommand', 'file.save']);
    // The page runs its Save command, which asks main to save.
    const target = path.join(docs, 'ridge.scenario.json');
    fake.answers.save.push(target);
    await invoke(win, 'file:save', { text: 'ridge', suggestedName: 'Ridge' });
    await until(() => win.destroyed);
    expect(await fs.readFile(target, 'utf8')).toBe('ridge');
  });

  it("Don't Save closes and removes the window's autosave", async () => {
    await invoke(live()[0]!, 'window:new');
    const win = lastWindow();
    await invoke(win, 'window:setTitle', 'Scratch', true);
    await invoke(win, 'autosave:write', { title: 'Scratch', name: 'Untitled', text: 'scratch' });
    const dir = path.join(userData, 'autosave');
    const count = async () => (await fs.readdir(dir)).filter((n) => n.endsWith('.json')).length;
    const before = await count();
    fake.answers.messageBox.push(1); // Don't Save
    win.close();
    await settle();
    expect(win.destroyed).toBe(true);
    expect(await count()).toBe(before - 1);
  });
});

describe('autosave and recovery', () => {
  it('offers a crashed page its autosave after reload, and restores it into the window', async () => {
    await invoke(live()[0]!, 'window:new');
    const win = lastWindow();
    await invoke(win, 'autosave:write', { title: 'Crossing', name: 'Untitled', text: 'AUTOSAVED' });
    // A live window's own autosave is not offered, in it or elsewhere.
    expect(await invoke(win, 'autosave:list')).toEqual([]);
    fake.answers.messageBox.push(0); // Reload
    win.webContents.emit('render-process-gone', {}, { reason: 'crashed' });
    await until(() => win.webContents.reloads > 0);
    expect(win.webContents.reloads).toBe(1);
    const offered = (await invoke(win, 'autosave:list')) as { id: string; title: string }[];
    expect(offered).toEqual([expect.objectContaining({ title: 'Crossing', name: 'Untitled' })]);
    const restored = (await invoke(win, 'autosave:restore', offered[0]!.id)) as { text: string };
    expect(restored.text).toBe('AUTOSAVED');
    expect(await invoke(win, 'autosave:list')).toEqual([]);
    await expect(invoke(win, 'autosave:discard', offered[0]!.id)).resolves.toBeUndefined();
  });

  it('will not hand one window the autosave slot of another live window', async () => {
    const a = live()[0]!;
    await invoke(a, 'autosave:write', { title: 'A', name: 'a', text: 'a' });
    const files = await fs.readdir(path.join(userData, 'autosave'));
    const ids = files.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5));
    await invoke(a, 'window:new');
    const b = lastWindow();
    for (const id of ids) {
      await expect(invoke(b, 'autosave:restore', id)).rejects.toThrow(/open in another window/);
    }
  });
});
