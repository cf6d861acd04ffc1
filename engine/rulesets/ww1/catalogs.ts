import core from '../../../scenarios/catalogs/ww1.catalog.json';
import placeholder from '../../../scenarios/catalogs/ww1.placeholder.catalog.json';
import type { CatalogDoc } from '../../format';

/**
 * The WWI catalogs bundled with the app: what the tank rules state (seed 003) and the
 * placeholder base game (dice, terrain, decks, bog-down, medals) they plug into.
 */
export const WW1_BUNDLED: readonly CatalogDoc[] = [core, placeholder] as unknown as CatalogDoc[];
