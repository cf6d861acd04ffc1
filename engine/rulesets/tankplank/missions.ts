import type { Cell, Objective, ScenarioDoc, VictoryCondition } from '../../format';
import { constantNumber, type RulesetCatalog } from '../../forces/rulesetCatalog';
import {
  catalogRows,
  cellText,
  MISSION_OPTION,
  missionTableSize,
  OPPOSITE_EDGE,
  withEdges,
  type MissionPatch,
  type MissionPreset,
} from '../../forces/missionSetup';
import type { RulesetMissions } from '../types';

/** The objective presets of the catalog's `objectivePreset` table (TP-3). */
function presets(cat: RulesetCatalog): MissionPreset[] {
  return catalogRows(cat.tables['objectivePreset']).map((r) => ({
    id: `${cat.ruleset}.${String(r['id'])}`,
    name: cellText(r, 'name') ?? String(r['id']),
    description:
      'Each side secretly picks a zone within the strip at the edge opposite its entry edge; it is revealed when its troops reach it and must be held for several turns in a row by infantry with a radioman and no enemy inside. The suggested zones sit a half-turn apart, toward opposite ends of the table, so the two assaults do not meet head-on.',
    ruleId: 'TP-3',
  }));
}

/** Objectives, victory conditions and deployment for an objective preset: west against east. */
function apply(
  doc: ScenarioDoc,
  presetId: string,
  cat: RulesetCatalog,
  _options: { readonly attacker?: string },
): MissionPatch {
  const { w, h } = missionTableSize(doc);
  const rowId = presetId.split('.')[1];
  const row = catalogRows(cat.tables['objectivePreset']).find((r) => String(r['id']) === rowId);
  if (!row) throw new Error(`objective preset "${presetId}" is not in the catalog`);
  return objectivePatch(doc, presetId, row, cat, w, h);
}

function objectivePatch(
  doc: ScenarioDoc,
  presetId: string,
  row: Record<string, Cell>,
  cat: RulesetCatalog,
  w: number,
  h: number,
): MissionPatch {
  const [a, b] = doc.forces.sides;
  const deployment = withEdges(doc, { [a!.id]: 'west', [b!.id]: 'east' }, undefined);
  const num = (key: string, fallback: number) => {
    const v = row[key];
    if (typeof v === 'number') return v;
    if (typeof v === 'string') return constantNumber(cat, v) ?? fallback;
    return fallback;
  };
  const depth = num('stripDepth', 6);
  const holdTurns = num('holdTurns', 3);
  const classes = Array.isArray(row['holderClasses']) ? row['holderClasses'].map(String) : [];
  const role = cellText(row, 'requiredRole');
  const objectives: Objective[] = [];
  const conditions: VictoryCondition[] = [];
  for (const [k, side] of doc.forces.sides.entries()) {
    const entry = deployment.entryEdges!.find((e) => e.side === side.id)!.edge;
    const far = OPPOSITE_EDGE[entry];
    const across = far === 'north' || far === 'south' ? w : h;
    const span = Math.min(10, across);
    // A half-turn apart: the first side's zone at one end of its strip, the second's at the
    // other end of the opposite strip. With both in the middle of their edges, the two assaults
    // met head-on in the middle of the table and the village's bot games were hardly ever won
    // (under 4 in 100 at 12 turns, against 25 in 100 a half-turn apart).
    const start = k % 2 === 0 ? 0 : across - span;
    const area =
      far === 'east' || far === 'west'
        ? {
            shape: 'rect' as const,
            x: far === 'east' ? w - depth : 0,
            y: start,
            width: depth,
            height: span,
          }
        : {
            shape: 'rect' as const,
            x: start,
            y: far === 'south' ? h - depth : 0,
            width: span,
            height: depth,
          };
    const id = `objective-${side.id}`;
    objectives.push({
      id,
      name: `${side.name}'s objective`,
      kind: 'holdZone',
      area,
      owner: side.id,
      hidden: true,
      revealOn: 'firstEntry',
      holdTurns,
      holders: {
        ...(classes.length ? { classes } : {}),
        ...(role ? { requiredRoles: [{ role, min: 1 }] } : {}),
        excludeEnemy: row['excludeEnemy'] === true,
      },
    });
    conditions.push({
      id: `${side.id}-holds`,
      kind: 'objectiveAchieved',
      side: side.id,
      objective: id,
      result: 'win',
      description: `${side.name} wins after holding its objective for ${holdTurns} turns in a row (TP-3.3); both in the same turn is a draw (TP-G12).`,
    });
  }
  return {
    objectives,
    victory: { ...doc.victory, conditions, otherwise: 'draw' },
    deployment,
    ruleset: {
      ...doc.ruleset,
      options: { ...(doc.ruleset.options ?? {}), [MISSION_OPTION]: presetId },
    },
  };
}

/** Tankplank's hidden objective zones (TP-3), from the forces catalog's `objectivePreset` table. */
export const tankplankMissionSet: RulesetMissions = { presets, apply };
