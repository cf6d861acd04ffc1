import { describe, expect, it } from 'vitest';
import Ajv2020Import from 'ajv/dist/2020.js';
import { SCHEMAS, validateDefinition } from './schemaRegistry';

const Ajv2020 = ((Ajv2020Import as unknown as { default?: typeof Ajv2020Import }).default ??
  Ajv2020Import) as typeof Ajv2020Import;

/** Every `properties` entry anywhere in a schema, with its JSON pointer. */
function propertyEntries(node: unknown, pointer = ''): [string, Record<string, unknown>][] {
  if (typeof node !== 'object' || node === null) return [];
  const out: [string, Record<string, unknown>][] = [];
  const obj = node as Record<string, unknown>;
  for (const [key, child] of Object.entries(obj)) {
    const here = `${pointer}/${key}`;
    if (key === 'properties' && typeof child === 'object' && child !== null) {
      for (const [prop, def] of Object.entries(child as Record<string, unknown>)) {
        out.push([`${here}/${prop}`, def as Record<string, unknown>]);
      }
    }
    out.push(...propertyEntries(child, here));
  }
  return out;
}

/** Resolves a `$ref` to its target definition across the schema files. */
function resolve(ref: string, currentFile: string): Record<string, unknown> | undefined {
  const [file, fragment] = ref.split('#');
  const schema = SCHEMAS[(file || currentFile) as keyof typeof SCHEMAS] as unknown;
  let node = schema as Record<string, unknown> | undefined;
  for (const seg of (fragment ?? '').split('/').filter(Boolean)) {
    node = node?.[seg] as Record<string, unknown> | undefined;
  }
  return node;
}

describe('file format v1 schemas', () => {
  const ajv = new Ajv2020({ strict: false });
  for (const [file, schema] of Object.entries(SCHEMAS)) {
    it(`${file} is a valid JSON Schema 2020-12 with an $id`, () => {
      expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
      expect((schema as { $schema: string }).$schema).toBe(
        'https://json-schema.org/draft/2020-12/schema',
      );
      expect((schema as { $id: string }).$id).toBe(`https://sandtable.dev/schemas/v1/${file}`);
    });

    it(`${file} describes every property`, () => {
      const missing = propertyEntries(schema)
        .filter(([, def]) => {
          if (typeof def.description === 'string' && def.description.length > 0) return false;
          if (typeof def.$ref === 'string')
            return typeof resolve(def.$ref, file)?.description !== 'string';
          return true;
        })
        .map(([p]) => p);
      expect(missing).toEqual([]);
    });
  }

  it('validates a single feature definition for the inspector', () => {
    expect(
      validateDefinition('map.schema.json', 'road', {
        id: 'r',
        kind: 'road',
        points: [
          [0, 0],
          [1, 1],
        ],
        width: 2,
      }),
    ).toEqual([]);
    const errors = validateDefinition('map.schema.json', 'road', {
      id: 'r',
      kind: 'road',
      points: [[0, 0]],
      width: -1,
    });
    expect(errors.map((e) => e.instancePath).sort()).toEqual(['/points', '/width']);
  });
});
