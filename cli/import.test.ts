import { describe, expect, it } from 'vitest';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sandtable } from './testing';

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
