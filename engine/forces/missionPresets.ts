import type {
  Cell,
  Deployment,
  Edge,
  Objective,
  Point,
  RulesTable,
  ScenarioDoc,
  Victory,
  VictoryCondition,
} from '../format';
import { constantNumber, type RulesetCatalog } from './rulesetCatalog';

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

const text = (row: Record<string, Cell>, key: string): string | undefined => {
  const v = row[key];
  return typeof v === 'string' ? v : undefined;
};

/** The TANKS mission row of `missionSetup` joined with the core `missions` numbers. */
export interface TanksMission {
  readonly id: string;
  readonly name: string;
  readonly objectives: number;
  readonly placement: 'none' | 'centre' | 'opponentEdge';
  readonly placedBy: 'none' | 'each' | 'attacker';
  readonly scorer: 'none' | 'holder' | 'placer' | 'attacker';
  readonly maxVpPerTurn?: number;
  readonly winVP?: number;
  readonly turnLimit?: number;
  readonly skipFirstTurn: boolean;
  readonly victory: string;
  readonly timeOut: string;
}

function rows(table: RulesTable | undefined): readonly Record<string, Cell>[] {
  return table?.rows ?? [];
}

/** Every TANKS mission the catalog describes. */
export function tanksMissions(cat: RulesetCatalog): TanksMission[] {
  const core = new Map(rows(cat.tables['missions']).map((r) => [String(r['id']), r]));
  return rows(cat.tables['missionSetup']).map((r) => {
    const c = core.get(String(r['id'])) ?? {};
    const n = (v: Cell | undefined) => (typeof v === 'number' ? v : undefined);
    return {
      id: String(r['id']),
      name: text(r, 'name') ?? String(r['id']),
      objectives: n(r['objectives']) ?? 0,
      placement: (text(r, 'placement') ?? 'none') as TanksMission['placement'],
      placedBy: (text(r, 'placedBy') ?? 'none') as TanksMission['placedBy'],
      scorer: (text(r, 'scorer') ?? 'none') as TanksMission['scorer'],
      ...(n(r['maxVpPerTurn']) !== undefined ? { maxVpPerTurn: n(r['maxVpPerTurn']) } : {}),
      ...(n(c['winVP']) !== undefined ? { winVP: n(c['winVP']) } : {}),
      ...(n(c['turnLimit']) !== undefined ? { turnLimit: n(c['turnLimit']) } : {}),
      skipFirstTurn: c['skipFirstTurn'] === true,
      victory: text(r, 'victory') ?? 'vp',
      timeOut: text(r, 'timeOut') ?? '',
    };
  });
}

/** The mission presets of the scenario's ruleset. */
export function missionPresets(cat: RulesetCatalog): MissionPreset[] {
  if (cat.ruleset === 'tanks') {
    return tanksMissions(cat).map((m) => ({
      id: `tanks.${m.id}`,
      name: m.name,
      description: describeTanks(m),
      ruleId: 'TK-9',
    }));
  }
  return rows(cat.tables['objectivePreset']).map((r) => ({
    id: `${cat.ruleset}.${String(r['id'])}`,
    name: text(r, 'name') ?? String(r['id']),
    description:
      'Each side secretly picks a zone within the strip at the edge opposite its entry edge; it is revealed when its troops reach it and must be held for several turns in a row by infantry with a radioman and no enemy inside.',
    ruleId: 'TP-3',
  }));
}

function describeTanks(m: TanksMission): string {
  const parts: string[] = [];
  if (m.placement === 'centre') parts.push('One objective token at the table centre.');
  if (m.placement === 'opponentEdge' && m.placedBy === 'each')
    parts.push("Each side places one token within one Measuring Arrow of the opponent's edge.");
  if (m.placement === 'opponentEdge' && m.placedBy === 'attacker')
    parts.push(
      `The Attacker places ${m.objectives} tokens within one Measuring Arrow of the Defender's edge.`,
    );
  if (m.scorer !== 'none')
    parts.push(
      `1 VP per turn held${m.skipFirstTurn ? ', not on turn 1' : ''}${m.maxVpPerTurn ? `, at most ${m.maxVpPerTurn} per turn` : ''}.`,
    );
  if (m.winVP) parts.push(`${m.winVP} VP wins.`);
  if (m.turnLimit) parts.push(`Turn limit ${m.turnLimit}.`);
  if (m.victory === 'lastTanks') parts.push('The last side with working tanks wins.');
  if (m.timeOut) parts.push(`Time-out: ${m.timeOut}`);
  return parts.join(' ');
}

/** What applying a preset writes into the scenario: each a whole top-level entry. */
export interface MissionPatch {
  readonly objectives: Objective[];
  readonly victory: Victory;
  readonly deployment: Deployment;
  readonly ruleset: ScenarioDoc['ruleset'];
}

const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };

/** The edge a side enters or deploys from: its entry edge, else the edge of an edge-strip zone. */
export function sideEdge(doc: Pick<ScenarioDoc, 'deployment'>, sideId: string): Edge | undefined {
  const entry = doc.deployment.entryEdges?.find((e) => e.side === sideId);
  if (entry) return entry.edge;
  for (const z of doc.deployment.zones ?? [])
    if (z.side === sideId && z.area.shape === 'edgeStrip') return z.area.edge;
  return undefined;
}

/** A point `depth` in from the middle of `edge` (shifted along the edge by `along` of its length). */
function nearEdge(edge: Edge, depth: number, w: number, h: number, along = 0.5): Point {
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
 * Objectives, victory conditions and deployment for a preset. Sides keep their edges when they
 * have them; otherwise the Defender takes the south edge and the Attacker the north (TK-2.4:
 * the Defender chooses, the Attacker takes the opposite edge).
 */
export function applyMissionPreset(
  doc: ScenarioDoc,
  presetId: string,
  cat: RulesetCatalog,
  options: { attacker?: string } = {},
): MissionPatch {
  const w = doc.map.kind === 'table' ? doc.map.width : 36;
  const h = doc.map.kind === 'table' ? doc.map.height : 36;
  const sides = doc.forces.sides;
  if (sides.length < 2) throw new Error('a mission needs two sides');
  const [ruleset, rowId] = presetId.split('.') as [string, string];
  if (ruleset === 'tanks') {
    const m = tanksMissions(cat).find((x) => x.id === rowId);
    if (!m) throw new Error(`mission "${presetId}" is not in the catalog`);
    return tanksPatch(doc, m, cat, options.attacker ?? sides[0]!.id, w, h);
  }
  const row = rows(cat.tables['objectivePreset']).find((r) => String(r['id']) === rowId);
  if (!row) throw new Error(`objective preset "${presetId}" is not in the catalog`);
  return tankplankPatch(doc, presetId, row, cat, w, h);
}

function withEdges(
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

function tanksPatch(
  doc: ScenarioDoc,
  m: TanksMission,
  cat: RulesetCatalog,
  attacker: string,
  w: number,
  h: number,
): MissionPatch {
  const defender = doc.forces.sides.find((s) => s.id !== attacker)!.id;
  const dEdge = sideEdge(doc, defender) ?? 'south';
  const aEdge = sideEdge(doc, attacker) ?? OPPOSITE[dEdge];
  const ma = constantNumber(cat, 'mission.objectiveDistance') ?? 6;
  const deployment = withEdges(
    doc,
    { [defender]: dEdge, [attacker]: aEdge },
    constantNumber(cat, 'deployment.depth'),
  );
  const edgeOf = (side: string) => (side === attacker ? aEdge : dEdge);
  const other = (side: string) => (side === attacker ? defender : attacker);
  const holders = { classes: ['tank'], excludeEnemy: true };
  const token = (id: string, name: string, at: Point, owner?: string): Objective => ({
    id,
    name,
    kind: 'vpPerTurn',
    area: { shape: 'point', at },
    ...(owner ? { owner } : {}),
    holders,
    vpPerTurn: 1,
    ...(m.skipFirstTurn ? { skipFirstTurn: true } : {}),
  });
  const objectives: Objective[] = [];
  if (m.placement === 'centre') {
    objectives.push(token('objective-centre', 'Hill', [w / 2, h / 2]));
  } else if (m.placement === 'opponentEdge' && m.placedBy === 'each') {
    for (const s of [attacker, defender]) {
      const name = doc.forces.sides.find((x) => x.id === s)?.name ?? s;
      objectives.push(
        token(`objective-${s}`, `${name}'s objective`, nearEdge(edgeOf(other(s)), ma / 2, w, h), s),
      );
    }
  } else if (m.placement === 'opponentEdge' && m.placedBy === 'attacker') {
    for (let i = 0; i < m.objectives; i++) {
      const along = (i + 1) / (m.objectives + 1);
      objectives.push(
        token(
          `objective-${i + 1}`,
          `Objective ${i + 1}`,
          nearEdge(dEdge, ma / 2, w, h, along),
          attacker,
        ),
      );
    }
  }
  const name = (id: string) => doc.forces.sides.find((s) => s.id === id)?.name ?? id;
  const conditions: VictoryCondition[] = [];
  const wipeOut = (side: string): VictoryCondition => ({
    id: `${side}-destroys-all`,
    kind: 'destroyAll',
    side,
    classes: ['tank'],
    result: 'win',
    description: `${name(side)} wins when the enemy has no tanks left (TK-A4: checked in Command step 2).`,
  });
  if (m.victory === 'attackerVpOrDefenderSurvives') {
    conditions.push({
      id: `${attacker}-vp`,
      kind: 'mostVictoryPoints',
      side: attacker,
      result: 'win',
      points: m.winVP ?? 2,
      description: `${name(attacker)} (Attacker) wins on reaching ${m.winVP ?? 2} VP by the end of turn ${m.turnLimit ?? 8}; at most ${m.maxVpPerTurn ?? 1} VP per turn (TK-A18).`,
    });
    conditions.push(wipeOut(attacker), wipeOut(defender));
    conditions.push({
      id: `${defender}-holds-out`,
      kind: 'turnLimitReached',
      side: defender,
      result: 'win',
      description: `${name(defender)} (Defender) wins when turn ${m.turnLimit ?? 8} has been played.`,
    });
  } else if (m.victory === 'lastTanks') {
    conditions.push(wipeOut(attacker), wipeOut(defender));
  } else {
    for (const s of [attacker, defender]) {
      conditions.push({
        id: `${s}-vp`,
        kind: 'mostVictoryPoints',
        side: s,
        result: 'win',
        points: m.winVP ?? 3,
        description:
          m.victory === 'vpAndLead'
            ? `${name(s)} wins with at least ${m.winVP ?? 2} VP and more VP than the opponent.`
            : `${name(s)} wins on reaching ${m.winVP ?? 3} VP.`,
      });
    }
    conditions.push(wipeOut(attacker), wipeOut(defender));
  }
  const time = constantNumber(cat, 'timeLimitMinutes');
  const victory: Victory = {
    conditions,
    ...(m.turnLimit ? { turnLimit: m.turnLimit } : {}),
    ...(time ? { timeLimitMinutes: time } : {}),
    otherwise: m.victory === 'lastTanks' ? 'draw' : 'mostVictoryPoints',
  };
  return {
    objectives,
    victory,
    deployment: { ...deployment, attacker },
    ruleset: {
      ...doc.ruleset,
      options: { ...(doc.ruleset.options ?? {}), [MISSION_OPTION]: `tanks.${m.id}` },
    },
  };
}

function tankplankPatch(
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
  const role = text(row, 'requiredRole');
  const objectives: Objective[] = [];
  const conditions: VictoryCondition[] = [];
  for (const side of doc.forces.sides) {
    const entry = deployment.entryEdges!.find((e) => e.side === side.id)!.edge;
    const far = OPPOSITE[entry];
    const across = far === 'north' || far === 'south' ? w : h;
    const span = Math.min(10, across);
    const start = Math.round((across - span) / 2);
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
