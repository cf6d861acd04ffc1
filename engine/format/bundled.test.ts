/**
 * Every file shipped under scenarios/ must open in Sandtable, save back byte for byte, and only
 * name things its ruleset's catalogs define: unit types, cards and hex terrain.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkLayout } from '../layout/layoutChecks';
import {
  loadDocument,
  serializeDocument,
  type AnyDoc,
  type CatalogDoc,
  type Formation,
  type RulesetId,
  type ScenarioDoc,
  type Unit,
} from './index';
import { BUNDLED_RULESETS } from '../rulesets/registry';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const SCENARIOS = join(ROOT, 'scenarios');

/**
 * The Tankplank type ids the bundled village uses, agreed with the Tankplank catalog's author;
 * checked directly if the Tankplank catalogs are ever missing from the checkout.
 */
const TANKPLANK_TYPE_IDS = [
  'tp.rifleman',
  'tp.lmgGunner',
  'tp.autoRifleman',
  'tp.nco',
  'tp.hmgCrew',
  'tp.bazookaCrew',
  'tp.mortarCrew',
  'tp.officer',
  'tp.radioman',
  'tp.driver',
  'tp.atCrew',
  'tp.atGun',
  'tp.jeep',
  'tp.truck',
  'tp.halfTrack',
  'tp.armouredCar',
  'tp.mediumTank',
  'tp.assaultGun',
  'tp.lightTank',
  'tp.heavyTank',
  'tp.tankDestroyer',
  'tp.spGun',
  'tp.halfTrackGun',
];

const files = (readdirSync(SCENARIOS, { recursive: true }) as string[])
  .filter((f) => f.endsWith('.json'))
  .map((f) => join(SCENARIOS, f))
  .sort();

const loaded = new Map<string, AnyDoc>();
for (const file of files) {
  const result = loadDocument(readFileSync(file, 'utf8'), { file });
  if (result.ok) loaded.set(file, result.doc);
}
const docs = [...loaded.values()];
const catalogs = docs.filter((d): d is CatalogDoc => d.format === 'sandtable.catalog');
const scenarios = [...loaded.entries()].filter(
  (e): e is [string, ScenarioDoc] => e[1].format === 'sandtable.scenario',
);
const catalogsOf = (ruleset: RulesetId) => catalogs.filter((c) => c.ruleset === ruleset);
const name = (file: string) => relative(ROOT, file);

function unitsOf(doc: ScenarioDoc): Unit[] {
  const walk = (f: Formation): Unit[] => [...f.units, ...(f.formations ?? []).flatMap(walk)];
  return doc.forces.sides.flatMap((s) => s.formations.flatMap(walk));
}

function formationsOf(doc: ScenarioDoc): Formation[] {
  const walk = (f: Formation): Formation[] => [f, ...(f.formations ?? []).flatMap(walk)];
  return doc.forces.sides.flatMap((s) => s.formations.flatMap(walk));
}

describe('bundled files', () => {
  it('include scenarios and catalogs for every ruleset', () => {
    const rulesets = new Set(scenarios.map(([, d]) => d.ruleset.id));
    expect([...rulesets].sort()).toEqual(['tank', 'tankplank', 'tanks', 'ww1']);
    for (const r of ['tank', 'tanks', 'ww1'] as const)
      expect(catalogsOf(r).length).toBeGreaterThan(0);
  });

  describe.each(files.map((f) => [name(f), f]))('%s', (_label, file) => {
    const text = readFileSync(file, 'utf8');

    it('loads with no problems', () => {
      const result = loadDocument(text, { file: name(file) });
      expect(result.ok ? [] : result.problems).toEqual([]);
    });

    it('saves back byte for byte', () => {
      const doc = loaded.get(file);
      expect(doc).toBeDefined();
      expect(serializeDocument(doc!)).toBe(text);
    });
  });
});

describe('bundled catalogs', () => {
  it.each(catalogs.map((c) => [c.id, c]))(
    '%s marks every entry as sourced or placeholder',
    (_id, c) => {
      const unmarked: string[] = [];
      if (!c.placeholder) {
        for (const [kind, list] of [
          ['units', c.units],
          ['weapons', c.weapons],
          ['cards', c.cards],
        ] as const) {
          for (const e of list ?? [])
            if (!e.source && !e.placeholder) unmarked.push(`${kind}/${e.id}`);
        }
        for (const t of c.terrainTypes ?? []) {
          if (!t.source && t['x-placeholder'] !== true) unmarked.push(`terrainTypes/${t.id}`);
        }
        for (const [id, t] of Object.entries(c.tables ?? {})) {
          if (!t.source && !t.placeholder) unmarked.push(`tables/${id}`);
        }
      }
      expect(unmarked).toEqual([]);
    },
  );

  it('have unique ids, and every catalog they extend exists', () => {
    const ids = catalogs.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of catalogs) for (const e of c.extends ?? []) expect(ids).toContain(e);
  });
});

describe.each(scenarios.map(([f, d]) => [name(f), d]))('scenario %s', (_label, doc) => {
  const cats = catalogsOf(doc.ruleset.id);
  const defined = (pick: (c: CatalogDoc) => { id: string }[] | undefined) =>
    new Set(
      [...cats, doc.catalog ?? {}].flatMap((c) => (pick(c as CatalogDoc) ?? []).map((e) => e.id)),
    );

  it('uses only unit types its ruleset catalogs define', () => {
    const types = new Set(unitsOf(doc).map((u) => u.type));
    if (cats.length === 0 && doc.ruleset.id === 'tankplank') {
      // Only while the Tankplank catalogs are being written: hold the scenario to the agreed ids.
      console.log(
        'no Tankplank catalog in scenarios/catalogs: checking against the agreed tp.* ids',
      );
      for (const t of types) expect(TANKPLANK_TYPE_IDS).toContain(t);
      return;
    }
    const known = defined((c) => c.units);
    expect([...types].filter((t) => !known.has(t))).toEqual([]);
  });

  it('plays only cards its ruleset catalogs define', () => {
    const cards = [
      ...unitsOf(doc).flatMap((u) => (u.cards ?? []).map((c) => c.card)),
      ...formationsOf(doc).flatMap((f) => (f.card ? [f.card] : [])),
    ];
    const known = defined((c) => c.cards);
    expect(cards.filter((c) => !known.has(c))).toEqual([]);
  });

  it('uses only hex terrain its ruleset catalogs define', () => {
    if (doc.map.kind !== 'hex') return;
    const used = new Set([
      doc.map.defaultTerrain,
      ...doc.map.hexes.flatMap((h) => (h.terrain ? [h.terrain] : [])),
    ]);
    const known = defined((c) => c.terrainTypes);
    expect([...used].filter((t) => !known.has(t))).toEqual([]);
  });

  it('has no layout errors', () => {
    const errors = checkLayout(doc, cats, { rulesets: BUNDLED_RULESETS }).filter(
      (p) => p.severity === 'error',
    );
    expect(errors).toEqual([]);
  });
});
