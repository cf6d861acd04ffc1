import { createHash, randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import path from 'node:path';
import { decodeUtf8 } from '../../engine/format/encoding';
import type { Problem } from '../../engine/format/problems';

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
  'backup-link',
  'backup-rename',
  'rename',
  'dir-sync',
] as const;
export type SaveStep = (typeof SAVE_STEPS)[number];

/** Called before each step; tests throw or kill the process here. */
export type StepHook = (step: SaveStep) => void | Promise<void>;

/**
 * Writes bytes to an open file, as `FileHandle.write` does; tests pass one that writes less than
 * asked, or fails part way, as a full disk, a quota or a network share does.
 */
export type WriteChunk = (
  handle: nodeFs.FileHandle,
  buffer: Uint8Array,
  offset: number,
  length: number,
  position: number,
) => Promise<{ bytesWritten: number }>;

const writeChunk: WriteChunk = (handle, buffer, offset, length, position) =>
  handle.write(buffer, offset, length, position);

/** What a file looked like when it was read or written, to notice a change made by someone else. */
export interface FileVersion {
  readonly mtimeMs: number;
  readonly size: number;
  /** SHA-256 of the bytes, hex. */
  readonly sha256: string;
}

export interface ReadResult {
  /** The text; empty when the bytes are not UTF-8 (see `problems`). */
  readonly text: string;
  readonly version: FileVersion;
  /** Why the bytes cannot be read as text (not UTF-8), located at their byte offset. */
  readonly problems?: readonly Problem[];
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
  readonly write?: WriteChunk;
}

/** Why a write step failed, in words: the error codes a full or read-only disk gives. */
function describeCause(cause: unknown): string {
  const code = (cause as NodeJS.ErrnoException | undefined)?.code;
  const text = cause instanceof Error ? cause.message : String(cause);
  switch (code) {
    case 'ENOSPC':
      return `the disk is full (${text})`;
    case 'EDQUOT':
      return `the disk quota is used up (${text})`;
    case 'EROFS':
      return `the disk is read-only (${text})`;
    case 'EACCES':
    case 'EPERM':
      return `permission denied (${text})`;
    default:
      return text;
  }
}

/**
 * A failed save, naming the step, after the temporary files were cleaned up. The message says
 * what is on disk now: the previous version, untouched, or (for a new file) nothing at all.
 */
export class SaveError extends Error {
  constructor(
    readonly step: SaveStep,
    cause: unknown,
    target: string,
    /** Whether a file was at `target` before the save (it still is, unchanged). */
    readonly existed: boolean = true,
  ) {
    const name = path.basename(target);
    super(
      `Could not save ${name} (${step}): ${describeCause(cause)}. ${
        existed
          ? `The previous version of ${name} is intact.`
          : `No file was created, so nothing half-written was left behind.`
      }`,
      { cause },
    );
    this.name = 'SaveError';
  }
}

/** A write that wrote less than asked and could not go on; the disk is full or failing. */
export class ShortWriteError extends Error {
  readonly code = 'ENOSPC';
  constructor(written: number, total: number) {
    super(`only ${written} of ${total} bytes could be written`);
    this.name = 'ShortWriteError';
  }
}

/**
 * Writes every byte or throws. A write may legally write fewer bytes than asked (a nearly full
 * disk, a signal, a network file system); the rest is written from where it stopped, and a write
 * that makes no progress means the disk will take no more.
 */
async function writeAll(
  handle: nodeFs.FileHandle,
  bytes: Uint8Array,
  from: number,
  to: number,
  write: WriteChunk,
): Promise<void> {
  let at = from;
  while (at < to) {
    const { bytesWritten } = await write(handle, bytes, at, to - at, at);
    if (!(bytesWritten > 0)) throw new ShortWriteError(at, bytes.byteLength);
    at += bytesWritten;
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
  const version = versionOf(bytes, st.mtimeMs);
  // The engine's decoder: a BOM is dropped, anything that is not UTF-8 is refused at its byte
  // rather than replaced with U+FFFD, which the next save would make permanent.
  const decoded = decodeUtf8(bytes);
  if (decoded.ok) return { text: decoded.text, version };
  const { offset: _offset, ...problem } = decoded.problem;
  return { text: '', version, problems: [{ file: path.basename(file), ...problem }] };
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

/** File systems without hard links (FAT, exFAT, some network shares) say so with these codes. */
const NO_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK', 'EINVAL']);

/**
 * Replaces `target` with `data` so that a crash or error at any point leaves either the old file
 * or the new one: the bytes go to a temporary file in the same folder (same file system, so the
 * rename is atomic), every byte is checked written, the file's size checked and flushed with
 * fsync, and only then renamed over the target. A short write or a full disk fails the save
 * before the target is touched.
 *
 * The previous version is kept as `<target>.bak` by hard-linking the file itself, not copying
 * it: whatever another program writes into the file up to the moment of the rename lands in the
 * `.bak`, where a copy taken earlier would have lost it. Where the file system has no hard links
 * the backup falls back to a copy.
 */
export async function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  options: { backup?: boolean; hook?: StepHook; write?: WriteChunk } = {},
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
  const write = options.write ?? writeChunk;
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
      await writeAll(handle, bytes, 0, half, write);
      await at('temp-write-rest');
      await writeAll(handle, bytes, half, bytes.byteLength, write);
      await at('temp-sync');
      await handle.sync();
      // What the file system holds after the flush, not what the writes claimed.
      const { size } = await handle.stat();
      if (size !== bytes.byteLength) throw new ShortWriteError(size, bytes.byteLength);
      await at('temp-close');
    } finally {
      await handle.close();
    }
    if (existing && options.backup !== false) {
      await at('backup-link');
      try {
        await nodeFs.link(real, bakTemp);
      } catch (error) {
        if (!NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
        await nodeFs.copyFile(real, bakTemp);
        await syncFile(bakTemp);
      }
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
    throw new SaveError(progress.step, error, real, existing !== null);
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
    ...(options.write ? { write: options.write } : {}),
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
