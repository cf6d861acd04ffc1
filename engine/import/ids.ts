/**
 * Readable, stable ids for imported records: the same name gives the same id on every import, so
 * a scenario that uses an imported unit keeps working after a re-import.
 */

/** A lower-case, dash-separated id segment from a name ("M1 Abrams" → "m1-abrams"). */
export function slug(name: string, max: number): string {
  const s = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return s || 'x';
}

/**
 * `base` if it is free, else `base.<suffix>` with the first free suffix (then a counter); the
 * chosen id is added to `used`.
 */
export function uniqueId(used: Set<string>, base: string, suffixes: readonly string[]): string {
  const candidates = [base, ...suffixes.map((s) => `${base}.${slug(s, 24)}`)];
  let id = candidates.find((c) => !used.has(c));
  for (let n = 2; id === undefined; n++) if (!used.has(`${base}.${n}`)) id = `${base}.${n}`;
  used.add(id);
  return id;
}
