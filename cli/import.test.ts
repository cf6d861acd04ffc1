import { afterEach, describe, expect, it, vi } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandtable } from './testing';
import { run, usage, usageFor } from './import';
import { IMPORT_FORMATS } from '../engine/formats/registry';
import type { ImportFormat } from '../engine/formats/types';
import { newScenario } from '../engine/document/newScenario';
import { DEFAULT_PRESET } from '../engine/rulesets/registry';

const tiled = join(import.meta.dirname, '..', 'engine', 'import', 'tiled', 'testdata');
const bs = join(import.meta.dirname, '..', 'engine', 'import', 'battlescribe', 'testdata');

describe('sandtable import', () => {
  it('imports a Tiled map as a scenario that validates, and re-imports with the remembered mapping', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const out = join(dir, 'village.scenario.json');
    const r = await sandtable(
      'import',
      'tiled',
      join(tiled, 'enc-zstd.tiled.tmj'),
      '--ruleset',
      'tank',
      '--out',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(
      /6 × 4 hexes, flat tops, odd columns shifted; 12 hexes differ from clear/,
    );
    expect(r.stdout).toMatch(/terrain #1 "forest" -> terrain woods, woods/);
    expect((await sandtable('validate', out)).code).toBe(0);
    // The user changes the mapping in the file; the next import keeps the change.
    const doc = JSON.parse(await readFile(out, 'utf8'));
    doc.map.imported.mapping.find((m: { label: string }) => m.label === 'decoration').terrain =
      'rubble';
    await writeFile(out, JSON.stringify(doc));
    const again = await sandtable(
      'import',
      'tiled',
      join(tiled, 'village.tmx'),
      '--ruleset',
      'tank',
      '--out',
      out,
      '--json',
    );
    expect(again.code, again.stderr).toBe(0);
    const report = JSON.parse(again.stdout);
    expect(report.mappingFrom).toMatch(/remembered in/);
    expect(report.hexes).toBe(13);
  });

  it('refuses an orthogonal map and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const out = join(dir, 'o.scenario.json');
    const r = await sandtable(
      'import',
      'tiled',
      join(tiled, 'orthogonal.tmx'),
      '--ruleset',
      'ww1',
      '--out',
      out,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/orthogonal\.tmx at <map> line 2: this is an orthogonal map/);
    expect(existsSync(out)).toBe(false);
  });

  it('imports a BattleScribe folder as a TANKS catalog that validates', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const out = join(dir, 'tanks.catalog.json');
    const r = await sandtable('import', 'battlescribe', bs, '--out', out);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/3 models, 2 crew, 2 upgrade, 1 ammo and 2 platoon cards/);
    expect(r.stdout).toMatch(/not imported \(6\):/);
    expect((await sandtable('validate', out)).code).toBe(0);
  });

  it('names the file, element and line of a BattleScribe value it refuses, and writes nothing', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const us = (await readFile(join(bs, 'us.cat'), 'utf8')).replace(
      '<cost name="pts" typeId="ct-pts" value="30.0"/>',
      '<cost name="pts" typeId="ct-pts" value="5000000.0"/>',
    );
    await writeFile(join(dir, 'tanks.gst'), await readFile(join(bs, 'tanks.gst')));
    await writeFile(join(dir, 'us.cat'), us);
    const line = us.split('\n').findIndex((l) => l.includes('<selectionEntry id="se-m1"')) + 1;
    const out = join(dir, 'tanks.catalog.json');
    const r = await sandtable('import', 'battlescribe', dir, '--out', out);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `us.cat at <selectionEntry name="M1 Abrams"> line ${line}: "M1 Abrams" cannot be imported: its field "points" is too large`,
    );
    expect(existsSync(out)).toBe(false);
  });

  it('keeps only the file names of the BattleScribe files in the catalog', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const out = join(dir, 'tanks.catalog.json');
    expect((await sandtable('import', 'battlescribe', bs, '--out', out)).code).toBe(0);
    const text = await readFile(out, 'utf8');
    expect(text).toContain('"source": "BattleScribe us.cat <selectionEntry name=\\"M1 Abrams\\">');
    expect(text).not.toContain(bs);
  });

  it('says what is wrong with the usage', async () => {
    expect(
      (await sandtable('import', 'tiled', join(tiled, 'village.tmx'), '--out', 'x.json')).code,
    ).toBe(2);
    expect((await sandtable('import', 'gpx')).stderr).toMatch(
      /unknown import "gpx": tiled or battlescribe/,
    );
  });
});

describe('sandtable import reads the format registry', () => {
  it('recognises a Tiled map and a BattleScribe folder without a format word', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const map = await sandtable(
      'import',
      join(tiled, 'village.tmx'),
      '--ruleset',
      'tank',
      '--out',
      join(dir, 'v.scenario.json'),
    );
    expect(map.code, map.stderr).toBe(0);
    expect(map.stdout).toMatch(/^imported .*village\.tmx: /);
    const cat = await sandtable('import', bs, '--out', join(dir, 'bs.catalog.json'));
    expect(cat.code, cat.stderr).toBe(0);
    expect(cat.stdout).toMatch(/3 models, 2 crew/);
  });

  it('says when no format recognises a file, and names the formats', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const notes = join(dir, 'notes.txt');
    await writeFile(notes, 'not a map');
    const r = await sandtable('import', notes, '--out', join(dir, 'x.json'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/cannot tell the format of .*notes\.txt: it is none of tiled \(/);
    expect(r.stderr).toMatch(/battlescribe \(\.gst, \.cat, \.gstz or \.catz\)/);
  });

  it('lists every registered format in its usage', async () => {
    const r = await sandtable('import', '--help');
    expect(r.code).toBe(0);
    for (const f of IMPORT_FORMATS) {
      expect(r.stdout).toContain(`sandtable import ${f.id} `);
      expect(r.stdout).toContain(`${f.id} (${f.name}: `);
    }
    expect(r.stdout).toContain(`<${IMPORT_FORMATS.map((f) => f.id).join('|')}>`);
  });
});

/** A format only this test knows: a text file whose first line is a scenario title. */
const titleFormat: ImportFormat = {
  id: 'titleline',
  direction: 'import',
  name: 'Title line',
  makes: 'scenario',
  menu: 'Import title line…',
  extensions: ['.title'],
  summary: 'a text file whose first line is the title of a new empty scenario',
  maxBytes: 1024,
  sniff: (f) => f.name.endsWith('.title') && f.bytes[0] === 0x23, // '#'
  read(files, { options }) {
    const title = new TextDecoder().decode(files[0]!.bytes).split('\n')[0]!.slice(1).trim();
    return {
      document: newScenario({ ruleset: options.ruleset ?? 'tank', title, map: DEFAULT_PRESET.map }),
      summary: `titled "${title}"`,
      notes: [],
    };
  },
};

describe('a format added to the registry', () => {
  const written: string[] = [];
  afterEach(() => {
    vi.restoreAllMocks();
    written.length = 0;
  });
  const capture = () => {
    const keep = (chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(keep);
    vi.spyOn(process.stderr, 'write').mockImplementation(keep);
  };
  const formats = [...IMPORT_FORMATS, titleFormat];

  it('appears in the usage and the error that lists the formats', async () => {
    expect(usage).not.toContain('titleline');
    const text = usageFor(formats);
    expect(text).toContain('<tiled|battlescribe|titleline>');
    expect(text).toContain('sandtable import titleline <file.title...> --out <file.scenario.json>');
    expect(text).toContain('a text file whose first line is the title');
    capture();
    expect(await run(['gpx'], undefined, formats)).toBe(2);
    expect(written.join('')).toMatch(/unknown import "gpx": tiled, battlescribe or titleline/);
  });

  it('is run by its name and recognised by its content', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const file = join(dir, 'duel.title');
    await writeFile(file, '# Duel at the ford\n');
    const out = join(dir, 'duel.scenario.json');
    capture();
    expect(await run(['titleline', file, '--out', out], undefined, formats)).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8')).meta.title).toBe('Duel at the ford');
    expect(written.join('')).toMatch(/imported Title line: titled "Duel at the ford"/);
    const out2 = join(dir, 'again.scenario.json');
    expect(await run([file, '--out', out2, '--title', 'x'], undefined, formats)).toBe(0);
    expect(existsSync(out2)).toBe(true);
    // The registry without it does not know the file.
    written.length = 0;
    expect(await run([file, '--out', out2])).toBe(2);
    expect(written.join('')).toMatch(/cannot tell the format of .*duel\.title/);
  });

  it('asks which format when two recognise a file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'sandtable-import-'));
    const file = join(dir, 'duel.title');
    await writeFile(file, '# Duel\n');
    const twin: ImportFormat = { ...titleFormat, id: 'titletwin' };
    capture();
    expect(await run([file, '--out', join(dir, 'x.json')], undefined, [titleFormat, twin])).toBe(2);
    expect(written.join('')).toMatch(/could be read as titleline or titletwin; name the format/);
  });
});
