/** What kind of trouble a file has; stable codes for tests and for `--json` output. */
export type ProblemCode =
  | 'too-large'
  | 'encoding'
  | 'parse'
  | 'forbidden-key'
  | 'too-deep'
  | 'format'
  | 'newer-version'
  | 'bad-version'
  | 'missing-migration'
  | 'schema'
  | 'duplicate-id'
  | 'duplicate-key'
  | 'reference'
  | 'carrying'
  | 'polygon';

/** One thing wrong with a file, with enough to find and fix it. */
export interface Problem {
  /** The file's name or path as the user gave it. */
  readonly file: string;
  /** JSON pointer (RFC 6901) to the offending value; "" is the whole file. */
  readonly pointer: string;
  /** 1-based line of the offending value in the file text, when known. */
  readonly line?: number;
  /** 1-based column of the offending value, when known. */
  readonly column?: number;
  readonly code: ProblemCode;
  /** One sentence saying what is wrong. */
  readonly message: string;
  /** What the format expects there. */
  readonly expected?: string;
  /** What the file has there. */
  readonly found?: string;
}

/** `file:line:col pointer: message (expected …, found …)`: the form the CLI and the UI print. */
export function formatProblem(p: Problem): string {
  const where = p.line !== undefined ? `${p.file}:${p.line}:${p.column ?? 1}` : p.file;
  const pointer = p.pointer === '' ? '' : ` at ${p.pointer}`;
  const detail: string[] = [];
  if (p.expected !== undefined) detail.push(`expected ${p.expected}`);
  if (p.found !== undefined) detail.push(`found ${p.found}`);
  return `${where}${pointer}: ${p.message}${detail.length ? ` (${detail.join(', ')})` : ''}`;
}

/** Short description of a JSON value for "found …" text. */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `an array of ${value.length}`;
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') {
    const s = value.length > 40 ? `${value.slice(0, 37)}...` : value;
    return `the text ${JSON.stringify(s)}`;
  }
  return `${typeof value} ${String(value)}`;
}

/** Escapes one JSON pointer segment. */
export function pointerSegment(key: string | number): string {
  return String(key).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Splits a JSON pointer into its segments. */
export function pointerPath(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
