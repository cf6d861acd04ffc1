import type { Problem } from './problems';

/** A problem with how a file's bytes are encoded, before the file name is attached. */
export type EncodingProblem = Omit<Problem, 'file'> & { readonly offset: number };

export type DecodeResult =
  | { readonly ok: true; readonly text: string; readonly bom: boolean }
  | { readonly ok: false; readonly problem: EncodingProblem };

const hex = (b: number | undefined) =>
  b === undefined ? 'the end of the file' : `0x${b.toString(16).toUpperCase().padStart(2, '0')}`;

/**
 * The encodings JSON text may legally come in besides UTF-8 (RFC 8259 allowed them until 2017),
 * told apart by a byte order mark or by where the zero bytes of the first character fall.
 */
function otherUnicode(bytes: Uint8Array): string | undefined {
  const [a, b, c, d] = [bytes[0], bytes[1], bytes[2], bytes[3]];
  if (a === 0xff && b === 0xfe && c === 0 && d === 0) return 'UTF-32 (little-endian)';
  if (a === 0 && b === 0 && c === 0xfe && d === 0xff) return 'UTF-32 (big-endian)';
  if (a === 0xff && b === 0xfe) return 'UTF-16 (little-endian)';
  if (a === 0xfe && b === 0xff) return 'UTF-16 (big-endian)';
  if (bytes.length >= 4) {
    if (a !== 0 && b === 0 && c === 0 && d === 0) return 'UTF-32 (little-endian)';
    if (a === 0 && b === 0 && c === 0 && d !== 0) return 'UTF-32 (big-endian)';
  }
  if (bytes.length >= 2) {
    if (a !== 0 && b === 0) return 'UTF-16 (little-endian)';
    if (a === 0 && b !== 0) return 'UTF-16 (big-endian)';
  }
  return undefined;
}

/** Files people pick by mistake, told by their first bytes (their "magic numbers"). */
const MAGIC: readonly [readonly number[], string][] = [
  [[0x89, 0x50, 0x4e, 0x47], 'a PNG image'],
  [[0xff, 0xd8, 0xff], 'a JPEG image'],
  [[0x47, 0x49, 0x46, 0x38], 'a GIF image'],
  [[0x25, 0x50, 0x44, 0x46], 'a PDF document'],
  [[0x50, 0x4b, 0x03, 0x04], 'a zip archive (or an office document)'],
  [[0x1f, 0x8b], 'a gzip archive'],
];

function binaryKind(bytes: Uint8Array): string | undefined {
  return MAGIC.find(([magic]) => magic.every((b, i) => bytes[i] === b))?.[1];
}

/** Line and column (1-based, in characters) of a byte offset in valid UTF-8 bytes before it. */
function positionOf(bytes: Uint8Array, offset: number): { line: number; column: number } {
  let line = 1;
  let column = 1;
  for (let i = 0; i < offset; i++) {
    const b = bytes[i]!;
    if (b === 0x0a) {
      line++;
      column = 1;
    } else if ((b & 0xc0) !== 0x80) column++; // count characters, not continuation bytes
  }
  return { line, column };
}

const CHUNK = 0x8000;

/** The runtime's own decoder (every browser, worker and Node has one); pure JS where none is. */
type NativeDecoder = new (
  label: string,
  options: { fatal: boolean; ignoreBOM: boolean },
) => { decode(bytes: Uint8Array): string };
const Native = (globalThis as { TextDecoder?: NativeDecoder }).TextDecoder;
const native = Native ? new Native('utf-8', { fatal: true, ignoreBOM: false }) : undefined;

/**
 * Decodes a file's bytes as UTF-8 text, refusing anything that is not: the offset of the first
 * byte that breaks the encoding is reported, never replaced with U+FFFD (which a save would make
 * permanent). A UTF-8 byte order mark is accepted and dropped; UTF-16 and UTF-32 are named.
 * The engine, the CLI and both hosts decode a file with this one function.
 */
export function decodeUtf8(bytes: Uint8Array): DecodeResult {
  const binary = binaryKind(bytes);
  if (binary) {
    // An image or archive picked by mistake: name it instead of a byte that is not UTF-8.
    return {
      ok: false,
      problem: {
        pointer: '',
        code: 'parse',
        message: `the file is not JSON at all: it is ${binary}. A Sandtable file is JSON text that starts with {; check that you picked the right file`,
        expected: 'JSON text starting with {',
        found: binary,
        line: 1,
        column: 1,
        offset: 0,
      },
    };
  }
  const other = otherUnicode(bytes);
  if (other) {
    return {
      ok: false,
      problem: {
        pointer: '',
        code: 'encoding',
        message: `the file is ${other} text; Sandtable files are UTF-8. Save it again as UTF-8 (most editors offer the encoding in Save As)`,
        expected: 'UTF-8 text',
        found: other,
        line: 1,
        column: 1,
        offset: 0,
      },
    };
  }
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (native) {
    // Fast and strict: valid text decodes at native speed; only broken text takes the walk,
    // which finds the offset the native decoder does not tell.
    try {
      return { ok: true, text: native.decode(bytes), bom };
    } catch {
      // fall through to locate the fault
    }
  }
  return decodeUtf8Portable(bytes);
}

/** The same decoding in plain JavaScript, for runtimes without TextDecoder and to locate faults. */
export function decodeUtf8Portable(bytes: Uint8Array): DecodeResult {
  // Other encodings and binary files are named, not walked.
  if (otherUnicode(bytes) || binaryKind(bytes)) return decodeUtf8(bytes);
  const bom = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  const n = bytes.length;
  const units = new Uint16Array(CHUNK + 2);
  const parts: string[] = [];
  let u = 0;
  let i = bom ? 3 : 0;
  const bad = (at: number, why: string): DecodeResult => {
    const seq = Array.from(bytes.subarray(at, Math.min(n, at + 4)), (b) => hex(b)).join(' ');
    return {
      ok: false,
      problem: {
        pointer: '',
        code: 'encoding',
        message: `the file is not valid UTF-8 text: at byte ${at} ${why}. It may be in another encoding (such as Latin-1 or Windows-1252) or damaged; save it again as UTF-8`,
        expected: 'UTF-8 text',
        found: `${seq || 'the end of the file'} at byte ${at}`,
        ...positionOf(bytes, at),
        offset: at,
      },
    };
  };
  while (i < n) {
    if (u >= CHUNK) {
      parts.push(String.fromCharCode.apply(null, units.subarray(0, u) as unknown as number[]));
      u = 0;
    }
    const b0 = bytes[i]!;
    if (b0 < 0x80) {
      units[u++] = b0;
      i++;
      continue;
    }
    let need: number;
    let cp: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      need = 1;
      cp = b0 & 0x1f;
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      need = 2;
      cp = b0 & 0x0f;
      if (b0 === 0xe0) lo = 0xa0;
      if (b0 === 0xed) hi = 0x9f; // no UTF-16 surrogates
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      need = 3;
      cp = b0 & 0x07;
      if (b0 === 0xf0) lo = 0x90;
      if (b0 === 0xf4) hi = 0x8f; // nothing above U+10FFFF
    } else {
      return bad(
        i,
        b0 >= 0x80 && b0 <= 0xbf
          ? `${hex(b0)} continues a character that never started`
          : `${hex(b0)} cannot start a character`,
      );
    }
    for (let k = 1; k <= need; k++) {
      const b = bytes[i + k];
      if (b === undefined) return bad(i, 'a character is cut off by the end of the file');
      if (b < lo || b > hi)
        return bad(i, `a character starting with ${hex(b0)} goes on with ${hex(b)}`);
      lo = 0x80;
      hi = 0xbf;
      cp = (cp << 6) | (b & 0x3f);
    }
    i += need + 1;
    if (cp >= 0x10000) {
      cp -= 0x10000;
      units[u++] = 0xd800 + (cp >> 10);
      units[u++] = 0xdc00 + (cp & 0x3ff);
    } else units[u++] = cp;
  }
  parts.push(String.fromCharCode.apply(null, units.subarray(0, u) as unknown as number[]));
  return { ok: true, text: parts.join(''), bom };
}

/** Drops a leading byte order mark from text that was decoded elsewhere (a paste, a string). */
export function withoutBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
