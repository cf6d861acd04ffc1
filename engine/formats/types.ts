import type { CatalogDoc, RulesetId, ScenarioDoc, TileMapping } from '../format/types';
import type { ImportProblem, XmlParser } from '../import/xml';
import type { RulesetLookup } from '../rulesets/lookup';

/** What a format makes or is made from: the document kind it reads into or writes out. */
export type FormatMakes = 'scenario' | 'catalog' | 'map' | 'picture' | 'print';

/** One file as given to a format: its name (no path needed) and its bytes. */
export interface FormatFile {
  readonly name: string;
  readonly bytes: Uint8Array;
}

/** What every format says about itself; the CLI, the menus, the pickers and the help read it. */
export interface FormatInfo {
  /** Stable id: the CLI's format word (`sandtable import <id>`) and the key of renderer tables. */
  readonly id: string;
  /** The format as a user knows it ("Tiled map", "PNG picture"). */
  readonly name: string;
  readonly makes: FormatMakes;
  /** The File menu item that reads or writes it (the help names it). */
  readonly menu: string;
  /** File name endings of its main files, lower case with the dot (`.tmx`). */
  readonly extensions: readonly string[];
  /** Endings of files read together with the main ones (Tiled tilesets), also offered by pickers. */
  readonly companions?: readonly string[];
  /** One sentence for the help and the CLI usage: what is read or written. */
  readonly summary: string;
  /** Whether a file is of this format, from its name and first bytes; cheap, never throws. */
  sniff(file: FormatFile): boolean;
}

/** Options an import may read; each format documents the ones it uses. */
export interface ImportOptions {
  /** The ruleset of the scenario to make (Tiled maps: a hex ruleset). */
  readonly ruleset?: RulesetId;
  /** Title of the scenario made; the file name by default. */
  readonly title?: string;
  /** Id of the catalog made. */
  readonly id?: string;
  /** Date stamp for `meta.created` (the engine takes time as input). */
  readonly created?: string;
  /** Tile mapping rules remembered from an earlier import (Tiled). */
  readonly mapping?: readonly TileMapping[];
  /** Terrain of hexes no tile gives one (Tiled). */
  readonly defaultTerrain?: string;
  /** Size of a hex across its flats, in inches (Tiled). */
  readonly hexInches?: number;
}

export interface ImportContext {
  readonly parseXml: XmlParser;
  readonly options: ImportOptions;
  /**
   * The rulesets the caller plays with (the registry's `BUNDLED_RULESETS` at an entry point):
   * which are hex rulesets and what terrain their catalogs have, which takes BattleScribe data.
   */
  readonly rulesets: RulesetLookup;
}

/** A document an import made, a one-line account of it, and what it could not carry over. */
export interface ImportResult {
  readonly document: ScenarioDoc | CatalogDoc;
  readonly summary: string;
  readonly notes: readonly ImportProblem[];
}

/** A format of another tool read into a Sandtable document (Tiled's `MapFormat::read`). */
export interface ImportFormat extends FormatInfo {
  readonly direction: 'import';
  /** Largest file read, refused before it is read into memory. */
  readonly maxBytes: number;
  /** Whether a folder given stands for the files in it of this format (BattleScribe data). */
  readonly folders?: boolean;
  /** Whether an option must be given to read it (Tiled maps need a ruleset). */
  readonly needs?: readonly (keyof ImportOptions)[];
  /** Reads the files into a document; throws `ImportError` with located problems. */
  read(files: readonly FormatFile[], ctx: ImportContext): ImportResult;
}

/** What an engine-side writer produced, and what the format could not hold. */
export interface ExportOutput {
  readonly data: string | Uint8Array;
  readonly notes: readonly string[];
}

/** A file written from the open scenario (Tiled's `MapFormat::write`). */
export interface ExportFormat extends FormatInfo {
  readonly direction: 'export';
  readonly mime: string;
  /** Whether the scenario can be written in this format (TMX: hex maps only). */
  canWrite(scenario: ScenarioDoc): boolean;
  /**
   * Writes without a painter, where the format allows (TMX). Absent where the renderer draws the
   * file (PNG, SVG, PDF): its writer is in `renderer/src/formats/rendererFormats.ts`.
   */
  readonly write?: (scenario: ScenarioDoc) => ExportOutput;
}

export type AnyFormat = ImportFormat | ExportFormat;
