import type { Feature } from '../format/types';
import { footprintBox, footprintOf } from '../terrain/featureGeometry';
import { boxOf } from '../geometry/polygon';
import { tablePoint } from '../geometry/units';

/**
 * The box a feature must keep on the table: a road or creek may run to the very edge (its centre
 * line is what counts), a tree's canopy may hang over it.
 */
export function extentBox(f: Feature): { minX: number; minY: number; maxX: number; maxY: number } {
  // Lines count by their centre line (a creek or gully by its course): the box of their points,
  // found without making a strip per leg (a creek of 10,000 points made 20,000 strips here).
  if (
    f.kind === 'road' ||
    f.kind === 'creek' ||
    f.kind === 'gully' ||
    f.kind === 'wall' ||
    f.kind === 'fence' ||
    f.kind === 'hedge'
  )
    return boxOf(f.points.map(([x, y]) => tablePoint(x, y)));
  const fp = footprintOf(f, 0.25);
  switch (fp.type) {
    case 'line':
    case 'trench':
      return boxOf(fp.points);
    case 'circle':
      return boxOf([fp.centre]);
    case 'area':
      return footprintBox(fp);
  }
}

/**
 * How far a feature reaches past the edges of a width x height table, in inches summed over the
 * four edges (0 when it keeps on the table). The inspector refuses an edit that makes this grow.
 */
export function tableOverhang(f: Feature, width: number, height: number): number {
  const b = extentBox(f);
  return (
    Math.max(0, -b.minX) +
    Math.max(0, -b.minY) +
    Math.max(0, b.maxX - width) +
    Math.max(0, b.maxY - height)
  );
}
