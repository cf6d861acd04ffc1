import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { loadDocument } from './loader';
import { serializeDocument, stringifyStable } from './saver';
import { formatProblem, type ProblemCode } from './problems';
import { minimalScenario } from './testFixtures';
import type { Feature, ScenarioDoc } from './types';

const valid = serializeDocument(minimalScenario());

/** Edits a fresh copy of the minimal scenario and returns its text. */
function edited(edit: (doc: Record<string, unknown> & ScenarioDoc) => void): string {
  const doc = structuredClone(minimalScenario()) as Record<string, unknown> & ScenarioDoc;
  edit(doc);
  return JSON.stringify(doc, null, 2);
}

interface BrokenCase {
  name: string;
  text: () => string;
  code: ProblemCode;
  pointer?: string;
  mentions?: RegExp;
}

/** The corpus of broken files: each must give a clear problem and never throw. */
const corpus: BrokenCase[] = [
  { name: 'empty file', text: () => '', code: 'parse', mentions: /empty/ },
  {
    name: 'truncated JSON',
    text: () => valid.slice(0, valid.length / 2),
    code: 'parse',
    mentions: /cut short/,
  },
  {
    name: 'stray comma',
    text: () => valid.replace('"width": 36,', '"width": 36,,'),
    code: 'parse',
  },
  { name: 'comments', text: () => `// hi\n${valid}`, code: 'parse' },
  { name: 'not an object', text: () => '[1, 2, 3]', code: 'format' },
  {
    name: 'not a Sandtable file',
    text: () => '{"name": "package"}',
    code: 'format',
    pointer: '/format',
  },
  {
    name: 'wrong type',
    text: () => edited((d) => ((d.map as { width: unknown }).width = 'wide')),
    code: 'schema',
    pointer: '/map/width',
    mentions: /wrong type/,
  },
  {
    name: 'unknown feature kind',
    text: () =>
      edited((d) => ((d.map as { features: { kind: string }[] }).features[0]!.kind = 'lake')),
    code: 'schema',
    pointer: '/map/features/0',
    mentions: /unknown kind "lake"/,
  },
  {
    name: 'missing required field',
    text: () => edited((d) => delete (d.map as { features: Partial<Feature>[] }).features[1]!.id),
    code: 'schema',
    pointer: '/map/features/1',
    mentions: /missing required property "id"/,
  },
  {
    name: 'unknown property',
    text: () => edited((d) => (d['colour'] = 'red')),
    code: 'schema',
    pointer: '/colour',
    mentions: /unknown property "colour"/,
  },
  {
    name: 'newer format version',
    text: () => edited((d) => (d.formatVersion = 99)),
    code: 'newer-version',
    pointer: '/formatVersion',
    mentions: /newer Sandtable/,
  },
  {
    name: '__proto__ key in meta',
    text: () =>
      valid.replace(
        '"title": "Crossroads"',
        '"title": "Crossroads", "__proto__": {"polluted": true}',
      ),
    code: 'forbidden-key',
    pointer: '/meta/__proto__',
  },
  {
    name: 'constructor key in a feature',
    text: () =>
      valid.replace(
        '"id": "tree-1",',
        '"id": "tree-1", "constructor": {"prototype": {"polluted": true}},',
      ),
    code: 'forbidden-key',
  },
  {
    name: 'duplicate feature id',
    text: () =>
      edited((d) => ((d.map as { features: { id: string }[] }).features[1]!.id = 'road-1')),
    code: 'duplicate-id',
    pointer: '/map/features/1/id',
  },
  {
    name: 'bridge spanning a missing creek',
    text: () =>
      edited(
        (d) => ((d.map as { features: { spans?: string }[] }).features[2]!.spans = 'no-such-creek'),
      ),
    code: 'reference',
    pointer: '/map/features/2/spans',
  },
  {
    name: 'objective owned by a missing side',
    text: () => edited((d) => (d.objectives[0]!.owner = 'C')),
    code: 'reference',
    pointer: '/objectives/0/owner',
  },
  {
    name: 'attacker that is not a side',
    text: () => edited((d) => (d.deployment.attacker = 'Z')),
    code: 'reference',
    pointer: '/deployment/attacker',
  },
  {
    name: 'deep nesting',
    text: () =>
      valid.replace('"tags": [', `"x-deep": ${'['.repeat(200)}${']'.repeat(200)}, "tags": [`),
    code: 'too-deep',
  },
  {
    name: 'a 50 MB file',
    text: () => `{"format": "sandtable.scenario", "x-pad": "${'a'.repeat(50 * 1024 * 1024)}"}`,
    code: 'too-large',
    mentions: /50\.0 MB/,
  },
];

describe('loader: broken files', () => {
  for (const c of corpus) {
    it(`${c.name}: clear problem, no throw, no pollution`, () => {
      const result = loadDocument(c.text(), { file: 'broken.scenario.json' });
      expect(result.ok).toBe(false);
      if (result.ok) return;
      const first = result.problems[0]!;
      expect(result.problems.map((p) => p.code)).toContain(c.code);
      const match = result.problems.find((p) => p.code === c.code)!;
      if (c.pointer !== undefined) expect(match.pointer).toBe(c.pointer);
      if (c.mentions) expect(match.message).toMatch(c.mentions);
      expect(first.file).toBe('broken.scenario.json');
      expect(formatProblem(first)).toContain('broken.scenario.json');
      if (c.code !== 'too-large') expect(first.line).toBeGreaterThan(0);
      expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
    });
  }

  it('points at the line and column of the offending value', () => {
    const text = edited((d) => ((d.map as { width: unknown }).width = 'wide'));
    const result = loadDocument(text, { file: 'f.json' });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const lineOfWidth = text.split('\n').findIndex((l) => l.includes('"width": "wide"')) + 1;
    expect(result.problems[0]).toMatchObject({ line: lineOfWidth, expected: 'number' });
    expect(result.problems[0]!.found).toBe('the text "wide"');
  });

  it('refuses a file of another format where a scenario is expected', () => {
    const map = stringifyStable({
      format: 'sandtable.map',
      formatVersion: 1,
      app: { name: 'sandtable', version: '0.1.0' },
      meta: { title: 'm' },
      map: { kind: 'table', width: 10, height: 10, features: [] },
    });
    expect(loadDocument(map).ok).toBe(true);
    const result = loadDocument(map, { expect: ['sandtable.scenario'] });
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.problems[0]!.message).toMatch(/this is a map file; a scenario file is needed/);
  });
});

// ---------- round trips ----------

const coord = fc.double({ min: 0, max: 48, noNaN: true, noDefaultInfinity: true });
const point = fc.tuple(coord, coord);
/** A simple outline: points around a centre at rising angles (the loader refuses crossings). */
const outline = fc
  .tuple(
    fc.tuple(
      fc.double({ min: 5, max: 30, noNaN: true }),
      fc.double({ min: 5, max: 20, noNaN: true }),
    ),
    fc.array(fc.double({ min: 0.5, max: 4, noNaN: true }), { minLength: 3, maxLength: 6 }),
  )
  .map(([[cx, cy], radii]) =>
    radii.map((r, i) => {
      const t = (i / radii.length) * Math.PI * 2;
      return [cx + Math.cos(t) * r, cy + Math.sin(t) * r] as [number, number];
    }),
  );
const extValue = fc
  .jsonValue({ maxDepth: 2 })
  // The loader refuses these keys anywhere (tested above), so extension data never holds them.
  .filter((v) => !/"(__proto__|constructor|prototype)":/.test(JSON.stringify(v)));
const extKey = fc.stringMatching(/^x-[a-z]{1,6}$/);
const extensions = fc.dictionary(extKey, extValue, { maxKeys: 2 });

const featureArb: fc.Arbitrary<Feature> = fc.oneof(
  fc.record({
    kind: fc.constant('road' as const),
    points: fc.array(point, { minLength: 2, maxLength: 5 }),
    width: fc.constantFrom(2, 3),
  }),
  fc.record({
    kind: fc.constant('tree' as const),
    x: coord,
    y: coord,
    canopyRadius: fc.double({ min: 0.1, max: 3, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('building' as const),
    x: coord,
    y: coord,
    width: fc.double({ min: 0.5, max: 6, noNaN: true }),
    depth: fc.double({ min: 0.5, max: 6, noNaN: true }),
    rotation: fc.integer({ min: -180, max: 180 }),
    buildingKind: fc.constantFrom('open' as const, 'closed' as const, 'underConstruction' as const),
    floors: fc.integer({ min: 1, max: 3 }),
  }),
  fc.record({
    kind: fc.constant('ground' as const),
    points: outline,
    level: fc.integer({ min: 0, max: 3 }),
    height: fc.double({ min: 0, max: 2, noNaN: true }),
  }),
  fc.record({
    kind: fc.constant('wall' as const),
    points: fc.array(point, { minLength: 2, maxLength: 4 }),
    heightClass: fc.constantFrom('low' as const, 'high' as const),
    strength: fc.constantFrom('small' as const, 'strong' as const, 'heavy' as const),
  }),
) as unknown as fc.Arbitrary<Feature>;

const scenarioArb = fc
  .record({
    features: fc.array(fc.tuple(featureArb, extensions), { maxLength: 12 }),
    title: fc.string({ minLength: 1, maxLength: 30 }),
    metaExtra: fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), extValue, { maxKeys: 3 }),
    topExt: extensions,
    width: fc.integer({ min: 1, max: 120 }),
  })
  .map(({ features, title, metaExtra, topExt, width }) => {
    const doc = minimalScenario();
    const meta = { ...metaExtra, ...doc.meta, title };
    return {
      ...doc,
      ...topExt,
      meta,
      map: {
        kind: 'table' as const,
        width,
        height: 24,
        features: features.map(([f, ext], i) => ({ ...ext, ...f, id: `f${i}` })),
      },
    } as ScenarioDoc;
  });

describe('saver: round trips', () => {
  it('save then load gives the same document, and saving again the same bytes', () => {
    fc.assert(
      fc.property(scenarioArb, (doc) => {
        const text = serializeDocument(doc);
        const loaded = loadDocument(text);
        if (!loaded.ok) throw new Error(loaded.problems.map(formatProblem).join('\n'));
        expect(loaded.doc).toEqual(JSON.parse(JSON.stringify(doc)));
        expect(serializeDocument(loaded.doc)).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it('keeps extension data under meta and x- keys untouched', () => {
    const doc = { ...minimalScenario(), 'x-club': { ladder: [1, 2, 3] } } as ScenarioDoc;
    doc.meta['campaign'] = { round: 2 };
    const loaded = loadDocument(serializeDocument(doc));
    expect(loaded.ok && loaded.doc).toMatchObject({
      'x-club': { ladder: [1, 2, 3] },
      meta: { campaign: { round: 2 } },
    });
  });

  it('writes stable key order and two-space indentation', () => {
    const text = stringifyStable({
      b: 1,
      'x-z': 0,
      a: { d: [1, 2], c: 'x' },
      id: 'k',
      features: [],
    });
    expect(text).toBe(
      '{\n  "id": "k",\n  "a": {\n    "c": "x",\n    "d": [1, 2]\n  },\n  "b": 1,\n  "x-z": 0,\n  "features": []\n}\n',
    );
  });
});
