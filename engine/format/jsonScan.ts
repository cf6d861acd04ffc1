import { pointerSegment } from './problems';

/** A key found at one place in the text. */
export interface KeyAt {
  readonly offset: number;
  readonly pointer: string;
  readonly key: string;
}

/** What one pass over a file's text found before anything parses it recursively. */
export interface JsonScan {
  /** The first container opened deeper than allowed: where it starts and its JSON pointer. */
  readonly tooDeep?: { readonly offset: number; readonly pointer: string };
  /** The first key an object repeats (JSON.parse would silently keep only the last value). */
  readonly duplicateKey?: KeyAt & { readonly firstOffset: number };
  /** The first key that could change how objects behave (`__proto__`, `constructor`...). */
  readonly forbiddenKey?: KeyAt;
}

/** Keys refused anywhere in a file: they name or reach an object's prototype. */
export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set([
  '__proto__',
  'constructor',
  'prototype',
]);

/** One open container. Frames are reused by depth, so a big file allocates a handful. */
interface Frame {
  object: boolean;
  /** Keys seen in this object, with the offset of their first occurrence. */
  readonly keys: Map<string, number>;
  expectKey: boolean;
  /** The current key (object) or index (array) inside this container. */
  segment: string | number;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Measures nesting, finds repeated object keys and forbidden keys, in one linear pass that never
 * recurses: a file nested 10,000 deep cannot overflow the stack here, and the recursive parsers
 * that run later (positions for messages) only ever see bounded depth. Works on any text: on
 * broken JSON the depth is still a bracket count outside strings, and the key findings are only
 * consulted once the text has parsed.
 */
export function scanJson(text: string, maxDepth: number): JsonScan {
  const frames: Frame[] = [];
  let depth = 0;
  let duplicateKey: JsonScan['duplicateKey'];
  let forbiddenKey: JsonScan['forbiddenKey'];
  const pointer = () =>
    frames
      .slice(0, depth)
      .map((f) => `/${pointerSegment(f.segment)}`)
      .join('');
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Find the closing quote: one not preceded by an odd run of backslashes.
      let end = i + 1;
      let escaped = false;
      for (;;) {
        end = text.indexOf('"', end);
        if (end < 0) break;
        let k = end - 1;
        let slashes = 0;
        while (k > i && text.charCodeAt(k) === BACKSLASH) {
          slashes++;
          k--;
        }
        if (slashes % 2 === 0) break;
        escaped = true;
        end++;
      }
      if (end < 0) end = n;
      const top = depth > 0 ? frames[depth - 1]! : undefined;
      if (top?.object && top.expectKey) {
        let key = text.slice(i + 1, end);
        if (escaped || key.includes('\\')) {
          try {
            key = JSON.parse(`"${key}"`) as string;
          } catch {
            // broken escape: the parse will report it
          }
        }
        top.segment = key;
        top.expectKey = false;
        const first = top.keys.get(key);
        if (first === undefined) top.keys.set(key, i);
        else duplicateKey ??= { offset: i, firstOffset: first, pointer: pointer(), key };
        if (forbiddenKey === undefined && FORBIDDEN_KEYS.has(key))
          forbiddenKey = { offset: i, pointer: pointer(), key };
      }
      i = end;
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (depth > maxDepth) return { tooDeep: { offset: i, pointer: pointer() } };
      const object = c === 123;
      let f = frames[depth];
      if (!f) {
        f = { object, keys: new Map(), expectKey: object, segment: 0 };
        frames.push(f);
      } else {
        f.object = object;
        f.expectKey = object;
        f.segment = 0;
        if (f.keys.size) f.keys.clear();
      }
      depth++;
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      if (depth > 0) depth--;
    } else if (c === 44 /* , */ && depth > 0) {
      const top = frames[depth - 1]!;
      if (top.object) top.expectKey = true;
      else top.segment = (top.segment as number) + 1;
    }
  }
  return {
    ...(duplicateKey ? { duplicateKey } : {}),
    ...(forbiddenKey ? { forbiddenKey } : {}),
  };
}
