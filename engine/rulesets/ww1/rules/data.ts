import type { CatalogDoc, Cell, Stats } from '../../../format';

/**
 * The WWI rules' numbers, read from the ruleset's catalogs: the sourced tank layer (male/female,
 * soldier units, the cards that stop gaining ground) and the placeholder base-game layer (battle
 * die, dice by range, terrain, command deck, bog-down, medals). Missing data is refused with the
 * catalog field named, so a scenario never plays on invented numbers.
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
  /** A soldier unit (WW-5.3: Tankschreken applies to it). */
  readonly soldier: boolean;
}

export interface TerrainSpec {
  readonly id: string;
  readonly ignoreFlags: number;
  readonly stopsMovement: boolean;
  readonly tankEntryStops: boolean;
  readonly building: boolean;
  readonly blocksLos: boolean;
  readonly closeDiceReduction: number;
}

export interface CommandOrder {
  readonly card: string;
  readonly sections: readonly string[];
  readonly units: number;
  readonly copies: number;
  /** WW-6.3(b): a tank ordered by this card does not gain ground. */
  readonly noGainGround: boolean;
}

export interface Ww1Rules {
  /** The battle die: the symbol of face n at index n - 1. */
  readonly faces: readonly string[];
  /** Which unit classes each symbol hits. */
  readonly hits: Readonly<Record<string, readonly string[]>>;
  readonly handSize: number;
  readonly medalsToWin: number;
  readonly flagRetreatHexes: number;
  readonly cardsDrawnPerTurn: number;
  readonly units: Readonly<Record<string, UnitSpec>>;
  readonly terrain: Readonly<Record<string, TerrainSpec>>;
  readonly orders: Readonly<Record<string, CommandOrder>>;
  readonly bogDown: Readonly<Record<string, { dice: number; bogsOn: readonly string[] }>>;
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

/** Reads the rules from the catalogs a scenario plays with (later catalogs add to earlier). */
export function readWw1Rules(catalogs: readonly CatalogDoc[]): RulesRead {
  try {
    return { ok: true, rules: read(catalogs) };
  } catch (e) {
    if (e instanceof Missing) return { ok: false, reason: e.message };
    throw e;
  }
}

function read(catalogs: readonly CatalogDoc[]): Ww1Rules {
  const constants: Stats = {};
  const unitStats = new Map<string, { name: string; cls: string; stats: Stats }>();
  const terrainStats = new Map<string, Stats>();
  const cardEffects = new Map<string, Stats>();
  const tables: Record<string, readonly Record<string, Cell>[]> = {};
  for (const cat of catalogs) {
    Object.assign(constants, cat.constants ?? {});
    for (const u of cat.units ?? []) {
      const had = unitStats.get(u.id);
      unitStats.set(u.id, {
        name: u.name,
        cls: u.class ?? had?.cls ?? '',
        stats: { ...had?.stats, ...u.stats },
      });
    }
    for (const t of cat.terrainTypes ?? [])
      terrainStats.set(t.id, { ...terrainStats.get(t.id), ...t.stats });
    for (const c of cat.cards ?? [])
      cardEffects.set(c.id, { ...cardEffects.get(c.id), ...c.effect });
    for (const [name, table] of Object.entries(cat.tables ?? {})) tables[name] = table.rows;
  }
  const table = (name: string): readonly Record<string, Cell>[] => {
    const rows = tables[name];
    if (!rows?.length) throw new Missing(`catalog table "${name}" is missing or empty`);
    return rows;
  };

  const faces: string[] = [];
  const hits: Record<string, string[]> = {};
  for (const [i, row] of table('battleDice').entries()) {
    const face = num(row.face, `tables.battleDice.rows[${i}].face`);
    if (face !== faces.length + 1)
      throw new Missing(`tables.battleDice.rows[${i}].face is ${face}; faces must run 1, 2, 3, …`);
    const symbol = String(row.symbol ?? '');
    if (!symbol) throw new Missing(`tables.battleDice.rows[${i}].symbol is missing`);
    faces.push(symbol);
    hits[symbol] = strings(row.hits, `tables.battleDice.rows[${i}].hits`);
  }

  const units: Record<string, UnitSpec> = {};
  for (const [type, u] of unitStats) {
    const where = `units["${type}"]`;
    if (u.cls !== 'tank' && u.cls !== 'infantry' && u.cls !== 'gun')
      throw new Missing(`${where}.class "${u.cls}" is not tank, infantry or gun`);
    const sex = u.stats.sex;
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
      soldier: u.stats.soldierUnit === true,
    };
    if (u.cls === 'tank' && !units[type]!.sex)
      throw new Missing(`${where}.stats.sex must be "male" or "female" (WW-1.2)`);
  }

  const terrain: Record<string, TerrainSpec> = {};
  for (const [id, s] of terrainStats)
    terrain[id] = {
      id,
      ignoreFlags: Number(s.ignoreFlags ?? 0),
      stopsMovement: s.stopsMovement === true,
      tankEntryStops: s.tankEntryStops === true,
      building: s.building === true,
      blocksLos: s.blocksLos === true,
      closeDiceReduction: Number(s.closeDiceReduction ?? 0),
    };

  const orders: Record<string, CommandOrder> = {};
  for (const [i, row] of table('commandOrders').entries()) {
    const card = String(row.card ?? '');
    if (!cardEffects.has(card))
      throw new Missing(`tables.commandOrders.rows[${i}].card "${card}" is not a catalog card`);
    orders[card] = {
      card,
      sections: strings(row.sections, `tables.commandOrders.rows[${i}].sections`),
      units: num(row.units, `tables.commandOrders.rows[${i}].units`),
      copies: num(row.copies, `tables.commandOrders.rows[${i}].copies`),
      noGainGround: cardEffects.get(card)!.tankMayGainGround === false,
    };
  }

  const bogDown: Record<string, { dice: number; bogsOn: string[] }> = {};
  for (const [i, row] of table('bogDown').entries())
    bogDown[String(row.terrain)] = {
      dice: num(row.dice, `tables.bogDown.rows[${i}].dice`),
      bogsOn: strings(row.bogsOn, `tables.bogDown.rows[${i}].bogsOn`),
    };

  return {
    faces,
    hits,
    handSize: num(constants.handSize, 'constants.handSize'),
    medalsToWin: num(constants.medalsToWin, 'constants.medalsToWin'),
    flagRetreatHexes: num(constants.flagRetreatHexes, 'constants.flagRetreatHexes'),
    cardsDrawnPerTurn: num(constants.cardsDrawnPerTurn, 'constants.cardsDrawnPerTurn'),
    units,
    terrain,
    orders,
    bogDown,
  };
}
