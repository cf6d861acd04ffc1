import type { CatalogDoc } from '../../format';
import basic from '../../../scenarios/catalogs/tankplank-basic.catalog.json';
import tw from '../../../scenarios/catalogs/tankplank-tw.catalog.json';
import adv from '../../../scenarios/catalogs/tankplank-adv.catalog.json';
import placeholder from '../../../scenarios/catalogs/tankplank.placeholder.catalog.json';

/**
 * The Tankplank catalogs shipped with the app, by id. They are plain JSON validated against the
 * catalog schema by their build script and by a test; the engine reads them as data.
 */
export const TANKPLANK_CATALOGS: Readonly<Record<string, CatalogDoc>> = {
  'tankplank.basic': basic as unknown as CatalogDoc,
  'tankplank.tw': tw as unknown as CatalogDoc,
  'tankplank.adv': adv as unknown as CatalogDoc,
  'tankplank.placeholder': placeholder as unknown as CatalogDoc,
};
