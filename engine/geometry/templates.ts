import { boxOf, pointInPolygon, type Polygon } from './polygon';
import { angleBetween, bearing, distance, distanceToSegment, project } from './vector';
import type { TablePoint } from './units';

/**
 * Area templates shared by every ruleset. A template is placed on the table and answers whether
 * a figure's base centre lies inside it.
 */
export type Template =
  | { readonly shape: 'circle'; readonly centre: TablePoint; readonly diameter: number }
  | {
      /** Isosceles triangle: apex at the muzzle, base of `width` at `length` along the axis. */
      readonly shape: 'cone';
      readonly apex: TablePoint;
      readonly axisDeg: number;
      readonly length: number;
      readonly width: number;
    }
  | {
      /** Strip of `width` from the muzzle to `length` (the alternative cone reading). */
      readonly shape: 'strip';
      readonly apex: TablePoint;
      readonly axisDeg: number;
      readonly length: number;
      readonly width: number;
    }
  | {
      /** Circular sector: apex at the point of impact, opening along the axis. */
      readonly shape: 'sector';
      readonly apex: TablePoint;
      readonly axisDeg: number;
      readonly radius: number;
      readonly angleDeg: number;
    };

/** The outline of a cone or strip template. */
export function templateOutline(t: Template): Polygon | undefined {
  switch (t.shape) {
    case 'cone': {
      const end = project(t.apex, t.axisDeg, t.length);
      return [
        t.apex,
        project(end, t.axisDeg + 90, t.width / 2),
        project(end, t.axisDeg - 90, t.width / 2),
      ];
    }
    case 'strip': {
      const end = project(t.apex, t.axisDeg, t.length);
      return [
        project(t.apex, t.axisDeg - 90, t.width / 2),
        project(t.apex, t.axisDeg + 90, t.width / 2),
        project(end, t.axisDeg + 90, t.width / 2),
        project(end, t.axisDeg - 90, t.width / 2),
      ];
    }
    case 'circle':
    case 'sector':
      return undefined;
  }
}

/**
 * How far outside a template's edge a point may lie and still count as on the edge: rounding in
 * the placement (a cone laid 12" along a bearing ends a hair short or long), not a rule.
 */
const ON_EDGE = 1e-6;

/**
 * Whether a point (a figure's base centre) lies inside a placed template. The edge belongs to the
 * template: a man exactly at a cone's length, or on the rim of a burst, is caught.
 */
export function templateContains(t: Template, p: TablePoint): boolean {
  switch (t.shape) {
    case 'circle':
      return distance(t.centre, p) <= t.diameter / 2 + ON_EDGE;
    case 'cone':
    case 'strip':
      return inOutline(templateOutline(t)!, p);
    case 'sector': {
      const d = distance(t.apex, p);
      if (d > t.radius + ON_EDGE) return false;
      if (d <= ON_EDGE) return true;
      // Along a straight side the point may sit a hair off the bearing: allow that arc length.
      const slackDeg = (ON_EDGE / d) * (180 / Math.PI);
      return Math.abs(angleBetween(t.axisDeg, bearing(t.apex, p))) <= t.angleDeg / 2 + slackDeg;
    }
  }
}

/**
 * `templateContains` for many points against one template: a cone's or strip's outline is made
 * once, and a point beyond its box (by more than the edge's slack) is answered at once, as it is
 * neither inside the outline nor that near an edge. The same answers as `templateContains`.
 */
export function templateTest(t: Template): (p: TablePoint) => boolean {
  if (t.shape !== 'cone' && t.shape !== 'strip') return (p) => templateContains(t, p);
  const outline = templateOutline(t)!;
  // Grown by a little more than the slack, so that rounding in the box test cannot turn a point away.
  const box = boxOf(outline, 2 * ON_EDGE);
  return (p) =>
    !(p.x < box.minX || p.x > box.maxX || p.y < box.minY || p.y > box.maxY) &&
    inOutline(outline, p);
}

/** Inside a cone's or strip's outline, or within `ON_EDGE` of one of its sides. */
function inOutline(outline: Polygon, p: TablePoint): boolean {
  return (
    pointInPolygon(p, outline) ||
    outline.some(
      (a, i) => distanceToSegment(p, a, outline[(i + 1) % outline.length]!).distance <= ON_EDGE,
    )
  );
}
