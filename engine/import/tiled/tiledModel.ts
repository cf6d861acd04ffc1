/**
 * What the Tiled reader reads and gives back (a map, its tiles and objects, the inputs), its
 * limits, and the reader that follows a file and its tilesets with located problems.
 */
import { strFromU8 } from 'fflate';
import { type OffsetLayout } from '../../hex/offset';
import { ImportError, type ImportProblem } from '../xml';

/** A file given to the Tiled importer: the map and any external tilesets it names. */
export interface TiledInput {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** A custom property value as Tiled stores it. */
export type TiledValue = string | number | boolean;

/** One tile of a tileset that the map uses. */
export interface TiledTile {
  readonly tileset: string;
  /** Local id within the tileset. */
  readonly tile: number;
  /** The tile's type/class, name property or image name: what the user recognises. */
  readonly label: string;
  readonly properties: Readonly<Record<string, TiledValue>>;
  /** How many hexes show it, over all tile layers. */
  count: number;
}

export interface TiledObject {
  readonly layer: string;
  readonly name: string;
  readonly type: string;
  /** The hex the object's centre falls in, in the imported map's numbering. */
  readonly col: number;
  readonly row: number;
  readonly properties: Readonly<Record<string, TiledValue>>;
  readonly where: string;
}

/** A Tiled hexagonal map, read and checked, ready to be mapped to terrain. */
export interface TiledMap {
  readonly file: string;
  readonly format: 'tmx' | 'json';
  readonly layout: OffsetLayout;
  readonly columns: number;
  readonly rows: number;
  /** For infinite maps: the Tiled (x, y) of the imported map's (0, 0). */
  readonly origin: { readonly x: number; readonly y: number };
  readonly infinite: boolean;
  /** Tile layers, bottom first; each cell is a tile key (see `tiles`) or -1 for no tile. */
  readonly layers: readonly { readonly name: string; readonly cells: Int32Array }[];
  /** The tiles the layers use, indexed by the numbers in `cells`. */
  readonly tiles: readonly TiledTile[];
  readonly objects: readonly TiledObject[];
  /** What the reader skipped (image layers, hidden flags…), with where. */
  readonly notes: readonly ImportProblem[];
}

/** Largest Tiled file accepted, and the largest map (hexes) built from one. */
export const MAX_TILED_BYTES = 48 * 1024 * 1024;

export const MAX_TILED_HEXES = 500 * 500;

export const FLIP_BITS = 0xf0000000;

export interface TilesetDef {
  readonly firstgid: number;
  readonly name: string;
  readonly tilecount: number;
  readonly tiles: Map<number, { label: string; properties: Record<string, TiledValue> }>;
}

export type Where = string;

export class Reader {
  readonly problems: ImportProblem[] = [];
  readonly notes: ImportProblem[] = [];
  constructor(readonly file: string) {}
  fail(where: Where, message: string): never {
    throw new ImportError([{ file: this.file, where, message }]);
  }
  note(where: Where, message: string) {
    this.notes.push({ file: this.file, where, message });
  }
}

export const isJsonName = (n: string) => /\.(tmj|tsj|json)$/i.test(n);

export const baseName = (p: string) => p.replace(/\\/g, '/').split('/').pop() ?? p;

export function textOf(input: TiledInput): string {
  if (input.bytes.length > MAX_TILED_BYTES) {
    throw new ImportError([
      {
        file: input.name,
        where: '',
        message: `the file is ${(input.bytes.length / 1048576).toFixed(1)} MB, more than the ${MAX_TILED_BYTES / 1048576} MB an import reads`,
      },
    ]);
  }
  return strFromU8(input.bytes).replace(/^\uFEFF/, '');
}

export function parseJson(text: string, file: string): unknown {
  try {
    return JSON.parse(text);
  } catch (e) {
    const pos = /position (\d+)/.exec((e as Error).message)?.[1];
    const line = pos === undefined ? undefined : text.slice(0, Number(pos)).split('\n').length;
    throw new ImportError([
      {
        file,
        where: line ? `line ${line}` : '',
        message: `the JSON is not valid: ${(e as Error).message}`,
      },
    ]);
  }
}
