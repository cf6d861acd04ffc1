import type { SightMap } from '../../../engine/sight/sightMap';
import { hexCorners, type HexGrid } from '../../../engine/hex';

type Rgba = readonly [number, number, number, number];

/**
 * The sight map's tints, by what a cell is: seen by the viewer or hidden from it, and (with an
 * enemy) seen by the enemy or dead ground to it. Alpha 0-255.
 */
export const SIGHT_TINTS = {
  seen: [255, 230, 120, 60],
  hidden: [14, 16, 34, 175],
  seenDead: [40, 170, 90, 120],
  hiddenDead: [40, 90, 210, 150],
} as const satisfies Record<string, Rgba>;

export type SightTint = keyof typeof SIGHT_TINTS;

export const tintCss = (t: SightTint): string => {
  const [r, g, b, a] = SIGHT_TINTS[t];
  return `rgba(${r},${g},${b},${(a / 255).toFixed(2)})`;
};

/** What a cell shows. */
export function cellTint(map: SightMap, i: number): SightTint {
  const seen = map.seen[i] === 1;
  if (!map.enemySeen) return seen ? 'seen' : 'hidden';
  const dead = map.enemySeen[i] === 0;
  return seen ? (dead ? 'seenDead' : 'seen') : dead ? 'hiddenDead' : 'hidden';
}

/** Share of cells of each tint, for the legend. */
export function tintShares(map: SightMap): Record<SightTint, number> {
  const out: Record<SightTint, number> = { seen: 0, hidden: 0, seenDead: 0, hiddenDead: 0 };
  const n = map.seen.length;
  for (let i = 0; i < n; i++) out[cellTint(map, i)]++;
  for (const k of Object.keys(out) as SightTint[]) out[k] /= Math.max(1, n);
  return out;
}

/** Pixels per inch a hex map's sight picture is drawn at (its hexes are polygons). */
const HEX_PPI = 24;

/**
 * The sight map as one picture over the board: on a table one pixel per cell (drawn scaled up,
 * without smoothing, so cells stay square); on a hex map each hex filled at HEX_PPI. `scale` is
 * how many inches one pixel of it covers.
 */
export function sightPicture(
  map: SightMap,
  hex: HexGrid | null,
): { canvas: HTMLCanvasElement; scale: number } {
  const canvas = document.createElement('canvas');
  const g = map.grid;
  if (g.kind === 'table' || !hex) {
    canvas.width = g.columns;
    canvas.height = g.rows;
    const ctx = canvas.getContext('2d')!;
    const img = ctx.createImageData(g.columns, g.rows);
    const d = img.data;
    for (let i = 0; i < map.seen.length; i++) {
      const [r, gg, b, a] = SIGHT_TINTS[cellTint(map, i)];
      d[i * 4] = r;
      d[i * 4 + 1] = gg;
      d[i * 4 + 2] = b;
      d[i * 4 + 3] = a;
    }
    ctx.putImageData(img, 0, 0);
    return { canvas, scale: g.cell };
  }
  canvas.width = Math.max(1, Math.ceil(g.width * HEX_PPI));
  canvas.height = Math.max(1, Math.ceil(g.height * HEX_PPI));
  const ctx = canvas.getContext('2d')!;
  ctx.scale(HEX_PPI, HEX_PPI);
  for (let row = 0; row < g.rows; row++) {
    for (let col = 0; col < g.columns; col++) {
      ctx.fillStyle = tintCss(cellTint(map, col + row * g.columns));
      ctx.beginPath();
      hexCorners(hex, col, row).forEach(([x, y], k) => (k ? ctx.lineTo(x, y) : ctx.moveTo(x, y)));
      ctx.closePath();
      ctx.fill();
    }
  }
  return { canvas, scale: 1 / HEX_PPI };
}
