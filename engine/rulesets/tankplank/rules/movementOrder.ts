import type { TankplankContext } from './context';
import type { TankplankState } from './state';
import { dictValues } from '../../../game/dict';

/**
 * The order a side moves its units this turn (TP-4.3): a sweep across its frontage, from its
 * right flank to its left on turn 1, then the other way, alternating every turn. Flanks are seen
 * from the side's entry edge looking into the table; units off the table follow, in list order.
 */
export function movementOrder(
  ctx: TankplankContext,
  state: TankplankState,
  side: string,
): string[] {
  const edge = ctx.entryEdges.get(side)?.edge ?? 'west';
  // Position along the frontage, growing from the right flank to the left flank.
  const rightToLeft = (x: number, y: number): number => {
    switch (edge) {
      case 'west':
        return -y;
      case 'east':
        return y;
      case 'north':
        return x;
      case 'south':
        return -x;
    }
  };
  const units = dictValues(state.units).filter((u) => u.side === side && u.alive && !u.embarkedIn);
  const placed = units.filter((u) => u.at !== null);
  const off = units.filter((u) => u.at === null).map((u) => u.id);
  const sign = state.sweep === 'rightToLeft' ? 1 : -1;
  placed.sort(
    (a, b) =>
      sign * (rightToLeft(a.at![0], a.at![1]) - rightToLeft(b.at![0], b.at![1])) ||
      (a.id < b.id ? -1 : 1),
  );
  return [...placed.map((u) => u.id), ...off];
}

/**
 * The sides still to play this phase, the one that goes first first. Both sides move and fire
 * at the same time (TP-4.3, TP-A25), but the engine takes one side's actions and then the
 * other's, and the side that goes first takes the road, the bridge or the firing spot before the
 * other comes: with the same side first every turn, bot-versus-bot games on the village went
 * that side's way nearly every time. So the side that goes first changes every turn: the first
 * side of the scenario on odd turns, the last on even ones.
 */
export function sidesToPlay(ctx: TankplankContext, state: TankplankState): string[] {
  const sides = state.turn % 2 === 1 ? ctx.sides : [...ctx.sides].reverse();
  return sides.filter((s) => !state.ended.includes(s));
}
