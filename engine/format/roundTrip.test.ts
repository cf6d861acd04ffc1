/**
 * Round-trip safety: what the loader accepts, the editor can save back without losing anything.
 * Repeated keys and keyed entries, text that is not UTF-8, and nesting deep enough to overflow a
 * recursive parser are refused with a located problem instead.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ScenarioStore } from '../document/ScenarioStore';
import { decodeUtf8, decodeUtf8Portable } from './encoding';
import { scanJson } from './jsonScan';
import { loadDocument, loadDocumentBytes } from './loader';
import { serializeDocument } from './saver';
import { minimalScenario } from './testFixtures';
import type { HexMap, ScenarioDoc } from './types';

const root = path.resolve(import.meta.dirname, '..', '..');
const hills = readFileSync(
  path.join(root, 'scenarios', 'tank-contour-hills.scenario.json'),
  'utf8',
);
const utf8 = (s: string) => new TextEncoder().encode(s);

function problemsOf(text: string) {
  const r = loadDocument(text, { file: 'x.json' });
  expect(r.ok).toBe(false);
  return r.ok ? [] : r.problems;
}

describe('duplicate keyed entries', () => {
  it('refuses a hexside listed twice, at the second entry, and the app would have kept one', () => {
    const doc = JSON.parse(hills) as ScenarioDoc;
    const map = doc.map as HexMap;
    const first = map.hexsides![0]!;
    map.hexsides!.push({ ...first, ridge: false, wall: true });
    const [p] = problemsOf(JSON.stringify(doc, null, 2));
    expect(p).toMatchObject({
      code: 'duplicate-id',
      pointer: `/map/hexsides/${map.hexsides!.length - 1}`,
    });
    expect(p!.message).toMatch(/listed twice \(first at \/map\/hexsides\/0\)/);
    expect(p!.line).toBeGreaterThan(1);
    // Why it matters: the document model keys hexsides by place, so one of the two vanishes.
    const store = new ScenarioStore();
    store.load(doc);
    expect((store.toScenario().map as HexMap).hexsides).toHaveLength(map.hexsides!.length - 1);
  });

  it('refuses a key repeated inside one object, naming both places', () => {
    const text = serializeDocument(minimalScenario()).replace(
      '"width": 36,',
      '"width": 36,\n    "width": 48,',
    );
    const [p] = problemsOf(text);
    expect(p).toMatchObject({ code: 'duplicate-key', pointer: '/map/width' });
    expect(p!.message).toMatch(/"width" appears twice .*first at line \d+, column \d+/);
    expect(p!.line).toBeGreaterThan(1);
  });

  it('tells keys apart after unescaping, and does not confuse keys with string values', () => {
    expect(scanJson('{"a":"b","\\u0061":1}', 64).duplicateKey).toMatchObject({ key: 'a' });
    expect(scanJson('{"a":"a","b":{"a":1},"c":["a","a"]}', 64)).toEqual({});
    expect(scanJson('{"x":[{"k":1},{"k":2,"k":3}]}', 64).duplicateKey).toMatchObject({
      pointer: '/x/1/k',
    });
    expect(scanJson('{"q\\"":1,"q\\"":2}', 64).duplicateKey).toMatchObject({ key: 'q"' });
  });

  it('refuses repeated victory conditions, map sections and hexes of one area', () => {
    const doc = minimalScenario();
    doc.victory.conditions.push({ ...doc.victory.conditions[0]! });
    const [p] = problemsOf(JSON.stringify(doc));
    expect(p).toMatchObject({ code: 'duplicate-id', pointer: '/victory/conditions/1/id' });

    const ww1 = JSON.parse(
      readFileSync(path.join(root, 'scenarios', 'ww1-wire.scenario.json'), 'utf8'),
    ) as ScenarioDoc;
    const o = ww1.objectives.findIndex((x) => x.area?.shape === 'hexes');
    const area = ww1.objectives[o]!.area as { hexes: { col: number; row: number }[] };
    area.hexes.push({ ...area.hexes[0]! });
    const [q] = problemsOf(JSON.stringify(ww1));
    expect(q).toMatchObject({
      code: 'duplicate-id',
      pointer: `/objectives/${o}/area/hexes/${area.hexes.length - 1}`,
    });
  });

  it('property: every hex map the loader accepts survives the document model unchanged', () => {
    const base = JSON.parse(hills) as ScenarioDoc;
    const map = base.map as HexMap;
    // A small corner of the map, so that repeats come up often.
    const side = fc.record({
      col: fc.integer({ min: 0, max: 2 }),
      row: fc.integer({ min: 3, max: 5 }),
      side: fc.integer({ min: 0, max: 5 }),
      ridge: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(side, { maxLength: 12 }), (extra) => {
        const doc = structuredClone(base);
        (doc.map as HexMap).hexsides = [...(map.hexsides ?? []), ...extra];
        const r = loadDocument(JSON.stringify(doc));
        if (!r.ok) return r.problems.every((p) => p.code === 'duplicate-id');
        const back = ScenarioStore.fromScenario(r.doc as ScenarioDoc).toScenario();
        return serializeDocument(back) === serializeDocument(r.doc as ScenarioDoc);
      }),
      { seed: 19, numRuns: 60 },
    );
  });
});

describe('text encoding', () => {
  const text = serializeDocument(minimalScenario());

  it('accepts a UTF-8 byte order mark, from bytes and from text', () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)]);
    expect(loadDocumentBytes(bytes).ok).toBe(true);
    expect(loadDocument(`\uFEFF${text}`).ok).toBe(true);
  });

  it('refuses invalid UTF-8 with the byte offset, line and column, never replacing it', () => {
    const good = utf8(text.replace('"Crossroads"', '"Crossröads"'));
    const at = good.indexOf(0xc3); // the ö
    const bad = good.slice();
    bad[at] = 0xf6; // Latin-1 ö
    const r = loadDocumentBytes(bad, { file: 'latin1.json' });
    expect(r.ok).toBe(false);
    const p = r.ok ? undefined : r.problems[0];
    expect(p).toMatchObject({ code: 'encoding', file: 'latin1.json' });
    expect(p!.message).toContain(`at byte ${at}`);
    expect(p!.found).toContain('0xF6');
    const line = text.slice(0, text.indexOf('Crossroads')).split('\n').length;
    expect(p!.line).toBe(line);
    expect(loadDocumentBytes(good).ok).toBe(true);
  });

  it.each([
    ['UTF-16 (little-endian)', [0xff, 0xfe], 'utf-16le'],
    ['UTF-16 (big-endian)', [0xfe, 0xff], 'utf-16be'],
    ['UTF-16 (little-endian)', [], 'utf-16le'],
    ['UTF-32 (little-endian)', [0xff, 0xfe, 0, 0], 'utf-32le'],
    ['UTF-32 (big-endian)', [0, 0, 0xfe, 0xff], 'utf-32be'],
  ])('names %s text (BOM %j)', (name, bom, enc) => {
    const units = [...text.slice(0, 200)].map((c) => c.charCodeAt(0));
    const body: number[] = [];
    for (const c of units) {
      if (enc === 'utf-16le') body.push(c & 0xff, c >> 8);
      if (enc === 'utf-16be') body.push(c >> 8, c & 0xff);
      if (enc === 'utf-32le') body.push(c & 0xff, c >> 8, 0, 0);
      if (enc === 'utf-32be') body.push(0, 0, c >> 8, c & 0xff);
    }
    const r = loadDocumentBytes(new Uint8Array([...bom, ...body]));
    expect(r.ok).toBe(false);
    const p = r.ok ? undefined : r.problems[0];
    expect(p).toMatchObject({ code: 'encoding', found: name });
    expect(p!.message).not.toMatch(/cut short/);
  });

  it('decodes (natively and in plain JS) what TextDecoder decodes, and refuses what it would replace', () => {
    const decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), fc.string({ unit: 'grapheme' }), (raw, s) => {
        for (const bytes of [raw, utf8(s)]) {
          if (bytes[0] === 0 || bytes[1] === 0) continue; // read as UTF-16/32 by design
          let expected: string | null;
          try {
            expected = decoder.decode(bytes);
          } catch {
            expected = null;
          }
          for (const got of [decodeUtf8(bytes), decodeUtf8Portable(bytes)])
            if (expected === null ? got.ok : !got.ok || got.text !== expected) return false;
        }
        return true;
      }),
      { seed: 8, numRuns: 400 },
    );
  });
});

describe('nesting depth', () => {
  it.each([5000, 10_000, 200_000])('%i levels give the "nested too deep" problem', (n) => {
    const body = `${'['.repeat(n)}${']'.repeat(n)}`;
    for (const text of [
      `{"format":"sandtable.scenario","formatVersion":1,"x":${body}}`,
      `{"format":"sandtable.scenario","x":${'['.repeat(n)}`, // and cut short
    ]) {
      const [p] = problemsOf(text);
      expect(p).toMatchObject({ code: 'too-deep', line: 1 });
      expect(p!.pointer.startsWith('/x/0/0')).toBe(true);
    }
  });
});
