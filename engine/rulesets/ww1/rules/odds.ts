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

function binomials(n: number): number[][] {
  const c: number[][] = [[1]];
  for (let i = 1; i <= n; i++) {
    c.push([1]);
    for (let k = 1; k < i; k++) c[i]!.push(c[i - 1]![k - 1]! + c[i - 1]![k]!);
    c[i]!.push(1);
  }
  return c;
}

export function battleOdds(
  b: Ww1Board,
  s: Pick<Ww1State, 'units'>,
  target: string,
  plan: BattlePlan,
): BattleOdds {
  const faces = b.rules.faces;
  const pHit = faces.filter((f) => plan.hitSymbols.includes(f)).length / faces.length;
  const pFlag =
    faces.filter((f) => f === b.rules.flag && !plan.hitSymbols.includes(f)).length / faces.length;
  const pNone = 1 - pHit - pFlag;
  const n = plan.dice;
  const c = binomials(n);
  const hits = Array<number>(n + 1).fill(0);
  const flags = Array<number>(n + 1).fill(0);
  const joint: { hits: number; flags: number; p: number }[] = [];
  let pEliminated = 0;
  let pVacated = 0;
  for (let h = 0; h <= n; h++)
    for (let f = 0; h + f <= n; f++) {
      // n! / (h! f! (n-h-f)!) = C(n, h) · C(n - h, f)
      const p = c[n]![h]! * c[n - h]![f]! * pHit ** h * pFlag ** f * pNone ** (n - h - f);
      if (p === 0) continue;
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
