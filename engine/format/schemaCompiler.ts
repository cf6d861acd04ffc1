import Ajv2020Import from 'ajv/dist/2020.js';
import { SCHEMAS, validatorName, type SchemaFile } from './schemaFiles';

// ajv ships CommonJS; under Node ESM the class sits on `.default`, under bundlers it is the import.
const Ajv2020 = ((Ajv2020Import as unknown as { default?: typeof Ajv2020Import }).default ??
  Ajv2020Import) as typeof Ajv2020Import;

/**
 * The ajv set-up of file format v1. Used at build time to generate the standalone validators
 * (scripts/compileValidators.ts) and by tests; the app itself never compiles schemas.
 */
export function compileTimeAjv(): InstanceType<typeof Ajv2020> {
  const ajv = new Ajv2020({
    allErrors: true,
    discriminator: true,
    strict: true,
    strictRequired: false,
    allowUnionTypes: true,
    verbose: true,
    code: { source: true, esm: true },
  });
  for (const schema of Object.values(SCHEMAS)) ajv.addSchema(schema);
  return ajv;
}

/** Export name → schema id, for every format and every `$defs` entry. */
export function exportedValidators(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [file, schema] of Object.entries(SCHEMAS) as [
    SchemaFile,
    { $id: string; $defs?: object },
  ][]) {
    if (file !== 'common.schema.json') out[validatorName(file)] = schema.$id;
    for (const def of Object.keys(schema.$defs ?? {}))
      out[validatorName(file, def)] = `${schema.$id}#/$defs/${def}`;
  }
  return out;
}
