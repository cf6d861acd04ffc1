import type { Ctx2D } from './ctx2d';

/**
 * The map's visual style, shared by every output: the editor's terrain layer, PNG, SVG and the
 * vector PDF all paint through the terrain painter, which takes its colours and textures from
 * here. "printed" is the mat a club would print (textured grass, fields, water and woods, shaded
 * canopies, tiled roofs); "plain" is the high-contrast, ink-saving line style.
 */
export type MapStyle = 'printed' | 'plain';

export const MAP_STYLES: readonly { id: MapStyle; label: string }[] = [
  { id: 'printed', label: 'Printed mat (textured)' },
  { id: 'plain', label: 'Plain, high contrast (ink saving)' },
];

/** Colours of one style. */
export interface Palette {
  readonly table: string;
  readonly groundLevels: readonly string[];
  readonly contour: string;
  readonly water: string;
  readonly waterLight: string;
  readonly bank: string;
  readonly bankShade: string;
  readonly gully: string;
  readonly roadCasing: string;
  readonly road: string;
  readonly highway: string;
  readonly roadMark: string;
  readonly deck: string;
  readonly deckEdge: string;
  readonly rail: string;
  readonly roof: string;
  readonly roofShade: string;
  readonly roofLine: string;
  readonly flatRoof: string;
  readonly floor: string;
  readonly wallInk: string;
  readonly wall: string;
  readonly fence: string;
  readonly hedge: string;
  readonly hedgeDark: string;
  readonly bushes: string;
  readonly woods: string;
  readonly woodsEdge: string;
  readonly forest: string;
  readonly canopy: string;
  readonly canopyDark: string;
  readonly canopyLight: string;
  readonly trunk: string;
  readonly shadow: string;
  readonly rubble: string;
  readonly rubbleInk: string;
  readonly ink: string;
  readonly hexPaper: string;
  readonly hexGrid: string;
  readonly label: string;
  readonly labelHalo: string;
}

export const PALETTES: Record<MapStyle, Palette> = {
  printed: {
    table: '#7d9a5b',
    groundLevels: ['#5f7a47', '#9aa865', '#b9b173', '#cbb982', '#d8c79a', '#e3d5b0'],
    contour: '#5b4f31',
    water: '#4f82b3',
    waterLight: '#a9cdee',
    bank: '#8c7b55',
    bankShade: '#5e5236',
    gully: '#7b6a46',
    roadCasing: '#6a5d4a',
    road: '#cdb88d',
    highway: '#bdb6a4',
    roadMark: '#f1ead2',
    deck: '#8b6b46',
    deckEdge: '#3e2c1a',
    rail: '#4a3522',
    roof: '#a5573b',
    roofShade: '#8a442c',
    roofLine: '#5b3324',
    flatRoof: '#8e8a82',
    floor: '#cfc2a6',
    wallInk: '#3a2820',
    wall: '#b3aea3',
    fence: '#6e5134',
    hedge: '#3f6b2a',
    hedgeDark: '#2b4a1d',
    bushes: '#86ab55',
    woods: '#4a7636',
    woodsEdge: '#2f5223',
    forest: '#345a29',
    canopy: '#3c6f2b',
    canopyDark: '#24461a',
    canopyLight: '#5f9a43',
    trunk: '#5a3d22',
    shadow: 'rgba(20, 30, 10, 0.35)',
    rubble: '#b9b2a3',
    rubbleInk: '#4d4740',
    ink: '#1d1d1b',
    hexPaper: '#e9e4d4',
    hexGrid: 'rgba(40, 40, 30, 0.6)',
    label: '#1d1d1b',
    labelHalo: 'rgba(255, 252, 240, 0.78)',
  },
  plain: {
    table: '#ffffff',
    groundLevels: ['#ffffff', '#f2f2f2', '#e4e4e4', '#d6d6d6', '#c8c8c8', '#bababa'],
    contour: '#000000',
    water: '#ffffff',
    waterLight: '#000000',
    bank: '#ffffff',
    bankShade: '#000000',
    gully: '#ffffff',
    roadCasing: '#000000',
    road: '#ffffff',
    highway: '#ffffff',
    roadMark: '#000000',
    deck: '#ffffff',
    deckEdge: '#000000',
    rail: '#000000',
    roof: '#ffffff',
    roofShade: '#e6e6e6',
    roofLine: '#000000',
    flatRoof: '#ffffff',
    floor: '#ffffff',
    wallInk: '#000000',
    wall: '#ffffff',
    fence: '#000000',
    hedge: '#ffffff',
    hedgeDark: '#000000',
    bushes: '#ffffff',
    woods: '#ffffff',
    woodsEdge: '#000000',
    forest: '#ffffff',
    canopy: '#ffffff',
    canopyDark: '#000000',
    canopyLight: '#ffffff',
    trunk: '#000000',
    shadow: 'rgba(0, 0, 0, 0)',
    rubble: '#ffffff',
    rubbleInk: '#000000',
    ink: '#000000',
    hexPaper: '#ffffff',
    hexGrid: '#000000',
    label: '#000000',
    labelHalo: 'rgba(255, 255, 255, 0.9)',
  },
};

/** Repeating textures: each is a tile of vector marks, the same on screen and in every export. */
export type TextureId =
  | 'grass'
  | 'field'
  | 'water'
  | 'woods'
  | 'forest'
  | 'bushes'
  | 'rubble'
  | 'urban'
  | 'marsh'
  | 'rough';

/** Size of each texture's tile in inches. */
export const TILE: Record<TextureId, number> = {
  grass: 1.5,
  field: 1,
  water: 1.2,
  woods: 1.2,
  forest: 1,
  bushes: 0.9,
  rubble: 0.8,
  urban: 1,
  marsh: 1,
  rough: 1,
};

/** A fixed pseudo-random sequence, so a tile looks the same every time and everywhere. */
function marks(seed: number, n: number): [number, number, number][] {
  let s = seed >>> 0;
  const r = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  return Array.from({ length: n }, () => [r(), r(), r()] as [number, number, number]);
}

function dot(ctx: Ctx2D, x: number, y: number, r: number): void {
  ctx.moveTo(x + r, y);
  ctx.arc(x, y, r, 0, Math.PI * 2);
}

/**
 * Paints one tile of a texture with its top-left corner at the origin. Marks keep clear of the
 * tile's edges, so tiles repeat without seams.
 */
export function paintTile(ctx: Ctx2D, id: TextureId, style: MapStyle): void {
  const T = TILE[id];
  const plain = style === 'plain';
  const inset = (v: number, m: number) => m + v * (T - 2 * m);
  switch (id) {
    case 'grass': {
      // Tufts: three short blades fanning up, in two shades; a few pale flecks.
      ctx.lineCap = 'round';
      const tufts = marks(11, plain ? 5 : 16);
      ctx.beginPath();
      tufts.forEach(([a, b, c], i) => {
        if (!plain && i % 2) return;
        const x = inset(a, 0.08);
        const y = inset(b, 0.1);
        const h = 0.07 + c * 0.05;
        ctx.moveTo(x - 0.035, y);
        ctx.lineTo(x - 0.06, y - h * 0.8);
        ctx.moveTo(x, y);
        ctx.lineTo(x, y - h);
        ctx.moveTo(x + 0.035, y);
        ctx.lineTo(x + 0.06, y - h * 0.8);
      });
      ctx.lineWidth = plain ? 0.012 : 0.022;
      ctx.strokeStyle = plain ? '#9a9a9a' : 'rgba(44, 72, 26, 0.55)';
      ctx.stroke();
      if (plain) return;
      ctx.beginPath();
      tufts.forEach(([a, b, c], i) => {
        if (i % 2 === 0) return;
        const x = inset(a, 0.08);
        const y = inset(b, 0.1);
        const h = 0.06 + c * 0.04;
        ctx.moveTo(x - 0.03, y);
        ctx.lineTo(x - 0.05, y - h);
        ctx.moveTo(x + 0.03, y);
        ctx.lineTo(x + 0.05, y - h);
      });
      ctx.strokeStyle = 'rgba(190, 214, 120, 0.55)';
      ctx.stroke();
      ctx.beginPath();
      for (const [a, b] of marks(23, 10)) dot(ctx, inset(a, 0.05), inset(b, 0.05), 0.018);
      ctx.fillStyle = 'rgba(230, 226, 160, 0.5)';
      ctx.fill();
      return;
    }
    case 'field': {
      // Furrows: parallel rows, every other one darker.
      for (let k = 0; k < 5; k++) {
        ctx.beginPath();
        ctx.moveTo(0, k * 0.2 + 0.1);
        ctx.lineTo(T, k * 0.2 + 0.1);
        ctx.lineWidth = plain ? 0.012 : k % 2 ? 0.05 : 0.03;
        ctx.strokeStyle = plain
          ? '#8a8a8a'
          : k % 2
            ? 'rgba(120, 98, 40, 0.45)'
            : 'rgba(250, 240, 170, 0.5)';
        ctx.lineCap = 'butt';
        ctx.stroke();
      }
      return;
    }
    case 'water': {
      // Ripples: short double waves.
      ctx.beginPath();
      for (const [a, b] of marks(5, plain ? 3 : 6)) {
        const x = inset(a, 0.22);
        const y = inset(b, 0.12);
        ctx.moveTo(x - 0.16, y);
        ctx.arc(x - 0.08, y, 0.08, Math.PI, Math.PI * 2);
        ctx.moveTo(x, y);
        ctx.arc(x + 0.08, y, 0.08, Math.PI, Math.PI * 2);
      }
      ctx.lineWidth = plain ? 0.012 : 0.028;
      ctx.strokeStyle = plain ? '#555555' : 'rgba(200, 228, 250, 0.75)';
      ctx.lineCap = 'round';
      ctx.stroke();
      return;
    }
    case 'woods':
    case 'forest':
    case 'bushes': {
      // Crowns: a dark rim, the crown, and a highlight towards the light (top left).
      const r = id === 'bushes' ? 0.1 : id === 'forest' ? 0.2 : 0.24;
      const crowns = marks(id === 'woods' ? 7 : id === 'forest' ? 13 : 17, id === 'woods' ? 7 : 9);
      const at = crowns.map(([a, b, c]): [number, number, number] => [
        inset(a, r + 0.02),
        inset(b, r + 0.02),
        r * (0.75 + c * 0.35),
      ]);
      if (plain) {
        ctx.beginPath();
        for (const [x, y, rr] of at) {
          ctx.moveTo(x + rr * 0.6, y);
          ctx.arc(x, y, rr * 0.6, Math.PI * 0.9, Math.PI * 2.1);
        }
        ctx.lineWidth = 0.014;
        ctx.strokeStyle = '#333333';
        ctx.stroke();
        return;
      }
      const tone =
        id === 'bushes'
          ? ['#5f8a3a', '#7aa84c', '#a5c96e']
          : id === 'forest'
            ? ['#1f3d18', '#2e5624', '#4a7a35']
            : ['#28491f', '#3d6a2e', '#5f9443'];
      ctx.beginPath();
      for (const [x, y, rr] of at) dot(ctx, x + rr * 0.12, y + rr * 0.14, rr);
      ctx.fillStyle = tone[0]!;
      ctx.fill();
      ctx.beginPath();
      for (const [x, y, rr] of at) dot(ctx, x, y, rr * 0.86);
      ctx.fillStyle = tone[1]!;
      ctx.fill();
      ctx.beginPath();
      for (const [x, y, rr] of at) dot(ctx, x - rr * 0.28, y - rr * 0.3, rr * 0.42);
      ctx.fillStyle = tone[2]!;
      ctx.fill();
      return;
    }
    case 'rubble': {
      // Broken masonry: angular fragments with dark edges, and grit.
      const frags = marks(31, plain ? 5 : 9);
      ctx.beginPath();
      for (const [a, b, c] of frags) {
        const x = inset(a, 0.12);
        const y = inset(b, 0.12);
        const s = 0.05 + c * 0.06;
        const t = c * Math.PI;
        ctx.moveTo(x + Math.cos(t) * s, y + Math.sin(t) * s);
        ctx.lineTo(x + Math.cos(t + 2.2) * s * 0.8, y + Math.sin(t + 2.2) * s * 0.8);
        ctx.lineTo(x + Math.cos(t + 3.6) * s, y + Math.sin(t + 3.6) * s);
        ctx.lineTo(x + Math.cos(t + 5) * s * 0.7, y + Math.sin(t + 5) * s * 0.7);
        ctx.closePath();
      }
      ctx.fillStyle = plain ? '#ffffff' : '#8f877a';
      ctx.fill();
      ctx.lineWidth = plain ? 0.014 : 0.016;
      ctx.strokeStyle = plain ? '#000000' : '#3f3a33';
      ctx.lineJoin = 'miter';
      ctx.stroke();
      ctx.beginPath();
      for (const [a, b] of marks(37, plain ? 4 : 14))
        dot(ctx, inset(a, 0.04), inset(b, 0.04), 0.014);
      ctx.fillStyle = plain ? '#000000' : '#544d44';
      ctx.fill();
      return;
    }
    case 'urban': {
      // Blocks of houses with red roofs along streets.
      const blocks: [number, number, number, number][] = [
        [0.08, 0.08, 0.36, 0.3],
        [0.56, 0.08, 0.36, 0.3],
        [0.08, 0.56, 0.36, 0.36],
        [0.56, 0.56, 0.36, 0.36],
      ];
      for (const [x, y, w, h] of blocks) {
        ctx.fillStyle = plain ? '#ffffff' : '#a5573b';
        ctx.fillRect(x, y, w, h);
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + w, y);
        ctx.lineTo(x + w, y + h);
        ctx.lineTo(x, y + h);
        ctx.closePath();
        ctx.lineWidth = 0.02;
        ctx.strokeStyle = plain ? '#000000' : '#4a2418';
        ctx.stroke();
        ctx.beginPath();
        ctx.moveTo(x, y + h / 2);
        ctx.lineTo(x + w, y + h / 2);
        ctx.lineWidth = 0.015;
        ctx.stroke();
      }
      return;
    }
    case 'marsh': {
      ctx.beginPath();
      for (const [a, b] of marks(41, 5)) {
        const x = inset(a, 0.2);
        const y = inset(b, 0.1);
        ctx.moveTo(x - 0.16, y);
        ctx.lineTo(x + 0.16, y);
        ctx.moveTo(x, y);
        ctx.lineTo(x, y - 0.1);
        ctx.moveTo(x - 0.06, y);
        ctx.lineTo(x - 0.09, y - 0.08);
        ctx.moveTo(x + 0.06, y);
        ctx.lineTo(x + 0.09, y - 0.08);
      }
      ctx.lineWidth = 0.02;
      ctx.strokeStyle = plain ? '#000000' : '#2f5f6f';
      ctx.lineCap = 'round';
      ctx.stroke();
      return;
    }
    case 'rough': {
      ctx.beginPath();
      for (const [a, b] of marks(43, 8)) dot(ctx, inset(a, 0.05), inset(b, 0.05), 0.03);
      ctx.fillStyle = plain ? '#555555' : 'rgba(90, 70, 40, 0.5)';
      ctx.fill();
      return;
    }
  }
}
