import * as fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AutosaveDir } from './recovery';

let dir: string;
let clock: number;
let store: AutosaveDir;
beforeEach(async () => {
  dir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'sandtable-autosave-')), 'autosave');
  clock = Date.parse('2026-11-21T10:00:00Z');
  store = new AutosaveDir(dir, () => new Date(clock));
});
afterEach(async () => {
  await fs.rm(path.dirname(dir), { recursive: true, force: true });
});

describe('AutosaveDir', () => {
  it('lists what the dead session autosaved, newest first, without the live slots', async () => {
    await store.write('old-1', {
      title: 'Village',
      name: 'village.scenario.json',
      path: '/maps/village.scenario.json',
      text: '{"a":1}',
    });
    clock += 60_000;
    await store.write('live-2', { title: 'Ridge', name: 'Untitled', text: '{}' });
    clock += 60_000;
    await store.write('old-3', { title: 'Crossroads', name: 'Untitled', text: 'é' });
    const listed = await store.list(new Set(['live-2']));
    expect(listed.map((e) => e.id)).toEqual(['old-3', 'old-1']);
    expect(listed[1]).toEqual({
      id: 'old-1',
      title: 'Village',
      name: 'village.scenario.json',
      path: '/maps/village.scenario.json',
      savedAt: '2026-11-21T10:00:00.000Z',
      bytes: 7,
    });
    expect(listed[0]!.bytes).toBe(2);
  });

  it('skips corrupt files and stray temp files instead of failing the prompt', async () => {
    await store.write('good', { title: 'Good', name: 'g', text: 'x' });
    await fs.writeFile(path.join(dir, 'broken.json'), '{"format":"sandtable-autosave", tru');
    await fs.writeFile(path.join(dir, 'other.json'), JSON.stringify({ format: 'something-else' }));
    await fs.writeFile(path.join(dir, '..evil.json'), '{}');
    expect((await store.list()).map((e) => e.id)).toEqual(['good']);
  });

  it('adopts an orphan into a live slot, so the restored text is never only in memory', async () => {
    await store.write('orphan', {
      title: 'Village',
      name: 'v',
      path: '/maps/v.sandtable',
      text: 'TEXT',
    });
    const restored = await store.adopt('orphan', 'mine');
    expect(restored.text).toBe('TEXT');
    expect(restored.entry).toMatchObject({
      id: 'mine',
      title: 'Village',
      path: '/maps/v.sandtable',
    });
    expect(await store.read('orphan')).toBeNull();
    expect((await store.read('mine'))?.text).toBe('TEXT');
    await expect(store.adopt('orphan', 'mine')).rejects.toThrow('That autosave no longer exists.');
  });

  it('refuses ids that could name a path', async () => {
    await expect(store.write('../x', { title: '', name: 'n', text: '' })).rejects.toThrow(
      /Invalid autosave id/,
    );
    await expect(store.remove('a/b')).rejects.toThrow(/Invalid autosave id/);
  });

  it('overwrites a slot atomically and removes it when the document is saved', async () => {
    await store.write('slot', { title: 'A', name: 'n', text: 'one' });
    await store.write('slot', { title: 'A', name: 'n', text: 'two' });
    expect((await store.read('slot'))?.text).toBe('two');
    expect((await fs.readdir(dir)).filter((n) => n.endsWith('.bak') || n.endsWith('.tmp'))).toEqual(
      [],
    );
    await store.remove('slot');
    expect(await store.list()).toEqual([]);
  });
});
