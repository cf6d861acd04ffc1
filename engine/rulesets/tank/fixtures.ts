import type { HexRef, ScenarioDoc, UnitType } from '../../format';
import { APP_NAME, APP_VERSION, CURRENT_FORMAT_VERSION } from '../../format';

/**
 * Small TANK! scenarios for tests and golden cases: a clear hex map (flat, odd columns) with the
 * levels, terrain and ridges a case needs, and units of two sides, each optionally in a platoon.
 */
export interface FixtureUnit {
  readonly id: string;
  readonly type: string;
  readonly at: readonly [number, number];
  readonly facing?: number;
  /** Platoon id; the first unit listed with it leads it unless `leader` says. */
  readonly platoon?: string;
}

export interface FixtureOptions {
  readonly columns?: number;
  readonly rows?: number;
  readonly layers?: readonly string[];
  readonly options?: Record<string, string | number | boolean>;
  readonly levels?: readonly (readonly [number, number, number])[];
  readonly terrain?: readonly (readonly [number, number, string])[];
  readonly improved?: readonly (readonly [number, number])[];
  readonly ridges?: readonly (readonly [number, number, number])[];
  readonly alpha: readonly FixtureUnit[];
  readonly bravo: readonly FixtureUnit[];
  readonly leaders?: Readonly<Record<string, string>>;
  readonly units?: readonly UnitType[];
  readonly turnLimit?: number;
  readonly maxLevel?: number;
  /** Entry edge per side (Retreat and Flee, TC-6.4); alpha west and bravo east unless told. */
  readonly entry?: Readonly<Record<string, 'north' | 'south' | 'east' | 'west'>>;
}

export function fixtureScenario(o: FixtureOptions): ScenarioDoc {
  const hexes = new Map<
    string,
    {
      col: number;
      row: number;
      level?: number;
      terrain?: string;
      woods?: boolean;
      urban?: boolean;
      improvedPosition?: boolean;
    }
  >();
  const get = (col: number, row: number) => {
    const k = `${col},${row}`;
    const h = hexes.get(k) ?? { col, row };
    hexes.set(k, h);
    return h;
  };
  for (const [c, r, l] of o.levels ?? []) get(c, r).level = l;
  for (const [c, r, t] of o.terrain ?? []) {
    const h = get(c, r);
    h.terrain = t;
    if (t === 'woods') h.woods = true;
    if (t === 'urban') h.urban = true;
  }
  for (const [c, r] of o.improved ?? []) get(c, r).improvedPosition = true;
  const side = (id: string, units: readonly FixtureUnit[]) => {
    const platoons = [...new Set(units.filter((u) => u.platoon).map((u) => u.platoon!))];
    const unit = (u: FixtureUnit) => ({
      id: u.id,
      type: u.type,
      facing: u.facing ?? 0,
      position: { col: u.at[0], row: u.at[1] } as HexRef,
    });
    return {
      id,
      name: id === 'alpha' ? 'Alpha' : 'Bravo',
      formations: [
        ...platoons.map((p) => {
          const members = units.filter((u) => u.platoon === p);
          return {
            id: p,
            kind: 'platoon' as const,
            leader: o.leaders?.[p] ?? members[0]!.id,
            units: members.map(unit),
          };
        }),
        ...(units.some((u) => !u.platoon)
          ? [
              {
                id: `${id}.others`,
                kind: 'group' as const,
                units: units.filter((u) => !u.platoon).map(unit),
              },
            ]
          : []),
      ],
    };
  };
  return {
    format: 'sandtable.scenario',
    formatVersion: CURRENT_FORMAT_VERSION,
    app: { name: APP_NAME, version: APP_VERSION },
    meta: { title: 'TANK! test', author: 'Sandtable tests', created: '2026-11-24' },
    ruleset: {
      id: 'tank',
      ...(o.layers?.length ? { layers: [...o.layers] } : {}),
      ...(o.options ? { options: { ...o.options } } : {}),
    },
    map: {
      kind: 'hex',
      orientation: 'flat',
      offset: 'odd',
      columns: o.columns ?? 16,
      rows: o.rows ?? 12,
      levels: { min: 0, max: o.maxLevel ?? 4, metresPerLevel: 10 },
      defaultTerrain: 'clear',
      hexes: [...hexes.values()].sort((a, b) => a.col - b.col || a.row - b.row),
      hexsides: (o.ridges ?? []).map(([col, row, s]) => ({ col, row, side: s, ridge: true })),
    },
    ...(o.units ? { catalog: { units: [...o.units] } } : {}),
    forces: { sides: [side('alpha', o.alpha), side('bravo', o.bravo)] },
    objectives: [],
    deployment: {
      entryEdges: Object.entries(o.entry ?? { alpha: 'west', bravo: 'east' }).map(
        ([side, edge]) => ({
          id: `${side}-edge`,
          side,
          edge,
        }),
      ),
    },
    victory: {
      turnLimit: o.turnLimit ?? 6,
      conditions: [{ id: 'time', kind: 'turnLimitReached', side: 'bravo', result: 'win' }],
    },
  } as unknown as ScenarioDoc;
}
