import type { ErrorObject } from 'ajv';
import { checkIntegrity } from '../format/integrity';
import { validatorFor } from '../format/schemaRegistry';
import type { ScenarioDoc } from '../format/types';
import { CURRENT_FORMAT_VERSION } from '../format/version';

/**
 * The whole-document rules the loader applies to a scenario file (format and version, the
 * schema, then the cross-record integrity checks), run on the scenario a store would save. A
 * peer's change is checked with these before it reaches the store (SyncBridge) and before the
 * server takes it (server/documentGuard.ts): each record can be fine on its own while the
 * document is not (a unit carrying itself, the last side deleted, an outline crossing itself).
 */

/** One rule the document breaks: where (a JSON pointer into the saved file) and what, in words. */
export interface DocumentProblem {
  readonly pointer: string;
  readonly message: string;
}

/** At most this many problems are described; the first ones are what people read. */
const MAX_PROBLEMS = 20;

/** What is wrong with `doc` as a saved scenario file; empty when the loader would open it. */
export function scenarioProblems(doc: ScenarioDoc): DocumentProblem[] {
  const d = doc as unknown as Record<string, unknown>;
  if (d.format !== 'sandtable.scenario')
    return [{ pointer: '/format', message: 'the format entry "sandtable.scenario" is missing' }];
  if (d.formatVersion !== CURRENT_FORMAT_VERSION)
    return [
      {
        pointer: '/formatVersion',
        message:
          d.formatVersion === undefined
            ? 'the file format version was deleted'
            : `the file format version must be ${CURRENT_FORMAT_VERSION}, not ${JSON.stringify(d.formatVersion)}`,
      },
    ];
  const validate = validatorFor('sandtable.scenario');
  if (!validate(doc)) return schemaProblems(validate.errors ?? []);
  return checkIntegrity(doc)
    .slice(0, MAX_PROBLEMS)
    .map((p) => ({ pointer: p.pointer, message: p.message }));
}

function schemaProblems(errors: readonly ErrorObject[]): DocumentProblem[] {
  const out: DocumentProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    // A failed oneOf or discriminator branch repeats a more specific error.
    if (e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const where = describePointer(e.instancePath);
    const params = e.params as Record<string, unknown>;
    const message =
      e.keyword === 'required'
        ? `${where} lacks "${String(params['missingProperty'])}"`
        : e.keyword === 'minItems'
          ? `${where} needs at least ${String(params['limit'])} entries`
          : `${where} ${e.message ?? 'is not valid'}`;
    const key = `${e.instancePath}|${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ pointer: e.instancePath, message });
    if (out.length >= MAX_PROBLEMS) break;
  }
  return out.length
    ? out
    : [{ pointer: '', message: 'the scenario does not match the file format' }];
}

/** "the map", "forces.sides" style names of the value at a pointer. */
function describePointer(pointer: string): string {
  if (pointer === '') return 'the scenario';
  const path = pointer
    .slice(1)
    .split('/')
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`))
    .join('')
    .replace(/^\./, '');
  return path === 'map' ? 'the map' : path;
}
