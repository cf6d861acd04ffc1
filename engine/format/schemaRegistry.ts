import Ajv2020Import from 'ajv/dist/2020.js';
import type { ErrorObject, ValidateFunction } from 'ajv';
import commonSchema from '../../schemas/common.schema.json';
import mapSchema from '../../schemas/map.schema.json';
import forcesSchema from '../../schemas/forces.schema.json';
import objectivesSchema from '../../schemas/objectives.schema.json';
import catalogSchema from '../../schemas/catalog.schema.json';
import scenarioSchema from '../../schemas/scenario.schema.json';
import type { FormatName } from './types';

// ajv ships CommonJS; under Node ESM the class sits on `.default`, under bundlers it is the import.
const Ajv2020 = ((Ajv2020Import as unknown as { default?: typeof Ajv2020Import }).default ??
  Ajv2020Import) as typeof Ajv2020Import;

/** Every schema of file format v1, by file name. */
export const SCHEMAS = {
  'common.schema.json': commonSchema,
  'map.schema.json': mapSchema,
  'forces.schema.json': forcesSchema,
  'objectives.schema.json': objectivesSchema,
  'catalog.schema.json': catalogSchema,
  'scenario.schema.json': scenarioSchema,
} as const;

const ROOT_BY_FORMAT: Record<FormatName, keyof typeof SCHEMAS> = {
  'sandtable.scenario': 'scenario.schema.json',
  'sandtable.map': 'map.schema.json',
  'sandtable.forces': 'forces.schema.json',
  'sandtable.objectives': 'objectives.schema.json',
  'sandtable.catalog': 'catalog.schema.json',
};

let compiled: Map<FormatName, ValidateFunction> | undefined;
let ajvInstance: InstanceType<typeof Ajv2020> | undefined;

/** The shared ajv instance with every schema added; built once on first use. */
export function schemaAjv(): InstanceType<typeof Ajv2020> {
  if (!ajvInstance) {
    ajvInstance = new Ajv2020({
      allErrors: true,
      discriminator: true,
      strict: true,
      strictRequired: false,
      allowUnionTypes: true,
      verbose: true,
    });
    for (const schema of Object.values(SCHEMAS)) ajvInstance.addSchema(schema);
  }
  return ajvInstance;
}

/** The compiled validator of one file format, compiled once and reused. */
export function validatorFor(format: FormatName): ValidateFunction {
  if (!compiled) compiled = new Map();
  let fn = compiled.get(format);
  if (!fn) {
    const id = (SCHEMAS[ROOT_BY_FORMAT[format]] as { $id: string }).$id;
    fn = schemaAjv().getSchema(id);
    if (!fn) throw new Error(`schema ${id} is not registered`);
    compiled.set(format, fn);
  }
  return fn;
}

/** Validates a value against a `$defs` entry of a schema (e.g. one feature for the inspector). */
export function validateDefinition(
  schemaFile: keyof typeof SCHEMAS,
  def: string,
  value: unknown,
): ErrorObject[] {
  const id = `${(SCHEMAS[schemaFile] as { $id: string }).$id}#/$defs/${def}`;
  const fn = schemaAjv().getSchema(id);
  if (!fn) throw new Error(`schema ${id} is not registered`);
  return fn(value) ? [] : [...(fn.errors ?? [])];
}
