import type { Feature, Hex, Point } from '../../../engine/format/types';
import {
  paintFeatures,
  paintHexSwatch,
  type Ctx2D,
  type MapStyle,
  type Scene,
} from './paintTerrain';

/**
 * The map legend: every terrain fill and building mark the map can show, each drawn by the
 * terrain painter itself on a small swatch, so the key always matches the map (on screen, in
 * PNG, SVG and PDF). Sizes are in inches; the screen draws it at its own scale.
 */
export interface LegendEntry {
  readonly label: string;
  /** Features drawn inside the swatch box (0,0)-(SWATCH_W, SWATCH_H). */
  readonly features?: readonly Feature[];
  /** A hex drawn filling the swatch (hex maps). */
  readonly hex?: Hex;
}

export const SWATCH_W = 1.1;
export const SWATCH_H = 0.55;
const ROW_H = 0.72;
const COLUMN_W = 3.6;
const PAD = 0.25;
const TITLE_H = 0.5;
const FONT = 0.2;

const rect = (x0: number, y0: number, x1: number, y1: number): Point[] => [
  [x0, y0],
  [x1, y0],
  [x1, y1],
  [x0, y1],
];
const W = SWATCH_W;
const H = SWATCH_H;
const box = rect(0.05, 0.05, W - 0.05, H - 0.05);
const across: Point[] = [
  [-0.2, H / 2],
  [W + 0.2, H / 2],
];

/** One sample of every table-map fill and mark, in the order a printed key lists them. */
function tableEntries(): LegendEntry[] {
  const f = (label: string, ...features: Feature[]): LegendEntry => ({ label, features });
  const building = (id: string, extra: Partial<Extract<Feature, { kind: 'building' }>>) =>
    ({
      id,
      kind: 'building',
      x: W / 2,
      y: H / 2,
      width: W - 0.3,
      depth: H - 0.12,
      buildingKind: 'closed',
      floors: 1,
      ...extra,
    }) as Feature;
  return [
    f('Grass (the table)'),
    f('Ground, level 1', { id: 'g1', kind: 'ground', level: 1, points: box } as Feature),
    f('Hill, level 2', { id: 'g2', kind: 'ground', level: 2, points: box } as Feature),
    f('Creek and banks', {
      id: 'c',
      kind: 'creek',
      width: 0.22,
      bankWidth: 0.08,
      points: across,
    } as Feature),
    f('Gully', {
      id: 'gu',
      kind: 'gully',
      width: 0.26,
      bankWidth: 0.08,
      points: across,
    } as Feature),
    f('Road', { id: 'r', kind: 'road', width: 0.34, points: across } as Feature),
    f('Highway', {
      id: 'h',
      kind: 'road',
      role: 'highway',
      width: 0.42,
      points: across,
    } as Feature),
    f(
      'Bridge on a road',
      {
        id: 'cr',
        kind: 'creek',
        width: 0.2,
        bankWidth: 0.06,
        points: [
          [W / 2, -0.2],
          [W / 2, H + 0.2],
        ],
      } as Feature,
      { id: 'r2', kind: 'road', width: 0.3, points: across } as Feature,
      {
        id: 'b',
        kind: 'bridge',
        carries: 'r2',
        spans: 'cr',
        points: rect(W / 2 - 0.28, H / 2 - 0.19, W / 2 + 0.28, H / 2 + 0.19),
      } as Feature,
    ),
    f('Catwalk', {
      id: 'cw',
      kind: 'catwalk',
      points: rect(0.1, H / 2 - 0.08, W - 0.1, H / 2 + 0.08),
    } as Feature),
    f('House, pitched roof', building('h1', { roof: { type: 'pitched' } })),
    f('House, flat roof', building('h2', { roof: { type: 'flat' } })),
    f('Open building', building('h3', { buildingKind: 'open' })),
    f('Under construction', building('h4', { buildingKind: 'underConstruction' })),
    f('Damaged (mark)', building('h5', { damaged: true })),
    f('Storeys (badge)', building('h6', { floors: 3 })),
    f('Stone wall', {
      id: 'w',
      kind: 'wall',
      thickness: 0.12,
      points: across.map(([x, y]): Point => [x + 0.25 * Math.sign(x - W / 2), y]),
    } as Feature),
    f('Fence', {
      id: 'fe',
      kind: 'fence',
      points: [
        [0.1, H / 2],
        [W - 0.1, H / 2],
      ],
    } as Feature),
    f('Hedge', {
      id: 'he',
      kind: 'hedge',
      thickness: 0.22,
      points: [
        [0.1, H / 2],
        [W - 0.1, H / 2],
      ],
    } as Feature),
    f('Bushes', { id: 'bu', kind: 'bushes', points: box } as Feature),
    f('Tree: crown, trunk', {
      id: 't',
      kind: 'tree',
      x: W / 2,
      y: H / 2,
      canopyRadius: 0.24,
      trunkRadius: 0.05,
    } as Feature),
    f('Woods', { id: 'wo', kind: 'woods', points: box } as Feature),
    f('Forest', { id: 'fo', kind: 'forest', points: box } as Feature),
    f('Rubble', { id: 'o1', kind: 'obstacle', obstacleKind: 'rubble', points: box } as Feature),
    f('Crater', { id: 'o2', kind: 'obstacle', obstacleKind: 'crater', points: box } as Feature),
    f('Barbed wire', { id: 'o3', kind: 'obstacle', obstacleKind: 'wire', points: box } as Feature),
    f('Tank obstacles', {
      id: 'o4',
      kind: 'obstacle',
      obstacleKind: 'tankObstacle',
      points: box,
    } as Feature),
    f('Bunker', {
      id: 'bk',
      kind: 'bunker',
      points: rect(0.2, 0.08, W - 0.2, H - 0.08),
    } as Feature),
    f('Wreck', {
      id: 'wr',
      kind: 'wreck',
      x: W / 2,
      y: H / 2,
      width: 0.6,
      depth: 0.32,
    } as Feature),
  ];
}

const FLAG_LABELS: [keyof Hex, string][] = [
  ['urban', 'Urban (built-up)'],
  ['rubble', 'Rubble (ruined)'],
  ['building', 'Building'],
  ['woods', 'Woods (flag)'],
  ['marsh', 'Marsh'],
  ['wire', 'Barbed wire'],
];

/** Hex maps: the terrains the map uses, its level shading and every flag. */
function hexEntries(scene: Extract<Scene, { kind: 'hex' }>): LegendEntry[] {
  const terrains = new Set<string>([scene.map.defaultTerrain]);
  const levels = new Set<number>();
  for (let col = 0; col < scene.map.columns; col++)
    for (let row = 0; row < scene.map.rows; row++) {
      const h = scene.hex(col, row);
      if (h.terrain) terrains.add(h.terrain);
      if (h.level) levels.add(h.level);
    }
  const hex = (extra: Partial<Hex>): Hex => ({ col: 0, row: 0, ...extra });
  return [
    ...[...terrains].map((t) => ({
      label: t.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase()),
      hex: hex({ terrain: t }),
    })),
    ...[...levels]
      .sort((a, b) => a - b)
      .map((l) => ({ label: `Level ${l}`, hex: hex({ level: l }) })),
    ...FLAG_LABELS.map(([k, label]) => ({ label, hex: hex({ [k]: true }) })),
  ];
}

export function legendEntries(scene: Scene): LegendEntry[] {
  return scene.kind === 'table' ? tableEntries() : hexEntries(scene);
}

/** One printed sheet of the legend: which entries it holds and how it lays them out. */
export interface LegendSheet {
  /** Index of the first entry on the sheet and one past the last. */
  readonly from: number;
  readonly to: number;
  readonly columns: number;
  /** Whether the sheet is turned to landscape (wider than tall) to hold more. */
  readonly landscape: boolean;
}

/**
 * Splits `count` legend entries over as few sheets of paper as hold them all, each filling
 * its columns top to bottom and keeping `footer` inches free at the bottom for a line of text.
 * The sheet is turned to the orientation that holds more entries. Every entry lands on a sheet:
 * a legend longer than one sheet flows on to the next.
 */
export function legendSheets(
  count: number,
  paper: { width: number; height: number },
  margin: number,
  footer = 0.3,
): LegendSheet[] {
  const fit = (w: number, h: number) => {
    const columns = Math.max(1, Math.floor((w - 2 * margin - 2 * PAD) / COLUMN_W));
    const rows = Math.max(1, Math.floor((h - 2 * margin - footer - 2 * PAD - TITLE_H) / ROW_H));
    return { columns, rows, per: columns * rows };
  };
  const short = Math.min(paper.width, paper.height);
  const long = Math.max(paper.width, paper.height);
  const portrait = fit(short, long);
  const wide = fit(long, short);
  const landscape = wide.per > portrait.per;
  const f = landscape ? wide : portrait;
  const sheets: LegendSheet[] = [];
  for (let from = 0; from < count; from += f.per) {
    const to = Math.min(count, from + f.per);
    // A part sheet uses only as many columns as its rows need, filled top to bottom.
    const columns = Math.min(f.columns, Math.ceil((to - from) / f.rows));
    sheets.push({ from, to, columns: Math.max(1, columns), landscape });
  }
  return sheets;
}

/** Width and height in inches of the legend laid out in `columns` columns. */
export function legendSize(count: number, columns: number): { width: number; height: number } {
  const rows = Math.ceil(count / columns);
  return { width: PAD * 2 + COLUMN_W * columns, height: PAD * 2 + TITLE_H + rows * ROW_H };
}

/**
 * Paints the legend panel with its top-left corner at the origin, in inches: a title, then the
 * entries column by column, each a swatch drawn by the terrain painter and its label.
 */
export function paintLegend(
  ctx: Ctx2D,
  scene: Scene,
  entries: readonly LegendEntry[],
  columns: number,
  style: MapStyle,
): void {
  const size = legendSize(entries.length, columns);
  const rows = Math.ceil(entries.length / columns);
  ctx.fillStyle = style === 'plain' ? '#ffffff' : '#f4efe1';
  ctx.fillRect(0, 0, size.width, size.height);
  ctx.lineWidth = 0.02;
  ctx.strokeStyle = '#3b3526';
  ctx.beginPath();
  ctx.moveTo(0, 0);
  ctx.lineTo(size.width, 0);
  ctx.lineTo(size.width, size.height);
  ctx.lineTo(0, size.height);
  ctx.closePath();
  ctx.stroke();
  ctx.fillStyle = '#1d1d1b';
  ctx.font = `700 ${FONT * 1.25}px system-ui, sans-serif`;
  ctx.textAlign = 'left';
  ctx.textBaseline = 'middle';
  ctx.fillText('Legend', PAD, PAD + TITLE_H / 2 - 0.05);
  entries.forEach((e, i) => {
    const col = Math.floor(i / rows);
    const row = i % rows;
    const x = PAD + col * COLUMN_W;
    const y = PAD + TITLE_H + row * ROW_H;
    ctx.save();
    ctx.translate(x, y);
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(W, 0);
    ctx.lineTo(W, H);
    ctx.lineTo(0, H);
    ctx.closePath();
    ctx.save();
    ctx.clip();
    if (scene.kind === 'table') {
      ctx.fillStyle = scene.baseColour ?? '#7d9a5b';
      ctx.fillRect(0, 0, W, H);
      if (style === 'plain') {
        ctx.fillStyle = '#ffffff';
        ctx.fillRect(0, 0, W, H);
      }
      paintFeatures(ctx, e.features ?? [], style);
    } else if (e.hex) {
      paintHexSwatch(ctx, scene, e.hex, W, H, style);
    }
    ctx.restore();
    // The painter left its own last path behind: outline the swatch afresh.
    ctx.beginPath();
    ctx.moveTo(0, 0);
    ctx.lineTo(W, 0);
    ctx.lineTo(W, H);
    ctx.lineTo(0, H);
    ctx.closePath();
    ctx.lineWidth = 0.015;
    ctx.strokeStyle = '#3b3526';
    ctx.stroke();
    ctx.fillStyle = '#1d1d1b';
    ctx.font = `500 ${FONT}px system-ui, sans-serif`;
    ctx.textAlign = 'left';
    ctx.textBaseline = 'middle';
    ctx.fillText(e.label, W + 0.15, H / 2);
    ctx.restore();
  });
}
