/**
 * Builds the TANKS: The Modern Age files (seed 004, digest tanks-modern-age.md): the catalog of
 * what the seed states, the placeholder catalog of what it lacks, and the two scenarios of the
 * starter rules, "Your First Game" and "Last Battle of Alpha 66".
 */
import { join } from 'node:path';
import type { Feature, Point, ScenarioDoc } from '../../engine/format/index';
import { CATALOGS_DIR, CREATED, SCENARIOS_DIR, envelope, pt, writeDoc } from './common';
import { MA_TAIL, MA_TOTAL, TABLE, buildTanksCatalog } from './tanksCatalog';
import { buildTanksPlaceholderCatalog } from './tanksPlaceholderCatalog';

export { buildTanksCatalog } from './tanksCatalog';
export { buildTanksPlaceholderCatalog } from './tanksPlaceholderCatalog';

// ---------------------------------------------------------------- scenarios

interface Piece {
  id: string;
  kind: 'forest' | 'building';
  points: Point[];
}

const forest = (id: string, name: string, c: Point, rx: number, ry: number): Feature & Piece => ({
  id,
  kind: 'forest',
  name,
  height: 2,
  concealing: true,
  // An irregular octagon: a wood, not a disc.
  points: [0, 1, 2, 3, 4, 5, 6, 7].map((i) => {
    const a = (i * Math.PI) / 4 + Math.PI / 8;
    const wobble = i % 2 === 0 ? 1 : 0.85;
    return pt(c[0] + Math.cos(a) * rx * wobble, c[1] + Math.sin(a) * ry * wobble);
  }),
});

const house = (id: string, name: string, x: number, y: number, w: number, d: number) => ({
  feature: {
    id,
    kind: 'building' as const,
    name,
    x,
    y,
    width: w,
    depth: d,
    buildingKind: 'closed' as const,
    floors: 1,
    roof: { type: 'pitched' as const, height: 0.75 },
  },
  piece: {
    id,
    kind: 'building' as const,
    points: [
      pt(x - w / 2, y - d / 2),
      pt(x + w / 2, y - d / 2),
      pt(x + w / 2, y + d / 2),
      pt(x - w / 2, y + d / 2),
    ],
  },
});

/** Shortest distance between two polygons that do not overlap (edge samples). */
function gap(a: Point[], b: Point[]): number {
  const samples = (p: Point[]) =>
    p.flatMap((q, i) => {
      const n = p[(i + 1) % p.length]!;
      return Array.from(
        { length: 20 },
        (_, k) => [q[0] + ((n[0] - q[0]) * k) / 20, q[1] + ((n[1] - q[1]) * k) / 20] as Point,
      );
    });
  const sa = samples(a);
  const sb = samples(b);
  let best = Infinity;
  for (const p of sa)
    for (const q of sb) best = Math.min(best, Math.hypot(p[0] - q[0], p[1] - q[1]));
  return best;
}

/** TK-2.3: no piece within one Measuring Arrow of another piece or of a table edge. */
function checkSpacing(pieces: Piece[]): void {
  const problems: string[] = [];
  for (const p of pieces) {
    for (const [x, y] of p.points) {
      if (Math.min(x, y, TABLE - x, TABLE - y) < MA_TOTAL)
        problems.push(`${p.id} is nearer than one arrow to an edge`);
    }
    for (const q of pieces) {
      if (q.id > p.id && gap(p.points, q.points) < MA_TOTAL)
        problems.push(`${p.id} and ${q.id} are nearer than one arrow`);
    }
  }
  if (problems.length > 0) throw new Error([...new Set(problems)].join('\n'));
}

/** Two forests and four buildings, one Measuring Arrow apart; `mirror` flips west and east. */
function terrain(mirror: boolean): Feature[] {
  const mx = (x: number) => (mirror ? TABLE - x : x);
  const f1 = forest('forest-1', 'Birch wood', [mx(9.5), 9.5], 3, 3);
  const f2 = forest('forest-2', 'Pine forest', [mx(24), 18.5], 4, 3);
  const houses = [
    house('building-1', 'Farmhouse', mx(9.5), 19.7, 4, 2.8),
    house('building-2', 'Barn', mx(9.5), 28.5, 3, 2.4),
    house('building-3', 'Filling station', mx(24.5), 8, 4, 3),
    house('building-4', 'Cottage', mx(25), 28.5, 3, 2.4),
  ];
  checkSpacing([f1, f2, ...houses.map((h) => h.piece)]);
  return [f1, f2, ...houses.map((h) => h.feature)];
}

const terrainNote =
  'The scenario map of the starter rules is not in the source (TK-G5): the two forests and four buildings are placed here as the set-up rule asks, at least one Measuring Arrow from each other and from every edge, using the placeholder arrow of 6".';

export function buildYourFirstGame(): ScenarioDoc {
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANKS: Your First Game',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 004 L1159-L1234; digest tanks-modern-age.md section 9',
      tags: ['tanks', 'modern', 'introductory', 'one-on-one'],
      description:
        "The introductory duel: one Soviet T-64 against one American M1 Abrams, with no crew or upgrade cards, on a 3' square table. Destroy the enemy tank to win; if both tanks are destroyed in the same Command phase the game is a draw. " +
        terrainNote +
        ' The starting positions are ours too: each tank starts against the tail of an arrow laid on its own edge.',
    },
    ruleset: { id: 'tanks' },
    map: {
      kind: 'table',
      width: TABLE,
      height: TABLE,
      baseColour: '#7d8c5a',
      features: terrain(false),
    },
    forces: {
      sides: [
        {
          id: 'sov',
          name: 'Soviet',
          nation: 'Soviet',
          alliance: 'WarsawPact',
          colour: '#a33b2f',
          formations: [
            {
              id: 'sov.platoon',
              name: 'T-64',
              kind: 'platoon',
              units: [
                {
                  id: 'sov.t64',
                  type: 'tanks.t64',
                  name: 'T-64',
                  position: [12, MA_TAIL / 2 + 0.7],
                  facing: 90,
                },
              ],
            },
          ],
        },
        {
          id: 'usa',
          name: 'American',
          nation: 'US',
          alliance: 'NATO',
          colour: '#3f6b3a',
          formations: [
            {
              id: 'usa.platoon',
              name: 'M1 Abrams',
              kind: 'platoon',
              units: [
                {
                  id: 'usa.m1',
                  type: 'tanks.m1',
                  name: 'M1 Abrams',
                  position: [24, TABLE - MA_TAIL / 2 - 0.7],
                  facing: -90,
                },
              ],
            },
          ],
        },
      ],
    },
    objectives: [],
    victory: {
      conditions: [
        {
          id: 'both-destroyed',
          kind: 'destroyUnits',
          units: ['sov.t64', 'usa.m1'],
          result: 'draw',
          description: 'Both tanks destroyed in the same Command phase: a draw.',
        },
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'usa',
          units: ['sov.t64'],
          result: 'win',
          description: 'The Americans win when the T-64 is destroyed.',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'sov',
          units: ['usa.m1'],
          result: 'win',
          description: 'The Soviets win when the M1 Abrams is destroyed.',
        },
      ],
    },
    deployment: {
      zones: [
        {
          id: 'sov-edge',
          side: 'sov',
          name: 'Soviet edge',
          area: { shape: 'edgeStrip', edge: 'north', depth: MA_TOTAL },
        },
        {
          id: 'usa-edge',
          side: 'usa',
          name: 'American edge',
          area: { shape: 'edgeStrip', edge: 'south', depth: MA_TOTAL },
        },
      ],
    },
  };
}

export function buildAlpha66(): ScenarioDoc {
  const t64 = (n: number) => ({ id: `sov.t64-${n}`, type: 'tanks.t64', name: `T-64 no. ${n}` });
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANKS: Last Battle of Alpha 66',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 004 L1236-L1310; digest tanks-modern-age.md section 9',
      tags: ['tanks', 'modern', 'Team Yankee', 'scenario'],
      description:
        'Cut off from its company with a dead radio, the M1 Abrams Alpha 66 and its crew must stop the two surviving T-64s of a Soviet platoon heading for Hill 214. The Americans are the Attacker (they start with Advantage) and the Soviets the Defender. The Soviets deploy first, within one Measuring Arrow of their (south) edge, then the Americans within one arrow of theirs (north). ' +
        'The Americans win as soon as both T-64s are destroyed, and also if all three tanks are destroyed; the Soviets win if Alpha 66 is destroyed while a T-64 is still in play. Variant: replace Alpha 66 with any 40-point single-tank American platoon. ' +
        terrainNote,
    },
    ruleset: { id: 'tanks' },
    map: {
      kind: 'table',
      width: TABLE,
      height: TABLE,
      baseColour: '#7d8c5a',
      features: terrain(true),
    },
    forces: {
      sides: [
        {
          id: 'sov',
          name: 'Soviet',
          nation: 'Soviet',
          alliance: 'WarsawPact',
          colour: '#a33b2f',
          formations: [
            {
              id: 'sov.platoon',
              name: 'Red Banner tank platoon',
              kind: 'platoon',
              card: 'tanks.platoon.redBanner',
              units: [t64(2), t64(3)],
            },
          ],
        },
        {
          id: 'usa',
          name: 'American',
          nation: 'US',
          alliance: 'NATO',
          colour: '#3f6b3a',
          pointsLimit: 40,
          formations: [
            {
              id: 'usa.platoon',
              name: 'Team Yankee',
              kind: 'platoon',
              card: 'tanks.platoon.teamYankee',
              units: [
                {
                  id: 'usa.alpha66',
                  type: 'tanks.m1',
                  name: 'Alpha 66',
                  cards: [
                    'tanks.upgrade.alpha66',
                    'tanks.crew.bannon',
                    'tanks.crew.folk',
                    'tanks.crew.kelp',
                    'tanks.crew.ortelli',
                  ].map((card) => ({ card, hidden: true })),
                },
              ],
            },
          ],
        },
      ],
    },
    objectives: [],
    victory: {
      conditions: [
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'usa',
          units: ['sov.t64-2', 'sov.t64-3'],
          result: 'win',
          description:
            'The Americans win as soon as both T-64s are destroyed, even if Alpha 66 is destroyed in the same Command phase (this overrides the usual draw).',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'sov',
          units: ['usa.alpha66'],
          result: 'win',
          description:
            'The Soviets win if Alpha 66 is destroyed while at least one T-64 is still in play.',
        },
      ],
    },
    deployment: {
      attacker: 'usa',
      order: ['sov', 'usa'],
      zones: [
        {
          id: 'sov-edge',
          side: 'sov',
          name: 'Soviet deployment (first)',
          turn: 0,
          area: { shape: 'edgeStrip', edge: 'south', depth: MA_TOTAL },
        },
        {
          id: 'usa-edge',
          side: 'usa',
          name: 'American deployment (second)',
          turn: 0,
          area: { shape: 'edgeStrip', edge: 'north', depth: MA_TOTAL },
        },
      ],
    },
  };
}

/**
 * A bundled scenario with helicopters: a Hind and a T-64 against a Cobra and an M1, deployed by
 * the players (or bots) in their edge strips, the Americans with the Sharpshooters platoon card
 * (TK-6.12). Everything about it is ours, built from the rules' pieces.
 */
export function buildAirCover(): ScenarioDoc {
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'TANKS: Air Cover',
      author: 'Sandtable',
      created: CREATED,
      source:
        'Sandtable scenario for the TANKS rules (digest tanks-modern-age.md sections 2, 4-7, 9)',
      tags: ['tanks', 'modern', 'helicopters', 'two-on-two'],
      description:
        'Each side brings one tank and one attack helicopter: a Soviet T-64 with a Hind, an American M1 Abrams with a Cobra whose crews are Sharpshooters (a Critical Hit may become two Hits, TK-6.12). Both sides deploy within one Measuring Arrow of their own edge, in Initiative order, helicopters low unless told high. Destroy the enemy tank to win (helicopters do not count, TK-7); if both tanks go in the same Command phase it is a draw; after 10 turns the side that destroyed more points wins. ' +
        terrainNote,
    },
    ruleset: { id: 'tanks' },
    map: {
      kind: 'table',
      width: TABLE,
      height: TABLE,
      baseColour: '#7d8c5a',
      features: terrain(false),
    },
    forces: {
      sides: [
        {
          id: 'sov',
          name: 'Soviet',
          nation: 'Soviet',
          alliance: 'WarsawPact',
          colour: '#a33b2f',
          formations: [
            {
              id: 'sov.platoon',
              name: 'Tank and air support',
              kind: 'platoon',
              card: 'tanks.platoon.redBanner',
              units: [
                { id: 'sov.t64', type: 'tanks.t64', name: 'T-64' },
                { id: 'sov.hind', type: 'tanks.hind', name: 'Hind' },
              ],
            },
          ],
        },
        {
          id: 'usa',
          name: 'American',
          nation: 'US',
          alliance: 'NATO',
          colour: '#3f6b3a',
          formations: [
            {
              id: 'usa.platoon',
              name: 'Sharpshooters',
              kind: 'platoon',
              card: 'tanks.platoon.sharpshooters',
              units: [
                { id: 'usa.m1', type: 'tanks.m1', name: 'M1 Abrams' },
                { id: 'usa.cobra', type: 'tanks.cobra', name: 'Cobra' },
              ],
            },
          ],
        },
      ],
    },
    objectives: [],
    victory: {
      turnLimit: 10,
      conditions: [
        {
          id: 'both-destroyed',
          kind: 'destroyUnits',
          units: ['sov.t64', 'usa.m1'],
          result: 'draw',
          description: 'Both tanks destroyed in the same Command phase: a draw.',
        },
        {
          id: 'usa-wins',
          kind: 'destroyUnits',
          side: 'usa',
          units: ['sov.t64'],
          result: 'win',
          description: 'The Americans win when the T-64 is destroyed.',
        },
        {
          id: 'sov-wins',
          kind: 'destroyUnits',
          side: 'sov',
          units: ['usa.m1'],
          result: 'win',
          description: 'The Soviets win when the M1 Abrams is destroyed.',
        },
      ],
    },
    deployment: {
      zones: [
        {
          id: 'sov-edge',
          side: 'sov',
          name: 'Soviet edge',
          area: { shape: 'edgeStrip', edge: 'north', depth: MA_TOTAL },
        },
        {
          id: 'usa-edge',
          side: 'usa',
          name: 'American edge',
          area: { shape: 'edgeStrip', edge: 'south', depth: MA_TOTAL },
        },
      ],
    },
  };
}

/** Your First Game with the table laid out by the players in the game (TK-2.2, TK-2.3). */
export function buildTerrainByPlayers(): ScenarioDoc {
  const base = buildYourFirstGame();
  return {
    ...base,
    meta: {
      ...base.meta,
      title: 'TANKS: Terrain placed by the players (a T-64 against an M1)',
      tags: ['tanks', 'modern', 'introductory', 'one-on-one', 'terrain placement'],
      description:
        'The introductory duel of Your First Game with the table laid out as the rules lay it out: the two forests and four buildings start off the table, the players roll off, and the higher roller puts down the first forest; then they take turns, no piece within one Measuring Arrow of another or of an edge. The shapes are the ones the map draws; their places in the editor are only where they wait. Destroy the enemy tank to win.',
    },
    ruleset: { id: 'tanks', options: { terrainPlacedByPlayers: true } },
  };
}

export function writeTanks(): void {
  writeDoc(join(CATALOGS_DIR, 'tanks.catalog.json'), buildTanksCatalog());
  writeDoc(join(CATALOGS_DIR, 'tanks.placeholder.catalog.json'), buildTanksPlaceholderCatalog());
  writeDoc(join(SCENARIOS_DIR, 'tanks-your-first-game.scenario.json'), buildYourFirstGame());
  writeDoc(join(SCENARIOS_DIR, 'tanks-last-battle-of-alpha-66.scenario.json'), buildAlpha66());
  writeDoc(join(SCENARIOS_DIR, 'tanks-air-cover.scenario.json'), buildAirCover());
  writeDoc(join(SCENARIOS_DIR, 'tanks-terrain-by-players.scenario.json'), buildTerrainByPlayers());
}
