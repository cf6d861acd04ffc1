import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { saxesXmlParser } from '../import/saxesXml';
import { EXPORT_FORMATS, IMPORT_FORMATS, acceptOf, formatLines, sniffFormats } from './registry';
import type { FormatFile } from './types';
import { BUNDLED_RULESETS, RULESETS } from '../rulesets/registry';

const TILED = join(import.meta.dirname, '..', 'import', 'tiled', 'testdata');
const BS = join(import.meta.dirname, '..', 'import', 'battlescribe', 'testdata');
const file = (dir: string, name: string): FormatFile => ({
  name,
  bytes: new Uint8Array(readFileSync(join(dir, name))),
});
const text = (name: string, s: string): FormatFile => ({
  name,
  bytes: new TextEncoder().encode(s),
});
const importIds = (f: FormatFile) => sniffFormats(IMPORT_FORMATS, f).map((x) => x.id);

describe('the format registry', () => {
  it('has unique ids, and every format names its endings', () => {
    const all = [...IMPORT_FORMATS, ...EXPORT_FORMATS];
    // TMX is read by the Tiled import and written by the TMX export: one id each way.
    expect(new Set(IMPORT_FORMATS.map((f) => f.id)).size).toBe(IMPORT_FORMATS.length);
    expect(new Set(EXPORT_FORMATS.map((f) => f.id)).size).toBe(EXPORT_FORMATS.length);
    for (const f of all) for (const e of f.extensions) expect(e).toMatch(/^\.[a-z0-9]+$/);
    expect(acceptOf(IMPORT_FORMATS[0])).toBe('.tmx,.tmj,.json,.tsx,.tsj');
    expect(formatLines(all).map((l) => l.menu)).toContain('Export Tiled map (TMX)…');
  });

  it("names in every ruleset's catalogImports a catalog import of the registry", () => {
    const catalogs = IMPORT_FORMATS.filter((f) => f.makes === 'catalog').map((f) => f.id);
    const named = RULESETS.flatMap((m) => m.catalogImports ?? []);
    expect(named.length).toBeGreaterThan(0);
    for (const id of named) expect(catalogs).toContain(id);
  });

  it('recognises every Tiled map of the test data as Tiled, and tilesets as nothing', () => {
    for (const name of readdirSync(TILED)) {
      const ids = importIds(file(TILED, name));
      if (/\.(tmx|tmj)$/.test(name)) expect(ids, name).toEqual(['tiled']);
      else expect(ids, name).toEqual([]);
    }
  });

  it('recognises BattleScribe data, plain or zipped, and nothing else as BattleScribe', () => {
    for (const name of readdirSync(BS))
      expect(importIds(file(BS, name)), name).toEqual(['battlescribe']);
    expect(importIds({ name: 'tanks.gstz', bytes: new Uint8Array([0x50, 0x4b, 3, 4, 0]) })).toEqual(
      ['battlescribe'],
    );
    // The name alone is not enough: a .cat that is not a catalogue, a .gstz that is not a zip.
    expect(importIds(text('cat.cat', 'meow'))).toEqual([]);
    expect(importIds(text('x.gstz', '<gameSystem/>'))).toEqual([]);
  });

  it('recognises a Tiled JSON map by its content, and not a Sandtable scenario', () => {
    expect(
      importIds(
        text('m.json', '{ "compressionlevel": -1, "height": 4, "layers": [], "type": "map" }'),
      ),
    ).toEqual(['tiled']);
    expect(
      importIds(
        text('s.json', '{ "format": "sandtable.scenario", "infinite": false, "layers": [] }'),
      ),
    ).toEqual([]);
    expect(importIds(text('t.json', '{ "type": "tileset", "tiledversion": "1.10" }'))).toEqual([]);
  });

  it('reads through the registry as the CLI and the app do', () => {
    const [tiled, bs] = IMPORT_FORMATS;
    const map = tiled.read(
      [file(TILED, 'village.tmx'), file(TILED, 'terrain.tsx'), file(TILED, 'hills.tsx')],
      {
        parseXml: saxesXmlParser,
        rulesets: BUNDLED_RULESETS,
        options: { ruleset: 'tank' },
      },
    );
    expect(map.document.format).toBe('sandtable.scenario');
    expect(map.summary).toMatch(/^6 × 4 hexes/);
    expect(() =>
      tiled.read([file(TILED, 'village.tmx')], {
        parseXml: saxesXmlParser,
        rulesets: BUNDLED_RULESETS,
        options: {},
      }),
    ).toThrow(/hex ruleset/);
    const cat = bs.read(
      readdirSync(BS).map((n) => file(BS, n)),
      {
        parseXml: saxesXmlParser,
        rulesets: BUNDLED_RULESETS,
        options: { created: '2026-01-01' },
      },
    );
    expect(cat.document.format).toBe('sandtable.catalog');
    expect(cat.summary).toMatch(/3 models, 2 crew/);
  });

  it('writes TMX that the Tiled import recognises and reads back', () => {
    const [tiled] = IMPORT_FORMATS;
    const tmx = EXPORT_FORMATS.find((f) => f.id === 'tmx')!;
    const map = tiled.read(
      [file(TILED, 'village.tmx'), file(TILED, 'terrain.tsx'), file(TILED, 'hills.tsx')],
      {
        parseXml: saxesXmlParser,
        rulesets: BUNDLED_RULESETS,
        options: { ruleset: 'tank' },
      },
    ).document;
    if (map.format !== 'sandtable.scenario') throw new Error('not a scenario');
    expect(tmx.canWrite(map)).toBe(true);
    const out = tmx.write!(map);
    const written = text('back.tmx', out.data as string);
    expect(importIds(written)).toEqual(['tiled']);
    expect(sniffFormats(EXPORT_FORMATS, written).map((f) => f.id)).toEqual(['tmx']);
  });

  it('recognises the pictures and prints by their magic numbers', () => {
    const exportIds = (f: FormatFile) => sniffFormats(EXPORT_FORMATS, f).map((x) => x.id);
    expect(
      exportIds({
        name: 'a.png',
        bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      }),
    ).toEqual(['png']);
    expect(exportIds(text('a.pdf', '%PDF-1.7\n'))).toEqual(['pdf']);
    expect(
      exportIds(text('a.svg', '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toEqual(['svg']);
    expect(exportIds(text('a.txt', 'hello'))).toEqual([]);
  });
});
