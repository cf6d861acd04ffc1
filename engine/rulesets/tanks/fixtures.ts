import type {
  Feature,
  Objective,
  ScenarioDoc,
  Shape,
  UnitType,
  VictoryCondition,
} from '../../format';

/**
 * Test scenarios for the TANKS rules: models of fixture types (TK-A1: tests use their own stats,
 * never the book's disagreeing examples) on a bare 36" table, with whatever terrain, options,
 * objectives and victory conditions a test needs. Used by the unit tests and by the script that
 * writes the golden cases (scripts/catalogs/buildTanksGolden.ts).
 */

export interface FixtureModel {
  readonly id: string;
  readonly side: 'a' | 'b';
  readonly type: string;
  /** Omitted: the model is deployed during the game. */
  readonly at?: [number, number];
  readonly facing?: number;
  readonly name?: string;
  readonly cards?: { card: string; hidden?: boolean }[];
}

/** A fixture model type: a tank with a 3" × 1.5" hull unless told, or a helicopter. */
export function fixtureType(
  id: string,
  cls: 'tank' | 'helicopter',
  stats: { initiative: number; attack: number; defence: number; damageCapacity: number },
  keywords: string[] = [],
  size: { length: number; width: number } = { length: 3, width: 1.5 },
  points = 20,
): UnitType {
  return {
    id,
    name: id.replace(/^fx\./, ''),
    class: cls,
    points,
    stats,
    ...(keywords.length ? { keywords } : {}),
    ...(cls === 'tank' ? { size } : {}),
    nation: 'Fixture',
  };
}

/** The fixture types most tests use. */
export const FIXTURE_TYPES: readonly UnitType[] = [
  fixtureType('fx.tank', 'tank', { initiative: 5, attack: 4, defence: 2, damageCapacity: 4 }),
  fixtureType('fx.heavy', 'tank', { initiative: 5, attack: 5, defence: 3, damageCapacity: 5 }),
  fixtureType('fx.scout', 'tank', { initiative: 5, attack: 3, defence: 3, damageCapacity: 3 }, [
    'Scout',
  ]),
  fixtureType('fx.buggy', 'tank', { initiative: 3, attack: 2, defence: 0, damageCapacity: 2 }, [
    'Wheeled',
  ]),
  fixtureType(
    'fx.missileTank',
    'tank',
    { initiative: 4, attack: 3, defence: 2, damageCapacity: 3 },
    ['Missiles (4)'],
  ),
  fixtureType('fx.fastScout', 'tank', { initiative: 5, attack: 3, defence: 3, damageCapacity: 3 }, [
    'Scout',
    'Fast',
  ]),
  fixtureType(
    'fx.fastMissile',
    'tank',
    { initiative: 4, attack: 3, defence: 2, damageCapacity: 3 },
    ['Missiles (4)', 'Fast'],
  ),
  fixtureType('fx.heli', 'helicopter', { initiative: 7, attack: 3, defence: 1, damageCapacity: 2 }),
  fixtureType(
    'fx.gunship',
    'helicopter',
    { initiative: 7, attack: 2, defence: 1, damageCapacity: 2 },
    ['Rapid Fire (5)'],
  ),
];

export interface FixtureOptions {
  readonly models: readonly FixtureModel[];
  readonly features?: readonly Feature[];
  readonly options?: Readonly<Record<string, boolean | number | string>>;
  readonly types?: readonly UnitType[];
  readonly objectives?: readonly Objective[];
  readonly victory?: readonly VictoryCondition[];
  readonly turnLimit?: number;
  readonly attacker?: 'a' | 'b';
  readonly deployOrder?: readonly ('a' | 'b')[];
  readonly zones?: Readonly<Record<'a' | 'b', Shape>>;
  readonly title?: string;
}

/** A forest as a regular polygon around a centre. */
export function forest(id: string, cx: number, cy: number, r: number, sides = 8): Feature {
  return {
    id,
    kind: 'forest',
    name: id,
    concealing: true,
    points: Array.from({ length: sides }, (_, i) => {
      const a = (2 * Math.PI * i) / sides + Math.PI / sides;
      return [
        Math.round((cx + r * Math.cos(a)) * 1000) / 1000,
        Math.round((cy + r * Math.sin(a)) * 1000) / 1000,
      ] as [number, number];
    }),
  };
}

/** A closed one-floor building centred at (x, y). */
export function building(id: string, x: number, y: number, width: number, depth: number): Feature {
  return { id, kind: 'building', name: id, x, y, width, depth, buildingKind: 'closed', floors: 1 };
}

export function fixtureScenario(o: FixtureOptions): ScenarioDoc {
  const side = (s: 'a' | 'b') => ({
    id: s,
    name: s === 'a' ? 'Side A' : 'Side B',
    formations: [
      {
        id: `${s}.platoon`,
        kind: 'platoon' as const,
        name: `${s.toUpperCase()} platoon`,
        units: o.models
          .filter((m) => m.side === s)
          .map((m) => ({
            id: m.id,
            type: m.type,
            ...(m.name ? { name: m.name } : {}),
            ...(m.at ? { position: m.at, facing: m.facing ?? (s === 'a' ? 90 : 270) } : {}),
            ...(m.cards ? { cards: m.cards } : {}),
          })),
      },
    ],
  });
  return {
    format: 'sandtable.scenario',
    formatVersion: 1,
    app: { name: 'sandtable', version: '0.1.0' },
    meta: { title: o.title ?? 'TANKS fixture' },
    ruleset: { id: 'tanks', ...(o.options ? { options: { ...o.options } } : {}) },
    map: { kind: 'table', width: 36, height: 36, features: [...(o.features ?? [])] },
    forces: { sides: [side('a'), side('b')] },
    objectives: [...(o.objectives ?? [])],
    victory: {
      conditions: [...(o.victory ?? [])],
      ...(o.turnLimit !== undefined ? { turnLimit: o.turnLimit } : {}),
    },
    deployment: {
      attacker: o.attacker ?? 'a',
      ...(o.deployOrder ? { order: [...o.deployOrder] } : {}),
      zones: [
        {
          id: 'a-zone',
          side: 'a',
          area: o.zones?.a ?? { shape: 'edgeStrip', edge: 'north', depth: 6 },
        },
        {
          id: 'b-zone',
          side: 'b',
          area: o.zones?.b ?? { shape: 'edgeStrip', edge: 'south', depth: 6 },
        },
      ],
    },
    catalog: { units: [...FIXTURE_TYPES, ...(o.types ?? [])] },
  };
}
