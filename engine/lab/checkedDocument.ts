import {
  formatProblem,
  loadDocumentBytes,
  type AnyDoc,
  type CatalogDoc,
  type FormatName,
  type Problem,
  type ScenarioDoc,
} from '../format';
import { BUNDLED_CATALOGS, checkForces, composeRulesetCatalog, type ForceProblem } from '../forces';
import { checkLayout, type LayoutProblem } from '../layout/layoutChecks';

/**
 * The one way a file is admitted: the loader (format, migrations, schema), then for a scenario
 * its layout checks and for a scenario or a forces file its order-of-battle checks against the
 * ruleset's catalogs. `sandtable validate` reports with it; `play`, `los`, `odds` and `simulate`
 * refuse with it what validate rejects, before the rules see the file; a lab queue worker admits
 * every job's scenario with it, so a job written straight to Redis meets the same checks.
 */
export interface CheckedDocument<D = AnyDoc> {
  /** No error: no load problem, no layout or forces problem of severity error. */
  readonly valid: boolean;
  /** The loaded document, when it loaded (also when a later check failed). */
  readonly doc?: D;
  readonly format?: string;
  readonly problems: readonly Problem[];
  readonly layout: readonly LayoutProblem[];
  readonly forces?: readonly ForceProblem[];
}

export interface CheckOptions<F extends FormatName> {
  /** The name the problems are located in (a path, or "job 17 of run ab12"). */
  readonly file: string;
  /** The formats accepted (default: any). */
  readonly expect?: readonly F[];
  /** Catalogs beside the bundled ones (validate's --catalog). */
  readonly catalogs?: readonly CatalogDoc[];
}

/** Loads and checks a file's bytes; never throws for what the bytes hold. */
export function checkDocumentBytes<F extends FormatName = FormatName>(
  bytes: Uint8Array,
  options: CheckOptions<F>,
): CheckedDocument {
  const catalogs = options.catalogs ?? BUNDLED_CATALOGS;
  const result = loadDocumentBytes(bytes, {
    file: options.file,
    ...(options.expect ? { expect: options.expect } : {}),
  });
  if (!result.ok) return { valid: false, problems: result.problems, layout: [] };
  const doc = result.doc as AnyDoc;
  const layout = doc.format === 'sandtable.scenario' ? checkLayout(doc, catalogs) : [];
  const forces =
    doc.format === 'sandtable.scenario' || doc.format === 'sandtable.forces'
      ? checkForces(
          doc.ruleset,
          doc.forces,
          composeRulesetCatalog(
            doc.ruleset,
            catalogs,
            doc.format === 'sandtable.scenario' ? doc.catalog : undefined,
          ),
        )
      : [];
  return {
    valid: ![...layout, ...forces].some((p) => p.severity === 'error'),
    doc,
    format: result.format,
    problems: [],
    layout,
    forces,
  };
}

/** A layout or forces problem in one line, located: validate's wording. */
export function formatCheck(file: string, p: LayoutProblem | ForceProblem): string {
  const rule = p.ruleId ? ` [${p.ruleId}]` : '';
  return `${p.severity === 'error' ? 'FAIL' : 'warn'} ${file} at ${p.pointer} (${p.check}): ${p.message}${rule}`;
}

/**
 * A scenario the rules may see, or the lines that say why not (every load problem and every
 * layout or forces error, located): what `play`, `los`, `odds`, `simulate` and the lab worker
 * admit.
 */
export function admitScenario(
  bytes: Uint8Array,
  file: string,
  catalogs?: readonly CatalogDoc[],
):
  | { readonly ok: true; readonly scenario: ScenarioDoc }
  | { readonly ok: false; readonly lines: readonly string[] } {
  let checked: CheckedDocument;
  try {
    checked = checkDocumentBytes(bytes, {
      file,
      expect: ['sandtable.scenario'],
      ...(catalogs ? { catalogs } : {}),
    });
  } catch (err) {
    // A check that throws is a bug; the file is still refused, with where and why.
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, lines: [`${file}: the checks failed on this file (${why})`] };
  }
  if (checked.valid && checked.doc) return { ok: true, scenario: checked.doc as ScenarioDoc };
  const lines = [
    ...checked.problems.map(formatProblem),
    ...[...checked.layout, ...(checked.forces ?? [])]
      .filter((p) => p.severity === 'error')
      .map((p) => formatCheck(file, p)),
  ];
  return { ok: false, lines: lines.length > 0 ? lines : [`${file}: not a scenario`] };
}

/** The engine's library has no DOM or Node types; every host it runs on has this. */
declare const TextEncoder: new () => { encode(text: string): Uint8Array };

/**
 * A scenario that arrived as a value (a job from a queue, parsed by the queue's client) admitted
 * as its file would be: written back to JSON bytes and put through `admitScenario`.
 */
export function admitScenarioValue(
  value: unknown,
  where: string,
): ReturnType<typeof admitScenario> {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, lines: [`${where}: the scenario cannot be written as JSON (${why})`] };
  }
  if (text === undefined) return { ok: false, lines: [`${where}: the job has no scenario`] };
  return admitScenario(new TextEncoder().encode(text), where);
}
