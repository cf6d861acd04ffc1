const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const VALUE = new Int16Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

/** Decodes base64 (whitespace allowed, as Tiled indents layer data); throws on other characters. */
export function decodeBase64(text: string): Uint8Array {
  const out = new Uint8Array(Math.floor((text.length * 3) / 4) + 3);
  let n = 0;
  let acc = 0;
  let bits = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 61) break; // '=' padding ends the data
    if (c === 32 || c === 9 || c === 10 || c === 13) continue;
    const v = c < 128 ? VALUE[c]! : -1;
    if (v < 0) throw new Error(`character ${JSON.stringify(text[i])} at ${i + 1} is not base64`);
    acc = (acc << 6) | v;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[n++] = (acc >> bits) & 0xff;
    }
  }
  return out.subarray(0, n);
}

/** Encodes bytes as base64. */
export function encodeBase64(bytes: Uint8Array): string {
  let s = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i]!;
    const b = bytes[i + 1];
    const c = bytes[i + 2];
    const v = (a << 16) | ((b ?? 0) << 8) | (c ?? 0);
    s += ALPHABET[(v >> 18) & 63]! + ALPHABET[(v >> 12) & 63]!;
    s += b === undefined ? '=' : ALPHABET[(v >> 6) & 63]!;
    s += c === undefined ? '=' : ALPHABET[v & 63]!;
  }
  return s;
}
