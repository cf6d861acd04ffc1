import type { Point, ScenarioDoc, Shape, TableMap } from '../format';
import { MISSION_OPTION, sideEdge, tanksMissions } from '../forces/missionPresets';
import { constantNumber, type RulesetCatalog } from '../forces/rulesetCatalog';
import type { LayoutProblem } from './layoutChecks';

/** Points that stand for an objective's area when measuring where it lies. */
function areaPoints(shape: Shape, map: TableMap): Point[] {
  switch (shape.shape) {
    case 'point':
      return [shape.at];
    case 'circle':
      return [shape.center];
    case 'polygon':
      return shape.points;
    case 'rect':
      return [
        [shape.x, shape.y],
        [shape.x + shape.width, shape.y + shape.height],
      ];
    case 'edgeStrip': {
      const d = shape.depth;
      switch (shape.edge) {
        case 'north':
          return [[map.width / 2, d]];
        case 'south':
          return [[map.width / 2, map.height - d]];
        case 'west':
          return [[d, map.height / 2]];
        case 'east':
          return [[map.width - d, map.height / 2]];
      }
      return [];
    }
    case 'hexes':
      return [];
  }
}

function edgeDistance([x, y]: Point, edge: string, map: TableMap): number {
  switch (edge) {
    case 'north':
      return y;
    case 'south':
      return map.height - y;
    case 'west':
      return x;
    default:
      return map.width - x;
  }
}

/**
 * Objectives placed where the scenario's mission says (TANKS §9): King of the Hill at the table
 * centre; Free-for-All and No Retreat tokens within one Measuring Arrow of the edge of the side
 * that does not score them. Also flags a token count that differs from the mission's. Objectives
 * may lie near terrain (TK-A24), so terrain is not consulted.
 */
export function checkMissionPlacement(
  doc: ScenarioDoc,
  map: TableMap,
  cat: RulesetCatalog,
  out: LayoutProblem[],
): void {
  const mission = doc.ruleset.options?.[MISSION_OPTION];
  if (typeof mission !== 'string' || !mission.startsWith('tanks.') || cat.ruleset !== 'tanks')
    return;
  const m = tanksMissions(cat).find((x) => `tanks.${x.id}` === mission);
  if (!m) {
    out.push({
      check: 'objective-placement',
      severity: 'warning',
      message: `the scenario plays mission "${mission}", which the catalogs do not describe`,
      subjects: [],
      pointer: '/ruleset/options',
    });
    return;
  }
  const withArea = doc.objectives.filter((o) => o.area);
  if (withArea.length !== m.objectives) {
    out.push({
      check: 'objective-placement',
      severity: 'warning',
      message: `${m.name} uses ${m.objectives} objective token(s); the scenario has ${withArea.length}`,
      subjects: withArea.map((o) => ({ kind: 'objective' as const, id: o.id })),
      pointer: '/objectives',
      ruleId: 'TK-9',
    });
  }
  const tolerance = constantNumber(cat, 'mission.centreTolerance') ?? 1;
  const reach = constantNumber(cat, 'mission.objectiveDistance');
  const reachName = String(cat.constants['mission.objectiveDistance'] ?? 'one Measuring Arrow');
  doc.objectives.forEach((o, i) => {
    if (!o.area) return;
    const pts = areaPoints(o.area, map);
    if (pts.length === 0) return;
    const name = o.name ?? o.id;
    const subjects = [{ kind: 'objective' as const, id: o.id }];
    const pointer = `/objectives/${i}`;
    if (m.placement === 'centre') {
      const cx = pts.reduce((s, p) => s + p[0], 0) / pts.length;
      const cy = pts.reduce((s, p) => s + p[1], 0) / pts.length;
      const off = Math.hypot(cx - map.width / 2, cy - map.height / 2);
      if (off > tolerance + 1e-9) {
        out.push({
          check: 'objective-placement',
          severity: 'error',
          message: `${m.name}: objective ${name} is ${off.toFixed(1)}" from the table centre (${map.width / 2}, ${map.height / 2}); the mission puts it at the centre`,
          subjects,
          pointer,
          ruleId: 'TK-9',
        });
      }
      return;
    }
    if (m.placement !== 'opponentEdge' || reach === undefined) return;
    if (!o.owner) {
      out.push({
        check: 'objective-placement',
        severity: 'warning',
        message: `${m.name}: objective ${name} has no owner, so there is no opponent edge to measure from; set the side that placed it`,
        subjects,
        pointer,
        ruleId: 'TK-9',
      });
      return;
    }
    const opponents = doc.forces.sides.filter((s) => s.id !== o.owner);
    for (const opp of opponents) {
      const edge = sideEdge(doc, opp.id);
      if (!edge) {
        out.push({
          check: 'objective-placement',
          severity: 'warning',
          message: `${m.name}: ${opp.name} has no deployment edge, so objective ${name} cannot be checked; draw an entry edge for ${opp.name}`,
          subjects,
          pointer,
          ruleId: 'TK-9',
        });
        continue;
      }
      const worst = Math.max(...pts.map((p) => edgeDistance(p, edge, map)));
      if (worst > reach + 1e-9) {
        out.push({
          check: 'objective-placement',
          severity: 'error',
          message: `${m.name}: objective ${name} is ${worst.toFixed(1)}" from ${opp.name}'s ${edge} edge; it must lie within ${reach}" (${reachName})`,
          subjects,
          pointer,
          ruleId: 'TK-9',
        });
      }
    }
  });
}
