/**
 * Who a blast template catches: the save each man needs (hard cover against HE, TP-11.3) and the
 * roll each unarmoured vehicle makes.
 */
import { type Template, templateTest } from '../../../geometry/templates';
import { tablePoint } from '../../../geometry/units';
import type { FeatureOnLine } from '../../../los/lineOfSight';
import { constant } from './catalog';
import type { TankplankContext } from './context';
import { info, obstructions, onTable, sightIfSeen } from './situation';
import type { TankplankState } from './state';
import { solidAgainstBlast } from './terrainRules';
import { penetrationStep, strongestFace } from './hitAndPenetration';
import { coverAt, saveFor } from './saves';
import type { PenetrationStep, SaveStep } from './shotPlan';

/** Who a blast template catches (enemies of `side`) and the save or penetration roll each one needs. */
export function blastEffects(
  ctx: TankplankContext,
  state: TankplankState,
  template: Template,
  side: string,
  obs: ReturnType<typeof obstructions>,
  exclude: string | undefined,
  kind: 'he' | 'circle' = 'circle',
): { template: Template; saves: SaveStep[]; vehicles: PenetrationStep[] } {
  const saves: SaveStep[] = [];
  const vehicles: PenetrationStep[] = [];
  const apex =
    template.shape === 'circle'
      ? template.centre
      : template.shape === 'sector'
        ? template.apex
        : template.apex;
  const saveBase = constant(ctx.catalog, 'coneSaveTarget');
  // The outline made once for every unit (templateContains made it again for each).
  const inTemplate = templateTest(template);
  for (const u of state.units.list()) {
    if (!onTable(u) || u.side === side) continue;
    const p = tablePoint(u.at[0], u.at[1]);
    if (!inTemplate(p)) continue;
    const uInfo = info(ctx, state, u.id);
    if (uInfo.kind === 'figure') {
      if (kind === 'he') {
        // A solid object between the point of impact and the man counts as hard cover (TP-11.3).
        // Out of sight is hard cover whatever lies between.
        const seen = sightIfSeen(
          ctx,
          state,
          { point: apex, height: 0.2 },
          { unit: u.id, point: p },
          obs,
        );
        const hard =
          !seen ||
          seen.cover === 'heavy' ||
          seen.cover === 'strong' ||
          seen.cover === 'fortification' ||
          seen.crossed.some((c) => shelters(ctx, c));
        if (ctx.options.bool('TP-A12') && !hard) {
          saves.push({ unit: u.id, cover: 'none', modifiers: [], needed: 7, ruleId: 'TP-A12' });
        } else {
          const need = hard
            ? constant(ctx.catalog, 'heHardCoverSave')
            : constant(ctx.catalog, 'heOpenSave');
          saves.push({
            unit: u.id,
            cover: hard ? 'heavy' : 'none',
            modifiers: [],
            needed: need,
            ruleId: 'TP-11.3',
          });
        }
      } else {
        const cover = ctx.options.bool('TP-A42') ? coverAt(ctx, p) : 'none';
        saves.push(saveFor(ctx, u.id, cover, saveBase, 'TP-14.1'));
      }
    } else if (u.id !== exclude && uInfo.type.keywords?.includes('unarmoured')) {
      vehicles.push(penetrationStep(ctx, state, u.id, apex, 2, 0, strongestFace(uInfo)));
    }
  }
  return { template, saves, vehicles };
}

/**
 * Whether a feature on the line from a burst to a man shelters him as a solid object (TP-11.3):
 * it stands in the way (blocks the line or hides part of him) and is solid: a vehicle, a wreck,
 * the ground, or terrain the catalog marks `solidAgainstBlast`.
 */
function shelters(ctx: TankplankContext, c: FeatureOnLine): boolean {
  if (c.effect !== 'blocks' && c.effect !== 'cover') return false;
  if (c.kind === 'vehicle' || c.kind === 'wreck' || c.kind === 'baseGround') return true;
  const e = ctx.terrain.entries.find((x) => x.id === c.id);
  return !!e && solidAgainstBlast(ctx.catalog, e.feature);
}
