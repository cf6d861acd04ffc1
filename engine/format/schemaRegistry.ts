import type { ErrorObject, ValidateFunction } from 'ajv';
import * as generated from './generated/validators.js';
import { ROOT_BY_FORMAT, SCHEMAS, validatorName, type SchemaFile } from './schemaFiles';
import type { FormatName } from './types';

export { SCHEMAS, type SchemaFile } from './schemaFiles';

/**
 * Validators compiled from the schemas at build time (`npm run schemas`), so validation needs no
 * `eval`: the renderer's Content-Security-Policy forbids it.
 */
const VALIDATORS = generated as unknown as Record<string, ValidateFunction | undefined>;

function validator(name: string): ValidateFunction {
  const fn = VALIDATORS[name];
  if (!fn) throw new Error(`no compiled validator ${name}; run "npm run schemas"`);
  return fn;
}

/** The compiled validator of one file format. */
export function validatorFor(format: FormatName): ValidateFunction {
  return validator(validatorName(ROOT_BY_FORMAT[format]));
}

/** Validates a value against a `$defs` entry of a schema (e.g. one feature for the inspector). */
export function validateDefinition(
  schemaFile: SchemaFile,
  def: string,
  value: unknown,
): ErrorObject[] {
  if (!(def in ((SCHEMAS[schemaFile] as { $defs?: object }).$defs ?? {}))) {
    throw new Error(`${schemaFile} has no definition "${def}"`);
  }
  const fn = validator(validatorName(schemaFile, def));
  return fn(value) ? [] : [...(fn.errors ?? [])];
}

/** Validates a whole file against a schema that is no scenario format (e.g. the lab's results). */
export function validateFile(schemaFile: SchemaFile, value: unknown): ErrorObject[] {
  const fn = validator(validatorName(schemaFile));
  return fn(value) ? [] : [...(fn.errors ?? [])];
}
