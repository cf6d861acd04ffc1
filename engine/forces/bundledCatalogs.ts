import type { CatalogDoc } from '../format';
import tankplankBasic from '../../scenarios/catalogs/tankplank-basic.catalog.json';
import tankplankTw from '../../scenarios/catalogs/tankplank-tw.catalog.json';
import tankplankAdv from '../../scenarios/catalogs/tankplank-adv.catalog.json';
import tankplankPlaceholder from '../../scenarios/catalogs/tankplank.placeholder.catalog.json';
import tankplankForces from '../../scenarios/catalogs/tankplank-forces.catalog.json';
import tanksCore from '../../scenarios/catalogs/tanks.catalog.json';
import tanksPlaceholder from '../../scenarios/catalogs/tanks.placeholder.catalog.json';
import tanksMissions from '../../scenarios/catalogs/tanks-missions.catalog.json';
import tankBase from '../../scenarios/catalogs/tank.placeholder.catalog.json';
import tankCostello from '../../scenarios/catalogs/tank.catalog.json';
import tankOptional from '../../scenarios/catalogs/tank-optional.catalog.json';
import ww1 from '../../scenarios/catalogs/ww1.catalog.json';
import ww1Placeholder from '../../scenarios/catalogs/ww1.placeholder.catalog.json';

/**
 * Every catalog shipped with the app, for the editor (which has no file system) and for tests.
 * They are validated against the catalog schema by their build scripts and the bundled-files test.
 */
export const BUNDLED_CATALOGS: readonly CatalogDoc[] = [
  tankplankBasic,
  tankplankTw,
  tankplankAdv,
  tankplankPlaceholder,
  tankplankForces,
  tanksCore,
  tanksPlaceholder,
  tanksMissions,
  tankBase,
  tankCostello,
  tankOptional,
  ww1,
  ww1Placeholder,
] as unknown as CatalogDoc[];
