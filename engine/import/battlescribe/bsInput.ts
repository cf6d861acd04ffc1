/**
 * The files a BattleScribe import reads (game system and catalogues, plain or zipped), what it
 * reports back, and its size limit.
 */
import { strFromU8, unzipSync } from 'fflate';
import type { Card, CatalogDoc } from '../../format/types';
import { ImportError, type ImportProblem, type XmlElement } from '../xml';

/** One BattleScribe or NewRecruit data file as read from disk. */
export interface BsInputFile {
  readonly name: string;
  /** The file's bytes; `.gstz`/`.catz` (zipped) files are unzipped here. */
  readonly bytes: Uint8Array;
}

/** What an import produced, and everything it could not carry over. */
export interface BsImportReport {
  readonly gameSystem: string;
  readonly catalogues: readonly string[];
  readonly units: number;
  readonly cards: Readonly<Record<Card['cardType'], number>>;
  /** Data the Sandtable catalog has no place for, each with its file, element and line. */
  readonly notImported: readonly ImportProblem[];
}

export interface BsImportResult {
  readonly catalog: CatalogDoc;
  readonly report: BsImportReport;
}

export interface BsImportOptions {
  /** Catalog id; defaults to `bs.<game system name>`. */
  readonly id?: string;
  /** Stamp for `meta.created` (the engine takes time as input). */
  readonly created?: string;
}

/** Largest BattleScribe file accepted, compressed or not. */
export const MAX_BS_BYTES = 48 * 1024 * 1024;

export interface BsFile {
  readonly name: string;
  readonly root: XmlElement;
  readonly kind: 'gameSystem' | 'catalogue';
  readonly library: boolean;
  /** The country a catalogue's cards belong to; none for the game system and libraries. */
  readonly nation?: string;
}

export interface Located {
  readonly el: XmlElement;
  readonly file: BsFile;
}

/** Decodes one file's bytes (unzipping `.gstz`/`.catz`) to text. */
export function bsFileText(f: BsInputFile): string {
  if (f.bytes.length > MAX_BS_BYTES) {
    throw new ImportError([
      {
        file: f.name,
        where: '',
        message: `the file is ${(f.bytes.length / 1048576).toFixed(1)} MB, more than the ${MAX_BS_BYTES / 1048576} MB an import reads`,
      },
    ]);
  }
  const zipped = f.bytes[0] === 0x50 && f.bytes[1] === 0x4b;
  if (!zipped) return strFromU8(f.bytes).replace(/^\uFEFF/, '');
  let entries: Record<string, Uint8Array>;
  try {
    let total = 0;
    entries = unzipSync(f.bytes, {
      filter: (e) => {
        total += e.originalSize;
        if (total > MAX_BS_BYTES) {
          throw new Error(
            `it unpacks to more than ${MAX_BS_BYTES / 1048576} MB; a zip bomb is refused`,
          );
        }
        return true;
      },
    });
  } catch (e) {
    throw new ImportError([
      {
        file: f.name,
        where: '',
        message: `the zipped file cannot be read: ${(e as Error).message}`,
      },
    ]);
  }
  const inner = Object.entries(entries).find(([n]) => /\.(gst|cat)$/i.test(n));
  if (!inner) {
    throw new ImportError([
      { file: f.name, where: '', message: 'the zip holds no .gst or .cat file' },
    ]);
  }
  return strFromU8(inner[1]);
}
