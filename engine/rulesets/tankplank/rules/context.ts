import type {
  EntryEdge,
  Formation,
  MobilityClass,
  Objective,
  ScenarioDoc,
  TableMap,
  Unit,
  UnitType,
} from '../../../format';
import type { Obstruction } from '../../../los/lineOfSight';
import { TerrainIndex, type IndexMode } from '../../../terrain/terrainIndex';
import type { Mover } from '../../../movement/movementCost';
import { takeRouteFields } from '../../../movement/routeField';
import { TANKPLANK_CATALOGS } from './bundledCatalogs';
import {
  composeCatalog,
  constant,
  stat,
  tableRows,
  unitType,
  type TankplankCatalog,
  type TankplankLayer,
} from './catalog';
import { interpretations, type Interpretations, type OptionValue } from './interpretations';
import { scaleCatalog, scaleOptions } from './scale';
import { tankplankFeatureRules, tankplankTerrainDefaults } from './terrainRules';

/** Where a unit sits in the order of battle. */
export interface UnitInfo {
  readonly unit: Unit;
  readonly type: UnitType;
  readonly side: string;
  /** The innermost formation: the "unit" that tests morale (TP-A39). */
  readonly formation: string;
  readonly role: string | undefined;
  readonly kind: 'figure' | 'vehicle' | 'gun';
}

/** A formation as a morale unit. */
export interface FormationInfo {
  readonly id: string;
  readonly side: string;
  readonly kind: Formation['kind'];
  readonly members: readonly string[];
  readonly heavyWeapons: boolean;
}

/**
 * Everything about a game that does not change while it is played: the scenario, the composed
 * catalog, the interpretation options and the terrain index. The reducer closes over it; the
 * mutable part of a game lives in `TankplankState`.
 */
export interface TankplankContext {
  readonly scenario: ScenarioDoc;
  readonly map: TableMap;
  readonly catalog: TankplankCatalog;
  readonly options: Interpretations;
  readonly terrain: TerrainIndex;
  readonly units: ReadonlyMap<string, UnitInfo>;
  readonly formations: ReadonlyMap<string, FormationInfo>;
  readonly sides: readonly string[];
  readonly entryEdges: ReadonlyMap<string, EntryEdge>;
  readonly objectives: readonly Objective[];
  /** Weapon ids a figure of each role carries when its type lists none (TP-G8). */
  readonly roleWeapons: ReadonlyMap<string, string>;
}

/** Options for building a context. */
export interface ContextOptions {
  readonly catalogs?: Parameters<typeof composeCatalog>[0];
  readonly indexMode?: IndexMode;
  /** Interpretation overrides on top of the scenario's own `ruleset.options`. */
  readonly options?: Readonly<Record<string, OptionValue>>;
}

/** Builds the context of a Tankplank scenario on a table map. */
export function createContext(scenario: ScenarioDoc, opts: ContextOptions = {}): TankplankContext {
  if (scenario.ruleset.id !== 'tankplank') throw new Error('not a Tankplank scenario');
  if (scenario.map.kind !== 'table') throw new Error('Tankplank plays on a table map');
  const layers = scenario.ruleset.layers ?? [];
  const layer: TankplankLayer = layers.includes('TW')
    ? 'TW'
    : layers.includes('ADV')
      ? 'ADV'
      : 'BASIC';
  const composed = composeCatalog(opts.catalogs ?? TANKPLANK_CATALOGS, layer);
  // Custom types the scenario adds to its ruleset's catalog come last. Other figure scales then
  // multiply every length of the catalog (TP-21); the map is already drawn at its own scale.
  const merged = {
    ...composed,
    units: new Map([
      ...composed.units,
      ...(scenario.catalog?.units ?? []).map((u) => [u.id, u] as const),
    ]),
    weapons: new Map([
      ...composed.weapons,
      ...(scenario.catalog?.weapons ?? []).map((w) => [w.id, w] as const),
    ]),
  };
  const factor = scenario.map.scale?.factor ?? 1;
  const catalog = scaleCatalog(merged, factor);
  const options = interpretations(
    catalog,
    scaleOptions({ ...(scenario.ruleset.options ?? {}), ...(opts.options ?? {}) }, factor),
  );
  const terrain = new TerrainIndex(
    scenario.map,
    tankplankFeatureRules(catalog),
    tankplankTerrainDefaults(catalog),
    opts.indexMode ?? 'rtree',
  );
  // Route fields kept from an earlier run on this map (a lab thread offers them): they hold for
  // the terrain made from the scenario's own catalog only.
  if (opts.catalogs === undefined && opts.indexMode === undefined)
    takeRouteFields(scenario.map, terrain);
  const units = new Map<string, UnitInfo>();
  const formations = new Map<string, FormationInfo>();
  const walk = (f: Formation, side: string) => {
    const members: string[] = [];
    for (const u of f.units) {
      const type = unitType(catalog, u.type);
      const kind =
        type.class === 'gun'
          ? 'gun'
          : type.class === 'infantry' || type.class === 'team'
            ? 'figure'
            : 'vehicle';
      units.set(u.id, {
        unit: u,
        type,
        side,
        formation: f.id,
        role: u.role ?? type.roles?.[0],
        kind,
      });
      members.push(u.id);
    }
    formations.set(f.id, {
      id: f.id,
      side,
      kind: f.kind,
      members,
      heavyWeapons: members.some((m) => units.get(m)!.type.keywords?.includes('heavyWeapons')),
    });
    for (const sub of f.formations ?? []) walk(sub, side);
  };
  for (const s of scenario.forces.sides) for (const f of s.formations) walk(f, s.id);
  const roleWeapons = new Map(
    tableRows(catalog, 'figureWeapons').map((r) => [String(r['role']), String(r['weapon'])]),
  );
  return {
    scenario,
    map: scenario.map,
    catalog,
    options,
    terrain,
    units,
    formations,
    sides: scenario.forces.sides.map((s) => s.id),
    entryEdges: new Map((scenario.deployment.entryEdges ?? []).map((e) => [e.side, e])),
    objectives: scenario.objectives,
    roleWeapons,
  };
}

/** The mobility classes a unit type belongs to, for terrain `impassableTo` lists. */
export function mobilityClasses(type: UnitType): MobilityClass[] {
  const kw = type.keywords ?? [];
  switch (type.mobility) {
    case 'foot':
    case undefined:
      return ['infantry', 'all'];
    case 'wheeled':
      return ['wheeled', 'allVehicles', 'all'];
    case 'halfTracked':
    case 'tracked': {
      const out: MobilityClass[] = ['tracked', 'allVehicles', 'all'];
      if (type.mobility === 'halfTracked') out.push('halfTracked');
      if (type.class === 'tank' || kw.includes('tank')) out.push('tank');
      if (kw.includes('personnelCarrier')) out.push('personnelCarrier');
      return out;
    }
    case 'towed':
    case 'static':
      return ['gun', 'all'];
    case 'air':
      return ['highHelicopter'];
  }
}

/**
 * How a unit type moves, at a given rate override (carrying, towing). Movers never change, so each
 * context hands out one per type and rate: the move coster remembers its answers by mover.
 */
export function moverOf(ctx: TankplankContext, type: UnitType, rateOverride?: number): Mover {
  let byType = movers.get(ctx);
  if (!byType) movers.set(ctx, (byType = new Map()));
  let byRate = byType.get(type);
  if (!byRate) byType.set(type, (byRate = new Map()));
  let mover = byRate.get(rateOverride);
  if (!mover) byRate.set(rateOverride, (mover = makeMover(ctx, type, rateOverride)));
  return mover;
}

const movers = new WeakMap<TankplankContext, Map<UnitType, Map<number | undefined, Mover>>>();

function makeMover(ctx: TankplankContext, type: UnitType, rateOverride: number | undefined): Mover {
  const road = rateOverride ?? stat(type.speeds, 'road', 0);
  const off = rateOverride ?? stat(type.speeds, 'offRoad', road);
  return {
    classes: mobilityClasses(type),
    roadRate:
      type.mobility === 'wheeled' && rateOverride === undefined ? ctx.options.num('TP-A1') : road,
    offRoadRate: off,
    roadRateOnlyIfAllOnRoad: type.mobility === 'wheeled',
    roadRuleId: type.mobility === 'wheeled' ? 'TP-5.2' : 'TP-5.1',
    // Men on foot jump narrow gaps (TP-5.8). Every mover has the key (one V8 shape).
    jump:
      type.class === 'infantry' || type.class === 'team'
        ? { max: constant(ctx.catalog, 'jumpableGap'), ruleId: 'TP-5.8' }
        : undefined,
  };
}

/** Height of a unit's eye (observer) or top (target) above its ground. */
export function unitHeight(ctx: TankplankContext, info: UnitInfo): number {
  if (info.kind === 'figure') return constant(ctx.catalog, 'manHeight');
  return info.type.size?.height ?? constant(ctx.catalog, 'manHeight');
}

/** The hull footprint of a vehicle or gun at a position and facing. */
export function hullSize(info: UnitInfo): { width: number; length: number } {
  return { width: info.type.size?.width ?? 1, length: info.type.size?.length ?? 1.5 };
}

export type { Obstruction };
