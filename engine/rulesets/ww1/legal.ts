import { acceptedActions } from '../../game/legal';
import { paths } from './bot';
import {
  orderProblem,
  planBattle,
  reduceWw1,
  specOf,
  type Ww1Action,
  type Ww1Board,
  type Ww1State,
} from './rules/turn';

/**
 * Every action the WWI side to act may take now (the kit's `legalActions`): the command cards in
 * its hand; each unit it may still order (orders add up, so ordering units one by one reaches
 * every set of them); a move of each ordered unit to each hex it can reach (one route per hex:
 * the rules look at the hexes a route passes, and the first route found is the shortest); each
 * battle a unit may fight, with each combat card in hand or none; and the ends of the phases.
 * Each is checked by the rules, so every one listed is accepted.
 */
export function ww1LegalActions(b: Ww1Board, s: Ww1State, side: string): Ww1Action[] {
  if (s.phase === 'over' || s.active !== side) return [];
  return acceptedActions(
    (state: Ww1State, a: Ww1Action) => reduceWw1(b, state, a),
    s,
    candidates(b, s, side),
  );
}

function* candidates(b: Ww1Board, s: Ww1State, side: string): Generator<Ww1Action> {
  const mine = Object.values(s.units).filter((u) => u.side === side);
  switch (s.phase) {
    case 'play':
      for (const card of new Set(s.deck.hands[side] ?? [])) yield { type: 'playCard', card };
      return;
    case 'order':
    case 'move': {
      if (s.phase === 'order') {
        for (const u of mine) if (!orderProblem(b, s, u.id)) yield { type: 'order', units: [u.id] };
        yield { type: 'endOrders' };
      }
      const moving = s.phase === 'order' ? { ...s, phase: 'move' as const } : s;
      for (const u of mine) {
        if (!u.ordered || u.moved || u.bogged) continue;
        for (const path of paths(b, moving, u, specOf(b, u).move))
          yield { type: 'move', unit: u.id, path };
      }
      yield { type: 'endMoves' };
      return;
    }
    case 'battle': {
      const cards = [undefined, ...new Set(s.combat.hands[side] ?? [])];
      for (const u of mine) {
        if (!u.ordered || (u.battled && !u.bonusOpen)) continue;
        for (const t of Object.values(s.units)) {
          if (t.side === side) continue;
          for (const card of cards) {
            if (!planBattle(b, s, u.id, t.id, card).ok) continue;
            yield { type: 'battle', unit: u.id, target: t.id, ...(card ? { card } : {}) };
          }
        }
      }
      yield { type: 'endTurn' };
      return;
    }
    case 'over':
      return;
  }
}
