/**
 * Builds scenarios/tankplank-village.scenario.json: the Tankplank village fight (seed 000,
 * digest tankplank.md sections 1-3, C and D). The seed's map figure is missing (TP-G1), so the
 * layout below follows the text: a creek in a gully across the middle, three numbered roads
 * and bridges, a catwalk, 21 buildings (six of them open houses under construction at X sites),
 * walls, fences, hedges, bushes and 20 trees, with a village on both banks.
 */
import { join } from 'node:path';
import type {
  BuildingFeature,
  Feature,
  Formation,
  Point,
  RoadFeature,
  ScenarioDoc,
} from '../../engine/format/index';
import { CREATED, SCENARIOS_DIR, envelope, orientedRect, pt, writeDoc, xAtY } from './common';
import {
  BARRIERS,
  BUILDINGS,
  BUSHES,
  CATWALK_Y,
  DARK_GREEN,
  GROUND,
  GULLY_HALF,
  HEIGHT,
  ROADS,
  TREES,
  WIDTH,
  bridge,
  building,
  catwalk,
  checkLayout,
  creek,
  road,
  tree,
} from './villageMap';
import { type Prefix, holders, side } from './villageForces';

export function buildTankplankVillage(): ScenarioDoc {
  const buildings = BUILDINGS.map(building);
  const trees = TREES.map(tree);
  checkLayout(buildings, trees);
  const [road1, road2, road3] = ROADS as [RoadFeature, RoadFeature, RoadFeature];
  return {
    ...envelope('sandtable.scenario'),
    meta: {
      title: 'Tankplank: the village on the creek',
      author: 'Sandtable',
      created: CREATED,
      source: 'Seed 000 (Tankplank) L15-L106; digest tankplank.md sections 1-3, C, D',
      tags: ['tankplank', 'WWII', 'village', 'creek', 'secret objectives'],
      description:
        'Two matched mechanised companies fight for a village that straddles a creek. The table is 36" wide (west to east) and 24" deep; the creek runs north to south down the middle in a 1¼"-deep gully and splits the table into the two sides\' halves: side A enters from the west edge (label A) and side B from the east edge (label B) on turn 1, with every unit off the table at the start. ' +
        'The village grows along the three roads on both banks: the 3" main highway (road 3) crosses the middle, road 1 runs in the north and road 2 in the south, each over its own bridge; a catwalk (W) lets men cross between bridges 1 and 3. Six houses under construction (X sites) are the only buildings men can enter; the other fifteen are closed and can only be climbed onto. ' +
        'Each side secretly picks an objective within 6" of the far table edge, reveals it when its troops first reach it, and wins by holding it for three turns with infantry and a radioman inside and no enemy there. The objective areas in this file are suggestions: the north-east and the south-west paddocks, a half-turn apart, as the roads are. Players may choose any other area in that 6" strip. ' +
        'The game lasts 24 turns: the rules set no limit (TP-G12), and men walk 3" a turn, so a side that meets no one still needs 8 to 12 turns to reach its objective, bring a radioman in and hold for three. ' +
        'The original map figure is lost, so this layout is our own reading of the text. Personnel carriers may start loaded with infantry if the players agree.',
    },
    ruleset: { id: 'tankplank', layers: ['BASIC'] },
    map: {
      kind: 'table',
      width: WIDTH,
      height: HEIGHT,
      scale: { figureScale: '15-20mm (HO)', factor: 1 },
      baseColour: DARK_GREEN,
      features: [
        ...GROUND,
        creek,
        ...ROADS,
        bridge('bridge-1', road1),
        bridge('bridge-2', road2),
        bridge('bridge-3', road3),
        catwalk,
        ...BUSHES,
        ...BARRIERS,
        ...buildings,
        ...trees,
      ],
    },
    forces: {
      sides: [side('a', 'Side A (west)', '#35608f'), side('b', 'Side B (east)', '#8f3535')],
    },
    objectives: [
      {
        id: 'objective-a',
        name: "Side A's objective: the north-east paddock",
        kind: 'holdZone',
        owner: 'a',
        hidden: true,
        revealOn: 'firstEntry',
        holdTurns: 3,
        holders,
        area: { shape: 'rect', x: 30, y: 0, width: 6, height: 10 },
      },
      {
        id: 'objective-b',
        name: "Side B's objective: the south-west paddock",
        kind: 'holdZone',
        owner: 'b',
        hidden: true,
        revealOn: 'firstEntry',
        holdTurns: 3,
        holders,
        area: { shape: 'rect', x: 0, y: 14, width: 6, height: 10 },
      },
    ],
    victory: {
      turnLimit: 24,
      conditions: [
        {
          id: 'both-hold',
          kind: 'allAchievedSameTurn',
          objectives: ['objective-a', 'objective-b'],
          result: 'draw',
          description:
            'Both sides complete their three-turn hold in the same turn: a draw (TP-G12).',
        },
        {
          id: 'a-holds',
          kind: 'objectiveAchieved',
          side: 'a',
          objective: 'objective-a',
          result: 'win',
          description:
            'Side A wins after holding its objective for three turns in a row: own infantry with a radioman inside, no enemy inside (TP-3.3).',
        },
        {
          id: 'b-holds',
          kind: 'objectiveAchieved',
          side: 'b',
          objective: 'objective-b',
          result: 'win',
          description:
            'Side B wins after holding its objective for three turns in a row: own infantry with a radioman inside, no enemy inside (TP-3.3).',
        },
      ],
      otherwise: 'draw',
    },
    deployment: {
      entryEdges: [
        { id: 'edge-a', side: 'a', edge: 'west', label: 'A' },
        { id: 'edge-b', side: 'b', edge: 'east', label: 'B' },
      ],
    },
  };
}

/**
 * The village fight with optional artillery (TP-18.7, BASIC.OPT.ART): each side adds one light
 * self-propelled gun, which enters with the rest, sets up in a turn, fires direct, and fires
 * indirect on its crew's sight or an observer's call.
 */
export function buildTankplankVillageArtillery(): ScenarioDoc {
  const base = buildTankplankVillage();
  const battery = (p: Prefix): Formation => ({
    id: `${p}.art`,
    name: 'Artillery',
    kind: 'team',
    units: [
      {
        id: `${p}.art.gun`,
        type: 'tp.artLightSP',
        name: 'Light SP gun',
        crew: [{ role: 'artilleryCrew', count: 4 }],
      },
    ],
  });
  return {
    ...base,
    meta: {
      ...base.meta,
      title: 'Tankplank: the village on the creek, with artillery',
      tags: [...(base.meta.tags ?? []), 'artillery'],
      description: `${base.meta.description ?? ''} This variant turns on optional artillery (BASIC.OPT.ART, TP-18.7): each side also fields one light self-propelled gun with a crew of four. It sets up in one turn, fires direct with the tank tables and a 2" HE sector, and fires indirect by the aiming matrix at what its crew sees or where an officer with a radioman calls it. Placeholders as the village, plus the light gun's direct-fire impact and indirect range.`,
    },
    ruleset: { ...base.ruleset, options: { ...base.ruleset.options, 'BASIC.OPT.ART': true } },
    forces: {
      sides: base.forces.sides.map((s) => ({
        ...s,
        formations: [...s.formations, battery(s.id as Prefix)],
      })),
    },
  };
}

// ---- the mirrored village: the west bank and its half-turn image ----

/** The feature of one kind. */
type Kind<K extends Feature['kind']> = Extract<Feature, { kind: K }>;

/** A point turned half a turn about the table's middle. */
const halfTurn = ([x, y]: Point): Point => pt(WIDTH - x, HEIGHT - y);

/** The other wall of a house after a half-turn. */
const OPPOSITE_WALL = { north: 'south', south: 'north', east: 'west', west: 'east' } as const;

/** A name on the east bank for a feature of the west bank's: compass words turned about. */
function eastName(name: string): string {
  const turned = name.replace(/North|South|East|West|north|south|east|west/g, (w) => {
    const swap: Record<string, string> = {
      North: 'South',
      South: 'North',
      East: 'West',
      West: 'East',
      north: 'south',
      south: 'north',
      east: 'west',
      west: 'east',
    };
    return swap[w]!;
  });
  return turned !== name ? turned : `East ${name.charAt(0).toLowerCase()}${name.slice(1)}`;
}

/** A west-bank feature's half-turn image on the east bank, under `id`. */
function imageOf<F extends Feature>(f: F, id: string): F {
  const out: Record<string, unknown> = { ...f, id };
  if ('name' in f && typeof f.name === 'string') out['name'] = eastName(f.name);
  if ('points' in f && Array.isArray(f.points)) out['points'] = (f.points as Point[]).map(halfTurn);
  if ('x' in f && 'y' in f && typeof f.x === 'number' && typeof f.y === 'number') {
    const [x, y] = halfTurn([f.x, f.y]);
    out['x'] = x;
    out['y'] = y;
  }
  if (f.kind === 'building' && f.openings)
    out['openings'] = f.openings.map((o) => ({ ...o, wall: OPPOSITE_WALL[o.wall] }));
  if (f.kind === 'ground') out['bank'] = 'B';
  return out as F;
}

/**
 * The creek of the mirrored village: close to the village's, bent so that the line is its own
 * half-turn image and clears the west bank's houses and their images by the gully's width.
 */
const MIRRORED_CREEK_LINE: Point[] = [
  [18, 0],
  [17.4, 5],
  [17.8, 9],
  [18, 12],
  [18.2, 15],
  [18.6, 19],
  [18, 24],
];

/**
 * Builds scenarios/tankplank-village-mirrored.scenario.json: a table for checking balance
 * questions and the lab itself. The village's west bank (its buildings, walls, fences, hedges,
 * bushes, trees, the orchard knoll and road 1) and that bank turned half a turn about the
 * table's middle for the east bank; road 2 is road 1's image and the highway and the creek are
 * their own. Both banks slope alike (the village's east bank is steeper, with a terrace above
 * it), and the forces, entry edges and suggested objectives are the village's, which are a
 * half-turn apart already: nothing on the table favours either side but the dice and who moves
 * first.
 */
export function buildTankplankVillageMirrored(): ScenarioDoc {
  const base = buildTankplankVillage();
  const west = (f: Feature) => /-w\d*$|^knoll-a$/.test(f.id);
  const westTrees = TREES.filter(([x]) => x < WIDTH / 2);
  const trees = [
    ...westTrees,
    ...westTrees.map(([x, y, r]): [number, number, number] => [...halfTurn([x, y]), r]),
  ].map(tree);
  const pairs = (list: readonly Feature[]) =>
    list.filter(west).flatMap((f) => [f, imageOf(f, f.id.replace(/-w(\d*)$/, '-e$1'))]);
  const buildings = pairs(BUILDINGS.map(building)) as BuildingFeature[];
  const barriers = pairs(BARRIERS);
  const [road1, , highway] = ROADS as [RoadFeature, RoadFeature, RoadFeature];
  const westHighway = highway.points.filter(([x]) => x < WIDTH / 2);
  const roads: RoadFeature[] = [
    road1,
    road(
      'road-2',
      '2',
      'road',
      road1.width,
      road1.points.map(halfTurn).reverse(),
      'Road 2 (south road)',
    ),
    road(
      'road-3',
      '3',
      'highway',
      highway.width,
      [...westHighway, ...westHighway.map(halfTurn).reverse()],
      highway.name ?? 'Road 3 (main highway)',
    ),
  ];
  checkLayout(buildings, trees, roads, MIRRORED_CREEK_LINE, barriers);
  const line = MIRRORED_CREEK_LINE;
  const catwalkW: Kind<'catwalk'> = {
    ...(catwalk as Kind<'catwalk'>),
    // A quarter-inch over the gully at each end (the village's has a half), to clear the
    // Highway X site west of it and, turned about, the creekside cottage's image.
    points: orientedRect(pt(xAtY(line, CATWALK_Y), CATWALK_Y), 0, 2 * GULLY_HALF + 0.25, 0.75),
  };
  const catwalkE: Kind<'catwalk'> = {
    ...imageOf(catwalkW, 'catwalk-e'),
    name: 'Catwalk E',
    number: 'E',
  };
  const knoll = GROUND.find((g) => g.id === 'knoll-a')!;
  const [westBankGround, eastBankGround] = GROUND as [Kind<'ground'>, Kind<'ground'>];
  const banks: Feature[] = [
    { ...westBankGround, points: [[0, 0], ...line.map(([x, y]) => pt(x, y)), [0, HEIGHT]] },
    {
      ...eastBankGround,
      points: [...line.map(([x, y]) => pt(x, y)), [WIDTH, HEIGHT], [WIDTH, 0]],
    },
  ];
  return {
    ...base,
    meta: {
      ...base.meta,
      title: 'Tankplank: the mirrored village',
      tags: [...(base.meta.tags ?? []), 'mirrored', 'balance check'],
      description:
        "A table for checking balance questions and the balance lab itself: the village on the creek's west bank, and the same bank turned half a turn about the middle of the table for the east bank. Road 2 is road 1 turned about, the highway and the creek are their own images, both banks of the gully slope at 40°, and a second catwalk (E) answers the first. " +
        "The forces, entry edges (side A west, side B east), secret objectives (suggested: the north-east and the south-west paddocks), the three-turn hold and the 24-turn limit are the village's. Nothing on the table favours either side, so a balance run should find the two sides' win shares close together (the dice and who moves first aside), and a side that is given less should lose more.",
    },
    map: {
      ...(base.map as Extract<ScenarioDoc['map'], { kind: 'table' }>),
      features: [
        ...banks,
        knoll,
        imageOf(knoll, 'knoll-b'),
        {
          ...(creek as Kind<'creek'>),
          points: line,
          slopes: { left: 40, right: 40 },
          notes:
            'TP-1.2, TP-1.3, TP-5.4: 3" of water at least 1" below the banks; both banks slope at 40° on this mirrored table. Only tanks and personnel carriers may ford, for half a move.',
        },
        ...roads,
        bridge('bridge-1', roads[0]!, line),
        bridge('bridge-2', roads[1]!, line),
        bridge('bridge-3', roads[2]!, line),
        catwalkW,
        catwalkE,
        ...pairs(BUSHES),
        ...barriers,
        ...buildings,
        ...trees,
      ],
    },
  };
}

export function writeTankplankVillage(): void {
  writeDoc(join(SCENARIOS_DIR, 'tankplank-village.scenario.json'), buildTankplankVillage());
  writeDoc(
    join(SCENARIOS_DIR, 'tankplank-village-artillery.scenario.json'),
    buildTankplankVillageArtillery(),
  );
  writeDoc(
    join(SCENARIOS_DIR, 'tankplank-village-mirrored.scenario.json'),
    buildTankplankVillageMirrored(),
  );
}
