import core from '../../../scenarios/catalogs/tanks.catalog.json';
import missions from '../../../scenarios/catalogs/tanks-missions.catalog.json';
import placeholder from '../../../scenarios/catalogs/tanks.placeholder.catalog.json';
import type { CatalogDoc } from '../../format';

/**
 * The TANKS catalogs bundled with the app: what the starter rules state, the placeholder values
 * for what they leave out (Measuring Arrow, full stat lines, card effects, the Critical deck), and
 * the mission set-ups. The build script and the bundled-files test validate them.
 */
export const TANKS_BUNDLED: readonly CatalogDoc[] = [
  core,
  placeholder,
  missions,
] as unknown as CatalogDoc[];
