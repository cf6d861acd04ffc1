import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SaveConflict, SavedFile } from './Host';
import { createBrowserHost } from './browserHost';

/** Files in a folder the save picker writes to, keyed by name; another program can change them. */
let folder: Map<string, string>;
let pickerCalls: { suggestedName: string; startIn?: { name: string } }[];
const g = globalThis as unknown as Record<string, unknown>;

function handle(name: string) {
  return {
    name,
    async createWritable() {
      let pending = '';
      return {
        async write(data: string) {
          pending += data;
        },
        async close() {
          folder.set(name, pending);
        },
        async abort() {},
      };
    },
    async getFile() {
      return new Blob([folder.get(name) ?? '']);
    },
  };
}

beforeEach(() => {
  folder = new Map();
  pickerCalls = [];
  const store = new Map<string, string>();
  g.localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, v),
    removeItem: (k: string) => void store.delete(k),
  };
  g.window = {
    showSaveFilePicker: async (o: { suggestedName: string; startIn?: { name: string } }) => {
      pickerCalls.push(o);
      return handle(o.suggestedName);
    },
  };
});
afterEach(() => {
  delete g.window;
  delete g.localStorage;
});

const isConflict = (r: SavedFile | SaveConflict | null): r is SaveConflict =>
  r !== null && 'conflict' in r;

describe('the browser host saving to picked files', () => {
  it('reports a file changed by someone else as a conflict, then saves beside it or over it', async () => {
    const host = createBrowserHost();
    expect(host.needsSaveName).toBe(false);
    const first = await host.saveFile('v1', { suggestedName: 'village.scenario.json' });
    expect(first).toMatchObject({ name: 'village.scenario.json' });
    const path = (first as SavedFile).path;
    expect(await host.saveFile('v2', { path, suggestedName: 'x' })).toMatchObject({ path });
    expect(folder.get('village.scenario.json')).toBe('v2');

    folder.set('village.scenario.json', 'theirs');
    const conflict = await host.saveFile('v3', { path, suggestedName: 'x' });
    expect(isConflict(conflict) && conflict.name).toBe('village.scenario.json');
    expect(folder.get('village.scenario.json')).toBe('theirs');

    const beside = await host.saveFile('v3', { path, suggestedName: 'x', beside: true });
    expect(beside).toMatchObject({ name: 'village (2).scenario.json' });
    expect(pickerCalls.at(-1)).toMatchObject({
      suggestedName: 'village (2).scenario.json',
      startIn: { name: 'village.scenario.json' },
    });
    expect(folder.get('village (2).scenario.json')).toBe('v3');
    expect(folder.get('village.scenario.json')).toBe('theirs');

    const over = await host.saveFile('v4', {
      path,
      suggestedName: 'x',
      overwrite: isConflict(conflict) ? conflict.onDisk : '',
    });
    expect(over).toMatchObject({ path, name: 'village.scenario.json' });
    expect(folder.get('village.scenario.json')).toBe('v4');
  });

  it('names the file and what to do when a write fails', async () => {
    // A handle whose writes are refused (permission withdrawn).
    g.window = {
      showSaveFilePicker: async () => ({
        name: 'b.json',
        createWritable: async () => {
          throw new DOMException('The request is not allowed.', 'NotAllowedError');
        },
      }),
    };
    await expect(createBrowserHost().saveFile('v', { suggestedName: 'b.json' })).rejects.toThrow(
      /^Could not write b\.json: The request is not allowed\. .*b\.json was left as it was\. Try again, or use Save as…/,
    );
  });

  it('without a save picker, asks for the name itself and downloads', () => {
    g.window = {};
    expect(createBrowserHost().needsSaveName).toBe(true);
  });
});
