import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { formatProblem, loadDocument, type CatalogDoc } from '../engine/format/index';

/** Where the catalogs shipped with Sandtable live. */
export const BUNDLED_CATALOG_DIR = join(import.meta.dirname, '..', 'scenarios', 'catalogs');

/** Loads catalog files; a broken catalog is an error the user must see, not a silent skip. */
export async function loadCatalogs(files: readonly string[]): Promise<CatalogDoc[]> {
  const out: CatalogDoc[] = [];
  for (const file of files) {
    const result = loadDocument(await readFile(file, 'utf8'), {
      file,
      expect: ['sandtable.catalog'],
    });
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    out.push(result.doc);
  }
  return out;
}

/** Every catalog shipped with the app. */
export async function bundledCatalogs(): Promise<CatalogDoc[]> {
  let names: string[];
  try {
    names = await readdir(BUNDLED_CATALOG_DIR);
  } catch {
    return [];
  }
  return loadCatalogs(
    names.filter((n) => n.endsWith('.json')).map((n) => join(BUNDLED_CATALOG_DIR, n)),
  );
}
