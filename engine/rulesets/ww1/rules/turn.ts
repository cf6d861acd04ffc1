import type { HexMap, ScenarioDoc } from '../../../format';
import { accepted, invalid, type Reduction } from '../../../game/reducer';
import { hexDistance, hexNeighbours, type Axial } from '../../../hex/coords';
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
import type { TerrainSpec, Ww1Rules } from './data';

/**
 * One WWI turn as a pure reducer: play a command card (WW-G1), order units in its sections, move
 * them on the hexes (wire and stop-movement terrain; WW-3 for tanks), battle with the battle dice
 * by range (WW-4, WW-5 for tanks), hits, flags and retreats, gaining ground and bog-down (WW-6),
 * the bonus combat (WW-7), then draw a card and count medals.
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
  readonly card?: string;
  readonly deck: DeckState;
  readonly rng: RngState;
  readonly units: Readonly<Record<string, Ww1Unit>>;
  /** Hexes whose wire tanks removed (WW-3.2), as "col,row". */
  readonly wireCleared: readonly string[];
  readonly medals: Readonly<Record<string, number>>;
  readonly winner?: string;
}

export type Ww1Action =
  | { readonly type: 'playCard'; readonly card: string }
  | { readonly type: 'order'; readonly units: readonly string[] }
  | { readonly type: 'move'; readonly unit: string; readonly path: readonly HexCell[] }
  | { readonly type: 'endMoves' }
  | { readonly type: 'battle'; readonly unit: string; readonly target: string }
  | { readonly type: 'endTurn' };

export type Ww1Event =
  | { readonly type: 'deck'; readonly event: DeckEvent }
  | { readonly type: 'cardPlayed'; readonly side: string; readonly card: string }
  | { readonly type: 'ordered'; readonly units: readonly string[] }
  | { readonly type: 'moved'; readonly unit: string; readonly to: HexCell }
  | { readonly type: 'wireRemoved'; readonly at: HexCell; readonly ruleId: 'WW-3.2' }
  | {
      readonly type: 'battle';
      readonly unit: string;
      readonly target: string;
      readonly close: boolean;
      readonly bonus: boolean;
      readonly dice: number;
      readonly shown: readonly string[];
      readonly hits: number;
      readonly flags: number;
      readonly flagsIgnored: number;
    }
  | { readonly type: 'retreated'; readonly unit: string; readonly to: HexCell }
  | { readonly type: 'figureLost'; readonly unit: string; readonly left: number }
  | { readonly type: 'eliminated'; readonly unit: string; readonly medalTo: string }
  | { readonly type: 'gainedGround'; readonly unit: string; readonly to: HexCell }
  | { readonly type: 'noGainGround'; readonly unit: string; readonly ruleId: string }
  | {
      readonly type: 'bogDown';
      readonly unit: string;
      readonly shown: readonly string[];
      readonly bogged: boolean;
    }
  | { readonly type: 'turnEnded'; readonly side: string; readonly next: string }
  | { readonly type: 'won'; readonly side: string; readonly medals: number };

/** The board a game plays on: the scenario's hex map with its terrain and sections. */
export interface Ww1Board {
  readonly map: HexMap;
  readonly rules: Ww1Rules;
  /** Which way each side retreats: -1 toward row 0 (north edge), +1 toward the last row. */
  readonly retreatRow: Readonly<Record<string, -1 | 1>>;
  readonly medalsToWin: number;
}

export const cellKey = (c: HexCell): string => `${c.col},${c.row}`;

const toAxial = (b: Ww1Board, c: HexCell): Axial => offsetToAxial(b.map, c);

export function cellDistance(b: Ww1Board, a: HexCell, c: HexCell): number {
  return hexDistance(toAxial(b, a), toAxial(b, c));
}

function neighbours(b: Ww1Board, c: HexCell): HexCell[] {
  return hexNeighbours(toAxial(b, c))
    .map((h) => axialToOffset(b.map, h))
    .filter((h) => h.col >= 0 && h.row >= 0 && h.col < b.map.columns && h.row < b.map.rows)
    .map((h) => ({ col: h.col, row: h.row }));
}

interface HexFacts {
  readonly terrain: TerrainSpec | undefined;
  readonly wire: boolean;
  readonly building: boolean;
  readonly stopsMovement: boolean;
}

function hexFacts(b: Ww1Board, s: Ww1State, c: HexCell): HexFacts {
  const hex = b.map.hexes.find((h) => h.col === c.col && h.row === c.row);
  const cleared = s.wireCleared.includes(cellKey(c));
  let id = hex?.terrain ?? b.map.defaultTerrain ?? 'clear';
  if (cleared && id === 'wire') id = b.map.defaultTerrain ?? 'clear';
  const terrain = b.rules.terrain[id];
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

const unitAt = (s: Ww1State, c: HexCell): Ww1Unit | undefined =>
  Object.values(s.units).find((u) => u.at.col === c.col && u.at.row === c.row);

function sectionsOf(b: Ww1Board, c: HexCell): string[] {
  return (b.map.sections ?? [])
    .filter((sec) => c.col >= sec.fromCol && c.col <= sec.toCol)
    .map((sec) => sec.id);
}

/** Sets up the board and the first state of a game, or says which scenario field is wrong. */
export function setUpWw1(
  scenario: ScenarioDoc,
  rules: Ww1Rules,
  seed: number,
): { ok: true; board: Ww1Board; state: Ww1State } | { ok: false; reason: string } {
  const map = scenario.map;
  if (map.kind !== 'hex') return { ok: false, reason: 'map.kind must be "hex" for the WWI rules' };
  const sides = (scenario.forces?.sides ?? []).map((s) => s.id);
  if (sides.length !== 2)
    return { ok: false, reason: `forces.sides has ${sides.length} sides; the WWI rules need 2` };
  const retreatRow: Record<string, -1 | 1> = {};
  for (const e of scenario.deployment?.entryEdges ?? [])
    if (e.side && (e.edge === 'north' || e.edge === 'south'))
      retreatRow[e.side] = e.edge === 'north' ? -1 : 1;
  for (const [i, side] of sides.entries()) retreatRow[side] ??= i === 0 ? 1 : -1;
  const units: Record<string, Ww1Unit> = {};
  for (const side of scenario.forces!.sides)
    for (const f of side.formations ?? [])
      for (const u of f.units) {
        const spec = rules.units[u.type];
        if (!spec)
          return {
            ok: false,
            reason: `unit ${u.id}: type "${u.type}" is not in the catalog's units; add it or change forces`,
          };
        const p = u.position as Partial<HexCell> | undefined;
        if (typeof p?.col !== 'number' || typeof p.row !== 'number')
          return { ok: false, reason: `unit ${u.id}: position must be a hex {col, row}` };
        units[u.id] = freshUnit({
          id: u.id,
          side: side.id,
          type: u.type,
          at: { col: p.col, row: p.row },
          figures: spec.figures,
        });
      }
  const board: Ww1Board = {
    map,
    rules,
    retreatRow,
    medalsToWin: scenario.victory?.pointsToWin ?? rules.medalsToWin,
  };
  const dice = new Dice(seedRng(seed));
  const cards = Object.values(rules.orders).flatMap((o) => Array<string>(o.copies).fill(o.card));
  let deck = newDeck(cards, sides, dice).deck;
  for (const side of sides) {
    const r = drawCards(deck, side, rules.handSize, dice);
    if (!r.ok) return { ok: false, reason: r.reason };
    deck = r.state;
  }
  return {
    ok: true,
    board,
    state: {
      turn: 1,
      sides,
      active: sides[0]!,
      phase: 'play',
      deck,
      rng: dice.state(),
      units,
      wireCleared: [],
      medals: Object.fromEntries(sides.map((s) => [s, 0])),
    },
  };
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

/** Clear sight between two hexes: no blocking terrain or unit between them on either tie path. */
export function hasSight(b: Ww1Board, s: Ww1State, from: HexCell, to: HexCell): boolean {
  const clear = (tie: 'left' | 'right'): boolean =>
    hexLine(toAxial(b, from), toAxial(b, to), tie)
      .hexes.slice(1, -1)
      .every((h) => {
        const c = axialToOffset(b.map, h);
        return !unitAt(s, c) && !hexFacts(b, s, c).terrain?.blocksLos;
      });
  return clear('left') || clear('right');
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
      return move(b, s, action.unit, action.path);
    case 'endMoves':
      if (s.phase !== 'move') return invalid(`endMoves comes in the move phase, not ${s.phase}`);
      return accepted({ ...s, phase: 'battle' }, []);
    case 'battle':
      return battle(b, s, action.unit, action.target);
    case 'endTurn':
      return endTurn(b, s);
  }
}

function playCard(b: Ww1Board, s: Ww1State, card: string): Step {
  if (s.phase !== 'play')
    return invalid(`a card is played at the start of a turn, not in ${s.phase}`);
  if (!b.rules.orders[card]) return invalid(`card "${card}" has no row in tables.commandOrders`);
  const r = discardCards(s.deck, s.active, [card]);
  if (!r.ok) return r;
  return accepted({ ...s, deck: r.state, card, phase: 'order' }, [
    { type: 'cardPlayed', side: s.active, card },
    ...r.events.map((event) => ({ type: 'deck' as const, event })),
  ]);
}

function order(b: Ww1Board, s: Ww1State, ids: readonly string[]): Step {
  if (s.phase !== 'order')
    return invalid(`units are ordered after the card is played, not in ${s.phase}`);
  const o = b.rules.orders[s.card!]!;
  if (ids.length > o.units)
    return invalid(
      `${s.card} orders ${o.units} unit${o.units === 1 ? '' : 's'}, not ${ids.length}`,
    );
  if (new Set(ids).size !== ids.length) return invalid('a unit is named twice in the order');
  const units = { ...s.units };
  for (const id of ids) {
    const u = s.units[id];
    if (!u) return invalid(`no unit "${id}" on the board`);
    if (u.side !== s.active) return invalid(`${id} is not a unit of ${s.active}`);
    if (!sectionsOf(b, u.at).some((sec) => o.sections.includes(sec)))
      return invalid(`${id} at ${cellKey(u.at)} is not in ${o.sections.join(' or ')} (${s.card})`);
    units[id] = { ...u, ordered: true };
  }
  return accepted({ ...s, units, phase: 'move' }, [{ type: 'ordered', units: [...ids] }]);
}

function move(b: Ww1Board, s: Ww1State, id: string, path: readonly HexCell[]): Step {
  if (s.phase !== 'move') return invalid(`units move in the move phase, not ${s.phase}`);
  const u = s.units[id];
  if (!u?.ordered) return invalid(`${id} is not an ordered unit`);
  if (u.moved) return invalid(`${id} has moved this turn`);
  if (u.bogged) return invalid(`${id} is bogged down and may not move this turn (WW-G3)`);
  const spec = b.rules.units[u.type]!;
  if (path.length === 0 || path.length > spec.move)
    return invalid(`${id} moves 1 to ${spec.move} hexes, not ${path.length}`);
  const tank = spec.cls === 'tank';
  let at = u.at;
  let wire = [...s.wireCleared];
  const events: Ww1Event[] = [];
  let stopped = false;
  let building = false;
  for (const [i, step] of path.entries()) {
    if (stopped)
      return invalid(`${id} stopped at ${cellKey(at)} and may not go on to ${cellKey(step)}`);
    if (cellDistance(b, at, step) !== 1)
      return invalid(`${cellKey(step)} is not next to ${cellKey(at)} (path step ${i})`);
    if (unitAt(s, step)) return invalid(`${cellKey(step)} holds a unit`);
    const f = hexFacts(b, { ...s, wireCleared: wire }, step);
    let entered = f;
    if (tank && f.wire) {
      // WW-3.1, WW-3.2: the wire is gone and does not stop the tank; the hex under it still may.
      wire = [...wire, cellKey(step)];
      events.push({ type: 'wireRemoved', at: step, ruleId: 'WW-3.2' });
      entered = hexFacts(b, { ...s, wireCleared: wire }, step);
    }
    stopped = entered.stopsMovement || (tank && (entered.terrain?.tankEntryStops ?? false));
    building = entered.building;
    at = step;
  }
  events.push({ type: 'moved', unit: id, to: at });
  return accepted(
    {
      ...s,
      wireCleared: wire,
      units: { ...s.units, [id]: { ...u, at, moved: true, stopped, enteredBuilding: building } },
    },
    events,
  );
}

function battle(b: Ww1Board, s: Ww1State, id: string, targetId: string): Step {
  if (s.phase !== 'battle') return invalid(`units battle in the battle phase, not ${s.phase}`);
  const u = s.units[id];
  const t = s.units[targetId];
  if (!u?.ordered || u.side !== s.active)
    return invalid(`${id} is not an ordered unit of ${s.active}`);
  if (!t || t.side === s.active) return invalid(`${targetId} is not an enemy unit on the board`);
  const bonus = u.battled;
  if (bonus && !u.bonusOpen)
    return invalid(
      u.bonusUsed
        ? `${id} has had its bonus combat (WW-7.6)`
        : `${id} has battled and has no bonus combat open (WW-7.1)`,
    );
  const spec = b.rules.units[u.type]!;
  const tank = spec.cls === 'tank';
  const d = cellDistance(b, u.at, t.at);
  const close = d === 1;
  if (tank && u.enteredBuilding)
    return invalid(`${id} moved onto a building hex this turn and may not battle (WW-4.4, WW-5.4)`);
  if (!close) {
    if (tank && enemiesNext(b, s, u).length)
      return invalid(
        `${id} is next to an enemy: it may only close combat an adjacent enemy (WW-4.3)`,
      );
    if (bonus && spec.sex !== 'female')
      return invalid(`${id} is a male tank: its bonus combat is close combat only (WW-7.3)`);
  }
  let dice: number;
  const tf = hexFacts(b, s, t.at);
  if (close) dice = Math.max(0, spec.closeDice - (tf.terrain?.closeDiceReduction ?? 0));
  else {
    const atRange = spec.rangedDice[d - 2];
    if (atRange === undefined)
      return invalid(`${targetId} is out of range of ${id} (${d} hexes, WW-4.1)`);
    if (!hasSight(b, s, u.at, t.at))
      return invalid(`${id} has no line of sight to ${targetId} (WW-4.1)`);
    dice = atRange;
  }
  const rng = new Dice(s.rng);
  const roll = rollPool(rng, { count: dice, faces: b.rules.faces });
  const tspec = b.rules.units[t.type]!;
  const hits = roll.shown.filter((f) => b.rules.hits[f]?.includes(tspec.cls)).length;
  const flags = roll.shown.filter((f) => f === 'flag').length;
  // WW-5.3 Tankschreken: a soldier unit close-combated by a tank keeps no flag ignores, unless it
  // is on a building hex or is field artillery (WW-A2: all ignores go; the exceptions keep terrain).
  const schreck = tank && close && tspec.soldier && !tf.building && tspec.cls !== 'gun';
  const ignorable = schreck ? 0 : (tf.terrain?.ignoreFlags ?? 0);
  const flagsIgnored = Math.min(flags, ignorable);
  const events: Ww1Event[] = [
    {
      type: 'battle',
      unit: id,
      target: targetId,
      close,
      bonus,
      dice,
      shown: roll.shown,
      hits,
      flags,
      flagsIgnored,
    },
  ];
  let units: Record<string, Ww1Unit> = {
    ...s.units,
    [id]: { ...u, battled: true, bonusOpen: false, bonusUsed: u.bonusUsed || bonus },
  };
  let medals = s.medals;
  let figures = t.figures - hits;
  let at = t.at;
  const retreats = (flags - flagsIgnored) * b.rules.flagRetreatHexes;
  for (let i = 0; i < retreats && figures > 0; i++) {
    const back = neighbours(b, at).find(
      (c) => c.row - at.row === b.retreatRow[t.side] && !unitAt({ ...s, units }, c),
    );
    if (back) {
      at = back;
      events.push({ type: 'retreated', unit: targetId, to: at });
    } else {
      figures -= 1;
      events.push({ type: 'figureLost', unit: targetId, left: Math.max(0, figures) });
    }
  }
  if (figures <= 0) {
    const { [targetId]: _gone, ...rest } = units;
    units = rest;
    medals = { ...medals, [s.active]: (medals[s.active] ?? 0) + 1 };
    events.push({ type: 'eliminated', unit: targetId, medalTo: s.active });
  } else units = { ...units, [targetId]: { ...t, figures, at } };
  let state: Ww1State = { ...s, units, medals, rng: rng.state() };
  const vacated = figures <= 0 || at !== t.at;
  if (tank && close && vacated) state = gainGround(b, state, id, t.at, events, rng);
  state = { ...state, rng: rng.state() };
  return accepted(checkMedals(b, state, events), events);
}

function enemiesNext(b: Ww1Board, s: Ww1State, u: Ww1Unit): Ww1Unit[] {
  return Object.values(s.units).filter(
    (o) => o.side !== u.side && cellDistance(b, u.at, o.at) === 1,
  );
}

/** WW-6 gaining ground (mandatory) and the bog-down roll that opens the bonus combat (WW-7). */
function gainGround(
  b: Ww1Board,
  s: Ww1State,
  id: string,
  to: HexCell,
  events: Ww1Event[],
  rng: Dice,
): Ww1State {
  const u = s.units[id]!;
  const no = (ruleId: string): Ww1State => {
    events.push({ type: 'noGainGround', unit: id, ruleId });
    return s;
  };
  if (u.stopped) return no('WW-6.3(a)');
  if (b.rules.orders[s.card!]?.noGainGround) return no('WW-6.3(b)');
  if (unitAt(s, to)) return no('WW-6.3(e)');
  const f = hexFacts(b, s, to);
  let wire = s.wireCleared;
  if (f.wire) {
    wire = [...wire, cellKey(to)];
    events.push({ type: 'wireRemoved', at: to, ruleId: 'WW-3.2' });
  }
  events.push({ type: 'gainedGround', unit: id, to });
  const bog = b.rules.bogDown[f.terrain?.id ?? ''] ?? b.rules.bogDown.clear;
  const shown = bog ? rollPool(rng, { count: bog.dice, faces: b.rules.faces }).shown : [];
  const bogged = bog ? shown.some((x) => bog.bogsOn.includes(x)) : false;
  events.push({ type: 'bogDown', unit: id, shown, bogged });
  // WW-7.4 bogged: no bonus; WW-A4 into a building: no bonus; WW-7.6 once per turn.
  const bonusOpen = !bogged && !f.building && !u.bonusUsed;
  return {
    ...s,
    wireCleared: wire,
    units: {
      ...s.units,
      [id]: {
        ...u,
        at: to,
        bogged: u.bogged || bogged,
        boggedNow: bogged,
        enteredBuilding: u.enteredBuilding || f.building,
        bonusOpen,
      },
    },
  };
}

function checkMedals(b: Ww1Board, s: Ww1State, events: Ww1Event[]): Ww1State {
  for (const side of s.sides) {
    const enemyLeft = Object.values(s.units).some((u) => u.side !== side);
    const m = s.medals[side] ?? 0;
    if (m >= b.medalsToWin || !enemyLeft) {
      events.push({ type: 'won', side, medals: m });
      return { ...s, phase: 'over', winner: side };
    }
  }
  return s;
}

function endTurn(b: Ww1Board, s: Ww1State): Step {
  if (s.phase === 'play') return invalid('play a command card before ending the turn');
  const rng = new Dice(s.rng);
  const r = drawCards(s.deck, s.active, b.rules.cardsDrawnPerTurn, rng);
  if (!r.ok) return r;
  const next = s.sides[(s.sides.indexOf(s.active) + 1) % s.sides.length]!;
  const units: Record<string, Ww1Unit> = {};
  for (const u of Object.values(s.units))
    units[u.id] = freshUnit({
      ...u,
      // A bog-down holds the unit through its side's next turn (placeholder reading of WW-G3).
      bogged: u.side === s.active ? u.boggedNow : u.bogged,
    });
  return accepted(
    {
      ...s,
      deck: r.state,
      rng: rng.state(),
      units,
      active: next,
      phase: 'play',
      turn: next === s.sides[0] ? s.turn + 1 : s.turn,
    },
    [
      ...r.events.map((event) => ({ type: 'deck' as const, event })),
      { type: 'turnEnded', side: s.active, next },
    ],
  );
}
