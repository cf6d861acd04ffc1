/**
 * Record ids that two peers can make at the same moment without meeting: a readable stem (the
 * record's kind) and eight random base-36 characters, about 2.8e12 choices, so a clash between
 * peers editing one room is not a thing to plan for. A clash with a record already in the
 * document is checked and drawn again.
 */

/** The platform's cryptographic random source (browsers and Node 20 both have it as a global). */
declare const crypto: { getRandomValues<T extends Uint32Array>(array: T): T };

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const SUFFIX_LENGTH = 8;

/** Eight random characters of [0-9a-z]. */
export function randomSuffix(): string {
  const words = crypto.getRandomValues(new Uint32Array(SUFFIX_LENGTH));
  let out = '';
  for (const w of words) out += ALPHABET[w % ALPHABET.length];
  return out;
}

/**
 * A fresh id `${stem}-xxxxxxxx` that `taken` does not hold. The stem is cleaned to the file
 * format's id alphabet (letters, digits, `. _ : -`, starting with a letter or digit).
 */
export function newRecordId(stem: string, taken: (id: string) => boolean = () => false): string {
  const clean = stem.replace(/[^A-Za-z0-9_.:-]/g, '-').replace(/^[^A-Za-z0-9]+/, '') || 'id';
  for (;;) {
    const id = `${clean.slice(0, 100)}-${randomSuffix()}`;
    if (!taken(id)) return id;
  }
}
