import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serializeDocument } from '../../engine/format';
import {
  advCatalog,
  basicCatalog,
  placeholderCatalog,
  twCatalog,
} from '../catalogs/tankplankCatalogs';
import { staleFiles } from './common';
import { GENERATORS } from './generators';

// A bundled file edited by hand while its generator stays behind is undone the next time anyone
// runs the generator: every generated file must be exactly what its generator makes now.
describe('bundled scenarios and catalogs match their generators', () => {
  for (const [name, run] of Object.entries(GENERATORS)) {
    it(`${name}: scripts/scenarios makes every file as it is`, () => {
      expect(staleFiles(run)).toEqual([]);
    });
  }

  it('tankplank catalogs: scripts/catalogs makes every file as it is', () => {
    const files = {
      'tankplank-basic.catalog.json': basicCatalog,
      'tankplank-tw.catalog.json': twCatalog,
      'tankplank-adv.catalog.json': advCatalog,
      'tankplank.placeholder.catalog.json': placeholderCatalog,
    };
    for (const [file, doc] of Object.entries(files)) {
      const onDisk = readFileSync(
        new URL(`../../scenarios/catalogs/${file}`, import.meta.url),
        'utf8',
      );
      expect(serializeDocument(doc), file).toBe(onDisk);
    }
  });
});
