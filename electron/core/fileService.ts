import { createHash, randomBytes } from 'node:crypto';
import * as nodeFs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { decodeUtf8 } from '../../engine/format/encoding';
import type { Problem } from '../../engine/format/problems';

/**
 * The steps of a save, in order. A fault injected before any of them (a throw, or the process
 * being killed) leaves the target holding either its old bytes or its new bytes, never a mix.
 */
export const SAVE_STEPS = [
  'lock',
  'temp-open',
  'temp-write',
  'temp-write-rest',
  'temp-sync',
  'temp-close',
  'backup-link',
  'rename',
  'backup-rename',
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
  /**
   * The file on disk is no longer the version the document was opened from (or, for a file that
   * was not there, someone created it meanwhile). Nothing was written. `current` is null when the
   * other version could not be read.
   */
  | { readonly kind: 'conflict'; readonly current: FileVersion | null };

/** What identifies a version for a conflict check: its size and content hash. */
export type VersionCheck = Pick<FileVersion, 'size' | 'sha256'>;

export interface SaveOptions {
  /**
   * The version the document was read from; a different file on disk is a conflict. `null`: the
   * file must not exist yet (a save beside another file), so one that appeared is a conflict.
   */
  readonly expected?: VersionCheck | null;
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

/**
 * A save refused before anything was written, because of what the file is: read-only, a link to
 * nowhere, not a file, or being saved by another copy of Sandtable. The message names the file
 * and what to do.
 */
export class SaveRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SaveRefusedError';
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

export function sameVersion(a: VersionCheck, b: VersionCheck): boolean {
  return a.size === b.size && a.sha256 === b.sha256;
}

/** A version as one opaque string (size and hash), to hand a page and take back. */
export function versionTag(v: VersionCheck): string {
  return `${v.size}:${v.sha256}`;
}

export function parseVersionTag(tag: string): VersionCheck | null {
  const m = /^(\d{1,15}):([0-9a-f]{64})$/.exec(tag);
  return m ? { size: Number(m[1]), sha256: m[2]! } : null;
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

const noLinks = (error: unknown) => NO_LINKS.has((error as NodeJS.ErrnoException).code ?? '');

/** Links followed before a chain of symlinks is called a loop (Linux stops at 40 too). */
const MAX_LINKS = 40;

/** Where a save writes: the file itself, past any symlinks, and what is there now. */
interface WriteTarget {
  /** The path the bytes go to: `target`, or the file its symlinks lead to. */
  readonly real: string;
  /** The file there now, or null when the save creates it. */
  readonly existing: import('node:fs').Stats | null;
}

/**
 * Follows `target`'s symlinks to the file a save must write, as editors do: the link stays a
 * link and its target gets the bytes. A link to a missing file writes that file when its folder
 * exists. Refuses, saying what to do, a read-only file (it is never replaced), a file this user
 * may not write, something that is not a file, a link to nowhere and a loop of links.
 */
async function resolveWriteTarget(target: string): Promise<WriteTarget> {
  const name = path.basename(target);
  let at = target;
  for (let hops = 0; hops <= MAX_LINKS; hops++) {
    let st: import('node:fs').Stats;
    try {
      st = await nodeFs.lstat(at);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      if (hops === 0) return { real: await realFolder(at), existing: null };
      // A dangling link: write its target, if there is a folder to put it in.
      const folder = path.dirname(at);
      const st = await nodeFs.stat(folder).catch(() => null);
      if (!st?.isDirectory())
        throw new SaveRefusedError(
          `${name} is a link to ${at}, which does not exist, and neither does its folder ${folder}. Nothing was written. Fix or remove the link, or use Save As to save under another name.`,
        );
      return { real: await realFolder(at), existing: null };
    }
    if (st.isSymbolicLink()) {
      at = path.resolve(path.dirname(at), await nodeFs.readlink(at));
      continue;
    }
    if (!st.isFile())
      throw new SaveRefusedError(
        `${name} is not a file (${at} is a folder or a device), so it was not replaced. Use Save As to save under another name.`,
      );
    const shown = at === target ? name : `${name} (a link to ${at})`;
    // No write bit at all is a read-only file, whoever we are (an administrator could still
    // replace it, but the file says it must not change).
    if ((st.mode & 0o222) === 0)
      throw new SaveRefusedError(
        `${shown} is read-only, so it was not replaced; nothing was written. Use Save As to save your changes under another name, or make the file writable (uncheck Read-only in its properties, or chmod u+w) and save again.`,
      );
    try {
      await nodeFs.access(at, nodeFs.constants.W_OK);
    } catch {
      throw new SaveRefusedError(
        `You do not have permission to change ${shown}; nothing was written. Use Save As to save your changes under another name, or ask its owner to let you write it.`,
      );
    }
    return { real: at, existing: st };
  }
  throw new SaveRefusedError(
    `${name} is a loop of symbolic links that never reaches a file. Nothing was written. Fix the link, or use Save As to save under another name.`,
  );
}

/** `file` with its folder's symlinks resolved, so one file has one lock key. */
async function realFolder(file: string): Promise<string> {
  const dir = await nodeFs.realpath(path.dirname(file)).catch(() => path.dirname(file));
  return path.join(dir, path.basename(file));
}

/** Saves in this process, by the real path they write: one at a time per file. */
const inProcess = new Map<string, Promise<unknown>>();

function serialised<T>(key: string, run: () => Promise<T>): Promise<T> {
  const before = inProcess.get(key) ?? Promise.resolve();
  const mine = before.then(run, run);
  const settled = mine.then(
    () => undefined,
    () => undefined,
  );
  inProcess.set(key, settled);
  void settled.then(() => {
    if (inProcess.get(key) === settled) inProcess.delete(key);
  });
  return mine;
}

/** A lock older than this is left over from a save that died (saves take seconds at most). */
const STALE_LOCK_MS = 120_000;
/** How long a save waits for another copy of Sandtable to finish saving the same file. */
const LOCK_WAIT_MS = 10_000;

function lockPathFor(real: string): string {
  return path.join(path.dirname(real), `.${path.basename(real)}.sandtable-lock`);
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a lock file was left by a save that can no longer finish. */
async function lockIsStale(lock: string): Promise<boolean> {
  const [text, st] = await Promise.all([
    nodeFs.readFile(lock, 'utf8').catch(() => null),
    nodeFs.stat(lock).catch(() => null),
  ]);
  if (text === null || !st) return false; // gone meanwhile: try again
  if (Date.now() - st.mtimeMs > STALE_LOCK_MS) return true;
  const [pidText, host] = text.split('\n');
  const pid = Number(pidText);
  if (host !== os.hostname() || !Number.isInteger(pid) || pid <= 0) return false;
  // Our own pid: this process saves one file at a time, so the lock is a leftover.
  return pid === process.pid || !processAlive(pid);
}

/**
 * Takes the lock other copies of Sandtable honour for `real` (a hidden file beside it, created
 * exclusively), so two processes never both check-then-replace the same file. Returns the
 * release function.
 */
async function takeFileLock(real: string): Promise<() => Promise<void>> {
  const lock = lockPathFor(real);
  const body = `${process.pid}\n${os.hostname()}\n${new Date().toISOString()}\n`;
  const until = Date.now() + LOCK_WAIT_MS;
  for (let attempt = 0; ; attempt++) {
    try {
      const handle = await nodeFs.open(lock, 'wx', 0o644);
      try {
        await handle.writeFile(body);
      } catch (error) {
        await handle.close().catch(() => undefined);
        await nodeFs.rm(lock, { force: true }).catch(() => undefined);
        throw error;
      }
      await handle.close();
      return () => nodeFs.rm(lock, { force: true }).catch(() => undefined);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (await lockIsStale(lock)) {
      await nodeFs.rm(lock, { force: true }).catch(() => undefined);
      continue;
    }
    if (Date.now() > until) {
      const holder = (await nodeFs.readFile(lock, 'utf8').catch(() => '')).split('\n')[0];
      throw new SaveRefusedError(
        `${path.basename(real)} is being saved by another copy of Sandtable${holder ? ` (process ${holder})` : ''}; nothing was written. Try again in a moment; if no other copy is running, delete ${lock}.`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, Math.min(5 + attempt * 5, 50)));
  }
}

/** Temp names this module makes beside `base`: `.<base>.<pid>-<hex>.tmp`, `.<base>.bak.<pid>-<hex>.tmp`. */
const tempPattern = (base: string) =>
  new RegExp(
    `^\\.${base.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:\\.bak)?\\.(\\d+)-[0-9a-f]{8}\\.tmp$`,
  );

/**
 * Removes what earlier saves of `real` left beside it: temp files of a save that was killed or
 * whose clean-up failed. Runs under the file's locks, so no save of this file is under way here;
 * another process's temp is removed only once that process is gone (or the temp is old).
 */
async function sweepStraysOf(real: string): Promise<void> {
  const dir = path.dirname(real);
  const pattern = tempPattern(path.basename(real));
  const names = await nodeFs.readdir(dir).catch(() => [] as string[]);
  for (const name of names) {
    const m = pattern.exec(name);
    if (!m) continue;
    const pid = Number(m[1]);
    const full = path.join(dir, name);
    const st = await nodeFs.lstat(full).catch(() => null);
    if (!st) continue;
    if (pid === process.pid || !processAlive(pid) || Date.now() - st.mtimeMs > STALE_LOCK_MS)
      await nodeFs.rm(full, { force: true }).catch(() => undefined);
  }
}

/** Thrown inside a write when the file on disk turned out not to be the expected version. */
class ChangedOnDisk extends Error {
  constructor(readonly current: FileVersion | null) {
    super('the file changed on disk');
  }
}

interface WriteOptions {
  backup?: boolean;
  hook?: StepHook;
  write?: WriteChunk;
  /** Check the file being replaced against this, at the last moment (see saveDocument). */
  expected?: VersionCheck | null;
}

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
 * the backup falls back to a copy. The `.bak` is replaced only after the new file is in place,
 * so a failed rename leaves the previous `.bak` as it was (never a second name of the file).
 *
 * A symlink is written through to its target (the link stays); a read-only file is refused.
 * Saves of one file run one at a time in this process, and under a lock file other copies of
 * Sandtable honour; temp files earlier saves of the file left behind are swept first.
 */
export function writeFileAtomic(
  target: string,
  data: Uint8Array | string,
  options: WriteOptions = {},
): Promise<{ backup?: string }> {
  return locked(target, options.hook, (resolved) => writeLocked(resolved, data, options));
}

/** Resolves `target`, then runs `body` holding the in-process and the file lock for it. */
async function locked<T>(
  target: string,
  hook: StepHook | undefined,
  body: (resolved: WriteTarget) => Promise<T>,
): Promise<T> {
  const first = await resolveWriteTarget(target);
  return serialised(first.real, async () => {
    let release: (() => Promise<void>) | undefined;
    try {
      await hook?.('lock');
      release = await takeFileLock(first.real);
    } catch (error) {
      if (error instanceof SaveRefusedError) throw error;
      throw new SaveError('lock', error, first.real, first.existing !== null);
    }
    try {
      // What is there may have changed while this save waited its turn.
      const resolved = await resolveWriteTarget(target);
      await sweepStraysOf(resolved.real);
      return await body(resolved);
    } finally {
      await release();
    }
  });
}

async function writeLocked(
  { real, existing }: WriteTarget,
  data: Uint8Array | string,
  options: WriteOptions,
): Promise<{ backup?: string }> {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const dir = path.dirname(real);
  const base = path.basename(real);
  const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
  const temp = path.join(dir, `.${base}.${tag}.tmp`);
  const bakTemp = path.join(dir, `.${base}.bak.${tag}.tmp`);
  const hook = options.hook ?? (() => undefined);
  const write = options.write ?? writeChunk;
  const checking = options.expected !== undefined;
  // An object, not a `let`: TypeScript does not see the closure's writes to a local.
  const progress: { step: SaveStep; replaced: boolean } = { step: 'temp-open', replaced: false };
  const at = async (next: SaveStep) => {
    progress.step = next;
    await hook(next);
  };
  let backup: string | undefined;
  let pinned = false;
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
    if (existing && (options.backup !== false || checking)) {
      await at('backup-link');
      try {
        // Pins the very file the rename will replace, whatever is written into it until then.
        await nodeFs.link(real, bakTemp);
        pinned = true;
      } catch (error) {
        if (isNotFound(error) && checking) throw new ChangedOnDisk(null);
        if (!noLinks(error)) throw error;
        await nodeFs.copyFile(real, bakTemp);
        await syncFile(bakTemp);
      }
    }
    if (checking) {
      // The last look before the rename: the file being replaced must be the expected one.
      const now = existing ? await versionAt(pinned ? bakTemp : real) : null;
      const expected = options.expected ?? null;
      if (expected === null ? now !== null : now === null || !sameVersion(now, expected))
        throw new ChangedOnDisk(now);
    }
    await at('rename');
    if (!existing && checking) {
      // Creating the file: a link fails if someone created it meanwhile, where a rename would
      // silently replace theirs.
      try {
        await nodeFs.link(temp, real);
        await nodeFs.rm(temp, { force: true });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST')
          throw new ChangedOnDisk(await versionAt(real).catch(() => null));
        if (!noLinks(error)) throw error;
        await renameWithRetry(temp, real);
      }
    } else {
      await renameWithRetry(temp, real);
    }
    progress.replaced = true;
    if (existing && options.backup !== false) {
      await at('backup-rename');
      backup = backupPathFor(real);
      await renameWithRetry(bakTemp, backup);
    }
    // A .bak that already was a second name of the file (left by an older version) makes the
    // rename above do nothing and leave its source; it is not needed either way.
    await nodeFs.rm(bakTemp, { force: true });
    await at('dir-sync');
    await syncDir(dir);
  } catch (error) {
    await nodeFs.rm(temp, { force: true }).catch(() => undefined);
    await nodeFs.rm(bakTemp, { force: true }).catch(() => undefined);
    if (error instanceof ChangedOnDisk) throw error;
    if (progress.replaced) {
      // The new file is in place; only keeping the old one as .bak, or the durability of the
      // rename, is in doubt.
      return progress.step === 'dir-sync' && backup ? { backup } : {};
    }
    throw new SaveError(progress.step, error, real, existing !== null);
  }
  return backup ? { backup } : {};
}

async function versionAt(file: string): Promise<FileVersion> {
  const [st, bytes] = await Promise.all([nodeFs.stat(file), nodeFs.readFile(file)]);
  return versionOf(bytes, st.mtimeMs);
}

/**
 * Saves a document: refuses with `conflict` when the file on disk is not the version the
 * document was read from (unless `overwrite`), otherwise writes atomically with a backup.
 *
 * Two saves of one file never both succeed with one text lost: saves of a file run one at a time
 * (in this process, and across copies of Sandtable through a lock file), and each compares the
 * file on disk with `expected` twice: before writing, and once more on the very file it is about
 * to replace (pinned by the backup's hard link), so a change another program made meanwhile is a
 * conflict, not a silent loss. Without `expected` the save replaces whatever is there, which
 * becomes the `.bak`.
 */
export async function saveDocument(
  target: string,
  text: string,
  options: SaveOptions = {},
): Promise<SaveResult> {
  const bytes = new TextEncoder().encode(text);
  const expected = options.overwrite ? undefined : options.expected;
  return locked(target, options.hook, async (resolved) => {
    if (expected !== undefined) {
      const current = resolved.existing ? await versionAt(resolved.real) : null;
      const clash =
        expected === null ? current !== null : current !== null && !sameVersion(current, expected);
      if (clash) return { kind: 'conflict', current };
    }
    let written: { backup?: string };
    try {
      written = await writeLocked(resolved, bytes, {
        backup: options.backup ?? true,
        ...(options.hook ? { hook: options.hook } : {}),
        ...(options.write ? { write: options.write } : {}),
        // A file that was deleted since it was read is simply written again.
        ...(expected !== undefined ? { expected: resolved.existing ? expected : null } : {}),
      });
    } catch (error) {
      if (error instanceof ChangedOnDisk) return { kind: 'conflict', current: error.current };
      throw error;
    }
    const st = await nodeFs.stat(resolved.real);
    return {
      kind: 'saved',
      version: versionOf(bytes, st.mtimeMs),
      ...(written.backup ? { backup: written.backup } : {}),
    };
  });
}

/**
 * A name for saving beside `target` without replacing anything: `village (2).scenario.json`,
 * the first of (2), (3)… that `taken` says is free.
 */
export async function besideName(
  target: string,
  taken: (candidate: string) => Promise<boolean>,
): Promise<string> {
  const dir = path.dirname(target);
  const base = path.basename(target);
  const lower = base.toLowerCase();
  const ext = DOCUMENT_EXTENSIONS.find((e) => lower.endsWith(e)) ?? path.extname(base);
  const stem = base.slice(0, base.length - ext.length).replace(/ \(\d+\)$/, '');
  for (let n = 2; n < 10_000; n++) {
    const candidate = path.join(dir, `${stem} (${n})${ext}`);
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error(`No free name beside ${base}; use Save As.`);
}

/**
 * Saves `text` beside `target` under a new name (see besideName), never replacing a file: if the
 * chosen name is taken meanwhile, the next one is tried.
 */
export async function saveBeside(
  target: string,
  text: string,
  options: Omit<SaveOptions, 'expected' | 'overwrite'> = {},
): Promise<{ path: string; version: FileVersion }> {
  const exists = async (p: string) => (await nodeFs.lstat(p).catch(() => null)) !== null;
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = await besideName(target, exists);
    const result = await saveDocument(candidate, text, { ...options, expected: null });
    if (result.kind === 'saved') return { path: candidate, version: result.version };
  }
  throw new Error(`Could not find a free name beside ${path.basename(target)}; use Save As.`);
}

/** Removes temporary files a killed save left behind in `dir` (names this module generates). */
export async function sweepTempFiles(dir: string, olderThanMs = 60_000): Promise<number> {
  let removed = 0;
  const names = await nodeFs.readdir(dir).catch(() => [] as string[]);
  const now = Date.now();
  for (const name of names) {
    const temp = /^\..+\.\d+-[0-9a-f]{8}\.tmp$/.test(name);
    const lock = /^\..+\.sandtable-lock$/.test(name);
    if (!temp && !lock) continue;
    const full = path.join(dir, name);
    const st = await nodeFs.lstat(full).catch(() => null);
    if (!st || now - st.mtimeMs < olderThanMs) continue;
    if (lock && !(await lockIsStale(full)) && now - st.mtimeMs < STALE_LOCK_MS) continue;
    await nodeFs.rm(full, { force: true });
    removed++;
  }
  return removed;
}
