import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  backupPathFor,
  besideName,
  currentVersion,
  parseVersionTag,
  isDocumentPath,
  readDocument,
  SAVE_STEPS,
  saveDocument,
  SaveError,
  saveBeside,
  SaveRefusedError,
  sweepTempFiles,
  versionTag,
  writeFileAtomic,
  type WriteChunk,
} from './fileService';

const OLD = JSON.stringify({ format: 'sandtable-scenario', v: 'old', pad: 'o'.repeat(5000) });
const NEW = JSON.stringify({ format: 'sandtable-scenario', v: 'new', pad: 'n'.repeat(9000) });

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'sandtable-fs-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

const strays = async () => (await fs.readdir(dir)).filter((n) => n.endsWith('.tmp'));

describe('saveDocument', () => {
  it('writes a new file, then keeps the previous version as .bak', async () => {
    const file = path.join(dir, 'a.scenario.json');
    const first = await saveDocument(file, OLD);
    expect(first).toMatchObject({ kind: 'saved' });
    expect(first.kind === 'saved' && first.backup).toBeFalsy();
    const second = await saveDocument(file, NEW);
    expect(second).toMatchObject({ kind: 'saved', backup: backupPathFor(file) });
    expect(await fs.readFile(file, 'utf8')).toBe(NEW);
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe(OLD);
    expect(await strays()).toEqual([]);
  });

  it('reports a conflict, writing nothing, when the file changed since it was read', async () => {
    const file = path.join(dir, 'b.sandtable');
    await fs.writeFile(file, OLD);
    const { version } = await readDocument(file);
    await fs.writeFile(file, 'someone else');
    const result = await saveDocument(file, NEW, { expected: version });
    expect(result.kind).toBe('conflict');
    expect(await fs.readFile(file, 'utf8')).toBe('someone else');
    const forced = await saveDocument(file, NEW, { expected: version, overwrite: true });
    expect(forced.kind).toBe('saved');
    expect(await fs.readFile(file, 'utf8')).toBe(NEW);
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe('someone else');
  });

  it('does not call an unchanged file a conflict, and saves over it', async () => {
    const file = path.join(dir, 'c.sandtable');
    await fs.writeFile(file, OLD);
    const { version } = await readDocument(file);
    const saved = await saveDocument(file, NEW, { expected: version });
    expect(saved.kind).toBe('saved');
    // The version returned by the save is the one the next save compares against.
    const again = await saveDocument(
      file,
      OLD,
      saved.kind === 'saved' ? { expected: saved.version } : {},
    );
    expect(again.kind).toBe('saved');
  });

  it('writes through a symlink to its target, keeping the link', async () => {
    const real = path.join(dir, 'real.sandtable');
    const link = path.join(dir, 'link.sandtable');
    await fs.writeFile(real, OLD);
    await fs.symlink(real, link);
    await saveDocument(link, NEW);
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, 'utf8')).toBe(NEW);
  });

  it('keeps the file mode of the file it replaces', async () => {
    const file = path.join(dir, 'mode.sandtable');
    await fs.writeFile(file, OLD, { mode: 0o600 });
    await fs.chmod(file, 0o600);
    await saveDocument(file, NEW);
    expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
  });
});

const textOrNull = (file: string) => fs.readFile(file, 'utf8').catch(() => null);

describe('two writers at once (issue 37: both said "saved" and one text was lost)', () => {
  it('50 trials of two saves from the same version: one saves, the other reports a conflict, no text lost', async () => {
    const file = path.join(dir, 'race.sandtable');
    let conflicts = 0;
    for (let trial = 0; trial < 50; trial++) {
      await fs.writeFile(file, `base ${trial}`);
      const { version } = await readDocument(file);
      const texts = [`alice ${trial}`, `bob ${trial}`];
      const results = await Promise.all(
        texts.map((t) => saveDocument(file, t, { expected: version })),
      );
      const kinds = results.map((r) => r.kind).sort();
      expect(kinds, `trial ${trial}`).toEqual(['conflict', 'saved']);
      conflicts++;
      const onDisk = [await textOrNull(file), await textOrNull(backupPathFor(file))];
      results.forEach((r, i) => {
        if (r.kind === 'saved') expect(onDisk, `trial ${trial}`).toContain(texts[i]);
      });
      const conflict = results.find((r) => r.kind === 'conflict');
      // The conflict names the version that won, so "overwrite" replaces exactly that one.
      expect(conflict?.kind === 'conflict' && conflict.current?.sha256).toBe(
        (await currentVersion(file))!.sha256,
      );
    }
    expect(conflicts).toBe(50);
    expect(await strays()).toEqual([]);
  });

  it('50 trials of two blind saves (no version to check): both save, one after the other, both texts kept', async () => {
    const file = path.join(dir, 'blind.sandtable');
    for (let trial = 0; trial < 50; trial++) {
      await fs.writeFile(file, `base ${trial}`);
      const texts = [`alice ${trial}`, `bob ${trial}`];
      const results = await Promise.all(texts.map((t) => saveDocument(file, t)));
      expect(results.map((r) => r.kind)).toEqual(['saved', 'saved']);
      const onDisk = [await textOrNull(file), await textOrNull(backupPathFor(file))];
      expect(onDisk.sort(), `trial ${trial}`).toEqual([...texts].sort());
    }
  });

  it('two processes saving the same 50 files from the same version: one success per file, every success on disk', async () => {
    const count = 50;
    for (let i = 0; i < count; i++)
      await fs.writeFile(path.join(dir, `doc-${i}.sandtable`), `base ${i}`);
    const helper = path.join(
      path.dirname(fileURLToPath(import.meta.url)),
      'testing',
      'saveMany.ts',
    );
    const { spawn } = await import('node:child_process');
    const startAt = String(Date.now() + 4000);
    const run = (label: string) =>
      new Promise<string[]>((resolve, reject) => {
        const child = spawn(process.execPath, [
          '--import',
          'tsx',
          helper,
          dir,
          String(count),
          label,
          startAt,
        ]);
        let out = '';
        let err = '';
        child.stdout.on('data', (d: Buffer) => (out += d.toString()));
        child.stderr.on('data', (d: Buffer) => (err += d.toString()));
        child.on('close', (code) =>
          code === 0
            ? resolve(JSON.parse(out) as string[])
            : reject(new Error(`exit ${code}: ${err}`)),
        );
      });
    const [a, b] = await Promise.all([run('alice'), run('bob')]);
    for (let i = 0; i < count; i++) {
      const file = path.join(dir, `doc-${i}.sandtable`);
      const kinds = [a[i], b[i]];
      expect(kinds.sort(), `file ${i}`).toEqual(['conflict', 'saved']);
      const onDisk = [await textOrNull(file), await textOrNull(backupPathFor(file))];
      if (a[i] === 'saved') expect(onDisk, `file ${i}`).toContain(`alice-${i}`);
      if (b[i] === 'saved') expect(onDisk, `file ${i}`).toContain(`bob-${i}`);
    }
    expect(await strays()).toEqual([]);
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('-lock'))).toEqual([]);
  }, 60_000);

  it('a version tag goes to the page and back', () => {
    const tag = versionTag({ size: 12, sha256: 'a'.repeat(64) });
    expect(parseVersionTag(tag)).toEqual({ size: 12, sha256: 'a'.repeat(64) });
    expect(parseVersionTag('12:xyz')).toBeNull();
  });
});

describe('the .bak after a failed save (issue 37: it stayed a hard link of the file)', () => {
  it('a save that fails at its rename leaves the previous .bak, a separate file, and the next save leaves no temp file', async () => {
    const file = path.join(dir, 'linked.sandtable');
    await saveDocument(file, 'first');
    await saveDocument(file, 'second'); // .bak = first
    const failed = await saveDocument(file, 'third', {
      hook: (step) => {
        if (step === 'rename')
          throw Object.assign(new Error('EBUSY: file in use'), { code: 'EBUSY' });
      },
    }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(SaveError);
    expect(await fs.readFile(file, 'utf8')).toBe('second');
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe('first');
    const [f, b] = [await fs.stat(file), await fs.stat(backupPathFor(file))];
    expect(b.ino).not.toBe(f.ino);
    // An editor writing the file in place must not change the backup.
    await fs.writeFile(file, 'second, edited in place');
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe('first');
    for (const text of ['fourth', 'fifth']) {
      expect((await saveDocument(file, text)).kind).toBe('saved');
      expect(await strays()).toEqual([]);
    }
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe('fourth');
  });

  it('mends a .bak that an older version left as a hard link of the file, without leaving temp files', async () => {
    const file = path.join(dir, 'legacy.sandtable');
    await fs.writeFile(file, 'current');
    await fs.link(file, backupPathFor(file));
    expect((await saveDocument(file, 'next')).kind).toBe('saved');
    expect(await strays()).toEqual([]);
    expect(await fs.readFile(file, 'utf8')).toBe('next');
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe('current');
    expect((await fs.stat(backupPathFor(file))).ino).not.toBe((await fs.stat(file)).ino);
    expect((await saveDocument(file, 'again')).kind).toBe('saved');
    expect(await strays()).toEqual([]);
  });

  it('sweeps the temp files earlier saves of the file left beside it, and leaves other files alone', async () => {
    const file = path.join(dir, 'swept.sandtable');
    await fs.writeFile(file, 'x');
    // A process id that is not running: a save that was killed.
    const dead = 2 ** 22 + 12345;
    const theirs = [
      `.swept.sandtable.bak.${dead}-0badc0de.tmp`,
      `.swept.sandtable.${dead}-0badc0de.tmp`,
      `.swept.sandtable.${process.pid}-12345678.tmp`,
    ];
    for (const n of theirs) await fs.writeFile(path.join(dir, n), 'stray');
    const other = `.other.sandtable.${dead}-0badc0de.tmp`;
    await fs.writeFile(path.join(dir, other), 'not ours to sweep here');
    await saveDocument(file, 'y');
    expect(await strays()).toEqual([other]);
  });

  it('takes over a lock left by a copy of Sandtable that died', async () => {
    const file = path.join(dir, 'locked.sandtable');
    await fs.writeFile(file, 'x');
    const lock = path.join(dir, '.locked.sandtable.sandtable-lock');
    await fs.writeFile(lock, `${2 ** 22 + 12345}\n${os.hostname()}\n2026-01-01T00:00:00Z\n`);
    expect((await saveDocument(file, 'y')).kind).toBe('saved');
    expect(await fs.readFile(file, 'utf8')).toBe('y');
    expect(await fs.readdir(dir)).not.toContain('.locked.sandtable.sandtable-lock');
  });
});

describe('read-only files and symlinks (issue 37: replaced without a word)', () => {
  it('refuses a read-only (0444) file, naming it and what to do, and leaves it as it was', async () => {
    const file = path.join(dir, 'frozen.sandtable');
    await fs.writeFile(file, OLD);
    await fs.chmod(file, 0o444);
    const before = await fs.stat(file);
    const error = await saveDocument(file, NEW).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaveRefusedError);
    expect((error as Error).message).toMatch(
      /^frozen\.sandtable is read-only, so it was not replaced; nothing was written\. Use Save As .*make the file writable/,
    );
    const after = await fs.stat(file);
    expect(after.ino).toBe(before.ino);
    expect(after.mode & 0o777).toBe(0o444);
    expect(await fs.readFile(file, 'utf8')).toBe(OLD);
    expect(await fs.readdir(dir)).toEqual(['frozen.sandtable']);
    await expect(writeFileAtomic(file, NEW)).rejects.toThrow(/read-only/);
  });

  it('refuses a read-only file behind a symlink, keeping both', async () => {
    const real = path.join(dir, 'ro.sandtable');
    const link = path.join(dir, 'ro-link.sandtable');
    await fs.writeFile(real, OLD);
    await fs.chmod(real, 0o444);
    await fs.symlink(real, link);
    await expect(saveDocument(link, NEW)).rejects.toThrow(
      /ro-link\.sandtable \(a link to .*ro\.sandtable\) is read-only/,
    );
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(real, 'utf8')).toBe(OLD);
  });

  it('writes a dangling symlink’s target, keeping the link a link', async () => {
    const link = path.join(dir, 'dangling.sandtable');
    await fs.symlink('target.sandtable', link);
    expect((await saveDocument(link, NEW)).kind).toBe('saved');
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(path.join(dir, 'target.sandtable'), 'utf8')).toBe(NEW);
    // And again, now that the target exists: the backup sits beside the target.
    await saveDocument(link, OLD);
    expect((await fs.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fs.readFile(path.join(dir, 'target.sandtable.bak'), 'utf8')).toBe(NEW);
  });

  it('refuses a symlink to a folder that does not exist, and a loop of links, never replacing the link', async () => {
    const nowhere = path.join(dir, 'nowhere.sandtable');
    await fs.symlink(path.join(dir, 'missing-folder', 'x.sandtable'), nowhere);
    await expect(saveDocument(nowhere, NEW)).rejects.toThrow(
      /nowhere\.sandtable is a link to .*x\.sandtable, which does not exist, and neither does its folder .*Fix or remove the link, or use Save As/,
    );
    expect((await fs.lstat(nowhere)).isSymbolicLink()).toBe(true);
    const a = path.join(dir, 'a.sandtable');
    const b = path.join(dir, 'b.sandtable');
    await fs.symlink(b, a);
    await fs.symlink(a, b);
    await expect(saveDocument(a, NEW)).rejects.toThrow(/loop of symbolic links/);
    expect((await fs.lstat(a)).isSymbolicLink()).toBe(true);
    expect(await strays()).toEqual([]);
  });

  it('follows a chain of links to the file at its end', async () => {
    const real = path.join(dir, 'end.sandtable');
    await fs.writeFile(real, OLD);
    await fs.symlink('end.sandtable', path.join(dir, 'mid.sandtable'));
    await fs.symlink('mid.sandtable', path.join(dir, 'start.sandtable'));
    await saveDocument(path.join(dir, 'start.sandtable'), NEW);
    expect(await fs.readFile(real, 'utf8')).toBe(NEW);
    expect((await fs.lstat(path.join(dir, 'start.sandtable'))).isSymbolicLink()).toBe(true);
    expect((await fs.lstat(path.join(dir, 'mid.sandtable'))).isSymbolicLink()).toBe(true);
  });
});

describe('saving beside a file that changed on disk', () => {
  it('picks the first free name "<name> (n)" and never replaces a file', async () => {
    const file = path.join(dir, 'village.scenario.json');
    await fs.writeFile(file, 'theirs');
    await fs.writeFile(path.join(dir, 'village (2).scenario.json'), 'older copy');
    const saved = await saveBeside(file, 'mine');
    expect(path.basename(saved.path)).toBe('village (3).scenario.json');
    expect(await fs.readFile(saved.path, 'utf8')).toBe('mine');
    expect(await fs.readFile(file, 'utf8')).toBe('theirs');
    expect(await fs.readFile(path.join(dir, 'village (2).scenario.json'), 'utf8')).toBe(
      'older copy',
    );
    expect(
      path.basename(await besideName(path.join(dir, 'a (4).sandtable'), async () => false)),
    ).toBe('a (2).sandtable');
  });

  it('a save that expects no file reports a conflict when one is there', async () => {
    const file = path.join(dir, 'taken.sandtable');
    await fs.writeFile(file, 'theirs');
    expect((await saveDocument(file, 'mine', { expected: null })).kind).toBe('conflict');
    expect(await fs.readFile(file, 'utf8')).toBe('theirs');
  });
});

describe('fault injection: an error thrown before each step of a save', () => {
  for (const step of SAVE_STEPS) {
    it(`before ${step}: the file is the old or the new version, and no temp file is left`, async () => {
      const file = path.join(dir, 'doc.scenario.json');
      await fs.writeFile(file, OLD);
      const boom = new Error('disk on fire');
      const attempt = saveDocument(file, NEW, {
        hook: (s) => {
          if (s === step) throw boom;
        },
      });
      if (SAVE_STEPS.indexOf(step) > SAVE_STEPS.indexOf('rename')) {
        // The rename already happened; only the .bak or durability was in doubt.
        await expect(attempt).resolves.toMatchObject({ kind: 'saved' });
      } else {
        const error = await attempt.then(
          () => null,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(SaveError);
        expect((error as SaveError).step).toBe(step);
        expect((error as SaveError).message).toMatch(
          /Could not save doc\.scenario\.json .*disk on fire/,
        );
      }
      const text = await fs.readFile(file, 'utf8');
      expect([OLD, NEW]).toContain(text);
      expect(text).toBe(SAVE_STEPS.indexOf(step) > SAVE_STEPS.indexOf('rename') ? NEW : OLD);
      expect(await strays()).toEqual([]);
      const bak = await fs.readFile(backupPathFor(file), 'utf8').catch(() => null);
      expect([null, OLD]).toContain(bak);
    });
  }

  it('a failing first save of a new file leaves no file at all', async () => {
    const file = path.join(dir, 'fresh.sandtable');
    await expect(
      saveDocument(file, NEW, {
        hook: (s) => {
          if (s === 'temp-sync') throw new Error('EIO');
        },
      }),
    ).rejects.toThrow(SaveError);
    expect(await fs.readdir(dir)).toEqual([]);
  });
});

const helper = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'testing',
  'saveUntilKilled.ts',
);

describe('fault injection: the process killed (SIGKILL) before each step of a save', () => {
  for (const step of SAVE_STEPS) {
    it(`killed before ${step}: the file on disk is whole, old or new`, async () => {
      const file = path.join(dir, 'doc.scenario.json');
      await fs.writeFile(file, OLD);
      const child = spawnSync(process.execPath, ['--import', 'tsx', helper, file, NEW, step], {
        encoding: 'utf8',
        timeout: 30_000,
      });
      expect(child.signal).toBe('SIGKILL');
      const text = await fs.readFile(file, 'utf8');
      expect(text).toBe(SAVE_STEPS.indexOf(step) > SAVE_STEPS.indexOf('rename') ? NEW : OLD);
      const bak = await fs.readFile(backupPathFor(file), 'utf8').catch(() => null);
      expect([null, OLD]).toContain(bak);
      // A killed save can leave its temp file (nothing runs after SIGKILL); the sweep removes it.
      await sweepTempFiles(dir, 0);
      expect(await strays()).toEqual([]);
    });
  }

  it('the helper completes a save when not killed', () => {
    const file = path.join(dir, 'ok.sandtable');
    const child = spawnSync(process.execPath, ['--import', 'tsx', helper, file, NEW, 'never'], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(child.stdout).toBe('saved\n');
  });
});

describe('short writes (injected)', () => {
  /** Writes at most `max` bytes per call, and nothing at all once `budget` bytes are spent. */
  const limited =
    (max: number, budget = Infinity): WriteChunk =>
    async (handle, buffer, offset, length, position) => {
      const n = Math.max(0, Math.min(length, max, budget));
      budget -= n;
      return n === 0 ? { bytesWritten: 0 } : handle.write(buffer, offset, n, position);
    };

  it('finishes a save whose writes each write only part of what was asked', async () => {
    const file = path.join(dir, 'slow.sandtable');
    await fs.writeFile(file, OLD);
    const saved = await saveDocument(file, NEW, { write: limited(777) });
    expect(saved.kind).toBe('saved');
    expect(await fs.readFile(file, 'utf8')).toBe(NEW);
  });

  it('fails a save that stops writing part way, leaving the old file intact and saying so', async () => {
    const file = path.join(dir, 'full.sandtable');
    await fs.writeFile(file, OLD);
    const error = await saveDocument(file, NEW, { write: limited(4096, 6000) }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(SaveError);
    expect((error as Error).message).toMatch(
      /Could not save full\.sandtable \(temp-write-rest\): the disk is full \(only 6000 of 9\d{3} bytes could be written\)\. The previous version of full\.sandtable is intact\./,
    );
    expect(await fs.readFile(file, 'utf8')).toBe(OLD);
    expect(await strays()).toEqual([]);
  });

  it('a new file that cannot be written whole is not created at all', async () => {
    const file = path.join(dir, 'new.sandtable');
    const error = await saveDocument(file, NEW, { write: limited(512, 1024) }).catch(
      (e: unknown) => e,
    );
    expect((error as Error).message).toMatch(/No file was created/);
    expect(await fs.readdir(dir)).toEqual([]);
  });

  it('names a quota or a read-only disk', async () => {
    const file = path.join(dir, 'q.sandtable');
    for (const [code, words] of [
      ['EDQUOT', /disk quota is used up/],
      ['EROFS', /disk is read-only/],
    ] as const) {
      const write: WriteChunk = async () => {
        throw Object.assign(new Error(`${code}: nope`), { code });
      };
      await expect(saveDocument(file, NEW, { write })).rejects.toThrow(words);
    }
  });
});

describe('the backup and another program writing the file', () => {
  it('keeps, in the .bak, what another program wrote into the file just before the rename', async () => {
    const file = path.join(dir, 'shared.sandtable');
    await fs.writeFile(file, OLD);
    const { version } = await readDocument(file);
    const theirs = 'written by the other program';
    const saved = await saveDocument(file, NEW, {
      expected: version,
      hook: async (step) => {
        // In place, as editors and sync tools that truncate and rewrite do.
        if (step === 'rename') await fs.writeFile(file, theirs);
      },
    });
    expect(saved.kind).toBe('saved');
    expect(await fs.readFile(file, 'utf8')).toBe(NEW);
    expect(await fs.readFile(backupPathFor(file), 'utf8')).toBe(theirs);
  });
});

/**
 * Mounts a 512 KiB tmpfs and runs testing/fullDisk.ts inside it: in a private mount namespace
 * (unshare, no root needed where user namespaces are allowed), else directly when root.
 * Returns the helper's report, or why no tmpfs could be mounted here.
 */
function runOnSmallTmpfs(): { report?: unknown; whyNot?: string } {
  const fullDisk = path.join(
    path.dirname(fileURLToPath(import.meta.url)),
    'testing',
    'fullDisk.ts',
  );
  const script =
    'mount -t tmpfs -o size=512k sandtable-test "$1" || { echo "mount failed" >&2; exit 77; }; ' +
    '"$2" --import tsx "$3" "$1"; s=$?; umount "$1" 2>/dev/null; exit $s';
  const attempts: [string, string[]][] = [
    ['unshare', ['-rm', 'sh', '-c', script, 'sh', dir, process.execPath, fullDisk]],
  ];
  if (process.getuid?.() === 0)
    attempts.push(['sh', ['-c', script, 'sh', dir, process.execPath, fullDisk]]);
  const why: string[] = [];
  for (const [cmd, args] of attempts) {
    const child = spawnSync(cmd, args, { encoding: 'utf8', timeout: 60_000 });
    if (child.status === 0) return { report: JSON.parse(child.stdout) as unknown };
    why.push(`${cmd}: ${(child.error?.message ?? child.stderr).trim() || `exit ${child.status}`}`);
    if (child.status !== 77 && !child.error) throw new Error(`fullDisk.ts failed: ${child.stderr}`);
  }
  if (process.platform !== 'linux') why.push(`tmpfs is Linux only (this is ${process.platform})`);
  return { whyNot: why.join('; ') };
}

describe('a real full disk (small tmpfs)', () => {
  it('fails every kind of save with the old file intact, and leaves no temporary file', (ctx) => {
    const { report, whyNot } = runOnSmallTmpfs();
    if (!report) {
      console.warn(`The full-disk test did not run: no tmpfs could be mounted (${whyNot}).`);
      ctx.skip(`no tmpfs could be mounted: ${whyNot}`);
    }
    const { results } = report as {
      results: {
        name: string;
        freeKiB: number;
        failed: boolean;
        reported: string;
        onDisk: string;
        strayTempFiles: number;
      }[];
    };
    expect(results).toHaveLength(10);
    for (const r of results) {
      const what = `${r.name} with ${r.freeKiB} KiB free`;
      expect(r.failed, what).toBe(true);
      expect(r.onDisk, what).toBe(r.name === 'save as a new file' ? 'missing' : 'old');
      expect(r.reported, what).toMatch(
        r.name === 'save as a new file'
          ? /the disk is full .*No file was created/
          : /the disk is full .*The previous version of .* is intact\./,
      );
      expect(r.strayTempFiles, what).toBe(0);
    }
  });
});

describe('reading', () => {
  it('refuses a file over the size limit with a readable message', async () => {
    const file = path.join(dir, 'big.sandtable');
    await fs.writeFile(file, 'x'.repeat(3 * 1024 * 1024));
    await expect(readDocument(file, 1024 * 1024)).rejects.toThrow(
      /big\.sandtable is 3 MB; the limit is 1 MB/,
    );
  });

  it('gives the same version for the same bytes and null for a missing file', async () => {
    const file = path.join(dir, 'v.sandtable');
    await writeFileAtomic(file, OLD);
    const read = await readDocument(file);
    expect(await currentVersion(file)).toMatchObject({
      sha256: read.version.sha256,
      size: read.version.size,
    });
    expect(await currentVersion(path.join(dir, 'missing.sandtable'))).toBeNull();
  });

  it('drops a UTF-8 byte order mark and refuses bytes that are not UTF-8 at their offset', async () => {
    const bom = path.join(dir, 'bom.sandtable');
    await fs.writeFile(bom, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(OLD)]));
    expect((await readDocument(bom)).text).toBe(OLD);
    const latin = path.join(dir, 'latin.sandtable');
    await fs.writeFile(latin, Buffer.from('{"title": "Caf\xe9"}', 'latin1'));
    const read = await readDocument(latin);
    expect(read.text).toBe('');
    expect(read.problems?.[0]).toMatchObject({ file: 'latin.sandtable', code: 'encoding' });
    expect(read.problems?.[0]?.message).toMatch(/not valid UTF-8 text: at byte 14/);
  });

  it('knows the document extensions', () => {
    expect(isDocumentPath('/x/a.scenario.json')).toBe(true);
    expect(isDocumentPath('C:\\x\\A.SANDTABLE')).toBe(true);
    expect(isDocumentPath('/x/a.png')).toBe(false);
  });
});
