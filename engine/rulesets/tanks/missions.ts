import type { Cell, Objective, Point, ScenarioDoc, Victory, VictoryCondition } from '../../format';
import { constantNumber, type RulesetCatalog } from '../../forces/rulesetCatalog';
import {
  catalogRows,
  cellText,
  MISSION_OPTION,
  missionTableSize,
  nearEdge,
  OPPOSITE_EDGE,
  sideEdge,
  withEdges,
  type MissionPatch,
  type MissionPreset,
} from '../../forces/missionSetup';
import type { RulesetMissions } from '../types';

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

/** Every TANKS mission the catalog describes. */
export function tanksMissions(cat: RulesetCatalog): TanksMission[] {
  const core = new Map(catalogRows(cat.tables['missions']).map((r) => [String(r['id']), r]));
  return catalogRows(cat.tables['missionSetup']).map((r) => {
    const c = core.get(String(r['id'])) ?? {};
    const n = (v: Cell | undefined) => (typeof v === 'number' ? v : undefined);
    return {
      id: String(r['id']),
      name: cellText(r, 'name') ?? String(r['id']),
      objectives: n(r['objectives']) ?? 0,
      placement: (cellText(r, 'placement') ?? 'none') as TanksMission['placement'],
      placedBy: (cellText(r, 'placedBy') ?? 'none') as TanksMission['placedBy'],
      scorer: (cellText(r, 'scorer') ?? 'none') as TanksMission['scorer'],
      ...(n(r['maxVpPerTurn']) !== undefined ? { maxVpPerTurn: n(r['maxVpPerTurn']) } : {}),
      ...(n(c['winVP']) !== undefined ? { winVP: n(c['winVP']) } : {}),
      ...(n(c['turnLimit']) !== undefined ? { turnLimit: n(c['turnLimit']) } : {}),
      skipFirstTurn: c['skipFirstTurn'] === true,
      victory: cellText(r, 'victory') ?? 'vp',
      timeOut: cellText(r, 'timeOut') ?? '',
    };
  });
}

/** The four TANKS missions (TK-9) as presets. */
function presets(cat: RulesetCatalog): MissionPreset[] {
  return tanksMissions(cat).flatMap((m) => {
    const preset = {
      id: `${cat.ruleset}.${m.id}`,
      name: m.name,
      description: describeTanks(m),
      ruleId: 'TK-9',
    };
    // Missions whose tokens the players place may leave them to the game (TK-9): the tokens
    // get no position and the playtest asks each side where its token goes before deployment.
    if (m.placement !== 'opponentEdge') return [preset];
    return [
      preset,
      {
        ...preset,
        id: `${preset.id}.${IN_GAME}`,
        name: `${m.name} (tokens placed in the game)`,
        description: `${preset.description} The players place the tokens in the game, before deploying.`,
      },
    ];
  });
}

/** The suffix of a preset whose objective tokens the players place in the game. */
const IN_GAME = 'inGame';

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

/**
 * Objectives, victory conditions and deployment for a TANKS mission. Sides keep their edges when
 * they have them; otherwise the Defender takes the south edge and the Attacker the north (TK-2.4:
 * the Defender chooses, the Attacker takes the opposite edge).
 */
function apply(
  doc: ScenarioDoc,
  presetId: string,
  cat: RulesetCatalog,
  options: { readonly attacker?: string },
): MissionPatch {
  const { w, h } = missionTableSize(doc);
  const [, rowId, variant] = presetId.split('.');
  const m = tanksMissions(cat).find((x) => x.id === rowId);
  if (!m || (variant !== undefined && (variant !== IN_GAME || m.placement !== 'opponentEdge')))
    throw new Error(`mission "${presetId}" is not in the catalog`);
  const patch = tanksPatch(doc, m, cat, options.attacker ?? doc.forces.sides[0]!.id, w, h);
  if (variant !== IN_GAME) return patch;
  return { ...patch, objectives: patch.objectives.map(({ area: _area, ...o }) => o) };
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
  const aEdge = sideEdge(doc, attacker) ?? OPPOSITE_EDGE[dEdge];
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
      options: { ...(doc.ruleset.options ?? {}), [MISSION_OPTION]: `${cat.ruleset}.${m.id}` },
    },
  };
}

/** TANKS missions: presets from the catalog's `missionSetup` table (placement is `placement.ts`). */
export const tanksMissionSet: RulesetMissions = { presets, apply };
