import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { loadDocument, serializeDocument } from '../../../format';
import { composeCatalog } from './catalog';
import { TANKPLANK_CATALOGS } from './bundledCatalogs';
import { interpretations } from './interpretations';

const files = [
  ['tankplank-basic.catalog.json', 'tankplank.basic', 'BASIC'],
  ['tankplank-tw.catalog.json', 'tankplank.tw', 'TW'],
  ['tankplank-adv.catalog.json', 'tankplank.adv', 'ADV'],
  ['tankplank.placeholder.catalog.json', 'tankplank.placeholder', 'PLACEHOLDER'],
] as const;

describe('Tankplank catalog files', () => {
  for (const [name, id, layer] of files) {
    test(`${name} validates and is exactly what serializeDocument writes`, () => {
      const text = readFileSync(`scenarios/catalogs/${name}`, 'utf8');
      const r = loadDocument(text, { file: name, expect: ['sandtable.catalog'] });
      if (!r.ok) throw new Error(r.problems.map((p) => `${p.pointer} ${p.message}`).join('; '));
      expect(serializeDocument(r.doc)).toBe(text);
      expect(r.doc).toMatchObject({ id, layer, ruleset: 'tankplank' });
    });
  }

  test('every rules table row cites a rule id and a source', () => {
    for (const doc of Object.values(TANKPLANK_CATALOGS)) {
      for (const [name, t] of Object.entries(doc.tables ?? {})) {
        expect(t.ruleId, name).toBeTruthy();
        for (const row of t.rows) {
          expect(row['ruleId'], `${name} row ${JSON.stringify(row)}`).toBeTruthy();
          expect(row['source'], `${name} row ${JSON.stringify(row)}`).toBeTruthy();
        }
      }
    }
  });

  test('gap values live only in the placeholder catalog, and it says so', () => {
    const ph = TANKPLANK_CATALOGS['tankplank.placeholder']!;
    expect(ph.placeholder).toBe(true);
    for (const t of Object.values(ph.tables ?? {})) expect(t.placeholder).toBe(true);
    for (const u of ph.units ?? []) expect(u.placeholder).toBe(true);
  });
});

describe('interpretation registry', () => {
  const cat = composeCatalog(TANKPLANK_CATALOGS, 'BASIC');
  test("each option has the digest's recommended default, by id or by name", () => {
    const reg = interpretations(cat);
    expect(reg.get('TP-A18')).toBe('d6MinusPrinted');
    expect(reg.get('moraleScore')).toBe('d6MinusPrinted');
    expect(reg.num('TP-A3')).toBe(40);
    expect(reg.num('TP-A1')).toBe(10);
    expect(reg.bool('TP-A52')).toBe(false);
    expect(reg.list().every((o) => !o.overridden)).toBe(true);
  });

  test('every ambiguity of the digest, TP-A1 to TP-A55, is a named option', () => {
    const ids = interpretations(cat)
      .list()
      .map((o) => o.id);
    expect(ids).toEqual(Array.from({ length: 55 }, (_, k) => `TP-A${k + 1}`));
  });

  test('a scenario overrides an option by id', () => {
    const reg = interpretations(cat, { 'TP-A3': 45, natural6AlwaysHits: true });
    expect(reg.num('cannonMaxRange')).toBe(45);
    expect(reg.bool('TP-A52')).toBe(true);
    expect(
      reg
        .list()
        .filter((o) => o.overridden)
        .map((o) => o.id),
    ).toEqual(['TP-A3', 'TP-A52']);
  });
});
