import { readFile, stat } from 'node:fs/promises';
import {
  DEFAULT_MAX_BYTES,
  formatProblem,
  type CatalogDoc,
  type Problem,
} from '../engine/format/index';
import type { LayoutProblem } from '../engine/layout/layoutChecks';
import type { ForceProblem } from '../engine/forces/index';
import { checkDocumentBytes, formatCheck } from '../engine/lab/checkedDocument';
import { loadCatalogs } from './catalogs';
import type { CliContext } from './context';
import type { RulesetLookup } from '../engine/rulesets/lookup';

export const usage = `sandtable validate <file...> [--json] [--strict] [--catalog <file>]...
  Checks Sandtable files (scenario, map, forces, objectives, catalog) against file format v1,
  then checks each scenario's layout (everything on the table, bridges across their creeks,
  terrain counts and spacing, objective placement, units reachable from their entry edge) and
  its forces (points limits, TANKS platoon and card rules, Tankplank order of battle) against
  its ruleset's catalogs: the bundled
  ones plus any given with --catalog.
  Exits 0 when every file is valid, 1 when any is not (or, with --strict, has layout warnings),
  2 on bad usage.`;

export interface FileReport {
  readonly file: string;
  readonly valid: boolean;
  readonly format?: string;
  readonly problems: readonly Problem[];
  readonly layout: readonly LayoutProblem[];
  /** Order-of-battle checks (points, platoon and card rules, order of battle counts). */
  readonly forces?: readonly ForceProblem[];
}

/** Validates one file on disk; never throws. */
export async function validateFile(
  file: string,
  rulesets: RulesetLookup,
  /** The catalogs to check against (the rulesets' own and any --catalog files). */
  catalogs: readonly CatalogDoc[] = rulesets.catalogs,
): Promise<FileReport> {
  try {
    const info = await stat(file);
    if (info.isDirectory()) {
      return report(file, 'is a folder; pass the files inside it (e.g. scenarios/*.json)');
    }
    if (info.size > DEFAULT_MAX_BYTES) {
      // Refused without reading it into memory.
      return {
        file,
        valid: false,
        layout: [],
        problems: [
          {
            file,
            pointer: '',
            code: 'too-large',
            message: `the file is ${(info.size / 1048576).toFixed(1)} MB, larger than the ${DEFAULT_MAX_BYTES / 1048576} MB Sandtable opens; it is probably not a Sandtable file`,
            expected: `at most ${DEFAULT_MAX_BYTES} bytes`,
            found: `${info.size} bytes`,
          },
        ],
      };
    }
    // Bytes, not text: a file that is not UTF-8 is refused at its byte, not silently mended.
    // The same loader and checks every command admits a file with (engine/lab/checkedDocument.ts).
    const checked = checkDocumentBytes(await readFile(file), { file, catalogs, rulesets });
    return {
      file,
      valid: checked.valid,
      ...(checked.format !== undefined ? { format: checked.format } : {}),
      problems: checked.problems,
      layout: checked.layout,
      ...(checked.forces !== undefined ? { forces: checked.forces } : {}),
    };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    const why =
      code === 'ENOENT'
        ? 'does not exist; check the path'
        : code === 'EACCES'
          ? 'cannot be read (permission denied)'
          : `cannot be read (${(err as Error).message})`;
    return report(file, why);
  }
}

function report(file: string, why: string): FileReport {
  return {
    file,
    valid: false,
    problems: [{ file, pointer: '', code: 'parse', message: `the file ${why}` }],
    layout: [],
  };
}

export async function run(args: string[], context: CliContext): Promise<number> {
  const json = args.includes('--json');
  const strict = args.includes('--strict');
  const files: string[] = [];
  const catalogFiles: string[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i]!;
    if (a === '--json' || a === '--strict') continue;
    if (a === '--catalog') {
      const next = args[++i];
      if (next === undefined) unknown.push('--catalog needs a file');
      else catalogFiles.push(next);
    } else if (a.startsWith('--')) unknown.push(a);
    else files.push(a);
  }
  if (unknown.length > 0 || files.length === 0) {
    process.stderr.write(
      `${unknown.length ? `unknown option ${unknown.join(', ')}\n` : 'no files given\n'}${usage}\n`,
    );
    return 2;
  }
  let catalogs: CatalogDoc[];
  try {
    catalogs = [...context.rulesets.catalogs, ...(await loadCatalogs(catalogFiles))];
  } catch (err) {
    process.stderr.write(`cannot load catalogs:\n${(err as Error).message}\n`);
    return 1;
  }
  const reports: FileReport[] = [];
  for (const file of files) reports.push(await validateFile(file, context.rulesets, catalogs));
  const failed = (r: FileReport) =>
    !r.valid || (strict && r.layout.length + (r.forces?.length ?? 0) > 0);
  const invalid = reports.filter(failed);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ valid: invalid.length === 0, files: reports }, null, 2)}\n`,
    );
  } else {
    for (const r of reports) {
      for (const p of r.problems) process.stdout.write(`FAIL ${formatProblem(p)}\n`);
      for (const p of [...r.layout, ...(r.forces ?? [])])
        process.stdout.write(`${formatCheck(r.file, p)}\n`);
      if (r.problems.length === 0 && !failed(r))
        process.stdout.write(`ok   ${r.file} (${r.format})\n`);
    }
    process.stdout.write(
      `${reports.length - invalid.length} of ${reports.length} file(s) valid${invalid.length ? `; ${invalid.length} with problems` : ''}\n`,
    );
  }
  return invalid.length === 0 ? 0 : 1;
}
