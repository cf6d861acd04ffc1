/**
 * Letters on counters that tell unit types apart: a type keeps its short glyph ("R" for
 * Rifleman) unless another type of the game has the same one, in which case each of them takes
 * the glyph's first letter and the first later letter of its own name that no other type uses
 * ("Ri" Rifleman, "Ra" Radioman). Pure; shared by every ruleset's view.
 */
export function distinctGlyphs(
  names: Iterable<string>,
  glyphOf: (name: string) => string,
): Map<string, string> {
  const unique = [...new Set(names)].sort();
  const byGlyph = new Map<string, string[]>();
  for (const n of unique) {
    const g = glyphOf(n);
    byGlyph.set(g, [...(byGlyph.get(g) ?? []), n]);
  }
  const out = new Map<string, string>();
  const used = new Set(byGlyph.keys());
  for (const [g, group] of byGlyph) {
    if (group.length === 1) {
      out.set(group[0]!, g);
      continue;
    }
    used.delete(g);
    for (const n of group) {
      const letters = n.replace(/[^A-Za-z0-9]/g, '');
      const head = g.slice(0, 1) || letters.slice(0, 1).toUpperCase();
      let pick: string | undefined;
      for (let i = 1; i < letters.length && !pick; i++) {
        const c = `${head}${letters[i]!.toLowerCase()}`;
        if (!used.has(c)) pick = c;
      }
      // Names that differ in no letter (e.g. "T-64" and "T64") fall back to a number.
      for (let k = 2; !pick; k++) if (!used.has(`${head}${k}`)) pick = `${head}${k}`;
      used.add(pick);
      out.set(n, pick);
    }
  }
  return out;
}
