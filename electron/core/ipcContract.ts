/**
 * The one contract between the renderer and the main process: every channel, its arguments, its
 * result, and the JSON Schema main validates the arguments against. The preload and main both
 * import it, so a channel cannot be renamed on one side only. Pure TypeScript, no Node or Electron
 * imports: the renderer imports its types too.
 */
import type {
  AutosaveEntry,
  BundledScenario,
  CompanionKind,
  FileFilter,
  Host,
  HostedServer,
  MenuSection,
  OpenedFile,
  RecentFile,
  SaveConflict,
  SavedFile,
  SaveFileOptions,
} from '../../renderer/host/Host';

/** What the renderer sends to be autosaved; main adds the window's file path itself. */
export interface AutosavePayload {
  readonly title: string;
  readonly name: string;
  readonly text: string;
}

export interface SavePayload {
  readonly text: string;
  /** A path this window opened or saved before; absent to ask where to save. */
  readonly path?: string;
  readonly suggestedName: string;
  /** Always ask where to save, even with a path (Save As). */
  readonly saveAs?: boolean;
  /** Replace `path` although it changed on disk, if it is still this version (SaveConflict.onDisk). */
  readonly overwrite?: string;
  /** Save beside `path` under a new name in its folder, replacing nothing. */
  readonly beside?: boolean;
}

export interface ExportPayload {
  readonly data: Uint8Array | string;
  readonly suggestedName: string;
  readonly mime: string;
}

/** Renderer-to-main requests (ipcRenderer.invoke / ipcMain.handle), each with a reply. */
export interface InvokeContract {
  'file:open': { args: [filters?: readonly FileFilter[]]; result: OpenedFile | null };
  'file:openRecent': { args: [path: string]; result: OpenedFile };
  'file:save': { args: [payload: SavePayload]; result: SavedFile | SaveConflict | null };
  'file:export': { args: [payload: ExportPayload]; result: SavedFile | null };
  'file:readCompanion': { args: [path: string, kind: CompanionKind]; result: string | null };
  'file:writeCompanion': {
    args: [path: string, kind: CompanionKind, text: string];
    result: SavedFile;
  };
  'file:bundled': { args: []; result: readonly BundledScenario[] };
  'file:recent': { args: []; result: readonly RecentFile[] };
  'window:setTitle': { args: [title: string, dirty: boolean]; result: void };
  'window:setMenu': { args: [menus: readonly MenuSection[]]; result: void };
  /** The renderer subscribed to files; main delivers the ones queued for this window. */
  'window:ready': { args: []; result: void };
  'window:new': { args: []; result: void };
  'shell:openExternal': { args: [url: string]; result: boolean };
  'autosave:write': { args: [payload: AutosavePayload]; result: void };
  'autosave:clear': { args: []; result: void };
  'autosave:list': { args: []; result: readonly AutosaveEntry[] };
  /** Takes an orphaned autosave into this window's slot and returns its text. */
  'autosave:restore': { args: [id: string]; result: { entry: AutosaveEntry; text: string } };
  'autosave:discard': { args: [id: string]; result: void };
  /** Starts (or finds) the hosted collaboration server of "Host session…". */
  'collab:host': { args: []; result: HostedServer };
  'collab:stopHost': { args: []; result: void };
  /**
   * This window joins, shares into or hosts the session at a ws(s) server: main lets its
   * WebSocket to that origin through (electron/core/requestPolicy.ts), and no other.
   */
  'collab:join': { args: [server: string]; result: void };
  /** This window left its session: its server's origin is refused again. */
  'collab:leave': { args: []; result: void };
}

export type InvokeChannel = keyof InvokeContract;
export type InvokeArgs<C extends InvokeChannel> = InvokeContract[C]['args'];
export type InvokeResult<C extends InvokeChannel> = InvokeContract[C]['result'];

/** Main-to-renderer events (webContents.send / ipcRenderer.on). */
export interface EventContract {
  'host:openFile': OpenedFile;
  'host:menuCommand': string;
}
export type EventChannel = keyof EventContract;
export const EVENT_CHANNELS: readonly EventChannel[] = ['host:openFile', 'host:menuCommand'];

const str = (maxLength: number) => ({ type: 'string', maxLength }) as const;
/** Paths longer than this are not paths any OS hands out. */
const PATH = { type: 'string', minLength: 1, maxLength: 4096 } as const;
const TEXT = { type: 'string', maxLength: 64 * 1024 * 1024 } as const;
const NAME = { type: 'string', minLength: 1, maxLength: 255, pattern: '^[^/\\\\\\x00]+$' } as const;
const ID = { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}$' } as const;

/** A tuple schema: exactly these positional arguments, the last `optional` of them optional. */
function args(items: readonly object[], optional = 0): object {
  if (items.length === 0) return { type: 'array', maxItems: 0 };
  return {
    type: 'array',
    items,
    minItems: items.length - optional,
    maxItems: items.length,
  } as const;
}

const FILTERS = {
  type: 'array',
  maxItems: 16,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['name', 'extensions'],
    properties: {
      name: str(100),
      extensions: {
        type: 'array',
        maxItems: 16,
        items: { type: 'string', pattern: '^[A-Za-z0-9.*]{1,20}$' },
      },
    },
  },
} as const;

const MENU_ITEM = {
  oneOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['commandId', 'label'],
      properties: {
        commandId: { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,80}$' },
        label: str(120),
        shortcut: str(40),
        enabled: { type: 'boolean' },
        checked: { type: 'boolean' },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['separator'],
      properties: { separator: { const: true } },
    },
  ],
} as const;

const MENUS = {
  type: 'array',
  maxItems: 12,
  items: {
    type: 'object',
    additionalProperties: false,
    required: ['label', 'items'],
    properties: { label: str(60), items: { type: 'array', maxItems: 80, items: MENU_ITEM } },
  },
} as const;

/**
 * JSON Schemas for each channel's argument list. `uint8array` is a keyword main adds to ajv:
 * structured clone delivers typed arrays, which JSON Schema cannot name.
 */
export const ARG_SCHEMAS: { readonly [C in InvokeChannel]: object } = {
  'file:open': args([FILTERS], 1),
  'file:openRecent': args([PATH]),
  'file:save': args([
    {
      type: 'object',
      additionalProperties: false,
      required: ['text', 'suggestedName'],
      properties: {
        text: TEXT,
        path: PATH,
        suggestedName: NAME,
        saveAs: { type: 'boolean' },
        overwrite: { type: 'string', pattern: '^(none|[0-9]{1,15}:[0-9a-f]{64})$' },
        beside: { type: 'boolean' },
      },
    },
  ]),
  'file:export': args([
    {
      type: 'object',
      additionalProperties: false,
      required: ['data', 'suggestedName', 'mime'],
      properties: {
        data: { oneOf: [TEXT, { uint8array: 256 * 1024 * 1024 }] },
        suggestedName: NAME,
        mime: { type: 'string', pattern: '^[a-z]+/[a-z0-9.+-]{1,60}$' },
      },
    },
  ]),
  'file:readCompanion': args([PATH, { enum: ['lab'] }]),
  'file:writeCompanion': args([PATH, { enum: ['lab'] }, TEXT]),
  'file:bundled': args([]),
  'file:recent': args([]),
  'window:setTitle': args([str(300), { type: 'boolean' }]),
  'window:setMenu': args([MENUS]),
  'window:ready': args([]),
  'window:new': args([]),
  'shell:openExternal': args([{ type: 'string', maxLength: 2048, pattern: '^https?://' }]),
  'autosave:write': args([
    {
      type: 'object',
      additionalProperties: false,
      required: ['title', 'name', 'text'],
      properties: { title: str(300), name: NAME, text: TEXT },
    },
  ]),
  'autosave:clear': args([]),
  'autosave:list': args([]),
  'autosave:restore': args([ID]),
  'autosave:discard': args([ID]),
  'collab:host': args([]),
  'collab:stopHost': args([]),
  'collab:join': args([{ type: 'string', minLength: 6, maxLength: 2048, pattern: '^wss?://' }]),
  'collab:leave': args([]),
};

export const INVOKE_CHANNELS = Object.keys(ARG_SCHEMAS) as InvokeChannel[];

/**
 * The API the preload exposes as `window.sandtable`: a few named, typed functions, never
 * `ipcRenderer` itself. It is a Host (renderer/host/Host.ts) plus the desktop's extras, so the
 * renderer can use it as its host directly; renderer/host/electronHost.ts wraps it for the UI.
 */
export interface SandtableApi extends Host {
  readonly kind: 'electron';
  readonly platform: 'darwin' | 'win32' | 'linux' | 'other';
  setTitle(title: string, dirty: boolean): void;
  setMenu(menus: readonly MenuSection[]): void;
  onOpenFile(handler: (file: OpenedFile) => void): () => void;
  onMenuCommand(handler: (commandId: string) => void): () => void;
  openExternal(url: string): Promise<boolean>;
  /** Save As: always asks where, starting from the document's folder. */
  saveFileAs(
    text: string,
    options: { path?: string; suggestedName: string },
  ): Promise<SavedFile | SaveConflict | null>;
  newWindow(): Promise<void>;
  hostSession(): Promise<HostedServer>;
  stopHostedSession(): Promise<void>;
  joinSession(server: string): Promise<void>;
  leaveSession(): Promise<void>;
  autosave: {
    write(payload: AutosavePayload): Promise<void>;
    clear(): Promise<void>;
    list(): Promise<readonly AutosaveEntry[]>;
    restore(id: string): Promise<{ entry: AutosaveEntry; text: string }>;
    discard(id: string): Promise<void>;
  };
}

const warn = (error: unknown) => console.warn(error);

/** An error message from main without Electron's "Error invoking remote method" wrapping. */
export function plainIpcMessage(message: string): string {
  return message.replace(/^Error invoking remote method '[^']+': (?:[A-Za-z]*Error: )?/, '');
}

type Invoke = <C extends InvokeChannel>(channel: C, ...args: InvokeArgs<C>) => Promise<unknown>;
type Subscribe = <E extends EventChannel>(
  channel: E,
  listener: (payload: EventContract[E]) => void,
) => () => void;

/**
 * Builds the preload API from an invoke and a subscribe function. Kept here, free of Electron,
 * so the mapping from named functions to channels is tested without a renderer.
 */
export function createSandtableApi(
  invoke: Invoke,
  subscribe: Subscribe,
  platform: string,
): SandtableApi {
  // Electron wraps an error main throws as "Error invoking remote method 'file:save': Error: …";
  // the page shows people the sentence main wrote, not the plumbing around it.
  const call = <C extends InvokeChannel>(channel: C, ...rest: InvokeArgs<C>) =>
    (invoke(channel, ...rest) as Promise<InvokeResult<C>>).catch((error: unknown) => {
      throw error instanceof Error ? new Error(plainIpcMessage(error.message)) : error;
    });
  const save = (text: string, options: SaveFileOptions, saveAs: boolean) =>
    call('file:save', {
      text,
      suggestedName: options.suggestedName,
      ...(options.path !== undefined ? { path: options.path } : {}),
      ...(saveAs ? { saveAs } : {}),
      ...(options.overwrite !== undefined ? { overwrite: options.overwrite } : {}),
      ...(options.beside ? { beside: true } : {}),
    });
  return {
    kind: 'electron',
    platform:
      platform === 'darwin' || platform === 'win32' || platform === 'linux' ? platform : 'other',
    openFile: (filters) => (filters ? call('file:open', filters) : call('file:open')),
    openRecent: (path) => call('file:openRecent', path),
    saveFile: (text, options) => save(text, options, false),
    saveFileAs: (text, options) => save(text, options, true),
    exportFile: (data, suggestedName, mime) => call('file:export', { data, suggestedName, mime }),
    readCompanion: (path, kind) => call('file:readCompanion', path, kind),
    writeCompanion: (path, kind, text) => call('file:writeCompanion', path, kind, text),
    bundledScenarios: () => call('file:bundled'),
    recentFiles: () => call('file:recent'),
    // Fire and forget, but a refusal is reported rather than left unhandled.
    setTitle: (title, dirty) =>
      void call('window:setTitle', title.slice(0, 300), dirty).catch(warn),
    setMenu: (menus) => void call('window:setMenu', menus).catch(warn),
    onOpenFile: (handler) => {
      const off = subscribe('host:openFile', handler);
      void call('window:ready');
      return off;
    },
    onMenuCommand: (handler) => subscribe('host:menuCommand', handler),
    openExternal: (url) => call('shell:openExternal', url),
    newWindow: () => call('window:new'),
    hostSession: () => call('collab:host'),
    stopHostedSession: () => call('collab:stopHost'),
    joinSession: (server) => call('collab:join', server),
    leaveSession: () => call('collab:leave'),
    autosave: {
      write: (payload) => call('autosave:write', payload),
      clear: () => call('autosave:clear'),
      list: () => call('autosave:list'),
      restore: (id) => call('autosave:restore', id),
      discard: (id) => call('autosave:discard', id),
    },
  };
}
