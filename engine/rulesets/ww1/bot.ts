import { entry, withEntry } from '../../game/dict';
import { trinomialP } from '../../random/odds';
import type { BotStyle, SideTurn } from '../../game/gameDef';
import { SideTurnBuilder } from '../../game/sideTurn';
import {
  cellDistance,
  cellKey,
  hexFacts,
  neighbours,
  orderProblem,
  planBattle,
  reduceWw1,
  specOf,
  unitAt,
  type BattlePlan,
  type HexCell,
  type Ww1Action,
  type Ww1Board,
  type Ww1Event,
  type Ww1State,
  type Ww1Unit,
} from './rules/turn';
import { dieOdds } from './rules/odds';

/**
 * The WWI bot plays a whole turn of its side: it plays the command card whose sections hold the
 * units with the most to gain, orders them (tanks and units with a target first), moves each to
 * the hex from which it battles best (or toward the nearest enemy and the objectives), battles
 * the target with the most expected hits, plays a combat card when it adds dice (a tank keeps its
 * gain ground unless the style is aggressive), and takes every bonus combat it is given.
 */

/** How far the style pushes units forward: expected hits weigh 1, a hex nearer the enemy this. */
const ADVANCE: Readonly<Record<BotStyle, number>> = {
  cautious: 0.08,
  balanced: 0.2,
  aggressive: 0.35,
};

/**
 * How the bot plays: its style, and whether it weighs a battle by its exact odds
 * (`exactBattleValue`) or by the rough rule of `planValue` (the styles' way).
 */
interface Play {
  readonly style: BotStyle;
  readonly exact: boolean;
  /**
   * The decision taken as the bot's second choice (`Decision`: the card, the orders, a unit's
   * move, the nth battle), for the search's candidates; every other decision is its first.
   */
  readonly second?: string;
  /** The decisions the turn met, in order (filled as it is played). */
  readonly met: string[];
  /** Battles chosen so far this turn (names the next battle's decision). */
  battles: number;
}

/** Notes a decision met and says whether to take the second choice there. */
function decide(play: Play, decision: string): boolean {
  if (!play.met.includes(decision)) play.met.push(decision);
  return play.second === decision;
}

/** Expected value of a battle plan: hits, a share for flags that make it retreat. */
function planValue(
  b: Ww1Board,
  s: Ww1State,
  plan: BattlePlan,
  target: Ww1Unit,
  exact: boolean,
): number {
  if (exact) return exactBattleValue(b, s, plan, target);
  const faces = b.rules.faces.length;
  const pHit = b.rules.faces.filter((f) => plan.hitSymbols.includes(f)).length / faces;
  const pFlag = b.rules.faces.filter((f) => f === b.rules.flag).length / faces;
  const hits = plan.dice * pHit;
  const flags = Math.max(0, plan.dice * pFlag - plan.ignorable);
  const left = target.figures;
  // A unit near its end is worth finishing: a medal.
  const kill = hits >= left ? 1.5 : hits / left;
  return hits + 0.3 * flags + kill + (s.units[target.id] ? 0 : 0);
}

/** What the exact weighing counts: a figure lost, a unit eliminated (a medal), a hex retreated. */
const EXACT_WEIGHTS = { figure: 1, kill: 3, retreat: 0.3 };

/**
 * A battle plan's worth from the exact odds of its dice (each die a hit, a flag or nothing): the
 * figures the target loses, counting a flag whose retreat is blocked as a figure (WW-G4), its
 * chance to be eliminated (a medal: the WWI game is a race to them), and the hexes it is pushed
 * back. Measured against the rough rule of `planValue`: the balanced bot weighing so wins 55.6%
 * of 500 games against the balanced bot (ww1-wire, seeds 1-250 both ways).
 */
export function exactBattleValue(
  b: Ww1Board,
  s: Pick<Ww1State, 'units'>,
  plan: BattlePlan,
  target: Ww1Unit,
): number {
  const { pHit, pFlag, pNone } = dieOdds(b, plan);
  const n = plan.dice;
  const free = freeRetreats(b, s, target, n);
  let value = 0;
  for (let hits = 0; hits <= n; hits++)
    for (let flags = 0; hits + flags <= n; flags++) {
      const p = trinomialP(n, hits, flags, pHit, pFlag, pNone);
      const pushed = Math.max(0, flags - plan.ignorable) * b.rules.flagRetreatHexes;
      const lost = Math.min(target.figures, hits + Math.max(0, pushed - free));
      const killed = lost >= target.figures;
      value +=
        p *
        (lost * EXACT_WEIGHTS.figure +
          (killed ? EXACT_WEIGHTS.kill : EXACT_WEIGHTS.retreat * Math.min(pushed, free)));
    }
  return value;
}

/** Hexes a unit can retreat before its retreat is blocked (WW-G4), up to `most`. */
function freeRetreats(b: Ww1Board, s: Pick<Ww1State, 'units'>, t: Ww1Unit, most: number): number {
  let at = t.at;
  let n = 0;
  for (; n < most; n++) {
    const from = at;
    const back = neighbours(b, from).find(
      (c) => c.row - from.row === b.retreatRow[t.side] && !unitAt(s, c),
    );
    if (!back) break;
    at = back;
  }
  return n;
}

/** The unit's best battle from the state as it is (phase battle, the unit ordered). */
function bestBattle(
  b: Ww1Board,
  s: Ww1State,
  id: string,
  exact: boolean,
  cards: readonly (string | undefined)[] = [undefined],
  assumeOrdered = false,
  /** The second best battle instead (the best where there is no other). */
  second = false,
): { value: number; target: string; card?: string } | undefined {
  const me = s.units[id]!;
  let best: { value: number; target: string; card?: string } | undefined;
  let runnerUp: { value: number; target: string; card?: string } | undefined;
  for (const t of Object.values(s.units)) {
    if (t.side === me.side) continue;
    // Beyond the longest reach nothing can be battled.
    if (cellDistance(b, me.at, t.at) > specOf(b, me).rangedDice.length + 1) continue;
    for (const card of cards) {
      const p = planBattle(b, s, id, t.id, card, assumeOrdered);
      if (!p.ok) continue;
      let value = planValue(b, s, p.plan, t, exact);
      if (card !== undefined) {
        const without = planBattle(b, s, id, t.id, undefined, assumeOrdered);
        const base = without.ok ? planValue(b, s, without.plan, t, exact) : 0;
        // A card is worth playing when it adds; a tank loses its gain ground to some.
        const gain =
          value - base - (specOf(b, me).cls === 'tank' && p.plan.card?.noGainGround ? 0.6 : 0);
        if (gain <= 0.05) continue;
        value = base + gain;
      }
      const option = { value, target: t.id, ...(card ? { card } : {}) };
      if (!best || value > best.value) {
        runnerUp = best;
        best = option;
      } else if (!runnerUp || value > runnerUp.value) runnerUp = option;
    }
  }
  return second ? (runnerUp ?? best) : best;
}

function nearestEnemy(b: Ww1Board, s: Ww1State, u: Ww1Unit): number {
  let d = Infinity;
  for (const o of Object.values(s.units))
    if (o.side !== u.side) d = Math.min(d, cellDistance(b, u.at, o.at));
  for (const o of b.objectives)
    if (o.owner === u.side)
      for (const h of o.hexes) {
        const holder = unitAt(s, h);
        if (holder?.side !== u.side) d = Math.min(d, cellDistance(b, u.at, h) + 1);
      }
  return d;
}

/** How good a unit's place is: its best battle from there, and how near the enemy it stands. */
function placeValue(b: Ww1Board, s: Ww1State, id: string, play: Play): number {
  const u = s.units[id]!;
  const battle = bestBattle(b, s, id, play.exact, [undefined], true)?.value ?? 0;
  const d = nearestEnemy(b, s, u);
  const cover = hexFacts(b, s, u.at).terrain?.ignoreFlags ?? 0;
  const spec = specOf(b, u);
  // Guns stay back and shoot; soldiers and tanks close in.
  const advance = spec.cls === 'gun' ? 0 : ADVANCE[play.style];
  return battle - advance * (Number.isFinite(d) ? d : 0) + 0.1 * cover;
}

/** Paths of 1 to `move` hexes from a unit's hex, over empty hexes, keyed by the last hex. */
export function paths(b: Ww1Board, s: Ww1State, u: Ww1Unit, move: number): HexCell[][] {
  const out = new Map<string, HexCell[]>();
  let frontier: HexCell[][] = [[]];
  for (let step = 0; step < move; step++) {
    const next: HexCell[][] = [];
    for (const p of frontier) {
      const from = p.at(-1) ?? u.at;
      if (p.length && hexFacts(b, s, from).stopsMovement && specOf(b, u).cls !== 'tank') continue;
      for (const n of neighbours(b, from)) {
        const k = cellKey(n);
        if (out.has(k) || k === cellKey(u.at) || unitAt(s, n)) continue;
        const path = [...p, n];
        out.set(k, path);
        next.push(path);
      }
    }
    frontier = next;
  }
  return [...out.values()];
}

/** Worth by unit, kept per units record (playing a card leaves the units as they were). */
const WORTH = new WeakMap<object, Map<string, number>>();

/** The value of a unit for the card being chosen: what it would gain by being ordered. */
function unitWorth(b: Ww1Board, s: Ww1State, u: Ww1Unit, play: Play): number {
  let memo = WORTH.get(s.units);
  if (!memo) WORTH.set(s.units, (memo = new Map()));
  const key = `${u.id}/${play.style}/${play.exact ? 'exact' : 'rough'}`;
  const had = memo.get(key);
  if (had !== undefined) return had;
  const v = worthOf(b, s, u, play);
  memo.set(key, v);
  return v;
}

function worthOf(b: Ww1Board, s: Ww1State, u: Ww1Unit, play: Play): number {
  const here = placeValue(b, s, u.id, play);
  const spec = specOf(b, u);
  let best = here;
  if (!u.bogged)
    for (const p of paths(b, s, u, spec.move)) {
      const moved = { ...s, units: withEntry(s.units, u.id, { ...u, at: p.at(-1)! }) };
      best = Math.max(best, placeValue(b, moved, u.id, play));
    }
  // Ordering a unit that gains nothing still beats leaving a slot empty a little.
  return (
    0.2 +
    Math.max(0, best - here) +
    Math.max(0, bestBattle(b, s, u.id, play.exact, [undefined], true)?.value ?? 0)
  );
}

function chooseCard(b: Ww1Board, s: Ww1State, play: Play): string | undefined {
  const hand = s.deck.hands[s.active] ?? [];
  const worth = new Map<string, number>();
  for (const u of Object.values(s.units))
    if (u.side === s.active) worth.set(u.id, unitWorth(b, s, u, play));
  let best: { card: string; value: number } | undefined;
  const ranked: { card: string; value: number }[] = [];
  for (const card of new Set(hand)) {
    const c = entry(b.rules.commands, card);
    if (!c) continue;
    const played = { ...s, phase: 'order' as const, card };
    const values = Object.values(s.units)
      .filter((u) => u.side === s.active && !orderProblem(b, played, u.id))
      .map((u) => worth.get(u.id) ?? 0)
      .sort((x, y) => y - x)
      .slice(0, c.units);
    // A card that stops tanks gaining ground is worth a little less with tanks in the order.
    const value = values.reduce((n, v) => n + v, 0) + c.dice * 0.3 * values.length;
    if (!best || value > best.value) best = { card, value };
    ranked.push({ card, value });
  }
  if (decide(play, 'card')) {
    const next = ranked.filter((r) => r.card !== best?.card).sort((x, y) => y.value - x.value)[0];
    if (next) return next.card;
  }
  return best?.card ?? hand[0];
}

function chooseOrders(b: Ww1Board, s: Ww1State, play: Play): string[] {
  const c = b.rules.commands[s.card!]!;
  const ranked = Object.values(s.units)
    .filter((u) => u.side === s.active && !orderProblem(b, s, u.id))
    .map((u) => ({
      id: u.id,
      v: unitWorth(b, s, u, play) + (specOf(b, u).cls === 'tank' ? 0.5 : 0),
    }))
    .sort((x, y) => y.v - x.v || (x.id < y.id ? -1 : 1))
    .map((x) => x.id);
  // The second choice: the last unit that would be ordered gives way to the first left out.
  if (decide(play, 'orders') && ranked.length > c.units)
    return [...ranked.slice(0, c.units - 1), ranked[c.units]!];
  return ranked.slice(0, c.units);
}

function chooseMove(b: Ww1Board, s: Ww1State, u: Ww1Unit, play: Play): HexCell[] | undefined {
  const spec = specOf(b, u);
  let best: { path: HexCell[] | undefined; value: number } = {
    path: undefined,
    value: placeValue(b, s, u.id, play),
  };
  const all: { path: HexCell[] | undefined; value: number }[] = [best];
  for (const p of paths(b, s, u, spec.move)) {
    const r = reduceWw1(b, s, { type: 'move', unit: u.id, path: p });
    if (!r.ok) continue;
    const v = placeValue(b, r.state, u.id, play);
    const option = { path: p, value: v };
    all.push(option);
    if (v > best.value + 1e-9) best = option;
  }
  // The second choice: the best place other than the first (staying put, where it moved).
  if (decide(play, `move ${u.id}`)) {
    const next = all.filter((x) => x !== best).sort((x, y) => y.value - x.value)[0];
    if (next) return next.path;
  }
  return best.path;
}

/** One action for the side to act now, or undefined when its turn is done. */
function nextAction(b: Ww1Board, s: Ww1State, play: Play): Ww1Action {
  switch (s.phase) {
    case 'play':
      return { type: 'playCard', card: chooseCard(b, s, play) ?? '' };
    case 'order':
    case 'move': {
      // Order once (the whole count), then move the ordered units one by one.
      if (s.phase === 'order' && !Object.values(s.units).some((u) => u.ordered)) {
        const units = chooseOrders(b, s, play);
        if (units.length) return { type: 'order', units };
      }
      for (const u of Object.values(s.units)) {
        if (u.side !== s.active || !u.ordered || u.moved || u.bogged) continue;
        const path = chooseMove(b, s.phase === 'order' ? { ...s, phase: 'move' } : s, u, play);
        if (path) return { type: 'move', unit: u.id, path };
      }
      return { type: 'endMoves' };
    }
    case 'battle': {
      const cards = [undefined, ...new Set(s.combat.hands[s.active] ?? [])];
      const ready = Object.values(s.units)
        .filter((u) => u.side === s.active && u.ordered && (!u.battled || u.bonusOpen))
        .sort((x, y) => Number(specOf(b, y).cls === 'tank') - Number(specOf(b, x).cls === 'tank'));
      for (const u of ready) {
        const usable =
          play.style === 'aggressive' || specOf(b, u).cls !== 'tank'
            ? cards
            : cards.filter((c) => c === undefined || !entry(b.rules.combats, c)?.noGainGround);
        const best = bestBattle(
          b,
          s,
          u.id,
          play.exact,
          usable,
          false,
          decide(play, `battle ${play.battles + 1}`),
        );
        if (!best) continue;
        play.battles++;
        return {
          type: 'battle',
          unit: u.id,
          target: best.target,
          ...(best.card ? { card: best.card } : {}),
        };
      }
      return { type: 'endTurn' };
    }
    case 'over':
      return { type: 'endTurn' };
  }
}

/** The bot's whole turn for `side`, or nothing when it is not that side's turn. */
export function botTurn(
  b: Ww1Board,
  start: Ww1State,
  side: string,
  style: BotStyle = 'balanced',
  /** Weigh each battle by its exact odds (`exactBattleValue`): the search bot's own side. */
  exact = false,
): SideTurn<Ww1State, Ww1Action, Ww1Event> {
  return playTurn(b, start, side, { style, exact, met: [], battles: 0 });
}

function playTurn(
  b: Ww1Board,
  start: Ww1State,
  side: string,
  play: Play,
): SideTurn<Ww1State, Ww1Action, Ww1Event> {
  const turn = new SideTurnBuilder((s: Ww1State, a: Ww1Action) => reduceWw1(b, s, a), start);
  const asked = () => turn.state.phase !== 'over' && turn.state.active === side;
  // A unit battles at most twice and moves once: the turn ends well within the guard's steps.
  while (asked() && turn.step()) {
    const s = turn.state;
    const a = nextAction(b, s, play);
    if (turn.apply(a)) continue;
    // Whatever the plan missed, the turn still ends.
    const end: Ww1Action =
      s.phase === 'play' ? a : s.phase === 'battle' ? { type: 'endTurn' } : { type: 'endMoves' };
    if (!turn.apply(end)) break;
  }
  return turn.done();
}

/** Decisions of a turn taken as second choices, at most (the search weighs each as a candidate). */
const MAX_SECOND_CHOICES = 8;

/**
 * The turns the bot nearly played (`GameDef.searchTurns`, for the search's candidates): its turn
 * in `style` with one decision taken as its second choice (the command card, the units ordered,
 * one unit's place, one battle), every later decision its own again. Each is a turn the bot
 * itself rates close to its choice, which random draws rarely find and the styles rarely differ
 * on; the search's rollouts tell which is better where the bot's rough look-ahead cannot.
 */
export function secondChoiceTurns(
  b: Ww1Board,
  start: Ww1State,
  side: string,
  style: BotStyle,
  exact: boolean,
  names: ReadonlyMap<string, string>,
): { label: string; turn: SideTurn<Ww1State, Ww1Action, Ww1Event> }[] {
  const base: Play = { style, exact, met: [], battles: 0 };
  playTurn(b, start, side, base);
  return base.met.slice(0, MAX_SECOND_CHOICES).map((second) => ({
    label: secondWords(second, names),
    turn: playTurn(b, start, side, { style, exact, second, met: [], battles: 0 }),
  }));
}

/** A second-choice decision in words ("its second-best place for the Mark IV"). */
function secondWords(decision: string, names: ReadonlyMap<string, string>): string {
  const [kind, what = ''] = decision.split(' ');
  if (kind === 'card') return 'its second choice of command card';
  if (kind === 'orders') return 'its second choice of units to order';
  if (kind === 'move') return `its second-best place for ${names.get(what) ?? what}`;
  return `its second-best battle ${what}`;
}
