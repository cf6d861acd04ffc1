import { decodeUtf8 } from '../../engine/format/encoding';
import { labFileName } from '../../engine/lab/labFileName';
import type {
  BundledScenario,
  CompanionKind,
  FileFilter,
  Host,
  OpenedFile,
  RecentFile,
  SaveConflict,
  SavedFile,
  SaveFileOptions,
} from './Host';
import { besideFileName, HandleSaves, type FileHandleLike } from './handleSaves';

const RECENT_KEY = 'sandtable.recentFiles';
const FILE_KEY_PREFIX = 'sandtable.file:';
/** Files kept next to a scenario (the lab's runs), by kind and the scenario's path. */
const COMPANION_KEY_PREFIX = 'sandtable.companion:';
const MAX_RECENT = 10;
/** Recent files larger than this are listed but not kept in localStorage. */
const MAX_STORED_CHARS = 2_000_000;

const bundled = import.meta.glob('../../scenarios/*.scenario.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** A File System Access API handle, where the browser has one. */
type WritableHandle = FileHandleLike;
interface PickerWindow {
  showSaveFilePicker?(options: {
    suggestedName?: string;
    /** Opens the picker in the folder of this file (save beside it). */
    startIn?: WritableHandle;
    types?: { description: string; accept: Record<string, string[]> }[];
  }): Promise<WritableHandle>;
}

/**
 * The host of the web build and the browser tests. Open uses a file input; save writes through the
 * File System Access API when present (remembering the handle, so Save overwrites), else downloads
 * the file under its remembered name. Recent files live in localStorage.
 */
export function createBrowserHost(): Host {
  const handles = new Map<string, WritableHandle>();
  /** Notices a picked file changed by another tab or program since this page wrote it. */
  const saves = new HandleSaves();
  let counter = 0;

  const readRecent = (): RecentFile[] => {
    try {
      const v = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]') as unknown;
      if (!Array.isArray(v)) return [];
      // Lists written before entries were kept one per file name may hold repeats.
      const seen = new Set<string>();
      return (v as RecentFile[]).filter((r) => !seen.has(r.name) && !!seen.add(r.name));
    } catch {
      return [];
    }
  };

  // The browser never tells where a file lives, so its name stands for it: opening or saving
  // village.json again moves its one entry to the top instead of adding another.
  const remember = (path: string, name: string, text?: string) => {
    const now = new Date().toISOString();
    const title = text ? titleOf(text) : undefined;
    const list = [
      { path, name, at: now, ...(title ? { title } : {}) },
      ...readRecent().filter((r) => r.path !== path && r.name !== name),
    ];
    const kept = list.slice(0, MAX_RECENT);
    for (const dropped of [...readRecent(), ...list.slice(MAX_RECENT)])
      if (!kept.some((k) => k.path === dropped.path))
        localStorage.removeItem(FILE_KEY_PREFIX + dropped.path);
    try {
      if (text !== undefined && text.length <= MAX_STORED_CHARS)
        localStorage.setItem(FILE_KEY_PREFIX + path, text);
      localStorage.setItem(RECENT_KEY, JSON.stringify(kept));
    } catch {
      // Storage full: the recent list is a convenience, never worth failing a save over.
    }
  };

  const download = (data: Uint8Array | string, name: string, mime: string) => {
    const blob = new Blob(
      [typeof data === 'string' ? data : (data.slice().buffer as ArrayBuffer)],
      { type: mime },
    );
    const url = URL.createObjectURL(blob);
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    a.style.display = 'none';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };

  const picker = (window as unknown as PickerWindow).showSaveFilePicker;

  return {
    kind: 'browser',
    needsSaveName: !picker,

    openFile(filters?: readonly FileFilter[]): Promise<OpenedFile | null> {
      return new Promise((resolve) => {
        const input = document.createElement('input');
        input.type = 'file';
        input.accept =
          (filters ?? []).flatMap((f) => f.extensions.map((e) => `.${e}`)).join(',') || '.json';
        input.style.display = 'none';
        input.dataset.testid = 'open-file-input';
        document.body.appendChild(input);
        let done = false;
        const finish = (v: OpenedFile | null) => {
          if (done) return;
          done = true;
          input.remove();
          resolve(v);
        };
        input.addEventListener('change', () => {
          const file = input.files?.[0];
          if (!file) return finish(null);
          // The bytes, not file.text(): that would replace bad bytes with U+FFFD silently.
          void file.arrayBuffer().then((buffer) => {
            const path = `browser:${file.name}`;
            const decoded = decodeUtf8(new Uint8Array(buffer));
            if (!decoded.ok) {
              const { offset: _offset, ...problem } = decoded.problem;
              finish({
                path,
                name: file.name,
                text: '',
                problems: [{ file: file.name, ...problem }],
              });
              return;
            }
            remember(path, file.name, decoded.text);
            finish({ path, name: file.name, text: decoded.text });
          });
        });
        input.addEventListener('cancel', () => finish(null));
        input.click();
      });
    },

    async openRecent(path: string): Promise<OpenedFile> {
      const text = localStorage.getItem(FILE_KEY_PREFIX + path);
      const entry = readRecent().find((r) => r.path === path);
      if (text === null || !entry)
        throw new Error('This file is no longer stored in the browser; open it again.');
      remember(path, entry.name, text);
      return { path, name: entry.name, text };
    },

    async saveFile(
      text: string,
      options: SaveFileOptions,
    ): Promise<SavedFile | SaveConflict | null> {
      let path = options.path;
      let name = options.suggestedName;
      const existing = path ? handles.get(path) : undefined;
      /** Asks where to save; null when the person closes the picker. */
      const pick = async (suggestedName: string, startIn?: WritableHandle) => {
        try {
          return await picker!.call(window, {
            suggestedName,
            ...(startIn ? { startIn } : {}),
            types: [
              { description: 'Sandtable scenario', accept: { 'application/json': ['.json'] } },
            ],
          });
        } catch (err) {
          // Closing the picker is a cancel; anything else (no permission...) is a failure.
          if (err instanceof DOMException && err.name === 'AbortError') return null;
          throw err;
        }
      };
      /** Writes a file just picked and remembers its handle under a new path. */
      const writeNew = async (handle: WritableHandle) => {
        // Named before writing, so a failed write names the file the person picked.
        name = handle.name;
        const w = await handle.createWritable();
        await w.write(text);
        await w.close();
        path = `browser:${Date.now().toString(36)}-${counter++}:${name}`;
        handles.set(path, handle);
        await saves.remember(path, text);
      };
      // A file picked before, or a picker to ask with: written through a handle; else downloaded.
      const viaHandle = existing !== undefined || (picker !== undefined && !path);
      try {
        if (existing && options.beside && picker) {
          // Beside the file that changed: the picker opens in its folder with a new name.
          const handle = await pick(besideFileName(existing.name), existing);
          if (!handle) return null;
          await writeNew(handle);
        } else if (existing) {
          const result = await saves.save(path!, existing, text, options.overwrite);
          if ('conflict' in result) return result;
          name = existing.name;
        } else if (picker && !path) {
          const handle = await pick(name);
          if (!handle) return null;
          await writeNew(handle);
        }
      } catch (err) {
        const why = err instanceof Error ? err.message : String(err);
        throw new Error(
          `Could not write ${name}: ${why.replace(/\.$/, '')}. The browser replaces a file only when the whole save is written, so ${name} was left as it was. Try again, or use Save as… to save under another name.`,
          { cause: err },
        );
      }
      if (!viaHandle) {
        if (path) name = path.slice(path.lastIndexOf(':') + 1) || name;
        else path = `browser:${name}`;
        download(text, name, 'application/json');
      }
      const saved = path ?? name;
      remember(saved, name, text);
      return { path: saved, name };
    },

    async exportFile(
      data: Uint8Array | string,
      suggestedName: string,
      mime: string,
    ): Promise<SavedFile | null> {
      download(data, suggestedName, mime);
      return { path: `download:${suggestedName}`, name: suggestedName };
    },

    // The browser has no folder to put a file beside the scenario in: the companion lives in
    // localStorage under the scenario's path (its name), as the recent files do.
    async readCompanion(path: string, kind: CompanionKind): Promise<string | null> {
      return localStorage.getItem(`${COMPANION_KEY_PREFIX}${kind}:${path}`);
    },

    async writeCompanion(path: string, kind: CompanionKind, text: string): Promise<SavedFile> {
      try {
        localStorage.setItem(`${COMPANION_KEY_PREFIX}${kind}:${path}`, text);
      } catch (err) {
        throw new Error(
          `the browser's storage is full (${(err as Error).message}); clear old lab runs or use the desktop app`,
          { cause: err },
        );
      }
      const base = path.replace(/^(browser|untitled):/, '').replace(/^.*[\\/]/, '');
      return { path: `${COMPANION_KEY_PREFIX}${kind}:${path}`, name: labFileName(base) };
    },

    async bundledScenarios(): Promise<readonly BundledScenario[]> {
      return Object.entries(bundled)
        .map(([file, text]) => {
          const base = file.slice(file.lastIndexOf('/') + 1);
          return { id: base.replace(/\.scenario\.json$/, ''), file: base, text };
        })
        .sort((a, b) => a.id.localeCompare(b.id));
    },

    async recentFiles(): Promise<readonly RecentFile[]> {
      return readRecent();
    },

    setTitle(title: string, dirty: boolean): void {
      document.title = `${dirty ? '● ' : ''}${title} — Sandtable`;
    },
  };
}

/** The scenario title from a file's text, for the recent list; undefined if unreadable. */
function titleOf(text: string): string | undefined {
  try {
    const v = JSON.parse(text) as { meta?: { title?: unknown } };
    return typeof v.meta?.title === 'string' ? v.meta.title : undefined;
  } catch {
    return undefined;
  }
}
