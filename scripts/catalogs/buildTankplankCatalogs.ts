/**
 * Writes the Tankplank catalogs into scenarios/catalogs/ through `serializeDocument`, then loads
 * each back to prove it validates. Run: npx tsx scripts/catalogs/buildTankplankCatalogs.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadDocument, serializeDocument, type CatalogDoc } from '../../engine/format';
import { advCatalog, basicCatalog, placeholderCatalog, twCatalog } from './tankplankCatalogs';

const out: [string, CatalogDoc][] = [
  ['tankplank-basic.catalog.json', basicCatalog],
  ['tankplank-tw.catalog.json', twCatalog],
  ['tankplank-adv.catalog.json', advCatalog],
  ['tankplank.placeholder.catalog.json', placeholderCatalog],
];

let failed = false;
for (const [name, doc] of out) {
  const path = fileURLToPath(new URL(`../../scenarios/catalogs/${name}`, import.meta.url));
  const text = serializeDocument(doc);
  writeFileSync(path, text);
  const loaded = loadDocument(readFileSync(path, 'utf8'), {
    file: name,
    expect: ['sandtable.catalog'],
  });
  if (!loaded.ok) {
    failed = true;
    for (const p of loaded.problems) console.error(`${name}: ${p.pointer} ${p.message}`);
  } else if (serializeDocument(loaded.doc) !== text) {
    failed = true;
    console.error(`${name}: does not round-trip byte for byte`);
  } else console.log(`wrote ${name}`);
}
process.exitCode = failed ? 1 : 0;
