import type { RulesTable, RulesetRef, ScenarioDoc } from '../../../format';
import { composeRulesetCatalog, type RulesetCatalog } from '../../../forces/rulesetCatalog';
import { TANK_BUNDLED } from '../catalogs';

/**
 * The TANK! rules as data, read from the composed catalog: the base game's tables from the
 * placeholder catalog (a club that owns the game types the real values there, OT-G1..G8,
 * TC-G1..G3), the layers' numbers and the reading of every ambiguity. Nothing here holds a
 * number of its own: a missing table or column is an error naming it.
 */

/** A CRT row: the longest range it covers and a threshold per differential (null is "."). */
export interface CrtRow {
  readonly rangeMax: number;
  readonly cells: ReadonlyMap<number, number | null>;
}

export interface Crt {
  /** Differentials of the columns, lowest first. */
  readonly columns: readonly number[];
  readonly rows: readonly CrtRow[];
}

export interface EdtRow {
  readonly ed: number;
  readonly los: 'never' | 'range' | 'always';
  /** The range factor as an exact fraction [numerator, denominator] (TC-A14). */
  readonly factor: readonly [number, number] | null;
}

export type MoraleResult =
  'noEffect' | 'cancelMoveAndOverrun' | 'cancelAllMissions' | 'retire' | 'retreat' | 'flee';

export type AirlandingResult = 'landed' | 'pinned' | 'eliminated';

/** What the layers switch on. */
export interface Layers {
  readonly optional: boolean;
  readonly costello: boolean;
}

export interface TankRules {
  readonly layers: Layers;
  readonly crt: Crt;
  readonly ifCrt: readonly {
    readonly heMin: number;
    readonly cells: Readonly<Record<string, number | null>>;
  }[];
  readonly mpMods: readonly {
    readonly minMP: number;
    readonly maxMP: number;
    readonly dieMod: number;
  }[];
  readonly sequence: readonly string[];
  /** The base game's mission codes and the step each resolves in (placeholder missions table, TC-G2). */
  readonly missions: ReadonlyMap<
    string,
    { readonly step: string; readonly needsTargetHex: boolean }
  >;
  readonly aspects: readonly string[];
  readonly edt: readonly EdtRow[];
  readonly moraleMods: Readonly<
    Record<string, { readonly mod: number; readonly per: number | null }>
  >;
  readonly moraleResults: readonly {
    readonly min: number | null;
    readonly max: number | null;
    readonly result: MoraleResult;
  }[];
  readonly pinRecoveryMax: number;
  readonly overrunInfantryDestroyMax: number;
  readonly softShare: { readonly infantry: number; readonly atGun: number };
  readonly ifEffects: { readonly vehicle: string; readonly soft: string };
  /** The chance HE on a building brings it down, by least HE (TC-1.3, placeholder). */
  readonly buildingCollapse: readonly { readonly heMin: number; readonly collapseMax: number }[];
  /** The hexside a collapsed building's rubble scatters toward, by d6 roll; null for none (TC-G5). */
  readonly rubbleScatter: ReadonlyMap<number, number | null>;
  /** The hexside an unobserved impact marker scatters toward, by d6 roll; null for none (TC-G5). */
  readonly impactScatter: ReadonlyMap<number, number | null>;
  /** The hexside, relative to its facing, a panicking unit runs through, by d6 roll (A-B-C, OT-G5). */
  readonly panicScatter: ReadonlyMap<number, number>;
  /** What a d6 roll does to a unit landing by air (TC-4.9, placeholder); empty without the table. */
  readonly airlanding: ReadonlyMap<number, AirlandingResult>;
  /**
   * How far an enemy unit with line of sight spots a unit automatically at the start of the DF step
   * (TC-7.3, TC-A10), by whether the unit is in cover and carries an M marker (placeholder for the
   * standard criteria); empty without the costello layer.
   */
  readonly autoSpotting: readonly {
    readonly cover: boolean;
    readonly mMarker: boolean;
    readonly rangeMax: number;
  }[];
  readonly constants: Readonly<Record<string, number>>;
  readonly options: TankOptions;
}

/** The readings of the digests' ambiguities (tank-rules catalog, `interpretations`). */
export interface TankOptions {
  readonly dfpDotCells: 'extrapolate' | 'firstTwoOnly';
  readonly softPinRecovery: boolean;
  readonly softSplitRounding: 'floorAtLeastOne' | 'round';
  readonly softTripleTerrainOnly: boolean;
  readonly cohesionReduction: 'absolute' | 'relative';
  readonly pinnedInfantryMayAssault: boolean;
  readonly looseFacingSpread: number;
  readonly platoonMissionHomogeneity: boolean;
  readonly leaveBehindFrom: 'everyMember' | 'leader';
  readonly hullDown: 'automaticNotFromAbove' | 'off';
  readonly blockingUnits: 'friendlyToFirer' | 'any';
  readonly blockRangeFrom: 'higher' | 'lower';
  /**
   * How the Elevation Differential counts levels (TC-A3): `signed` (the default) lets a unit on
   * the far side of the blocking level count negatively; `literal` counts only the levels the
   * higher unit is above the blocking hex and the lower unit is below it.
   */
  readonly edCounts: 'signed' | 'literal';
  readonly d10Faces: '0-9' | '1-10';
  readonly mortarDelayTurns: number;
  readonly autoSpotAtDfStart: boolean;
  readonly panicStepPct: number;
  /** Where a unit plotted OF fires at a moving enemy (OT-G7): the best hex ahead, or the first seen. */
  readonly opportunityFireAt: 'bestHex' | 'firstSight';
  /** The historical period of the scenario (TC-4.2 availability), if it names one. */
  readonly period: number | undefined;
}

/** The catalog a TANK! scenario plays with: the bundled documents for its layers. */
export function tankCatalog(scenario: ScenarioDoc): RulesetCatalog {
  return composeRulesetCatalog(scenario.ruleset, TANK_BUNDLED, scenario.catalog);
}

export function tankLayers(ruleset: RulesetRef): Layers {
  const has = (l: string) => (ruleset.layers ?? []).some((x) => x.toLowerCase() === l);
  return { optional: has('optional'), costello: has('costello') };
}

class TableError extends Error {}

const rowsOf = (cat: RulesetCatalog, name: string, ruleId: string): RulesTable['rows'] => {
  const t = cat.tables[name];
  if (!t || !Array.isArray(t.rows))
    throw new TableError(
      `the catalog has no table "${name}" (${ruleId}): add it to the TANK! placeholder catalog`,
    );
  return t.rows;
};

const num = (v: unknown, where: string): number => {
  if (typeof v !== 'number' || !Number.isFinite(v))
    throw new TableError(`${where} is ${JSON.stringify(v)}, not a number`);
  return v;
};
const cell = (v: unknown, where: string): number | null => (v === null ? null : num(v, where));

/** A decimal factor as an exact fraction (1.5 is 3/2), so range tests compare integers. */
export function fraction(x: number): [number, number] {
  for (let q = 1; q <= 1000; q++) {
    const p = x * q;
    if (Math.abs(p - Math.round(p)) < 1e-9) return [Math.round(p), q];
  }
  throw new TableError(`range factor ${x} is not a fraction with a denominator up to 1000`);
}

function readOptions(cat: RulesetCatalog, ruleset: RulesetRef): TankOptions {
  const given = ruleset.options ?? {};
  const value = (id: string): unknown => {
    const row = (cat.tables['interpretations']?.rows ?? []).find((r) => r['id'] === id);
    if (!row) throw new TableError(`the catalog has no reading ${id} in its interpretations table`);
    const name = String(row['option']);
    const v = Object.hasOwn(given, id)
      ? given[id]
      : Object.hasOwn(given, name)
        ? given[name]
        : undefined;
    if (v === undefined) return row['default'];
    const allowed = [row['default'], ...((row['alternatives'] as unknown[]) ?? [])];
    if (!allowed.includes(v))
      throw new TableError(
        `option ${id} (${name}) is ${JSON.stringify(v)}; the engine knows ${allowed.map((a) => JSON.stringify(a)).join(', ')}`,
      );
    return v;
  };
  const period = given['period'];
  return {
    dfpDotCells: value('OT-A1') as TankOptions['dfpDotCells'],
    softPinRecovery: value('OT-A3') as boolean,
    softSplitRounding: value('OT-A4') as TankOptions['softSplitRounding'],
    softTripleTerrainOnly: value('OT-A5') as boolean,
    cohesionReduction: value('OT-A8') as TankOptions['cohesionReduction'],
    pinnedInfantryMayAssault: value('OT-A10') as boolean,
    looseFacingSpread: value('OT-A12') as number,
    platoonMissionHomogeneity: value('OT-A13') as boolean,
    leaveBehindFrom: value('OT-A14') as TankOptions['leaveBehindFrom'],
    hullDown: value('TC-A1') as TankOptions['hullDown'],
    blockingUnits: value('TC-A2') as TankOptions['blockingUnits'],
    blockRangeFrom: value('TC-A4') as TankOptions['blockRangeFrom'],
    edCounts: value('TC-A3') as TankOptions['edCounts'],
    d10Faces: value('TC-A6') as TankOptions['d10Faces'],
    mortarDelayTurns: value('TC-A8') as number,
    autoSpotAtDfStart: value('TC-A10') as boolean,
    panicStepPct: value('TC-A11') as number,
    opportunityFireAt: value('OT-G7') as TankOptions['opportunityFireAt'],
    period: typeof period === 'number' ? period : undefined,
  };
}

/** Reads every table the engine plays with, or says which one is missing or wrong. */
export function readTankRules(cat: RulesetCatalog, ruleset: RulesetRef): TankRules | string {
  try {
    return readRulesOrThrow(cat, ruleset);
  } catch (e) {
    if (e instanceof TableError) return e.message;
    throw e;
  }
}

function readRulesOrThrow(cat: RulesetCatalog, ruleset: RulesetRef): TankRules {
  const layers = tankLayers(ruleset);
  const crtTable = cat.tables['crt'];
  const crtRows = rowsOf(cat, 'crt', 'OT-G1');
  const columns = (crtTable?.columns ?? [])
    .filter((c) => c !== 'rangeMax')
    .map(Number)
    .filter((n) => Number.isInteger(n))
    .sort((a, b) => a - b);
  if (columns.length === 0) throw new TableError('the CRT (OT-G1) has no differential columns');
  const crt: Crt = {
    columns,
    rows: crtRows
      .map((r, i) => ({
        rangeMax: num(r['rangeMax'], `crt row ${i + 1} rangeMax`),
        cells: new Map(columns.map((c) => [c, cell(r[String(c)], `crt row ${i + 1} column ${c}`)])),
      }))
      .sort((a, b) => a.rangeMax - b.rangeMax),
  };
  const ifCrt = rowsOf(cat, 'ifCrt', 'TC-G3')
    .map((r, i) => {
      const cells: Record<string, number | null> = {};
      for (const [k, v] of Object.entries(r))
        if (k !== 'heMin') cells[k] = cell(v, `ifCrt row ${i + 1} ${k}`);
      return { heMin: num(r['heMin'], `ifCrt row ${i + 1} heMin`), cells };
    })
    .sort((a, b) => a.heMin - b.heMin);
  const mpMods = rowsOf(cat, 'targetMovementModifiers', 'OT-G3').map((r, i) => ({
    minMP: num(r['minMP'], `targetMovementModifiers row ${i + 1} minMP`),
    maxMP: num(r['maxMP'], `targetMovementModifiers row ${i + 1} maxMP`),
    dieMod: num(r['dieMod'], `targetMovementModifiers row ${i + 1} dieMod`),
  }));
  const sequence = rowsOf(cat, 'sequenceOfPlay', layers.costello ? 'TC-3' : 'OT-G7')
    .slice()
    .sort((a, b) => num(a['step'], 'sequenceOfPlay step') - num(b['step'], 'sequenceOfPlay step'))
    .map((r) => String(r['id']));
  const missions = new Map<string, { step: string; needsTargetHex: boolean }>();
  for (const r of rowsOf(cat, 'missions', 'TC-G2')) {
    const code = String(r['code']);
    const step = String(r['step']);
    if (!sequence.includes(step))
      throw new TableError(
        `the missions table (TC-G2) resolves ${code} in step ${step}, which the sequence of play (${sequence.join(', ')}) does not have`,
      );
    missions.set(code, { step, needsTargetHex: r['needsTargetHex'] === true });
  }
  const aspects = new Array<string>(6).fill('');
  for (const r of rowsOf(cat, 'aspects', 'OT-G2'))
    aspects[num(r['relativeSide'], 'aspects relativeSide')] = String(r['aspect']);
  if (aspects.some((a) => !['front', 'side', 'rear'].includes(a)))
    throw new TableError(
      'the aspects table (OT-G2) must give front, side or rear for sides 0 to 5',
    );
  const edt: EdtRow[] = layers.costello
    ? rowsOf(cat, 'edt', 'TC-2.7').map((r) => ({
        ed: num(r['ed'], 'edt ed'),
        los: r['los'] as EdtRow['los'],
        factor:
          r['rangeFactor'] === null ? null : fraction(num(r['rangeFactor'], 'edt rangeFactor')),
      }))
    : [];
  const moraleMods: Record<string, { mod: number; per: number | null }> = {};
  const moraleResults: TankRules['moraleResults'][number][] = [];
  if (layers.costello) {
    for (const r of rowsOf(cat, 'moraleModifiers', 'TC-6.3'))
      moraleMods[String(r['id'])] = {
        mod: num(r['mod'], `moraleModifiers ${String(r['id'])}`),
        per: r['per'] === null ? null : num(r['per'], 'moraleModifiers per'),
      };
    for (const r of rowsOf(cat, 'moraleResults', 'TC-6.4'))
      moraleResults.push({
        min: r['min'] === null ? null : num(r['min'], 'moraleResults min'),
        max: r['max'] === null ? null : num(r['max'], 'moraleResults max'),
        result: r['result'] as MoraleResult,
      });
  }
  let pinRecoveryMax = 0;
  let overrunInfantryDestroyMax = 0;
  const softShare = { infantry: 0, atGun: 0 };
  if (layers.optional) {
    const unpin = rowsOf(cat, 'pinRecovery', 'OT-32.82').find((r) => r['result'] === 'unpinned');
    pinRecoveryMax = num(unpin?.['max'], 'pinRecovery unpinned max');
    const destroyed = rowsOf(cat, 'overrunInfantry', 'OT-32.12').find(
      (r) => r['result'] === 'destroyed',
    );
    overrunInfantryDestroyMax = num(destroyed?.['max'], 'overrunInfantry destroyed max');
    for (const r of rowsOf(cat, 'softTargetHeSplit', 'OT-32.9')) {
      const t = r['target'];
      if (t === 'infantry' || t === 'atGun')
        softShare[t] = num(r['eliminateShare'], `softTargetHeSplit ${t}`);
    }
  }
  const effects = rowsOf(cat, 'ifEffects', 'TC-G3');
  const effectOf = (t: string) =>
    String(effects.find((r) => r['target'] === t)?.['result'] ?? 'none');
  const buildingCollapse = rowsOf(cat, 'buildingCollapse', 'TC-1.3')
    .map((r, i) => ({
      heMin: num(r['heMin'], `buildingCollapse row ${i + 1} heMin`),
      collapseMax: num(r['collapseMax'], `buildingCollapse row ${i + 1} collapseMax`),
    }))
    .sort((a, b) => a.heMin - b.heMin);
  const rubbleScatter = new Map<number, number | null>();
  for (const [i, r] of rowsOf(cat, 'rubbleScatter', 'TC-G5').entries()) {
    const side = r['side'] === null ? null : num(r['side'], `rubbleScatter row ${i + 1} side`);
    if (side !== null && (!Number.isInteger(side) || side < 0 || side > 5))
      throw new TableError(
        `rubbleScatter row ${i + 1} side is ${side}: a hexside is 0 to 5 or null`,
      );
    rubbleScatter.set(num(r['roll'], `rubbleScatter row ${i + 1} roll`), side);
  }
  const impactScatter = new Map<number, number | null>();
  if (cat.tables['impactScatter'])
    for (const [i, r] of rowsOf(cat, 'impactScatter', 'TC-G5').entries()) {
      const side = r['side'] === null ? null : num(r['side'], `impactScatter row ${i + 1} side`);
      if (side !== null && (!Number.isInteger(side) || side < 0 || side > 5))
        throw new TableError(
          `impactScatter row ${i + 1} side is ${side}: a hexside is 0 to 5 or null`,
        );
      impactScatter.set(num(r['roll'], `impactScatter row ${i + 1} roll`), side);
    }
  const panicScatter = new Map<number, number>();
  for (const [i, r] of rowsOf(cat, 'panicScatter', 'OT-G5').entries()) {
    const side = num(r['relativeSide'], `panicScatter row ${i + 1} relativeSide`);
    if (!Number.isInteger(side) || side < 0 || side > 5)
      throw new TableError(
        `panicScatter row ${i + 1} relativeSide is ${side}: a hexside is 0 to 5`,
      );
    panicScatter.set(num(r['roll'], `panicScatter row ${i + 1} roll`), side);
  }
  const airlanding = new Map<number, AirlandingResult>();
  if (cat.tables['airlanding'])
    for (const [i, r] of rowsOf(cat, 'airlanding', 'TC-G4').entries()) {
      const result = r['result'];
      if (result !== 'landed' && result !== 'pinned' && result !== 'eliminated')
        throw new TableError(
          `airlanding row ${i + 1} result is ${JSON.stringify(result)}: landed, pinned or eliminated`,
        );
      airlanding.set(num(r['roll'], `airlanding row ${i + 1} roll`), result);
    }
  const autoSpotting = layers.costello
    ? rowsOf(cat, 'autoSpotting', 'TC-7.3').map((r, i) => ({
        cover: r['cover'] === true,
        mMarker: r['mMarker'] === true,
        rangeMax: num(r['rangeMax'], `autoSpotting row ${i + 1} rangeMax`),
      }))
    : [];
  const constants: Record<string, number> = {};
  for (const [k, v] of Object.entries(cat.constants)) if (typeof v === 'number') constants[k] = v;
  return {
    layers,
    crt,
    ifCrt,
    mpMods,
    sequence,
    missions,
    aspects,
    edt,
    moraleMods,
    moraleResults,
    pinRecoveryMax,
    overrunInfantryDestroyMax,
    softShare,
    ifEffects: { vehicle: effectOf('vehicle'), soft: effectOf('soft') },
    buildingCollapse,
    rubbleScatter,
    impactScatter,
    panicScatter,
    airlanding,
    autoSpotting,
    constants,
    options: readOptions(cat, ruleset),
  };
}

/** A constant the engine needs, or an error naming it. */
export function constant(rules: TankRules, key: string, ruleId: string): number {
  const v = rules.constants[key];
  if (v === undefined) throw new Error(`the TANK! catalogs have no constant "${key}" (${ruleId})`);
  return v;
}
