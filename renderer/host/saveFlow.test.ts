import { describe, expect, it } from 'vitest';
import type { SaveConflict, SavedFile, SaveFileOptions } from './Host';
import { saveResolvingConflicts, type ConflictChoice } from './saveFlow';

/** A host whose disk is a string another writer can change; saveFile as the hosts implement it. */
function fakeHost() {
  const disk = { text: 'theirs', tag: 1, beside: null as string | null };
  const calls: SaveFileOptions[] = [];
  const host = {
    disk,
    calls,
    known: 1,
    async saveFile(text: string, o: SaveFileOptions): Promise<SavedFile | SaveConflict | null> {
      calls.push(o);
      if (o.beside) {
        disk.beside = text;
        return { path: 'v (2).json', name: 'v (2).json' };
      }
      const expected = o.overwrite !== undefined ? Number(o.overwrite) : host.known;
      if (disk.tag !== expected)
        return { conflict: true, path: o.path!, name: 'v.json', onDisk: String(disk.tag) };
      disk.text = text;
      disk.tag++;
      host.known = disk.tag;
      return { path: o.path!, name: 'v.json' };
    },
  };
  return host;
}

const answer =
  (choices: (ConflictChoice | null)[], seen: SaveConflict[]) => async (c: SaveConflict) => {
    seen.push(c);
    return choices.shift() ?? null;
  };

describe('saveResolvingConflicts', () => {
  it('saves without asking when the file is as it was read', async () => {
    const host = fakeHost();
    const seen: SaveConflict[] = [];
    const r = await saveResolvingConflicts(
      host,
      'mine',
      { path: 'v.json', suggestedName: 'v' },
      answer([], seen),
    );
    expect(r).toEqual({ kind: 'saved', how: 'saved', file: { path: 'v.json', name: 'v.json' } });
    expect(seen).toEqual([]);
    expect(host.disk.text).toBe('mine');
  });

  it('on a conflict, saves beside it when the person chooses so, leaving theirs', async () => {
    const host = fakeHost();
    host.disk.tag = 2; // someone else saved
    const seen: SaveConflict[] = [];
    const r = await saveResolvingConflicts(
      host,
      'mine',
      { path: 'v.json', suggestedName: 'v' },
      answer(['beside'], seen),
    );
    expect(seen).toHaveLength(1);
    expect(r).toMatchObject({ kind: 'saved', how: 'beside', file: { name: 'v (2).json' } });
    expect(host.disk).toMatchObject({ text: 'theirs', beside: 'mine' });
  });

  it('overwrites exactly the version shown, and asks again if it changed once more', async () => {
    const host = fakeHost();
    host.disk.tag = 2;
    const seen: SaveConflict[] = [];
    const ask = async (c: SaveConflict) => {
      seen.push(c);
      if (seen.length === 1) host.disk.tag = 3; // changed again while the dialog was open
      return 'overwrite' as const;
    };
    const r = await saveResolvingConflicts(
      host,
      'mine',
      { path: 'v.json', suggestedName: 'v' },
      ask,
    );
    expect(seen.map((c) => c.onDisk)).toEqual(['2', '3']);
    expect(host.calls.map((c) => c.overwrite)).toEqual([undefined, '2', '3']);
    expect(r).toMatchObject({ kind: 'saved', how: 'overwrite' });
    expect(host.disk.text).toBe('mine');
  });

  it('writes nothing when the person cancels the choice, and says the picker was closed', async () => {
    const host = fakeHost();
    host.disk.tag = 2;
    const r = await saveResolvingConflicts(
      host,
      'mine',
      { path: 'v.json', suggestedName: 'v' },
      answer([null], []),
    );
    expect(r).toMatchObject({ kind: 'conflict-cancelled', conflict: { name: 'v.json' } });
    expect(host.disk.text).toBe('theirs');
    const cancelled = await saveResolvingConflicts(
      { saveFile: async () => null },
      'x',
      { suggestedName: 'x' },
      answer([], []),
    );
    expect(cancelled).toEqual({ kind: 'cancelled' });
  });

  it('gives up, naming the file, when it keeps changing', async () => {
    const host = fakeHost();
    const ask = async () => {
      host.disk.tag += 1;
      return 'overwrite' as const;
    };
    host.disk.tag = 2;
    await expect(
      saveResolvingConflicts(host, 'mine', { path: 'v.json', suggestedName: 'v' }, ask),
    ).rejects.toThrow(/^v\.json keeps changing on disk while you save; nothing was written\./);
    expect(host.disk.text).toBe('theirs');
  });
});
