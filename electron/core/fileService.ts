import { createHash, randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';

/**
 * The steps of a save, in order. A fault injected before any of them (a throw, or the process
 * being killed) leaves the target holding either its old bytes or its new bytes, never a mix.
 */
export const SAVE_STEPS = [
  'temp-open',
  'temp-write',
  'temp-write-rest',
  'temp-sync',
  'temp-close',
  'backup-copy',
  'backup-sync',
  'backup-rename',
  'rename',
  'dir-sync',
] as const;
export type SaveStep = (typeof SAVE_STEPS)[number];

/** Called before each step; tests throw or kill the process here. */
export type StepHook = (step: SaveStep) => void | Promise<void>;

/** What a file looked like when it was read or written, to notice a change made by someone else. */
export interface FileVersion {
  readonly mtimeMs: number;
  readonly size: number;
  /** SHA-256 of the bytes, hex. */
  readonly sha256: string;
}

export interface ReadResult {
  readonly text: string;
  readonly version: FileVersion;
}

export type SaveResult =
  | { readonly kind: 'saved'; readonly version: FileVersion; readonly backup?: string }
  /** The file on disk is no longer the version the document was opened from. Nothing was written. */
  | { readonly kind: 'conflict'; readonly current: FileVersion };

export interface SaveOptions {
  /** The version the document was read from; a different file on disk is a conflict. */
  readonly expected?: FileVersion;
  /** Write even if the file changed on disk ("keep mine"). */
  readonly overwrite?: boolean;
  /** Keep the previous version as `<name>.bak` beside the file. Default true. */
  readonly backup?: boolean;
  readonly hook?: StepHook;
}

/** A failed save, naming the step, after the temporary file was cleaned up. */
export class SaveError extends Error {
  constructor(
    readonly step: SaveStep,
    cause: unknown,
    target: string,
  ) {
    super(
      `Could not save ${path.basename(target)} (${step}): ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
    this.name = 'SaveError';
  }
}

/** Files larger than this are refused on open, as the loader does. */
export const MAX_DOCUMENT_BYTES = 32 * 1024 * 1024;

/** Extensions the app opens as scenario documents (the file association adds the first two). */
export const DOCUMENT_EXTENSIONS = ['.scenario.json', '.sandtable', '.json'] as const;

export function isDocumentPath(p: string): boolean {
  const lower = p.toLowerCase();
  return DOCUMENT_EXTENSIONS.some((ext) => lower.endsWith(ext));
}

export function backupPathFor(target: string): string {
  return `${target}.bak`;
}

function hashOf(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function versionOf(bytes: Uint8Array, mtimeMs: number): FileVersion {
  return { mtimeMs, size: bytes.byteLength, sha256: hashOf(bytes) };
}

export function sameVersion(a: FileVersion, b: FileVersion): boolean {
  return a.size === b.size && a.sha256 === b.sha256;
}

/** Reads a document as UTF-8 text with its version. Refuses files over `maxBytes`. */
export async function readDocument(
  file: string,
  maxBytes: number = MAX_DOCUMENT_BYTES,
): Promise<ReadResult> {
  const st = await nodeFs.stat(file);
  if (!st.isFile()) throw new Error(`${path.basename(file)} is not a file.`);
  if (st.size > maxBytes) {
    throw new Error(
      `${path.basename(file)} is ${Math.round(st.size / 1024 / 1024)} MB; the limit is ${Math.round(maxBytes / 1024 / 1024)} MB.`,
    );
  }
  const bytes = await nodeFs.readFile(file);
  return { text: new TextDecoder('utf-8').decode(bytes), version: versionOf(bytes, st.mtimeMs) };
}

/** The version of the file now on disk, or null if it no longer exists. */
export async function currentVersion(file: string): Promise<FileVersion | null> {
  try {
    const st = await nodeFs.stat(file);
    const bytes = await nodeFs.readFile(file);
    return versionOf(bytes, st.mtimeMs);
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

function isNotFound(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

const TRANSIENT = new Set(['EPERM', 'EACCES', 'EBUSY']);

/** Windows refuses a rename while a scanner or indexer holds the file open; it lets go quickly. */
async function renameWithRetry(from: string, to: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await nodeFs.rename(from, to);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code ?? '';
      if (process.platform !== 'win32' || !TRANSIENT.has(code) || attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20 * (attempt + 1)));
    }
  }
}

async function syncFile(file: string): Promise<void> {
  const handle = await nodeFs.open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Makes the rename itself durable. Windows cannot open a directory for fsync, and needs not. */
async function syncDir(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await nodeFs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Replaces `target` with `data` so that a crash or error at any point leaves either the old file
 * or the new one: the bytes go to a temporary file in the same folder (same file system, so the
 * rename is atomic), are flushed with fsync, and only then renamed over the target. The previous
 * version is kept as `<target>.bak`, itself written by copy, fsync and rename.
 */
export async function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  options: { backup?: boolean; hook?: StepHook } = {},
): Promise<{ backup?: string }> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  // Write through a symlink to the file it points at rather than replacing the link.
  const real = await nodeFs.realpath(target).catch((error: unknown) => {
    if (isNotFound(error)) return target;
    throw error;
  });
  const dir = path.dirname(real);
  const base = path.basename(real);
  const existing = await nodeFs.stat(real).catch((error: unknown) => {
    if (isNotFound(error)) return null;
    throw error;
  });
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = path.join(dir, `.${base}.${tag}.tmp`);
  const bakTemp = path.join(dir, `.${base}.bak.${tag}.tmp`);
  const hook = options.hook ?? (() => undefined);
  // An object, not a `let`: TypeScript does not see the closure's writes to a local.
  const progress: { step: SaveStep } = { step: 'temp-open' };
  const at = async (next: SaveStep) => {
    progress.step = next;
    await hook(next);
  };
  let backup: string | undefined;
  try {
    await at('temp-open');
    const handle = await nodeFs.open(temp, 'wx', existing ? existing.mode & 0o777 : 0o644);
    try {
      await at('temp-write');
      const half = Math.floor(bytes.byteLength / 2);
      await handle.write(bytes, 0, half, 0);
      await at('temp-write-rest');
      await handle.write(bytes, half, bytes.byteLength - half, half);
      await at('temp-sync');
      await handle.sync();
      await at('temp-close');
    } finally {
      await handle.close();
    }
    if (existing && options.backup !== false) {
      await at('backup-copy');
      await nodeFs.copyFile(real, bakTemp);
      await at('backup-sync');
      await syncFile(bakTemp);
      await at('backup-rename');
      backup = backupPathFor(real);
      await renameWithRetry(bakTemp, backup);
    }
    await at('rename');
    await renameWithRetry(temp, real);
    await at('dir-sync');
    await syncDir(dir);
  } catch (error) {
    await nodeFs.rm(temp, { force: true }).catch(() => undefined);
    await nodeFs.rm(bakTemp, { force: true }).catch(() => undefined);
    if (progress.step === 'dir-sync') {
      // The rename happened; only its durability is in doubt. The new file is in place.
      return backup ? { backup } : {};
    }
    throw new SaveError(progress.step, error, real);
  }
  return backup ? { backup } : {};
}

/**
 * Saves a document: refuses with `conflict` when the file on disk is not the version the
 * document was read from (unless `overwrite`), otherwise writes atomically with a backup.
 */
export async function saveDocument(
  target: string,
  text: string,
  options: SaveOptions = {},
): Promise<SaveResult> {
  if (options.expected && !options.overwrite) {
    const current = await currentVersion(target);
    if (current && !sameVersion(current, options.expected)) return { kind: 'conflict', current };
  }
  const bytes = new TextEncoder().encode(text);
  const written = await writeFileAtomic(target, bytes, {
    backup: options.backup ?? true,
    ...(options.hook ? { hook: options.hook } : {}),
  });
  const st = await nodeFs.stat(target);
  return {
    kind: 'saved',
    version: versionOf(bytes, st.mtimeMs),
    ...(written.backup ? { backup: written.backup } : {}),
  };
}

/** Removes temporary files a killed save left behind in `dir` (names this module generates). */
export async function sweepTempFiles(dir: string, olderThanMs = 60_000): Promise<number> {
  let removed = 0;
  const names = await nodeFs.readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    if (!/^\..+\.\d+-[0-9a-f]{8}\.tmp$/.test(name)) continue;
    const full = path.join(dir, name);
    const st = await nodeFs.stat(full).catch(() => null);
    if (st && now - st.mtimeMs >= olderThanMs) {
      await nodeFs.rm(full, { force: true });
      removed++;
    }
  }
  return removed;
}
