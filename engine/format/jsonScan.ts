import { pointerSegment } from './problems';

/** What one pass over a file's text found before anything parses it recursively. */
export interface JsonScan {
  /** The first container opened deeper than allowed: where it starts and its JSON pointer. */
  readonly tooDeep?: { readonly offset: number; readonly pointer: string };
  /** The first key an object repeats (JSON.parse would silently keep only the last value). */
  readonly duplicateKey?: {
    readonly offset: number;
    readonly firstOffset: number;
    readonly pointer: string;
    readonly key: string;
  };
}

interface Frame {
  readonly object: boolean;
  /** Keys seen in this object, with the offset of their first occurrence. */
  readonly keys: Map<string, number> | undefined;
  expectKey: boolean;
  /** The current key (object) or index (array) inside this container. */
  segment: string | number;
}

const QUOTE = 34;
const BACKSLASH = 92;

/**
 * Measures nesting and finds repeated object keys in one linear pass that never recurses, so a
 * file nested 10,000 deep cannot overflow the stack here, and the recursive parsers that run
 * later (positions for messages) only ever see bounded depth. Works on any text: on broken JSON
 * the depth is still a bracket count outside strings, and the key check is only consulted once
 * the text has parsed.
 */
export function scanJson(text: string, maxDepth: number): JsonScan {
  const stack: Frame[] = [];
  let duplicateKey: JsonScan['duplicateKey'];
  const pointer = () => stack.map((f) => `/${pointerSegment(f.segment)}`).join('');
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
      const top = stack[stack.length - 1];
      if (top?.object && top.expectKey) {
        const raw = text.slice(i + 1, end);
        let key = raw;
        if (escaped || raw.includes('\\')) {
          try {
            key = JSON.parse(`"${raw}"`) as string;
          } catch {
            key = raw;
          }
        }
        const first = top.keys!.get(key);
        if (first !== undefined && duplicateKey === undefined) {
          top.segment = key;
          duplicateKey = { offset: i, firstOffset: first, pointer: pointer(), key };
        } else if (first === undefined) top.keys!.set(key, i);
        top.segment = key;
        top.expectKey = false;
      }
      i = end;
      continue;
    }
    if (c === 123 /* { */ || c === 91 /* [ */) {
      if (stack.length > maxDepth) return { tooDeep: { offset: i, pointer: pointer() } };
      const object = c === 123;
      stack.push({ object, keys: object ? new Map() : undefined, expectKey: object, segment: 0 });
    } else if (c === 125 /* } */ || c === 93 /* ] */) {
      stack.pop();
    } else if (c === 44 /* , */) {
      const top = stack[stack.length - 1];
      if (top?.object) top.expectKey = true;
      else if (top) top.segment = (top.segment as number) + 1;
    }
  }
  return duplicateKey ? { duplicateKey } : {};
}
