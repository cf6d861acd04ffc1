/**
 * WWI medals (WW-G7): objectives held, medals by side, and the win they bring.
 */
import { dict, type Dict } from '../../../game/dict';
import { type MedalObjective, type Ww1Board, type Ww1Event, type Ww1State } from './state';
import { unitAt } from './board';

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

export function checkMedals(b: Ww1Board, s: Ww1State, events: Ww1Event[]): Ww1State {
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
