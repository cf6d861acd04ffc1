import type { Feature, Point } from '../format';
import {
  boxOf,
  polylineStrips,
  rectangleCorners,
  type Box,
  type Polygon,
} from '../geometry/polygon';
import { tablePoint, type TablePoint } from '../geometry/units';

/** The plan-view shape of a feature, as the terrain queries test it. */
export type Footprint =
  | { readonly type: 'area'; readonly polygons: readonly Polygon[] }
  | { readonly type: 'line'; readonly points: readonly TablePoint[] }
  | {
      readonly type: 'circle';
      readonly centre: TablePoint;
      readonly radius: number;
      readonly trunkRadius: number;
    }
  | {
      /** A sunken strip (creek, gully): a floor of half-width `floor` and banks out to `outer`. */
      readonly type: 'trench';
      readonly points: readonly TablePoint[];
      readonly floor: readonly Polygon[];
      readonly outer: readonly Polygon[];
      readonly floorHalfWidth: number;
      readonly outerHalfWidth: number;
      readonly depth: number;
    };

const pts = (ps: readonly Point[]): TablePoint[] => ps.map(([x, y]) => tablePoint(x, y));

/** The footprint of a feature. Switches on every kind, so a new kind must be placed here. */
export function footprintOf(f: Feature, trunkRadius: number): Footprint {
  switch (f.kind) {
    case 'ground':
    case 'bridge':
    case 'catwalk':
    case 'bushes':
    case 'woods':
    case 'forest':
    case 'obstacle':
    case 'bunker':
      return { type: 'area', polygons: [pts(f.points)] };
    case 'road':
      return { type: 'area', polygons: polylineStrips(pts(f.points), f.width / 2) };
    case 'creek':
    case 'gully': {
      const depth = f.kind === 'creek' ? f.bedDepth : f.depth;
      const line = pts(f.points);
      const floorHalfWidth = f.width / 2;
      const outerHalfWidth = floorHalfWidth + (f.bankWidth ?? 0);
      return {
        type: 'trench',
        points: line,
        floor: polylineStrips(line, floorHalfWidth),
        outer: polylineStrips(line, outerHalfWidth),
        floorHalfWidth,
        outerHalfWidth,
        depth,
      };
    }
    case 'building':
    case 'wreck':
      return {
        type: 'area',
        polygons: [rectangleCorners(f.x, f.y, f.width, f.depth, f.rotation ?? 0)],
      };
    case 'wall':
    case 'fence':
    case 'hedge':
      return { type: 'line', points: pts(f.points) };
    case 'tree':
      return {
        type: 'circle',
        centre: tablePoint(f.x, f.y),
        radius: f.canopyRadius,
        trunkRadius: f.trunkRadius ?? trunkRadius,
      };
  }
}

/** The box around a footprint, for the spatial index. */
export function footprintBox(fp: Footprint): Box {
  switch (fp.type) {
    case 'area':
      return boxOf(fp.polygons.flat());
    case 'line':
      return boxOf(fp.points);
    case 'circle':
      return boxOf([fp.centre], fp.radius);
    case 'trench':
      return boxOf(fp.outer.flat());
  }
}
