import type { Feature } from '../format/types';

/**
 * What a message calls a terrain feature: its name, or, when it has none, its kind in words and
 * its number among the features of that kind on the map ("building 3"), never its internal id.
 */

const numbers = new WeakMap<readonly Pick<Feature, 'id' | 'kind'>[], Map<string, number>>();

/** "elevationBand" → "elevation band". */
export function kindWords(kind: string): string {
  return kind.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
}

/** The 1-based number of each feature among the map's features of its kind, in map order. */
function numbering(all: readonly Pick<Feature, 'id' | 'kind'>[]): Map<string, number> {
  let got = numbers.get(all);
  if (!got) {
    got = new Map();
    const counts = new Map<string, number>();
    for (const f of all) {
      const n = (counts.get(f.kind) ?? 0) + 1;
      counts.set(f.kind, n);
      got.set(f.id, n);
    }
    numbers.set(all, got);
  }
  return got;
}

/**
 * A feature's name, else "kind n" (n its number among the same kind in `all`, the map's
 * features); "kind" alone when it is not among them.
 */
export function featureLabel(
  f: Pick<Feature, 'id' | 'kind'> & { readonly name?: string },
  all: readonly Pick<Feature, 'id' | 'kind'>[],
): string {
  if (f.name) return f.name;
  const n = numbering(all).get(f.id);
  return n === undefined ? kindWords(f.kind) : `${kindWords(f.kind)} ${n}`;
}

/** The label of the feature with this id among `all`; the id itself when no feature has it. */
export function featureLabelById(
  id: string,
  all: readonly (Pick<Feature, 'id' | 'kind'> & { readonly name?: string })[],
): string {
  const f = all.find((x) => x.id === id);
  return f ? featureLabel(f, all) : id;
}
