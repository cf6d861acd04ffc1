/**
 * Test helper run as a child process inside a small tmpfs (fileService.test.ts mounts it): fills
 * the disk until only `free` bytes are left, then saves a document, a new file, an autosave and
 * the small JSON files main keeps (recent files, window state) as the app does, and prints what
 * each attempt reported and what was on disk afterwards, as JSON.
 * Usage: fullDisk.ts <dir> [module]; `module` swaps in another fileService to measure it.
 */
import * as fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [dir, moduleFile] = process.argv.slice(2) as [string, string | undefined];
const service = (await import(
  moduleFile ? pathToFileURL(path.resolve(moduleFile)).href : '../fileService'
)) as typeof import('../fileService');

const body = (tag: string, kb: number) =>
  JSON.stringify({ format: 'sandtable.scenario', tag, pad: tag.repeat(kb * 1024) });
const OLD = body('o', 40);
const NEW = body('n', 60);

export interface Attempt {
  readonly name: string;
  /** What the save said: "saved", or the error message. */
  readonly reported: string;
  readonly failed: boolean;
  /** The target's bytes afterwards: "old", "new", "missing" or "other (<n> bytes)". */
  readonly onDisk: string;
  readonly strayTempFiles: number;
}

async function onDisk(file: string, old: string | null, next: string): Promise<string> {
  const text = await fs.readFile(file, 'utf8').catch(() => null);
  if (text === null) return 'missing';
  if (text === old) return 'old';
  if (text === next) return 'new';
  return `other (${Buffer.byteLength(text)} bytes)`;
}

async function attempt(
  name: string,
  file: string,
  old: string | null,
  next: string,
  save: () => Promise<unknown>,
): Promise<Attempt> {
  let reported = 'saved';
  let failed = false;
  try {
    await save();
  } catch (error) {
    reported = error instanceof Error ? error.message : String(error);
    failed = true;
  }
  const names = await fs.readdir(path.dirname(file));
  return {
    name,
    reported,
    failed,
    onDisk: await onDisk(file, old, next),
    strayTempFiles: names.filter((n) => n.endsWith('.tmp')).length,
  };
}

/** Fills the file system with one file, then gives back `free` bytes of it. */
async function fill(free: number): Promise<void> {
  const filler = path.join(dir, 'filler.bin');
  const handle = await fs.open(filler, 'w');
  const chunk = Buffer.alloc(64 * 1024, 7);
  let size = 0;
  try {
    for (;;) {
      const { bytesWritten } = await handle.write(chunk, 0, chunk.length, size);
      if (bytesWritten === 0) break;
      size += bytesWritten;
    }
  } catch {
    // ENOSPC: full.
  }
  await handle.truncate(Math.max(0, size - free));
  await handle.close();
}

const docFile = path.join(dir, 'village.scenario.json');
const newFile = path.join(dir, 'copy.scenario.json');
const autosaveFile = path.join(dir, 'autosave.json');
const recentFile = path.join(dir, 'recent.json');
const windowFile = path.join(dir, 'window-state.json');
const recentOld = JSON.stringify([{ path: '/a', name: 'a', at: 'x' }]);
const recentNew = JSON.stringify(
  Array.from({ length: 1200 }, (_, i) => ({ path: `/p${i}`, name: 'n', at: 'x' })),
);

const results: (Attempt & { freeKiB: number })[] = [];
// With 40 KiB free the first half of each file fits and the second half is cut short without an
// error: the case a save that does not count its bytes reports as saved. With 8 KiB free the
// first write is short and the next one fails with ENOSPC.
for (const freeKiB of [40, 8]) {
  for (const name of await fs.readdir(dir)) await fs.rm(path.join(dir, name), { force: true });
  await service.saveDocument(docFile, OLD);
  await service.writeFileAtomic(autosaveFile, OLD, { backup: false });
  await service.writeFileAtomic(recentFile, recentOld, { backup: false });
  await service.writeFileAtomic(windowFile, recentOld, { backup: false });
  await fill(freeKiB * 1024);
  const tries = [
    await attempt('save over a document', docFile, OLD, NEW, () =>
      service.saveDocument(docFile, NEW),
    ),
    await attempt('save as a new file', newFile, null, NEW, () =>
      service.saveDocument(newFile, NEW),
    ),
    await attempt('autosave', autosaveFile, OLD, NEW, () =>
      service.writeFileAtomic(autosaveFile, NEW, { backup: false }),
    ),
    await attempt('recent files', recentFile, recentOld, recentNew, () =>
      service.writeFileAtomic(recentFile, recentNew, { backup: false }),
    ),
    await attempt('window state', windowFile, recentOld, recentNew, () =>
      service.writeFileAtomic(windowFile, recentNew, { backup: false }),
    ),
  ];
  results.push(...tries.map((t) => ({ ...t, freeKiB })));
}
process.stdout.write(`${JSON.stringify({ results })}\n`);
