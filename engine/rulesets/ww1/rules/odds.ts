import { multinomial } from '../../../random/odds';
import { resolveHits, type BattlePlan, type Ww1Board, type Ww1State } from './turn';

/**
 * Exact odds of a battle: each die shows a symbol that hits the target, a flag, or neither, so the
 * numbers of hits and flags follow a multinomial law over the battle die's faces. Each outcome is
 * then resolved as the game resolves it (figures lost, retreats, blocked retreats) to give the
 * chance the target is eliminated or its hex vacated (a tank's close combat then gains ground).
 */
export interface BattleOdds {
  readonly dice: number;
  /** Chance of a die hitting, showing a flag, or neither. */
  readonly pHit: number;
  readonly pFlag: number;
  /** P(exactly k hits), k = 0 … dice. */
  readonly hits: readonly number[];
  /** P(exactly k flags rolled), k = 0 … dice (before ignores). */
  readonly flags: readonly number[];
  /** P(k hits and f flags) for every k + f ≤ dice. */
  readonly joint: readonly { readonly hits: number; readonly flags: number; readonly p: number }[];
  readonly expectedHits: number;
  readonly pEliminated: number;
  readonly pVacated: number;
}

/** A battle die's chance to hit the target, to show a flag, or neither, by the plan's symbols. */
export function dieOdds(
  b: Ww1Board,
  plan: BattlePlan,
): { readonly pHit: number; readonly pFlag: number; readonly pNone: number } {
  const faces = b.rules.faces;
  const pHit = faces.filter((f) => plan.hitSymbols.includes(f)).length / faces.length;
  const pFlag =
    faces.filter((f) => f === b.rules.flag && !plan.hitSymbols.includes(f)).length / faces.length;
  return { pHit, pFlag, pNone: 1 - pHit - pFlag };
}

export function battleOdds(
  b: Ww1Board,
  s: Pick<Ww1State, 'units'>,
  target: string,
  plan: BattlePlan,
): BattleOdds {
  const { pHit, pFlag, pNone } = dieOdds(b, plan);
  const n = plan.dice;
  const hits = Array<number>(n + 1).fill(0);
  const flags = Array<number>(n + 1).fill(0);
  const joint: { hits: number; flags: number; p: number }[] = [];
  let pEliminated = 0;
  let pVacated = 0;
  for (const { counts, p } of multinomial(n, [pHit, pFlag, pNone])) {
    const [h, f] = counts as [number, number, number];
    hits[h]! += p;
    flags[f]! += p;
    joint.push({ hits: h, flags: f, p });
    const out = resolveHits(b, s, target, h, Math.max(0, f - plan.ignorable));
    if (out.eliminated) pEliminated += p;
    if (out.vacated) pVacated += p;
  }
  return {
    dice: n,
    pHit,
    pFlag,
    hits,
    flags,
    joint,
    expectedHits: n * pHit,
    pEliminated,
    pVacated,
  };
}
