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
  Side,
  TreeFeature,
  Unit,
} from '../../engine/format/index';
import {
  CREATED,
  SCENARIOS_DIR,
  crossing,
  distanceToPolyline,
  envelope,
  orientedRect,
  pt,
  writeDoc,
  xAtY,
} from './common';

const WIDTH = 36;
const HEIGHT = 24;
/** Water width (TP-1.6) and the horizontal width of each gully bank. */
const CREEK_WIDTH = 3;
const BANK_WIDTH = 1.5;
const CREEK_LINE: Point[] = [
  [18, 0],
  [17.4, 5],
  [18.2, 10],
  [18.6, 14],
  [17.6, 19],
  [18, 24],
];
/** How far from the creek centre line the gully reaches on each side. */
const GULLY_HALF = CREEK_WIDTH / 2 + BANK_WIDTH;

const creek: Feature = {
  id: 'creek',
  kind: 'creek',
  name: 'The creek',
  points: CREEK_LINE,
  width: CREEK_WIDTH,
  bedDepth: 1.25,
  bankWidth: BANK_WIDTH,
  // The line runs north to south, so the left bank is the east (light-green, bank B) side.
  slopes: { left: 60, right: 40 },
  fordableBy: ['tank', 'personnelCarrier'],
  fordCost: 0.5,
  notes:
    'TP-1.2, TP-1.3, TP-5.4: 3" of water at least 1" below the dark green; the west bank (dark green) slopes at 40°, the east bank (light green) at 60°. Only tanks and personnel carriers may ford, for half a move.',
};

const road = (
  id: string,
  number: string,
  role: 'highway' | 'road',
  width: number,
  points: Point[],
  name: string,
): RoadFeature => ({ id, kind: 'road', name, number, role, width, points, elevationMode: 'flat' });

const ROADS: RoadFeature[] = [
  road(
    'road-1',
    '1',
    'road',
    2,
    [
      [0, 4.5],
      [9, 5],
      [15, 5.5],
      [21, 5.5],
      [27, 4],
      [31, 0],
    ],
    'Road 1 (north road)',
  ),
  road(
    'road-2',
    '2',
    'road',
    2,
    [
      [5, 24],
      [9, 20],
      [14, 19],
      [22, 19],
      [29, 20],
      [36, 20.5],
    ],
    'Road 2 (south road)',
  ),
  road(
    'road-3',
    '3',
    'highway',
    3,
    [
      [0, 13],
      [8, 12.5],
      [14, 12],
      [22, 12],
      [28, 12.5],
      [36, 13],
    ],
    'Road 3 (main highway)',
  ),
];

/** A bridge laid along its road where the road crosses the creek, reaching past both gully banks. */
function bridge(id: string, r: RoadFeature, creekLine: Point[] = CREEK_LINE): Feature {
  const x = crossing(r.points, creekLine);
  if (!x) throw new Error(`${r.id} does not cross the creek`);
  return {
    id,
    kind: 'bridge',
    name: `Bridge ${r.number}`,
    number: r.number,
    spans: 'creek',
    carries: r.id,
    deckHeight: 0,
    points: orientedRect(x.at, x.angleA, 2 * GULLY_HALF + 1, r.width + 0.5),
  };
}

const CATWALK_Y = 8.75;
const catwalk: Feature = {
  id: 'catwalk-w',
  kind: 'catwalk',
  name: 'Catwalk W',
  number: 'W',
  spans: 'creek',
  deckHeight: 0,
  passableBy: ['infantry'],
  points: orientedRect(pt(xAtY(CREEK_LINE, CATWALK_Y), CATWALK_Y), 0, 2 * GULLY_HALF + 0.5, 0.75),
  notes: 'A footbridge for men only (digest section C.4).',
};

/** Everything west of the creek centre line is bank A, everything east is bank B (TP-A48). */
const westBank: Point[] = [[0, 0], ...CREEK_LINE.map(([x, y]) => pt(x, y)), [0, HEIGHT]];
const eastBank: Point[] = [...CREEK_LINE.map(([x, y]) => pt(x, y)), [WIDTH, HEIGHT], [WIDTH, 0]];
const DARK_GREEN = '#4f7a3a';
const LIGHT_GREEN = '#8fbf5a';

const GROUND: Feature[] = [
  {
    id: 'bank-a',
    kind: 'ground',
    name: 'West bank (A)',
    level: 0,
    height: 0,
    bank: 'A',
    colour: DARK_GREEN,
    points: westBank,
  },
  {
    id: 'bank-b',
    kind: 'ground',
    name: 'East bank (B)',
    level: 0,
    height: 0,
    bank: 'B',
    colour: DARK_GREEN,
    points: eastBank,
  },
  {
    id: 'terrace-b',
    kind: 'ground',
    name: 'East terrace',
    level: 1,
    height: 0.75,
    bank: 'B',
    colour: LIGHT_GREEN,
    notes: 'Light green above the steep east side of the gully (TP-1.3, TP-1.4).',
    points: [
      ...CREEK_LINE.map(([x, y]) => pt(x + CREEK_WIDTH / 2, y)),
      [24, 24],
      [25, 20],
      [23.5, 16.5],
      [24.5, 10.5],
      [23, 6],
      [24, 0],
    ],
  },
  {
    id: 'knoll-a',
    kind: 'ground',
    name: 'Orchard knoll',
    level: 1,
    height: 0.5,
    bank: 'A',
    colour: LIGHT_GREEN,
    points: [
      [3, 7],
      [8, 6.6],
      [11.5, 7.8],
      [11, 10.6],
      [6, 11],
      [2.5, 9.8],
    ],
  },
  {
    id: 'knoll-b',
    kind: 'ground',
    name: 'East rise',
    level: 1,
    height: 1,
    bank: 'B',
    colour: LIGHT_GREEN,
    points: [
      [29, 14.2],
      [34, 14.3],
      [35.5, 17],
      [33, 18.6],
      [29.5, 18.4],
    ],
  },
];

interface BuildingSpec {
  id: string;
  name: string;
  at: [number, number];
  size: [number, number];
  /** Under construction: an open house at an X site (TP-1.8, TP-5.7). */
  x?: boolean;
  floors?: number;
}

// West bank buildings (side A's half), then east bank buildings (side B's half).
const BUILDINGS: BuildingSpec[] = [
  { id: 'bldg-w1', name: 'West farmhouse', at: [3.2, 9.8], size: [2.5, 2], floors: 2 },
  { id: 'bldg-w2', name: 'West barn', at: [2.6, 16], size: [2.2, 2] },
  { id: 'bldg-w3', name: 'West X site', at: [5, 16.4], size: [1.8, 2], x: true },
  { id: 'bldg-w4', name: 'Inn', at: [10.8, 9.5], size: [2.6, 1.8], floors: 2 },
  { id: 'bldg-w5', name: 'Highway X site', at: [13.6, 9], size: [2, 2], x: true },
  { id: 'bldg-w6', name: 'Smithy', at: [10.8, 15.2], size: [2.5, 2] },
  { id: 'bldg-w7', name: 'Creekside cottage', at: [14, 15.4], size: [2, 2] },
  { id: 'bldg-w8', name: 'Mill house', at: [12, 2.8], size: [2.5, 2], floors: 2 },
  { id: 'bldg-w9', name: 'Orchard cottage', at: [8.4, 7.6], size: [2, 1.6] },
  { id: 'bldg-w10', name: 'North road X site', at: [7.5, 2.6], size: [2, 2], x: true },
  { id: 'bldg-e1', name: 'Bridge X site', at: [22.3, 9.2], size: [2, 2], x: true },
  { id: 'bldg-e2', name: 'Town hall', at: [25.2, 9.3], size: [2.5, 2], floors: 2 },
  { id: 'bldg-e3', name: 'Bakery', at: [22.6, 15], size: [2, 2] },
  { id: 'bldg-e4', name: 'Square X site', at: [25.6, 15.3], size: [2.5, 2], x: true },
  { id: 'bldg-e5', name: 'Chapel', at: [22, 2.6], size: [2, 2], floors: 2 },
  { id: 'bldg-e6', name: 'Schoolhouse', at: [24.6, 7.2], size: [2, 1.8] },
  { id: 'bldg-e7', name: 'South cottage', at: [22.8, 21.6], size: [2, 2] },
  { id: 'bldg-e8', name: 'East farmhouse', at: [32, 9.6], size: [2.5, 2], floors: 2 },
  { id: 'bldg-e9', name: 'East X site', at: [34.6, 9.8], size: [2, 2], x: true },
  { id: 'bldg-e10', name: 'East barn', at: [32.6, 16.2], size: [3, 2] },
  { id: 'bldg-e11', name: 'Paddock cottage', at: [29, 22.3], size: [2, 2] },
];

/** One HO storey is about 1.25" (3 m at 1/87 is about 1.35"). */
const FLOOR_HEIGHT = 1.25;

function building(b: BuildingSpec): BuildingFeature {
  const [x, y] = b.at;
  const [width, depth] = b.size;
  if (b.x) {
    return {
      id: b.id,
      kind: 'building',
      name: b.name,
      x,
      y,
      width,
      depth,
      buildingKind: 'underConstruction',
      damaged: true,
      floors: 2,
      floorHeight: FLOOR_HEIGHT,
      roof: {
        type: 'partial',
        height: 0.75,
        ridge: width >= depth ? 'width' : 'depth',
        access: 'stairs',
      },
      site: 'X',
      openings: [
        { type: 'door', wall: 'south', offset: width / 2, width: 0.5 },
        { type: 'window', wall: 'north', offset: width / 2, width: 0.5, floor: 1 },
      ],
      notes:
        'A house under construction: open, with a second floor and a partial roof (TP-1.8, TP-5.7).',
    };
  }
  return {
    id: b.id,
    kind: 'building',
    name: b.name,
    x,
    y,
    width,
    depth,
    buildingKind: 'closed',
    floors: b.floors ?? 1,
    floorHeight: FLOOR_HEIGHT,
    roof: {
      type: 'pitched',
      height: 0.75,
      ridge: width >= depth ? 'width' : 'depth',
      access: 'helper',
    },
  };
}

const BARRIERS: Feature[] = [
  {
    id: 'wall-w1',
    kind: 'wall',
    name: 'Farmyard wall',
    points: [
      [0.5, 17.6],
      [4.2, 17.6],
    ],
    thickness: 0.3,
    thicknessClass: 'thick',
    height: 0.6,
    heightClass: 'high',
    strength: 'strong',
    breachableByTracked: false,
  },
  {
    id: 'wall-w2',
    kind: 'wall',
    name: 'Smithy yard wall',
    points: [
      [8.5, 14.4],
      [8.5, 17.5],
      [12.5, 17.5],
    ],
    thickness: 0.2,
    thicknessClass: 'thin',
    height: 0.4,
    heightClass: 'low',
    strength: 'small',
    breachableByTracked: true,
  },
  {
    id: 'wall-e1',
    kind: 'wall',
    name: 'East farm garden wall',
    points: [
      [30.3, 8.1],
      [35.8, 8.1],
    ],
    thickness: 0.2,
    thicknessClass: 'thin',
    height: 0.4,
    heightClass: 'low',
    strength: 'small',
    breachableByTracked: true,
  },
  {
    id: 'wall-e2',
    kind: 'wall',
    name: 'East barn wall',
    points: [
      [30.8, 17.8],
      [34.6, 17.8],
    ],
    thickness: 0.4,
    thicknessClass: 'thick',
    height: 0.8,
    heightClass: 'high',
    strength: 'heavy',
    breachableByTracked: false,
  },
  {
    id: 'wall-e3',
    kind: 'wall',
    name: 'Square wall',
    points: [
      [27.3, 14.1],
      [27.3, 17.2],
      [24, 17.2],
    ],
    thickness: 0.3,
    thicknessClass: 'thick',
    height: 0.6,
    heightClass: 'high',
    strength: 'strong',
    breachableByTracked: false,
  },
  {
    id: 'fence-w1',
    kind: 'fence',
    name: 'North paddock fence',
    points: [
      [0.5, 3.2],
      [5, 3.2],
    ],
    heightClass: 'low',
    thicknessClass: 'thin',
    strength: 'small',
  },
  {
    id: 'fence-w2',
    kind: 'fence',
    name: 'South-west paddock fence',
    points: [
      [0.3, 19],
      [3.5, 19],
      [3.5, 23.7],
    ],
    heightClass: 'low',
    thicknessClass: 'thin',
    strength: 'small',
  },
  {
    id: 'fence-e1',
    kind: 'fence',
    name: 'South-east paddock fence',
    points: [
      [30.5, 21.6],
      [30.5, 23.8],
      [35.8, 23.8],
    ],
    heightClass: 'low',
    thicknessClass: 'thin',
    strength: 'small',
  },
  {
    id: 'fence-e2',
    kind: 'fence',
    name: 'North-east paddock fence',
    points: [
      [33, 1.5],
      [35.8, 1.5],
      [35.8, 5.5],
    ],
    heightClass: 'low',
    thicknessClass: 'thin',
    strength: 'small',
  },
  {
    id: 'hedge-w1',
    kind: 'hedge',
    name: 'West hedge',
    points: [
      [0.8, 6.5],
      [0.8, 11],
    ],
    height: 0.75,
    strength: 'small',
  },
  {
    id: 'hedge-w2',
    kind: 'hedge',
    name: 'South road hedge',
    points: [
      [9.5, 21.5],
      [14.5, 21.5],
    ],
    height: 0.75,
    strength: 'small',
  },
  {
    id: 'hedge-e1',
    kind: 'hedge',
    name: 'Town hedge',
    points: [
      [27.8, 6.5],
      [27.8, 10.5],
    ],
    height: 0.75,
    strength: 'small',
  },
  {
    id: 'hedge-e2',
    kind: 'hedge',
    name: 'South lane hedge',
    points: [
      [24.5, 22],
      [27, 22],
    ],
    height: 0.75,
    strength: 'small',
  },
];

const BUSHES: Feature[] = [
  {
    id: 'bushes-w1',
    kind: 'bushes',
    name: 'Brambles',
    height: 0.5,
    points: [
      [10.5, 22.5],
      [12.5, 22.3],
      [12.8, 23.6],
      [10.3, 23.7],
    ],
  },
  {
    id: 'bushes-w2',
    kind: 'bushes',
    name: 'Mill scrub',
    height: 0.5,
    points: [
      [13.6, 0.5],
      [14.7, 0.4],
      [14.6, 2],
      [13.8, 2.2],
    ],
  },
  {
    id: 'bushes-e1',
    kind: 'bushes',
    name: 'Square shrubs',
    height: 0.5,
    points: [
      [27.7, 14.4],
      [29.2, 14.5],
      [29.3, 16.5],
      [27.8, 16.3],
    ],
  },
  {
    id: 'bushes-e2',
    kind: 'bushes',
    name: 'Chapel shrubs',
    height: 0.5,
    points: [
      [25, 0.5],
      [27, 0.4],
      [26.5, 2.2],
      [25.2, 2.3],
    ],
  },
];

/** 20 trees in the empty green (TP-1.9), mostly on dark green: [x, y, canopy radius]. */
const TREES: [number, number, number][] = [
  [1.5, 1.5, 1.2],
  [4.5, 1, 1],
  [9.8, 1, 1.2],
  [3, 7.4, 1],
  [6.5, 8.6, 1.2],
  [7.6, 18.4, 1],
  [1.4, 21, 1.2],
  [2.2, 23.2, 1],
  [11.5, 17, 1],
  [14, 22.8, 1],
  [21.8, 0.7, 1],
  [29.5, 6.5, 1.5],
  [31.5, 5.5, 1.2],
  [34.5, 3.5, 1.2],
  [28.8, 10, 1],
  [29.6, 17.9, 1],
  [35.3, 16, 1],
  [24.5, 23, 1.2],
  [33, 22.5, 1.5],
  [21.8, 23.6, 1],
];

const tree = ([x, y, canopyRadius]: [number, number, number], i: number): TreeFeature => ({
  id: `tree-${i + 1}`,
  kind: 'tree',
  x,
  y,
  canopyRadius,
  trunkRadius: 0.15,
  height: 2.5,
  canopyBase: 0.75,
  climbable: true,
});

// ---- layout checks: buildings and trees clear of roads, the gully and each other ----

function rectSamples(b: BuildingFeature): Point[] {
  const out: Point[] = [];
  for (let i = 0; i <= 4; i++) {
    for (let j = 0; j <= 4; j++) {
      out.push([b.x - b.width / 2 + (b.width * i) / 4, b.y - b.depth / 2 + (b.depth * j) / 4]);
    }
  }
  return out;
}

function insideRect(p: Point, b: BuildingFeature, margin: number): boolean {
  return (
    Math.abs(p[0] - b.x) <= b.width / 2 + margin && Math.abs(p[1] - b.y) <= b.depth / 2 + margin
  );
}

function checkLayout(
  buildings: BuildingFeature[],
  trees: TreeFeature[],
  roads: readonly RoadFeature[] = ROADS,
  creekLine: Point[] = CREEK_LINE,
  barriers: readonly Feature[] = BARRIERS,
): void {
  const problems: string[] = [];
  for (const b of buildings) {
    const pts = rectSamples(b);
    for (const r of roads) {
      const d = Math.min(...pts.map((p) => distanceToPolyline(p, r.points)));
      if (d < r.width / 2 + 0.2) problems.push(`${b.id} is ${d.toFixed(2)} from ${r.id}`);
    }
    const dc = Math.min(...pts.map((p) => distanceToPolyline(p, creekLine)));
    if (dc < GULLY_HALF) problems.push(`${b.id} is in the gully (${dc.toFixed(2)})`);
    for (const o of buildings) {
      if (o !== b && pts.some((p) => insideRect(p, o, 0.1)))
        problems.push(`${b.id} overlaps ${o.id}`);
    }
  }
  for (const t of trees) {
    const p: Point = [t.x, t.y];
    for (const r of roads) {
      const d = distanceToPolyline(p, r.points);
      if (d < r.width / 2 + t.canopyRadius * 0.6)
        problems.push(`${t.id} is ${d.toFixed(2)} from ${r.id}`);
    }
    if (distanceToPolyline(p, creekLine) < GULLY_HALF + 0.3)
      problems.push(`${t.id} is in the gully`);
    for (const b of buildings) {
      if (insideRect(p, b, t.canopyRadius * 0.5)) problems.push(`${t.id} is on ${b.id}`);
    }
    for (const f of barriers) {
      if ('points' in f && distanceToPolyline(p, f.points) < 0.4)
        problems.push(`${t.id} is on ${f.id}`);
    }
  }
  if (problems.length > 0) throw new Error(`layout problems:\n  ${problems.join('\n  ')}`);
}

// ---- forces (digest section 2; seed 000 L39-L50) ----

type Prefix = 'a' | 'b';

const figure = (id: string, type: string, role: string, name?: string): Unit => ({
  id,
  type: `tp.${type}`,
  role,
  ...(name ? { name } : {}),
});

function rifleSquad(p: Prefix, n: number, support: 'lmgGunner' | 'autoRifleman'): Formation {
  const id = `${p}.sq${n}`;
  return {
    id,
    name: `${n === 1 ? '1st' : n === 2 ? '2nd' : '3rd'} Squad`,
    kind: 'squad',
    leader: `${id}.nco`,
    units: [
      figure(`${id}.nco`, 'nco', 'nco', 'Squad leader'),
      figure(`${id}.${support === 'lmgGunner' ? 'lmg' : 'ar'}`, support, support),
      ...Array.from({ length: 8 }, (_, i) => figure(`${id}.r${i + 1}`, 'rifleman', 'rifleman')),
    ],
  };
}

function heavyWeapons(p: Prefix): Formation {
  const id = `${p}.hw`;
  const team = (t: string, type: string, count: number, name: string): Formation => ({
    id: `${id}.${t}`,
    name,
    kind: 'team',
    units: Array.from({ length: count }, (_, i) => figure(`${id}.${t}${i + 1}`, type, type)),
  });
  return {
    id,
    name: 'Heavy weapons section',
    kind: 'section',
    leader: `${id}.officer`,
    units: [
      figure(`${id}.officer`, 'officer', 'officer'),
      figure(`${id}.radioman`, 'radioman', 'radioman'),
    ],
    formations: [
      team('hmg', 'hmgCrew', 2, 'HMG team'),
      team('bazooka', 'bazookaCrew', 2, 'Bazooka team'),
      team('mortar', 'mortarCrew', 3, 'Light mortar team'),
    ],
  };
}

/** A command team rides its jeep: the jeep's crew are the team's officer, driver and radioman (TP-16.1). */
function commandTeam(p: Prefix, n: number): Formation {
  const id = `${p}.cmd${n}`;
  const crew = [`${id}.officer`, `${id}.driver`, `${id}.radioman`];
  return {
    id,
    name: `Command team ${n}`,
    kind: 'commandTeam',
    leader: `${id}.officer`,
    units: [
      figure(crew[0]!, 'officer', 'officer'),
      figure(crew[1]!, 'driver', 'driver'),
      figure(crew[2]!, 'radioman', 'radioman'),
      { id: `${id}.jeep`, type: 'tp.jeep', name: `Jeep ${n}`, passengers: crew },
    ],
  };
}

function atGun(p: Prefix): Formation {
  const id = `${p}.at`;
  return {
    id,
    name: 'Anti-tank gun',
    kind: 'team',
    units: [
      { id: `${id}.gun`, type: 'tp.atGun', name: 'AT gun' },
      ...[1, 2, 3].map((i) => figure(`${id}.crew${i}`, 'atCrew', 'atCrew')),
    ],
  };
}

const vehicles = (
  p: Prefix,
  key: string,
  type: string,
  label: string,
  count: number,
  crew: [string, number][],
  kind: Formation['kind'],
  name: string,
): Formation => ({
  id: `${p}.${key}`,
  name,
  kind,
  units: Array.from({ length: count }, (_, i) => ({
    id: `${p}.${key}${i + 1}`,
    type: `tp.${type}`,
    name: `${label} ${i + 1}`,
    crew: crew.map(([role, n]) => ({ role, count: n })),
  })),
});

function side(p: Prefix, name: string, colour: string): Side {
  return {
    id: p,
    name,
    colour,
    formations: [
      rifleSquad(p, 1, 'lmgGunner'),
      rifleSquad(p, 2, 'lmgGunner'),
      rifleSquad(p, 3, 'autoRifleman'),
      heavyWeapons(p),
      commandTeam(p, 1),
      commandTeam(p, 2),
      commandTeam(p, 3),
      atGun(p),
      vehicles(
        p,
        'truck',
        'truck',
        'Truck',
        3,
        [
          ['driver', 1],
          ['assistant', 1],
        ],
        'group',
        'Trucks',
      ),
      vehicles(
        p,
        'ht',
        'halfTrack',
        'Half-track',
        2,
        [
          ['driver', 1],
          ['assistant', 1],
        ],
        'group',
        'Half-tracks',
      ),
      vehicles(
        p,
        'ac',
        'armouredCar',
        'Armoured car',
        1,
        [
          ['commander', 1],
          ['gunner', 1],
          ['driver', 1],
        ],
        'group',
        'Armoured car',
      ),
      vehicles(
        p,
        'tank',
        'mediumTank',
        'Tank',
        2,
        [
          ['commander', 1],
          ['gunner', 1],
          ['loader', 1],
          ['driver', 1],
          ['assistant', 1],
        ],
        'platoon',
        'Tank section',
      ),
    ],
  };
}

const holders = {
  classes: ['infantry'],
  requiredRoles: [{ role: 'radioman', min: 1 }],
  excludeEnemy: true,
};

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
