/**
 * TEST FIXTURE, not part of the app: a small but complete hex game written for the hex board's
 * tests (HexBoard.test.ts and the browser harness in e2e/hexboard). Nothing in the product imports
 * it. No hex ruleset plays yet (TANK! and WWI are being built), so this game stands in for them
 * in tests only: a real GameDef (a pure reducer with seeded dice, bots, hidden plots) and a real
 * PlaytestView over three units on a 9×7 flat-top map, with a turn of three phases that between
 * them ask for every hex prompt: cards (a hand with a card that cannot be played and why), plot
 * (secret missions), activate (one unit at a time in initiative order: move, turn, fire), and
 * wait once the game is over.
 */
import type { HexMap, ScenarioDoc } from '../../../../engine/format/types';
import type { GameDef } from '../../../../engine/game/gameDef';
import { accepted, invalid, type Reduction } from '../../../../engine/game/reducer';
import { hashState } from '../../../../engine/game/stateHash';
import {
  axialToOffset,
  gridAxial,
  hexDistance,
  hexGrid,
  hexLabel,
  hexNeighbours,
  traceHexLine,
  type Axial,
} from '../../../../engine/hex';
import type {
  CardView,
  CounterView,
  GameAction,
  HexCell,
  HexPlaytestView,
  HexReach,
  LogLine,
  PhaseInfo,
  Prompt,
  UnitCommand,
} from '../../../../engine/playtest';
import { Dice, seedRng, type RngState } from '../../../../engine/random/dice';

export type Mission = 'advance' | 'hold';
export type SkirmishPhase = 'cards' | 'plot' | 'activate' | 'over';

export interface SkirmishUnit {
  readonly id: string;
  readonly side: 'red' | 'blue';
  readonly name: string;
  readonly kind: 'figure' | 'vehicle' | 'gun';
  readonly at: HexCell;
  /** Hexside 0–5. */
  readonly facing: number;
  readonly alive: boolean;
  readonly mission: Mission | null;
  /** Hexes moved this activation. */
  readonly moved: number;
  readonly fired: boolean;
  readonly suppressed: boolean;
  /** Extra hexes of movement this turn (the Dash card). */
  readonly bonus: number;
}

export interface SkirmishState {
  readonly turn: number;
  readonly phase: SkirmishPhase;
  readonly units: Readonly<Record<string, SkirmishUnit>>;
  readonly hands: Readonly<Record<string, readonly string[]>>;
  /** Sides done with the current phase (cards, plot). */
  readonly done: readonly string[];
  /** Activation order left this turn; the first acts now. */
  readonly queue: readonly string[];
  readonly rng: RngState;
  readonly winner?: string;
}

export type SkirmishEvent =
  | { readonly type: 'card'; readonly side: string; readonly card: string; readonly unit?: string }
  | { readonly type: 'pass'; readonly side: string; readonly phase: SkirmishPhase }
  | {
      readonly type: 'plot';
      readonly side: string;
      readonly unit: string;
      readonly mission: Mission;
    }
  | { readonly type: 'reveal'; readonly missions: Readonly<Record<string, Mission>> }
  | { readonly type: 'activate'; readonly unit: string }
  | { readonly type: 'move'; readonly unit: string; readonly to: HexCell; readonly hexes: number }
  | { readonly type: 'face'; readonly unit: string; readonly facing: number }
  | {
      readonly type: 'fire';
      readonly unit: string;
      readonly target: string;
      readonly roll: number;
      readonly need: number;
      readonly result: 'destroyed' | 'suppressed' | 'miss';
    }
  | { readonly type: 'turn'; readonly turn: number }
  | { readonly type: 'over'; readonly winner: string };

const TURNS = 3;
const RANGE = 4;
const SIDES = [
  {
    id: 'red',
    name: 'Red',
    colour: '#c0392b',
    deployment: 'starts on the west side of the map',
  },
  {
    id: 'blue',
    name: 'Blue',
    colour: '#2e86de',
    deployment: 'starts on the east side of the map',
  },
] as const;
const CARDS: Record<string, { name: string; text: string }> = {
  dash: { name: 'Dash', text: 'Every unit of yours moves one hex further this turn.' },
  rally: { name: 'Rally', text: 'One suppressed unit of yours is no longer suppressed.' },
};
const WOODS: readonly HexCell[] = [
  { col: 4, row: 2 },
  { col: 4, row: 3 },
  { col: 5, row: 4 },
  { col: 3, row: 5 },
];
const CROSSROADS: readonly HexCell[] = [
  { col: 4, row: 1 },
  { col: 5, row: 1 },
];

/** The fixture's scenario: a 9×7 flat-top map with a wood in the middle, one entry edge each. */
export function skirmishScenario(): ScenarioDoc {
  const map: HexMap = {
    kind: 'hex',
    orientation: 'flat',
    offset: 'odd',
    columns: 9,
    rows: 7,
    hexSize: { inches: 1.25 },
    defaultTerrain: 'clear',
    hexes: [
      ...WOODS.map((h) => ({ ...h, terrain: 'woods' })),
      { col: 6, row: 2, terrain: 'clear', level: 1 },
      { col: 6, row: 3, terrain: 'clear', level: 1 },
      { col: 2, row: 0, terrain: 'road' },
      { col: 3, row: 1, terrain: 'road' },
      { col: 4, row: 1, terrain: 'road' },
      { col: 5, row: 1, terrain: 'road' },
      { col: 6, row: 1, terrain: 'road' },
    ],
  };
  return {
    format: 'sandtable.scenario',
    formatVersion: 1,
    app: { name: 'sandtable', version: '0.1.0' },
    meta: { title: 'Hex skirmish (test fixture)' },
    ruleset: { id: 'tank' },
    map,
    forces: {
      sides: SIDES.map((s) => ({ id: s.id, name: s.name, colour: s.colour, formations: [] })),
    },
    objectives: [
      {
        id: 'crossroads',
        name: 'Crossroads',
        kind: 'holdZone',
        area: { shape: 'hexes', hexes: [...CROSSROADS] },
      },
    ],
    victory: { turnLimit: TURNS, conditions: [] },
    deployment: {
      entryEdges: [
        { id: 'e-red', side: 'red', edge: 'west' },
        { id: 'e-blue', side: 'blue', edge: 'east' },
      ],
    },
  };
}

const GRID = hexGrid(skirmishScenario().map as HexMap);
const ax = (h: HexCell): Axial => gridAxial(GRID, h.col, h.row);
const cell = (a: Axial): HexCell => {
  const o = axialToOffset(GRID, a);
  return { col: o.col, row: o.row };
};
const onMap = (h: HexCell) => h.col >= 0 && h.row >= 0 && h.col < GRID.columns && h.row < GRID.rows;
const same = (a: HexCell, b: HexCell) => a.col === b.col && a.row === b.row;
const isWoods = (h: HexCell) => WOODS.some((w) => same(w, h));
const label = (u: SkirmishUnit) => `${u.name} [${u.id}]`;

function unit(
  id: string,
  side: 'red' | 'blue',
  name: string,
  kind: SkirmishUnit['kind'],
  at: HexCell,
  facing: number,
): SkirmishUnit {
  return {
    id,
    side,
    name,
    kind,
    at,
    facing,
    alive: true,
    mission: null,
    moved: 0,
    fired: false,
    suppressed: false,
    bonus: 0,
  };
}

const alive = (s: SkirmishState) => Object.values(s.units).filter((u) => u.alive);
const allowance = (u: SkirmishUnit) =>
  (u.mission === 'hold' ? 0 : u.kind === 'figure' ? 2 : u.kind === 'gun' ? 1 : 3) + u.bonus;

/** Hexes a unit can still reach: steps through the map, woods cost two, no enemy's hex. */
export function reachOf(
  s: SkirmishState,
  u: SkirmishUnit,
): Map<string, { at: HexCell; cost: number; path: HexCell[] }> {
  const left = allowance(u) - u.moved;
  // Units of a side may stack; no unit enters a hex the enemy holds.
  const taken = new Set(
    alive(s)
      .filter((o) => o.side !== u.side)
      .map((o) => `${o.at.col},${o.at.row}`),
  );
  const best = new Map<string, { at: HexCell; cost: number; path: HexCell[] }>();
  best.set(`${u.at.col},${u.at.row}`, { at: u.at, cost: 0, path: [u.at] });
  let frontier = [best.get(`${u.at.col},${u.at.row}`)!];
  while (frontier.length) {
    const next: typeof frontier = [];
    for (const f of frontier)
      for (const n of hexNeighbours(ax(f.at))) {
        const h = cell(n);
        const k = `${h.col},${h.row}`;
        if (!onMap(h) || taken.has(k)) continue;
        const cost = f.cost + (isWoods(h) ? 2 : 1);
        if (cost > left || (best.get(k)?.cost ?? Infinity) <= cost) continue;
        const e = { at: h, cost, path: [...f.path, h] };
        best.set(k, e);
        next.push(e);
      }
    frontier = next;
  }
  best.delete(`${u.at.col},${u.at.row}`);
  return best;
}

/** Line of sight: the hexes from shooter to target; a wood between them blocks it. */
export function sightOf(from: HexCell, to: HexCell) {
  const line = traceHexLine(GRID.orientation, ax(from), ax(to), 'left');
  const hexes = line.hexes.map(cell);
  const blockAt = hexes.findIndex((h, i) => i > 0 && i < hexes.length - 1 && isWoods(h));
  return { hexes, distance: hexDistance(ax(from), ax(to)), blockAt };
}

const need = (shooter: SkirmishUnit, target: SkirmishUnit) =>
  4 -
  (shooter.mission === 'hold' ? 1 : 0) +
  (shooter.suppressed ? 1 : 0) +
  (isWoods(target.at) ? 1 : 0);

function withUnit(s: SkirmishState, u: SkirmishUnit): SkirmishState {
  return { ...s, units: { ...s.units, [u.id]: u } };
}

/** The activation order: holding units first, then by id, sides alternating as they come. */
function initiative(s: SkirmishState): string[] {
  return alive(s)
    .sort((a, b) => +(a.mission !== 'hold') - +(b.mission !== 'hold') || a.id.localeCompare(b.id))
    .map((u) => u.id);
}

/** After an activation ends: the next unit, or the next turn, or the end. */
function nextActivation(s: SkirmishState, events: SkirmishEvent[]): SkirmishState {
  const queue = s.queue.slice(1).filter((id) => s.units[id]?.alive);
  const sides = new Set(alive(s).map((u) => u.side));
  if (sides.size < 2) {
    const winner = [...sides][0] ?? 'draw';
    events.push({ type: 'over', winner });
    return { ...s, queue: [], phase: 'over', winner };
  }
  if (queue.length) {
    events.push({ type: 'activate', unit: queue[0]! });
    return { ...s, queue };
  }
  if (s.turn >= TURNS) {
    events.push({ type: 'over', winner: 'draw' });
    return { ...s, queue: [], phase: 'over', winner: 'draw' };
  }
  const units = Object.fromEntries(
    Object.values(s.units).map((u) => [
      u.id,
      { ...u, mission: null, moved: 0, fired: false, bonus: 0 },
    ]),
  );
  events.push({ type: 'turn', turn: s.turn + 1 });
  return { ...s, turn: s.turn + 1, phase: 'cards', units, done: [], queue: [] };
}

function endPlot(s: SkirmishState, side: string, events: SkirmishEvent[]): SkirmishState {
  let t = s;
  for (const u of alive(s))
    if (u.side === side && !u.mission) {
      t = withUnit(t, { ...u, mission: 'hold' });
      events.push({ type: 'plot', side, unit: u.id, mission: 'hold' });
    }
  const done = [...t.done, side];
  if (SIDES.some((x) => !done.includes(x.id))) return { ...t, done };
  const missions = Object.fromEntries(alive(t).map((u) => [u.id, u.mission!]));
  events.push({ type: 'reveal', missions });
  const queue = initiative(t);
  events.push({ type: 'activate', unit: queue[0]! });
  return { ...t, done: [], phase: 'activate', queue };
}

function acting(s: SkirmishState): SkirmishUnit | undefined {
  return s.phase === 'activate' && s.queue[0] ? s.units[s.queue[0]] : undefined;
}

function reduce(s: SkirmishState, a: GameAction): Reduction<SkirmishState, SkirmishEvent> {
  const events: SkirmishEvent[] = [];
  const side = typeof a.side === 'string' ? a.side : undefined;
  const u = typeof a.unit === 'string' ? s.units[a.unit] : undefined;
  switch (a.type) {
    case 'play': {
      if (s.phase !== 'cards') return invalid('cards are played in the Cards phase', 'HS-1');
      if (!side || s.done.includes(side) || !SIDES.some((x) => x.id === side))
        return invalid(`${side ?? 'no side'} has already played or passed`, 'HS-1');
      const card = String(a.card);
      if (!s.hands[side]?.includes(card))
        return invalid(`${card} is not in ${side}'s hand`, 'HS-1');
      let t = s;
      if (card === 'rally') {
        const target = alive(s).find((x) => x.side === side && x.suppressed);
        if (!target) return invalid('no unit of yours is suppressed', 'HS-1.2');
        t = withUnit(t, { ...target, suppressed: false });
        events.push({ type: 'card', side, card, unit: target.id });
      } else {
        for (const x of alive(s)) if (x.side === side) t = withUnit(t, { ...x, bonus: 1 });
        events.push({ type: 'card', side, card });
      }
      t = {
        ...t,
        hands: { ...t.hands, [side]: t.hands[side]!.filter((c) => c !== card) },
      };
      return accepted(advanceCards(t, side), events);
    }
    case 'pass': {
      if (!side) return invalid('pass names no side');
      if (s.phase === 'cards') {
        if (s.done.includes(side)) return invalid(`${side} has already played or passed`);
        events.push({ type: 'pass', side, phase: 'cards' });
        return accepted(advanceCards(s, side), events);
      }
      if (s.phase === 'plot') {
        if (s.done.includes(side)) return invalid(`${side} has plotted already`);
        return accepted(endPlot(s, side, events), events);
      }
      const now = acting(s);
      if (s.phase === 'activate' && now?.side === side) {
        events.push({ type: 'pass', side, phase: 'activate' });
        return accepted(nextActivation(s, events), events);
      }
      return invalid(`${side} has nothing to end now`);
    }
    case 'plot': {
      if (s.phase !== 'plot') return invalid('missions are plotted in the Plot phase', 'HS-2');
      if (!u?.alive) return invalid('no such unit');
      if (s.done.includes(u.side)) return invalid(`${u.side} has plotted already`, 'HS-2');
      const mission = a.mission === 'hold' ? 'hold' : 'advance';
      events.push({ type: 'plot', side: u.side, unit: u.id, mission });
      return accepted(withUnit(s, { ...u, mission }), events);
    }
    case 'move': {
      if (!u || acting(s)?.id !== u.id) return invalid('only the activated unit moves', 'HS-3');
      const to = a.to as HexCell;
      const r = reachOf(s, u).get(`${to.col},${to.row}`);
      if (!r) return invalid(`${hexLabel(to.col, to.row)} is out of reach`, 'HS-3.1');
      events.push({ type: 'move', unit: u.id, to: r.at, hexes: r.cost });
      return accepted(withUnit(s, { ...u, at: r.at, moved: u.moved + r.cost }), events);
    }
    case 'face': {
      if (!u || acting(s)?.id !== u.id) return invalid('only the activated unit turns', 'HS-3');
      const facing = Number(a.facing);
      if (!Number.isInteger(facing) || facing < 0 || facing > 5)
        return invalid('a facing is a hexside from 0 to 5');
      events.push({ type: 'face', unit: u.id, facing });
      return accepted(withUnit(s, { ...u, facing }), events);
    }
    case 'fire': {
      if (!u || acting(s)?.id !== u.id) return invalid('only the activated unit fires', 'HS-4');
      if (u.fired) return invalid(`${label(u)} has fired this activation`, 'HS-4');
      const target = typeof a.target === 'string' ? s.units[a.target] : undefined;
      if (!target?.alive || target.side === u.side) return invalid('no enemy unit to fire at');
      const sight = sightOf(u.at, target.at);
      if (sight.blockAt >= 0) return invalid('the woods block the line of sight', 'HS-4.1');
      if (sight.distance > RANGE) return invalid(`out of range (${RANGE} hexes)`, 'HS-4.2');
      const dice = new Dice(s.rng);
      const roll = dice.roll();
      const n = need(u, target);
      const result = roll >= n ? 'destroyed' : roll === n - 1 ? 'suppressed' : 'miss';
      events.push({ type: 'fire', unit: u.id, target: target.id, roll, need: n, result });
      let t = withUnit({ ...s, rng: dice.state() }, { ...u, fired: true });
      if (result !== 'miss')
        t = withUnit(t, {
          ...target,
          ...(result === 'destroyed' ? { alive: false } : { suppressed: true }),
        });
      return accepted(t, events);
    }
  }
  return invalid(`unknown action ${a.type}`);
}

function advanceCards(s: SkirmishState, side: string): SkirmishState {
  const done = [...s.done, side];
  if (SIDES.some((x) => !done.includes(x.id))) return { ...s, done };
  return { ...s, done: [], phase: 'plot' };
}

const waitingFor = (s: SkirmishState): string[] => {
  if (s.phase === 'over') return [];
  if (s.phase === 'activate') return acting(s) ? [acting(s)!.side] : [];
  return SIDES.map((x) => x.id).filter((id) => !s.done.includes(id));
};

/** The fixture's headless game. */
export const skirmishGame: GameDef<SkirmishState, GameAction, SkirmishEvent> = {
  rulesetId: 'hex-skirmish',
  sides: SIDES,
  newGame: ({ seed }) => ({
    turn: 1,
    phase: 'cards',
    units: {
      r1: unit('r1', 'red', 'Tank', 'vehicle', { col: 1, row: 3 }, 1),
      r2: unit('r2', 'red', 'Rifles', 'figure', { col: 1, row: 1 }, 1),
      b1: unit('b1', 'blue', 'AT gun', 'gun', { col: 7, row: 3 }, 4),
    },
    hands: { red: ['dash', 'rally'], blue: ['rally', 'dash'] },
    done: [],
    queue: [],
    rng: seedRng(seed),
  }),
  reduce,
  status: (s) => ({
    turn: s.turn,
    phase: s.phase,
    waitingFor: waitingFor(s),
    over: s.phase === 'over',
  }),
  result: (s) =>
    s.phase !== 'over'
      ? undefined
      : s.winner === 'draw'
        ? { winner: 'draw', text: 'Draw: both sides still stand after three turns' }
        : {
            winner: s.winner!,
            text: `${SIDES.find((x) => x.id === s.winner)?.name ?? s.winner} wins`,
          },
  hash: (s) => hashState(s),
  // Plotted missions stay secret from the other side until they are revealed.
  eventVisible: (e, viewer) => e.type !== 'plot' || viewer === null || viewer === e.side,
  actionSide: (s, a) =>
    typeof a.side === 'string'
      ? a.side
      : typeof a.unit === 'string'
        ? s.units[a.unit]?.side
        : undefined,
  endPhaseAction: (_s, side) => ({ type: 'pass', side }),
  bot(state, side) {
    let s = state;
    const actions: GameAction[] = [];
    const events: SkirmishEvent[] = [];
    const act = (a: GameAction) => {
      const r = reduce(s, a);
      if (!r.ok) return false;
      s = r.state;
      actions.push(a);
      events.push(...r.events);
      return true;
    };
    if (!waitingFor(s).includes(side)) return { actions, state: s, events };
    if (s.phase === 'plot')
      for (const u of alive(s))
        if (u.side === side) act({ type: 'plot', unit: u.id, mission: 'advance' });
    if (s.phase === 'activate') {
      const me = acting(s)!;
      const target = alive(s).find((t) => t.side !== me.side);
      if (target && sightOf(me.at, target.at).blockAt < 0)
        act({ type: 'fire', unit: me.id, target: target.id });
    }
    act({ type: 'pass', side });
    return { actions, state: s, events };
  },
  dice: { get: (s) => s.rng, set: (s, rng) => ({ ...s, rng }) },
};

const PHASES = [
  { id: 'cards', label: 'Cards' },
  { id: 'plot', label: 'Plot' },
  { id: 'activate', label: 'Activation' },
];

function cardView(s: SkirmishState, side: string, id: string): CardView {
  const c = CARDS[id]!;
  const action = { type: 'play', side, card: id };
  const r = reduce(s, action);
  return {
    id,
    name: c.name,
    text: c.text,
    action: r.ok ? action : undefined,
    ...(r.ok ? {} : { disabledReason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) }),
  };
}

function prompt(s: SkirmishState): Prompt {
  const side = waitingFor(s)[0];
  switch (s.phase) {
    case 'cards':
      return { kind: 'cards', hand: (s.hands[side!] ?? []).map((id) => cardView(s, side!, id)) };
    case 'plot':
      return {
        kind: 'plot',
        pending: alive(s)
          .filter((u) => u.side === side && !u.mission)
          .map((u) => u.id),
      };
    case 'activate':
      return { kind: 'activate', unit: s.queue[0]!, queue: s.queue.slice(1) };
    case 'over':
      return { kind: 'wait', for: [] };
  }
}

function counter(u: SkirmishUnit, viewer: string | null, s: SkirmishState): CounterView<'hex'> {
  const status: string[] = [];
  if (!u.alive) status.push('destroyed');
  if (u.suppressed) status.push('suppressed');
  if (u.fired) status.push('fired');
  // A mission is secret from the enemy while it is being plotted.
  if (u.mission && (s.phase !== 'plot' || viewer === null || viewer === u.side))
    status.push(u.mission);
  return {
    id: u.id,
    side: u.side,
    label: label(u),
    glyph: u.kind === 'vehicle' ? 'T' : u.kind === 'gun' ? 'G' : 'R',
    kind: u.alive ? u.kind : 'wreck',
    formation: u.side,
    formationLabel: `${u.side === 'red' ? 'Red' : 'Blue'} force`,
    at: u.at,
    facing: u.facing,
    turret: undefined,
    size: { length: 1, width: 1 },
    embarkedIn: null,
    passengers: [],
    status,
    moved: allowance(u) ? u.moved / allowance(u) : 0,
    alive: u.alive,
  };
}

function describe(e: SkirmishEvent, s: SkirmishState): LogLine[] {
  const name = (id: string) => (s.units[id] ? label(s.units[id]) : id);
  const line = (
    text: string,
    tone: LogLine['tone'],
    units: string[] = [],
    dice: number[] = [],
    rule?: string,
  ): LogLine => ({
    text,
    tone,
    units,
    dice,
    ruleIds: rule ? [rule] : [],
  });
  switch (e.type) {
    case 'card':
      return [
        line(
          `${e.side} plays ${CARDS[e.card]?.name ?? e.card}${e.unit ? ` on ${name(e.unit)}` : ''}`,
          'move',
          e.unit ? [e.unit] : [],
          [],
          'HS-1',
        ),
      ];
    case 'pass':
      return [line(`${e.side} ends the ${e.phase} phase`, 'phase')];
    case 'plot':
      return [line(`${name(e.unit)} will ${e.mission}`, 'move', [e.unit], [], 'HS-2')];
    case 'reveal':
      return [
        line(
          `Missions revealed: ${Object.entries(e.missions)
            .map(([u, m]) => `${u} ${m}`)
            .join(', ')}`,
          'phase',
          [],
          [],
          'HS-2',
        ),
      ];
    case 'activate':
      return [line(`${name(e.unit)} is activated`, 'phase', [e.unit], [], 'HS-3')];
    case 'move':
      return [
        line(
          `${name(e.unit)} moves to ${hexLabel(e.to.col, e.to.row)} (${e.hexes} hexes)`,
          'move',
          [e.unit],
          [],
          'HS-3.1',
        ),
      ];
    case 'face':
      return [line(`${name(e.unit)} turns to face side ${e.facing}`, 'move', [e.unit])];
    case 'fire':
      return [
        line(
          `${name(e.unit)} fires at ${name(e.target)}: rolled ${e.roll}, needs ${e.need}+ — ${e.result === 'destroyed' ? `${name(e.target)} destroyed` : e.result === 'suppressed' ? `${name(e.target)} is hit and suppressed` : 'miss'}`,
          e.result === 'miss' ? 'roll' : 'result',
          [e.unit, e.target],
          [e.roll],
          'HS-4',
        ),
      ];
    case 'turn':
      return [line(`Turn ${e.turn}`, 'phase')];
    case 'over':
      return [
        line(e.winner === 'draw' ? 'Game over: a draw' : `Game over: ${e.winner} wins`, 'end'),
      ];
  }
}

/** The fixture's playtest view on the hex board. */
export const skirmishView: HexPlaytestView<SkirmishState, SkirmishEvent> = {
  board: 'hex',
  game: skirmishGame,
  label: 'Hex skirmish (test fixture)',
  table: { width: GRID.columns, height: GRID.rows },
  phase(s): PhaseInfo {
    const todo: Record<string, string[]> = {};
    for (const side of SIDES) {
      const own = alive(s).filter((u) => u.side === side.id);
      todo[side.id] =
        s.phase === 'plot'
          ? [`${own.filter((u) => !u.mission).length} of ${own.length} units without a mission`]
          : s.phase === 'cards'
            ? [`${s.hands[side.id]?.length ?? 0} cards in hand`]
            : [`${own.length} units in play`];
    }
    return {
      turn: s.turn,
      turnLimit: TURNS,
      phase: s.phase,
      phaseLabel: s.phase === 'over' ? 'Game over' : PHASES.find((p) => p.id === s.phase)!.label,
      phaseRuleId:
        s.phase === 'over' ? undefined : `HS-${PHASES.findIndex((p) => p.id === s.phase) + 1}`,
      phases: PHASES,
      waitingFor: waitingFor(s),
      todo,
      prompt: prompt(s),
      over: s.phase === 'over',
    };
  },
  counters: (s, viewer) => Object.values(s.units).map((u) => counter(u, viewer, s)),
  objectives: (s) => {
    const holder = alive(s).find((u) => CROSSROADS.some((h) => same(h, u.at)));
    return [
      {
        id: 'crossroads',
        name: 'Crossroads',
        owner: undefined,
        area: { shape: 'hexes', hexes: [...CROSSROADS] },
        known: true,
        revealed: true,
        held: holder ? 1 : 0,
        needed: 1,
        text: `Crossroads: ${holder ? `held by ${holder.side}` : 'not held'}`,
      },
    ];
  },
  score: (s) =>
    SIDES.map((x) => ({
      side: x.id,
      label: x.name,
      value: `${alive(s).filter((u) => u.side === x.id).length} units in play`,
    })),
  canAct(s, id, side) {
    const u = s.units[id];
    if (!u?.alive || u.side !== side) return false;
    if (s.phase === 'plot') return !s.done.includes(side);
    return s.phase === 'activate' && s.queue[0] === id;
  },
  commands(s, id): UnitCommand[] {
    const u = s.units[id];
    if (!u || s.phase !== 'plot') return [];
    return (['advance', 'hold'] as const).map((m) => {
      const action = { type: 'plot', unit: id, mission: m };
      const r = reduce(s, action);
      return {
        id: m,
        label: m === 'advance' ? 'Advance' : 'Hold',
        action: r.ok ? action : undefined,
        ...(r.ok ? {} : { disabledReason: r.reason }),
        ruleId: 'HS-2',
      };
    });
  },
  reachable(s, id) {
    const u = s.units[id];
    if (!u || acting(s)?.id !== id) return undefined;
    const full = allowance(u);
    if (full === 0) return undefined;
    const hexes: HexReach[] = [...reachOf(s, u).values()].map((r) => ({
      cell: r.at,
      cost: r.cost / full,
    }));
    return {
      grid: undefined,
      hexes,
      budget: (full - u.moved) / full,
      rate: `${full} hexes`,
      bands: [
        { max: 0.5, label: 'half the move or less' },
        { max: 1, label: 'the rest of the move (woods cost 2)' },
      ],
    };
  },
  planMove(s, id, to) {
    const u = s.units[id];
    if (!u) return { ok: false, reason: 'no such unit' };
    const r = reachOf(s, u).get(`${to.col},${to.row}`);
    if (acting(s)?.id !== id)
      return { ok: false, reason: 'only the activated unit moves', ruleId: 'HS-3' };
    if (!r)
      return { ok: false, reason: `${hexLabel(to.col, to.row)} is out of reach`, ruleId: 'HS-3.1' };
    return {
      ok: true,
      action: { type: 'move', unit: id, to: r.at },
      to: r.at,
      path: r.path,
      snapped: false,
      explanation: `${label(u)} moves ${r.cost} of ${allowance(u) - u.moved} hexes left to ${hexLabel(to.col, to.row)}`,
    };
  },
  faceAction: (s, id, facing) =>
    acting(s)?.id === id ? { type: 'face', unit: id, facing } : undefined,
  weapons(s, id) {
    const u = s.units[id];
    if (!u || u.kind === 'figure' || acting(s)?.id !== id) return [];
    return [
      {
        id: 'gun',
        label: u.kind === 'gun' ? 'AT gun' : 'Tank gun',
        ammo: [],
        atPoint: false,
        maxRange: RANGE,
        remaining: u.fired ? 'fired' : '1 shot',
      },
    ];
  },
  previewFire(s, shooter, _weapon, _ammo, target) {
    const u = s.units[shooter]!;
    const t = target.unit ? s.units[target.unit] : undefined;
    if (!t)
      return {
        legal: false,
        reason: 'fire at a unit',
        sight: undefined,
        range: undefined,
        band: undefined,
        steps: [],
        odds: [],
        templates: [],
        action: undefined,
      };
    const los = sightOf(u.at, t.at);
    const blocker = los.blockAt >= 0 ? los.hexes[los.blockAt]! : undefined;
    const sight = {
      from: u.at,
      to: t.at,
      hexes: los.hexes,
      visible: !blocker,
      distance: los.distance,
      ...(blocker
        ? {
            blockedBy: {
              id: `woods-${blocker.col}-${blocker.row}`,
              name: `woods ${hexLabel(blocker.col, blocker.row)}`,
              kind: 'woods',
              at: los.blockAt,
              ruleId: 'HS-4.1',
            },
          }
        : {}),
      cover: isWoods(t.at) ? 'woods' : 'none',
      ruleId: 'HS-4.1',
      crossed: los.hexes
        .slice(1, -1)
        .map((h) => `${hexLabel(h.col, h.row)}${isWoods(h) ? ' (woods)' : ''}`),
    };
    const action = { type: 'fire', unit: shooter, target: t.id };
    const r = reduce(s, action);
    const n = need(u, t);
    const modifiers = [
      ...(u.mission === 'hold' ? [{ label: 'holding position', value: 1, ruleId: 'HS-4.3' }] : []),
      ...(u.suppressed ? [{ label: 'shooter suppressed', value: -1, ruleId: 'HS-4.3' }] : []),
      ...(isWoods(t.at) ? [{ label: 'target in woods', value: -1, ruleId: 'HS-4.3' }] : []),
    ];
    return {
      legal: r.ok,
      ...(r.ok ? {} : { reason: r.reason, ...(r.ruleId ? { ruleId: r.ruleId } : {}) }),
      sight,
      range: los.distance,
      band: los.distance <= 2 ? 'close' : 'long',
      steps: [{ label: 'To hit', base: '4+', modifiers, needed: `${n}+`, ruleId: 'HS-4' }],
      odds: [
        { label: `${label(t)} destroyed`, p: Math.max(0, 7 - n) / 6 },
        { label: `${label(t)} suppressed`, p: n - 1 >= 1 && n - 1 <= 6 ? 1 / 6 : 0 },
      ],
      templates: [],
      action: r.ok ? action : undefined,
    };
  },
  clock: () => undefined,
  describe,
};
