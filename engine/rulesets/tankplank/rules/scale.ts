import type { RulesTable, Stats, UnitType, WeaponType } from '../../../format';
import type { TankplankCatalog } from './catalog';
import type { OptionValue } from './interpretations';

/** Catalog constants that are lengths in inches, scaled with the figures (TP-21). */
const LENGTH_CONSTANTS = [
  'jumpableGap',
  'mortarMinRange',
  'mortarMaxRange',
  'grenadeMinRange',
  'grenadeMaxRange',
  'cannonMaxRange',
  'cannonMaxRangeAlt',
  'highFirerMinAbove',
  'wreckPushPerTurn',
  'objectiveStripDepth',
  'manHeight',
  'floorHeight',
  'roofHeight',
  'canopyBase',
  'trunkRadius',
  'coverProximity',
  'tankSupportRange',
  'crewProximity',
  'figureBaseRadius',
  'reachableCellSize',
  'mountReach',
];
/** Interpretation options whose values are lengths. */
const LENGTH_OPTIONS = ['TP-A3', 'TP-A7', 'TP-A11', 'TP-A29'];
/** Numeric weapon stats that are lengths. */
const LENGTH_STATS = ['smgConeWithin', 'longThrowBeyond', 'veryLongMax', 'canopyStandOff'];
/** Columns of rules tables that are lengths. */
const LENGTH_COLUMNS: Record<string, readonly string[]> = {
  cannonToHit: ['min', 'max'],
  movementRates: ['road', 'offRoad'],
  mobilityClasses: ['road', 'offRoad'],
  terrainHeights: ['height'],
  bursts: ['diameter'],
  matrixCircles: ['diameter'],
};

const scaleStats = (
  stats: Stats | undefined,
  keys: readonly string[],
  f: number,
): Stats | undefined => {
  if (!stats) return stats;
  const out: Stats = { ...stats };
  for (const k of keys) if (typeof out[k] === 'number') out[k] = (out[k] as number) * f;
  return out;
};

/**
 * The catalog at another figure scale (TP-21, BASIC.OPT.SCALE): every distance, range, cone,
 * blast, movement rate and model height is multiplied by the map's scale factor. Dice numbers,
 * armour and impacts do not change.
 */
export function scaleCatalog(cat: TankplankCatalog, factor: number): TankplankCatalog {
  if (factor === 1) return cat;
  const f = factor;
  const weapons = new Map<string, WeaponType>();
  for (const [id, w] of cat.weapons) {
    weapons.set(id, {
      ...w,
      ...(w.ranges ? { ranges: w.ranges.map((b) => ({ ...b, max: b.max * f })) } : {}),
      ...(w.minRange !== undefined ? { minRange: w.minRange * f } : {}),
      ...(w.template
        ? {
            template: {
              ...w.template,
              ...(w.template.length !== undefined ? { length: w.template.length * f } : {}),
              ...(w.template.width !== undefined ? { width: w.template.width * f } : {}),
            },
          }
        : {}),
      ...(w.stats ? { stats: scaleStats(w.stats, LENGTH_STATS, f)! } : {}),
    });
  }
  const units = new Map<string, UnitType>();
  for (const [id, u] of cat.units) {
    units.set(id, {
      ...u,
      ...(u.speeds
        ? { speeds: Object.fromEntries(Object.entries(u.speeds).map(([k, v]) => [k, v * f])) }
        : {}),
      ...(u.size
        ? {
            size: {
              ...u.size,
              ...(u.size.width !== undefined ? { width: u.size.width * f } : {}),
              ...(u.size.length !== undefined ? { length: u.size.length * f } : {}),
              ...(u.size.height !== undefined ? { height: u.size.height * f } : {}),
            },
          }
        : {}),
    });
  }
  const tables: Record<string, RulesTable> = {};
  for (const [name, t] of Object.entries(cat.tables)) {
    const cols = LENGTH_COLUMNS[name];
    tables[name] = cols
      ? {
          ...t,
          rows: t.rows.map((r) =>
            Object.fromEntries(
              Object.entries(r).map(([k, v]) => [
                k,
                cols.includes(k) && typeof v === 'number' ? v * f : v,
              ]),
            ),
          ),
        }
      : t;
  }
  if (tables['interpretations']) {
    const t = tables['interpretations'];
    tables['interpretations'] = {
      ...t,
      rows: t.rows.map((r) =>
        LENGTH_OPTIONS.includes(String(r['id'])) && typeof r['default'] === 'number'
          ? { ...r, default: r['default'] * f }
          : r,
      ),
    };
  }
  return {
    ...cat,
    units,
    weapons,
    tables,
    constants: scaleStats(cat.constants, LENGTH_CONSTANTS, f)!,
  };
}

/** Scenario overrides of length options, scaled like the catalog. */
export function scaleOptions(
  options: Readonly<Record<string, OptionValue>>,
  factor: number,
): Record<string, OptionValue> {
  return Object.fromEntries(
    Object.entries(options).map(([k, v]) => [
      k,
      LENGTH_OPTIONS.includes(k) && typeof v === 'number' ? v * factor : v,
    ]),
  );
}
