/**
 * The Tankplank village table: the creek in its gully, the bands, roads, bridges, the catwalk,
 * buildings, walls, hedges and trees, and the checks that keep them clear of each other.
 */
import type {
  BuildingFeature,
  Feature,
  Point,
  RoadFeature,
  TreeFeature,
} from '../../engine/format/index';
import { crossing, distanceToPolyline, orientedRect, pt, xAtY } from './common';

export const WIDTH = 36;

export const HEIGHT = 24;

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
export const GULLY_HALF = CREEK_WIDTH / 2 + BANK_WIDTH;

export const creek: Feature = {
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

export const road = (
  id: string,
  number: string,
  role: 'highway' | 'road',
  width: number,
  points: Point[],
  name: string,
): RoadFeature => ({ id, kind: 'road', name, number, role, width, points, elevationMode: 'flat' });

export const ROADS: RoadFeature[] = [
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
export function bridge(id: string, r: RoadFeature, creekLine: Point[] = CREEK_LINE): Feature {
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

export const CATWALK_Y = 8.75;

export const catwalk: Feature = {
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

export const DARK_GREEN = '#4f7a3a';

const LIGHT_GREEN = '#8fbf5a';

export const GROUND: Feature[] = [
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
export const BUILDINGS: BuildingSpec[] = [
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

export function building(b: BuildingSpec): BuildingFeature {
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

export const BARRIERS: Feature[] = [
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

export const BUSHES: Feature[] = [
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
export const TREES: [number, number, number][] = [
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

export const tree = ([x, y, canopyRadius]: [number, number, number], i: number): TreeFeature => ({
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

export function checkLayout(
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
