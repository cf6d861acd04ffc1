/**
 * A stand-in for the `electron` module, enough of it to run the bundled main process in Node:
 * main.test.ts bundles electron/main.ts with `electron` aliased here and drives it through IPC,
 * window events and stubbed dialogs, where the Electron binary cannot be installed. The state
 * lives on globalThis so the test sees the same instance as the bundle.
 */
import { EventEmitter } from 'node:events';

type Listener = (...args: unknown[]) => unknown;

export interface FakeState {
  app: FakeApp;
  windows: FakeBrowserWindow[];
  handlers: Map<string, Listener>;
  protocolHandlers: Map<string, (request: { url: string }) => Promise<Response>>;
  /** Answers for the next dialogs, by kind; each call takes the first. */
  answers: { messageBox: number[]; save: (string | null)[]; open: (string | null)[] };
  dialogs: { kind: string; options: Record<string, unknown> }[];
  opened: string[];
  menus: unknown[];
  permissionHandler?: (wc: unknown, permission: string, cb: (ok: boolean) => void) => void;
  beforeRequest?: (
    details: { url: string; webContentsId?: number; resourceType?: string },
    cb: (r: { cancel: boolean }) => void,
  ) => void;
  privileged: unknown[];
}

export class FakeApp extends EventEmitter {
  isPackaged = false;
  name = 'Sandtable';
  paths: Record<string, string> = {};
  quitCalls = 0;
  recentDocuments: string[] = [];
  private ready = false;
  private resolveReady!: () => void;
  private readyPromise = new Promise<void>((r) => (this.resolveReady = r));
  getPath(name: string) {
    return this.paths[name] ?? `/tmp/fake-${name}`;
  }
  setPath(name: string, value: string) {
    this.paths[name] = value;
  }
  requestSingleInstanceLock() {
    return true;
  }
  whenReady() {
    return this.readyPromise;
  }
  isReady() {
    return this.ready;
  }
  /** Called by the test when it has set things up. */
  makeReady() {
    this.ready = true;
    this.resolveReady();
  }
  quit() {
    this.quitCalls++;
  }
  addRecentDocument(p: string) {
    this.recentDocuments.push(p);
  }
}

let nextId = 1;

export class FakeWebContents extends EventEmitter {
  readonly id = nextId++;
  url = '';
  sent: [string, unknown][] = [];
  readonly mainFrame = { url: '' };
  windowOpenHandler?: (details: { url: string }) => { action: string };
  reloads = 0;
  send(channel: string, payload: unknown) {
    this.sent.push([channel, payload]);
  }
  setWindowOpenHandler(h: (details: { url: string }) => { action: string }) {
    this.windowOpenHandler = h;
  }
  reload() {
    this.reloads++;
  }
}

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  destroyed = false;
  title = '';
  edited = false;
  shown = false;
  focused = false;
  menu: unknown;
  bounds: { x: number; y: number; width: number; height: number };
  constructor(readonly options: Record<string, unknown>) {
    super();
    const o = options as { x?: number; y?: number; width: number; height: number };
    this.bounds = { x: o.x ?? 0, y: o.y ?? 0, width: o.width, height: o.height };
    state().windows.push(this);
    state().app.emit('web-contents-created', {}, this.webContents);
  }
  static getAllWindows() {
    return state().windows.filter((w) => !w.destroyed);
  }
  static getFocusedWindow() {
    return state().windows.find((w) => w.focused && !w.destroyed) ?? null;
  }
  static fromWebContents(wc: unknown) {
    return state().windows.find((w) => w.webContents === wc) ?? null;
  }
  loadURL(url: string) {
    this.webContents.url = url;
    this.webContents.mainFrame.url = url;
    return Promise.resolve();
  }
  isDestroyed() {
    return this.destroyed;
  }
  setTitle(t: string) {
    this.title = t;
  }
  setDocumentEdited(e: boolean) {
    this.edited = e;
  }
  setRepresentedFilename() {}
  setMenu(menu: unknown) {
    this.menu = menu;
  }
  show() {
    this.shown = true;
  }
  focus() {
    for (const w of state().windows) w.focused = false;
    this.focused = true;
  }
  isMinimized() {
    return false;
  }
  restore() {}
  maximize() {}
  setFullScreen() {}
  isMaximized() {
    return false;
  }
  isFullScreen() {
    return false;
  }
  getBounds() {
    return this.bounds;
  }
  getNormalBounds() {
    return this.bounds;
  }
  /** Like Electron: 'close' may be prevented; otherwise the window is destroyed and 'closed' fires. */
  close() {
    let prevented = false;
    this.emit('close', { preventDefault: () => (prevented = true) });
    if (prevented || this.destroyed) return;
    this.destroyed = true;
    this.emit('closed');
  }
}

function state(): FakeState {
  const g = globalThis as unknown as { __fakeElectron?: FakeState };
  g.__fakeElectron ??= {
    app: new FakeApp(),
    windows: [],
    handlers: new Map(),
    protocolHandlers: new Map(),
    answers: { messageBox: [], save: [], open: [] },
    dialogs: [],
    opened: [],
    menus: [],
    privileged: [],
  };
  return g.__fakeElectron;
}

export const fake = state;

const answer = <T>(list: T[], fallback: T) => (list.length ? list.shift()! : fallback);
const optionsOf = (args: unknown[]) => (args[args.length - 1] ?? {}) as Record<string, unknown>;

export const app = state().app;

export const dialog = {
  async showMessageBox(...args: unknown[]) {
    state().dialogs.push({ kind: 'message', options: optionsOf(args) });
    return { response: answer(state().answers.messageBox, 0), checkboxChecked: false };
  },
  async showSaveDialog(...args: unknown[]) {
    state().dialogs.push({ kind: 'save', options: optionsOf(args) });
    const filePath = answer(state().answers.save, null);
    return filePath ? { canceled: false, filePath } : { canceled: true, filePath: '' };
  },
  async showOpenDialog(...args: unknown[]) {
    state().dialogs.push({ kind: 'open', options: optionsOf(args) });
    const file = answer(state().answers.open, null);
    return file ? { canceled: false, filePaths: [file] } : { canceled: true, filePaths: [] };
  },
  showErrorBox() {},
};

export const ipcMain = {
  handle(channel: string, listener: Listener) {
    state().handlers.set(channel, listener);
  },
};

export const Menu = {
  buildFromTemplate(template: unknown) {
    return { template };
  },
  setApplicationMenu(menu: unknown) {
    state().menus.push(menu);
  },
};

export const protocol = {
  registerSchemesAsPrivileged(schemes: unknown) {
    state().privileged.push(schemes);
  },
  handle(scheme: string, handler: (request: { url: string }) => Promise<Response>) {
    state().protocolHandlers.set(scheme, handler);
  },
};

export const screen = {
  getAllDisplays: () => [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }],
};

export const session = {
  defaultSession: {
    setPermissionRequestHandler(h: FakeState['permissionHandler']) {
      state().permissionHandler = h;
    },
    setPermissionCheckHandler() {},
    webRequest: {
      onBeforeRequest(h: FakeState['beforeRequest']) {
        state().beforeRequest = h;
      },
    },
  },
};

export const shell = {
  async openExternal(url: string) {
    state().opened.push(url);
  },
};

export const BrowserWindow = FakeBrowserWindow;
