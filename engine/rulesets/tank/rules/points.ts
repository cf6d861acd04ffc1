import type { UnitType } from '../../../format';

/**
 * The points a unit type would cost by the placeholder formula (TC-8.2, TC-G6): the seed says
 * tank values come from the AP attack, the armour defence and optionally the movement allowance,
 * but gives no formula, so the coefficients are catalog constants (pointsPerApStrength,
 * pointsPerDefence on the mean of the three aspects, pointsPerMovement). Undefined when the type
 * lacks those stats or the catalogs lack the coefficients. Only a suggestion: the catalog's own
 * `points` is what the force checks count.
 */
export function formulaPoints(
  t: UnitType,
  constants: Readonly<Record<string, unknown>>,
): number | undefined {
  const k = (key: string) => (typeof constants[key] === 'number' ? constants[key] : undefined);
  const perAp = k('pointsPerApStrength');
  const perDef = k('pointsPerDefence');
  const perMa = k('pointsPerMovement') ?? 0;
  const ap = t.stats?.['apAttack'];
  const a = t.armour;
  const aspects = [a?.front, a?.side, a?.rear].filter((x): x is number => typeof x === 'number');
  if (perAp === undefined || perDef === undefined || typeof ap !== 'number') return undefined;
  if (aspects.length !== 3) return undefined;
  const ma = typeof t.speeds?.['ma'] === 'number' ? t.speeds['ma'] : 0;
  const defence = aspects.reduce((n, x) => n + x, 0) / 3;
  return Math.max(1, Math.round(perAp * ap + perDef * defence + perMa * ma));
}
