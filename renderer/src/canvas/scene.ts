/**
 * What the terrain painter draws (a Scene, read from the document) and how (PaintOptions).
 */
import type { Feature, GameMap, Hex, HexMap, Hexside } from '../../../engine/format/types';
import type { Contour } from '../../../engine/document';
import { type Box } from '../geometry/geometry';
import { type MapStyle } from './mapStyle';

/** Everything the painter draws, read from the document (plus live overrides). */
export type Scene =
  | {
      kind: 'table';
      width: number;
      height: number;
      baseColour?: string;
      features: readonly Feature[];
      /** The map style; the printed mat when absent. */
      style?: MapStyle;
    }
  | {
      kind: 'hex';
      map: Pick<
        HexMap,
        'orientation' | 'offset' | 'columns' | 'rows' | 'hexSize' | 'defaultTerrain'
      >;
      hex: (col: number, row: number) => Hex;
      hexsides: readonly Hexside[];
      contours: readonly Contour[];
      terrainColours?: Record<string, string>;
      style?: MapStyle;
    };

/** A scenario's map as a printed-style scene: how the lab's heatmaps and sight maps draw it. */
export function printedScene(map: GameMap): Scene {
  if (map.kind === 'table')
    return {
      kind: 'table',
      width: map.width,
      height: map.height,
      ...(map.baseColour ? { baseColour: map.baseColour } : {}),
      features: map.features,
      style: 'printed',
    };
  const hexes = new Map(map.hexes.map((h) => [`${h.col},${h.row}`, h]));
  return {
    kind: 'hex',
    map,
    hex: (col, row) => hexes.get(`${col},${row}`) ?? { col, row },
    hexsides: map.hexsides ?? [],
    contours: map.contours ?? [],
    style: 'printed',
  };
}

export interface PaintOptions {
  /** Only what meets this box (table inches) is drawn. */
  box?: Box;
  /** Feature ids not to draw (they are being edited on the interactive layer). */
  hide?: ReadonlySet<string>;
  /** Skip the table background (for drawing single features on the interactive layer). */
  noBackground?: boolean;
  /**
   * Smallest size of map text in device pixels (the screen asks for readable hex numbers at any
   * zoom; a print keeps its true size).
   */
  minTextPx?: number;
}

export const DEFAULT_TABLE_COLOUR = '#7d9a5b';

/**
 * The region being painted (a cache tile, a PDF sheet): textures are drawn only inside it, so a
 * sheet of a tiled print does not trace the marks of a whole field it shows a corner of.
 */
let box: Box | undefined;

/** The region being painted now, if the painter was told one. */
export const paintBox = (): Box | undefined => box;

/** Sets the region being painted for the length of one `paintScene` (undefined after it). */
export function setPaintBox(b: Box | undefined): void {
  box = b;
}
