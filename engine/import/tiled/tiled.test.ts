import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { offsetToAxial, hexDistance } from '../../hex/index';
import { loadDocument } from '../../format/index';
import type { HexMap } from '../../format/types';
import { saxesXmlParser } from '../saxesXml';
import { ImportError } from '../xml';
import {
  buildHexMap,
  exportTmx,
  proposeMapping,
  readTiledMap,
  scenarioFromHexMap,
  type TiledInput,
} from './index';

const dir = join(import.meta.dirname, 'testdata');
const input = (name: string): TiledInput => ({ name, bytes: readFileSync(join(dir, name)) });
const withTilesets = (name: string) => [input(name), input('terrain.tsx'), input('hills.tsx')];
const TERRAINS = ['clear', 'woods', 'urban', 'rubble', 'marsh'].map((id) => ({
  id,
  name: id[0]!.toUpperCase() + id.slice(1),
}));

function importMap(inputs: TiledInput[]) {
  const map = readTiledMap(inputs, saxesXmlParser);
  const mapping = proposeMapping(map, TERRAINS);
  return {
    read: map,
    mapping,
    ...buildHexMap(map, mapping, { defaultTerrain: 'clear', terrains: TERRAINS }),
  };
}

/** The village's hexes as "col,row terrain level flags label" lines, for comparing imports. */
function summary(m: HexMap): string[] {
  return m.hexes.map((h) => {
    const flags = Object.entries(h)
      .filter(([, v]) => v === true)
      .map(([k]) => k)
      .sort();
    return `${h.col},${h.row} ${h.terrain ?? '-'} ${h.level ?? 0} ${flags.join('+')} ${h.label ?? ''}`.trim();
  });
}

const sorted = (m: HexMap) => summary(m).sort();

const VILLAGE = [
  '2,0 woods 0 woods',
  '3,0 woods 0 woods',
  '4,0 - 1',
  '5,0 - 2',
  '1,1 urban 0 urban',
  '2,1 urban 0 urban',
  '3,1 woods 0 woods',
  '4,1 - 2  Hill 112',
  '5,1 marsh 3 marsh+woods',
  '1,2 urban 0 urban',
  '2,2 rubble 0 rubble',
  '5,2 marsh 0 marsh',
];

describe('Tiled import', () => {
  it('reads a hand-written TMX with external tilesets, a group layer and objects', () => {
    const { map, report, mapping } = importMap(withTilesets('village.tmx'));
    expect(map).toMatchObject({
      orientation: 'flat',
      offset: 'odd',
      columns: 6,
      rows: 4,
      levels: { min: 0, max: 3 },
    });
    expect(summary(map)).toEqual(VILLAGE);
    expect(mapping.find((m) => m.label === 'grass')).toMatchObject({
      tileset: 'terrain',
      tile: 0,
      terrain: 'clear',
    });
    expect(report.notes.map((n) => n.message)).toContainEqual(
      expect.stringMatching(/"decoration" \(on 1 hex\) is mapped to nothing/),
    );
    expect(report.notes).toContainEqual(
      expect.objectContaining({ where: expect.stringMatching(/^<object> line \d+$/) }),
    );
    expect(map.imported).toMatchObject({ from: 'tiled', file: 'village.tmx' });
  });

  for (const enc of ['xml', 'csv', 'base64', 'zlib', 'gzip', 'zstd']) {
    it(`reads ${enc} layer data, in TMX and in the JSON Tiled wrote from it`, () => {
      expect(summary(importMap(withTilesets(`enc-${enc}.tmx`)).map)).toEqual(VILLAGE);
      expect(summary(importMap(withTilesets(`enc-${enc}.tiled.tmj`)).map)).toEqual(VILLAGE);
    });
  }

  it('reads embedded tilesets (TMX and JSON as Tiled writes them with --embed-tilesets)', () => {
    expect(summary(importMap([input('embedded-zlib.tiled.tmx')]).map)).toEqual(VILLAGE);
    expect(summary(importMap([input('embedded-zstd.tiled.tmj')]).map)).toEqual(VILLAGE);
  });

  it('reads external JSON tilesets', () => {
    const text = readFileSync(join(dir, 'enc-csv.tiled.tmj'), 'utf8').replace(/\.tsx"/g, '.tsj"');
    const m = importMap([
      { name: 'map.tmj', bytes: strToU8(text) },
      input('terrain.tsj'),
      input('hills.tsj'),
    ]);
    expect(summary(m.map)).toEqual(VILLAGE);
  });

  for (const [axis, index, orientation] of [
    ['x', 'even', 'flat'],
    ['y', 'odd', 'pointy'],
    ['y', 'even', 'pointy'],
  ] as const) {
    it(`keeps the layout of staggeraxis ${axis}, staggerindex ${index}`, () => {
      for (const name of [`layout-${axis}-${index}.tmx`, `layout-${axis}-${index}.tiled.tmj`]) {
        const { map } = importMap(withTilesets(name));
        expect(map).toMatchObject({ orientation, offset: index });
        // Same hexes; the labelled object sits at other pixels of a pointy map's hexes.
        const unlabelled = (ls: string[]) => ls.map((l) => l.replace(/ +Hill 112$/, ''));
        expect(unlabelled(summary(map))).toEqual(unlabelled(VILLAGE));
        const labelled = map.hexes.find((h) => h.label === 'Hill 112')!;
        // (208, 82) px: in column 4, shifted down half a hex when even columns are shifted.
        expect([labelled.col, labelled.row]).toEqual(orientation === 'flat' ? [4, 0] : [3, 1]);
      }
    });
  }

  it('reads an infinite map from its chunks and keeps hexes next to the same neighbours', () => {
    for (const name of ['infinite.tmx', 'infinite.tiled.tmj']) {
      const { map, read } = importMap(withTilesets(name));
      expect(read.origin).toEqual({ x: -3, y: -2 });
      expect([map.columns, map.rows]).toEqual([6, 4]);
      // Tiled column -3 is odd (shifted); renumbered as column 0 it needs the "even" layout.
      expect(map.offset).toBe('even');
      expect(summary(map).map((l) => l.replace(/ {2}Hill 112$/, ''))).toEqual(
        VILLAGE.map((l) => l.replace(/ {2}Hill 112$/, '')),
      );
    }
  });

  it('renumbering an infinite map keeps Tiled neighbours neighbours (checked with engine/hex)', () => {
    // Tiled's own layout at absolute coordinates vs. the imported layout after the shift.
    const tiledLayout = { orientation: 'flat' as const, offset: 'odd' as const };
    const imported = { orientation: 'flat' as const, offset: 'even' as const };
    for (let x = -3; x < 3; x++)
      for (let y = -2; y < 2; y++)
        for (const [dx, dy] of [
          [1, 0],
          [0, 1],
          [1, 1],
          [-1, 1],
        ]) {
          const a = hexDistance(
            offsetToAxial(tiledLayout, { col: x, row: y }),
            offsetToAxial(tiledLayout, { col: x + dx!, row: y + dy! }),
          );
          const b = hexDistance(
            offsetToAxial(imported, { col: x + 3, row: y + 2 }),
            offsetToAxial(imported, { col: x + 3 + dx!, row: y + 2 + dy! }),
          );
          expect(b).toBe(a);
        }
  });

  it('refuses an orthogonal map and says how to make a hexagonal one', () => {
    expect(() => importMap(withTilesets('orthogonal.tmx'))).toThrow(
      /orthogonal.tmx at <map> line 2: this is an orthogonal map; Sandtable imports Tiled's hexagonal maps only/,
    );
  });

  it('names the element and line, or the JSON pointer, of what is wrong', () => {
    const tmx = readFileSync(join(dir, 'enc-csv.tmx'), 'utf8');
    const bad = (
      name: string,
      text: string,
      re: RegExp,
      extra: TiledInput[] = [input('terrain.tsx'), input('hills.tsx')],
    ) => expect(() => importMap([{ name, bytes: strToU8(text) }, ...extra])).toThrow(re);
    bad(
      'short.tmx',
      tmx.replace('1,1,2,2,1,1,', '1,1,'),
      /short\.tmx at <data> line 6: the CSV data holds 20 tiles; the layer has 24/,
    );
    bad(
      'gid.tmx',
      tmx.replace('1,1,2,2,1,1,', '1,1,2,2,1,99,'),
      /gid\.tmx at <data> line 6: tile id 99 belongs to no tileset|past the end of tileset "hills"/,
    );
    bad(
      'nots.tmx',
      tmx,
      /nots\.tmx at <tileset> line 4: the map uses the external tileset "hills\.tsx"; choose that file too/,
      [input('terrain.tsx')],
    );
    bad(
      'broken.tmx',
      tmx.replace('</layer>', '</layr>'),
      /broken\.tmx at line 9, column \d+ \(inside <layer> of line 5\): the XML is not well formed: .*unmatched closing tag: layr/,
    );
    const json = JSON.parse(readFileSync(join(dir, 'enc-zlib.tiled.tmj'), 'utf8'));
    json.layers[1].layers[0].data = json.layers[1].layers[0].data.slice(0, 12);
    bad(
      'z.tmj',
      JSON.stringify(json),
      /z\.tmj at \/layers\/1\/layers\/0\/data: the zlib layer data cannot be decompressed|holds \d+ tiles/,
    );
    json.layers[1].layers[0].compression = 'lz4';
    bad(
      'lz4.tmj',
      JSON.stringify(json),
      /lz4\.tmj at \/layers\/1\/layers\/0\/data: compression "lz4" is not one Tiled writes/,
    );
    bad('bad.tmj', '{"orientation": "hexagonal", ', /bad\.tmj at line 1: the JSON is not valid/);
  });

  it('refuses entity tricks and huge files quickly', () => {
    const laughs = `<?xml version="1.0"?>\n<!DOCTYPE map [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>\n<map orientation="&b;"/>`;
    expect(() => importMap([{ name: 'evil.tmx', bytes: strToU8(laughs) }])).toThrow(
      /evil\.tmx at <!DOCTYPE> line 2/,
    );
    const xxe = `<?xml version="1.0"?><!DOCTYPE map SYSTEM "http://example.invalid/map.dtd"><map/>`;
    expect(() => importMap([{ name: 'xxe.tmx', bytes: strToU8(xxe) }])).toThrow(/document type/);
    const t0 = performance.now();
    expect(() =>
      importMap([{ name: 'big.tmx', bytes: new Uint8Array(100 * 1024 * 1024) }]),
    ).toThrow(/100\.0 MB, more than the 48 MB/);
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it('builds a scenario that validates and remembers the mapping', () => {
    const { map, mapping } = importMap(withTilesets('village.tmx'));
    const doc = scenarioFromHexMap(map, 'tank', 'Village (Tiled)');
    const r = loadDocument(JSON.stringify(doc), { expect: ['sandtable.scenario'] });
    expect(r.ok, JSON.stringify(!r.ok && r.problems.slice(0, 3))).toBe(true);
    // The next import of a map with the same tilesets starts from the remembered choices.
    const changed = mapping.map((m) =>
      m.label === 'decoration' ? { ...m, terrain: 'rubble' } : m,
    );
    const again = proposeMapping(
      readTiledMap(withTilesets('enc-gzip.tmx'), saxesXmlParser),
      TERRAINS,
      changed,
    );
    expect(again.find((m) => m.label === 'decoration')!.terrain).toBe('rubble');
  });

  it('exports TMX that imports back to the same terrain, levels and labels', () => {
    const { map } = importMap(withTilesets('village.tmx'));
    for (const layout of [
      { orientation: 'flat', offset: 'odd' },
      { orientation: 'flat', offset: 'even' },
      { orientation: 'pointy', offset: 'odd' },
      { orientation: 'pointy', offset: 'even' },
    ] as const) {
      const src = { ...map, ...layout };
      const { tmx } = exportTmx(src, 'Village');
      const back = readTiledMap([{ name: 'out.tmx', bytes: strToU8(tmx) }], saxesXmlParser);
      const { map: again } = buildHexMap(back, proposeMapping(back, TERRAINS), {
        defaultTerrain: 'clear',
        terrains: TERRAINS,
      });
      expect(again).toMatchObject(layout);
      expect(summary(again)).toEqual(summary(src));
    }
  });

  it('exports the bundled TANK! contour map with its levels and terrain', () => {
    const doc = JSON.parse(
      readFileSync(
        join(import.meta.dirname, '../../../scenarios/tank-contour-hills.scenario.json'),
        'utf8',
      ),
    );
    const src = doc.map as HexMap;
    const { tmx, notes } = exportTmx(src, 'hills');
    expect(notes.join(' ')).toMatch(/hexside\(s\).*not written/);
    const back = readTiledMap([{ name: 'hills.tmx', bytes: strToU8(tmx) }], saxesXmlParser);
    const { map } = buildHexMap(back, proposeMapping(back, TERRAINS), {
      defaultTerrain: src.defaultTerrain,
      terrains: TERRAINS,
    });
    const keep = (m: HexMap) =>
      sorted({
        ...m,
        hexes: m.hexes
          .filter((h) => h.terrain || h.level || Object.values(h).includes(true))
          .map(({ label: _l, ...h }) => h),
      });
    expect(keep(map)).toEqual(keep(src));
  });

  it('is an ImportError with every problem listed', () => {
    try {
      importMap(withTilesets('orthogonal.tmx'));
    } catch (e) {
      expect(e).toBeInstanceOf(ImportError);
      expect((e as ImportError).problems[0]!.where).toBe('<map> line 2');
    }
  });
});
