/**
 * Saves for men caught by a template: the cover a man has where he stands and the roll he needs
 * (TP-8.3, TP-14.1, TP-A42).
 */
import type { CoverClass } from '../../../format';
import type { TablePoint } from '../../../geometry/units';
import type { Modifier } from './actions';
import { num, tableRows, text } from './catalog';
import type { TankplankContext } from './context';
import type { SaveStep } from './shotPlan';

export function saveFor(
  ctx: TankplankContext,
  unit: string,
  cover: CoverClass,
  base: number,
  ruleId: string,
): SaveStep {
  const mods: Modifier[] = [];
  if (cover !== 'none') {
    const row = tableRows(ctx.catalog, 'saves').find((r) => r['situation'] === `cover.${cover}`);
    if (row)
      mods.push({ label: `${cover} cover`, value: num(row, 'bonus'), ruleId: text(row, 'ruleId') });
  }
  return {
    unit,
    cover,
    modifiers: mods,
    needed: base - mods.reduce((s, m) => s + m.value, 0),
    ruleId,
  };
}

/** The cover a man has where he stands: the best of the features within `reach` inches. */
export function coverAt(ctx: TankplankContext, p: TablePoint, reach = 0.5): CoverClass {
  const rank: CoverClass[] = ['none', 'light', 'heavy', 'strong', 'fortification'];
  let best: CoverClass = 'none';
  for (const e of ctx.terrain.featuresAt(p, reach)) {
    if (
      e.feature.kind === 'road' ||
      e.feature.kind === 'ground' ||
      e.feature.kind === 'bridge' ||
      e.feature.kind === 'catwalk'
    )
      continue;
    if (rank.indexOf(e.rules.coverClass) > rank.indexOf(best)) best = e.rules.coverClass;
  }
  return best;
}
