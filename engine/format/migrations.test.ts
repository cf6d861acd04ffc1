import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { migrate, MIGRATIONS, type Migration } from './migrations';
import { CURRENT_FORMAT_VERSION } from './version';
import { loadDocument } from './loader';
import { serializeDocument } from './saver';
import { minimalScenario } from './testFixtures';

/** A two-step chain used to test the mechanism while format 1 has no migrations of its own. */
const chain: Migration[] = [
  {
    from: 1,
    describe: 'rename title to name',
    up: ({ title, ...rest }) => ({ ...rest, name: title }),
  },
  { from: 2, describe: 'add tags', up: (f) => ({ ...f, tags: [] }) },
];

describe('migrations', () => {
  it('every shipped migration is numbered once, in order, below the current version', () => {
    const froms = MIGRATIONS.map((m) => m.from);
    expect(froms).toEqual([...froms].sort((a, b) => a - b));
    expect(new Set(froms).size).toBe(froms.length);
    expect(froms.every((f) => f >= 1 && f < CURRENT_FORMAT_VERSION)).toBe(true);
  });

  it('applies each step in turn and stamps the new version', () => {
    const result = migrate({ formatVersion: 1, title: 'x' }, chain, 3);
    expect(result).toEqual({
      ok: true,
      value: { formatVersion: 3, name: 'x', tags: [] },
      applied: ['1→2: rename title to name', '2→3: add tags'],
    });
  });

  it('is pure: the input is never changed', () => {
    fc.assert(
      fc.property(fc.string(), fc.integer({ min: 1, max: 3 }), (title, version) => {
        const input = { formatVersion: version, title };
        const copy = structuredClone(input);
        migrate(input, chain, 3);
        expect(input).toEqual(copy);
      }),
    );
  });

  it('refuses a newer version, a bad version and a gap in the chain', () => {
    expect(migrate({ formatVersion: 4 }, chain, 3)).toMatchObject({
      ok: false,
      code: 'newer-version',
    });
    expect(migrate({ formatVersion: '1' }, chain, 3)).toMatchObject({
      ok: false,
      code: 'bad-version',
    });
    expect(migrate({ formatVersion: 0 }, chain, 3)).toMatchObject({
      ok: false,
      code: 'bad-version',
    });
    expect(migrate({ formatVersion: 1 }, [chain[1]!], 3)).toMatchObject({
      ok: false,
      code: 'missing-migration',
    });
  });

  it('runs before validation in the loader', () => {
    const doc = minimalScenario();
    // An older file that kept the title as meta.name: invalid as it stands, valid once migrated.
    const { title, ...metaRest } = doc.meta;
    const old = JSON.stringify({ ...doc, meta: { ...metaRest, name: title } });
    const rename: Migration = {
      from: 1,
      describe: 'meta.name becomes meta.title',
      up: (f) => {
        const { name, ...rest } = f['meta'] as Record<string, unknown>;
        return { ...f, meta: { ...rest, title: name } };
      },
    };
    expect(loadDocument(old, { migrations: [] }).ok).toBe(false);
    const loaded = loadDocument(old, { migrations: [rename], targetVersion: 2 });
    expect(loaded.ok && loaded.doc.meta.title).toBe('Crossroads');
    expect(loaded.ok && loaded.migrations).toEqual(['1→2: meta.name becomes meta.title']);
    expect(loadDocument(serializeDocument(doc)).ok).toBe(true);
  });
});
