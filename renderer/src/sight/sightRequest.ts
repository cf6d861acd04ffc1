import type { Point, ScenarioDoc, Shape } from '../../../engine/format/types';
import {
  areaViewers,
  unitPoints,
  type EyeHeight,
  type SightRequest,
} from '../../../engine/sight/sightMap';

/** Who looks: a point picked on the map, a unit, a deployment zone or an entry edge. */
export type SightViewer =
  | { readonly kind: 'point'; readonly at: Point }
  | { readonly kind: 'unit' | 'zone' | 'edge'; readonly id: string };

/** What the designer chose in the sight-map panel. */
export interface SightSettings {
  readonly viewer: SightViewer | null;
  readonly eye: EyeHeight;
  /**
   * Whose dead ground to show: `auto` the other sides of the viewer's side (none for a point),
   * `none`, or a side id.
   */
  readonly enemy: string;
}

/** Sample points a whole zone looks from (more points, truer union, longer to work out). */
export const ZONE_SAMPLES = 12;
/** Depth of an entry edge's strip, in inches (a table) or hexes' worth (a hex map). */
const EDGE_DEPTH = 2;

export interface BuiltRequest {
  readonly request?: SightRequest;
  /** Why no map can be built (no viewer, a unit that is not placed...). */
  readonly problem?: string;
  /** "Unit Sherman 1 (side A)", for the legend. */
  readonly viewerLabel: string;
  /** "side B's deployment zone", for the dead-ground legend; absent without an enemy. */
  readonly enemyLabel?: string;
}

function edgeShape(doc: ScenarioDoc, id: string): Shape | null {
  const e = doc.deployment.entryEdges?.find((x) => x.id === id);
  if (!e) return null;
  return {
    shape: 'edgeStrip',
    edge: e.edge,
    depth: EDGE_DEPTH,
    ...(e.from !== undefined ? { from: e.from } : {}),
    ...(e.to !== undefined ? { to: e.to } : {}),
  };
}

/** The points a side looks from: its deployment zones, else its entry edges, else its units. */
export function sidePoints(doc: ScenarioDoc, side: string): { points: Point[]; label: string } {
  const name = doc.forces.sides.find((s) => s.id === side)?.name ?? side;
  const zones = (doc.deployment.zones ?? []).filter((z) => z.side === side);
  if (zones.length) {
    const per = Math.max(4, Math.floor(ZONE_SAMPLES / zones.length));
    return {
      points: zones.flatMap((z) => areaViewers(z.area, doc.map, per)),
      label: `${name}'s deployment zone${zones.length > 1 ? 's' : ''}`,
    };
  }
  const edges = (doc.deployment.entryEdges ?? []).filter((e) => e.side === side);
  if (edges.length) {
    const per = Math.max(4, Math.floor(ZONE_SAMPLES / edges.length));
    return {
      points: edges.flatMap((e) => areaViewers(edgeShape(doc, e.id)!, doc.map, per)),
      label: `${name}'s entry edge${edges.length > 1 ? 's' : ''}`,
    };
  }
  return {
    points: unitPoints(doc, side)
      .slice(0, ZONE_SAMPLES * 2)
      .map((u) => u.point),
    label: `${name}'s units`,
  };
}

/** The viewer's points, its side (when it has one) and a label, or why it has none. */
function viewerPoints(
  doc: ScenarioDoc,
  v: SightViewer,
): { points: Point[]; side?: string; label: string } | { problem: string } {
  const sideName = (id: string) => doc.forces.sides.find((s) => s.id === id)?.name ?? id;
  switch (v.kind) {
    case 'point':
      return {
        points: [v.at],
        label: `the point (${v.at[0].toFixed(2)}, ${v.at[1].toFixed(2)})`,
      };
    case 'unit': {
      const u = unitPoints(doc).find((x) => x.id === v.id);
      if (!u)
        return { problem: `Unit ${v.id} is not on the map: place it, or pick another viewer` };
      return { points: [u.point], side: u.side, label: `unit ${v.id} (${sideName(u.side)})` };
    }
    case 'zone': {
      const z = doc.deployment.zones?.find((x) => x.id === v.id);
      if (!z) return { problem: `Deployment zone ${v.id} is gone: pick another viewer` };
      const points = areaViewers(z.area, doc.map, ZONE_SAMPLES);
      if (!points.length) return { problem: `Deployment zone ${z.name ?? z.id} lies off the map` };
      return {
        points,
        side: z.side,
        label: `${sideName(z.side)}'s zone ${z.name ?? z.id} (${points.length} points)`,
      };
    }
    case 'edge': {
      const shape = edgeShape(doc, v.id);
      const e = doc.deployment.entryEdges?.find((x) => x.id === v.id);
      if (!shape || !e) return { problem: `Entry edge ${v.id} is gone: pick another viewer` };
      const points = areaViewers(shape, doc.map, ZONE_SAMPLES);
      return {
        points,
        side: e.side,
        label: `${sideName(e.side)}'s ${e.edge} edge (${points.length} points)`,
      };
    }
  }
}

/** The sight-map request for a scenario and the panel's settings. */
export function buildSightRequest(doc: ScenarioDoc, s: SightSettings): BuiltRequest {
  if (!s.viewer) {
    return {
      problem: 'Pick a viewer: click a point on the map, or choose a unit or a zone',
      viewerLabel: '',
    };
  }
  const v = viewerPoints(doc, s.viewer);
  if ('problem' in v) return { problem: v.problem, viewerLabel: '' };
  let enemySides: string[] = [];
  if (s.enemy === 'auto') {
    enemySides = v.side ? doc.forces.sides.map((x) => x.id).filter((id) => id !== v.side) : [];
  } else if (s.enemy !== 'none') enemySides = [s.enemy];
  const enemies = enemySides.map((id) => sidePoints(doc, id)).filter((e) => e.points.length);
  const enemy = enemies.flatMap((e) => e.points);
  return {
    request: {
      scenario: doc,
      eye: s.eye,
      viewers: v.points,
      ...(enemies.length ? { enemy } : {}),
    },
    viewerLabel: v.label,
    ...(enemies.length ? { enemyLabel: enemies.map((e) => e.label).join(' and ') } : {}),
  };
}
