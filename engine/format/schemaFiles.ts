import commonSchema from '../../schemas/common.schema.json';
import mapSchema from '../../schemas/map.schema.json';
import forcesSchema from '../../schemas/forces.schema.json';
import objectivesSchema from '../../schemas/objectives.schema.json';
import catalogSchema from '../../schemas/catalog.schema.json';
import scenarioSchema from '../../schemas/scenario.schema.json';
import labSchema from '../../schemas/lab.schema.json';
import type { FormatName } from './types';

/** Every schema of file format v1, by file name. */
export const SCHEMAS = {
  'common.schema.json': commonSchema,
  'map.schema.json': mapSchema,
  'forces.schema.json': forcesSchema,
  'objectives.schema.json': objectivesSchema,
  'catalog.schema.json': catalogSchema,
  'scenario.schema.json': scenarioSchema,
  /** The balance lab's saved runs (`<name>.lab.json`), kept next to a scenario. */
  'lab.schema.json': labSchema,
} as const;

export type SchemaFile = keyof typeof SCHEMAS;

export const ROOT_BY_FORMAT: Record<FormatName, SchemaFile> = {
  'sandtable.scenario': 'scenario.schema.json',
  'sandtable.map': 'map.schema.json',
  'sandtable.forces': 'forces.schema.json',
  'sandtable.objectives': 'objectives.schema.json',
  'sandtable.catalog': 'catalog.schema.json',
};

/** Export name of the validator of one format or one `$defs` entry in the generated module. */
export function validatorName(file: SchemaFile, def?: string): string {
  const base = file.replace('.schema.json', '');
  return def === undefined ? `file_${base}` : `def_${base}_${def}`;
}
