/**
 * The Electron main process: thin wiring of the modules in electron/core (which do not import
 * Electron, so Node tests cover them) onto windows, menus, dialogs and IPC.
 */
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  screen,
  session,
  shell,
  type MenuItemConstructorOptions,
  type WebContents,
} from 'electron';
import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type {
  CompanionKind,
  MenuSection,
  OpenedFile,
  RecentFile,
  SaveConflict,
  SavedFile,
} from '../renderer/host/Host';
import { labFileName } from '../engine/lab/labFileName';
import {
  APP_ENTRY,
  APP_SCHEME,
  CONTENT_SECURITY_POLICY,
  desktopIndexHtml,
  isExternalWebUrl,
  mimeFor,
  resolveAppAsset,
} from './core/appProtocol';
import { documentFileName, parseRecent, PathGrants, touchRecent } from './core/documents';
import {
  currentVersion,
  isDocumentPath,
  parseVersionTag,
  readDocument,
  saveBeside,
  saveDocument,
  SaveError,
  SaveRefusedError,
  versionTag,
  writeFileAtomic,
  type FileVersion,
  type VersionCheck,
} from './core/fileService';
import type { EventChannel, EventContract, SavePayload } from './core/ipcContract';
import { INVOKE_CHANNELS } from './core/ipcContract';
import { createIpcRouter, type Handlers } from './core/ipcValidation';
import {
  buildMenuModel,
  DEFAULT_SECTIONS,
  filesFromArgv,
  isMainCommand,
  type MenuNode,
} from './core/menuModel';
import { AutosaveDir } from './core/recovery';
import { HOST_SCOPE_QUESTION, scopeFromAnswer, SessionHost } from './core/collabHost';
import { RequestPolicy } from './core/requestPolicy';
import {
  DEFAULT_WINDOW,
  parseWindowState,
  placeWindow,
  type WindowState,
} from './core/windowState';

const here = path.dirname(fileURLToPath(import.meta.url));
const rendererRoot = path.join(here, '..', 'dist', 'renderer');
const scenariosRoot = path.join(here, '..', 'scenarios');
const preloadPath = path.join(here, 'preload.cjs');
/** The Vite dev server, only for an unpackaged app started by a developer. */
const devUrl = !app.isPackaged ? process.env.SANDTABLE_DEV_URL : undefined;
const devOrigin = devUrl ? new URL(devUrl).origin : undefined;

// Tests (and a user who wants a portable profile) point the data folder elsewhere; it must be set
// before the app is ready, and before the single-instance lock, which lives in it.
if (process.env.SANDTABLE_USER_DATA) app.setPath('userData', process.env.SANDTABLE_USER_DATA);

const DOCUMENT_FILTERS = [
  { name: 'Sandtable scenarios', extensions: ['sandtable', 'json'] },
  { name: 'All files', extensions: ['*'] },
];

/** Main's view of one document window. */
interface DocWindow {
  readonly win: BrowserWindow;
  /** This window's autosave slot; renewed if its renderer crashes so the old one is offered. */
  slot: string;
  path?: string;
  version?: FileVersion;
  title: string;
  dirty: boolean;
  menus: readonly MenuSection[];
  ready: boolean;
  pending: OpenedFile[];
  /** The user chose Save in the close prompt: close once the save succeeds. */
  closeAfterSave: boolean;
  closeConfirmed: boolean;
  /** A disk version the user already answered about, so focusing again does not ask again. */
  answeredVersion?: string;
}

const windows = new Map<number, DocWindow>();
const grants = new PathGrants();

/** The file of `kind` kept beside a scenario file this window may use (the lab's runs). */
function companionPath(file: string, kind: CompanionKind): string {
  if (!grants.has(file))
    throw new Error(
      `${path.basename(file)} is not a file this window opened or saved; save the scenario first.`,
    );
  if (kind !== 'lab') throw new Error(`no companion file of kind "${String(kind)}"`);
  return path.join(path.dirname(file), labFileName(path.basename(file)));
}
let recent: RecentFile[] = [];
let lastWindowState: WindowState = DEFAULT_WINDOW;
let quitting = false;
let autosaves: AutosaveDir;
/** "Host session…": the collaboration server this app runs (this computer or its network), if any. */
let sessionHost: SessionHost | undefined;
/** What the pages may reach on the network: the app, and the co-editing session each joined. */
const requests = new RequestPolicy({ devOrigin });
const pendingOsFiles: string[] = [];

const newSlot = () => `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
const dataFile = (name: string) => path.join(app.getPath('userData'), name);

async function readJson(file: string): Promise<unknown> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * Writes one of main's own small files (recent files, window state). A failure (a full disk)
 * leaves the previous file intact and is logged; it never stops what the user was doing.
 */
async function writeJson(file: string, value: unknown): Promise<void> {
  try {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await writeFileAtomic(file, JSON.stringify(value, null, 2), { backup: false });
  } catch (error) {
    console.warn(error instanceof Error ? error.message : String(error));
  }
}

function send<E extends EventChannel>(doc: DocWindow, channel: E, payload: EventContract[E]) {
  if (!doc.win.isDestroyed()) doc.win.webContents.send(channel, payload);
}

function docFor(contents: WebContents): DocWindow | undefined {
  return windows.get(contents.id);
}

function focusedDoc(): DocWindow | undefined {
  const win = BrowserWindow.getFocusedWindow();
  return win ? docFor(win.webContents) : [...windows.values()].at(-1);
}

// ---------------------------------------------------------------------------------------------
// Documents

async function rememberRecent(file: string, title?: string) {
  recent = touchRecent(recent, { path: file, ...(title ? { title } : {}) }, new Date());
  app.addRecentDocument(file);
  await writeJson(dataFile('recent.json'), recent);
  refreshMenus();
}

/** Reads a picked file and makes it this window's document. */
async function readInto(doc: DocWindow, file: string): Promise<OpenedFile> {
  const { text, version, problems } = await readDocument(file);
  const name = path.basename(file);
  // Bytes that are not UTF-8 are not a document this window holds: the page shows the problem.
  if (problems) return { path: file, name, text: '', problems };
  grants.grant(file);
  doc.path = file;
  doc.version = version;
  if (!doc.win.isDestroyed()) doc.win.setRepresentedFilename(file);
  await rememberRecent(file);
  return { path: file, name, text };
}

function windowShowing(file: string): DocWindow | undefined {
  return [...windows.values()].find((d) => d.path === file);
}

const pristine = (doc: DocWindow | undefined) => doc !== undefined && !doc.path && !doc.dirty;

/**
 * One window per document: a file already open is focused; otherwise it goes to an untouched
 * window, or a new one. The renderer receives it through `host:openFile` once it is ready.
 */
async function openInWindow(file: string, preferred?: DocWindow): Promise<void> {
  const existing = windowShowing(file);
  if (existing) {
    if (existing.win.isMinimized()) existing.win.restore();
    existing.win.focus();
    return;
  }
  const doc = pristine(preferred) ? preferred! : createWindow();
  try {
    deliver(doc, await readInto(doc, file));
  } catch (error) {
    await dialog.showMessageBox(doc.win, {
      type: 'error',
      message: `Could not open ${path.basename(file)}`,
      detail: error instanceof Error ? error.message : String(error),
    });
  }
}

function deliver(doc: DocWindow, file: OpenedFile) {
  if (doc.ready) send(doc, 'host:openFile', file);
  else doc.pending.push(file);
}

async function openViaDialog(doc: DocWindow | undefined) {
  const result = doc
    ? await dialog.showOpenDialog(doc.win, { properties: ['openFile'], filters: DOCUMENT_FILTERS })
    : await dialog.showOpenDialog({ properties: ['openFile'], filters: DOCUMENT_FILTERS });
  const file = result.canceled ? undefined : result.filePaths[0];
  if (file) {
    grants.grant(file);
    await openInWindow(file, doc);
  }
}

/** Shows a save dialog; grants and returns the chosen path. */
async function askSavePath(
  doc: DocWindow,
  defaultName: string,
  filters = DOCUMENT_FILTERS,
): Promise<string | null> {
  const defaultPath = doc.path
    ? path.join(path.dirname(doc.path), defaultName)
    : path.join(app.getPath('documents'), defaultName);
  const result = await dialog.showSaveDialog(doc.win, { defaultPath, filters });
  if (result.canceled || !result.filePath) return null;
  grants.grant(result.filePath);
  return result.filePath;
}

/** Makes a saved file this window's document. */
async function adopt(doc: DocWindow, file: string, version: FileVersion): Promise<SavedFile> {
  grants.grant(file);
  doc.path = file;
  doc.version = version;
  if (!doc.win.isDestroyed()) doc.win.setRepresentedFilename(file);
  await rememberRecent(file, doc.title || undefined);
  if (doc.closeAfterSave) setImmediate(() => closeConfirmed(doc));
  return { path: file, name: path.basename(file) };
}

/** What a failed save tells the person: what happened, what is on disk, what to do. */
function saveFailure(error: unknown, target: string): Error {
  const name = path.basename(target);
  if (error instanceof SaveRefusedError) return new Error(error.message);
  const what = error instanceof Error ? error.message : String(error);
  const onDisk = error instanceof SaveError ? '' : ` The file on disk was not changed.`;
  return new Error(
    `${error instanceof SaveError ? what : `Could not save ${name}: ${what}.`}${onDisk} Try again, or use Save As… to save under another name or in another folder.`,
  );
}

/**
 * Saves the page's text. A file that changed on disk since this window read or saved it is not
 * replaced: the page gets a SaveConflict and asks the person, then saves again with `beside`
 * (a new name next to it) or `overwrite` (that exact version on disk). Failures are thrown with
 * a message naming the file and what to do; the page shows it.
 */
async function save(
  doc: DocWindow,
  payload: SavePayload,
): Promise<SavedFile | SaveConflict | null> {
  let target = payload.saveAs ? undefined : payload.path;
  if (target && !grants.has(target)) {
    throw new Error(`${path.basename(target)} is not a file this window opened; use Save As.`);
  }
  if (!target) {
    target = (await askSavePath(doc, documentFileName(payload.suggestedName))) ?? undefined;
    if (!target) return null;
  }
  try {
    if (payload.beside) {
      const beside = await saveBeside(target, payload.text);
      return await adopt(doc, beside.path, beside.version);
    }
    // "Overwrite" replaces the version the person was told about, and nothing newer.
    let expected: VersionCheck | null | undefined = target === doc.path ? doc.version : undefined;
    if (payload.overwrite !== undefined)
      expected = payload.overwrite === 'none' ? null : parseVersionTag(payload.overwrite);
    const result = await saveDocument(
      target,
      payload.text,
      expected !== undefined ? { expected } : {},
    );
    if (result.kind === 'conflict') {
      return {
        conflict: true,
        path: target,
        name: path.basename(target),
        onDisk: result.current ? versionTag(result.current) : 'none',
      };
    }
    return await adopt(doc, target, result.version);
  } catch (error) {
    doc.closeAfterSave = false;
    throw saveFailure(error, target);
  }
}

/**
 * When a window comes to the front, notices if its file was changed by someone else: an
 * unchanged document just reloads; one with unsaved changes asks (reload, keep mine, save as).
 */
async function checkDiskVersion(doc: DocWindow): Promise<void> {
  const file = doc.path;
  const known = doc.version;
  if (!file || !known || !doc.ready) return;
  const current = await currentVersion(file).catch(() => null);
  if (!current || current.sha256 === known.sha256 || current.sha256 === doc.answeredVersion) return;
  if (doc.path !== file || doc.version !== known) return; // saved or reopened meanwhile
  if (!doc.dirty) {
    deliver(doc, await readInto(doc, file));
    return;
  }
  doc.answeredVersion = current.sha256;
  const { response } = await dialog.showMessageBox(doc.win, {
    type: 'warning',
    message: `“${path.basename(file)}” changed on disk.`,
    detail:
      'Another program changed it while you have unsaved changes here. Reload the version on disk (your changes are lost), keep yours (saving will replace the other version, which becomes the .bak), or save yours under a new name.',
    buttons: ['Keep Mine', 'Reload From Disk', 'Save As…'],
    defaultId: 0,
    cancelId: 0,
  });
  if (response === 1) deliver(doc, await readInto(doc, file));
  else if (response === 2) send(doc, 'host:menuCommand', 'file.saveAs');
  else doc.version = current;
}

async function confirmExternal(url: string, parent?: BrowserWindow): Promise<boolean> {
  if (!isExternalWebUrl(url)) return false;
  const options = {
    type: 'question' as const,
    message: 'Open this link in your web browser?',
    detail: url,
    buttons: ['Open Link', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
  };
  const { response } = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  if (response !== 0) return false;
  await shell.openExternal(url);
  return true;
}

async function bundledScenarios() {
  const names = await fs.readdir(scenariosRoot).catch(() => [] as string[]);
  const out = [];
  for (const file of names.filter((n) => n.endsWith('.scenario.json')).sort()) {
    const text = await fs.readFile(path.join(scenariosRoot, file), 'utf8');
    out.push({ id: file.replace(/\.scenario\.json$/, ''), file, text });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// IPC

const liveSlots = () => new Set([...windows.values()].map((d) => d.slot));

const handlers: Handlers<DocWindow> = {
  'file:open': async (doc, filters) => {
    const result = await dialog.showOpenDialog(doc.win, {
      properties: ['openFile'],
      filters: filters
        ? filters.map((f) => ({ name: f.name, extensions: [...f.extensions] }))
        : DOCUMENT_FILTERS,
    });
    const file = result.canceled ? undefined : result.filePaths[0];
    if (!file) return null;
    grants.grant(file);
    // One window per document: a file open elsewhere is focused, and a window that already holds
    // a document opens the new one beside it; null tells the page nothing changed here.
    if (pristine(doc) && !windowShowing(file)) return readInto(doc, file);
    await openInWindow(file);
    return null;
  },
  'file:openRecent': async (doc, file) => {
    if (!recent.some((r) => r.path === file) && !grants.has(file)) {
      throw new Error(`${path.basename(file)} is not in the recent files list.`);
    }
    grants.grant(file);
    return readInto(doc, file);
  },
  'file:save': (doc, payload) => save(doc, payload),
  'file:export': async (doc, { data, suggestedName, mime }) => {
    const ext = path.extname(suggestedName).slice(1) || mime.split('/')[1] || 'bin';
    const target = await askSavePath(doc, suggestedName, [
      { name: `${ext.toUpperCase()} file`, extensions: [ext] },
    ]);
    if (!target) return null;
    await writeFileAtomic(target, data);
    return { path: target, name: path.basename(target) };
  },
  // The lab's runs sit beside a scenario this window opened or saved, never anywhere else.
  'file:readCompanion': async (_doc, file, kind) => {
    try {
      return await fs.readFile(companionPath(file, kind), 'utf8');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
  },
  'file:writeCompanion': async (_doc, file, kind, text) => {
    const target = companionPath(file, kind);
    await writeFileAtomic(target, text, { backup: false });
    return { path: target, name: path.basename(target) };
  },
  'file:bundled': () => bundledScenarios(),
  'file:recent': () => recent,
  'window:setTitle': (doc, title, dirty) => {
    doc.title = title;
    doc.dirty = dirty;
    doc.win.setTitle(`${dirty ? '• ' : ''}${title || 'Untitled'} — Sandtable`);
    doc.win.setDocumentEdited(dirty);
  },
  'window:setMenu': (doc, menus) => {
    doc.menus = menus;
    refreshMenus();
  },
  'window:ready': (doc) => {
    doc.ready = true;
    for (const file of doc.pending.splice(0)) send(doc, 'host:openFile', file);
  },
  'window:new': () => {
    createWindow();
  },
  'shell:openExternal': (doc, url) => confirmExternal(url, doc.win),
  'autosave:write': async (doc, { title, name, text }) => {
    await autosaves.write(doc.slot, { title, name, text, ...(doc.path ? { path: doc.path } : {}) });
  },
  'autosave:clear': (doc) => autosaves.remove(doc.slot),
  'autosave:list': () => autosaves.list(liveSlots()),
  'autosave:restore': async (doc, id) => {
    if (liveSlots().has(id)) throw new Error('That document is open in another window.');
    const restored = await autosaves.adopt(id, doc.slot);
    if (restored.entry.path) {
      // The path was the window's document in the session that crashed: picked by the user then.
      grants.grant(restored.entry.path);
      doc.path = restored.entry.path;
      doc.version = (await currentVersion(restored.entry.path)) ?? undefined;
    }
    return restored;
  },
  'autosave:discard': async (_doc, id) => {
    if (liveSlots().has(id)) throw new Error('That document is open in another window.');
    await autosaves.remove(id);
  },
  // Who may join is asked here, in main: the page cannot open a listener on the network itself.
  'collab:host': async (doc) => {
    const { response } = await dialog.showMessageBox(doc.win, HOST_SCOPE_QUESTION);
    sessionHost ??= new SessionHost(app.getPath('userData'), {
      log: (line) => console.log(`host session: ${line}`),
    });
    const info = await sessionHost.start(scopeFromAnswer(response));
    requests.leave(doc.win.webContents.id);
    requests.join(doc.win.webContents.id, info.local);
    return info;
  },
  'collab:stopHost': async () => {
    await sessionHost?.stop();
  },
  // One session per window: joining another forgets the last one.
  'collab:join': (doc, server) => {
    requests.leave(doc.win.webContents.id);
    requests.join(doc.win.webContents.id, server);
  },
  'collab:leave': (doc) => {
    requests.leave(doc.win.webContents.id);
  },
};

const dispatch = createIpcRouter(handlers, devOrigin);

function registerIpc() {
  for (const channel of INVOKE_CHANNELS) {
    ipcMain.handle(channel, (event, ...args: unknown[]) => {
      const doc = docFor(event.sender);
      const frame = event.senderFrame;
      const sender = {
        frameUrl: frame?.url,
        isMainFrameOfKnownWindow:
          doc !== undefined && frame !== null && frame === event.sender.mainFrame,
      };
      return dispatch(sender, doc as DocWindow, channel, args);
    });
  }
}

// ---------------------------------------------------------------------------------------------
// Menus

function toElectron(node: MenuNode): MenuItemConstructorOptions {
  switch (node.kind) {
    case 'separator':
      return { type: 'separator' };
    case 'role':
      return {
        role: node.role as MenuItemConstructorOptions['role'],
        ...(node.label ? { label: node.label } : {}),
      };
    case 'submenu':
      return { label: node.label, submenu: node.items.map(toElectron) };
    case 'recent':
      return { label: node.label, click: () => void openInWindow(node.path, focusedDoc()) };
    case 'command':
      return {
        label: node.label,
        enabled: node.enabled,
        ...(node.accelerator
          ? { accelerator: node.accelerator, registerAccelerator: node.registerAccelerator }
          : {}),
        ...(node.checked !== undefined ? { type: 'checkbox' as const, checked: node.checked } : {}),
        click: () => runCommand(node.commandId),
      };
  }
}

function runCommand(id: string) {
  const doc = focusedDoc();
  // Once the renderer has sent its menus it opens files itself (asking about unsaved changes
  // first); before that, Open is main's.
  const rendererOpens = id === 'file.open' && doc !== undefined && doc.menus.length > 0;
  if (isMainCommand(id) && !rendererOpens) {
    switch (id) {
      case 'app.newWindow':
        createWindow();
        return;
      case 'file.open':
        void openViaDialog(doc);
        return;
      case 'window.close':
        doc?.win.close();
        return;
      case 'app.quit':
        app.quit();
        return;
    }
  }
  if (doc) send(doc, 'host:menuCommand', id);
}

function menuFor(doc: DocWindow | undefined): Menu {
  const model = buildMenuModel(doc?.menus.length ? doc.menus : DEFAULT_SECTIONS, {
    platform: process.platform,
    recent,
    devTools: !app.isPackaged,
    appName: app.name,
    pageHandlesShortcuts: Boolean(doc?.menus.length),
  });
  return Menu.buildFromTemplate(model.map(toElectron));
}

/** macOS has one menu bar for the app, following focus; Windows and Linux one per window. */
function refreshMenus() {
  if (process.platform === 'darwin') {
    Menu.setApplicationMenu(menuFor(focusedDoc()));
  } else {
    for (const doc of windows.values()) doc.win.setMenu(menuFor(doc));
  }
}

// ---------------------------------------------------------------------------------------------
// Windows

function saveWindowState(win: BrowserWindow) {
  if (win.isDestroyed()) return;
  const bounds = win.getNormalBounds();
  lastWindowState = {
    ...bounds,
    maximized: win.isMaximized(),
    fullScreen: win.isFullScreen(),
  };
  void writeJson(dataFile('window-state.json'), lastWindowState);
}

function closeConfirmed(doc: DocWindow) {
  doc.closeConfirmed = true;
  if (!doc.win.isDestroyed()) doc.win.close();
}

function createWindow(): DocWindow {
  const placed = placeWindow(
    lastWindowState,
    screen.getAllDisplays().map((d) => d.workArea),
    BrowserWindow.getAllWindows().map((w) => w.getBounds()),
  );
  const win = new BrowserWindow({
    ...(placed.x !== undefined && placed.y !== undefined ? { x: placed.x, y: placed.y } : {}),
    width: placed.width,
    height: placed.height,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: 'Sandtable',
    backgroundColor: '#1f2420',
    ...(process.platform === 'linux'
      ? { icon: path.join(here, '..', 'build', 'icons', '512x512.png') }
      : {}),
    webPreferences: {
      preload: preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      // Middle-click would otherwise open links in new windows, bypassing will-navigate.
      disableBlinkFeatures: 'Auxclick',
      // A file dropped where the page does not take it navigates to its file: URL; main sees
      // that navigation (will-navigate), cancels it and opens the file itself. It is the one way
      // a drop reaches main, so no path the page names can grant access to a file.
      navigateOnDragDrop: true,
      safeDialogs: true,
      spellcheck: false,
      devTools: !app.isPackaged,
    },
  });
  const doc: DocWindow = {
    win,
    slot: newSlot(),
    title: 'Untitled',
    dirty: false,
    menus: [],
    ready: false,
    pending: [],
    closeAfterSave: false,
    closeConfirmed: false,
  };
  const id = win.webContents.id;
  windows.set(id, doc);
  win.once('ready-to-show', () => {
    if (placed.maximized) win.maximize();
    if (placed.fullScreen) win.setFullScreen(true);
    win.show();
  });
  let stateTimer: NodeJS.Timeout | undefined;
  const queueState = () => {
    clearTimeout(stateTimer);
    stateTimer = setTimeout(() => saveWindowState(win), 500);
  };
  win.on('resize', queueState);
  win.on('move', queueState);
  win.on('focus', () => {
    if (process.platform === 'darwin') refreshMenus();
    void checkDiskVersion(doc);
  });
  win.on('close', (event) => {
    saveWindowState(win);
    if (!doc.dirty || doc.closeConfirmed) return;
    event.preventDefault();
    void promptUnsaved(doc);
  });
  win.on('closed', () => {
    clearTimeout(stateTimer);
    windows.delete(id);
    requests.leave(id);
    // Closing is deliberate (saved, or the user chose not to save): the autosave has served.
    void autosaves.remove(doc.slot).catch(() => undefined);
    if (quitting && windows.size > 0) app.quit();
  });
  win.webContents.on('render-process-gone', (_event, details) => {
    if (details.reason === 'clean-exit') return;
    // Leave the crashed page's autosave behind as an orphan so the reloaded page offers it.
    doc.slot = newSlot();
    doc.ready = false;
    void dialog
      .showMessageBox(win, {
        type: 'error',
        message: 'This window stopped working.',
        detail: 'Reload it to recover the last autosave of your document.',
        buttons: ['Reload', 'Close Window'],
        defaultId: 0,
      })
      .then(({ response }) => {
        if (response === 0) win.webContents.reload();
        else closeConfirmed(doc);
      });
  });
  void (devUrl ? win.loadURL(devUrl) : win.loadURL(APP_ENTRY));
  refreshMenus();
  return doc;
}

async function promptUnsaved(doc: DocWindow) {
  const { response } = await dialog.showMessageBox(doc.win, {
    type: 'warning',
    message: `Do you want to save the changes you made to “${doc.title || 'Untitled'}”?`,
    detail: 'Your changes will be lost if you don’t save them.',
    buttons: ['Save', 'Don’t Save', 'Cancel'],
    defaultId: 0,
    cancelId: 2,
  });
  if (response === 1) {
    closeConfirmed(doc);
  } else if (response === 0) {
    // The renderer saves through its own command (it knows the document); main closes the
    // window when that save succeeds, and forgets the request if it never does.
    doc.closeAfterSave = true;
    setTimeout(() => (doc.closeAfterSave = false), 120_000);
    send(doc, 'host:menuCommand', 'file.save');
  } else {
    quitting = false;
  }
}

// ---------------------------------------------------------------------------------------------
// Security

function hardenSessions() {
  const ses = session.defaultSession;
  ses.setPermissionRequestHandler((_contents, _permission, callback) => callback(false));
  ses.setPermissionCheckHandler(() => false);
  // Electron routes WebSocket handshakes through here too (resource type webSocket): a
  // co-editing session's socket passes once its window joined that session, and no other.
  ses.webRequest.onBeforeRequest((details, callback) => {
    callback({ cancel: !requests.allows(details) });
  });
}

/**
 * The file a drop onto a window navigated to, if it is a scenario document. Chromium starts this
 * navigation itself for a dropped file the page did not take, and (with the file-protocol fuse
 * off) lets a renderer reach a file: URL only for files that were really dropped on it.
 */
function droppedDocument(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  try {
    const file = fileURLToPath(url);
    return path.isAbsolute(file) && isDocumentPath(file) ? file : undefined;
  } catch {
    return undefined;
  }
}

/** Opens a dropped file, here if the window is untouched, else in a window of its own. */
async function openDropped(doc: DocWindow, file: string): Promise<void> {
  grants.grant(file);
  await openInWindow(file, doc);
}

app.on('web-contents-created', (_event, contents) => {
  contents.on('will-navigate', (event, url) => {
    event.preventDefault();
    const dropped = droppedDocument(url);
    const doc = docFor(contents);
    if (dropped && doc) {
      void openDropped(doc, dropped);
      return;
    }
    if (isExternalWebUrl(url))
      void confirmExternal(url, BrowserWindow.fromWebContents(contents) ?? undefined);
  });
  contents.on('will-redirect', (event) => event.preventDefault());
  contents.on('will-attach-webview', (event) => event.preventDefault());
  contents.setWindowOpenHandler(({ url }) => {
    if (isExternalWebUrl(url))
      void confirmExternal(url, BrowserWindow.fromWebContents(contents) ?? undefined);
    return { action: 'deny' };
  });
});

// ---------------------------------------------------------------------------------------------
// App lifecycle

protocol.registerSchemesAsPrivileged([
  { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
]);

function serveApp() {
  protocol.handle(APP_SCHEME, async (request) => {
    const file = resolveAppAsset(rendererRoot, request.url);
    if (!file) return new Response('Not found', { status: 404 });
    try {
      const bytes = await fs.readFile(file);
      const html = file.endsWith('.html');
      // Every response carries the policy: a worker takes its policy from its own script's
      // response, not from the page, so the format worker runs without eval too (its validators
      // are compiled ahead of time).
      return new Response(html ? desktopIndexHtml(bytes.toString('utf8')) : bytes, {
        headers: {
          'Content-Type': mimeFor(file),
          'X-Content-Type-Options': 'nosniff',
          'Content-Security-Policy': CONTENT_SECURITY_POLICY,
          ...(html ? { 'Cross-Origin-Opener-Policy': 'same-origin' } : {}),
          // With the opener policy, cross-origin isolation: SharedArrayBuffer, which lets the
          // playtest's Stop reach the strong bot thinking on its worker. Everything the app loads
          // is its own, so requiring resource policies of other origins costs nothing.
          'Cross-Origin-Embedder-Policy': 'require-corp',
        },
      });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}

const isPath = (p: string) => isDocumentPath(p);
const argvFiles = (argv: readonly string[], cwd: string) =>
  filesFromArgv(argv, (p) => path.resolve(cwd, p), isPath);

if (!app.requestSingleInstanceLock()) {
  // Another Sandtable is running: it receives our argv through 'second-instance'.
  app.quit();
} else {
  app.on('second-instance', (_event, argv, cwd) => {
    const files = argvFiles(argv, cwd);
    for (const file of files) {
      grants.grant(file);
      void openInWindow(file, focusedDoc());
    }
    if (!files.length) {
      const doc = focusedDoc();
      if (doc) {
        if (doc.win.isMinimized()) doc.win.restore();
        doc.win.focus();
      } else createWindow();
    }
  });

  // macOS delivers double-clicked documents as events, possibly before the app is ready.
  app.on('open-file', (event, file) => {
    event.preventDefault();
    grants.grant(file);
    if (app.isReady()) void openInWindow(file, focusedDoc());
    else pendingOsFiles.push(file);
  });

  app.on('before-quit', () => {
    quitting = true;
    // The hosted server stores its open rooms as it stops.
    void sessionHost?.stop();
  });

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  app.on('activate', () => {
    if (windows.size === 0) createWindow();
  });

  void app.whenReady().then(async () => {
    autosaves = new AutosaveDir(dataFile('autosave'));
    recent = parseRecent(await readJson(dataFile('recent.json')));
    for (const r of recent) grants.grant(r.path);
    lastWindowState = parseWindowState(await readJson(dataFile('window-state.json')));
    hardenSessions();
    serveApp();
    registerIpc();
    const files = [...argvFiles(process.argv, process.cwd()), ...pendingOsFiles.splice(0)];
    for (const file of files) grants.grant(file);
    if (files.length === 0) createWindow();
    for (const file of files) await openInWindow(file);
    refreshMenus();
  });
}
