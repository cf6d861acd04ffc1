/*
 * What every ruleset's mission presets share: the preset and patch shapes, the option that
 * records the mission, and the edge and deployment arithmetic. The presets themselves are the
 * ruleset modules' (`RulesetModule.missions`); `missionPresets.ts` asks the registry for them.
 */

import type {
  Cell,
  Deployment,
  Edge,
  Objective,
  Point,
  RulesTable,
  ScenarioDoc,
  Victory,
} from '../format';

/** A mission or objective set-up a scenario can start from, read from the ruleset's catalog. */
export interface MissionPreset {
  /** `<ruleset>.<row id>`, stored in `ruleset.options.mission`. */
  readonly id: string;
  readonly name: string;
  readonly description: string;
  readonly ruleId: string;
}

/** The option key that records which mission a scenario plays. */
export const MISSION_OPTION = 'mission';

/** A text cell of a catalog table row, or undefined. */
export const cellText = (row: Record<string, Cell>, key: string): string | undefined => {
  const v = row[key];
  return typeof v === 'string' ? v : undefined;
};

/** The rows of a catalog table, none when the catalog lacks it. */
export function catalogRows(table: RulesTable | undefined): readonly Record<string, Cell>[] {
  return table?.rows ?? [];
}

/** What applying a preset writes into the scenario: each a whole top-level entry. */
export interface MissionPatch {
  readonly objectives: Objective[];
  readonly victory: Victory;
  readonly deployment: Deployment;
  readonly ruleset: ScenarioDoc['ruleset'];
}

/** The edge across the table from each edge. */
export const OPPOSITE_EDGE: Readonly<Record<Edge, Edge>> = {
  north: 'south',
  south: 'north',
  east: 'west',
  west: 'east',
};

/** The edge a side enters or deploys from: its entry edge, else the edge of an edge-strip zone. */
export function sideEdge(doc: Pick<ScenarioDoc, 'deployment'>, sideId: string): Edge | undefined {
  const entry = doc.deployment.entryEdges?.find((e) => e.side === sideId);
  if (entry) return entry.edge;
  for (const z of doc.deployment.zones ?? [])
    if (z.side === sideId && z.area.shape === 'edgeStrip') return z.area.edge;
  return undefined;
}

/** The width and height in inches a mission lays its objectives out on (a hex map: 36" square). */
export function missionTableSize(doc: Pick<ScenarioDoc, 'map'>): { w: number; h: number } {
  return {
    w: doc.map.kind === 'table' ? doc.map.width : 36,
    h: doc.map.kind === 'table' ? doc.map.height : 36,
  };
}

/** A point `depth` in from the middle of `edge` (shifted along the edge by `along` of its length). */
export function nearEdge(edge: Edge, depth: number, w: number, h: number, along = 0.5): Point {
  const r = (n: number) => Math.round(n * 100) / 100;
  switch (edge) {
    case 'north':
      return [r(w * along), r(depth)];
    case 'south':
      return [r(w * along), r(h - depth)];
    case 'west':
      return [r(depth), r(h * along)];
    case 'east':
      return [r(w - depth), r(h * along)];
  }
}

/**
 * The deployment with an entry edge for each side in `defaults` that has none yet, and, given a
 * `depth`, a deployment strip along each entry edge of a side without a zone.
 */
export function withEdges(
  doc: ScenarioDoc,
  defaults: Record<string, Edge>,
  depth: number | undefined,
): Deployment {
  const entryEdges = [...(doc.deployment.entryEdges ?? [])];
  for (const [side, edge] of Object.entries(defaults)) {
    if (!sideEdge(doc, side)) entryEdges.push({ id: `edge-${side}`, side, edge });
  }
  const zones = [...(doc.deployment.zones ?? [])];
  if (depth !== undefined) {
    for (const e of entryEdges) {
      if (zones.some((z) => z.side === e.side)) continue;
      zones.push({
        id: `deploy-${e.side}`,
        side: e.side,
        name: 'Deployment strip',
        area: { shape: 'edgeStrip', edge: e.edge, depth },
      });
    }
  }
  return { ...doc.deployment, entryEdges, zones };
}
