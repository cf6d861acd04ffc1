/**
 * WWI battle (WW-4, WW-5 for tanks, WW-6, WW-7): the plan of a battle with every modifier,
 * the hits, flags and retreats it deals, and gaining ground after it.
 */
import { dict, entry, withEntry } from '../../../game/dict';
import { accepted, invalid } from '../../../game/reducer';
import { discardCards } from '../../../random/deck';
import { Dice } from '../../../random/dice';
import { rollPool } from '../../../random/pool';
import type { CombatCard } from './data';
import {
  type HexCell,
  type Step,
  type Ww1Board,
  type Ww1Event,
  type Ww1State,
  type Ww1Unit,
} from './state';
import { cellDistance, cellKey, hexFacts, hexName, neighbours, specOf, unitAt } from './board';
import { sightBlock } from './sight';
import { checkMedals } from './medals';
import { rollsAfter, rollsFor } from './keyedDice';

/** A modifier of a battle's dice or flags, with the rule that makes it. */
export interface BattleModifier {
  readonly label: string;
  readonly value: number;
  readonly ruleId: string;
}

/** Everything decided about a battle before the dice roll. */
export interface BattlePlan {
  readonly close: boolean;
  readonly bonus: boolean;
  readonly distance: number;
  readonly baseDice: number;
  readonly dice: number;
  readonly diceModifiers: readonly BattleModifier[];
  /** Flags the target may ignore, and why (terrain, ability; voided by Tankschreken). */
  readonly ignorable: number;
  readonly flagModifiers: readonly BattleModifier[];
  /** Which classes the symbols hit: the symbols that hit this target. */
  readonly hitSymbols: readonly string[];
  readonly card?: CombatCard;
  readonly ruleIds: readonly string[];
}

export type PlanResult =
  | { readonly ok: true; readonly plan: BattlePlan }
  | { readonly ok: false; readonly reason: string; readonly ruleId?: string };

const no = (reason: string, ruleId?: string): PlanResult =>
  ruleId === undefined
    ? { ok: false, reason }
    : { ok: false, reason: reason.includes(ruleId) ? reason : `${reason} (${ruleId})`, ruleId };

/**
 * Whether a unit may battle a target now (with a combat card), and with how many dice and flag
 * ignores: WW-4 ranged (range, sight, not adjacent, a tank next to an enemy closes), WW-5 close
 * (Tankschreken, the building hex), WW-7 bonus combat, the cards' effects.
 */
export function planBattle(
  b: Ww1Board,
  s: Ww1State,
  id: string,
  targetId: string,
  cardId?: string,
  /** Plan as if the unit were ordered and the battle phase had come (the bot's look-ahead). */
  assumeOrdered = false,
): PlanResult {
  if (s.phase !== 'battle' && !assumeOrdered)
    return no(`units battle in the battle phase, not ${s.phase}`);
  const u = entry(s.units, id);
  const t = entry(s.units, targetId);
  // A combat card may let a unit battle that was not ordered this turn (WW-A6).
  const lets = cardId !== undefined && entry(b.rules.combats, cardId)?.unorderedUnit === true;
  if (!u || (!u.ordered && !u.bonusOpen && !assumeOrdered && !lets) || u.side !== s.active)
    return no(`${id} is not an ordered unit of ${s.active}`, 'WW-2.1');
  if (!t || t.side === s.active) return no(`${targetId} is not an enemy unit on the board`);
  const bonus = u.battled && !assumeOrdered;
  if (bonus && !u.bonusOpen)
    return u.bonusUsed
      ? no(`${id} has had its bonus combat`, 'WW-7.6')
      : no(`${id} has battled and has no bonus combat open`, 'WW-7.1');
  const spec = specOf(b, u);
  const tank = spec.cls === 'tank';
  const d = cellDistance(b, u.at, t.at);
  // WW-4.2: an adjacent enemy is never fired at; at one hex the battle is a close combat (WW-5.1).
  // WW-5.2: a tank next to an enemy may only battle an adjacent one (the WW-4.3 check below).
  const close = d === 1;
  const ruleIds: string[] = [];
  if (tank && u.enteredBuilding)
    return no(
      `${id} moved onto a building hex this turn and may not battle (WW-4.4, WW-5.4)`,
      close ? 'WW-5.4' : 'WW-4.4',
    );
  if (close && spec.closeDice === 0) return no(`${id} does not close combat`, 'WW-G2');
  if (!close) {
    if (tank && enemiesNext(b, s, u).length)
      return no(
        `${id} is next to an enemy: it may only close combat an adjacent enemy (WW-4.3)`,
        'WW-4.3',
      );
    if (bonus && spec.sex === 'female' && enemiesNext(b, s, u).length)
      return no(`${id} has an enemy next to it: its bonus combat is close combat`, 'WW-7.2');
    if (bonus && spec.sex !== 'female' && b.rules.options.maleBonusCombat === 'closeOnly')
      return no(`${id} is a male tank: its bonus combat is close combat only (WW-7.3)`, 'WW-7.3');
  }
  const tf = hexFacts(b, s, t.at);
  const diceModifiers: BattleModifier[] = [];
  let baseDice: number;
  if (close) {
    baseDice = spec.closeDice;
    ruleIds.push(tank ? 'WW-5.1' : 'WW-G2');
    if (tf.terrain?.closeDiceReduction)
      diceModifiers.push({
        label: `${tf.terrain.name} (target's hex)`,
        value: -tf.terrain.closeDiceReduction,
        ruleId: 'WW-G5',
      });
  } else {
    const atRange = spec.rangedDice[d - 2];
    if (atRange === undefined)
      return no(`${targetId} is out of range of ${id} (${d} hexes, WW-4.1)`, 'WW-4.1');
    const blocked = sightBlock(b, s, u.at, t.at);
    if (blocked)
      return no(
        `${id} has no line of sight to ${targetId}: ${blocked.what} at ${hexName(blocked.at)} blocks it (WW-4.1)`,
        'WW-4.1',
      );
    baseDice = atRange;
    ruleIds.push(tank ? 'WW-4.1' : 'WW-G2');
  }
  const command = s.card ? entry(b.rules.commands, s.card) : undefined;
  if (command?.dice)
    diceModifiers.push({ label: command.name, value: command.dice, ruleId: 'WW-G1' });
  let card: CombatCard | undefined;
  if (cardId !== undefined) {
    card = entry(b.rules.combats, cardId);
    if (!card) return no(`"${cardId}" is not a combat card of the catalog`, 'WW-G1');
    if (!(s.combat.hands[s.active] ?? []).includes(cardId))
      return no(`${s.active} does not hold ${card.name}`, 'WW-G1');
    if ((card.battle === 'close') !== close)
      return no(`${card.name} is played with a ${card.battle} combat`, 'WW-G1');
    if (tank && !card.playableByTanks) return no(`a tank may not play ${card.name}`, 'WW-5.5');
    if (tank) ruleIds.push('WW-5.5');
    if (card.dice) diceModifiers.push({ label: card.name, value: card.dice, ruleId: 'WW-G1' });
  }
  const dice = Math.max(0, baseDice + diceModifiers.reduce((n, m) => n + m.value, 0));
  // Flag ignores: the target's terrain and its own ability (WW-G4); WW-5.3 Tankschreken voids them
  // in a tank's close combat against a soldier unit, except on a building hex or for field
  // artillery, which keep their terrain ignores (WW-A2 says which sources go).
  const tspec = specOf(b, t);
  const flagModifiers: BattleModifier[] = [];
  const terrainIgnore = tf.terrain?.ignoreFlags ?? 0;
  if (terrainIgnore)
    flagModifiers.push({
      label: `${tf.terrain!.name} (terrain)`,
      value: terrainIgnore,
      ruleId: 'WW-G5',
    });
  if (tspec.ignoreFlags)
    flagModifiers.push({
      label: `${tspec.name} (unit)`,
      value: tspec.ignoreFlags,
      ruleId: 'WW-G8',
    });
  let ignorable = terrainIgnore + tspec.ignoreFlags;
  if (tank && close && tspec.soldier) {
    const keepsTerrain = tf.building || !tspec.tankschreken;
    const all = b.rules.options.tankschrekenVoidsAllIgnores;
    const kept = (keepsTerrain ? terrainIgnore : 0) + (all ? 0 : tspec.ignoreFlags);
    if (kept < ignorable) {
      flagModifiers.push({ label: 'Tankschreken', value: kept - ignorable, ruleId: 'WW-5.3' });
      ruleIds.push('WW-5.3', 'WW-A2');
    } else if (keepsTerrain && terrainIgnore) ruleIds.push(tf.building ? 'WW-5.3(a)' : 'WW-5.3(b)');
    ignorable = kept;
  }
  if (card?.voidFlagIgnores && ignorable > 0) {
    flagModifiers.push({ label: card.name, value: -ignorable, ruleId: 'WW-G1' });
    ignorable = 0;
  }
  if (bonus) ruleIds.push(close ? 'WW-7.1' : 'WW-7.2');
  const hitSymbols = [...new Set(b.rules.faces)].filter((f) =>
    (entry(b.rules.hits, f) ?? []).includes(tspec.cls),
  );
  return {
    ok: true,
    plan: {
      close,
      bonus,
      distance: d,
      baseDice,
      dice,
      diceModifiers,
      ignorable,
      flagModifiers,
      hitSymbols,
      ...(card ? { card } : {}),
      ruleIds,
    },
  };
}

/** The outcome of a number of hits and flags on a target, given the state before the roll. */
export interface Outcome {
  readonly figures: number;
  readonly at: HexCell;
  readonly eliminated: boolean;
  readonly vacated: boolean;
  readonly events: readonly Ww1Event[];
}

/**
 * Hits remove figures; each flag not ignored moves the target `flagRetreatHexes` toward its own
 * edge, and a retreat that is blocked costs a figure instead (WW-G4).
 */
export function resolveHits(
  b: Ww1Board,
  s: Pick<Ww1State, 'units'>,
  targetId: string,
  hits: number,
  flagsLeft: number,
): Outcome {
  const t = s.units[targetId]!;
  const events: Ww1Event[] = [];
  let figures = t.figures;
  for (let i = 0; i < hits && figures > 0; i++) {
    figures -= 1;
    events.push({ type: 'figureLost', unit: targetId, left: figures, why: 'hit' });
  }
  let at = t.at;
  const retreats = flagsLeft * b.rules.flagRetreatHexes;
  for (let i = 0; i < retreats && figures > 0; i++) {
    const back = neighbours(b, at).find(
      (c) => c.row - at.row === b.retreatRow[t.side] && !unitAt(s, c),
    );
    if (back) {
      at = back;
      events.push({ type: 'retreated', unit: targetId, to: at });
    } else {
      figures -= 1;
      events.push({ type: 'figureLost', unit: targetId, left: figures, why: 'retreatBlocked' });
    }
  }
  const eliminated = figures <= 0;
  return { figures, at, eliminated, vacated: eliminated || cellKey(at) !== cellKey(t.at), events };
}

export function battle(
  b: Ww1Board,
  s: Ww1State,
  id: string,
  targetId: string,
  cardId?: string,
): Step {
  const p = planBattle(b, s, id, targetId, cardId);
  if (!p.ok) return invalid(p.reason, p.ruleId);
  const plan = p.plan;
  const u = s.units[id]!;
  const t = s.units[targetId]!;
  const tank = specOf(b, u).cls === 'tank';
  const events: Ww1Event[] = [];
  let combat = s.combat;
  if (plan.card) {
    const r = discardCards(combat, s.active, [plan.card.id]);
    if (!r.ok) return r;
    combat = r.state;
    events.push({
      type: 'combatCard',
      side: s.active,
      unit: id,
      card: plan.card.id,
      ruleId: tank ? 'WW-5.5' : 'WW-G1',
    });
    events.push(
      ...r.events.map((event) => ({ type: 'deck' as const, event, deck: 'combat' as const })),
    );
  }
  const rng = new Dice(rollsFor(s, `battle ${id} ${targetId}${u.battled ? ' bonus' : ''}`));
  const roll = rollPool(rng, { count: plan.dice, faces: b.rules.faces });
  const hits = roll.shown.filter((f) => plan.hitSymbols.includes(f)).length;
  const flags = roll.shown.filter((f) => f === b.rules.flag).length;
  const flagsIgnored = Math.min(flags, plan.ignorable);
  events.push({
    type: 'battle',
    unit: id,
    target: targetId,
    close: plan.close,
    bonus: plan.bonus,
    dice: plan.dice,
    shown: roll.shown,
    naturals: roll.naturals,
    hits,
    flags,
    flagsIgnored,
    ruleIds: plan.ruleIds,
  });
  const out = resolveHits(b, s, targetId, hits, flags - flagsIgnored);
  events.push(...out.events);
  let units = withEntry(s.units, id, {
    ...u,
    battled: true,
    bonusOpen: false,
    bonusUsed: u.bonusUsed || plan.bonus,
  });
  let kills = s.kills;
  if (out.eliminated) {
    const rest = dict(units);
    delete rest[targetId];
    units = rest;
    kills = withEntry(kills, s.active, (kills[s.active] ?? 0) + 1);
    events.push({ type: 'eliminated', unit: targetId, medalTo: s.active });
  } else units = withEntry(units, targetId, { ...t, figures: out.figures, at: out.at });
  let state: Ww1State = {
    ...s,
    units,
    kills,
    combat,
    combatPlayed: s.combatPlayed + (plan.card ? 1 : 0),
  };
  // WW-6.1, WW-A7: an ordered tank's close combat succeeds when the defender's hex is vacated.
  if (tank && plan.close && out.vacated) state = gainGround(b, state, id, t.at, plan, events, rng);
  state = { ...state, rng: rollsAfter(s, rng) };
  return accepted(checkMedals(b, state, events), events);
}

export function enemiesNext(b: Ww1Board, s: Ww1State, u: Ww1Unit): Ww1Unit[] {
  return Object.values(s.units).filter(
    (o) => o.side !== u.side && cellDistance(b, u.at, o.at) === 1,
  );
}

/** The two combat cards the tank rules name (ww1.catalog.json), each its own clause of WW-6.3. */
const CARD_CLAUSE: Readonly<Record<string, string>> = {
  'ww1.card.surpriseAmbush': 'WW-6.3(c)',
  'ww1.card.buttAndBayonet': 'WW-6.3(d)',
};

/**
 * WW-6 gaining ground (mandatory) and the bog-down roll that opens the bonus combat (WW-7). A
 * bonus close combat that succeeds comes here again (WW-7.7): the tank gains ground and rolls for
 * bog-down again, and no further bonus opens (WW-7.6).
 */
function gainGround(
  b: Ww1Board,
  s: Ww1State,
  id: string,
  to: HexCell,
  plan: BattlePlan,
  events: Ww1Event[],
  rng: Dice,
): Ww1State {
  const u = s.units[id]!;
  const opt = b.rules.options;
  const refuse = (ruleId: string): Ww1State => {
    events.push({ type: 'noGainGround', unit: id, ruleId });
    return s;
  };
  const f = hexFacts(b, s, to);
  if (!u.ordered && opt.onlyOrderedTanksGainGround) return refuse('WW-A6');
  if (opt.stopTerrainCheck === 'positionAfterMove' && u.stopped) return refuse('WW-6.3(a)');
  if (opt.stopTerrainCheck === 'vacatedHex' && f.stopsMovement && !f.wire)
    return refuse('WW-6.3(a)');
  if (entry(b.rules.commands, s.card ?? '')?.noGainGround) return refuse('WW-6.3(b)');
  // The two combat cards the tank rules name, each its own clause of WW-6.3.
  if (plan.card?.noGainGround)
    return refuse(Object.hasOwn(CARD_CLAUSE, plan.card.id) ? CARD_CLAUSE[plan.card.id]! : 'WW-6.3');
  if (unitAt(s, to) || f.terrain?.tankImpassable) return refuse('WW-6.3(e)');
  let wire = s.wireCleared;
  const intoWire = f.wire;
  if (intoWire) {
    wire = [...wire, cellKey(to)];
    events.push({ type: 'wireRemoved', at: to, ruleId: 'WW-3.2' });
  }
  events.push({ type: 'gainedGround', unit: id, to, ruleId: 'WW-6.2' });
  const after = hexFacts(b, { wireCleared: wire }, to);
  const bog = entry(b.rules.bogDown, after.terrain?.id ?? '') ?? entry(b.rules.bogDown, 'clear');
  const roll = bog ? rollPool(rng, { count: bog.dice, faces: b.rules.faces }) : undefined;
  const bogged = bog && roll ? roll.shown.some((x) => bog.bogsOn.includes(x)) : false;
  events.push({
    type: 'bogDown',
    unit: id,
    shown: roll?.shown ?? [],
    naturals: roll?.naturals ?? [],
    bogged,
  });
  // WW-7.4 bogged: no bonus; WW-A4 into a building: no bonus; WW-A5 wire; WW-7.6 once per turn.
  // WW-7.5: terrain that keeps the tank out of the hex (WW-6.3(e) above) ends both.
  const building = after.building;
  let why: string | undefined;
  if (bogged) why = 'WW-7.4';
  else if (building && opt.buildingGainGroundEndsBonus) why = 'WW-A4';
  else if (intoWire && opt.wireInVacatedHex === 'removeNoBonus') why = 'WW-A5';
  else if (u.bonusUsed || plan.bonus) why = 'WW-7.6';
  events.push(
    why
      ? { type: 'noBonus', unit: id, ruleId: why }
      : { type: 'bonusOpen', unit: id, ruleId: 'WW-7.1' },
  );
  // Gaining ground into stop terrain stops the tank there (WW-A1): a later success does not move it.
  const stopsThere = after.stopsMovement || (after.terrain?.tankEntryStops ?? false);
  return {
    ...s,
    wireCleared: wire,
    units: withEntry(s.units, id, {
      ...u,
      at: to,
      stopped: u.stopped || stopsThere,
      bogged: u.bogged || bogged,
      boggedNow: bogged,
      enteredBuilding: u.enteredBuilding || building,
      bonusOpen: !why,
      bonusUsed: u.bonusUsed || plan.bonus,
    }),
  };
}
