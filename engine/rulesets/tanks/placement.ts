import type { GameMap, ScenarioDoc } from '../../format';
import { MISSION_OPTION, sideEdge } from '../../forces/missionSetup';
import { constantNumber, type RulesetCatalog } from '../../forces/rulesetCatalog';
import { centreHexes, hexLabel, inBounds } from '../../hex';
import type { LayoutProblem } from '../../layout/layoutProblem';
import { areaPoints, boardOf, edgeDistance, hexGap } from '../../layout/objectiveBoard';
import { tanksMissions } from './missions';

/**
 * Objectives placed where the scenario's mission says (TANKS §9): King of the Hill at the table
 * centre; Free-for-All and No Retreat tokens within one Measuring Arrow of the edge of the side
 * that does not score them. Also flags a token count that differs from the mission's. Objectives
 * may lie near terrain (TK-A24), so terrain is not consulted. On a hex map an objective is a set of
 * hexes: at the centre when it holds the hex (or one of the hexes) at the middle of the map, and
 * measured to an edge from its hexes' centres, in inches at the map's printed hex size.
 */
export function checkTanksPlacement(
  doc: ScenarioDoc,
  gameMap: GameMap,
  cat: RulesetCatalog,
  out: LayoutProblem[],
): void {
  const map = boardOf(gameMap);
  const mission = doc.ruleset.options?.[MISSION_OPTION];
  if (typeof mission !== 'string' || !mission.startsWith(`${cat.ruleset}.`)) return;
  const m = tanksMissions(cat).find((x) => `${cat.ruleset}.${x.id}` === mission);
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
  // Free-for-All and No Retreat tokens without a position are placed by the players in the game.
  const withArea = doc.objectives.filter((o) => o.area || m.placement === 'opponentEdge');
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
    if (m.placement === 'centre' && map.grid && o.area.shape === 'hexes') {
      const mid = centreHexes(map.grid);
      const gap = hexGap(map.grid, o.area.hexes, mid);
      if (gap > 0) {
        const where = mid.map((h) => hexLabel(h.col, h.row)).join(' or ');
        out.push({
          check: 'objective-placement',
          severity: 'error',
          message: `${m.name}: objective ${name} is ${gap} hex${gap === 1 ? '' : 'es'} from the centre hex (${where}); the mission puts it at the centre`,
          subjects,
          pointer,
          ruleId: 'TK-9',
        });
      }
      return;
    }
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
      const far = pts.map((p) => edgeDistance(p, edge, map));
      const worst = Math.max(...far);
      if (worst > reach + 1e-9) {
        const grid = map.grid;
        // The area's points are its on-map hexes' centres, in order: the farthest names its hex.
        const farHex =
          grid && o.area.shape === 'hexes'
            ? o.area.hexes.filter((h) => inBounds(grid, h.col, h.row))[far.indexOf(worst)]
            : undefined;
        const at = farHex ? ` (hex ${hexLabel(farHex.col, farHex.row)})` : '';
        out.push({
          check: 'objective-placement',
          severity: 'error',
          message: `${m.name}: objective ${name}${at} is ${worst.toFixed(1)}" from ${opp.name}'s ${edge} edge; it must lie within ${reach}" (${reachName})`,
          subjects,
          pointer,
          ruleId: 'TK-9',
        });
      }
    }
  });
}
