import { angleBetween, bearing } from '../../../geometry/vector';
import type { TablePoint } from '../../../geometry/units';
import { num, tableRows, type TankplankCatalog } from './catalog';

/** An armour face. */
export type ArmourFace = 'front' | 'side' | 'rear';

/**
 * The armour face a shot from `firer` strikes (TP-9.5, TP-A33): the angle between the target's
 * hull facing and the bearing from the target to the firer picks one of the catalog's arcs. On a
 * boundary the stronger face counts (option TP-A33).
 */
export function armourFaceHit(
  cat: TankplankCatalog,
  target: TablePoint,
  targetFacing: number,
  firer: TablePoint,
  strongerOnBoundary = true,
): ArmourFace {
  const theta = Math.abs(angleBetween(targetFacing, bearing(target, firer)));
  const rows = tableRows(cat, 'armourFacing')
    .map((r) => ({ face: String(r['face']) as ArmourFace, max: num(r, 'maxAngle') }))
    .sort((a, b) => a.max - b.max);
  for (const r of rows) {
    const onEdge = Math.abs(theta - r.max) < 1e-9;
    if (theta < r.max - 1e-9 || (onEdge && strongerOnBoundary)) return r.face;
  }
  return rows[rows.length - 1]!.face;
}

/** The armour value of a face from a unit type's armour record. */
export function armourValue(
  armour: { front?: number; side?: number; rear?: number } | undefined,
  face: ArmourFace,
): number | undefined {
  return armour?.[face];
}
