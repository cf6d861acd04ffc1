/**
 * One WWI turn as a pure reducer: play a command card (WW-G1), order units in its sections, move
 * them on the hexes (wire and stop-movement terrain; WW-3 for tanks), battle with the battle dice
 * by range (WW-4, WW-5 for tanks; a tank follows the general phases, WW-2), a combat card with a battle, hits, flags and retreats, gaining
 * ground and bog-down (WW-6), the bonus combat (WW-7), then draw and count medals (WW-G7).
 */
import { dict, entry, withEntry } from '../../../game/dict';
import { accepted, invalid } from '../../../game/reducer';
import { discardCards, drawCards } from '../../../random/deck';
import { Dice } from '../../../random/dice';
import {
  type HexCell,
  type Step,
  type Ww1Action,
  type Ww1Board,
  type Ww1Event,
  type Ww1State,
  type Ww1Unit,
} from './state';
import { battle } from './battle';
import {
  cellDistance,
  cellKey,
  hexFacts,
  hexName,
  other,
  sectionsOf,
  specOf,
  unitAt,
} from './board';
import { freshUnit } from './setUp';
import { checkMedals } from './medals';
import { rollsAfter, rollsFor } from './keyedDice';

export type {
  HexCell,
  MedalObjective,
  Ww1Action,
  Ww1Board,
  Ww1Event,
  Ww1Phase,
  Ww1State,
  Ww1Unit,
} from './state';
export {
  cellDistance,
  cellKey,
  hexFacts,
  hexName,
  neighbours,
  sectionsOf,
  specOf,
  thirds,
  unitAt,
} from './board';
export type { HexFacts } from './board';
export { setUpWw1 } from './setUp';
export { hasSight, sightBlock, sightLine } from './sight';
export { enemiesNext, planBattle, resolveHits } from './battle';
export type { BattleModifier, BattlePlan, Outcome, PlanResult } from './battle';
export { medalsOf, objectiveHeld } from './medals';

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

function endTurn(b: Ww1Board, s: Ww1State): Step {
  if (s.phase === 'play') return invalid('play a command card before ending the turn', 'WW-G1');
  const rng = new Dice(rollsFor(s, 'end of turn'));
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
    rng: rollsAfter(s, rng),
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
