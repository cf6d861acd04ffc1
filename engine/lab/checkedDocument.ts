import {
  formatProblem,
  loadDocumentBytes,
  type AnyDoc,
  type CatalogDoc,
  type FormatName,
  type Problem,
  type ScenarioDoc,
} from '../format';
import { checkForces, composeRulesetCatalog, type ForceProblem } from '../forces';
import { checkLayout, type LayoutProblem } from '../layout/layoutChecks';
import { knownRulesetIds, type RulesetLookup } from '../rulesets/lookup';

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
  /**
   * The rulesets the caller plays with (the registry's `BUNDLED_RULESETS`, or those plus an
   * add-on's): a scenario or forces file of a ruleset it does not hold is refused, naming them.
   */
  readonly rulesets: RulesetLookup;
  /** The formats accepted (default: any). */
  readonly expect?: readonly F[];
  /** The catalogs to check against, instead of the rulesets' own (validate's --catalog adds). */
  readonly catalogs?: readonly CatalogDoc[];
}

/** Loads and checks a file's bytes; never throws for what the bytes hold. */
export function checkDocumentBytes<F extends FormatName = FormatName>(
  bytes: Uint8Array,
  options: CheckOptions<F>,
): CheckedDocument {
  const catalogs = options.catalogs ?? options.rulesets.catalogs;
  const result = loadDocumentBytes(bytes, {
    file: options.file,
    ...(options.expect ? { expect: options.expect } : {}),
  });
  if (!result.ok) return { valid: false, problems: result.problems, layout: [] };
  const doc = result.doc as AnyDoc;
  // The schema takes any `x-` add-on id; only the caller's rulesets say which ones exist here.
  if (
    (doc.format === 'sandtable.scenario' || doc.format === 'sandtable.forces') &&
    !options.rulesets.get(doc.ruleset.id)
  ) {
    const problem: Problem = {
      file: options.file,
      pointer: '/ruleset/id',
      code: 'reference',
      message: `the ruleset "${doc.ruleset.id}" is not one this build of Sandtable plays; use one of its rulesets or install the add-on that brings it`,
      expected: `one of ${knownRulesetIds(options.rulesets)}`,
      found: JSON.stringify(doc.ruleset.id),
    };
    return { valid: false, doc, format: result.format, problems: [problem], layout: [] };
  }
  const rulesets = options.rulesets;
  const layout =
    doc.format === 'sandtable.scenario' ? checkLayout(doc, catalogs, { rulesets }) : [];
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
          rulesets,
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
  rulesets: RulesetLookup,
  catalogs?: readonly CatalogDoc[],
):
  | { readonly ok: true; readonly scenario: ScenarioDoc }
  | { readonly ok: false; readonly lines: readonly string[] } {
  let checked: CheckedDocument;
  try {
    checked = checkDocumentBytes(bytes, {
      file,
      rulesets,
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
  rulesets: RulesetLookup,
): ReturnType<typeof admitScenario> {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return { ok: false, lines: [`${where}: the scenario cannot be written as JSON (${why})`] };
  }
  if (text === undefined) return { ok: false, lines: [`${where}: the job has no scenario`] };
  return admitScenario(new TextEncoder().encode(text), where, rulesets);
}
