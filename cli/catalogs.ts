import { readFile } from 'node:fs/promises';
import { formatProblem, loadDocumentBytes, type CatalogDoc } from '../engine/format/index';

/** Loads catalog files; a broken catalog is an error the user must see, not a silent skip. */
export async function loadCatalogs(files: readonly string[]): Promise<CatalogDoc[]> {
  const out: CatalogDoc[] = [];
  for (const file of files) {
    const result = loadDocumentBytes(await readFile(file), {
      file,
      expect: ['sandtable.catalog'],
    });
    if (!result.ok) throw new Error(result.problems.map(formatProblem).join('\n'));
    out.push(result.doc);
  }
  return out;
}
