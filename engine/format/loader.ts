import type { ErrorObject } from 'ajv';
import { parse as parseLenient, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { migrate, MIGRATIONS, type Migration } from './migrations';
import { validatorFor } from './schemaRegistry';
import { checkIntegrity } from './integrity';
import { decodeUtf8, withoutBom } from './encoding';
import { scanJson } from './jsonScan';
import { TextPositions } from './textPosition';
import { describeValue, pointerSegment, type Problem, type ProblemCode } from './problems';
import { FORMAT_NAMES, type DocByFormat, type FormatName } from './types';

/** Files larger than this are refused before parsing, so a stray huge file cannot freeze the app. */
export const DEFAULT_MAX_BYTES = 32 * 1024 * 1024;
/** Deeper nesting than any real Sandtable file has; guards recursive walkers. */
export const MAX_DEPTH = 64;
/** A broken file can yield thousands of schema errors; people read the first ones. */
const MAX_PROBLEMS = 100;

export interface LoadOptions<F extends FormatName> {
  /** Name shown in problems (a path or a file name). */
  readonly file?: string;
  /** Formats the caller accepts; any other format is refused. Defaults to all. */
  readonly expect?: readonly F[];
  readonly maxBytes?: number;
  /** For tests of the migration chain: the migrations and the version they lead to. */
  readonly migrations?: readonly Migration[];
  readonly targetVersion?: number;
}

export type LoadResult<F extends FormatName> =
  | { ok: true; format: F; doc: DocByFormat[F]; migrations: string[] }
  | { ok: false; problems: Problem[] };

/**
 * Parses, migrates, validates and checks one Sandtable file. Never throws for bad input: every
 * failure is a list of problems naming the file, JSON pointer, line and column, what was expected
 * and what was found. A file is either fully loaded or not loaded at all.
 */
export function loadDocument<F extends FormatName = FormatName>(
  input: string,
  options: LoadOptions<F> = {},
): LoadResult<F> {
  const file = options.file ?? '(unsaved)';
  // A byte order mark is not part of the JSON; editors on Windows like to add one.
  const text = withoutBom(input);
  const positions = new TextPositions(text);
  const fail = (items: Omit<Problem, 'file'>[]): LoadResult<F> => ({
    ok: false,
    problems: items.slice(0, MAX_PROBLEMS).map((p) => ({ file, ...p })),
  });
  const at = (pointer: string, preferKey = false) => positions.ofPointer(pointer, preferKey) ?? {};

  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  // UTF-16 length is a lower bound of the UTF-8 size; good enough for a guard.
  if (text.length > maxBytes) {
    return fail([
      {
        pointer: '',
        code: 'too-large',
        message: `the file is ${(text.length / 1048576).toFixed(1)} MB, larger than the ${(maxBytes / 1048576).toFixed(0)} MB Sandtable opens; it is probably not a Sandtable file`,
        expected: `at most ${maxBytes} bytes`,
        found: `${text.length} bytes`,
      },
    ]);
  }

  // Measured before anything that recurses (the lenient parser and the position finder do).
  const scan = scanJson(text, MAX_DEPTH);
  if (scan.tooDeep) {
    return fail([
      {
        pointer: scan.tooDeep.pointer,
        code: 'too-deep',
        message: `values are nested more than ${MAX_DEPTH} levels deep; no Sandtable file is`,
        expected: `at most ${MAX_DEPTH} levels`,
        found: 'deeper nesting',
        ...positions.at(scan.tooDeep.offset),
      },
    ]);
  }

  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return fail(parseProblems(text, positions));
  }

  if (scan.forbiddenKey) {
    // Refused before anything walks or copies the value.
    const { key, offset, pointer } = scan.forbiddenKey;
    return fail([
      {
        pointer,
        code: 'forbidden-key',
        message: `the key "${key}" is not allowed anywhere in a Sandtable file (it could change how the app behaves); rename or remove it`,
        expected: 'an ordinary property name',
        found: JSON.stringify(key),
        ...positions.at(offset),
      },
    ]);
  }

  if (scan.duplicateKey) {
    // JSON.parse keeps the last value without a word; saving would then drop the first one.
    const { key, offset, firstOffset, pointer } = scan.duplicateKey;
    const first = positions.at(firstOffset);
    return fail([
      {
        pointer,
        code: 'duplicate-key',
        message: `the key "${key}" appears twice in the same object (first at line ${first.line}, column ${first.column}); only one would be kept, so keep the one you mean and remove the other`,
        expected: 'each key once per object',
        found: `"${key}" again`,
        ...positions.at(offset),
      },
    ]);
  }

  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return fail([
      {
        pointer: '',
        code: 'format',
        message: 'a Sandtable file is a JSON object',
        expected: 'an object with "format" and "formatVersion"',
        found: describeValue(value),
        line: 1,
        column: 1,
      },
    ]);
  }
  const record = value as Record<string, unknown>;
  const format = record['format'];
  const accepted = (options.expect ?? FORMAT_NAMES) as readonly string[];
  if (typeof format !== 'string' || !(FORMAT_NAMES as readonly string[]).includes(format)) {
    return fail([
      {
        pointer: '/format',
        code: 'format',
        message: 'this is not a Sandtable file: "format" must name a Sandtable file format',
        expected: `one of ${FORMAT_NAMES.join(', ')}`,
        found: format === undefined ? 'no "format" property' : describeValue(format),
        ...at('/format'),
      },
    ]);
  }
  if (!accepted.includes(format)) {
    return fail([
      {
        pointer: '/format',
        code: 'format',
        message: `this is a ${format.replace('sandtable.', '')} file; a ${accepted.map((a) => a.replace('sandtable.', '')).join(' or ')} file is needed here`,
        expected: accepted.join(' or '),
        found: JSON.stringify(format),
        ...at('/format'),
      },
    ]);
  }

  const migrated = migrate(record, options.migrations ?? MIGRATIONS, options.targetVersion);
  if (!migrated.ok) {
    return fail([
      {
        pointer: '/formatVersion',
        code: migrated.code,
        message: migrated.message,
        found: describeValue(record['formatVersion']),
        ...at('/formatVersion'),
      },
    ]);
  }

  const validate = validatorFor(format as FormatName);
  if (!validate(migrated.value)) {
    // After a migration the positions refer to the original text: still the best hint we have.
    return fail(
      schemaProblems(validate.errors ?? []).map((p) => ({ ...p, ...at(p.pointer, p.onKey) })),
    );
  }

  const doc = migrated.value as unknown as DocByFormat[F];
  const integrity = checkIntegrity(doc);
  if (integrity.length > 0) return fail(integrity.map((p) => ({ ...p, ...at(p.pointer) })));
  return { ok: true, format: format as F, doc, migrations: migrated.applied };
}

/**
 * Loads a file from its bytes: decodes them as UTF-8 (refusing other encodings and broken
 * sequences with the byte offset, never replacing them), then loads the text.
 */
export function loadDocumentBytes<F extends FormatName = FormatName>(
  bytes: Uint8Array,
  options: LoadOptions<F> = {},
): LoadResult<F> {
  const file = options.file ?? '(unsaved)';
  const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
  if (bytes.byteLength > maxBytes) {
    return {
      ok: false,
      problems: [
        {
          file,
          pointer: '',
          code: 'too-large',
          message: `the file is ${(bytes.byteLength / 1048576).toFixed(1)} MB, larger than the ${(maxBytes / 1048576).toFixed(0)} MB Sandtable opens; it is probably not a Sandtable file`,
          expected: `at most ${maxBytes} bytes`,
          found: `${bytes.byteLength} bytes`,
        },
      ],
    };
  }
  const decoded = decodeUtf8(bytes);
  if (!decoded.ok) {
    const { offset: _offset, ...problem } = decoded.problem;
    return { ok: false, problems: [{ file, ...problem }] };
  }
  return loadDocument(decoded.text, options);
}

function parseProblems(text: string, positions: TextPositions): Omit<Problem, 'file'>[] {
  if (text.trim() === '') {
    return [
      {
        pointer: '',
        code: 'parse',
        message: 'the file is empty',
        expected: 'a JSON object',
        found: 'no text',
        line: 1,
        column: 1,
      },
    ];
  }
  const notJson = notJsonAtAll(text);
  if (notJson) return [notJson];
  const errors: ParseError[] = [];
  parseLenient(text, errors, { disallowComments: true, allowTrailingComma: false });
  const first = errors[0];
  if (!first) {
    return [
      { pointer: '', code: 'parse', message: 'the file is not valid JSON', line: 1, column: 1 },
    ];
  }
  const pos = positions.at(first.offset);
  const end = text.trimEnd().length;
  const truncated = errors.some((e) => e.offset + e.length >= end - 1);
  return [
    {
      pointer: '',
      code: 'parse',
      message: truncated
        ? 'the file ends in the middle of the JSON; it may have been cut short while copying or saving'
        : `the file is not valid JSON: ${humanParseError(printParseErrorCode(first.error))}`,
      expected: 'valid JSON',
      found: truncated
        ? 'the end of the file'
        : JSON.stringify(text.slice(first.offset, first.offset + 12)),
      ...pos,
    },
  ];
}

/**
 * A file whose first character cannot begin any JSON value (an image, a PDF, XML, plain text)
 * is not a broken scenario but another kind of file: say that, and what it looks like, rather
 * than pointing at a parse error somewhere inside it.
 */
function notJsonAtAll(text: string): Omit<Problem, 'file'> | undefined {
  const start = text.search(/\S/);
  const first = text[start] ?? '';
  if (/[{["\-0-9]/.test(first) || /^(true|false|null)\b/.test(text.slice(start))) return undefined;
  const head = text.slice(start, start + 16);
  const looks = /^\uFFFDPNG|^.PNG\r\n/.test(head)
    ? 'a PNG image'
    : /^%PDF/.test(head)
      ? 'a PDF document'
      : /^\uFFFD\uFFFD\uFFFD|^\u00FF\u00D8/.test(head)
        ? 'a JPEG image'
        : /^<\?xml|^<[a-z!]/i.test(head)
          ? 'an XML or HTML file'
          : // eslint-disable-next-line no-control-regex
            /[\u0000-\u0008\u000E-\u001F]/.test(text.slice(0, 512))
            ? 'a binary file'
            : 'plain text';
  const shown = head.replace(/[^\x20-\x7E]/g, '?').slice(0, 12);
  return {
    pointer: '',
    code: 'parse',
    message: `the file is not JSON at all: it looks like ${looks}. A Sandtable file is JSON text that starts with {; check that you picked the right file`,
    expected: 'JSON text starting with {',
    found: JSON.stringify(shown),
    line: 1,
    column: 1,
  };
}

function humanParseError(code: string): string {
  const words = code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words === 'invalid symbol' ? 'unexpected character' : words;
}

type SchemaProblem = Omit<Problem, 'file'> & { onKey: boolean };

/** Turns ajv's errors into problems people can act on; drops errors implied by another. */
function schemaProblems(errors: ErrorObject[]): SchemaProblem[] {
  const out: SchemaProblem[] = [];
  const seen = new Set<string>();
  // A failed discriminator or oneOf branch repeats the real cause; keep the most specific error.
  const discriminated = new Set(
    errors.filter((e) => e.keyword === 'discriminator').map((e) => e.instancePath),
  );
  for (const e of errors) {
    if (e.keyword === 'oneOf' || e.keyword === 'if') continue;
    if (e.keyword !== 'discriminator' && [...discriminated].some((p) => e.instancePath === p))
      continue;
    const problem = schemaProblem(e);
    const key = `${problem.pointer}|${problem.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(problem);
  }
  return out;
}

function schemaProblem(e: ErrorObject): SchemaProblem {
  const pointer = e.instancePath;
  const where = describePointer(pointer);
  const base = { pointer, code: 'schema' as ProblemCode, onKey: false };
  const params = e.params as Record<string, unknown>;
  switch (e.keyword) {
    case 'required': {
      const prop = String(params['missingProperty']);
      return {
        ...base,
        message: `missing required property "${prop}"`,
        expected: `a "${prop}" property`,
        found: 'none',
      };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const prop = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      const allowed = knownProperties(e.parentSchema);
      return {
        ...base,
        pointer: `${pointer}/${pointerSegment(prop)}`,
        onKey: true,
        message: `unknown property "${prop}" (extension data must start with "x-")`,
        expected: allowed.length ? `one of ${allowed.join(', ')}` : 'no other properties',
        found: JSON.stringify(prop),
      };
    }
    case 'discriminator': {
      const tag = String(params['tag']);
      const kinds = discriminatorValues(e.parentSchema, tag);
      const found = params['tagValue'];
      return {
        ...base,
        message:
          found === undefined
            ? `missing "${tag}"`
            : `unknown ${tag === 'kind' ? 'kind' : tag} ${JSON.stringify(found)} in ${where}`,
        expected: kinds.length ? `${tag} one of ${kinds.join(', ')}` : `a known ${tag}`,
        found: found === undefined ? 'none' : JSON.stringify(found),
      };
    }
    case 'type':
      return {
        ...base,
        message: `${where} has the wrong type`,
        expected: String(params['type']),
        found: describeValue(e.data),
      };
    case 'enum':
      return {
        ...base,
        message: `${where} is not one of the allowed values`,
        expected: `one of ${(params['allowedValues'] as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`,
        found: describeValue(e.data),
      };
    case 'maximum':
    case 'exclusiveMaximum':
    case 'minimum':
    case 'exclusiveMinimum': {
      const limit = Number(params['limit']);
      const upper = e.keyword.endsWith('aximum');
      const strict = e.keyword.startsWith('exclusive');
      return {
        ...base,
        message: `${where} is ${upper ? 'too large' : 'too small'}: ${describeValue(e.data)} is ${upper ? 'above' : 'below'} the ${upper ? 'largest' : 'smallest'} value a Sandtable file allows here`,
        expected: `${upper ? (strict ? 'less than' : 'at most') : strict ? 'more than' : 'at least'} ${limit}`,
        found: describeValue(e.data),
      };
    }
    case 'maxItems':
    case 'minItems': {
      const limit = Number(params['limit']);
      const count = Array.isArray(e.data) ? e.data.length : 0;
      const upper = e.keyword === 'maxItems';
      return {
        ...base,
        message: `${where} has ${count} entries; ${upper ? 'at most' : 'at least'} ${limit} are allowed here`,
        expected: `${upper ? 'at most' : 'at least'} ${limit} entries`,
        found: `${count} entries`,
      };
    }
    case 'const':
      return {
        ...base,
        message: `${where} must be ${JSON.stringify(params['allowedValue'])}`,
        expected: JSON.stringify(params['allowedValue']),
        found: describeValue(e.data),
      };
    default:
      return {
        ...base,
        message: `${where} ${e.message ?? 'is not valid'}`,
        expected: e.message,
        found: describeValue(e.data),
      };
  }
}

function knownProperties(schema: unknown): string[] {
  const s = schema as
    { properties?: Record<string, unknown>; allOf?: { $ref?: string }[] } | undefined;
  const own = Object.keys(s?.properties ?? {});
  // Table features share their base properties through allOf.
  const inherited = (s?.allOf ?? []).some((a) => a.$ref === '#/$defs/featureBase')
    ? ['id', 'name', 'notes', 'locked', 'hidden', 'rules']
    : [];
  return [...inherited, ...own.filter((k) => !inherited.includes(k))];
}

function discriminatorValues(schema: unknown, tag: string): string[] {
  const s = schema as {
    oneOf?: { $ref?: string; properties?: Record<string, { const?: unknown }> }[];
  };
  return (s?.oneOf ?? [])
    .map((branch) => {
      const c = branch.properties?.[tag]?.const;
      if (typeof c === 'string') return c;
      return branch.$ref ? branch.$ref.split('/').pop() : undefined;
    })
    .filter((v): v is string => typeof v === 'string');
}

/** "features[3].width" style name of the value at a pointer, for messages. */
function describePointer(pointer: string): string {
  if (pointer === '') return 'the file';
  return pointer
    .slice(1)
    .split('/')
    .map((s) => (/^\d+$/.test(s) ? `[${s}]` : `.${s}`))
    .join('')
    .replace(/^\./, '');
}
