import placeholder from '../../../scenarios/catalogs/tank.placeholder.catalog.json';
import costello from '../../../scenarios/catalogs/tank.catalog.json';
import optional from '../../../scenarios/catalogs/tank-optional.catalog.json';
import rules from '../../../scenarios/catalogs/tank-rules.catalog.json';
import type { CatalogDoc } from '../../format';

/**
 * The TANK! catalogs bundled with the app: the layers and readings (always on), the placeholder
 * stand-ins for the base game the seeds leave out (CRT, weapons chart, terrain, sequence), and
 * the two layers a scenario switches on, `optional` (seed 001) and `costello` (seed 002).
 */
export const TANK_BUNDLED: readonly CatalogDoc[] = [
  rules,
  placeholder,
  costello,
  optional,
] as unknown as CatalogDoc[];

/** The placeholder catalog itself, for stats a layer's record of the same terrain leaves out. */
export const TANK_PLACEHOLDER = placeholder as unknown as CatalogDoc;
