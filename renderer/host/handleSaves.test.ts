import { describe, expect, it } from 'vitest';
import { besideFileName, HandleSaves, versionTagOf, type FileHandleLike } from './handleSaves';

/** A file handle over an in-memory file another writer can change; writes land on close. */
function memoryHandle(name: string, initial: string) {
  const file = { text: initial, writes: 0 };
  const handle: FileHandleLike = {
    name,
    async createWritable() {
      let pending = '';
      return {
        async write(data) {
          pending += typeof data === 'string' ? data : await new Blob([data as BlobPart]).text();
        },
        async close() {
          // Yield as a real file system would, so concurrent saves interleave.
          await new Promise((r) => setTimeout(r, 1));
          file.text = pending;
          file.writes++;
        },
      };
    },
    async getFile() {
      return new Blob([file.text]);
    },
  };
  return { handle, file };
}

describe('HandleSaves (the browser host saving to a picked file)', () => {
  it('saves when the file is as this page left it, and reports a conflict when it changed', async () => {
    const saves = new HandleSaves();
    const { handle, file } = memoryHandle('village.scenario.json', 'v1');
    await saves.remember('p', 'v1');
    expect(await saves.save('p', handle, 'v2')).toEqual({ saved: true });
    expect(file.text).toBe('v2');
    file.text = 'someone else';
    const conflict = await saves.save('p', handle, 'v3');
    expect(conflict).toEqual({
      conflict: true,
      path: 'p',
      name: 'village.scenario.json',
      onDisk: await versionTagOf(new TextEncoder().encode('someone else')),
    });
    expect(file.text).toBe('someone else');
    // Overwrite replaces exactly the version shown, and nothing newer.
    file.text = 'changed again';
    const again = await saves.save('p', handle, 'v3', 'onDisk' in conflict ? conflict.onDisk : '');
    expect('conflict' in again).toBe(true);
    expect(file.text).toBe('changed again');
    expect(await saves.save('p', handle, 'v3', 'onDisk' in again ? again.onDisk : '')).toEqual({
      saved: true,
    });
    expect(file.text).toBe('v3');
  });

  it('two saves from this page at once run one after the other; the later one is on disk', async () => {
    for (let trial = 0; trial < 50; trial++) {
      const saves = new HandleSaves();
      const { handle, file } = memoryHandle('race.json', 'base');
      await saves.remember('p', 'base');
      const results = await Promise.all([
        saves.save('p', handle, `a${trial}`),
        saves.save('p', handle, `b${trial}`),
      ]);
      expect(results).toEqual([{ saved: true }, { saved: true }]);
      expect(file.text).toBe(`b${trial}`);
      expect(file.writes).toBe(2);
    }
  });

  it('another page’s save, before this one or while it writes, is a conflict and is kept (50 trials)', async () => {
    for (let trial = 0; trial < 50; trial++) {
      const [mine, theirs] = [new HandleSaves(), new HandleSaves()];
      const { handle, file } = memoryHandle('shared.json', 'base');
      await mine.remember('p', 'base');
      await theirs.remember('p', 'base');
      // Theirs lands while mine is writing (between its first look and its close).
      const slow: FileHandleLike = {
        ...handle,
        async createWritable() {
          const w = await handle.createWritable();
          return {
            ...w,
            write: async (d) => {
              await w.write(d);
              if (trial % 2 === 0)
                expect(await theirs.save('p', handle, `theirs ${trial}`)).toEqual({ saved: true });
            },
            abort: async () => undefined,
          };
        },
      };
      if (trial % 2 === 1) await theirs.save('p', handle, `theirs ${trial}`);
      const result = await mine.save('p', slow, `mine ${trial}`);
      expect('conflict' in result, `trial ${trial}`).toBe(true);
      expect(file.text).toBe(`theirs ${trial}`);
    }
  });

  it('suggests a name beside the file', () => {
    expect(besideFileName('village.scenario.json')).toBe('village (2).scenario.json');
    expect(besideFileName('village (2).scenario.json', 3)).toBe('village (3).scenario.json');
    expect(besideFileName('game.sandtable')).toBe('game (2).sandtable');
    expect(besideFileName('notes')).toBe('notes (2)');
  });
});
