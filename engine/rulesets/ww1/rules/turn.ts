import type { HexMap, ScenarioDoc } from '../../../format';
import { dict, entry, withEntry, type Dict } from '../../../game/dict';
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import { hexDistance, hexNeighbours, type Axial } from '../../../hex/coords';
import { hexLabel } from '../../../hex/grid';
import { hexLine } from '../../../hex/line';
import { axialToOffset, offsetToAxial } from '../../../hex/offset';
import {
  discardCards,
  drawCards,
  newDeck,
  type DeckEvent,
  type DeckState,
} from '../../../random/deck';
import { Dice, seedRng, type RngState } from '../../../random/dice';
import { rollPool } from '../../../random/pool';
import type { CombatCard, TerrainSpec, UnitSpec, Ww1Rules } from './data';

/**
 * One WWI turn as a pure reducer: play a command card (WW-G1), order units in its sections, move
 * them on the hexes (wire and stop-movement terrain; WW-3 for tanks), battle with the battle dice
 * by range (WW-4, WW-5 for tanks; a tank follows the general phases, WW-2), a combat card with a battle, hits, flags and retreats, gaining
 * ground and bog-down (WW-6), the bonus combat (WW-7), then draw and count medals (WW-G7).
 */

export interface HexCell {
  readonly col: number;
  readonly row: number;
}

export interface Ww1Unit {
  readonly id: string;
  readonly side: string;
  readonly type: string;
  readonly at: HexCell;
  readonly figures: number;
  readonly ordered: boolean;
  readonly moved: boolean;
  /** It entered a hex this turn that ends movement (WW-6.3(a), WW-A1). */
  readonly stopped: boolean;
  /** It moved onto a building hex this turn (WW-4.4, WW-5.4, WW-A4). */
  readonly enteredBuilding: boolean;
  readonly battled: boolean;
  /** Gained ground without bogging down: one bonus combat is open (WW-7.1). */
  readonly bonusOpen: boolean;
  readonly bonusUsed: boolean;
  /** Bogged down: it may not move in its side's next turn (placeholder effect, WW-G3). */
  readonly bogged: boolean;
  /** It bogged down in this turn (the hold lasts through its side's next turn). */
  readonly boggedNow: boolean;
}

export type Ww1Phase = 'play' | 'order' | 'move' | 'battle' | 'over';

export interface Ww1State {
  readonly turn: number;
  readonly sides: readonly string[];
  readonly active: string;
  readonly phase: Ww1Phase;
  /** The command card played this turn. */
  readonly card?: string;
  /** The command deck and each side's hand of command cards. */
  readonly deck: DeckState;
  /** The combat deck and each side's hand of combat cards. */
  readonly combat: DeckState;
  /** Combat cards the active side played this turn (it draws as many at the end). */
  readonly combatPlayed: number;
  readonly rng: RngState;
  readonly units: Dict<Ww1Unit>;
  /** Hexes whose wire tanks removed (WW-3.2), as "col,row". */
  readonly wireCleared: readonly string[];
  /** Medals for enemy units eliminated, by side. */
  readonly kills: Dict<number>;
  /** Medals by side: kills plus the objectives held now. */
  readonly medals: Dict<number>;
  /** Ends the game as a draw or on medals after this many turns (each side's turn counts). */
  readonly turnLimit?: number;
  readonly winner?: string;
}

export type Ww1Action =
  | { readonly type: 'playCard'; readonly card: string }
  | { readonly type: 'order'; readonly units: readonly string[] }
  | { readonly type: 'move'; readonly unit: string; readonly path: readonly HexCell[] }
  | { readonly type: 'endOrders' }
  | { readonly type: 'endMoves' }
  | {
      readonly type: 'battle';
      readonly unit: string;
      readonly target: string;
      /** A combat card from the side's hand played with this battle. */
      readonly card?: string;
    }
  | { readonly type: 'endTurn' };

export type Ww1Event =
  | { readonly type: 'deck'; readonly event: DeckEvent; readonly deck: 'command' | 'combat' }
  | { readonly type: 'cardPlayed'; readonly side: string; readonly card: string }
  | { readonly type: 'ordered'; readonly units: readonly string[] }
  | {
      readonly type: 'moved';
      readonly unit: string;
      readonly path: readonly HexCell[];
      readonly to: HexCell;
    }
  | { readonly type: 'wireRemoved'; readonly at: HexCell; readonly ruleId: 'WW-3.2' }
  | {
      readonly type: 'combatCard';
      readonly side: string;
      readonly unit: string;
      readonly card: string;
      readonly ruleId: string;
    }
  | {
      readonly type: 'battle';
      readonly unit: string;
      readonly target: string;
      readonly close: boolean;
      readonly bonus: boolean;
      readonly dice: number;
      readonly shown: readonly string[];
      readonly naturals: readonly number[];
      readonly hits: number;
      readonly flags: number;
      readonly flagsIgnored: number;
      readonly ruleIds: readonly string[];
    }
  | { readonly type: 'retreated'; readonly unit: string; readonly to: HexCell }
  | {
      readonly type: 'figureLost';
      readonly unit: string;
      readonly left: number;
      readonly why: 'hit' | 'retreatBlocked';
    }
  | { readonly type: 'eliminated'; readonly unit: string; readonly medalTo: string }
  | {
      readonly type: 'gainedGround';
      readonly unit: string;
      readonly to: HexCell;
      readonly ruleId: 'WW-6.2';
    }
  | { readonly type: 'noGainGround'; readonly unit: string; readonly ruleId: string }
  | {
      readonly type: 'bogDown';
      readonly unit: string;
      readonly shown: readonly string[];
      readonly naturals: readonly number[];
      readonly bogged: boolean;
    }
  | { readonly type: 'bonusOpen'; readonly unit: string; readonly ruleId: string }
  | { readonly type: 'noBonus'; readonly unit: string; readonly ruleId: string }
  | { readonly type: 'medals'; readonly medals: Dict<number> }
  | { readonly type: 'turnEnded'; readonly side: string; readonly next: string }
  | { readonly type: 'won'; readonly side: string; readonly medals: number }
  | { readonly type: 'draw'; readonly turn: number };

/** An objective worth a medal to its owner while one of its units stands in it. */
export interface MedalObjective {
  readonly id: string;
  readonly name: string;
  readonly owner: string;
  readonly hexes: readonly HexCell[];
  readonly medals: number;
}

/** The board a game plays on: the scenario's hex map with its terrain and sections. */
export interface Ww1Board {
  readonly map: HexMap;
  readonly rules: Ww1Rules;
  /** Which way each side retreats: -1 toward row 0 (north edge), +1 toward the last row. */
  readonly retreatRow: Dict<-1 | 1>;
  readonly medalsToWin: number;
  readonly objectives: readonly MedalObjective[];
  /** The scenario's hexes by "col,row". */
  readonly hexes: ReadonlyMap<string, HexMap['hexes'][number]>;
  /** The map's sections, or its columns in three equal thirds when it names none (WW-G7). */
  readonly sections: NonNullable<HexMap['sections']>;
}

/** Left, centre and right thirds of a map's columns, for a map that names no sections. */
export function thirds(columns: number): NonNullable<HexMap['sections']> {
  const a = Math.ceil(columns / 3);
  const b = Math.ceil((2 * columns) / 3);
  return [
    { id: 'left', name: 'Left flank', fromCol: 0, toCol: a - 1 },
    { id: 'centre', name: 'Centre', fromCol: a, toCol: b - 1 },
    { id: 'right', name: 'Right flank', fromCol: b, toCol: columns - 1 },
  ];
}

export const cellKey = (c: HexCell): string => `${c.col},${c.row}`;

/** A hex as the map prints it (column and row, 1-based: 0507), for messages. */
export const hexName = (c: HexCell): string => hexLabel(c.col, c.row);

const toAxial = (b: Ww1Board, c: HexCell): Axial => offsetToAxial(b.map, c);

export function cellDistance(b: Ww1Board, a: HexCell, c: HexCell): number {
  return hexDistance(toAxial(b, a), toAxial(b, c));
}

export function neighbours(b: Ww1Board, c: HexCell): HexCell[] {
  return hexNeighbours(toAxial(b, c))
    .map((h) => axialToOffset(b.map, h))
    .filter((h) => h.col >= 0 && h.row >= 0 && h.col < b.map.columns && h.row < b.map.rows)
    .map((h) => ({ col: h.col, row: h.row }));
}

export interface HexFacts {
  readonly terrain: TerrainSpec | undefined;
  readonly wire: boolean;
  readonly building: boolean;
  readonly stopsMovement: boolean;
}

export function hexFacts(b: Ww1Board, s: Pick<Ww1State, 'wireCleared'>, c: HexCell): HexFacts {
  const hex = b.hexes.get(cellKey(c));
  const cleared = s.wireCleared.includes(cellKey(c));
  let id = hex?.terrain ?? b.map.defaultTerrain ?? 'clear';
  if (cleared && id === 'wire') id = b.map.defaultTerrain ?? 'clear';
  const terrain = entry(b.rules.terrain, id);
  const wire = !cleared && (hex?.wire === true || id === 'wire');
  return {
    terrain,
    wire,
    building: hex?.building === true || terrain?.building === true,
    stopsMovement:
      (hex?.stopsMovement === true && !(cleared && hex.wire === true)) ||
      terrain?.stopsMovement === true ||
      wire,
  };
}

/** Units by hex, built once per units record (states never change in place). */
const OCCUPANCY = new WeakMap<Dict<Ww1Unit>, Map<string, Ww1Unit>>();

export function unitAt(s: Pick<Ww1State, 'units'>, c: HexCell): Ww1Unit | undefined {
  let byHex = OCCUPANCY.get(s.units);
  if (!byHex) {
    byHex = new Map(Object.values(s.units).map((u) => [cellKey(u.at), u]));
    OCCUPANCY.set(s.units, byHex);
  }
  return byHex.get(cellKey(c));
}

export function sectionsOf(b: Ww1Board, c: HexCell): string[] {
  return b.sections
    .filter((sec) => c.col >= sec.fromCol && c.col <= sec.toCol)
    .map((sec) => sec.id);
}

export const specOf = (b: Ww1Board, u: Ww1Unit): UnitSpec => b.rules.units[u.type]!;

const other = (s: Ww1State, side: string): string =>
  s.sides[(s.sides.indexOf(side) + 1) % s.sides.length]!;

type Made = { ok: true; board: Ww1Board; state: Ww1State } | { ok: false; reason: string };

/** Sets up the board and the first state of a game, or says which scenario field is wrong. */
export function setUpWw1(
  scenario: ScenarioDoc,
  rules: Ww1Rules,
  seed: number,
  turnLimit?: number,
): Made {
  const map = scenario.map;
  if (map.kind !== 'hex') return { ok: false, reason: 'map.kind must be "hex" for the WWI rules' };
  const sides = (scenario.forces?.sides ?? []).map((s) => s.id);
  if (sides.length !== 2)
    return { ok: false, reason: `forces.sides has ${sides.length} sides; the WWI rules need 2` };
  const sections = map.sections?.length ? map.sections : thirds(map.columns);
  const sectionIds = new Set(sections.map((s) => s.id));
  for (const c of Object.values(rules.commands))
    for (const sec of c.sections)
      if (!sectionIds.has(sec))
        return {
          ok: false,
          reason: `cards["${c.id}"].effect.sections names section "${sec}", which map.sections lacks (${[...sectionIds].join(', ')})`,
        };
  for (const [i, h] of map.hexes.entries()) {
    const t = h.terrain;
    if (t !== undefined && !entry(rules.terrain, t))
      return {
        ok: false,
        reason: `map.hexes[${i}] (${h.col},${h.row}) has terrain "${t}", which the catalog's terrainTypes lack`,
      };
  }
  const retreatRow: Record<string, -1 | 1> = dict();
  for (const e of scenario.deployment?.entryEdges ?? [])
    if (e.side && (e.edge === 'north' || e.edge === 'south'))
      retreatRow[e.side] = e.edge === 'north' ? -1 : 1;
  for (const [i, side] of sides.entries()) retreatRow[side] ??= i === 0 ? 1 : -1;
  const units: Record<string, Ww1Unit> = dict();
  const taken = new Set<string>();
  for (const side of scenario.forces!.sides)
    for (const f of side.formations ?? [])
      for (const u of f.units) {
        const spec = entry(rules.units, u.type);
        if (!spec)
          return {
            ok: false,
            reason: `unit ${u.id}: type "${u.type}" is not in the catalog's units; add it or change forces`,
          };
        const p = u.position as Partial<HexCell> | undefined;
        if (typeof p?.col !== 'number' || typeof p.row !== 'number')
          return { ok: false, reason: `unit ${u.id}: position must be a hex {col, row}` };
        if (p.col < 0 || p.row < 0 || p.col >= map.columns || p.row >= map.rows)
          return { ok: false, reason: `unit ${u.id}: hex ${p.col},${p.row} is off the map` };
        const k = `${p.col},${p.row}`;
        if (taken.has(k))
          return {
            ok: false,
            reason: `unit ${u.id}: hex ${k} already holds a unit (one unit a hex)`,
          };
        taken.add(k);
        units[u.id] = freshUnit({
          id: u.id,
          side: side.id,
          type: u.type,
          at: { col: p.col, row: p.row },
          figures: spec.figures,
        });
      }
  const objectives: MedalObjective[] = [];
  for (const o of scenario.objectives ?? [])
    if (o.owner && o.area?.shape === 'hexes' && sides.includes(o.owner))
      objectives.push({
        id: o.id,
        name: o.name ?? o.id,
        owner: o.owner,
        hexes: o.area.hexes.map((h) => ({ col: h.col, row: h.row })),
        medals: o.victoryPoints ?? 1,
      });
  const board: Ww1Board = {
    map,
    rules,
    retreatRow,
    medalsToWin: scenario.victory?.pointsToWin ?? rules.medalsToWin,
    objectives,
    hexes: new Map(map.hexes.map((h) => [`${h.col},${h.row}`, h])),
    sections,
  };
  const dice = new Dice(seedRng(seed));
  const commandCards = Object.values(rules.commands).flatMap((c) =>
    Array<string>(c.copies).fill(c.id),
  );
  const combatCards = Object.values(rules.combats).flatMap((c) =>
    Array<string>(c.copies).fill(c.id),
  );
  let deck = newDeck(commandCards, sides, dice).deck;
  let combat = newDeck(combatCards, sides, dice).deck;
  for (const side of sides) {
    const r = drawCards(deck, side, rules.handSize, dice);
    if (!r.ok) return { ok: false, reason: r.reason };
    deck = r.state;
    const c = drawCards(combat, side, rules.combatHandSize, dice);
    if (!c.ok) return { ok: false, reason: c.reason };
    combat = c.state;
  }
  const zero = dict(sides.map((s): [string, number] => [s, 0]));
  const limit = turnLimit ?? scenario.victory?.turnLimit;
  const state: Ww1State = {
    turn: 1,
    sides,
    active: sides[0]!,
    phase: 'play',
    deck,
    combat,
    combatPlayed: 0,
    rng: dice.state(),
    units,
    wireCleared: [],
    kills: zero,
    medals: zero,
    ...(limit !== undefined ? { turnLimit: limit } : {}),
  };
  return { ok: true, board, state: { ...state, medals: medalsOf(board, state) } };
}

function freshUnit(
  u: Pick<Ww1Unit, 'id' | 'side' | 'type' | 'at' | 'figures'> & { bogged?: boolean },
): Ww1Unit {
  return {
    id: u.id,
    side: u.side,
    type: u.type,
    at: u.at,
    figures: u.figures,
    ordered: false,
    moved: false,
    stopped: false,
    enteredBuilding: false,
    battled: false,
    bonusOpen: false,
    bonusUsed: false,
    bogged: u.bogged ?? false,
    boggedNow: false,
  };
}

/** The hexes a line between two hexes passes through on each tie path, ends included. */
export function sightLine(
  b: Ww1Board,
  from: HexCell,
  to: HexCell,
  tie: 'left' | 'right',
): HexCell[] {
  return hexLine(toAxial(b, from), toAxial(b, to), tie).hexes.map((h) => {
    const c = axialToOffset(b.map, h);
    return { col: c.col, row: c.row };
  });
}

/** What blocks the line between two hexes (WW-G6), or undefined when one tie path is clear. */
export function sightBlock(
  b: Ww1Board,
  s: Pick<Ww1State, 'units' | 'wireCleared'>,
  from: HexCell,
  to: HexCell,
): { at: HexCell; what: string } | undefined {
  let first: { at: HexCell; what: string } | undefined;
  for (const tie of ['left', 'right'] as const) {
    const blocked = sightLine(b, from, to, tie)
      .slice(1, -1)
      .map((c) => {
        const u = unitAt(s, c);
        if (u) return { at: c, what: `unit ${u.id}` };
        const t = hexFacts(b, s, c).terrain;
        return t?.blocksLos ? { at: c, what: t.name } : undefined;
      })
      .find((x) => x !== undefined);
    if (!blocked) return undefined;
    first ??= blocked;
  }
  return first;
}

/** Clear sight between two hexes: no blocking terrain or unit between them on either tie path. */
export function hasSight(b: Ww1Board, s: Ww1State, from: HexCell, to: HexCell): boolean {
  return sightBlock(b, s, from, to) === undefined;
}

type Step = Reduction<Ww1State, Ww1Event>;

/** Applies one action of the active side. */
export function reduceWw1(b: Ww1Board, s: Ww1State, action: Ww1Action): Step {
  if (s.phase === 'over') return invalid(`the game is over: ${s.winner ?? 'nobody'} won`);
  switch (action.type) {
    case 'playCard':
      return playCard(b, s, action.card);
    case 'order':
      return order(b, s, action.units);
    case 'move':
      return move(b, s.phase === 'order' ? { ...s, phase: 'move' } : s, action.unit, action.path);
    case 'endOrders':
      if (s.phase !== 'order') return invalid(`endOrders comes in the order phase, not ${s.phase}`);
      return accepted({ ...s, phase: 'move' }, []);
    case 'endMoves':
      if (s.phase !== 'move' && s.phase !== 'order')
        return invalid(`endMoves comes in the order or move phase, not ${s.phase}`);
      return accepted({ ...s, phase: 'battle' }, []);
    case 'battle':
      return battle(b, s, action.unit, action.target, action.card);
    case 'endTurn':
      return endTurn(b, s);
  }
}

function playCard(b: Ww1Board, s: Ww1State, card: string): Step {
  if (s.phase !== 'play')
    return invalid(`a card is played at the start of a turn, not in ${s.phase}`, 'WW-G1');
  if (!entry(b.rules.commands, card))
    return invalid(`card "${card}" is not a command card of the catalog`, 'WW-G1');
  const r = discardCards(s.deck, s.active, [card]);
  if (!r.ok) return r;
  return accepted({ ...s, deck: r.state, card, phase: 'order' }, [
    { type: 'cardPlayed', side: s.active, card },
    ...r.events.map((event) => ({ type: 'deck' as const, event, deck: 'command' as const })),
  ]);
}

/** Why a unit may not be ordered by the card played now, or undefined when it may. */
export function orderProblem(b: Ww1Board, s: Ww1State, id: string): string | undefined {
  const o = s.card ? entry(b.rules.commands, s.card) : undefined;
  if (!o) return 'no command card has been played';
  const u = entry(s.units, id);
  if (!u) return `no unit "${id}" on the board`;
  if (u.side !== s.active) return `${id} is not a unit of ${s.active}`;
  if (u.ordered) return `${id} is ordered already`;
  if (!sectionsOf(b, u.at).some((sec) => o.sections.includes(sec)))
    return `${id} at ${hexName(u.at)} is not in ${o.sections.join(' or ')} (${o.name})`;
  const done = Object.values(s.units).filter((x) => x.ordered).length;
  if (done >= o.units)
    return `${o.name} orders ${o.units} unit${o.units === 1 ? '' : 's'}, all given`;
  return undefined;
}

function order(b: Ww1Board, s: Ww1State, ids: readonly string[]): Step {
  if (s.phase !== 'order')
    return invalid(`units are ordered after the card is played, not in ${s.phase}`, 'WW-2.1');
  const o = b.rules.commands[s.card!]!;
  const done = Object.values(s.units).filter((x) => x.ordered).length;
  if (done + ids.length > o.units)
    return invalid(
      `${o.name} orders ${o.units} unit${o.units === 1 ? '' : 's'}, not ${done + ids.length}`,
      'WW-G1',
    );
  if (new Set(ids).size !== ids.length) return invalid('a unit is named twice in the order');
  let units = s.units;
  for (const id of ids) {
    const problem = orderProblem(b, { ...s, units }, id);
    if (problem) return invalid(problem, 'WW-G1');
    units = withEntry(units, id, { ...units[id]!, ordered: true });
  }
  return accepted({ ...s, units }, [{ type: 'ordered', units: [...ids] }]);
}

/** Why a unit may not take this path now, or the state it leaves and its events. */
function move(b: Ww1Board, s: Ww1State, id: string, path: readonly HexCell[]): Step {
  if (s.phase !== 'move') return invalid(`units move in the move phase, not ${s.phase}`);
  const u = entry(s.units, id);
  if (!u?.ordered || u.side !== s.active) return invalid(`${id} is not an ordered unit`, 'WW-2.1');
  if (u.moved) return invalid(`${id} has moved this turn`);
  if (u.bogged) return invalid(`${id} is bogged down and may not move this turn`, 'WW-G3');
  const spec = specOf(b, u);
  if (path.length === 0 || path.length > spec.move)
    return invalid(`${id} moves 1 to ${spec.move} hexes, not ${path.length}`, 'WW-G2');
  const tank = spec.cls === 'tank';
  let at = u.at;
  let wire = [...s.wireCleared];
  const events: Ww1Event[] = [];
  let stopped = false;
  let building = false;
  for (const [i, step] of path.entries()) {
    if (stopped)
      return invalid(
        `${id} stopped at ${hexName(at)} and may not go on to ${hexName(step)}`,
        'WW-G5',
      );
    if (cellDistance(b, at, step) !== 1)
      return invalid(`${hexName(step)} is not next to ${hexName(at)} (path step ${i})`);
    if (step.col < 0 || step.row < 0 || step.col >= b.map.columns || step.row >= b.map.rows)
      return invalid(`${hexName(step)} is off the map`);
    if (unitAt(s, step)) return invalid(`${hexName(step)} holds a unit`);
    const f = hexFacts(b, { wireCleared: wire }, step);
    if (tank && f.terrain?.tankImpassable)
      return invalid(`a tank may not enter ${f.terrain.name} at ${hexName(step)}`, 'WW-G5');
    let entered = f;
    if (tank && f.wire) {
      // WW-3.1, WW-3.2: the wire is gone and does not stop the tank; the hex under it still may.
      wire = [...wire, cellKey(step)];
      events.push({ type: 'wireRemoved', at: step, ruleId: 'WW-3.2' });
      entered = hexFacts(b, { wireCleared: wire }, step);
    }
    stopped = entered.stopsMovement || (tank && (entered.terrain?.tankEntryStops ?? false));
    building = entered.building;
    at = step;
  }
  events.push({ type: 'moved', unit: id, path: [...path], to: at });
  return accepted(
    {
      ...s,
      wireCleared: wire,
      units: withEntry(s.units, id, { ...u, at, moved: true, stopped, enteredBuilding: building }),
    },
    events,
  );
}

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

function battle(b: Ww1Board, s: Ww1State, id: string, targetId: string, cardId?: string): Step {
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
  const rng = new Dice(s.rng);
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
  state = { ...state, rng: rng.state() };
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

/** Whether an objective's owner holds it: one of its units stands on a hex of it. */
export function objectiveHeld(s: Pick<Ww1State, 'units'>, o: MedalObjective): boolean {
  return o.hexes.some((h) => unitAt(s, h)?.side === o.owner);
}

/** Medals by side: enemy units eliminated, plus each objective whose owner holds a hex of it. */
export function medalsOf(
  b: Ww1Board,
  s: Pick<Ww1State, 'kills' | 'units' | 'sides'>,
): Dict<number> {
  const out = dict(s.kills);
  for (const o of b.objectives)
    if (objectiveHeld(s, o)) out[o.owner] = (out[o.owner] ?? 0) + o.medals;
  return out;
}

function checkMedals(b: Ww1Board, s: Ww1State, events: Ww1Event[]): Ww1State {
  const medals = medalsOf(b, s);
  const changed = s.sides.some((side) => medals[side] !== s.medals[side]);
  if (changed) events.push({ type: 'medals', medals });
  const next = { ...s, medals };
  for (const side of [s.active, ...s.sides.filter((x) => x !== s.active)]) {
    const enemyLeft = Object.values(s.units).some((u) => u.side !== side);
    const m = medals[side] ?? 0;
    if (m >= b.medalsToWin || !enemyLeft) {
      events.push({ type: 'won', side, medals: m });
      return { ...next, phase: 'over', winner: side };
    }
  }
  return next;
}

function endTurn(b: Ww1Board, s: Ww1State): Step {
  if (s.phase === 'play') return invalid('play a command card before ending the turn', 'WW-G1');
  const rng = new Dice(s.rng);
  const r = drawCards(s.deck, s.active, b.rules.cardsDrawnPerTurn, rng);
  if (!r.ok) return r;
  const c = drawCards(s.combat, s.active, s.combatPlayed, rng);
  if (!c.ok) return c;
  const next = other(s, s.active);
  const units: Record<string, Ww1Unit> = dict();
  for (const u of Object.values(s.units))
    units[u.id] = freshUnit({
      ...u,
      // A bog-down holds the unit through its side's next turn (placeholder reading of WW-G3).
      bogged: u.side === s.active ? u.boggedNow : u.bogged,
    });
  const events: Ww1Event[] = [
    ...r.events.map((event) => ({ type: 'deck' as const, event, deck: 'command' as const })),
    ...c.events.map((event) => ({ type: 'deck' as const, event, deck: 'combat' as const })),
    { type: 'turnEnded', side: s.active, next },
  ];
  const turn = next === s.sides[0] ? s.turn + 1 : s.turn;
  let state: Ww1State = {
    ...s,
    deck: r.state,
    combat: c.state,
    combatPlayed: 0,
    rng: rng.state(),
    units,
    active: next,
    phase: 'play',
    turn,
  };
  delete (state as { card?: string }).card;
  state = checkMedals(b, state, events);
  if (state.phase !== 'over' && s.turnLimit !== undefined && turn > s.turnLimit) {
    const [a, z] = s.sides as [string, string];
    const ma = state.medals[a] ?? 0;
    const mz = state.medals[z] ?? 0;
    if (ma === mz) {
      events.push({ type: 'draw', turn: s.turnLimit });
      return accepted({ ...state, phase: 'over' }, events);
    }
    const w = ma > mz ? a : z;
    events.push({ type: 'won', side: w, medals: Math.max(ma, mz) });
    return accepted({ ...state, phase: 'over', winner: w }, events);
  }
  return accepted(state, events);
}
