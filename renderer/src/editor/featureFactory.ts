import type {
  BuildingKind,
  Feature,
  FeatureKind,
  ObstacleFeature,
  Point,
} from '../../../engine/format/types';
import { FEATURE_KINDS } from '../../../engine/format/types';
import { tidy, tidyPoint } from '../geometry/geometry';
import { KIND_VIEWS } from '../canvas/kinds';

/** Settings the drawing tools apply to new features; shown in the tool options bar. */
export interface ToolOptions {
  roadWidth: number;
  creekWidth: number;
  gullyWidth: number;
  wallThickness: number;
  wallHeight: number;
  groundLevel: number;
  groundHeight: number;
  treeRadius: number;
  buildingKind: BuildingKind;
  floors: number;
  obstacleKind: ObstacleFeature['obstacleKind'];
}

export const DEFAULT_TOOL_OPTIONS: ToolOptions = {
  roadWidth: 2,
  creekWidth: 1.5,
  gullyWidth: 2,
  wallThickness: 0.25,
  wallHeight: 0.5,
  groundLevel: 1,
  groundHeight: 1,
  treeRadius: 1.5,
  buildingKind: 'closed',
  floors: 1,
  obstacleKind: 'rubble',
};

/** Geometry a tool collected: a path, a rectangle (centre, size, rotation) or a point. */
export type DrawnGeometry =
  | { type: 'path'; points: Point[] }
  | { type: 'rect'; x: number; y: number; width: number; depth: number; rotation?: number }
  | { type: 'point'; at: Point };

/** Human names of feature kinds for the toolbar, the feature list and undo labels. */
export const KIND_LABELS = Object.fromEntries(
  FEATURE_KINDS.map((k) => [k, KIND_VIEWS[k].label]),
) as Readonly<Record<FeatureKind, string>>;

/** A new, schema-valid feature of `kind` with the tool options applied. */
export function createFeature(
  kind: FeatureKind,
  id: string,
  g: DrawnGeometry,
  o: ToolOptions,
): Feature {
  const points = g.type === 'path' ? g.points.map(tidyPoint) : [];
  const rect =
    g.type === 'rect'
      ? {
          x: tidy(g.x),
          y: tidy(g.y),
          width: tidy(g.width),
          depth: tidy(g.depth),
          ...(g.rotation ? { rotation: g.rotation } : {}),
        }
      : g.type === 'point'
        ? { x: tidy(g.at[0]), y: tidy(g.at[1]), width: 2, depth: 1 }
        : { x: 0, y: 0, width: 2, depth: 1 };
  switch (kind) {
    case 'ground':
      return { id, kind, points, level: o.groundLevel, height: o.groundHeight };
    case 'creek':
      return { id, kind, points, width: o.creekWidth, bedDepth: 0.5, bankWidth: 0.5 };
    case 'gully':
      return { id, kind, points, width: o.gullyWidth, depth: 1, bankWidth: 0.75 };
    case 'road':
      return { id, kind, points, width: o.roadWidth };
    case 'bridge':
      return { id, kind, points };
    case 'catwalk':
      return { id, kind, points };
    case 'building':
      return {
        id,
        kind,
        ...rect,
        buildingKind: o.buildingKind,
        floors: o.floors,
        roof: { type: 'pitched', ridge: 'width' },
      };
    case 'wall':
      return {
        id,
        kind,
        points,
        thickness: o.wallThickness,
        height: o.wallHeight,
        strength: 'strong',
      };
    case 'fence':
      return { id, kind, points, thickness: 0.1, height: o.wallHeight, strength: 'small' };
    case 'hedge':
      return { id, kind, points, thickness: 0.5, height: 1 };
    case 'bushes':
      return { id, kind, points };
    case 'tree': {
      const at =
        g.type === 'point'
          ? g.at
          : g.type === 'rect'
            ? ([g.x, g.y] as Point)
            : (points[0] ?? [0, 0]);
      return { id, kind, x: tidy(at[0]), y: tidy(at[1]), canopyRadius: o.treeRadius };
    }
    case 'woods':
      return { id, kind, points };
    case 'forest':
      return { id, kind, points };
    case 'obstacle':
      return { id, kind, points, obstacleKind: o.obstacleKind };
    case 'bunker':
      return { id, kind, points, height: 1 };
    case 'wreck':
      return { id, kind, ...rect, weightClass: 'medium' };
  }
}
