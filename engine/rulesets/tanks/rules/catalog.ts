import type { Card, CatalogDoc, Cell, ScenarioDoc, Stats, UnitType } from '../../../format';
import {
  composeRulesetCatalog,
  constantNumber,
  type RulesetCatalog,
} from '../../../forces/rulesetCatalog';
import { interpretations, type Interpretations } from './interpretations';

/**
 * The numbers and records the TANKS rules read, taken from the composed catalog (sourced values
 * first, the placeholder catalog filling what the rules leave out). Code holds the mechanisms;
 * every number a rulebook prints or a designer may change is read here, and a missing one is
 * refused with the catalog field named, never replaced by a default.
 */
export interface TanksRules {
  readonly cat: RulesetCatalog;
  readonly options: Interpretations;
  /** The Measuring Arrow (TK-G1): the Tail is one tank move, the whole arrow everything else. */
  readonly arrow: { readonly tail: number; readonly total: number; readonly headWidth: number };
  /** A helicopter's flight stand (TK-G7): the base disc and the stem's offset ahead of its centre. */
  readonly heliBase: { readonly diameter: number; readonly stemOffset: number };
  readonly speed: { readonly tank: number; readonly fastTank: number; readonly helicopter: number };
  readonly dice: {
    readonly hitMin: number;
    readonly hitMax: number;
    readonly criticalOn: number;
    readonly cancelMin: number;
    readonly maxDefence: number;
    readonly aamg: number;
    readonly repairOn: number;
  };
  /** Missile hits and criticals by the shooter's Speed token (TK-6.9), by token value. */
  readonly missileRows: ReadonlyMap<number, MissileRow>;
  /** The Critical deck: one card id per copy (TK-G3). */
  readonly criticalDeck: readonly string[];
  /** How close a tank must be to an objective's centre to hold it (TK-9). */
  readonly holdDistance: number;
}

export interface MissileRow {
  readonly hitOn: readonly number[];
  readonly criticalOn: readonly number[];
  readonly canShoot: boolean;
}

/** A model card as the rules use it (TK-0), with the catalog record it comes from. */
export interface ModelCard {
  readonly type: UnitType;
  readonly kind: 'tank' | 'helicopter';
  readonly initiative: number;
  readonly attack: number;
  readonly defence: number;
  readonly damageCapacity: number;
  /** Keywords by name; the number of "Missiles (4)" or "Rapid Fire (5)", or true. */
  readonly keywords: ReadonlyMap<string, number | true>;
  /** Hull length and width in inches (tanks); a helicopter's base is `heliBase`. */
  readonly length: number;
  readonly width: number;
  readonly points: number;
}

/** Every catalog the scenario plays with, composed as the set-up screens compose them. */
export function tanksCatalog(
  scenario: ScenarioDoc,
  bundled: readonly CatalogDoc[],
): RulesetCatalog {
  return composeRulesetCatalog(scenario.ruleset, bundled, scenario.catalog);
}

const num = (cat: RulesetCatalog, key: string): number | undefined => {
  const v = cat.constants[key];
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const t = cat.constants[v];
    if (typeof t === 'number') return t;
  }
  return undefined;
};

const numList = (v: Cell | undefined): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];

/** Reads the rules data, or says which catalog value is missing. */
export function readRules(cat: RulesetCatalog, scenario: ScenarioDoc): TanksRules | string {
  const need = (key: string, what: string): number | string => {
    const v = num(cat, key);
    return v === undefined
      ? `the TANKS catalogs give no constant "${key}" (${what}); add it to a catalog`
      : v;
  };
  const wanted: [string, string][] = [
    ['measuringArrow.tailLength', 'the Tail of the Measuring Arrow, TK-G1'],
    ['measuringArrow.totalLength', 'the whole Measuring Arrow, TK-G1'],
    ['helicopter.baseDiameter', 'a helicopter base, TK-G7'],
    ['speedTank', 'a tank’s Speed, TK-4.2'],
    ['speedFastTank', 'a Fast tank’s Speed, TK-4.2'],
    ['speedHelicopter', 'a helicopter’s Speed, TK-4.2'],
    ['attackHitMin', 'the lowest Hit, TK-6.3'],
    ['attackHitMax', 'the highest Hit, TK-6.3'],
    ['attackCriticalOn', 'a Critical Hit, TK-6.3'],
    ['defenceCancelMin', 'the lowest cancelling defence die, TK-6.7'],
    ['maxDefenceDice', 'the most defence dice, TK-6.6'],
    ['aamgDice', 'AAMG dice, TK-6.4'],
    ['repairOn', 'a repair roll, TK-7'],
  ];
  const got = new Map<string, number>();
  for (const [key, what] of wanted) {
    const v = need(key, what);
    if (typeof v === 'string') return v;
    got.set(key, v);
  }
  const g = (k: string) => got.get(k)!;
  const options = interpretations(cat, scenario.ruleset.options ?? {});
  if (typeof options === 'string') return options;
  const missileRows = new Map<number, MissileRow>();
  for (const r of cat.tables['missileShootingOnTheMove']?.rows ?? []) {
    if (typeof r['speed'] !== 'number') continue;
    missileRows.set(r['speed'], {
      hitOn: numList(r['hitOn']),
      criticalOn: numList(r['criticalOn']),
      canShoot: r['canShoot'] === true,
    });
  }
  if (missileRows.size === 0)
    return 'the TANKS catalogs have no "missileShootingOnTheMove" table (TK-6.9)';
  const criticalDeck: string[] = [];
  for (const c of cat.cards.values()) {
    if (c.cardType !== 'critical') continue;
    const n = c.count ?? 1;
    for (let i = 0; i < n; i++) criticalDeck.push(c.id);
  }
  if (criticalDeck.length === 0)
    return 'the TANKS catalogs have no Critical cards (cardType "critical"); the Critical deck (TK-6.8, TK-G3) needs at least one';
  criticalDeck.sort();
  return {
    cat,
    options,
    arrow: {
      tail: g('measuringArrow.tailLength'),
      total: g('measuringArrow.totalLength'),
      headWidth: num(cat, 'measuringArrow.headWidth') ?? 1,
    },
    heliBase: {
      diameter: g('helicopter.baseDiameter'),
      stemOffset: heliStemOffset(cat),
    },
    speed: {
      tank: g('speedTank'),
      fastTank: g('speedFastTank'),
      helicopter: g('speedHelicopter'),
    },
    dice: {
      hitMin: g('attackHitMin'),
      hitMax: g('attackHitMax'),
      criticalOn: g('attackCriticalOn'),
      cancelMin: g('defenceCancelMin'),
      maxDefence: g('maxDefenceDice'),
      aamg: g('aamgDice'),
      repairOn: g('repairOn'),
    },
    missileRows,
    criticalDeck,
    holdDistance: num(cat, 'mission.holdDistance') ?? g('measuringArrow.totalLength'),
  };
}

function heliStemOffset(cat: RulesetCatalog): number {
  const row = (cat.tables['helicopterBase']?.rows ?? []).find((r) => r['part'] === 'stemOffset');
  return typeof row?.['inches'] === 'number' ? row['inches'] : 0;
}

const KEYWORD = /^(.*?)\s*\((\d+)\)\s*$/;

/** Keywords by name: "Missiles (4)" is Missiles with 4, "Forward Firing" is true. */
export function parseKeywords(list: readonly string[]): Map<string, number | true> {
  const out = new Map<string, number | true>();
  for (const k of list) {
    const m = KEYWORD.exec(k);
    if (m) out.set(m[1]!, Number(m[2]));
    else out.set(k.trim(), true);
  }
  return out;
}

const STAT_NAMES: Record<string, string> = {
  initiative: 'Initiative',
  attack: 'Attack',
  defence: 'Defence',
  damageCapacity: 'Damage Capacity',
};

/**
 * A model card from the catalog, or why the model cannot be fielded: not a tank or helicopter,
 * or a stat the rules need is missing (the field is named so a designer can add it).
 */
export function modelCard(
  rules: TanksRules,
  typeId: string,
  statOverrides: Readonly<Stats> = {},
): ModelCard | string {
  const type = rules.cat.units.get(typeId);
  if (!type) return `no TANKS model card "${typeId}" in the catalogs`;
  if (type.class !== 'tank' && type.class !== 'helicopter')
    return `${type.name} (${typeId}) is a ${type.class}; TANKS fields tanks and helicopters (TK-0)`;
  const stats: Record<string, number> = {};
  for (const [key, label] of Object.entries(STAT_NAMES)) {
    const v = statOverrides[key] ?? type.stats?.[key];
    if (typeof v !== 'number')
      return `${type.name} (${typeId}) has no ${label}: the catalog field "stats.${key}" is missing, and TANKS needs it (TK-0, TK-G2)`;
    stats[key] = v;
  }
  // A tank without a size of its own (a BattleScribe import has none) takes the catalogs' default
  // hull, constants hull.defaultLength and hull.defaultWidth (TK-G2).
  const length = type.size?.length || constantNumber(rules.cat, 'hull.defaultLength');
  const width = type.size?.width || constantNumber(rules.cat, 'hull.defaultWidth');
  if (type.class === 'tank' && (!length || !width))
    return `${type.name} (${typeId}) has no hull size: the catalog fields "size.length" and "size.width" (inches) are missing, and no catalog gives a default hull (constants hull.defaultLength and hull.defaultWidth); TANKS measures moves, sight and cover from the hull (TK-G2)`;
  const keywords = parseKeywords(type.keywords ?? []);
  // The catalog also records Rapid Fire as a stat; the keyword and the stat say the same thing.
  const rf = type.stats?.['rapidFire'];
  if (typeof rf === 'number' && !keywords.has('Rapid Fire')) keywords.set('Rapid Fire', rf);
  // Stats from the example the scenario's reading of TK-A1 prefers.
  if (rules.options.str('TK-A1') !== 'firstGame') {
    for (const r of rules.cat.tables['exampleStats']?.rows ?? []) {
      if (r['model'] === typeId && r['example'] === rules.options.str('TK-A1')) {
        const stat = String(r['stat']);
        if (stat in stats && typeof r['value'] === 'number' && statOverrides[stat] === undefined)
          stats[stat] = r['value'];
      }
    }
  }
  return {
    type,
    kind: type.class,
    initiative: stats['initiative']!,
    attack: stats['attack']!,
    defence: stats['defence']!,
    damageCapacity: stats['damageCapacity']!,
    keywords,
    length: type.class === 'tank' ? length! : rules.heliBase.diameter,
    width: type.class === 'tank' ? width! : rules.heliBase.diameter,
    points: type.points ?? 0,
  };
}

/** A card by id (crew, upgrade, platoon or critical). */
export function cardOf(rules: TanksRules, id: string): Card | undefined {
  return rules.cat.cards.get(id);
}
