import type { Feature, Point, ScenarioDoc, Unit } from '../../../format';
import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../../../format';

/** A unit placed for a fixture: side, formation and the scenario unit record. */
export interface FixtureUnit {
  readonly side: 'a' | 'b';
  readonly formation: string;
  readonly id: string;
  readonly type: string;
  readonly at?: Point;
  readonly facing?: number;
  readonly role?: string;
  readonly passengers?: string[];
  readonly extra?: Partial<Unit>;
}

/**
 * A small Tankplank scenario for tests and golden cases: a 36"×24" table with side A entering
 * from the west and side B from the east, the given features and units, and optional objectives.
 */
export function fixtureScenario(opts: {
  title: string;
  features?: Feature[];
  units: FixtureUnit[];
  options?: Record<string, boolean | number | string>;
  layers?: string[];
  turnLimit?: number;
  objectives?: ScenarioDoc['objectives'];
  catalog?: ScenarioDoc['catalog'];
}): ScenarioDoc {
  const formationsOf = (side: 'a' | 'b') => {
    const byFormation = new Map<string, Unit[]>();
    for (const u of opts.units.filter((x) => x.side === side)) {
      const list = byFormation.get(u.formation) ?? [];
      list.push({
        id: u.id,
        type: u.type,
        ...(u.role ? { role: u.role } : {}),
        ...(u.at ? { position: u.at } : {}),
        ...(u.facing !== undefined ? { facing: u.facing } : {}),
        ...(u.passengers ? { passengers: u.passengers } : {}),
        ...(u.extra ?? {}),
      });
      byFormation.set(u.formation, list);
    }
    return [...byFormation.entries()].map(([id, units]) => ({ id, kind: 'squad' as const, units }));
  };
  return {
    format: 'sandtable.scenario',
    formatVersion: CURRENT_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    meta: { title: opts.title },
    ruleset: {
      id: 'tankplank',
      layers: opts.layers ?? ['BASIC'],
      ...(opts.options ? { options: opts.options } : {}),
    },
    map: { kind: 'table', width: 36, height: 24, features: opts.features ?? [] },
    forces: {
      sides: [
        { id: 'a', name: 'Side A', formations: formationsOf('a') },
        { id: 'b', name: 'Side B', formations: formationsOf('b') },
      ],
    },
    objectives: opts.objectives ?? [],
    victory: {
      conditions: [],
      ...(opts.turnLimit !== undefined ? { turnLimit: opts.turnLimit } : {}),
      otherwise: 'draw',
    },
    ...(opts.catalog ? { catalog: opts.catalog } : {}),
    deployment: {
      entryEdges: [
        { id: 'edge-a', side: 'a', edge: 'west', label: 'A' },
        { id: 'edge-b', side: 'b', edge: 'east', label: 'B' },
      ],
    },
  };
}
