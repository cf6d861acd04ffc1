import { readFile, stat } from 'node:fs/promises';
import {
  DEFAULT_MAX_BYTES,
  formatProblem,
  loadDocument,
  type Problem,
} from '../engine/format/index';

export const usage = `sandtable validate <file...> [--json]
  Checks Sandtable files (scenario, map, forces, objectives, catalog) against file format v1.
  Exits 0 when every file is valid, 1 when any is not, 2 on bad usage.`;

export interface FileReport {
  readonly file: string;
  readonly valid: boolean;
  readonly format?: string;
  readonly problems: readonly Problem[];
}

/** Validates one file on disk; never throws. */
export async function validateFile(file: string): Promise<FileReport> {
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
    const text = await readFile(file, 'utf8');
    const result = loadDocument(text, { file });
    return result.ok
      ? { file, valid: true, format: result.format, problems: [] }
      : { file, valid: false, problems: result.problems };
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
  };
}

export async function run(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const files = args.filter((a) => a !== '--json');
  const unknown = files.filter((f) => f.startsWith('--'));
  if (unknown.length > 0 || files.length === 0) {
    process.stderr.write(
      `${unknown.length ? `unknown option ${unknown.join(', ')}\n` : 'no files given\n'}${usage}\n`,
    );
    return 2;
  }
  const reports: FileReport[] = [];
  for (const file of files) reports.push(await validateFile(file));
  const invalid = reports.filter((r) => !r.valid);
  if (json) {
    process.stdout.write(
      `${JSON.stringify({ valid: invalid.length === 0, files: reports }, null, 2)}\n`,
    );
  } else {
    for (const r of reports) {
      if (r.valid) process.stdout.write(`ok   ${r.file} (${r.format})\n`);
      else for (const p of r.problems) process.stdout.write(`FAIL ${formatProblem(p)}\n`);
    }
    process.stdout.write(
      `${reports.length - invalid.length} of ${reports.length} file(s) valid${invalid.length ? `; ${invalid.length} with problems` : ''}\n`,
    );
  }
  return invalid.length === 0 ? 0 : 1;
}
