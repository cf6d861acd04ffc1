/**
 * Exact odds of a planned shot, by counting the faces of each d6.
 */
import { pAtLeast as pAtLeastOn } from '../../../random/odds';
import type { TankplankContext } from './context';
import type { ShotPlan } from './shotPlan';

/** Exact probabilities of a planned shot, by enumerating the d6 faces. */
export interface ShotOdds {
  readonly pHit: number;
  readonly pPenetrate?: number;
  /** Chance that the aimed target is put out of action. */
  readonly pKill: number;
  /** Chance each man caught by a template becomes a casualty. */
  readonly perUnit: readonly { readonly unit: string; readonly p: number }[];
}

/** Probability that a natural d6 reaches `needed`, by counting the faces that do. */
export const pAtLeast = (needed: number): number => pAtLeastOn(needed, 6);

/** Odds of a plan; grenades and mortars list the chance for the aimed point. */
export function shotOdds(ctx: TankplankContext, plan: ShotPlan): ShotOdds {
  const pHit = plan.toHit ? pAtLeast(plan.toHit.needed) : 1;
  const pPen = plan.penetration ? pAtLeast(plan.penetration.needed) : undefined;
  const perUnit: { unit: string; p: number }[] = [];
  if (plan.template) {
    for (const s of plan.template.saves)
      perUnit.push({ unit: s.unit, p: pHit * (1 - pAtLeast(s.needed)) });
    for (const v of plan.template.vehicles)
      perUnit.push({ unit: v.target, p: pHit * pAtLeast(v.needed) });
  }
  // A grenade: each face of the throw die lands it somewhere (TP-13.2); the burst is a mortar
  // round's (TP-13.4) and a vehicle thrown at rolls impact 2 against its armour (TP-13.5).
  for (const o of plan.grenade?.outcomes ?? []) {
    for (const s of o.saves) addChance(perUnit, s.unit, (1 - pAtLeast(s.needed)) / 6);
    for (const v of o.vehicles) addChance(perUnit, v.target, pAtLeast(v.needed) / 6);
  }
  for (const m of plan.matrix ?? []) {
    // Each matrix face is one chance in six; a natural 1 is a dud (TP-12.2).
    for (const s of m.saves) addChance(perUnit, s.unit, (1 - pAtLeast(s.needed)) / 6);
    for (const v of m.vehicles) addChance(perUnit, v.target, pAtLeast(v.needed) / 6);
  }
  let pKill = 0;
  if (plan.casualtyOnHit) pKill = pHit;
  else if (pPen !== undefined) pKill = pHit * pPen;
  else if (plan.target) {
    pKill = perUnit.find((u) => u.unit === plan.target)?.p ?? 0;
  }
  return { pHit, ...(pPen !== undefined ? { pPenetrate: pPen } : {}), pKill, perUnit };
}

function addChance(list: { unit: string; p: number }[], unit: string, p: number): void {
  const have = list.find((x) => x.unit === unit);
  if (have) have.p += p;
  else list.push({ unit, p });
}
