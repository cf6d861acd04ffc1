import type { CatalogDoc, Edge, Objective, ScenarioDoc, Shape } from '../../../format';
import { MISSION_OPTION } from '../../../forces/missionSetup';
import { tanksMissions, type TanksMission } from '../missions';
import { modelCard, readRules, tanksCatalog, type ModelCard, type TanksRules } from './catalog';
import { unknownEffect } from './cards';
import { mapTerrain, wreckType, type MapTerrain } from './terrain';
import { terrainPool, type PoolPiece } from './terrainPool';
import type { TerrainType } from '../../../format';

/** What never changes in a game: the scenario, the rules data, the models' cards, the terrain. */
export interface TanksContext {
  readonly scenario: ScenarioDoc;
  readonly rules: TanksRules;
  /** The map's terrain the scenario places (the pool's pieces left out). */
  readonly terrain: MapTerrain;
  /** Forests and buildings the players place in the game (TK-2.2), in placing order; often none. */
  readonly terrainPool: readonly PoolPiece[];
  readonly wreck: TerrainType;
  readonly table: { readonly width: number; readonly height: number };
  /** The two sides in the scenario's order. */
  readonly sides: readonly [string, string];
  readonly sideNames: ReadonlyMap<string, string>;
  /** Every model in the scenario's order (the order its owner picks among ties, TK-4.1). */
  readonly models: ReadonlyMap<string, ModelInfo>;
  readonly order: readonly string[];
  /** Where each side deploys (TK-2.6, TK-2.7). */
  readonly zones: ReadonlyMap<string, readonly Shape[]>;
  /** The side that deploys every model first (Alpha 66 overrides TK-2.5), if the scenario says. */
  readonly deployOrder: readonly string[] | undefined;
  readonly mission: TanksMission | undefined;
  readonly objectives: readonly Objective[];
  /** Objectives the scenario gives no position: the players place them in the game (TK-9). */
  readonly unplacedObjectives: readonly Objective[];
}

/** A model's fixed data: its card, its owner, its platoon and the cards it started with. */
export interface ModelInfo {
  readonly id: string;
  readonly name: string;
  readonly side: string;
  readonly platoon: string;
  readonly platoonName: string;
  /** The platoon's Platoon card: its effects apply to every model in it (TK-8.2). */
  readonly platoonCard: string | undefined;
  readonly card: ModelCard;
  readonly startCards: readonly { readonly card: string; readonly hidden: boolean }[];
  /** Points of the model with the cards it started with (time-outs count them, TK-9). */
  readonly points: number;
  readonly start: { readonly at: readonly [number, number]; readonly facing: number } | undefined;
}

const OPPOSITE: Record<Edge, Edge> = { north: 'south', south: 'north', east: 'west', west: 'east' };
export { OPPOSITE as OPPOSITE_EDGE };

/**
 * Everything a TANKS game needs from its scenario, or the first thing that keeps it from being
 * played, in words: the board, the two sides, each model's card and stats, card effects the
 * engine knows, victory conditions it plays.
 */
export function createContext(
  scenario: ScenarioDoc,
  bundled: readonly CatalogDoc[],
): TanksContext | string {
  if (scenario.map.kind !== 'table') return 'TANKS is played on a table in inches, not a hex map';
  const cat = tanksCatalog(scenario, bundled);
  const rules = readRules(cat, scenario);
  if (typeof rules === 'string') return rules;
  const pool = terrainPool(rules, scenario);
  if (typeof pool === 'string') return pool;
  const terrain = mapTerrain(rules, scenario, new Set(pool.map((p) => p.id)));
  if (typeof terrain === 'string') return terrain;
  const wreck = wreckType(rules);
  if (typeof wreck === 'string') return wreck;
  const sides = scenario.forces.sides;
  if (sides.length !== 2)
    return `TANKS is a game for two players; the scenario has ${sides.length} side(s)`;
  const models = new Map<string, ModelInfo>();
  const order: string[] = [];
  for (const side of sides) {
    type Formation = ScenarioDoc['forces']['sides'][number]['formations'][number];
    const walk = (f: Formation, top: Formation): string | undefined => {
      for (const u of f.units) {
        const card = modelCard(rules, u.type);
        if (typeof card === 'string') return `${u.name ?? u.id}: ${card}`;
        let points = card.points;
        const held: { card: string; hidden: boolean }[] = [];
        for (const c of u.cards ?? []) {
          const def = cat.cards.get(c.card);
          if (!def)
            return `${u.name ?? u.id} carries card "${c.card}", which no TANKS catalog lists`;
          const unknown = unknownEffect(def);
          if (unknown)
            return `card ${def.name} (${def.id}) has the effect "${unknown}", which the TANKS engine does not play; give it effects from its vocabulary (engine/rulesets/tanks/rules/cards.ts) or none`;
          points += def.points ?? 0;
          // Eye cards start face up whatever the file says (TK-8.7).
          held.push({ card: c.card, hidden: c.hidden === true && def.effect?.['eye'] !== true });
        }
        const pos = u.position;
        if (pos && !Array.isArray(pos))
          return `${u.name ?? u.id} stands on a hex; TANKS places models at table points`;
        models.set(u.id, {
          id: u.id,
          name: u.name ?? card.type.name,
          side: side.id,
          platoon: top.id,
          platoonName: top.name ?? top.id,
          platoonCard: top.card,
          card,
          startCards: held,
          points,
          start: pos ? { at: [pos[0], pos[1]], facing: u.facing ?? 0 } : undefined,
        });
        order.push(u.id);
      }
      for (const sub of f.formations ?? []) {
        const r: string | undefined = walk(sub, top);
        if (r) return r;
      }
      return undefined;
    };
    for (const f of side.formations) {
      if (f.card) {
        const pc = cat.cards.get(f.card);
        const unknown = pc && unknownEffect(pc);
        if (unknown)
          return `Platoon card ${pc.name} has the effect "${unknown}", which the TANKS engine does not play`;
      }
      const r = walk(f, f);
      if (r) return r;
    }
  }
  if (order.length === 0) return 'the scenario has no models to play';
  for (const s of sides)
    if (![...models.values()].some((m) => m.side === s.id))
      return `${s.name} has no models; TANKS needs a platoon on each side`;

  const zones = new Map<string, Shape[]>();
  for (const z of scenario.deployment.zones ?? [])
    zones.set(z.side, [...(zones.get(z.side) ?? []), z.area]);
  for (const m of models.values()) {
    if (!m.start && !zones.get(m.side)?.length)
      return `${m.name} has no position and ${scenario.forces.sides.find((s) => s.id === m.side)?.name ?? m.side} has no deployment zone to place it in (TK-2.6); give it a position or draw a zone`;
  }

  const missionId = scenario.ruleset.options?.[MISSION_OPTION];
  const mission =
    typeof missionId === 'string'
      ? tanksMissions(cat).find((m) => `${cat.ruleset}.${m.id}` === missionId)
      : undefined;
  if (typeof missionId === 'string' && missionId.startsWith(`${cat.ruleset}.`) && !mission)
    return `the scenario plays mission "${missionId}", which the TANKS catalogs do not describe`;
  for (const c of scenario.victory.conditions) {
    if (c.kind === 'objectiveAchieved' || c.kind === 'survive' || c.kind === 'allAchievedSameTurn')
      return `victory condition ${c.id} is of kind "${c.kind}", which TANKS does not use (its missions win by destroying units, victory points or the turn limit, TK-9)`;
  }
  for (const o of scenario.objectives) {
    if (o.area && o.area.shape !== 'point' && o.area.shape !== 'circle')
      return `objective ${o.id} is a ${o.area.shape}; TANKS objectives are tokens held within one Measuring Arrow of their centre (TK-9): give it a point`;
  }
  const unplaced = scenario.objectives.filter((o) => !o.area);
  if (unplaced.length) {
    const o = unplaced[0]!;
    if (mission?.placement !== 'opponentEdge')
      return `objective ${o.id} has no position; only Free-for-All and No Retreat let the players place their tokens in the game (TK-9): give it a point or play one of those missions`;
    for (const s of sides)
      if (!zones.get(s.id)?.some((z) => z.shape === 'edgeStrip'))
        return `objective ${o.id} is placed within one Measuring Arrow of the opponent's edge (TK-9), but ${s.name} deploys along no table edge: draw it an edge strip`;
  }
  return {
    scenario,
    rules,
    terrain,
    terrainPool: pool,
    wreck,
    table: { width: scenario.map.width, height: scenario.map.height },
    sides: [sides[0]!.id, sides[1]!.id],
    sideNames: new Map(sides.map((s) => [s.id, s.name])),
    models,
    order,
    zones,
    deployOrder: scenario.deployment.order,
    mission,
    objectives: scenario.objectives.filter((o) => o.area),
    unplacedObjectives: unplaced,
  };
}

/** The other side. */
export const enemyOf = (ctx: TanksContext, side: string): string =>
  ctx.sides[0] === side ? ctx.sides[1] : ctx.sides[0];

/** A model's fixed data (throws on an id the context does not know: callers check first). */
export function info(ctx: TanksContext, id: string): ModelInfo {
  const m = ctx.models.get(id);
  if (!m) throw new Error(`no TANKS model "${id}"`);
  return m;
}

/** A side's name for messages. */
export const sideName = (ctx: TanksContext, side: string): string =>
  ctx.sideNames.get(side) ?? side;
