import type { Card, CatalogDoc, Cell, ScenarioCatalog, Stats } from '../../../format';
import { dict, type Dict } from '../../../game/dict';

/**
 * The WWI rules' numbers, read from the ruleset's catalogs: the sourced tank layer (male/female, WW-1,
 * soldier units, the cards that stop gaining ground, the WW-A readings) and the placeholder
 * base-game layer (battle die, dice by range, terrain, command and combat decks, bog-down,
 * medals). Missing or unknown data is refused with the catalog field named, so a scenario never
 * plays on invented numbers. Scale (WW-1.1) is the scenario's and has no rules effect; each tank
 * type's specification (WW-1.3, WW-G2) is its catalog stats: move, dice by range, close dice.
 */

export type UnitClass = 'tank' | 'infantry' | 'gun';

export interface UnitSpec {
  readonly type: string;
  readonly name: string;
  readonly cls: UnitClass;
  readonly sex?: 'male' | 'female';
  readonly move: number;
  readonly closeDice: number;
  /** Dice at 2, 3, … hexes (one hex is close combat). */
  readonly rangedDice: readonly number[];
  readonly figures: number;
  /** A soldier unit (WW-5.3: Tankschreken applies to it unless `tankschreken` is false). */
  readonly soldier: boolean;
  /** WW-5.3(b): field artillery keeps its terrain flag ignores against tanks. */
  readonly tankschreken: boolean;
  /** Flags the unit itself may ignore (a unit ability, not terrain; WW-A2). */
  readonly ignoreFlags: number;
}

export interface TerrainSpec {
  readonly id: string;
  readonly name: string;
  readonly ignoreFlags: number;
  readonly stopsMovement: boolean;
  readonly tankEntryStops: boolean;
  /** Tanks may not enter it (WW-6.3(e) keeps them from gaining ground into it). */
  readonly tankImpassable: boolean;
  readonly building: boolean;
  readonly blocksLos: boolean;
  readonly closeDiceReduction: number;
}

/**
 * A command card (WW-G1) in the effect vocabulary: the sections it orders in, how many units,
 * extra battle dice for the units it orders, and whether a tank it orders may gain ground.
 */
export interface CommandCard {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly copies: number;
  readonly sections: readonly string[];
  readonly units: number;
  readonly dice: number;
  /** WW-6.3(b): a tank ordered by this card does not gain ground. */
  readonly noGainGround: boolean;
}

/**
 * A combat card (WW-G1) in the effect vocabulary: the battle it is played with (close or
 * ranged), extra dice, whether the defender loses its flag ignores, whether a tank may play it
 * (WW-5.5) and whether a tank that plays it may gain ground (WW-6.3(c), (d)).
 */
export interface CombatCard {
  readonly id: string;
  readonly name: string;
  readonly text: string;
  readonly copies: number;
  readonly battle: 'close' | 'ranged';
  readonly dice: number;
  readonly voidFlagIgnores: boolean;
  readonly playableByTanks: boolean;
  readonly noGainGround: boolean;
  /** Played to battle with a unit that was not ordered this turn (WW-A6 then decides its gain). */
  readonly unorderedUnit: boolean;
}

/** The effect keys each kind of card may carry, and what each value must be. */
export const COMMAND_EFFECTS = ['sections', 'units', 'dice', 'tankMayGainGround'] as const;
export const COMBAT_EFFECTS = [
  'battle',
  'dice',
  'voidFlagIgnores',
  'playableByTanks',
  'tankMayGainGround',
  'unorderedUnit',
] as const;

/** The WW-A readings (digest section A), each a named option with the digest's default. */
export interface Ww1Options {
  /** WW-A1. */
  readonly stopTerrainCheck: 'positionAfterMove' | 'vacatedHex';
  /** WW-A2. */
  readonly tankschrekenVoidsAllIgnores: boolean;
  /** WW-A3. */
  readonly maleBonusCombat: 'closeOnly' | 'closeOrFire';
  /** WW-A4. */
  readonly buildingGainGroundEndsBonus: boolean;
  /** WW-A5. */
  readonly wireInVacatedHex: 'removeKeepBonus' | 'removeNoBonus';
  /** WW-A6. */
  readonly onlyOrderedTanksGainGround: boolean;
  /** WW-A7. */
  readonly closeCombatSuccess: 'hexVacated';
}

/** One WW-A option as a game plays it: its value, the default and the other readings. */
export interface OptionEntry {
  readonly id: string;
  readonly option: keyof Ww1Options;
  readonly value: string | boolean;
  readonly default: string | boolean;
  readonly alternatives: readonly (string | boolean)[];
  readonly meaning: string;
}

export interface Ww1Rules {
  /** The battle die: the symbol of face n at index n - 1. */
  readonly faces: readonly string[];
  /** Which unit classes each symbol hits. */
  readonly hits: Dict<readonly string[]>;
  /** The symbol that makes the target retreat. */
  readonly flag: string;
  readonly handSize: number;
  readonly combatHandSize: number;
  readonly medalsToWin: number;
  readonly flagRetreatHexes: number;
  readonly cardsDrawnPerTurn: number;
  readonly units: Dict<UnitSpec>;
  readonly terrain: Dict<TerrainSpec>;
  readonly commands: Dict<CommandCard>;
  readonly combats: Dict<CombatCard>;
  readonly bogDown: Dict<{ dice: number; bogsOn: readonly string[] }>;
  readonly options: Ww1Options;
  readonly optionList: readonly OptionEntry[];
}

export type RulesRead = { ok: true; rules: Ww1Rules } | { ok: false; reason: string };

class Missing extends Error {}

const num = (v: unknown, where: string): number => {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  throw new Missing(`${where} must be a number (got ${JSON.stringify(v)}); add it to the catalog`);
};

const strings = (v: Cell | undefined, where: string): string[] => {
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return v as string[];
  throw new Missing(`${where} must be a list of names (got ${JSON.stringify(v)})`);
};

const bool = (v: unknown, where: string, dflt: boolean): boolean => {
  if (v === undefined) return dflt;
  if (typeof v === 'boolean') return v;
  throw new Missing(`${where} must be true or false (got ${JSON.stringify(v)})`);
};

type OptionValue = string | number | boolean;

/**
 * Reads the rules from the catalogs a scenario plays with (later catalogs add to earlier), the
 * scenario's own catalog entries last, and the scenario's `ruleset.options` (WW-A readings).
 */
export function readWw1Rules(
  catalogs: readonly CatalogDoc[],
  scenario?: {
    readonly catalog?: ScenarioCatalog;
    readonly options?: Readonly<Record<string, OptionValue>>;
  },
): RulesRead {
  try {
    return { ok: true, rules: read(catalogs, scenario?.catalog, scenario?.options ?? {}) };
  } catch (e) {
    if (e instanceof Missing) return { ok: false, reason: e.message };
    throw e;
  }
}

function read(
  catalogs: readonly CatalogDoc[],
  own: ScenarioCatalog | undefined,
  overrides: Readonly<Record<string, OptionValue>>,
): Ww1Rules {
  const constants: Stats = {};
  const unitStats = new Map<string, { name: string; cls: string; stats: Stats }>();
  const terrainStats = new Map<string, { name: string; stats: Stats }>();
  const cards = new Map<string, Card & { effect: Stats }>();
  const tables: Record<string, readonly Record<string, Cell>[]> = dict();
  const layers: ScenarioCatalog[] = [...catalogs, ...(own ? [own] : [])];
  for (const cat of layers) {
    if ('constants' in cat) Object.assign(constants, (cat as CatalogDoc).constants ?? {});
    for (const u of cat.units ?? []) {
      const had = unitStats.get(u.id);
      unitStats.set(u.id, {
        name: u.name,
        cls: u.class ?? had?.cls ?? '',
        stats: { ...had?.stats, ...u.stats },
      });
    }
    for (const t of cat.terrainTypes ?? []) {
      const had = terrainStats.get(t.id);
      terrainStats.set(t.id, {
        name: t.name ?? had?.name ?? t.id,
        stats: { ...had?.stats, ...t.stats },
      });
    }
    for (const c of cat.cards ?? []) {
      const had = cards.get(c.id);
      cards.set(c.id, { ...had, ...c, effect: { ...had?.effect, ...c.effect } });
    }
    if ('tables' in cat)
      for (const [name, table] of Object.entries((cat as CatalogDoc).tables ?? {}))
        tables[name] = table.rows;
  }
  const table = (name: string): readonly Record<string, Cell>[] => {
    const rows = tables[name];
    if (!rows?.length) throw new Missing(`catalog table "${name}" is missing or empty`);
    return rows;
  };

  const faces: string[] = [];
  const hits: Record<string, string[]> = dict();
  for (const [i, row] of table('battleDice').entries()) {
    const face = num(row.face, `tables.battleDice.rows[${i}].face`);
    if (face !== faces.length + 1)
      throw new Missing(`tables.battleDice.rows[${i}].face is ${face}; faces must run 1, 2, 3, …`);
    const symbol = String(row.symbol ?? '');
    if (!symbol) throw new Missing(`tables.battleDice.rows[${i}].symbol is missing`);
    faces.push(symbol);
    const classes = strings(row.hits, `tables.battleDice.rows[${i}].hits`);
    for (const c of classes)
      if (c !== 'tank' && c !== 'infantry' && c !== 'gun')
        throw new Missing(
          `tables.battleDice.rows[${i}].hits names "${c}", not a unit class (tank, infantry, gun)`,
        );
    hits[symbol] = classes;
  }
  const flag = String(constants.flagSymbol ?? 'flag');
  if (!faces.includes(flag))
    throw new Missing(
      `the battle die has no "${flag}" face (tables.battleDice; constants.flagSymbol names the face that makes a unit retreat)`,
    );

  const units: Record<string, UnitSpec> = dict();
  for (const [type, u] of unitStats) {
    const where = `units["${type}"]`;
    if (u.cls !== 'tank' && u.cls !== 'infantry' && u.cls !== 'gun')
      throw new Missing(`${where}.class "${u.cls}" is not tank, infantry or gun`);
    const sex = u.stats.sex;
    const soldier = u.stats.soldierUnit === true;
    units[type] = {
      type,
      name: u.name,
      cls: u.cls,
      ...(sex === 'male' || sex === 'female' ? { sex } : {}),
      move: num(u.stats.move, `${where}.stats.move`),
      closeDice: num(u.stats.closeDice, `${where}.stats.closeDice`),
      rangedDice: String(u.stats.rangedDice ?? '')
        .split(',')
        .filter((s) => s.trim() !== '')
        .map((s, i) => num(s, `${where}.stats.rangedDice[${i}]`)),
      figures: num(u.stats.figures, `${where}.stats.figures`),
      soldier,
      tankschreken: soldier && u.stats.tankschreken !== false,
      ignoreFlags:
        u.stats.ignoreFlags === undefined
          ? 0
          : num(u.stats.ignoreFlags, `${where}.stats.ignoreFlags`),
    };
    if (u.cls === 'tank' && !units[type]!.sex)
      throw new Missing(`${where}.stats.sex must be "male" or "female" (WW-1.2)`);
  }

  const terrain: Record<string, TerrainSpec> = dict();
  for (const [id, { name, stats: s }] of terrainStats)
    terrain[id] = {
      id,
      name,
      ignoreFlags: Number(s.ignoreFlags ?? 0),
      stopsMovement: s.stopsMovement === true,
      tankEntryStops: s.tankEntryStops === true,
      tankImpassable: s.tankImpassable === true,
      building: s.building === true,
      blocksLos: s.blocksLos === true,
      closeDiceReduction: Number(s.closeDiceReduction ?? 0),
    };

  const commands: Record<string, CommandCard> = dict();
  const combats: Record<string, CombatCard> = dict();
  for (const [id, c] of cards) {
    const where = `cards["${id}"]`;
    const e = c.effect;
    const vocab: readonly string[] = c.cardType === 'command' ? COMMAND_EFFECTS : COMBAT_EFFECTS;
    if (c.cardType !== 'command' && c.cardType !== 'combat')
      throw new Missing(`${where}.cardType "${c.cardType}" is neither command nor combat`);
    for (const k of Object.keys(e))
      if (!vocab.includes(k))
        throw new Missing(
          `${where}.effect.${k} is not in the ${c.cardType} card vocabulary (${vocab.join(', ')})`,
        );
    const copies = num(c.count, `${where}.count`);
    const text = c.text ?? '';
    if (c.cardType === 'command') {
      if (e.sections === undefined)
        throw new Missing(`${where}.effect.sections is missing: the sections the card orders in`);
      commands[id] = {
        id,
        name: c.name,
        text,
        copies,
        sections: String(e.sections)
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
        units: num(e.units, `${where}.effect.units`),
        dice: e.dice === undefined ? 0 : num(e.dice, `${where}.effect.dice`),
        noGainGround: !bool(e.tankMayGainGround, `${where}.effect.tankMayGainGround`, true),
      };
    } else {
      if (e.battle !== 'close' && e.battle !== 'ranged')
        throw new Missing(
          `${where}.effect.battle must be "close" or "ranged" (got ${JSON.stringify(e.battle)})`,
        );
      combats[id] = {
        id,
        name: c.name,
        text,
        copies,
        battle: e.battle,
        dice: e.dice === undefined ? 0 : num(e.dice, `${where}.effect.dice`),
        voidFlagIgnores: bool(e.voidFlagIgnores, `${where}.effect.voidFlagIgnores`, false),
        playableByTanks: bool(e.playableByTanks, `${where}.effect.playableByTanks`, false),
        noGainGround: !bool(e.tankMayGainGround, `${where}.effect.tankMayGainGround`, true),
        unorderedUnit: bool(e.unorderedUnit, `${where}.effect.unorderedUnit`, false),
      };
    }
  }
  if (Object.keys(commands).length === 0)
    throw new Missing('the catalogs have no command cards (cards with cardType "command")');

  const bogDown: Record<string, { dice: number; bogsOn: string[] }> = dict();
  for (const [i, row] of table('bogDown').entries()) {
    const bogsOn = strings(row.bogsOn, `tables.bogDown.rows[${i}].bogsOn`);
    for (const f of bogsOn)
      if (!faces.includes(f))
        throw new Missing(
          `tables.bogDown.rows[${i}].bogsOn names "${f}", which is not a face of the battle die (tables.battleDice)`,
        );
    bogDown[String(row.terrain)] = {
      dice: num(row.dice, `tables.bogDown.rows[${i}].dice`),
      bogsOn,
    };
  }

  const { options, list } = readOptions(table('interpretations'), overrides);
  return {
    faces,
    hits,
    flag,
    handSize: num(constants.handSize, 'constants.handSize'),
    combatHandSize: num(constants.combatHandSize, 'constants.combatHandSize'),
    medalsToWin: num(constants.medalsToWin, 'constants.medalsToWin'),
    flagRetreatHexes: num(constants.flagRetreatHexes, 'constants.flagRetreatHexes'),
    cardsDrawnPerTurn: num(constants.cardsDrawnPerTurn, 'constants.cardsDrawnPerTurn'),
    units,
    terrain,
    commands,
    combats,
    bogDown,
    options,
    optionList: list,
  };
}

/** The option names the engine plays, with the readings it knows for each. */
const KNOWN: Readonly<Record<keyof Ww1Options, readonly (string | boolean)[]>> = {
  stopTerrainCheck: ['positionAfterMove', 'vacatedHex'],
  tankschrekenVoidsAllIgnores: [true, false],
  maleBonusCombat: ['closeOnly', 'closeOrFire'],
  buildingGainGroundEndsBonus: [true, false],
  wireInVacatedHex: ['removeKeepBonus', 'removeNoBonus'],
  onlyOrderedTanksGainGround: [true, false],
  closeCombatSuccess: ['hexVacated'],
};

function readOptions(
  rows: readonly Record<string, Cell>[],
  overrides: Readonly<Record<string, OptionValue>>,
): { options: Ww1Options; list: OptionEntry[] } {
  const list: OptionEntry[] = [];
  const used = new Set<string>();
  for (const [i, r] of rows.entries()) {
    const option = String(r.option) as keyof Ww1Options;
    const id = String(r.id);
    const where = `tables.interpretations.rows[${i}]`;
    const known = KNOWN[option];
    if (!Object.hasOwn(KNOWN, option))
      throw new Missing(`${where}.option "${option}" is not a WWI reading the engine plays`);
    const dflt = r.default;
    if (typeof dflt !== 'string' && typeof dflt !== 'boolean')
      throw new Missing(`${where}.default must be a word or true/false`);
    const alternatives = Array.isArray(r.alternatives)
      ? r.alternatives.filter(
          (v): v is string | boolean => typeof v === 'string' || typeof v === 'boolean',
        )
      : [];
    const byId = Object.hasOwn(overrides, id) ? overrides[id] : undefined;
    const chosen = byId ?? (Object.hasOwn(overrides, option) ? overrides[option] : undefined);
    if (byId !== undefined) used.add(id);
    if (chosen !== undefined) used.add(option);
    const value = chosen ?? dflt;
    if (
      typeof value === 'number' ||
      ![dflt, ...alternatives].includes(value) ||
      !known.includes(value)
    )
      throw new Missing(
        `ruleset.options.${byId !== undefined ? id : option} is ${JSON.stringify(value)}, a reading of ${id} the WWI engine does not play; use one of ${[dflt, ...alternatives].map((v) => JSON.stringify(v)).join(', ')}`,
      );
    list.push({
      id,
      option,
      value,
      default: dflt,
      alternatives,
      meaning: String(r.meaning ?? ''),
    });
  }
  for (const k of Object.keys(KNOWN))
    if (!list.some((e) => e.option === k))
      throw new Missing(`tables.interpretations has no row for option "${k}"`);
  for (const k of Object.keys(overrides))
    if (!used.has(k))
      throw new Missing(
        `ruleset.options.${k} is not a WWI option; the options are ${list.map((e) => `${e.id} (${e.option})`).join(', ')}`,
      );
  const options = Object.fromEntries(list.map((e) => [e.option, e.value])) as unknown as Ww1Options;
  return { options, list };
}
