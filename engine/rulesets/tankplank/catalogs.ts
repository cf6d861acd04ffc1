import adv from '../../../scenarios/catalogs/tankplank-adv.catalog.json';
import basic from '../../../scenarios/catalogs/tankplank-basic.catalog.json';
import forces from '../../../scenarios/catalogs/tankplank-forces.catalog.json';
import tw from '../../../scenarios/catalogs/tankplank-tw.catalog.json';
import placeholder from '../../../scenarios/catalogs/tankplank.placeholder.catalog.json';
import type { CatalogDoc } from '../../format';

/**
 * The Tankplank catalogs bundled with the app: BASIC, the Tankette Waltz and advanced layers, the
 * placeholder values for what the seed leaves out, and the order-of-battle data for set-up. Their
 * build script and the bundled-files test validate them against the catalog schema.
 */
export const TANKPLANK_BUNDLED: readonly CatalogDoc[] = [
  basic,
  tw,
  adv,
  placeholder,
  forces,
] as unknown as CatalogDoc[];
