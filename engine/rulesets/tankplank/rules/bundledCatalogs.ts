import type { CatalogDoc } from '../../../format';
import { TANKPLANK_BUNDLED } from '../catalogs';

/** The catalogs the Tankplank engine composes its layers from (the forces catalog is set-up data). */
const ENGINE_CATALOG_IDS = [
  'tankplank.basic',
  'tankplank.tw',
  'tankplank.adv',
  'tankplank.placeholder',
] as const;

/**
 * The Tankplank catalogs shipped with the app, by id: the ruleset's own bundled documents
 * (`../catalogs.ts`, which the registry lists), picked by id. They are plain JSON validated
 * against the catalog schema by their build script and by a test; the engine reads them as data.
 */
export const TANKPLANK_CATALOGS: Readonly<Record<string, CatalogDoc>> = Object.fromEntries(
  ENGINE_CATALOG_IDS.map((id) => {
    const doc = TANKPLANK_BUNDLED.find((c) => c.id === id);
    if (!doc) throw new Error(`the bundled Tankplank catalogs have no "${id}"`);
    return [id, doc];
  }),
);
