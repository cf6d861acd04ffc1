import type { SaveConflict } from './Host';

/**
 * Honest saves through the File System Access API (the browser host's Save to a file picked
 * before): a save first reads the file back and compares it with the version this page last read
 * or wrote; another tab, program or person having changed it is a SaveConflict, and nothing is
 * written. It looks once before writing and once more just before the written bytes replace the
 * file (a writable's close), so a change made while it wrote is caught too. Saves of one file
 * from this page run one at a time, the later one replacing the earlier. DOM-free (a handle is anything with these
 * methods), so Node tests drive it.
 */

/** The part of a FileSystemFileHandle a save uses. */
export interface FileHandleLike {
  readonly name: string;
  createWritable(): Promise<{
    write(data: string | Uint8Array | Blob): Promise<void>;
    close(): Promise<void>;
    /** Drops what was written; the file stays as it was. */
    abort?(reason?: unknown): Promise<void>;
  }>;
  /** Absent on handles that cannot be read back; such saves cannot notice a change. */
  getFile?(): Promise<Blob>;
}

/** A version of some bytes as one opaque string: size and SHA-256, as the desktop app's tags. */
export async function versionTagOf(bytes: Uint8Array): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', bytes.slice().buffer as ArrayBuffer);
  const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${bytes.byteLength}:${hex}`;
}

/** `village.scenario.json` → `village (2).scenario.json` (the name a save beside suggests). */
export function besideFileName(name: string, n = 2): string {
  const m = /^(.*?)(?: \(\d+\))?((?:\.scenario)?\.json|\.sandtable|\.[^.]*)?$/i.exec(name);
  const stem = m?.[1] || name;
  return `${stem} (${n})${m?.[2] ?? ''}`;
}

export class HandleSaves {
  /** The version each path had when this page last read or wrote it. */
  private readonly known = new Map<string, string>();
  private readonly queue = new Map<string, Promise<unknown>>();

  /** Records what this page just wrote (or read) at `path`. */
  async remember(path: string, text: string): Promise<void> {
    this.known.set(path, await versionTagOf(new TextEncoder().encode(text)));
  }

  /**
   * Writes `text` through `handle` unless the file changed since this page read or wrote it (or,
   * with `overwrite`, unless it is no longer that version): then a SaveConflict, nothing written.
   */
  save(
    path: string,
    handle: FileHandleLike,
    text: string,
    overwrite?: string,
  ): Promise<{ saved: true } | SaveConflict> {
    const run = async (): Promise<{ saved: true } | SaveConflict> => {
      const onDisk = await this.versionOnDisk(handle);
      const expected = overwrite ?? this.known.get(path);
      if (onDisk !== null && expected !== undefined && onDisk !== expected)
        return { conflict: true, path, name: handle.name, onDisk };
      const writable = await handle.createWritable();
      await writable.write(text);
      // The last look: the browser replaces the file only at close.
      const last = expected === undefined ? null : await this.versionOnDisk(handle);
      if (last !== null && last !== onDisk) {
        await writable.abort?.('the file changed on disk while saving');
        return { conflict: true, path, name: handle.name, onDisk: last };
      }
      await writable.close();
      await this.remember(path, text);
      return { saved: true };
    };
    const before = this.queue.get(path) ?? Promise.resolve();
    const mine = before.then(run, run);
    this.queue.set(
      path,
      mine.catch(() => undefined),
    );
    return mine;
  }

  /** The version of the file behind `handle` now, or null if it cannot be read back. */
  private async versionOnDisk(handle: FileHandleLike): Promise<string | null> {
    if (!handle.getFile) return null;
    try {
      const file = await handle.getFile();
      return await versionTagOf(new Uint8Array(await file.arrayBuffer()));
    } catch {
      // Gone or unreadable: the write below recreates it or fails, saying why.
      return null;
    }
  }
}
